"""The table as one viewer sees it, ready for the template that draws it (web/_table.html).

The same template draws the web page and the HTML turn mail.

Everything here comes from what the API gives that viewer, never from the snapshot. One source
is `selectors.game_view_for_seat`. It gives the engine's view and the prompt. It also gives the
legal actions when the decision is the viewer's. The other is the move history, as
`selectors.move_for_seat` shows it.

The page and the mail differ only in where a card's picture comes from (`src`). The page uses a
URL of this server. The mail uses a Content-ID of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils import translation

from engine.cards import MATERIALS, ROLE_OF_MATERIAL
from games.models import Game, Seat
from games.read import selectors
from games.services import replay
from games.store import rows
from games.words import seats
from games.words.cardnames import card_name
from games.words.labels import (
    card_names,
    end_reason,
    labelled_actions,
    role_word,
)
from games.words.labels import material_word as material_name
from games.words.prompts import prompt_text
from games.words.seats import seat_name as seat_name  # the lobby names seats with it
from games.words.seats import seat_number

from . import cards
from .slow_games import slow_context

STORY_LINES = 40


def page_src(slug: str) -> str:
    return reverse("web:card", args=[slug])


def mail_src(slug: str) -> str:
    return f"cid:card-{slug}"


@dataclass
class Pictures:
    """Turns a view's card dicts into what the template needs.

    It remembers which faces it used. A mail attaches exactly those.
    """

    src: Callable[[str], str]
    used: set[str] = field(default_factory=set)

    def card(self, card: dict[str, Any]) -> dict[str, Any]:
        """Returns a card of the view, named by the engine, as the page draws it.

        The picture is the same in every language. Beside it stands the card's name in the
        reader's language (games.words.cardnames).
        """
        f = cards.face(card["name"])
        shown = card_name(card["name"])
        if f is None:
            return {**card, "name": shown, "src": None, "alt": shown, "material": None}
        self.used.add(f.slug)
        alt = f.alt if shown == f.name else f"{shown} ({f.name})" + f.alt[len(f.name) :]
        label = shown if shown != f.name else None
        return {
            **card,
            "name": shown,
            "label": label,
            "src": self.src(f.slug),
            "alt": alt,
            "material": f.material,
        }

    def cards(self, items: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        return [self.card(c) for c in items or []]


def seat_names(game: Game) -> dict[int, str]:
    return seats.seat_names(rows.seats_of(game))


def _building(b: dict[str, Any], pics: Pictures) -> dict[str, Any]:
    site = b["site"]
    return {
        **b,
        "foundation": pics.card(b["foundation"]),
        "materials": [
            {**m, "name": card_name(m["name"]), "material": material_word(m["name"])}
            for m in b["materials"]
        ],
        "site_role": ROLE_OF_MATERIAL.get(site, ""),
        "site_name": material_name(site),
    }


def material_word(name: str) -> str:
    f = cards.face(name)
    return f.material if f is not None else "jack"


def _player(
    p: dict[str, Any], names: dict[int, str], data: dict[str, Any], pics: Pictures
) -> dict[str, Any]:
    position = p["seat"]
    seat = next(s for s in data["seats"] if s["position"] == position)
    return {
        **p,
        "name": names.get(position, seat_number(position)),
        "you": position == data["my_seat"],
        "leader": position == (data["table"] or {}).get("leader"),
        "to_act": position == data["to_act"],
        "seat": seat,
        "hand": pics.cards(p["hand"]) if p["hand"] is not None else None,
        "camp": pics.cards(p["camp"]),
        "clientele": pics.cards(p["clientele"]),
        "stockpile": pics.cards(p["stockpile"]),
        "vault_visible": pics.cards(p["vault_visible"]),
        "buildings": [_building(b, pics) for b in p["buildings"]],
    }


def story(
    game: Game,
    position: int | None,
    names: dict[int, str],
    view: dict[str, Any] | None = None,
    upto: int | None = None,
) -> list[dict[str, Any]]:
    """Returns the story so far (up to move `upto`) as `position` sees it, newest first, in plain
    words.

    It is told from the game's events as that seat may see them (games.words.story): what the
    players chose and what the engine and the server decided for them. A line names only cards
    its events name for this reader.
    """
    told = selectors.story_lines(game, position, names, view, lines=STORY_LINES, upto=upto)
    return [
        {"seq": line.seq, "number": line.number, "who": "", "text": line.words}
        for line in reversed(told)
    ]


def table_context(
    game: Game,
    seat: Seat | None,
    *,
    src: Callable[[str], str] = page_src,
    for_mail: bool = False,
    replay_seq: int | None = None,
) -> dict[str, Any]:
    """Returns everything web/_table.html draws for `seat`, or for a spectator with None.

    For the page it adds the story so far and the data its script needs (`client`). The script
    needs the seq and the labelled legal actions. A mail (`for_mail`) lists the moves itself and
    has no script. With `replay_seq` it is the table after that move, as the seat saw it then
    (games.services.replay), with the story up to that move.
    """
    data = selectors.game_view_for_seat(game, seat)
    if replay_seq is not None:
        data = replayed(game, data, replay_seq)
    pics = Pictures(src)
    names = seat_names(game)
    view = data["table"]
    out: dict[str, Any] = {"game": game, "data": data, "names": names, "pictures": pics}
    out["client"] = (
        None
        if for_mail
        else {
            "game": game.pk,
            "seq": data["seq"],
            "status": data["status"],
            "replay": replay_seq,
            "last": game.seq,
            "my_seat": data["my_seat"],
            "your_turn": data["your_turn"],
            "actions": client_moves(view or {}, data["legal_actions"], names),
        }
    )
    if view is None:
        return out
    players = [_player(p, names, data, pics) for p in view["players"]]
    me = next((p for p in players if p["you"]), None)
    prompt = data["prompt"] or {}
    out.update(
        view=view,
        players=[p for p in players if not p["you"]] + ([me] if me else []),
        opponents=[p for p in players if not p["you"]],
        me=me,
        pool=pics.cards(view["pool"]),
        revealed=pics.cards(prompt.get("revealed")),
        sites=[
            {
                "material": m,
                "name": material_name(m),
                "role": ROLE_OF_MATERIAL[m],
                **view["sites"][m],
            }
            for m in MATERIALS
        ],
        role_name=role_word(view["role"]) if view.get("role") else "",
        prompt_text=prompt_words(prompt_text(prompt, card_names(view), names), names),
        to_act_name=names.get(data["to_act"], "") if data["to_act"] is not None else "",
        leader_name=names.get(view["leader"], ""),
        story=[] if for_mail else story(game, data["my_seat"], names, view, upto=replay_seq),
        replay=replay_seq,
        end=ending(view, names),
    )
    if not for_mail and replay_seq is None:
        out["slow"] = slow_context(game, seat, data, names, out["story"])
    return out


def replayed(game: Game, data: dict[str, Any], seq: int) -> dict[str, Any]:
    """Returns the seat's game view with its table as it was after move `seq`: no decision of
    the viewer's to take, no clock (issue 30, the replay)."""
    then = replay.replay_view(game, data["my_seat"], seq, translation.get_language() or "en")
    return {
        **data,
        "seq": seq,
        "table": then["table"],
        "prompt": then["prompt"],
        "to_act": then["to_act"],
        "your_turn": False,
        "legal_actions": [],
        "deadline": None,
        "last": then["last"],
    }


def client_moves(
    view: dict[str, Any], legal_actions: list[Any], names: dict[int, str]
) -> list[dict[str, Any]]:
    """Returns each move the page offers, as the table script takes it.

    This is the one place the web client reads the API's legal actions. They are the
    `legal_actions` of the seat's game view, each {id, label, petition, action}. Each move has
    the `action` to post back and its `label` in plain words. It also has its `group` and the
    `cards` it names, to select. The page words its own labels, since it names bots and guests.
    """
    moves = [dict(entry["action"]) for entry in legal_actions]
    petitions = [entry.get("petition") for entry in legal_actions]
    return labelled_actions(view, moves, names, petitions)


def prompt_words(text: str, names: dict[int, str]) -> str:
    """Returns the engine's English prompt with seats named.

    So 'give to seat 1' becomes 'give to Bob'. A prompt in another language names them already
    (games.words.prompts).
    """
    return re.sub(r"\bseat (\d+)", lambda m: names.get(int(m.group(1)), m.group(0)), text)


def ending(view: dict[str, Any], names: dict[int, str]) -> dict[str, Any] | None:
    end = view.get("end")
    if not end:
        return None
    rows = sorted(end.get("scores", []), key=lambda r: -r["total"])
    return {
        "winners": [names.get(w, seat_number(w)) for w in end.get("winners", [])],
        "reason": end_reason(end.get("reason", "")),
        "scores": [
            {
                **r,
                "name": names.get(r["seat"], seat_number(r["seat"])),
                "bonuses": [material_name(m) for m in r.get("merchant_bonuses") or []],
            }
            for r in rows
        ],
    }
