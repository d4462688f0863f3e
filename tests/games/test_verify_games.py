"""manage.py verify_games replays every game and reports any that disagree."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

import engine
from games.models import Game, Move
from tests.conftest import play_http_game, private_state, start_game
from tests.ruling_change import change_a_ruling


def test_sound_games_pass(alice, bob, capsys) -> None:
    game_id = start_game(alice, [bob])
    play_http_game(game_id, {0: alice, 1: bob}, max_moves=60)
    bob.post(f"/api/games/{game_id}/resign/")  # a surrender event replays too
    call_command("verify_games")
    assert "1 game(s) checked, 0 with problems" in capsys.readouterr().out


def test_tampered_snapshot_is_reported(alice, bob, capsys) -> None:
    game_id = start_game(alice, [bob])
    play_http_game(game_id, {0: alice, 1: bob}, max_moves=10)
    game = Game.objects.get(pk=game_id)
    game.state["turn"] += 7
    game.save()
    with pytest.raises(CommandError):
        call_command("verify_games")
    assert "snapshot differs" in capsys.readouterr().out


def test_tampered_hash_is_reported(alice, bob, capsys) -> None:
    game_id = start_game(alice, [bob])
    play_http_game(game_id, {0: alice, 1: bob}, max_moves=5)
    # Bypass the append-only guard the way a raw SQL edit would.
    Move.objects.filter(game_id=game_id, seq=2)._raw_delete(Move.objects.db)
    with pytest.raises(CommandError):
        call_command("verify_games", str(game_id))
    out = capsys.readouterr().out
    assert "move 2 missing" in out or "does not replay" in out


@pytest.mark.pure_engine  # tests/ruling_change.py patches engine.powers
def test_a_game_keeps_its_rules_revision_after_a_ruling_changes(alice, bob, capsys, monkeypatch):
    """A game created before a ruling changed plays on and verifies under its own revision; a game
    created after it gets the new one (docs/rules.md, Rules revisions)."""
    old_id = start_game(alice, [bob])
    play_http_game(old_id, {0: alice, 1: bob}, max_moves=40)
    old = engine.current_revision("republic")
    assert alice.game(old_id)["rules_revision"] == old

    change_a_ruling(monkeypatch)

    play_http_game(old_id, {0: alice, 1: bob}, seed=1, max_moves=40)  # it plays on, unchanged
    new_id = start_game(alice, [bob])
    play_http_game(new_id, {0: alice, 1: bob}, max_moves=40)
    assert alice.game(new_id)["rules_revision"] == old + 1
    assert private_state(old_id).rules_revision == old
    assert private_state(new_id).rules_revision == old + 1
    call_command("verify_games")
    assert "2 game(s) checked, 0 with problems" in capsys.readouterr().out

    # verify_games really checks each game under its own revision: a game relabelled with another
    # revision no longer agrees with its log.
    Game.objects.filter(pk=old_id).update(rules_revision=old + 1)
    with pytest.raises(CommandError):
        call_command("verify_games", str(old_id))
    assert "differs" in capsys.readouterr().out
