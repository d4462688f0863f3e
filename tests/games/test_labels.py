"""The shared action describer (games.words.labels): plain words for every legal action, naming only
the
cards the viewer's view names."""

from __future__ import annotations

import doctest

import pytest
from django.utils import translation

import engine
from engine.bots import make_bot
from games.words import labels
from games.words.labels import action_label, card_names, labelled_actions


def test_doctests() -> None:
    failures, tried = doctest.testmod(labels)
    assert tried >= 3 and failures == 0


def names_of(state: engine.State, seat: int) -> tuple[dict, dict[int, str]]:
    view = engine.view(state, seat)
    return view, card_names(view)


def test_lead_follow_and_petition_in_plain_words() -> None:
    state = engine.scenario(
        {
            "version": "republic",
            "leader": 0,
            "players": [{"hand": ["Temple", "Jack", "Stone", "Stone"]}, {"hand": ["Bath"]}],
        }
    )
    view, names = names_of(state, 0)
    found = {labels.action_label(a, names, view=view) for a in engine.legal_actions(state)}
    assert "Lead Patron with Temple" in found
    assert "Lead Architect with a Jack" in found
    # Two Stone (Legionary) cards petition for any other role (Republic: two cards).
    assert "Lead Architect with a petition of two Stone" in found
    assert "Think: take a jack" in found and "Think: draw cards" in found


def test_give_names_material_and_the_receiver() -> None:
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
    shrine = state.players[0].hand[0]
    state = engine.apply(state, {"type": "demand", "cards": [shrine]})
    while engine.prompt(state)["kind"] != "give":
        state = engine.apply(state, engine.legal_actions(state)[0])
    seat = engine.to_act(state)
    view, names = names_of(state, seat)
    found = [
        action_label(a, names, view=view, seat_names={0: "Bob"})
        for a in engine.legal_actions(state)
    ]
    assert "Give Archway (brick) to Bob" in found


def test_a_first_edition_bath_replacement_names_the_client_sent_back() -> None:
    state = engine.scenario(
        {
            "version": "first_edition",
            "players": [
                {
                    "hand": ["Temple"],
                    "clientele": ["Villa"],
                    "buildings": [{"name": "Bath (2005)", "complete": True}],
                },
                {"hand": ["Insula"]},
            ],
            "pool": ["Road"],
        }
    )
    temple = next(c for c in state.players[0].hand if state.names[c] == "Temple")
    state = engine.apply(state, {"type": "lead", "role": "patron", "cards": [temple]})
    state = engine.apply(state, {"type": "think", "take": "cards"})
    view, names = names_of(state, 0)
    found = {action_label(a, names, view=view) for a in engine.legal_actions(state)}
    assert (
        "Hire Road (rubble) from the Pool as clients, sending Villa (stone) back to the Pool"
        in found
    )
    villa, road = state.players[0].clientele[0], state.pool[0]
    replacing = {"type": "hire", "card": road, "replace": villa}
    # The cards a labelled action names (what a client highlights) include the client replaced.
    assert labels.action_cards(replacing) == [road, villa]


def test_a_scriptorium_completion_reads_as_completing() -> None:
    """The `complete` decision's claim completes the structure; its label says so."""
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
    view, names = names_of(state, 0)
    found = {action_label(a, names, view=view) for a in engine.legal_actions(state)}
    assert found == {"Complete your Wall now", "Skip: give up the rest of this decision"}


@pytest.mark.parametrize(
    ("version", "seed"), [("imperium", 1), ("imperium", 2), ("imperium", 3), ("first_edition", 4)]
)
def test_every_legal_action_of_a_game_has_a_label_from_the_view(version: str, seed: int) -> None:
    """Through a whole bot game: each decision's actions get distinct non-empty labels per
    distinct action up to copies of the same card, and none names a card the view does not."""
    state = engine.new_game(version, 3, seed)
    bots = [make_bot("greedy", seed * 10 + s) for s in range(3)]
    kinds: set[str] = set()
    while not engine.is_over(state):
        seat = engine.to_act(state)
        view = engine.view(state, seat)
        rows = labelled_actions(view, engine.legal_actions(state))
        for row in rows:
            assert row["label"] and "hidden card" not in row["label"], row
            assert set(row["cards"]) <= set(card_names(view)), row
            kinds.add(row["action"]["type"])
        state = engine.apply(state, bots[seat].choose(view, engine.legal_actions(state)))
    assert {"lead", "follow", "think", "lay", "build", "skip"} <= kinds


@pytest.mark.parametrize(("version", "seed"), [("republic", 5), ("imperium", 6)])
def test_every_legal_action_of_a_geek_game_has_a_label_from_the_view(
    version: str, seed: int
) -> None:
    """The same through games with the Geek expansion (its decisions and the tear-down)."""
    state = engine.new_game(version, 4, seed, {"geek": True})
    bots = [make_bot("greedy", seed * 10 + s) for s in range(4)]
    while not engine.is_over(state):
        seat = engine.to_act(state)
        view = engine.view(state, seat)
        for row in labelled_actions(view, engine.legal_actions(state)):
            assert row["label"] and "hidden card" not in row["label"], row
            assert set(row["cards"]) <= set(card_names(view)), row
        state = engine.apply(state, bots[seat].choose(view, engine.legal_actions(state)))


def test_geek_decisions_read_as_what_they_do() -> None:
    """A Bacchanalia's uses name the revealed card, not the Pool; a Watch Post's tear-down names
    the structure (Black Box rulebook, Appendix III, Bacchanalia, Watch Post)."""
    from tests.engine.buildings.test_geek_bacchanalia import REVEALED, bacchanalia_table
    from tests.engine.buildings.test_geek_domus_watch_post import watch_post_table

    state = bacchanalia_table(REVEALED)
    view, names = names_of(state, 0)
    found = {action_label(a, names, view=view) for a in engine.legal_actions(state)}
    assert "Hire Sewer (stone) from the revealed cards as clients" in found
    assert "Sell Road (rubble) from the revealed cards into your vault" in found
    state = watch_post_table()
    view, names = names_of(state, 0)
    found = {action_label(a, names, view=view) for a in engine.legal_actions(state)}
    assert (
        "Tear down your Watch Post: the foundation back to your hand, its materials to your "
        "stockpile" in found
    )


def test_labels_are_in_the_language_active_when_the_describer_is_made() -> None:
    # The describer looks each phrase up once per language and process (labels.translated): an
    # English label after a Polish one, and a Polish one after, must not borrow the other's words.
    state = engine.scenario(
        {
            "version": "republic",
            "leader": 0,
            "players": [{"hand": ["Temple", "Jack", "Stone", "Stone"]}, {"hand": ["Bath"]}],
        }
    )
    view, names = names_of(state, 0)

    def found() -> set[str]:
        return {action_label(a, names, view=view) for a in engine.legal_actions(state)}

    with translation.override("en"):
        english = found()
    with translation.override("pl"):
        polish = found()
    with translation.override("en"):
        assert found() == english
    assert "Lead Architect with a petition of two Stone" in english
    assert "Wybierz rolę Patron, zagrywając Świątynia" in polish
    assert "Wybierz rolę Murarz, zagrywając petycja z dwóch kart (Kamień)" in polish
    assert not english & polish


def test_a_two_card_petition_of_the_roles_own_material_reads_as_a_petition() -> None:
    """L5: two Stone cards leading Merchant (Stone's role) read "Lead Merchant with Catacomb and
    Catacomb", like a lead of two cards; the engine says it is a petition, and so do the words,
    on the page (labelled_actions with the API's `petition`) and in the mails."""
    state = engine.scenario(
        {
            "version": "republic",
            "leader": 0,
            "players": [{"hand": ["Temple", "Jack", "Stone", "Stone"]}, {"hand": ["Bath"]}],
        }
    )
    view, names = names_of(state, 0)
    petition = next(
        a
        for a in engine.legal_actions(state)
        if a.get("role") == "merchant" and len(a.get("cards", [])) == 2
    )
    assert engine.is_petition(state, petition)
    with translation.override("en"):
        assert action_label(petition, names, view=view, petition=True) == (
            "Lead Merchant with a petition of two Stone"
        )
        (row,) = labelled_actions(view, [petition], None, [True])
        assert row["label"] == "Lead Merchant with a petition of two Stone"
        from players.mail.texts import moves_words

        words = dict(moves_words(state, view))
        assert "Lead Merchant with a petition of two Stone" in words.values()


def test_palace_plays_of_one_role_stay_cards() -> None:
    """Several cards of the led role with a Palace are several actions, not a petition."""
    state = engine.scenario(
        {
            "version": "republic",
            "leader": 0,
            "players": [
                {
                    "hand": ["Road", "Insula", "Temple"],
                    "buildings": [{"name": "Palace", "complete": True}],
                },
                {"hand": ["Bath"]},
            ],
        }
    )
    view, names = names_of(state, 0)
    both = next(
        a
        for a in engine.legal_actions(state)
        if a.get("role") == "laborer" and len(a.get("cards", [])) == 2
    )
    assert not engine.is_petition(state, both)
    with translation.override("en"):
        label = action_label(both, names, view=view, petition=False)
    assert label.startswith("Lead Laborer with ") and "petition" not in label


def test_counts_read_in_the_singular() -> None:
    """L5: "1 action(s) left", "hand: 1 cards"."""
    from players.mail.texts import _public_player

    state = legionary_prompt()
    assert engine.prompt(state)["text"] == "Legionary: 1 action left."
    player = {
        "hand_count": 1,
        "influence": 2,
        "camp": [],
        "clientele": [],
        "stockpile": [],
        "vault_count": 1,
        "vault_visible": [],
        "buildings": [],
    }
    with translation.override("en"):
        lines = _public_player(player, {}, own=False)
    assert "  hand: 1 card" in lines and "  vault: 1 card" in lines


def legionary_prompt() -> engine.State:
    from tests.games.test_story import legionary_table

    return engine.apply(legionary_table(), {"type": "think", "take": "jack"})


def test_seats_are_named_one_way_numbered_from_1() -> None:
    """M1 and L5: a bot is "Bot 3 (greedy)" (its level in words), a guest "Guest 2", an open
    seat "Open seat 4"; a seat without a name is "Seat 2" for position 1, in labels too."""
    from games.models import Seat
    from games.words.seats import seat_name, seat_number

    with translation.override("en"):
        bot = Seat(position=2, kind=Seat.Kind.BOT, bot=Seat.Bot.ISMCTS_1)
        assert seat_name(bot) == "Bot 3 (search, level 1)"
        assert seat_name(Seat(position=1, kind=Seat.Kind.INVITED)) == "Guest 2"
        assert seat_name(Seat(position=3, kind=Seat.Kind.OPEN)) == "Open seat 4"
        assert seat_number(1) == "Seat 2"
        give = {"type": "give", "cards": []}
        assert action_label(give, {}, view={"prompt": {"to": 1}}) == "Give nothing to Seat 2"
    with translation.override("pl"):
        assert seat_name(Seat(position=0, kind=Seat.Kind.BOT, bot="greedy")) == "Bot 1 (zachłanny)"
