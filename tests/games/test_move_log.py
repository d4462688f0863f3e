"""The move log is append-only: no update or delete through the ORM or the admin."""

from __future__ import annotations

import pytest
from django.contrib.admin.sites import site
from django.db import IntegrityError, transaction
from django.test import RequestFactory

from games.models import AppendOnlyError, Game, Move
from tests.conftest import start_game


@pytest.fixture
def logged(alice, bob) -> Game:
    game_id = start_game(alice, [bob])
    view = alice.game(game_id)
    mover = alice if view["to_act"] == 0 else bob
    assert mover.move(game_id, 0, {"type": "think", "take": "cards"}).status_code == 201
    return Game.objects.get(pk=game_id)


def test_moves_cannot_be_updated_or_deleted(logged: Game) -> None:
    move = Move.objects.get(game=logged, seq=1)
    move.action = {"type": "skip"}
    with pytest.raises(AppendOnlyError):
        move.save()
    with pytest.raises(AppendOnlyError):
        move.delete()
    with pytest.raises(AppendOnlyError):
        Move.objects.filter(game=logged).update(seat=3)
    with pytest.raises(AppendOnlyError):
        Move.objects.filter(game=logged).delete()
    assert Move.objects.get(game=logged, seq=1).action == {"type": "think", "take": "cards"}


def test_seq_is_unique_per_game(logged: Game) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=logged, seq=1, seat=0, action={"type": "skip"}, state_hash="x")


def test_a_game_with_moves_cannot_be_deleted(logged: Game) -> None:
    from django.db.models import ProtectedError

    with pytest.raises(ProtectedError):
        logged.delete()


def test_admin_moves_are_read_only(logged: Game, admin_user) -> None:
    request = RequestFactory().get("/admin/")
    request.user = admin_user
    move_admin = site._registry[Move]
    assert not move_admin.has_add_permission(request)
    assert not move_admin.has_change_permission(request, Move.objects.first())
    assert not move_admin.has_delete_permission(request, Move.objects.first())
    assert not site._registry[Game].has_delete_permission(request, logged)


def test_admin_pages_render(logged: Game, admin_client) -> None:
    for url in (
        "/admin/games/game/",
        f"/admin/games/game/{logged.pk}/change/",
        "/admin/games/seat/",
        "/admin/games/move/",
        f"/admin/games/move/{Move.objects.first().pk}/change/",
    ):
        assert admin_client.get(url).status_code == 200, url
