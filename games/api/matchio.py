"""What the endpoints of challenges, seeks and rematches take and answer (docs/community.md)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import FAMILY_OF, Challenge, Game, Rematch, Seek
from games.read import ratings
from games.services import challenges, rematch

from .inputs import ClockInput, GameOptions, JSONInput
from .outputs import paginated


class ChallengeInput(JSONInput):
    to = serializers.CharField(
        max_length=150,
        help_text="The username of whom you challenge: a person, a bot account, or one of the "
        "server's bots (`random`, `greedy`, `ismcts-1` to `ismcts-3`; those names are "
        "reserved), which accepts at once.",
    )
    version = serializers.ChoiceField(choices=Game.Version.choices, default="republic")
    players = serializers.IntegerField(min_value=2, max_value=5, default=2)
    options = GameOptions(required=False)
    clock = ClockInput(required=False, help_text="The time control; default: none.")
    fill = serializers.ChoiceField(
        choices=list(challenges.FILLS),
        default="open",
        help_text="The seats beyond the two of you: `open` to anyone in the lobby, or `bot`.",
    )
    rated = serializers.BooleanField(default=False, help_text="The game it creates is rated.")


class ChallengeDeclineInput(JSONInput):
    reason = serializers.ChoiceField(
        choices=list(challenges.DECLINE_REASONS),
        default="generic",
        help_text="Why, from a closed list: the challenger sees it (no free text).",
    )


class TermsClockView(serializers.Serializer):
    """A challenge's or a seek's clock: the fields its kind uses."""

    kind = serializers.ChoiceField(choices=Game.Clock.choices)
    seconds = serializers.IntegerField(required=False)
    increment = serializers.IntegerField(required=False)
    cap = serializers.IntegerField(required=False)


class ChallengeView(serializers.Serializer):
    id = serializers.IntegerField()
    challenger = serializers.CharField()
    challenged = serializers.CharField()
    version = serializers.ChoiceField(choices=Game.Version.choices)
    players = serializers.IntegerField()
    options = serializers.DictField()
    clock = TermsClockView()
    fill = serializers.ChoiceField(choices=list(challenges.FILLS))
    rated = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Challenge.Status.choices)
    reason = serializers.ChoiceField(
        choices=list(challenges.DECLINE_REASONS), allow_null=True, help_text="If declined."
    )
    game = serializers.IntegerField(allow_null=True, help_text="The game, once accepted.")
    created = serializers.DateTimeField()
    expires = serializers.DateTimeField()


ChallengePage = paginated(ChallengeView, "ChallengePage")


def challenge_view(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.pk,
        "challenger": challenge.challenger.get_username(),
        "challenged": challenge.challenged.get_username(),
        "version": challenge.version,
        "players": challenge.players,
        "options": challenge.options,
        "clock": challenge.clock or {"kind": "none"},
        "fill": challenge.fill,
        "rated": challenge.rated,
        "status": challenges.status_of(challenge),
        "reason": challenge.reason or None,
        "game": challenge.game_id,
        "created": challenge.created,
        "expires": challenge.expires,
    }


class SeekInput(JSONInput):
    version = serializers.ChoiceField(choices=Game.Version.choices, default="republic")
    players_min = serializers.IntegerField(min_value=2, max_value=5, default=2)
    players_max = serializers.IntegerField(
        min_value=2, max_value=5, required=False, help_text="Default: `players_min`."
    )
    options = GameOptions(required=False)
    clock = ClockInput(required=False, help_text="The time control; default: none.")
    bots_after = serializers.IntegerField(
        min_value=0,
        max_value=1440,
        required=False,
        allow_null=True,
        help_text="Minutes to wait for people before bots fill the table (0: at once); "
        "absent or null: never.",
    )
    rated = serializers.BooleanField(
        default=False, help_text="A rated game: part of the terms, as the ruleset is."
    )
    rating_min = serializers.IntegerField(
        min_value=0,
        max_value=10_000,
        required=False,
        allow_null=True,
        help_text="The lowest rating (of the family) of the people you would sit with.",
    )
    rating_max = serializers.IntegerField(
        min_value=0,
        max_value=10_000,
        required=False,
        allow_null=True,
        help_text="The highest. Their own ranges must hold your rating too.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs.setdefault("players_max", attrs["players_min"])
        return attrs


class SeekView(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.CharField()
    mine = serializers.BooleanField()
    version = serializers.ChoiceField(choices=Game.Version.choices)
    players_min = serializers.IntegerField()
    players_max = serializers.IntegerField()
    options = serializers.DictField()
    clock = TermsClockView()
    bots_after = serializers.IntegerField(allow_null=True)
    rated = serializers.BooleanField()
    rating_min = serializers.IntegerField(allow_null=True)
    rating_max = serializers.IntegerField(allow_null=True)
    rating = serializers.IntegerField(help_text="The seeker's rating in the family.")
    status = serializers.ChoiceField(choices=Seek.Status.choices)
    game = serializers.IntegerField(allow_null=True, help_text="Where it was seated.")
    created = serializers.DateTimeField()
    expires = serializers.DateTimeField()


SeekPage = paginated(SeekView, "SeekPage")


def seek_view(seek: Seek, user: Any) -> dict[str, Any]:
    return {
        "id": seek.pk,
        "player": seek.user.get_username(),
        "mine": user.is_authenticated and seek.user_id == user.pk,
        "version": seek.version,
        "players_min": seek.players_min,
        "players_max": seek.players_max,
        "options": seek.options,
        "clock": seek.clock or {"kind": "none"},
        "bots_after": seek.bots_after,
        "rated": seek.rated,
        "rating_min": seek.rating_min,
        "rating_max": seek.rating_max,
        "rating": seek_rating(seek),
        "status": seek.status,
        "game": seek.game_id,
        "created": seek.created,
        "expires": seek.expires,
    }


def seek_rating(seek: Seek) -> int:
    family = FAMILY_OF[Game.Version(seek.version)]
    return ratings.shown_of([seek.user_id], family)[seek.user_id]


class RematchView(serializers.Serializer):
    game = serializers.IntegerField(help_text="The finished game.")
    seat = serializers.IntegerField(help_text="Who offered.")
    status = serializers.ChoiceField(choices=Rematch.Status.choices)
    accepted = serializers.ListField(child=serializers.IntegerField())
    waiting = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats yet to answer."
    )
    next_game = serializers.IntegerField(allow_null=True, help_text="Once everyone accepted.")
    expires = serializers.DateTimeField()


def rematch_view(offer: Rematch) -> dict[str, Any]:
    return {
        "game": offer.game_id,
        "seat": offer.seat,
        "status": offer.status,
        "accepted": sorted(int(s) for s, yes in offer.answers.items() if yes),
        "waiting": rematch.waiting(offer),
        "next_game": offer.next_game_id,
        "expires": offer.expires,
    }
