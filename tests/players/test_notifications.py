"""Notification mails: your turn (your view only, moves with codes, a working capability link),
reminders, final scores, preferences, the digest and unsubscribing."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
from django.core import mail
from django.utils import timezone

import engine
from games.events import story
from games.models import Game, GameEvent
from games.read.selectors import Caller
from games.services import automatic, lobby, moves, resignation
from games.words.labels import card_names
from players.mail import notify, preferences
from players.mail import texts as texts
from tests.conftest import hidden_from
from tests.players.conftest import (
    ADDRESSES,
    Table,
    codes_in,
    deliver,
    mails_to,
    make_table,
    reply,
)


def seen_in_story(game_id: int, position: int) -> set[str]:
    """The card names the seat's own rendering of the game's events named: what it saw happen
    (a card sold from a stockpile into a vault, a card revealed from a hand), which the story in
    the mail may tell again (docs/events.md, Who sees what)."""
    names: set[str] = set()
    for event in GameEvent.objects.filter(game_id=game_id):
        shown = story.rendered(event, position)
        names |= {c["name"] for c in shown.get("cards") or [] if isinstance(c, dict)}
        if isinstance(shown.get("building"), dict):
            names.add(shown["building"]["name"])
    return names


def assert_no_hidden_card(
    table: Table, position: int, body: str, state: engine.State | None = None
) -> None:
    """No card id or name of another hand, the deck or a vault appears in the mail, unless the
    recipient may see a card of that name anyway, or saw it in an event of the game. `state` is
    the table when the mail was written (default: now)."""
    state = table.state if state is None else state
    view = engine.view(state, position)
    visible = set(card_names(view).values()) | seen_in_story(table.game_id, position)
    hidden_ids = hidden_from(state, position)
    assert hidden_ids, "the check must have something to check"
    assert not {int(i) for i in re.findall(r"#(\d+)", body)} & hidden_ids
    # Longest names first, so "Circus Maximus" is read as one name, not as "Circus".
    names = sorted(set(state.names), key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
    hidden = {state.names[c] for c in hidden_ids} - visible
    leaked = sorted(set(pattern.findall(body)) & hidden)
    assert not leaked, f"seat {position}'s mail names hidden cards {leaked}"


def test_the_leak_check_catches_a_leak(table: Table) -> None:
    state, position = table.state, table.to_act
    other = state.players[(position + 1) % 3].hand[0]
    for body in (f"{state.names[other]} #{other}", f"a card #{other}"):
        with pytest.raises(AssertionError):
            assert_no_hidden_card(table, position, body)


def test_your_turn_mail_shows_your_hand_and_codes(table: Table, client) -> None:
    position = table.to_act
    (message,) = mail.outbox
    assert message.to == [ADDRESSES[position]]
    hand = engine.view(table.state, position)["players"][position]["hand"]
    for card in hand:
        assert f"{card['name']} #{card['id']}" in message.body
    codes = codes_in(message.body)
    assert len(codes) == len(engine.legal_actions(table.state)) and "A1" in codes
    assert_no_hidden_card(table, position, message.body)
    secret = texts.reply_secret(table.seat(position), 0)
    assert message.reply_to == [f"play+{secret}@localhost"] and secret in message.subject
    assert message.extra_headers["List-Unsubscribe"].startswith("<http://127.0.0.1:8000/mail/")
    # The capability link's token plays the seat over HTTP.
    token = re.search(r"Authorization: Seat (\S+)", message.body).group(1)
    r = client.get(f"/api/games/{table.game_id}/", HTTP_AUTHORIZATION=f"Seat {token}")
    assert r.status_code == 200 and r.json()["my_seat"] == position and r.json()["your_turn"]


@pytest.mark.parametrize(("version", "players"), [("republic", 3), ("imperium", 2)])
def test_no_mail_ever_names_a_hidden_card(
    transactional_db, django_user_model, mailoutbox, version: str, players: int
) -> None:
    """Sixty decisions of a game: every turn mail is checked against the table at the moment
    it was sent."""
    table = make_table(django_user_model, players=players, version=version)
    rnd = random.Random(5)
    for _ in range(60):
        sent = len(mail.outbox)
        state, game = table.state, table.game
        if game.status != Game.Status.ACTIVE:
            break
        position = engine.to_act(state)
        action = rnd.choice(engine.legal_actions(state))
        moves.move_submit(
            game_id=game.pk, caller=Caller(position=position), seq=game.seq, action=action
        )
        for message in mail.outbox[sent:]:
            (address,) = message.to
            assert_no_hidden_card(table, ADDRESSES.index(address), message.body)
        if table.game.status == Game.Status.ACTIVE:
            assert len(mail.outbox) == sent + 1  # the next decision's owner, once


def test_rotating_the_seat_token_revokes_the_mail_token(table: Table, client) -> None:
    position = table.to_act
    token = re.search(r"Authorization: Seat (\S+)", mail.outbox[0].body).group(1)
    lobby.seat_token_rotate(seat=table.seat(position))
    r = client.get(f"/api/games/{table.game_id}/", HTTP_AUTHORIZATION=f"Seat {token}")
    assert r.status_code == 401
    forged = token.split(".")[0] + "." + "0" * 40
    r = client.get(f"/api/games/{table.game_id}/", HTTP_AUTHORIZATION=f"Seat {forged}")
    assert r.status_code == 401


def test_the_receiver_sends_once_and_not_for_a_past_decision(table: Table) -> None:
    position, game = table.to_act, table.game
    mail.outbox.clear()
    for _ in range(2):  # an event (or its task) delivered twice
        deliver(game.pk, game.seq, to_act=position, deadline=None)
    assert len(mail.outbox) == 0  # the first mail went at the start already
    moves.move_submit(
        game_id=game.pk,
        caller=Caller(position=position),
        seq=0,
        action={"type": "think", "take": "cards"},
    )
    (message,) = mail.outbox
    assert message.to == [ADDRESSES[table.to_act]]
    mail.outbox.clear()
    deliver(game.pk, 0, to_act=position, deadline=None)
    assert mail.outbox == []  # the game moved on


def test_final_scores_to_everyone(table: Table) -> None:
    mail.outbox.clear()
    for position in (1, 2):
        resignation.game_resign(game_id=table.game_id, position=position)
    finals = [m for m in mail.outbox if "final scores" in m.subject]
    assert sorted(m.to[0] for m in finals) == sorted(ADDRESSES)
    assert "Winner: alice (by surrender)" in finals[0].body
    deliver(table.game_id, table.game.seq, status="finished")
    assert len([m for m in mail.outbox if "final scores" in m.subject]) == 3


def _set_deadline(table: Table, minutes_left: float, minutes_since: float) -> None:
    now = timezone.now()
    changes = {"deadline": now + dt.timedelta(minutes=minutes_left)}
    if hasattr(Game, "decision_started"):
        changes["decision_started"] = now - dt.timedelta(minutes=minutes_since)
    else:
        changes["started"] = now - dt.timedelta(minutes=minutes_since)
    Game.objects.filter(pk=table.game_id).update(**changes)


def test_reminder_before_the_deadline_once(table: Table, settings) -> None:
    settings.GTR_MAIL_REMINDER_LEAD = 3600
    position = table.to_act
    mail.outbox.clear()
    _set_deadline(table, minutes_left=300, minutes_since=10)
    assert notify.reminders_sweep() == 0  # not yet due
    assert not notify.reminder_send(game_id=table.game_id, seq=0, position=position)
    _set_deadline(table, minutes_left=30, minutes_since=600)
    assert notify.reminders_sweep() == 1
    assert notify.reminders_sweep() == 0
    assert not notify.reminder_send(game_id=table.game_id, seq=0, position=position)
    (message,) = mail.outbox
    assert message.to == [ADDRESSES[position]] and "reminder" in message.subject
    assert "due in about" in message.body and codes_in(message.body)


def test_preferences_switch_kinds_off(table: Table) -> None:
    position = table.to_act
    other = ADDRESSES[(position + 1) % 3]
    preferences.preferences_update(other, your_turn=False)
    mail.outbox.clear()
    moves.move_submit(
        game_id=table.game_id,
        caller=Caller(position=position),
        seq=0,
        action={"type": "think", "take": "cards"},
    )
    assert mails_to(other) == []


def test_digest_replaces_turn_mails(table: Table) -> None:
    position = table.to_act
    address = ADDRESSES[position]
    preferences.preferences_update(address, digest=True)
    mail.outbox.clear()
    deliver(table.game_id, 0, to_act=position, deadline=None)
    notify.SentNotification.objects.all().delete()
    deliver(table.game_id, 0, to_act=position, deadline=None)
    assert mail.outbox == []
    assert notify.digests_send() == 1
    (digest,) = mail.outbox
    assert digest.to == [address] and "1 game waits" in digest.subject
    assert texts.reply_address(table.seat(position), 0) in digest.body
    assert codes_in(digest.body)
    assert_no_hidden_card(table, position, digest.body)
    assert notify.digests_send() == 0  # once a day


def test_unsubscribe_link_stops_the_mails(table: Table, client) -> None:
    position = table.to_act
    message = mail.outbox[0]
    url = message.extra_headers["List-Unsubscribe"].strip("<>")
    path = url.removeprefix("http://127.0.0.1:8000")
    page = client.get(path)
    assert page.status_code == 200 and b"<form" in page.content
    assert not preferences.preferences_get(ADDRESSES[position]).unsubscribed  # GET only asks
    done = client.post(path, {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200 and b"Unsubscribed" in done.content
    assert preferences.preferences_get(ADDRESSES[position]).unsubscribed
    mail.outbox.clear()
    notify.SentNotification.objects.all().delete()
    deliver(table.game_id, 0, to_act=position, deadline=None)
    resignation.game_resign(game_id=table.game_id, position=(position + 1) % 3)
    resignation.game_resign(game_id=table.game_id, position=(position + 2) % 3)
    assert mails_to(ADDRESSES[position]) == []
    assert client.get("/mail/unsubscribe/forged/").status_code == 422


def test_a_timeout_is_told_and_back_is_offered(table: Table, settings) -> None:
    from games.models import Seat
    from players.mail import inbound

    settings.GTR_TIMEOUTS_BEFORE_BOT = 1
    position = table.to_act
    Game.objects.filter(pk=table.game_id).update(deadline=timezone.now() - dt.timedelta(seconds=1))
    mail.outbox.clear()
    assert automatic.deadline_expire(game_id=table.game_id, seq=0) == "timed_out"
    (notice,) = [m for m in mail.outbox if "time ran out" in m.subject]
    assert notice.to == [ADDRESSES[position]]
    # The story's words, as the table tells the seat (issue 30: the same words in mails).
    assert "so the server played for you:\n\nYou think and draw: " in notice.body
    assert "(Time ran out" not in notice.body  # the mail has said so already
    assert "reply 'back'" in notice.body and notice.reply_to
    assert Seat.objects.get(game_id=table.game_id, position=position).bot_standing_in
    back = reply(table, "back", position=position, seq=table.game.seq)
    assert inbound.inbound_handle(back) == "back"
    assert not Seat.objects.get(game_id=table.game_id, position=position).bot_standing_in


def test_the_sweep_sends_mails_whose_task_was_lost(table: Table, settings) -> None:
    """While the broker is away, the tasks of the your-turn mail, the timeout notice and the
    final scores cannot be queued (here: their records and mails are taken back, as if they had
    never gone). The mail sweep sends each once the grace period is over, and once only."""
    from players.models import SentNotification

    settings.GTR_SWEEP_GRACE_SECONDS = 30
    position, game_id = table.to_act, table.game_id

    def lose_everything() -> None:
        SentNotification.objects.all().delete()
        mail.outbox.clear()

    def age(**times: dt.timedelta) -> None:
        now = timezone.now()
        Game.objects.filter(pk=game_id).update(**{k: now - v for k, v in times.items()})

    lose_everything()
    assert notify.lost_mails_sweep() == 0  # the decision is younger than the grace
    age(decision_started=notify.CATCH_UP + dt.timedelta(minutes=1))
    assert notify.lost_mails_sweep() == 0  # too old to be news
    age(decision_started=dt.timedelta(minutes=5))
    assert notify.lost_mails_sweep() == 1
    (turn,) = mail.outbox
    assert turn.to == [ADDRESSES[position]] and "your turn" in turn.subject
    assert notify.lost_mails_sweep() == 0  # once

    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - dt.timedelta(seconds=1))
    assert automatic.deadline_expire(game_id=game_id, seq=0) == "timed_out"
    SentNotification.objects.filter(key__startswith="timeout:").delete()  # the notice's task
    mail.outbox.clear()
    assert notify.lost_mails_sweep() == 0  # within the grace
    later = timezone.now() + dt.timedelta(minutes=5)
    assert notify.lost_mails_sweep(now=later) == 1
    (notice,) = mail.outbox
    assert notice.to == [ADDRESSES[position]] and "time ran out" in notice.subject

    for seat in (1, 2):
        resignation.game_resign(game_id=game_id, position=seat)
    lose_everything()
    age(finished=dt.timedelta(minutes=5))
    assert notify.lost_mails_sweep() == 3
    assert sorted(m.to[0] for m in mail.outbox if "final scores" in m.subject) == sorted(ADDRESSES)
    assert notify.lost_mails_sweep() == 0
