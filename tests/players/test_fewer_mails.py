"""Fewer turn mails (docs/email.md): at most one unanswered turn mail per person and game, none
while the person has the table open in the web client, and the answer to a reply that leads
straight to the person's next decision is that decision."""

from __future__ import annotations

from typing import Any

import engine
from games.models import Move
from games.read.selectors import Caller
from games.services import lobby, moves
from players.mail import inbound, notify
from tests.players.conftest import ADDRESSES, Table, mails_to, reply


def play(table: Table, position: int, actor: str, pick: int = 0) -> None:
    state = table.state
    moves.move_submit(
        game_id=table.game_id,
        caller=Caller(position=position),
        seq=table.game.seq,
        action=engine.legal_actions(state)[pick],
        actor=actor,
    )


def turn_mails(address: str) -> list[Any]:
    return [
        m for m in mails_to(address) if "your turn" in m.subject or "next decision" in m.subject
    ]


def test_one_unanswered_turn_mail_per_game_until_the_person_answers(
    table: Table, settings: Any
) -> None:
    settings.GTR_MAIL_PRESENCE_SECONDS = 0
    target = table.to_act
    address = ADDRESSES[target]
    assert len(turn_mails(address)) == 1
    # The person never answers: the server plays for that seat (as at a deadline), the others play.
    decisions = 0
    while decisions < 3 and table.game.status == "active":
        position = table.to_act
        if position == target:
            decisions += 1
            play(table, position, Move.Actor.TIMEOUT)
        else:
            play(table, position, Move.Actor.HUMAN)
    assert decisions == 3 and len(turn_mails(address)) == 1
    while table.to_act != target:
        play(table, table.to_act, Move.Actor.HUMAN)
    assert len(turn_mails(address)) == 1  # still unanswered: no mail for this decision either
    # A visit to the table answers it: the next decision is mailed again.
    notify.visit_record(table.game_id, target)
    play(table, target, Move.Actor.TIMEOUT)
    while table.to_act != target:
        play(table, table.to_act, Move.Actor.HUMAN)
    assert len(turn_mails(address)) == 2


def test_no_turn_mail_while_the_table_is_open_in_the_web_client(table: Table) -> None:
    first = table.to_act
    others = [p for p in range(3) if p != first]
    for position in others:
        notify.visit_record(table.game_id, position)
    while table.to_act == first:
        play(table, first, Move.Actor.HUMAN)
    for _ in range(6):
        if table.to_act == first:
            break
        play(table, table.to_act, Move.Actor.HUMAN)
    for position in others:
        assert turn_mails(ADDRESSES[position]) == []


def test_the_answer_to_a_reply_is_the_next_decision(
    transactional_db: Any, django_user_model: Any, mailoutbox: list[Any], settings: Any
) -> None:
    """The leader leads Laborer with two Laborer clients, so three Laborer actions in a row: his
    reply to the first is answered by the mail of the second, which says what was played."""
    settings.GTR_ALLOW_SCENARIOS = True
    users = [
        django_user_model.objects.create_user(a.split("@")[0], email=a, password="x")
        for a in ADDRESSES[:2]
    ]
    scenario = {
        "version": "republic",
        "leader": 0,
        "players": [
            {"hand": ["Insula", "Road"], "clientele": ["Laborer", "Laborer"]},
            {"hand": ["Temple"]},
        ],
        "pool": ["Wood", "Brick", "Stone"],
    }
    game = lobby.game_create(user=users[0], version="republic", scenario=scenario)
    lobby.seat_join(game_id=game.pk, user=users[1])
    table = Table(game.pk, users)
    insula = next(c for c in table.state.players[0].hand if table.state.names[c] == "Insula")
    moves.move_submit(
        game_id=game.pk,
        caller=Caller(position=0),
        seq=table.game.seq,
        action={"type": "lead", "role": "laborer", "cards": [insula]},
    )
    play_action(table, 1, {"type": "think", "take": "cards"})
    assert table.to_act == 0
    first = turn_mails(ADDRESSES[0])[-1]
    assert "your turn" in first.subject
    seq = table.game.seq
    gather = 1 + [a["type"] for a in engine.legal_actions(table.state)].index("gather")
    assert inbound.inbound_handle(reply(table, f"A{gather}", position=0, seq=seq)) == "played"
    assert table.to_act == 0  # the next Laborer action
    answer = turn_mails(ADDRESSES[0])[-1]
    assert answer is not first and "your next decision" in answer.subject
    assert answer.body.startswith("Your reply was played: Take ")
    assert len(turn_mails(ADDRESSES[0])) == 3  # the lead, the first action, the answer


def play_action(table: Table, position: int, action: dict[str, Any]) -> None:
    moves.move_submit(
        game_id=table.game_id, caller=Caller(position=position), seq=table.game.seq, action=action
    )
