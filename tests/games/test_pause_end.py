"""A pause with an end (docs/async.md, Time off): once its end passes the beat sweep tells the
table and the players' feeds, once, that the game runs again (`resumed`, `automatic: true`),
as a person's resume does; a retry or a second sweep tells nothing more. Time told by `now`,
as tests/games/test_time_off.py does."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.utils import timezone

from games.events import commit
from games.models import AccountEvent, Game, GameEvent
from games.services import pauses
from games.services.clocks import ClockSpec
from games.tasks import sweep
from tests.games.test_time_off import at_table, fresh, types

HOUR = timedelta(hours=1)


@pytest.fixture
def people(transactional_db: Any, django_user_model: Any) -> list[Any]:
    return [django_user_model.objects.create_user(n, password="x") for n in ("ann", "ben")]


def paused_until(game: Game, end: Any, now: Any) -> None:
    pauses.pause_propose(game_id=game.pk, position=0, until=end, now=now)
    pauses.pause_answer(game_id=game.pk, position=1, accept=True, now=now)
    assert fresh(game).paused_since == now


def test_the_sweep_tells_once_that_a_pause_ended(people: list[Any]) -> None:
    game = at_table(people[:2], ClockSpec("fixed", seconds=3600))
    t0 = timezone.now()
    paused_until(game, t0 + 2 * HOUR, t0)
    deadline = fresh(game).deadline
    assert pauses.pauses_end(t0 + HOUR) == 0  # not over yet: nothing told
    assert fresh(game).paused_since == t0
    start = fresh(game).last_event
    published: list[commit.Event] = []
    with mock.patch.object(commit, "_send", published.append):
        assert pauses.pauses_end(t0 + 2 * HOUR) == 1  # at its end
    assert types(game, start) == ["resumed"]
    told = GameEvent.objects.get(game=game, type="resumed").public
    assert told == {"type": "resumed", "seat": None, "automatic": True}
    ended = fresh(game)
    assert ended.paused_since is None and ended.paused_until is None
    assert ended.deadline == deadline  # the pause's end was counted already: nothing moves
    assert [e.kind for e in published] == [commit.RESUMED]
    for user in people[:2]:
        feed = AccountEvent.objects.filter(user=user, type="game_resumed").get()
        assert feed.data["automatic"] is True and feed.data["seat"] is None
    # Retried, or the next sweep: nothing more.
    assert pauses.pauses_end(t0 + 3 * HOUR) == 0
    assert types(game, start) == ["resumed"]
    assert AccountEvent.objects.filter(type="game_resumed").count() == 2


def test_the_beat_sweep_runs_it(people: list[Any]) -> None:
    game = at_table(people[:2], ClockSpec("fixed", seconds=3600))
    t0 = timezone.now() - 3 * HOUR
    paused_until(game, t0 + HOUR, t0)  # ended two hours ago
    sweep()
    sweep()
    assert GameEvent.objects.filter(game=game, type="resumed").count() == 1
    assert fresh(game).paused_since is None


def test_a_person_resuming_is_not_automatic(people: list[Any]) -> None:
    game = at_table(people[:2], ClockSpec("fixed", seconds=3600))
    t0 = timezone.now()
    paused_until(game, t0 + 2 * HOUR, t0)
    pauses.pause_resume(game_id=game.pk, position=1, now=t0 + HOUR)
    told = GameEvent.objects.get(game=game, type="resumed").public
    assert told == {"type": "resumed", "seat": 1, "automatic": False}
    assert pauses.pauses_end(t0 + 3 * HOUR) == 0  # resumed already: nothing to tell


def test_a_new_proposal_first_tells_that_the_last_pause_ended(people: list[Any]) -> None:
    """Before the sweep came: the pause over is told, then the new proposal."""
    game = at_table(people[:2], ClockSpec("fixed", seconds=3600))
    t0 = timezone.now() - 2 * HOUR
    paused_until(game, t0 + HOUR, t0)
    start = fresh(game).last_event
    pauses.pause_propose(game_id=game.pk, position=1)
    assert types(game, start)[:2] == ["resumed", "pause_proposed"]
    assert pauses.pauses_end() == 0


def test_a_game_over_is_left_alone(people: list[Any]) -> None:
    game = at_table(people[:2], ClockSpec("fixed", seconds=3600))
    t0 = timezone.now() - 2 * HOUR
    paused_until(game, t0 + HOUR, t0)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert pauses.pauses_end() == 0
    assert not GameEvent.objects.filter(game=game, type="resumed").exists()
