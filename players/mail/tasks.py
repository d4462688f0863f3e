"""Celery tasks of the e-mail side.

They are adapters that take ids and call `players.mail.notify` or `players.mail.inbound`. Each
names the game and the `seq` it was scheduled for. The services check that the game is still
there, and record what they sent. So a late or duplicate delivery sends nothing.
"""

from __future__ import annotations

import base64
from typing import Any

from games.tasks import task

from . import challenges, inbound, notify, takebacks, tournaments

RETRY: dict[str, Any] = {
    "acks_late": True,
    "autoretry_for": (ConnectionError, OSError),
    "retry_backoff": True,
    "max_retries": 5,
}


@task(name="players.notify_turn", **RETRY)
def notify_turn(game_id: int, seq: int, position: int) -> bool:
    return notify.turn_notify(game_id=game_id, seq=seq, position=position)


@task(name="players.remind", **RETRY)
def remind(game_id: int, seq: int, position: int) -> bool:
    return notify.reminder_send(game_id=game_id, seq=seq, position=position)


@task(name="players.notify_timeout", **RETRY)
def notify_timeout(game_id: int, seq: int, position: int) -> bool:
    return notify.timeout_notify(game_id=game_id, seq=seq, position=position)


@task(name="players.notify_final", **RETRY)
def notify_final(game_id: int, seq: int) -> int:
    return notify.final_notify(game_id=game_id)


@task(name="players.notify_pause", **RETRY)
def notify_pause(game_id: int, proposal_id: int) -> int:
    return notify.pause_notify(game_id=game_id, proposal_id=proposal_id)


@task(name="players.notify_takeback", **RETRY)
def notify_takeback(game_id: int, seq: int) -> int:
    return takebacks.takeback_notify(game_id=game_id, seq=seq)


@task(name="players.notify_vacation", **RETRY)
def notify_vacation(vacation_id: int, game_id: int) -> bool:
    return notify.vacation_notify(vacation_id=vacation_id, game_id=game_id)


@task(name="players.notify_challenge", **RETRY)
def notify_challenge(challenge_id: int) -> bool:
    return challenges.challenge_notify(challenge_id=challenge_id)


@task(name="players.notify_tournament_round", **RETRY)
def notify_tournament_round(event_id: int) -> bool:
    return tournaments.round_notify(event_id=event_id)


@task(name="players.mails_sweep", **RETRY)
def mails_sweep() -> int:
    """Beat's mail sweep. Sends the reminders that are due, and the mails whose task was lost."""
    return notify.reminders_sweep() + notify.lost_mails_sweep() + challenges.lost_mails_sweep()


@task(name="players.send_digests", **RETRY)
def send_digests() -> int:
    return notify.digests_send()


@task(name="players.read_reply", **RETRY)
def read_reply(raw_b64: str, recipients: list[str]) -> str:
    """Handles one received message, given as base64 of its bytes.

    Task arguments travel as JSON, hence the base64.
    """
    return inbound.inbound_handle(inbound.parse_bytes(base64.b64decode(raw_b64)), recipients)


@task(name="players.prune_mail_records", **RETRY)
def prune_mail_records() -> int:
    return notify.records_prune()
