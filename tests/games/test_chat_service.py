"""The table chat's service (games.services.chat): who a line names, and a chatty table's
story still telling its moves."""

from __future__ import annotations

from typing import Any

from games.models import Seat
from games.read import selectors
from games.read.selectors import Caller
from games.services.chat import chat_post, mentioned
from tests.conftest import Player, start_game


def test_mentions_name_seats_by_player_or_number(db: Any, django_user_model: Any) -> None:
    alice = django_user_model(username="Alice")
    seats = [Seat(position=0, user=alice), Seat(position=1), Seat(position=2)]
    assert mentioned("hi @alice, and @3!", seats) == [0, 2]
    assert mentioned("mail me at bob@alice.org or @@alice", seats) == []
    assert mentioned("@4 @nobody", seats) == []


def test_a_chatty_table_keeps_its_story(alice: Player, bob: Player, settings: Any) -> None:
    settings.GTR_CHAT_BURST = 1000
    game_id = start_game(alice, [bob])
    for n in range(200):
        chat_post(game_id=game_id, caller=Caller(position=n % 2), text=f"line {n}")
    game = selectors.game_get(game_id)
    lines = selectors.story_lines(game, 0, {0: "alice", 1: "bob"})
    assert lines and not any("line " in line.text for line in lines)


def test_staff_hide_lines_from_the_admin(
    alice: Player, bob: Player, django_user_model: Any
) -> None:
    from django.test import Client

    from games.models import ChatMessage

    game_id = start_game(alice, [bob])
    line = chat_post(game_id=game_id, caller=Caller(position=1), text="rude words")
    staff = django_user_model.objects.create_superuser("mod", password="x")
    client = Client()
    client.force_login(staff)
    r = client.post(
        "/admin/games/chatmessage/",
        {"action": "hide", "_selected_action": [line.pk]},
    )
    assert r.status_code == 302
    hidden = ChatMessage.objects.get(pk=line.pk)
    assert hidden.hidden is not None and hidden.hidden_by == staff
    assert client.get("/admin/games/seatnote/").status_code == 404  # notes have no admin page
