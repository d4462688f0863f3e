"""The mail preferences page, for people: every mail links to it (docs/email.md).

It needs no account: the link's token is the unsubscribe link's, the address signed with
SECRET_KEY (players.mail.texts), so an invited seat's person sets their mails as a player does.
It changes what `PATCH /api/notifications/` changes (players.mail.preferences), and speaks the
address's language once it has one.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.words.cardnames import LANGUAGES
from players.mail import preferences, texts

SWITCHES = ("your_turn", "reminder", "final", "digest", "unsubscribed")


def language_choices() -> list[tuple[str, str]]:
    """Each language in its own name ("English", "Polski"), whatever the page's language."""
    own = [
        (code, translation.get_language_info(code)["name_local"].capitalize()) for code in LANGUAGES
    ]
    return [("", _("Not chosen (English)")), *own]


class MailPreferencesForm(forms.Form):
    your_turn = forms.BooleanField(required=False, label=gettext_lazy("A mail when it is my turn"))
    reminder = forms.BooleanField(
        required=False, label=gettext_lazy("A reminder before a deadline, and when time ran out")
    )
    final = forms.BooleanField(required=False, label=gettext_lazy("The final scores"))
    digest = forms.BooleanField(
        required=False,
        label=gettext_lazy("One mail a day instead"),
        help_text=gettext_lazy(
            "Lists every game waiting for you, instead of turn mails and reminders."
        ),
    )
    unsubscribed = forms.BooleanField(required=False, label=gettext_lazy("No game mail at all"))
    language = forms.ChoiceField(required=False, label=gettext_lazy("Language of the mails"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = language_choices()  # type: ignore[attr-defined]


def mail_preferences(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows the address's preferences; POST saves them and shows them again."""
    address = texts.unsubscribe_address(token)
    if address is None:
        return render(request, "web/mail_preferences_bad.html", status=404)
    prefs = preferences.preferences_get(address)
    with translation.override(prefs.language or translation.get_language()):
        initial = {name: getattr(prefs, name) for name in SWITCHES}
        form = MailPreferencesForm(
            request.POST or None, initial={**initial, "language": prefs.language}
        )
        if request.method == "POST" and form.is_valid():
            data = dict(form.cleaned_data)
            preferences.preferences_update(
                address, **{**data, "language": data["language"] or None}
            )
            chosen = data["language"] or translation.get_language()
            with translation.override(chosen):
                messages.success(request, _("Your mail preferences are saved."))
            return redirect(request.path)
        return render(request, "web/mail_preferences.html", {"form": form, "address": address})
