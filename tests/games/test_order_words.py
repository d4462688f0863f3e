"""Standing orders and their moves in words, English and Polish (games/words/orders.py)."""

from __future__ import annotations

from django.utils import translation

from games.words.orders import cancelled_text, mover, order_text

TEMPLE = {37: "Temple"}
FOLLOW_TEMPLE = {"when": "follow", "role": "patron", "do": "follow", "cards": [37]}


def test_the_story_marks_a_move_made_by_an_order() -> None:
    assert mover("alice", "order") == "alice (standing order)"
    assert mover("alice", "human") == "alice"
    assert mover("alice", "bot") == "alice (bot)"
    with translation.override("pl"):
        assert mover("alice", "order") == "alice (zlecenie stałe)"


def test_an_order_in_words() -> None:
    assert (
        order_text(FOLLOW_TEMPLE, TEMPLE) == "when Patron is led: follow with Temple #37 (marble)"
    )
    policy = {"when": "follow", "do": "think", "take": "cards", "unless": "follow"}
    assert (
        order_text(policy, {}) == "when a role is led: think (draw cards) (unless you can follow)"
    )
    assert order_text({"when": "sewer", "do": "skip"}, {}) == "at a sewer decision: decline"
    assert order_text({"when": "give", "do": "give"}, {}) == (
        "when a Legionary demands of you: give, the cheapest cards"
    )
    notice = {"order": FOLLOW_TEMPLE, "reason": "new_card", "seq": 12}
    assert cancelled_text(notice, TEMPLE).startswith(
        "cancelled at move 12, your hand gained a card: when Patron"
    )


def test_an_order_in_polish() -> None:
    with translation.override("pl"):
        text = order_text(FOLLOW_TEMPLE, TEMPLE)
        assert text.startswith("gdy ktoś wybierze rolę ") and "podążaj: " in text
        assert "#37" in text and "Temple" not in text  # the Polish edition's name
        policy = {"when": "follow", "do": "think", "unless": "follow"}
        assert order_text(policy, {}) == (
            "gdy ktoś wybierze rolę: myśl (dobierz karty) (chyba że możesz: podążaj)"
        )


def test_a_cancelled_order_names_its_cards_without_ids() -> None:
    """The card may have left the reader's sight since: its id would say where it went."""
    notice = {"order": FOLLOW_TEMPLE, "reason": "card_gone", "seq": 12}
    text = cancelled_text(notice, TEMPLE)
    assert text.endswith("when Patron is led: follow with Temple (marble)")
