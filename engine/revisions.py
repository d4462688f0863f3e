"""Rules revisions: each game plays by the rules of the revision it was created with.

A ruleset (a `version`: Republic, Imperium, ...) starts at revision 1. When a ruling changes (a
reading of the rulebook corrected, a bug in a rule fixed), the ruleset's revision goes up by one,
the change is listed in `CHANGES` under a name with the first revision that plays by it, and the
code of the rule asks `follows(state, name)` to choose between the old and the new reading. A game
records its revision at creation (`State.rules_revision`, and the service's `Game.rules_revision`)
and keeps it: a game in progress is never re-ruled, and a finished game replays to the hashes it
stored (docs/rules.md, section Rules revisions). Nothing else in the engine tests a revision.
"""

from __future__ import annotations

from typing import Protocol


class Pinned(Protocol):
    """A game state, as far as revisions go (engine.state.State)."""

    version: str
    rules_revision: int


BASELINE = 1  # the revision of every game created before revisions were recorded

# The revision a new game of each ruleset is created with.
CURRENT: dict[str, int] = {
    "republic": 2,
    "imperium": 2,
    "first_edition": 2,
}

# The rulings that changed (docs/rules.md, Rules revisions lists each with its reasoning).
FOUNDRY_DECK_FIRST = "Foundry (2005): the deck first"
POOL_TAKE_COMPULSORY = "First edition: the Pool take"
TRICLINIUM_EACH_CLIENT = "Triclinium: each client that acted"
TRICLINIUM_WATERMILL = "Triclinium: the Watermill's clients"
DOMUS_BATH = "Domus: one action with a Bath"
AERARIUM_SITE = "Aerarium: its Site to give"

# Each ruling that changed: {name: {ruleset: the first revision that plays by the new reading}}.
# A ruleset missing from a change never had the old reading (or never has the rule at all: a
# first-edition card's change names the first edition only).
CHANGES: dict[str, dict[str, int]] = {
    FOUNDRY_DECK_FIRST: {"first_edition": 2},
    POOL_TAKE_COMPULSORY: {"first_edition": 2},
    TRICLINIUM_EACH_CLIENT: {"republic": 2, "imperium": 2},
    TRICLINIUM_WATERMILL: {"republic": 2, "imperium": 2},
    DOMUS_BATH: {"republic": 2, "imperium": 2},
    AERARIUM_SITE: {"republic": 2, "imperium": 2},
}


def current(version: str) -> int:
    return CURRENT[version]


def follows(state: Pinned, change: str) -> bool:
    """Whether `state`'s game plays by the changed ruling `change` (a name in `CHANGES`)."""
    since = CHANGES[change].get(state.version, BASELINE)
    return state.rules_revision >= since
