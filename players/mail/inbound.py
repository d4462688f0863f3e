"""Play by e-mail.

A reply carries a seat's reply secret and a move code or a one-word command. It is played for
that seat through `games.services.moves.move_submit`, with actor `email`.

Only the reply secret proves the seat. It sits in the address the reply was sent to, or in the
subject. It binds the game, the seat and the `seq` of the decision it answers
(`players.mail.texts`). The From header is never looked at.

A message without a genuine secret changes nothing and gets no answer. So forged senders get no
backscatter. A genuine reply may not be playable. The game moved on, or the reply has no code, or
its code or command is not legal. Then the seat's own address gets an answer saying why. It lists
the current legal moves with their codes. Each message is acted on once, by its Message-ID
(`InboundMail`).
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import logging
import re
from collections.abc import Sequence
from email.message import EmailMessage, Message
from html import unescape
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.html import strip_tags

import engine
from engine.errors import GameError
from games.errors import ServiceError, StaleSeq
from games.models import Game, Move, Seat
from games.read.selectors import Caller
from games.services.automatic import seat_return
from games.services.moves import move_submit
from games.services.pauses import pause_answer
from games.services.undo import takeback_answer
from players.models import InboundMail

from . import chat, notify, takebacks, texts

log = logging.getLogger(__name__)

ADDRESS_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")
CODE_RE = re.compile(r"[Aa](\d{1,4})")
# One-word answers, and the action each stands for when it is legal.
COMMANDS: dict[str, dict[str, Any]] = {
    "think": {"type": "think", "take": "cards"},
    "draw": {"type": "think", "take": "cards"},
    "jack": {"type": "think", "take": "jack"},
    "skip": {"type": "skip"},
    "pass": {"type": "skip"},
}
# After timeouts, stops the bot standing in for the seat (games.services.automatic.seat_return).
BACK = "back"
# The answer to a proposal to pause the game (games.services.pauses.pause_answer).
PAUSE_RE = re.compile(r"(?<!\w)pause\s+(yes|no)(?!\w)", re.I)
# The answer to a takeback request (games.services.undo.takeback_answer): `yes` or `no` when one
# waits for the seat's answer, `takeback yes` or `takeback no` at any time.
TAKEBACK_RE = re.compile(r"(?<!\w)(takeback\s+)?(yes|no)(?!\w)", re.I)
# Where the quoted original starts in a reply.
QUOTE_START = re.compile(
    r"^(On .*wrote:?|-+ ?Original Message ?-+|From: .*|_{10,}|-- ?|Le .*a écrit ?:)$", re.I
)


def parse_bytes(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def message_key(message: Message) -> str:
    message_id = str(message.get("Message-ID") or "").strip()
    if message_id:
        return message_id[:255]
    return "sha256:" + hashlib.sha256(message.as_bytes()).hexdigest()


def find_secret(
    message: Message, recipients: Sequence[str] = ()
) -> tuple[int, int, int, str] | None:
    """Returns the first reply secret in the envelope recipients, address headers or subject."""
    places = list(recipients)
    for header in ADDRESS_HEADERS:
        places.extend(str(v) for v in message.get_all(header) or [])
    places.append(str(message.get("Subject") or ""))
    for text in places:
        found = texts.parse_secret(text)
        if found is not None:
            return found
    return None


def body_text(message: Message) -> str:
    """Returns the plain-text body, else the HTML one with its tags stripped."""
    if isinstance(message, EmailMessage):
        part = message.get_body(preferencelist=("plain", "html"))
        if part is not None:
            content = part.get_content()
            return html_text(content) if part.get_content_type() == "text/html" else content
        return ""
    payload = message.get_payload(decode=True)
    return payload.decode(errors="replace") if isinstance(payload, bytes) else ""


def html_text(html: str) -> str:
    """Returns the text of an HTML body, one line per block, without blockquotes."""
    html = re.sub(r"(?is)<blockquote.*?</blockquote>", "\n", html)
    html = re.sub(r"(?i)<br\s*/?>|</(p|div|li|tr|h\d)>", "\n", html)
    return unescape(strip_tags(html))


def fresh_text(body: str) -> str:
    """Returns what the sender wrote, without the quoted original below it."""
    lines = []
    for line in body.splitlines():
        stripped = line.strip()
        if stripped.startswith(">"):
            continue
        if QUOTE_START.match(stripped):
            break
        lines.append(line)
    return "\n".join(lines)


def command_of(text: str) -> str | None:
    """Returns the first move code (`A12`) or one-word command in `text`, normalised."""
    words: list[str] = re.findall(r"[\w]+", text)
    for word in words:
        if CODE_RE.fullmatch(word):
            return word.upper()
        if word.lower() in COMMANDS or word.lower() == BACK:
            return word.lower()
    return None


def action_for(command: str, state: engine.State) -> dict[str, Any] | None:
    """Returns the legal action a command stands for now, or None."""
    codes = dict(texts.move_codes(state))
    if command in codes:
        return codes[command]
    wanted = COMMANDS.get(command)
    return wanted if wanted is not None and wanted in codes.values() else None


def automatic(message: Message) -> bool:
    """Whether the message is an auto-reply.

    RFC 3834's Auto-Submitted says so, or the usual vacation and list headers. An auto-reply is
    never played and never answered. So a vacation responder and the server cannot loop.
    """
    submitted = str(message.get("Auto-Submitted") or "no").strip().lower()
    precedence = str(message.get("Precedence") or "").strip().lower()
    return (
        submitted != "no"
        or precedence in ("bulk", "junk", "list", "auto_reply")
        or any(h in message for h in ("X-Autoreply", "X-Autorespond"))
    )


def inbound_handle(message: Message, recipients: Sequence[str] = ()) -> str:
    """Acts on one inbound message and returns what happened.

    The outcomes are automatic, no_secret, forged, duplicate, played, stale, back, pause_yes,
    pause_no, takeback_yes, takeback_no, finished, no_command, illegal, said and not_said (a
    `say:` line).
    """
    if automatic(message):
        return "automatic"
    secret = find_secret(message, recipients)
    if secret is None:
        return "no_secret"
    game_id, position, seq, digest = secret
    seat = Seat.objects.select_related("user", "game").filter(game_id=game_id, position=position)
    found = seat.first()
    if found is None or not texts.secret_valid(found, seq, digest):
        log.warning("inbound mail for game %s seat %s with a wrong secret", game_id, position)
        return "forged"
    # Only genuine replies are recorded. So a forged message cannot take a real one's key.
    key = f"{message_key(message)}|{game_id}-{position}-{seq}"
    try:
        with transaction.atomic():
            record = InboundMail.objects.create(
                message_id=key[:255], outcome="received", game_id=game_id
            )
    except IntegrityError:
        return "duplicate"
    outcome = _play(message, found, seq)
    InboundMail.objects.filter(pk=record.pk).update(outcome=outcome)
    log.info("inbound mail %s for game %s: %s", key, game_id, outcome)
    return outcome


def _play(message: Message, seat: Seat, seq: int) -> str:
    game = seat.game
    line = chat.say_of(fresh_text(body_text(message)))
    if line is not None:  # About the table, not a decision: any genuine secret of the seat.
        return _say(seat, line)
    if game.status != Game.Status.ACTIVE:
        _answer(seat, "the game is over", f"Game {game.pk} is {game.get_status_display()}.")
        return "finished"
    fresh = fresh_text(body_text(message))
    pause = PAUSE_RE.search(fresh)
    command = command_of(fresh)
    if pause is not None and (command is None or fresh.find(pause.group(0)) <= _at(fresh, command)):
        return _pause(seat, pause.group(1).lower() == "yes")  # the seat's, like `back`
    answer = _takeback_answer(fresh, command, seat)
    if answer is not None:
        return _takeback(seat, seq, answer)
    if command == BACK:  # About the seat, not a decision. Any genuine secret of the seat will do.
        return _back(seat)
    if game.seq != seq:
        return _stale(seat, seq, game.seq)
    if command is None:
        _answer(seat, "no move found", "Your reply held no move code (like A1) or command.")
        return "no_command"
    action = action_for(command, engine.from_json(game.state))
    if action is None:
        _answer(seat, "not a legal move", f"'{command}' is not one of your moves now.")
        return "illegal"
    try:
        move_submit(
            game_id=game.pk,
            caller=Caller(position=seat.position),
            seq=seq,
            action=action,
            actor=Move.Actor.EMAIL,
        )
    except StaleSeq:
        return _stale(seat, seq, None)
    except GameError as exc:
        _answer(seat, "not played", f"Your move could not be played: {exc.detail}")
        return "illegal"
    return "played"


def _say(seat: Seat, line: str) -> str:
    """Says a reply's `say:` line at the table, for the seat."""
    try:
        chat.say(seat, line)
    except ServiceError as exc:
        _answer(seat, "not said", f"Your line was not said at the table: {exc.detail}")
        return "not_said"
    return "said"


def _at(text: str, command: str) -> int:
    """Where a command (normalised by `command_of`) first stands in `text`."""
    found = re.search(rf"(?<!\w){re.escape(command)}(?!\w)", text, re.I)
    return found.start() if found else len(text)


def _pause(seat: Seat, accept: bool) -> str:
    """Accepts or declines the game's open proposal to pause, for the seat."""
    try:
        pause_answer(game_id=seat.game_id, position=seat.position, accept=accept)
    except ServiceError as exc:
        _answer(seat, "not answered", exc.detail)
        return "illegal"
    return "pause_yes" if accept else "pause_no"


def _takeback_answer(fresh: str, command: str | None, seat: Seat) -> bool | None:
    """The reply's answer to a takeback request (True: yes), if it answers one before any move.

    A bare `yes` or `no` answers only a request that waits for the seat's answer.
    """
    found = TAKEBACK_RE.search(fresh)
    if found is None or not (found.group(1) or takebacks.asked(seat.game, seat)):
        return None
    if command is not None and found.start() > _at(fresh, command):
        return None
    return found.group(2).lower() == "yes"


def _takeback(seat: Seat, seq: int, accept: bool) -> str:
    """Answers the takeback request made at move `seq` (the mail's), for the seat."""
    if Game.objects.filter(pk=seat.game_id).values_list("seq", flat=True).first() != seq:
        _answer(seat, "not answered", "That takeback request is over: the game has moved on.")
        return "stale"
    try:
        takeback_answer(game_id=seat.game_id, caller=Caller(position=seat.position), accept=accept)
    except ServiceError as exc:
        _answer(seat, "not answered", exc.detail)
        return "illegal"
    return "takeback_yes" if accept else "takeback_no"


def _back(seat: Seat) -> str:
    """Stops the bot standing in for the seat: the player is back after timeouts."""
    try:
        seat_return(game_id=seat.game_id, position=seat.position)
    except ServiceError as exc:
        _answer(seat, "not back", exc.detail)
        return "illegal"
    game = Game.objects.get(pk=seat.game_id)
    if notify.decision_load(game.pk, game.seq, seat.position) is None:
        _answer(seat, "welcome back", "You play your seat again; no bot stands in for you.")
    return "back"


def _stale(seat: Seat, seq: int, now: int | None) -> str:
    where = f"move {now}" if now is not None else "a later move"
    why = (
        f"Your reply answered the decision at move {seq}, but the game has moved on to {where}; "
        "nothing was played."
    )
    if Seat.objects.filter(pk=seat.pk, bot_standing_in=True).exists():
        why += (
            "\n\nAfter your timeouts a bot plays for you. Reply 'back' to this mail to play your "
            "seat again."
        )
    _answer(seat, "that decision has passed", why)
    return "stale"


def _answer(seat: Seat, what: str, why: str) -> None:
    """Tells the seat why its reply was not played.

    The answer goes to the seat's own address, never the sender's. If the decision is the
    seat's now, it lists the moves with a fresh reply address.
    """
    address = texts.seat_address(seat)
    if not address:
        return
    game = Game.objects.get(pk=seat.game_id)
    d = notify.decision_load(game.pk, game.seq, seat.position)
    if d is not None:
        message = notify.decision_message(d, what, why + "\n\nIt is your decision now.")
    else:
        state = engine.from_json(game.state) if game.state is not None else None
        to_act = engine.to_act(state) if state is not None else None
        later = (
            f"It is seat {to_act}'s decision now; you will get a mail when it is yours."
            if to_act is not None
            else ""
        )
        message = notify.message_build(
            address, f"Glory to Rome game {game.pk}: {what}", f"{why}\n\n{later}".strip(), None
        )
    message.send()
