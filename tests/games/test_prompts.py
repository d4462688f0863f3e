"""The prompts in the reader's language (games.words.prompts): the engine's English text untouched
for
an English reader, every kind of decision worded in Polish for a Polish one, with the Polish
edition's names of cards and roles."""

from __future__ import annotations

import doctest
import re
from typing import Any

import pytest
from django.utils import translation

import engine
from engine import flow
from engine.bots import make_bot
from games.words import prompts
from games.words.cardnames import card_name
from games.words.labels import card_names
from games.words.prompts import prompt_text
from tests.engine.helpers import find, table


def polish(prompt: dict[str, Any], view: dict[str, Any], **kw: Any) -> str:
    with translation.override("pl"):
        return prompt_text(prompt, card_names(view), **kw)


def seat_from_1(match: re.Match[str]) -> str:
    return f"Seat {int(match.group(1)) + 1}"


def english(prompt: dict[str, Any], view: dict[str, Any]) -> str:
    with translation.override("en"):
        return prompt_text(prompt, card_names(view))


def test_doctests() -> None:
    with translation.override("en"):
        failures, tried = doctest.testmod(prompts)
    assert tried >= 3 and failures == 0


def test_every_kind_of_decision_has_its_polish_words() -> None:
    """A kind that asks a player something (it accepts an action) is worded here; the kinds the
    engine settles alone (hire, end_turn, after_leading) never reach a player."""
    asking = {kind for kind, frame in flow.KINDS.items() if frame.accepts}
    assert asking == set(prompts.WORDS)


def test_an_act_and_a_give_in_polish() -> None:
    state = engine.scenario(
        {
            "version": "republic",
            "leader": 0,
            "players": [{"hand": ["Bath", "Shrine"]}, {"hand": ["Archway", "Temple"]}],
        }
    )
    bath = next(c for c in state.players[0].hand if state.names[c] == "Bath")
    state = engine.apply(state, {"type": "lead", "role": "legionary", "cards": [bath]})
    state = engine.apply(state, {"type": "think", "take": "cards"})  # seat 1 does not follow
    view = engine.view(state, 0)
    assert view["prompt"]["text"] == "Legionary: 1 action left."
    assert english(view["prompt"], view) == view["prompt"]["text"]
    assert polish(view["prompt"], view) == "Legionista: pozostała 1 akcja."
    state = engine.apply(state, {"type": "demand", "cards": [state.players[0].hand[0]]})
    while engine.prompt(state)["kind"] != "give":
        state = engine.apply(state, engine.legal_actions(state)[0])
    view = engine.view(state, 1)
    assert view["prompt"]["text"] == "Rome demands brick: give to seat 0."
    assert polish(view["prompt"], view) == "Rzym żąda: cegła. Daj graczowi Miejsce 1."
    assert english(view["prompt"], view) == "Rome demands brick: give to Seat 1."  # from 1
    named = polish(view["prompt"], view, seat_names={0: "Ala"})
    assert named == "Rzym żąda: cegła. Daj graczowi Ala."


def test_a_completion_names_the_building_in_polish() -> None:
    state = engine.scenario(
        {
            "role": "craftsman",
            "start": {"decision": "act"},
            "players": [
                {
                    "hand": ["Marble"],
                    "camp": ["Dock"],
                    "buildings": [{"name": "Scriptorium", "complete": True}, {"name": "Wall"}],
                },
                {},
            ],
        }
    )
    wall = state.players[0].buildings[1].foundation
    state = engine.apply(
        state, {"type": "build", "card": state.players[0].hand[0], "building": wall}
    )
    view = engine.view(state, 0)
    assert view["prompt"]["text"] == "You may complete your Wall now."
    assert polish(view["prompt"], view) == "Możesz teraz ukończyć swoją budowlę Mur obronny."


@pytest.mark.parametrize(
    ("version", "seed"), [("republic", 5), ("imperium", 6), ("first_edition", 7)]
)
def test_every_prompt_of_a_game_reads_in_polish(version: str, seed: int) -> None:
    """Through a whole bot game: each decision's Polish prompt is worded from its kind (never the
    engine's English), names no card the view does not, and the English one is the engine's
    with its seats numbered from 1."""
    state = engine.new_game(version, 3, seed)
    bots = [make_bot("greedy", seed * 10 + s) for s in range(3)]
    kinds: set[str] = set()
    english_words = {"action", "left", "Lead", "Follow", "Rome", "may", "you"}  # none in Polish
    while not engine.is_over(state):
        seat = engine.to_act(state)
        view = engine.view(state, seat)
        prompt = view["prompt"]
        assert english(prompt, view) == re.sub(r"\bseat (\d+)", seat_from_1, prompt["text"])
        text = polish(prompt, view)
        assert text and "%(" not in text and not english_words & set(text.split()), text
        kinds.add(prompt["kind"])
        state = engine.apply(state, bots[seat].choose(view, engine.legal_actions(state)))
    assert {"lead", "follow", "act"} <= kinds


def test_every_prompt_of_a_geek_game_reads_in_polish() -> None:
    """The same through a game with the Geek expansion, whose decisions are worded too."""
    state = engine.new_game("imperium", 4, 8, {"geek": True})
    bots = [make_bot("greedy", 80 + s) for s in range(4)]
    english_words = {"action", "left", "Lead", "Follow", "Rome", "may", "you"}
    while not engine.is_over(state):
        seat = engine.to_act(state)
        view = engine.view(state, seat)
        text = polish(view["prompt"], view)
        assert text and "%(" not in text and not english_words & set(text.split()), text
        state = engine.apply(state, bots[seat].choose(view, engine.legal_actions(state)))
    for kind in ("enlist", "solarium", "aerarium", "triclinium", "bacchanalia"):
        text = polish({"kind": kind, "seat": 0, "text": "-"}, {})
        assert text != "-" and "%(" not in text and not english_words & set(text.split()), text


def test_the_foundry_2005_prompt_names_the_drawn_card_in_polish() -> None:
    """First edition rulebook (2005), Appendix, Foundry: the deck's card is drawn first, then the
    player decides on the Pool's. The prompt between the two names the drawn card (public: it
    went to the Stockpile), in Polish too."""
    state = table(
        [
            {"hand": ["Road"], "buildings": [{"name": "Foundry (2005)", "complete": True}]},
            {"hand": ["Insula"]},
        ],
        pool=["Temple"],
        deck=["Palace"],
        version="first_edition",
    )
    road = find(state, state.players[0].hand, "Road")
    state = engine.apply(state, {"type": "lead", "role": "laborer", "cards": [road]})
    insula = find(state, state.players[1].hand, "Insula")
    state = engine.apply(state, {"type": "follow", "cards": [insula]})
    state = engine.apply(state, {"type": "gather", "from_deck": True})
    view = engine.view(state, 1)
    prompt = view["prompt"]
    assert prompt["kind"] == "foundry"
    assert english(prompt, view) == prompt["text"]
    assert "Palace" in prompt["text"]
    text = polish(prompt, view)
    assert card_name("Palace", "pl") in text and card_name("Foundry (2005)", "pl") in text


def test_a_triclinium_offering_several_clients_says_how_many_in_polish() -> None:
    """Black Box rulebook, Appendix III, Triclinium: "Whenever one of your Clients acts you may put
    it into your Vault after that action completes": after one demand two Legionary clients acted,
    and the prompt says up to how many may go."""
    prompt = {"seat": 0, "kind": "triclinium", "text": "", "clients": [3, 4], "most": 2}
    with translation.override("pl"):
        text = prompt_text(prompt, {})
    assert "2" in text and card_name("Triclinium", "pl") in text
    single = {**prompt, "most": None}
    with translation.override("pl"):
        assert prompt_text(single, {}) != text
