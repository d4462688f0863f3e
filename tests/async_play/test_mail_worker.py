"""E-mail through a real Celery worker: a person at a table of bots gets the turn mail
from the worker, plays by replying with a listed code (read_mail), the bots answer in the worker,
and the next turn mail follows; all of it without the test sending a mail itself."""

from __future__ import annotations

import email
import email.policy
import mailbox
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from games.models import Game, Move
from games.services import lobby
from games.services.lobby import SeatSpec
from players.mail import texts as texts

from .conftest import Worker, wait_for

pytestmark = pytest.mark.celery

ADDRESS = "ann@example.org"


def turn_mails(folder: Path) -> list[EmailMessage]:
    """The turn mails the worker's file backend wrote (one file per connection)."""
    found = []
    for path in sorted(folder.glob("*.log")) if folder.exists() else []:
        for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            if not chunk.strip():
                continue
            message = email.message_from_bytes(chunk, policy=email.policy.default)
            if "your turn" in str(message["Subject"]):
                found.append(message)
    return found


def test_a_person_among_bots_plays_by_mail(
    worker: Worker, transactional_db: Any, django_user_model: Any, tmp_path: Path
) -> None:
    outbox = tmp_path / "mail"
    worker.start(
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(outbox),
    )
    ann = django_user_model.objects.create_user("ann", email=ADDRESS, password="x")
    game_id = lobby.game_create(
        user=ann,
        version="republic",
        players=3,
        seats=[SeatSpec("bot"), SeatSpec("me"), SeatSpec("bot")],
    ).pk
    first = wait_for(lambda: turn_mails(outbox), "the first turn mail")[-1]
    game = Game.objects.get(pk=game_id)
    assert game.to_act == 1 and first["To"] == ADDRESS
    assert texts.reply_secret(game.seats.get(position=1), game.seq) in str(first["Reply-To"])

    answer = EmailMessage()
    answer["From"] = ADDRESS
    answer["To"] = str(first["Reply-To"])
    answer["Subject"] = "Re: " + str(first["Subject"])
    answer["Message-ID"] = "<worker-test@example.org>"
    answer.set_content("A2\n")
    box = mailbox.mbox(tmp_path / "inbox")
    box.add(answer)
    box.flush()
    call_command("read_mail", "--mbox", str(tmp_path / "inbox"))

    move = Move.objects.get(game_id=game_id, seq=game.seq + 1)
    assert (move.seat, move.actor) == (1, "email")
    # The bots play in the worker until the person's next decision, which is mailed too (or the
    # game ended, and the final scores went instead).
    wait_for(
        lambda: len(turn_mails(outbox)) >= 2 or Game.objects.get(pk=game_id).status == "finished",
        "the next turn mail",
    )
