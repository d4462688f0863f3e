"""Counting the mails of whole games (docs/email.md records the figures). Every seat is a person
with an e-mail address who plays the move a greedy bot would choose, in one of three styles:

- `mail`: replies to the mail that asks each decision;
- `web`: opens the mail's link and plays in the web client every decision of his that comes while
  the page is open, and closes the page when the game waits for someone else (a slow game);
- `live`: keeps the game open in the web client from his first turn mail to the end.

A decision no mail asks for (and no open page shows) is played in the web client all the same,
as a person who looks at the lobby would.

With `orders`, every person leaves those standing orders (games.services.orders) when the game
starts, and the orders answer what they can."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

import engine
from engine.bots import make_bot
from games.models import Game, Move, Seat
from games.read.selectors import Caller
from games.services import lobby, moves
from games.services import orders as standing
from players.mail import inbound, notify
from players.mail import texts as texts
from players.models import TableVisit


@dataclass
class Count:
    players: int
    decisions: Counter[int] = field(default_factory=Counter)
    by_mail: Counter[int] = field(default_factory=Counter)
    on_web: Counter[int] = field(default_factory=Counter)
    mails: Counter[int] = field(default_factory=Counter)
    by_order: Counter[int] = field(default_factory=Counter)

    def per_player(self) -> float:
        return sum(self.mails.values()) / self.players


def _reply(seat: Seat, seq: int, code: str, n: int) -> EmailMessage:
    message = EmailMessage()
    message["From"] = texts.seat_address(seat)
    message["To"] = texts.reply_address(seat, seq)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = f"<count{seat.game_id}-{n}@example.org>"
    message.set_content(code)
    return message


def _away(game_id: int, position: int) -> None:
    """The person closed the page a while ago."""
    TableVisit.objects.filter(game_id=game_id, position=position).update(
        seen=timezone.now() - dt.timedelta(days=1)
    )


# Sensible standing orders for a person who plays by mail, after the examples: think when
# the role led cannot be followed; give Rome the cheapest card it demands; decline the Sewer and
# never use the Stairway; take what a Legionary's claim offers; use an Academy's Thinker action.
POLICIES: list[dict[str, Any]] = [
    {"when": "follow", "do": "think", "take": "cards", "unless": "follow"},
    {"when": "give", "do": "give", "prefer": "cheapest"},
    {"when": "sewer", "do": "skip"},
    {"when": "stairway", "do": "skip"},
    {"when": "claim", "do": "claim", "prefer": "dearest"},
    {"when": "think", "do": "think", "take": "cards"},
]
# And a player who also follows whenever he can, with his cheapest card, and takes the best of
# what a Laborer, Merchant or Patron action off his turn offers.
FOLLOWER: list[dict[str, Any]] = [
    *POLICIES,
    {"when": "follow", "do": "follow", "prefer": "cheapest"},
    {"when": "act", "role": "laborer", "do": "gather", "prefer": "dearest"},
    {"when": "act", "role": "merchant", "do": "sell", "prefer": "dearest"},
    {"when": "act", "role": "patron", "do": "hire", "prefer": "dearest"},
]


def count_game(
    players: int,
    seed: int,
    style: str = "mail",
    version: str = "republic",
    orders: list[dict[str, Any]] | None = None,
) -> Count:
    """Play one whole game as described above; returns who got how many mails."""
    tag = f"{seed}-{players}-{style}" + ("-orders" if orders else "")
    users = [
        get_user_model().objects.create_user(f"count{i}-{tag}", email=f"p{i}.{tag}@example.org")
        for i in range(players)
    ]
    addresses = {u.email: i for i, u in enumerate(users)}
    game = lobby.game_create(user=users[0], version=version, players=players)
    for user in users[1:]:
        lobby.seat_join(game_id=game.pk, user=user)
    bots = [make_bot("greedy", seed * 10 + i) for i in range(players)]
    for position in range(players) if orders else ():
        standing.orders_put(game_id=game.pk, position=position, orders=orders)
    count = Count(players)
    first = len(mail.outbox)
    n = 0
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        state = engine.from_json(game.state)
        position = engine.to_act(state)
        assert position is not None
        seat = Seat.objects.select_related("user").get(game=game, position=position)
        legal = engine.legal_actions(state)
        action = bots[position].choose(engine.view(state, position), legal)
        count.decisions[position] += 1
        secret = texts.reply_secret(seat, game.seq)
        asked = any(secret in m.subject or secret in str(m.reply_to) for m in mail.outbox[first:])
        if style != "mail" and (asked or notify.watching(game.pk, position)):
            notify.visit_record(game.pk, position)  # opens (or has open) the table
            asked = False
        if asked:
            n += 1
            code = f"A{legal.index(action) + 1}"
            outcome = inbound.inbound_handle(_reply(seat, game.seq, code, n))
            assert outcome == "played", outcome
            count.by_mail[position] += 1
        else:
            moves.move_submit(
                game_id=game.pk,
                caller=Caller(position=position),
                seq=game.seq,
                action=action,
                actor=Move.Actor.HUMAN,
            )
            count.on_web[position] += 1
        if style == "web":
            after = Game.objects.get(pk=game.pk)
            to_act = engine.to_act(engine.from_json(after.state)) if after.state else None
            if to_act != position:
                _away(game.pk, position)
    for message in mail.outbox[first:]:
        for to in message.to:
            if to in addresses:
                count.mails[addresses[to]] += 1
    for m in Move.objects.filter(game=game, actor=Move.Actor.ORDER):
        assert m.seat is not None
        count.by_order[m.seat] += 1
        count.decisions[m.seat] += 1
    return count


def summary(counts: list[Count], style: str = "mail") -> dict[str, Any]:
    players = counts[0].players
    games = len(counts)
    return {
        "style": style,
        "players": players,
        "games": games,
        "decisions_per_player": round(
            sum(sum(c.decisions.values()) for c in counts) / games / players, 1
        ),
        "mails_per_player": round(sum(c.per_player() for c in counts) / games, 1),
        "answered_by_mail_per_player": round(
            sum(sum(c.by_mail.values()) for c in counts) / games / players, 1
        ),
        "answered_by_order_per_player": round(
            sum(sum(c.by_order.values()) for c in counts) / games / players, 1
        ),
    }
