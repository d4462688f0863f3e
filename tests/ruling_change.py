"""A ruling that changes in a new rules revision, for the tests of revision pinning.

A stand-in change that any game notices at once, whatever its ruleset and options (the real ones,
engine/revisions.py, show only in a few positions): the next revision of a version makes the hand
refill size six. It goes through the same place a real change does (a name in
`engine.revisions.CHANGES`, the version's revision bumped in `CURRENT`, and the rule's code asking
`revisions.follows`), and it changes play, so a game replayed under the wrong revision differs.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import powers, revisions

CHANGE = "test: a hand of six"


def change_a_ruling(monkeypatch: pytest.MonkeyPatch, version: str = "republic") -> None:
    """From now on (until the test ends) `version` is one revision further, whose hand size is
    six."""
    monkeypatch.setitem(revisions.CURRENT, version, revisions.CURRENT[version] + 1)
    monkeypatch.setitem(revisions.CHANGES, CHANGE, {version: revisions.CURRENT[version]})
    before = powers.hand_size

    def hand_size(state: Any, seat: int, active: Any = None) -> int:
        return before(state, seat, active) + (1 if revisions.follows(state, CHANGE) else 0)

    monkeypatch.setattr(powers, "hand_size", hand_size)
