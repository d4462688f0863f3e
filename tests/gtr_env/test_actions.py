"""The action index space covers every legal action (gtr_env.actions, docs/research.md).

The proof is by enumeration, at every decision of random games of every ruleset and option
(GTR_ENV_GAMES of them, 24 in the suite: 8 a ruleset, Geek and training games among them; set it
higher for a longer run): walking every index the mask allows, sub-choice by sub-choice, reaches
sentences whose actions are legal actions, one per legal action up to alike cards, and every legal
action is reached. Two legal actions are *alike* when they name the same cards by name in the
same places (the deck's cards by their position), the key records use (docs/records.md); alike
actions are checked to leave the same game (equal `engine.record.canonical` states) wherever the
sentences merged them, in every third decision of the suite's games.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import record
from engine.state import State, zones
from gtr_env import actions
from gtr_env.actions import END, SIZE, Decision

from .games import decisions

GAMES = int(os.environ.get("GTR_ENV_GAMES", "24"))
CHUNKS = 6
Action = dict[str, Any]


def places(state: State) -> dict[int, str]:
    """Each card's place by the state's own zones (not the view, which the encoder reads): a
    deck card by its position from the top."""
    out = {c: place for place, ids in zones(state).items() for c in ids}
    for depth, c in enumerate(reversed(state.deck)):
        out[c] = f"deck.{depth}"
    return out


def key(state: State, action: Action, where: dict[int, str]) -> tuple[Any, ...]:
    """An action with its cards as (place, name): alike actions have one key."""
    out = []
    for field, value in sorted(action.items()):
        if field in actions.CARD_FIELDS:
            value = (where[value], state.names[value])
        elif field in actions.LIST_FIELDS:
            value = tuple(sorted((where[c], state.names[c]) for c in value))
        out.append((field, value))
    return tuple(out)


def reachable(decision: Decision) -> list[tuple[tuple[int, ...], Action]]:
    """Every (sentence, action) reached by following the masks from the decision's start."""
    found: list[tuple[tuple[int, ...], Action]] = []
    start = decision.node

    def walk(node: Any, prefix: list[int]) -> None:
        decision.node, decision.prefix = node, list(prefix)
        for token in decision.legal_tokens():
            decision.node, decision.prefix = node, list(prefix)
            action = decision.choose(token)
            if action is not None:
                found.append((tuple(decision.prefix), action))
            else:
                walk(decision.node, decision.prefix)

    walk(start, [])
    return found


def check_decision(state: State, alike: bool, seen: Counter[str]) -> None:
    seat = engine.to_act(state)
    assert seat is not None
    legal = engine.legal_actions(state)
    decision = Decision(engine.view(state, seat), legal)
    found = reachable(decision)
    canonical = {json.dumps(a, sort_keys=True) for a in legal}
    for sentence, action in found:
        assert json.dumps(action, sort_keys=True) in canonical, action
        assert all(0 <= t < SIZE for t in sentence) and sentence[-1] == END
        assert actions.sentence_of(engine.view(state, seat), action) == sentence
    where = places(state)
    reached = [key(state, a, where) for _, a in found]
    assert len(set(reached)) == len(reached), "two sentences play alike actions"
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for a in legal:
        groups.setdefault(key(state, a, where), []).append(a)
    assert set(reached) == set(groups), "a legal action no sentence reaches"
    assert decision.actions == len(found) and decision.alike == len(legal) - len(found)
    seen["decisions"] += 1
    seen["legal"] += len(legal)
    seen[f"kind:{engine.prompt(state)['kind']}"] += 1  # type: ignore[index]
    seen["longest"] = max(seen["longest"], max(len(s) for s, _ in found))
    if alike:
        for group in groups.values():
            if len(group) > 1:
                seen["alike checked"] += 1
                first = record.canonical(engine.apply(state, group[0]))
                assert record.canonical(engine.apply(state, group[-1])) == first, group


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_masked_sub_choices_reach_exactly_the_legal_actions(chunk: int) -> None:
    seen: Counter[str] = Counter()
    for game in range(chunk, GAMES, CHUNKS):
        for step, state in enumerate(decisions(game)):
            check_decision(state, alike=step % 3 == 0, seen=seen)
    print(dict(seen))
    assert seen["decisions"] > 0


def test_every_action_type_field_and_prompt_kind_has_its_tokens() -> None:
    """Each action type has a head (think and lead one per choice), each of its fields a way to
    be written; the index space has one name per card of every ruleset."""
    heads = {h.split(":")[0] for h in actions.HEADS}
    assert heads == set(engine.ACTION_TYPES)
    writable = {*actions.CARD_FIELDS, *actions.LIST_FIELDS, *actions.FLAG_FIELDS, "site"}
    for cls in engine.ACTION_TYPES.values():
        for f in cls.FIELDS:
            assert f.name in writable | set(actions.IN_HEAD), (cls.TYPE, f.name)
    for version in ("republic", "imperium", "first_edition"):
        for card in engine.catalog(version, ["Castra"] if version != "first_edition" else []):
            assert card["name"] in actions.NAME_INDEX
    assert len(set(actions.TOKENS)) == SIZE == 157


def test_a_sentence_in_words() -> None:
    state = engine.new_game("republic", players=2, seed=3)
    seat = engine.to_act(state)
    assert seat is not None
    view = engine.view(state, seat)
    hand = {c["id"]: c["name"] for c in view["players"][seat]["hand"]}
    lead = next(a for a in engine.legal_actions(state) if a["type"] == "lead")
    words = [actions.label(t) for t in actions.sentence_of(view, lead)]
    named = [hand[c] for c in lead["cards"]]
    assert words == [
        f"head:lead:{lead['role']}",
        "field:cards",
        *(
            w
            for name in sorted(named, key=actions.NAME_INDEX.__getitem__)
            for w in ("place:hand", f"name:{name}")
        ),
        "end",
    ]


def test_an_index_the_mask_forbids_is_refused() -> None:
    state = engine.new_game("imperium", players=3, seed=5)
    seat = engine.to_act(state)
    assert seat is not None
    decision = Decision(engine.view(state, seat), engine.legal_actions(state))
    forbidden = next(t for t in range(SIZE) if t not in decision.legal_tokens())
    with pytest.raises(ValueError, match="not legal here"):
        decision.choose(forbidden)
    assert decision.prefix == []


def test_the_index_space_is_documented() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text()
    assert actions.markdown() in docs
