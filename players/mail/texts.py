"""The e-mail texts and the secrets they carry.

They are plain-text renderings of a seat's view, and the move codes. The reply secret proves a
seat. The unsubscribe token proves an address.

Everything a mail says about a game comes from `engine.view(state, seat)` for the recipient's own
seat. When the decision is that seat's, it also uses `engine.legal_actions(state)`. It never
reads the snapshot itself. So a mail can reveal no more than the HTTP view does.

Move codes are `A1`, `A2`, ... in the order of `engine.legal_actions(state)`. That order is fixed
for a given state. So a code means one action for one `(game, seq)`.

The reply secret is `<game>-<seat>-<seq>-<20 hex digits of an HMAC>`. The HMAC uses SECRET_KEY
and the seat's token hash. So rotating the seat token revokes it. The secret sits in the Reply-To
address (`play+<secret>@host`, from GTR_MAIL_REPLY_ADDRESS) and in the subject. A reply counts
for a seat only when it carries that seat's secret. The From header proves nothing.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from games.models import Game, Seat
from games.read import calendars
from games.words.labels import (
    Describer,
    action_label,
    card_names,
    end_reason,
    material_word,
    role_word,
)
from games.words.seats import seat_name, seat_names, seat_number

# Reply secrets ----------------------------------------------------------------------------------

SECRET_RE = re.compile(r"(?<![\w-])(\d{1,12})-(\d{1,2})-(\d{1,9})-([0-9a-f]{20})(?![\w-])", re.I)


def reply_secret(seat: Seat, seq: int) -> str:
    return f"{seat.game_id}-{seat.position}-{seq}-{_digest(seat, seq)}"


def _digest(seat: Seat, seq: int) -> str:
    value = f"{seat.game_id}:{seat.position}:{seq}:{seat.token_hash}"
    return salted_hmac("gtr.mail-reply", value, algorithm="sha256").hexdigest()[:20]


def secret_valid(seat: Seat, seq: int, digest: str) -> bool:
    return constant_time_compare(digest.lower(), _digest(seat, seq))


def parse_secret(text: str) -> tuple[int, int, int, str] | None:
    """Returns (game id, seat position, seq, digest) of the first reply secret in `text`."""
    match = SECRET_RE.search(text or "")
    if match is None:
        return None
    game_id, position, seq, digest = match.groups()
    return int(game_id), int(position), int(seq), digest


def reply_address(seat: Seat, seq: int) -> str:
    local, _, domain = settings.GTR_MAIL_REPLY_ADDRESS.partition("@")
    return f"{local}+{reply_secret(seat, seq)}@{domain}"


# Unsubscribe ------------------------------------------------------------------------------------

UNSUBSCRIBE_SALT = "gtr.unsubscribe"


def unsubscribe_token(address: str) -> str:
    return signing.dumps(address.lower(), salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_address(token: str) -> str | None:
    """Returns the address an unsubscribe token was made for.

    Returns None if the token is not genuine.
    """
    try:
        value = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return value if isinstance(value, str) else None


def unsubscribe_url(address: str) -> str:
    return f"{settings.GTR_PUBLIC_URL}/mail/unsubscribe/{unsubscribe_token(address)}/"


def preferences_url(address: str) -> str:
    """The page where a person sets the mails to `address`, no account needed.

    The token is the unsubscribe link's: the address signed with SECRET_KEY.
    """
    return f"{settings.GTR_PUBLIC_URL}/mail/preferences/{unsubscribe_token(address)}/"


# Seats ------------------------------------------------------------------------------------------


def seat_address(seat: Seat) -> str:
    """Returns where a seat's mail goes: its player's account address, else the invited one."""
    if seat.user_id is not None and seat.user is not None and seat.user.email:
        return str(seat.user.email).lower()
    return seat.email.lower()


def seat_label(seat: Seat) -> str:
    """The seat's name as the page shows it (games.words.seats), and whether it resigned."""
    name = seat_name(seat)
    return _("%(who)s, resigned") % {"who": name} if seat.resigned else name


def names_of(seats: list[Seat]) -> dict[int, str]:
    return seat_names(seats)


# Moves and their codes --------------------------------------------------------------------------


def move_codes(state: engine.State) -> list[tuple[str, dict[str, Any]]]:
    """Returns the pending decision's legal actions, each with its reply code."""
    return [(f"A{i}", action) for i, action in enumerate(engine.legal_actions(state), start=1)]


def _card(cid: Any, names: dict[int, str]) -> str:
    return Describer(names, with_ids=True).card(cid)


def _cards(ids: Any, names: dict[int, str]) -> str:
    return Describer(names, with_ids=True).cards(ids)


def describe(
    action: dict[str, Any],
    names: dict[int, str],
    view: dict[str, Any] | None = None,
    seat_names: dict[int, str] | None = None,
    petition: bool | None = None,
) -> str:
    """Returns one action in the shared plain words (`games.words.labels`), with card ids.

    A mail's reader names a card by its id when he plays by web or HTTP.
    """
    return action_label(
        action, names, view=view, seat_names=seat_names, with_ids=True, petition=petition
    )


def moves_words(
    state: engine.State, view: dict[str, Any], seat_names: dict[int, str] | None = None
) -> list[tuple[str, str]]:
    """Returns each legal action's code and words, a petition worded as one."""
    names = card_names(view)
    return [
        (code, describe(a, names, view, seat_names, petition=engine.is_petition(state, a)))
        for code, a in move_codes(state)
    ]


def moves_text(
    state: engine.State, view: dict[str, Any], seat_names: dict[int, str] | None = None
) -> str:
    codes = moves_words(state, view, seat_names)
    limit = settings.GTR_MAIL_MAX_MOVES
    lines = [f"  {code:<5} {words}" for code, words in codes[:limit]]
    if len(codes) > limit:
        more = _("... and %(count)s more: play them over HTTP.") % {"count": len(codes) - limit}
        lines.append(f"  {more}")
    return "\n".join(lines)


def commands_help() -> str:
    return _(
        "You may also write one word: think (draw cards), jack (take a jack), or skip; "
        "back ends a bot's stand-in after timeouts."
    )


# The table --------------------------------------------------------------------------------------


def _public_player(p: dict[str, Any], names: dict[int, str], own: bool) -> list[str]:
    lines = []
    if own:
        hand = _cards([c["id"] for c in p["hand"]], names)
        text = _("hand (%(count)s): %(cards)s") % {"count": p["hand_count"], "cards": hand}
        lines.append(f"  {text}")
    else:
        count = p["hand_count"]
        lines.append(
            "  "
            + ngettext("hand: %(count)s card", "hand: %(count)s cards", count) % {"count": count}
        )
    lines.append("  " + _("influence: %(influence)s") % {"influence": p["influence"]})
    zones = {"camp": _("camp"), "clientele": _("clientele"), "stockpile": _("stockpile")}
    for field, word in zones.items():
        if p[field]:
            lines.append(f"  {word}: {_cards([c['id'] for c in p[field]], names)}")
    count = p["vault_count"]
    vault = "  " + ngettext("vault: %(count)s card", "vault: %(count)s cards", count) % {
        "count": count
    }
    if p["vault_visible"]:
        seen = _cards([c["id"] for c in p["vault_visible"]], names)
        vault += " " + _("(seen: %(cards)s)") % {"cards": seen}
    lines.append(vault)
    for b in p["buildings"]:
        done = (
            _("complete")
            if b["complete"]
            else ngettext("%(count)s material", "%(count)s materials", len(b["materials"]))
            % {"count": len(b["materials"])}
        )
        building = _("building: %(card)s on %(site)s site (%(state)s)") % {
            "card": _card(b["foundation"]["id"], names),
            "site": material_word(b["site"]),
            "state": done,
        }
        lines.append(f"  {building}")
    return lines


def view_text(game: Game, seats: list[Seat], view: dict[str, Any], position: int) -> str:
    """Returns the table as seat `position` sees it, in plain text."""
    names = card_names(view)
    by_position = {s.position: s for s in seats}
    names_by_seat = seat_names(seats)
    turn = _("Turn %(turn)s; leader: %(leader)s") % {
        "turn": view["turn"],
        "leader": names_by_seat.get(view["leader"], seat_number(view["leader"])),
    }
    if view.get("role"):
        turn += "; " + _("role led: %(role)s") % {"role": role_word(view["role"])}
    sites = ", ".join(
        f"{material_word(m)} {s['in_town']}/{s['out_of_town']}" for m, s in view["sites"].items()
    )
    lines = [
        turn,
        _("Pool: %(cards)s") % {"cards": _cards([c["id"] for c in view["pool"]], names)},
        _("Deck: %(deck)s cards; jacks left: %(jacks)s")
        % {"deck": view["deck_count"], "jacks": view["jacks_count"]},
        _("Sites left (in town / out of town): %(sites)s") % {"sites": sites},
    ]
    prompt = view.get("prompt") or {}
    if prompt.get("revealed"):
        revealed = _cards([c["id"] for c in prompt["revealed"]], names)
        lines.append(_("Revealed: %(cards)s") % {"cards": revealed})
    for p in view["players"]:
        own = p["seat"] == position
        seat = by_position.get(p["seat"])
        label = seat_label(seat) if seat is not None else seat_number(p["seat"])
        lines.append("")
        lines.append(_("You, %(seat)s:") % {"seat": label} if own else f"{label}:")
        lines.extend(_public_player(p, names, own))
    return "\n".join(lines)


def time_off_text(game: Game, seats: list[Seat], position: int, now: datetime) -> str:
    """Why clocks wait at this game now (docs/async.md, Time off): a pause, the reader's own
    vacation, others' vacations, the playing hours. Empty when every clock runs."""
    lines = []
    if calendars.paused_at(game, now):
        if game.paused_until is not None:
            lines.append(
                _("The game is paused until %(until)s UTC: no clock runs.")
                % {"until": f"{game.paused_until:%Y-%m-%d %H:%M}"}
            )
        else:
            lines.append(_("The game is paused until someone resumes it: no clock runs."))
    for seat in seats:
        until = calendars.away_until(seat, now) if seat.away else None
        if until is None:
            continue
        when = f"{until:%Y-%m-%d %H:%M}"
        if seat.position == position:
            lines.append(
                _("You are on vacation until %(until)s UTC: your clock waits (you may still play).")
                % {"until": when}
            )
        else:
            lines.append(
                _("%(seat)s is on vacation until %(until)s UTC.")
                % {"seat": seat_label(seat).capitalize(), "until": when}
            )
    stopped = calendars.clock_status(game, now)["stopped"]
    if stopped is not None and stopped["why"] == calendars.HOURS and stopped["until"] is not None:
        lines.append(
            _("Outside the playing hours: the clock waits until %(until)s UTC.")
            % {"until": f"{stopped['until']:%Y-%m-%d %H:%M}"}
        )
    return "\n".join(lines)


def scores_text(seats: list[Seat], view: dict[str, Any]) -> str:
    end = view.get("end") or {}
    by_position = {s.position: s for s in seats}
    lines = []
    for row in end.get("scores", []):
        seat = by_position.get(row["seat"])
        label = seat_label(seat) if seat is not None else seat_number(row["seat"])
        bonuses = ", ".join(row.get("merchant_bonuses") or []) or _("none")
        score = _(
            "%(total)s points (influence %(influence)s, vault %(vault)s, merchant bonuses: "
            "%(bonuses)s)"
        ) % {**row, "bonuses": bonuses}
        lines.append(f"  {label}: {score}")
    winners = ", ".join(
        seat_label(by_position[w]) if w in by_position else seat_number(w)
        for w in end.get("winners", [])
    )
    reason = end_reason(end["reason"]) if end.get("reason") else ""
    head = _("Winner: %(winners)s") % {"winners": winners} + (f" ({reason})" if reason else "")
    return head + "\n" + "\n".join(lines)


def game_url(game: Game) -> str:
    return f"{settings.GTR_PUBLIC_URL}/api/games/{game.pk}/"
