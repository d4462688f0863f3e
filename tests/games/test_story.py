"""The story in words (games.words.story): whole bot games in every ruleset, told to every seat
and a spectator, name only cards that the reader's own event views name; what the server decided
appears; each reader is "you" and the others are named."""

from __future__ import annotations

import doctest
import re
from typing import Any

import pytest
from django.utils import translation

import engine
from engine.bots import make_bot
from games.words import story
from games.words.cardnames import card_name
from games.words.story import Narrator

NAMES = {0: "Ann", 1: "Bob", 2: "Cid", 3: "Dee", 4: "Eve"}


def test_doctests() -> None:
    assert doctest.testmod(story).failed == 0


def played(version: str, players: int, seed: int, options: dict[str, Any] | None = None):
    """Yields (state before, state after) of a whole greedy-bot game."""
    state = engine.new_game(version, players, seed, options)
    bots = [make_bot("greedy" if s % 2 else "random", seed * 10 + s) for s in range(players)]
    for _ in range(5000):
        if engine.is_over(state):
            return
        seat = engine.to_act(state)
        after = engine.apply(
            state, bots[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        )
        yield state, after
        state = after


def told(version: str, players: int, seed: int, options: dict[str, Any] | None = None):
    """Tells a whole game to every seat and a spectator, as the service records it: a decision
    event before each move, then the apply's events as each viewer sees them. Returns, per
    viewer, its lines and the names of every card its event views named."""
    viewers: list[int | None] = [*range(players), None]
    narrators = {v: Narrator(v, NAMES, bots=range(players)) for v in viewers}
    lines: dict[int | None, list[Any]] = {v: [] for v in viewers}
    seen: dict[int | None, set[str]] = {v: set() for v in viewers}
    catalog: set[str] = set()
    number = 0
    for before, after in played(version, players, seed, options):
        catalog |= set(after.names)
        prompt = engine.prompt(before) or {}
        decision = {"type": "decision", "seat": engine.to_act(before), "kind": prompt.get("kind")}
        if "role" in prompt:
            decision["role"] = prompt["role"]
        events = engine.events_of(after)
        for v in viewers:
            shown = [decision]
            for event in events:
                number += 1
                view = {**engine.event_view(after, event, v), "id": number, "seq": 0}
                if event["type"] == "action":
                    view["actor"] = "bot"
                for card in view.get("cards") or []:
                    seen[v].add(card["name"])
                if isinstance(view.get("building"), dict):  # completed: public to all
                    seen[v].add(view["building"]["name"])
                    seen[v].add(view["building"]["name"].replace(" (2005)", ""))
                shown.append(view)
            lines[v] += narrators[v].lines(shown)
    return lines, seen, catalog


def names_in(text: str, catalog: set[str], language: str) -> set[str]:
    """The cards of `catalog` whose name (in `language`) the text holds as words."""
    found = set()
    for name in sorted(catalog, key=lambda n: -len(card_name(n, language))):
        shown = card_name(name, language)
        pattern = r"(?<!\w)" + re.escape(shown) + r"(?!\w)"
        if shown != "Jack" and re.search(pattern, text):
            found.add(name)
            text = re.sub(pattern, "", text)
    return found


@pytest.mark.parametrize(
    ("version", "players", "seed", "options", "language"),
    [
        ("republic", 3, 1, None, "en"),
        ("imperium", 4, 2, None, "en"),
        ("first_edition", 3, 3, None, "en"),
        ("republic", 2, 4, {"geek": True}, "en"),
        ("imperium", 5, 5, {"geek": True}, "pl"),
        ("first_edition", 2, 6, None, "pl"),
    ],
)
def test_a_line_names_only_cards_its_reader_saw_named(
    version: str, players: int, seed: int, options: Any, language: str
) -> None:
    with translation.override(language):
        lines, seen, catalog = told(version, players, seed, options)
    for viewer, said in lines.items():
        assert said, viewer
        for line in said:
            assert line.cards <= seen[viewer]
            named = names_in(line.words, catalog, language)
            assert named <= line.cards, (viewer, line.words)
            assert "%(" not in line.words and "seat " not in line.words, line.words
    spectator = " ".join(line.words for line in lines[None])
    assert "You " not in spectator and " you" not in spectator  # a spectator is nobody


def test_every_seat_reads_its_own_draws_and_counts_the_others() -> None:
    lines, _seen, _catalog = told("republic", 3, 7)
    mine = [line.words for line in lines[0] if line.words.startswith("You think and draw")]
    theirs = [line.words for line in lines[0] if line.words.startswith("Bob thinks and draws")]
    assert mine and all(":" in w and " card" not in w.split(":")[1] for w in mine), mine
    assert theirs and all(re.search(r": \d+ cards?\.", w) for w in theirs), theirs
    spectator = [line.words for line in lines[None] if "thinks and draws" in line.words]
    assert spectator and all(re.search(r": \d+ cards?\.", w) for w in spectator)


def legionary_table() -> engine.State:
    """Ann leads Legionary demanding brick; Bob holds exactly one brick card."""
    state = engine.scenario(
        {
            "version": "republic",
            "leader": 0,
            "players": [{"hand": ["Bath", "Shrine"]}, {"hand": ["Archway", "Temple"]}],
        }
    )
    bath = next(c for c in state.players[0].hand if state.names[c] == "Bath")
    return engine.apply(state, {"type": "lead", "role": "legionary", "cards": [bath]})


def test_a_forced_give_and_a_skipped_action_are_told() -> None:
    """W2: a Legionary's victim with exactly the card owed gives it without a decision; the
    story says so, to the giver, to the taker and to a spectator."""
    state = legionary_table()
    events: list[dict[str, Any]] = []
    for action in (
        {"type": "think", "take": "jack"},  # Bob keeps one brick card: Archway
        {"type": "demand", "cards": [state.players[0].hand[0]]},
    ):
        prompt = engine.prompt(state) or {}
        seat = engine.to_act(state)
        events.append({"type": "decision", "seat": seat, "kind": prompt.get("kind")})
        state = engine.apply(state, action)
        events += [{"seat_view": e} for e in engine.events_of(state)]

    def forced_give() -> bool:
        return any(
            e.get("seat_view", {}).get("type") == "resolved"
            and e["seat_view"]["action"]["type"] == "give"
            for e in events
        )

    for _ in range(6):
        if forced_give() or engine.to_act(state) is None:
            break
        prompt = engine.prompt(state) or {}
        events.append(
            {"type": "decision", "seat": engine.to_act(state), "kind": prompt.get("kind")}
        )
        state = engine.apply(state, engine.legal_actions(state)[0])
        events += [{"seat_view": e} for e in engine.events_of(state)]
    assert forced_give(), [e["seat_view"] for e in events if "seat_view" in e]

    def tell(viewer: int | None) -> list[str]:
        shown = [
            engine.event_view(state, e["seat_view"], viewer) if "seat_view" in e else e
            for e in events
        ]
        with translation.override("en"):
            return [line.words for line in Narrator(viewer, NAMES).lines(shown)]

    taker, giver, spectator = tell(0), tell(1), tell(None)
    server = "(Nothing else was possible: the server played it.)"
    assert any(w.startswith("Bob gives you ") and w.endswith(server) for w in taker), taker
    assert any(w.startswith("You give ") and "to Ann" in w and server in w for w in giver), giver
    assert any(w.startswith("Bob gives ") and "to Ann" in w for w in spectator), spectator
    assert any(w.startswith("You demand brick, revealing ") for w in taker), taker


def test_others_zones_are_theirs_and_buildings_are_named_by_owner() -> None:
    """W3: another player's sale is from their stockpile into their vault, never "your"."""
    narrator = Narrator(0, {0: "Ann", 1: "Bob", 2: "Cid"}, owners={5: 2, 6: 1, 7: 0})
    cards = [{"id": 9, "name": "Road"}]
    events = [
        {"type": "action", "seat": 1, "action": {"type": "sell", "card": 9}, "cards": cards},
        {"type": "action", "seat": 1, "action": {"type": "gather", "card": 9}, "cards": cards},
        {
            "type": "action",
            "seat": 1,
            "action": {"type": "build", "card": 9, "building": 6},
            "cards": [*cards, {"id": 6, "name": "Temple"}],
        },
        {
            "type": "action",
            "seat": 1,
            "action": {"type": "build", "card": 9, "building": 5},
            "cards": [*cards, {"id": 5, "name": "Shrine"}],
        },
        {
            "type": "action",
            "seat": 1,
            "action": {"type": "build", "card": 9, "building": 7},
            "cards": [*cards, {"id": 7, "name": "Bath"}],
        },
        {"type": "action", "seat": 1, "actor": "timeout", "action": {"type": "skip"}, "cards": []},
    ]
    with translation.override("en"):
        words = [line.words for line in narrator.lines(events)]
    assert words[:5] == [
        "Bob sells Road (rubble) from their stockpile into their vault.",
        "Bob takes Road (rubble) from the Pool into their stockpile.",
        "Bob adds Road (rubble) to their Temple.",
        "Bob adds Road (rubble) to Cid's Shrine.",
        "Bob adds Road (rubble) to your Bath.",
    ]
    assert words[5] == "Bob skips. (Time ran out: the server played it.)"
    assert not any("your stockpile" in w or "your vault" in w for w in words)


def test_a_stand_in_and_a_hidden_card_from_hand() -> None:
    """A bot standing in for a person says so; a Basilica's card from hand stays unnamed."""
    narrator = Narrator(0, NAMES, bots={2})
    sale = {"type": "sell", "card": None, "from_hand": None}
    events = [
        {"type": "action", "seat": 1, "actor": "bot", "action": sale, "cards": []},
        {"type": "action", "seat": 2, "actor": "bot", "action": {"type": "skip"}, "cards": []},
    ]
    with translation.override("en"):
        words = [line.words for line in narrator.lines(events)]
    assert words == [
        "Bob sells a card from their hand into their vault. (A bot played it for them.)",
        "Cid skips.",
    ]


def test_a_move_made_by_a_standing_order_says_so() -> None:
    """Issue 31: a standing order's move is marked in the story every seat reads."""
    think = {"type": "think", "take": "jack"}
    events = [{"type": "action", "seat": 1, "actor": "order", "action": think, "cards": []}]
    with translation.override("en"):
        mine = [line.words for line in Narrator(1, NAMES).lines(events)]
        theirs = [line.words for line in Narrator(0, NAMES).lines(events)]
    assert mine[0].endswith("(Your standing order played it.)"), mine
    assert theirs[0].startswith("Bob") and theirs[0].endswith("(Their standing order played it.)")


def test_a_schools_thinks_each_say_what_they_draw() -> None:
    """L5: several thinks in a row (a School) are told apart by what each drew."""
    narrator = Narrator(0, NAMES)
    think = {"type": "think", "take": "cards"}
    jack = {"type": "think", "take": "jack"}
    events: list[dict[str, Any]] = []
    for i in range(3):
        events.append({"type": "action", "seat": 0, "action": think, "cards": []})
        events.append(
            {
                "type": "drew",
                "seat": 0,
                "zone": "hand",
                "count": 1,
                "cards": [{"id": i, "name": "Road"}],
            }
        )
    events.append({"type": "action", "seat": 0, "action": jack, "cards": []})
    events.append({"type": "action", "seat": 1, "action": think, "cards": []})
    events.append({"type": "drew", "seat": 1, "zone": "hand", "count": 2, "cards": None})
    with translation.override("en"):
        words = [line.words for line in narrator.lines(events)]
    assert words == [
        "You think and draw: Road (rubble).",
        "You think and draw: Road (rubble).",
        "You think and draw: Road (rubble).",
        "You think and take a jack.",
        "Bob thinks and draws: 2 cards.",
    ]
