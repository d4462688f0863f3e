"""A table of people with e-mail addresses, for the notification and play-by-e-mail tests."""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

import pytest
from django.core import mail

import engine
from games.events import commit
from games.models import Availability, Game, Seat
from games.services import lobby
from players.mail import texts as texts

ADDRESSES = ("alice@example.org", "bob@example.org", "carol@example.org")


@dataclass
class Table:
    game_id: int
    users: list[Any]

    @property
    def game(self) -> Game:
        return Game.objects.get(pk=self.game_id)

    @property
    def state(self) -> engine.State:
        return engine.from_json(self.game.state)

    def seat(self, position: int) -> Seat:
        return Seat.objects.select_related("user").get(game_id=self.game_id, position=position)

    @property
    def to_act(self) -> int:
        position = engine.to_act(self.state)
        assert position is not None
        return position


def make_table(django_user_model: Any, players: int = 3, version: str = "republic") -> Table:
    users = [
        django_user_model.objects.create_user(a.split("@")[0], email=a, password="x")
        for a in ADDRESSES[:players]
    ]
    # A deadline that passes times them out: no automatic vacation day (tests/games/test_time_off)
    Availability.objects.bulk_create([Availability(user=u, auto_vacation=False) for u in users])
    game = lobby.game_create(user=users[0], version=version, players=players)
    for user in users[1:]:
        lobby.seat_join(game_id=game.pk, user=user)
    return Table(game.pk, users)


@pytest.fixture
def table(transactional_db: Any, django_user_model: Any, mailoutbox: list[Any]) -> Table:
    return make_table(django_user_model)


def mails_to(address: str) -> list[Any]:
    return [m for m in mail.outbox if address in m.to]


def codes_in(body: str) -> dict[str, str]:
    """The move codes a mail lists, with their descriptions."""
    return dict(re.findall(r"^  (A\d+)\s+(.+)$", body, re.M))


_ids = iter(range(10**6))


def reply(
    table: Table, body: str, *, position: int | None = None, seq: int = 0, secret: str = ""
) -> EmailMessage:
    """A reply from the seat's own address to the game's reply address (or to `secret`)."""
    position = table.to_act if position is None else position
    seat = table.seat(position)
    message = EmailMessage()
    message["From"] = ADDRESSES[position]
    message["To"] = f"play+{secret}@localhost" if secret else texts.reply_address(seat, seq)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = f"<reply{next(_ids)}@example.org>"
    message.set_content(body)
    return message


def deliver(
    game_id: int,
    seq: int,
    *,
    to_act: int | None = None,
    deadline: Any = None,
    status: str = "active",
) -> None:
    """Deliver (again) the event of a committed move to every receiver: a person's decision at
    `seq` began for seat `to_act`, or, with status "finished", the game ended."""
    began = to_act is not None
    event = commit.Event(
        commit.MOVED, game_id, seq, seq, status, to_act=to_act, deadline=deadline, turn_began=began
    )
    commit.committed.send(sender=Game, event=event)
