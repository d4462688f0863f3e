"""What the tournament endpoints take and answer (docs/tournaments.md)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.api.inputs import ClockInput, GameOptions, JSONInput
from games.api.matchio import TermsClockView
from games.api.outputs import paginated
from games.models import Game

from ..models import Entry, Round, Table, Tournament
from ..services import standings
from ..services.entries import MAX_ROUNDS


class TournamentInput(JSONInput):
    name = serializers.CharField(max_length=100)
    version = serializers.ChoiceField(choices=Game.Version.choices, default="republic")
    options = GameOptions(required=False)
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    table_size = serializers.IntegerField(min_value=2, max_value=5, help_text="Players a table.")
    rounds = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        allow_null=True,
        help_text="Swiss: required. Round-robin: default, enough for everyone to meet once.",
    )
    starts = serializers.DateTimeField(help_text="Entries close and round 1 is paired then.")
    clock = ClockInput(required=False, help_text="Each game's time control; default: none.")
    round_interval = serializers.IntegerField(
        min_value=60,
        max_value=90 * 86400,
        required=False,
        allow_null=True,
        help_text="Seconds between the rounds' fixed dates; default (null): a round starts "
        "when the previous one ends. A round never starts before the previous one ends.",
    )
    max_players = serializers.IntegerField(min_value=2, max_value=500)
    timeout_limit = serializers.IntegerField(
        min_value=1, max_value=100, default=3, help_text="Timeouts that remove an entrant."
    )
    rated = serializers.BooleanField(default=True)


class TournamentSeatView(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.CharField()
    place = serializers.IntegerField(allow_null=True, help_text="Once the game is scored.")
    points = serializers.FloatField(allow_null=True)
    score = serializers.IntegerField(allow_null=True, help_text="The game's victory points.")


class TournamentTableView(serializers.Serializer):
    number = serializers.IntegerField()
    game = serializers.IntegerField(help_text="The game (`/api/games/{id}/`).")
    status = serializers.ChoiceField(choices=Game.Status.choices)
    scored = serializers.BooleanField()
    held = serializers.BooleanField(
        help_text="Its record failed verification: the round waits for staff."
    )
    seats = TournamentSeatView(many=True)


class TournamentRoundView(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Round.Status.choices)
    started = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
    byes = serializers.ListField(child=serializers.CharField(), help_text="Who sat out.")
    tables = TournamentTableView(many=True)


class TournamentStandingView(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    status = serializers.ChoiceField(choices=Entry.Status.choices)
    points = serializers.FloatField()
    buchholz = serializers.FloatField(help_text="The opponents' points: the first tie-break.")
    score = serializers.IntegerField(help_text="Victory points over all games: the second.")
    wins = serializers.IntegerField(help_text="First places: the third.")
    played = serializers.IntegerField()
    byes = serializers.IntegerField()


class TournamentView(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.ChoiceField(choices=Game.Version.choices)
    options = serializers.DictField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    table_size = serializers.IntegerField()
    rounds = serializers.IntegerField(allow_null=True)
    starts = serializers.DateTimeField()
    clock = TermsClockView()
    round_interval = serializers.IntegerField(allow_null=True)
    max_players = serializers.IntegerField()
    timeout_limit = serializers.IntegerField()
    rated = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    current_round = serializers.IntegerField()
    entrants = serializers.IntegerField()
    entered = serializers.BooleanField(help_text="Whether you are an active entrant.")


class TournamentDetail(TournamentView):
    standings = TournamentStandingView(many=True)
    rounds_played = TournamentRoundView(many=True)


TournamentPage = paginated(TournamentView, "TournamentPage")


def tournament_view(tournament: Tournament, user: Any = None) -> dict[str, Any]:
    entries = tournament.entries.all()
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "version": tournament.version,
        "options": tournament.options,
        "format": tournament.format,
        "table_size": tournament.table_size,
        "rounds": tournament.rounds,
        "starts": tournament.starts,
        "clock": tournament.clock or {"kind": "none"},
        "round_interval": tournament.round_interval,
        "max_players": tournament.max_players,
        "timeout_limit": tournament.timeout_limit,
        "rated": tournament.rated,
        "status": tournament.status,
        "current_round": tournament.current_round,
        "entrants": entries.count(),
        "entered": bool(
            user is not None
            and user.is_authenticated
            and entries.filter(user=user, status=Entry.Status.ACTIVE).exists()
        ),
    }


def tournament_detail(tournament: Tournament, user: Any = None) -> dict[str, Any]:
    return {
        **tournament_view(tournament, user),
        "standings": [_standing(row) for row in standings.standings(tournament)],
        "rounds_played": [_round(r) for r in _rounds(tournament)],
    }


def _standing(row: standings.Row) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "player": row.entry.user.get_username(),
        "status": row.entry.status,
        "points": row.points,
        "buchholz": row.buchholz,
        "score": row.score,
        "wins": row.wins,
        "played": row.played,
        "byes": row.byes,
    }


def _rounds(tournament: Tournament) -> list[Round]:
    return list(
        tournament.round_set.prefetch_related(
            "byes__user", "tables__game", "tables__seatings__entry__user"
        )
    )


def _round(round_: Round) -> dict[str, Any]:
    return {
        "number": round_.number,
        "status": round_.status,
        "started": round_.started,
        "finished": round_.finished,
        "byes": [e.user.get_username() for e in round_.byes.all()],
        "tables": [_table(t) for t in round_.tables.all()],
    }


def _table(table: Table) -> dict[str, Any]:
    return {
        "number": table.number,
        "game": table.game_id,
        "status": table.game.status,
        "scored": table.scored,
        "held": bool(table.problems),
        "seats": [
            {
                "position": s.position,
                "player": s.entry.user.get_username(),
                "place": s.place,
                "points": s.points,
                "score": s.score,
            }
            for s in table.seatings.all()
        ],
    }
