"""The forms of the web client's pages: signing up and creating a game.

They only read input. The services decide what is allowed (`players.accounts.services`,
`games.services`).
"""

from __future__ import annotations

from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engine.bots import BOTS
from engine.cards import GEEK_NAMES
from games.models import Game, Seat
from games.services import botseats
from games.services.clocks import ClockSpec
from games.services.lobby import SeatSpec
from games.words.cardnames import card_name

MAX_SEATS = 5
ZONES = sorted(available_timezones() - {"localtime", "Factory"})


class PeopleLoginForm(AuthenticationForm):
    """The site's log-in, for people: a bot account plays through the API (docs/bots.md)."""

    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        if botseats.is_bot_account(user):
            raise forms.ValidationError(
                _("This is a bot account: bots play through the API, not on these pages."),
                code="bot_account",
            )


class SignupForm(forms.Form):
    username = forms.RegexField(
        regex=r"^[\w.@+-]{1,150}$",
        max_length=150,
        label=_("Username"),
        help_text=_("Letters, digits and . @ + - _ only."),
        widget=forms.TextInput(attrs={"autocomplete": "username"}),
    )
    email = forms.EmailField(
        required=False,
        label=_("E-mail"),
        help_text=_("For turn mails and invitations (optional)."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password = forms.CharField(
        label=_("Password"),
        # Said before the first try, beside the field (issue 30, L2): the rules of
        # AUTH_PASSWORD_VALIDATORS (Django's minimum length, 8, and its common passwords).
        help_text=_("At least 8 characters, and not a common password."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password", "minlength": 8}),
        max_length=128,
    )


SEAT_KINDS = [
    ("me", pgettext_lazy("seat", "Me")),
    ("open", _("Open: anyone may join")),
    ("invited", _("Invite by e-mail")),
    ("bot", _("A bot")),
    ("bot_account", _("A bot account, by name")),
]
BOT_LEVELS = [(name, format_lazy(_("{name} bot"), name=name)) for name in sorted(BOTS)]


class GameForm(forms.Form):
    version = forms.ChoiceField(
        choices=Game.Version.choices,
        initial="republic",
        label=_("Version"),
    )
    players = forms.TypedChoiceField(
        choices=[(n, format_lazy(_("{count} players"), count=n)) for n in range(2, 6)],
        coerce=int,
        initial=2,
        label=_("Players"),
    )
    training = forms.BooleanField(
        required=False, label=_("Training game (fewer sites: a shorter game for learning)")
    )
    rated = forms.BooleanField(
        required=False,
        label=_("Rated: the end changes the players' ratings (not a training game, no guests)"),
    )
    geek = forms.MultipleChoiceField(
        choices=[(name, name) for name in GEEK_NAMES],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Geek expansion cards (unofficial; Republic and Imperium)"),
    )
    clock = forms.ChoiceField(
        choices=Game.Clock.choices,
        initial="none",
        label=_("Time control"),
    )
    clock_seconds = forms.IntegerField(
        required=False, min_value=1, label=_("Seconds per decision (or in the bank)")
    )
    clock_increment = forms.IntegerField(required=False, min_value=0, label=_("Bank increment"))
    # Issue 31: the daily window when the clocks run (games.services.timeoff.hours_checked).
    hours_on = forms.BooleanField(
        required=False, label=_("Playing hours: the clock runs only between these times each day")
    )
    hours_start = forms.TimeField(
        required=False,
        initial="08:00",
        label=_("From"),
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    hours_end = forms.TimeField(
        required=False,
        initial="22:00",
        label=_("To"),
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    hours_zone = forms.ChoiceField(
        choices=[
            ("player", _("Each player's own")),
            ("fixed", _("One for the whole table")),
        ],
        initial="player",
        required=False,
        label=_("Time zone"),
    )
    hours_fixed_zone = forms.ChoiceField(
        choices=[(z, z) for z in ZONES],
        initial="UTC",
        required=False,
        label=_("The table's time zone"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(MAX_SEATS):
            default = "me" if i == 0 else "open"
            self.fields[f"seat{i}_kind"] = forms.ChoiceField(
                choices=SEAT_KINDS,
                initial=default,
                label=_("Seat %(number)d") % {"number": i + 1},
                required=False,
            )
            self.fields[f"seat{i}_email"] = forms.EmailField(
                required=False, label=_("Seat %(number)d: e-mail to invite") % {"number": i + 1}
            )
            self.fields[f"seat{i}_bot"] = forms.ChoiceField(
                choices=BOT_LEVELS,
                initial=Seat.Bot.GREEDY,
                label=_("Seat %(number)d: bot level") % {"number": i + 1},
                required=False,
            )
            self.fields[f"seat{i}_account"] = forms.CharField(
                max_length=150,
                required=False,
                label=_("Seat %(number)d: the bot account's name") % {"number": i + 1},
            )

        # The Geek cards by their name in the reader's language. Engine names stay the values.
        geek = self.fields["geek"]
        assert isinstance(geek, forms.MultipleChoiceField)
        geek.choices = [(name, card_name(name)) for name in GEEK_NAMES]

    def seat_rows(self) -> list[tuple[Any, Any, Any, Any]]:
        return [
            (
                self[f"seat{i}_kind"],
                self[f"seat{i}_email"],
                self[f"seat{i}_bot"],
                self[f"seat{i}_account"],
            )
            for i in range(MAX_SEATS)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean gives the cleaned data.
        for i in range(int(data.get("players") or 0)):
            if data.get(f"seat{i}_kind") == "invited" and not data.get(f"seat{i}_email"):
                self.add_error(f"seat{i}_email", _("Whom shall we invite? Give an e-mail address."))
            if data.get(f"seat{i}_kind") == "bot_account" and not data.get(f"seat{i}_account"):
                self.add_error(f"seat{i}_account", _("Which bot? Give its account's name."))
        if data.get("clock") not in (None, "none") and not data.get("clock_seconds"):
            self.add_error("clock_seconds", _("Say how many seconds the clock gives."))
        if data.get("hours_on"):
            self._clean_hours(data)
        return data

    def _clean_hours(self, data: dict[str, Any]) -> None:
        if data.get("clock") in (None, "none"):
            self.add_error("hours_on", _("Playing hours need a clock: choose one above."))
        for name in ("hours_start", "hours_end"):
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, _("Give a time, like 08:00."))
        if data.get("hours_start") and data.get("hours_start") == data.get("hours_end"):
            self.add_error("hours_end", _("The window needs an end other than its start."))

    def playing_hours(self) -> dict[str, str] | None:
        """The `playing_hours` of `game_create`: None unless asked for."""
        data = self.cleaned_data
        if not data.get("hours_on"):
            return None
        fixed = data.get("hours_zone") == "fixed"
        return {
            "start": data["hours_start"].strftime("%H:%M"),
            "end": data["hours_end"].strftime("%H:%M"),
            "zone": data.get("hours_fixed_zone") or "UTC" if fixed else "player",
        }

    def service_args(self) -> dict[str, Any]:
        """Returns the keyword arguments of `games.services.lobby.game_create`, all but the user."""
        data = self.cleaned_data
        players = int(data["players"])
        seats = [
            SeatSpec(
                kind=data.get(f"seat{i}_kind") or ("me" if i == 0 else "open"),
                email=data.get(f"seat{i}_email") or "",
                bot=data.get(f"seat{i}_bot") or Seat.Bot.GREEDY,
                account=data.get(f"seat{i}_account") or "",
            )
            for i in range(players)
        ]
        clock = ClockSpec(
            kind=data["clock"],
            seconds=data.get("clock_seconds") or 0,
            increment=data.get("clock_increment") or 0,
        )
        options: dict[str, Any] = {"training": True} if data.get("training") else {}
        if data.get("geek"):
            options["geek"] = list(data["geek"])
        return {
            "version": data["version"],
            "players": players,
            "seats": seats,
            "clock": clock,
            "options": options,
            "playing_hours": self.playing_hours(),
            "rated": bool(data.get("rated")),
        }
