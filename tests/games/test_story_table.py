"""The story's lines about the table (games.words.story_table): moves taken back, a takeback
asked for and answered, a pause and its end, told to each reader in words (docs/api.md, Taking
moves back; docs/async.md, Time off)."""

from __future__ import annotations

from django.utils import translation

from games.words.story import Narrator

NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}
ASKED = {"type": "takeback_requested", "seat": 1, "to": 4, "expires": "2026-11-30T10:00:00Z"}


def told(viewer: int | None, events: list[dict[str, object]], language: str = "en") -> list[str]:
    with translation.override(language):
        return [line.words for line in Narrator(viewer, NAMES).lines(events)]


def test_a_takeback_accepted_then_the_undo() -> None:
    events = [
        ASKED,
        {"type": "takeback_answered", "seat": 0, "accepted": True},
        {"type": "takeback_answered", "seat": 2, "accepted": True},
        {"type": "undo", "seat": 1, "to": 4, "actor": "human"},
    ]
    assert told(0, events) == [
        "Bob asks to take back their decisions since move 4.",
        "You let Bob take back their decisions.",
        "Cy lets Bob take back their decisions.",
        "Bob takes back their last decisions: the table is as it was after move 4.",
    ]
    assert told(1, events) == [
        "You ask the others to let you take back your decisions since move 4.",
        "Ann lets you take back your decisions.",
        "Cy lets you take back your decisions.",
        "You take back your last decisions: the table is as it was after move 4.",
    ]
    assert told(None, events)[1] == "Ann lets Bob take back their decisions."


def test_a_takeback_declined() -> None:
    events = [ASKED, {"type": "takeback_answered", "seat": 2, "accepted": False}]
    assert told(1, events)[1] == "Cy declines: you take nothing back."
    assert told(0, events)[1] == "Cy declines: Bob takes nothing back."
    assert told(2, events)[1] == "You decline: Bob takes nothing back."
    # An answer whose request is older than the story told.
    assert told(0, events[1:]) == ["Cy declines the takeback."]


def test_a_pause_and_its_end() -> None:
    events = [
        {"type": "paused", "seat": 0, "until": "2026-12-01T08:00:00Z"},
        {"type": "resumed", "seat": None, "automatic": True},
        {"type": "paused", "seat": 0, "until": None},
        {"type": "resumed", "seat": 2, "automatic": False},
    ]
    assert told(0, events) == [
        "Everyone agreed: the game is paused until 2026-12-01 08:00 UTC.",
        "The pause is over: the clocks run again.",
        "Everyone agreed: the game is paused until someone resumes it.",
        "Cy resumes the game: the clocks run again.",
    ]


def test_in_polish() -> None:
    events = [ASKED, {"type": "undo", "seat": 1, "to": 4, "actor": "human"}]
    lines = told(0, events, "pl")
    assert lines[0] != "Bob asks to take back their decisions since move 4."
    assert "Bob" in lines[0] and "4" in lines[0] and "Bob" in lines[1]
