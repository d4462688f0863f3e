"""`manage.py verify_games`: replays every started game and reports any that disagrees.

Each game's moves are replayed from its setup (seed or scenario). The replay uses the rules
revision the game was created with. An undo entry restores a state of its seat's run
(engine.UndoTrail). It reports stored state hashes or a snapshot that differ from
the replay."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

import engine
from games.models import Game
from games.services.moves import initial_state, replay_entry


def verify(game: Game) -> list[str]:
    """Problems found replaying `game` (empty when it is sound)."""
    if game.state is None:
        return []
    problems: list[str] = []
    try:
        trail = engine.UndoTrail(initial_state(game))
    except engine.EngineError as exc:
        return [f"cannot set up: {exc.code}: {exc.detail}"]
    expected_seq = 0
    for move in game.moves.order_by("seq").iterator():
        expected_seq += 1
        if move.seq != expected_seq:
            problems.append(f"gap: move {expected_seq} missing (next stored is {move.seq})")
            expected_seq = move.seq
        try:
            replay_entry(trail, move)
        except engine.EngineError as exc:
            problems.append(f"move {move.seq} does not replay: {exc.code}: {exc.detail}")
            return problems
        if engine.state_hash(trail.state) != move.state_hash:
            problems.append(f"move {move.seq}: stored state hash differs from the replay")
    if expected_seq != game.seq:
        problems.append(f"game.seq is {game.seq} but {expected_seq} moves are logged")
    snapshot = engine.from_json(game.state)
    if engine.state_hash(snapshot) != engine.state_hash(trail.state):
        problems.append("the snapshot differs from the replay")
    return problems


class Command(BaseCommand):
    help = "Replay every game from its seed and report games whose snapshot or hashes disagree."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, help="Only these games.")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.filter(state__isnull=False).order_by("id")
        if options["game_ids"]:
            games = games.filter(pk__in=options["game_ids"])
        bad = 0
        checked = 0
        for game in games.iterator():
            checked += 1
            problems = verify(game)
            if problems:
                bad += 1
                for p in problems:
                    self.stdout.write(f"game {game.pk}: {p}")
        self.stdout.write(f"{checked} game(s) checked, {bad} with problems")
        if bad:
            raise CommandError(f"{bad} game(s) disagree with their replay")
