"""What challenges, seeks and rematches share: a game's terms, blocks, and telling accounts.

A game's terms are its ruleset, options and clock. Two seeks are compatible when their terms are
the same (`terms_key`) and their ranges of player counts meet (games.services.seeks).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

import engine
from engine.errors import SetupError
from games import codes
from games.errors import Forbidden, Refused
from games.events import commit, feeds
from games.read import people

from .clocks import ClockSpec


def refuse_blocked(a: int, b: int) -> None:
    """Refuses a challenge or a seat between two accounts when either blocks the other."""
    if people.blocked(a, b):
        raise Forbidden("One of you blocked the other.", codes.BLOCKED)


def options_checked(
    version: str, players: Iterable[int], options: dict[str, Any]
) -> dict[str, Any]:
    """The options as the engine stores them, for the first player count they fit.

    Raises 422 `bad_seek` when they fit none (the engine's reason is kept in the detail).
    """
    reason = "No player count given."
    for n in players:
        try:
            return dict(engine.new_game(version, n, 0, options).options)
        except SetupError as error:
            reason = str(error)
    raise Refused(f"No table of these terms can be set up: {reason}", codes.BAD_SEEK)


def clock_json(clock: ClockSpec) -> dict[str, Any]:
    """A clock as stored with a challenge or a seek: only the fields its kind uses."""
    clock.check()
    if clock.kind == "none":
        return {"kind": "none"}
    if clock.kind == "fixed":
        return {"kind": "fixed", "seconds": clock.seconds}
    return {**asdict(clock), "cap": clock.cap or clock.seconds}


def clock_of(stored: dict[str, Any]) -> ClockSpec:
    return ClockSpec(**stored) if stored else ClockSpec()


def terms_key(
    version: str, options: dict[str, Any], clock: dict[str, Any], rated: bool = False
) -> str:
    """The same string for the same terms, whatever order their fields came in.

    A rated seek's terms end with `true`: a casual one's are as they were before ratings.
    """
    terms: list[Any] = [version, options, clock, *([True] if rated else [])]
    return json.dumps(terms, sort_keys=True, separators=(",", ":"))


def tell(user_ids: Iterable[int], kind: str, /, **data: Any) -> None:
    """Puts an event of no game's story in each account's feed, sent once the write commits.

    A game it concerns is named in its data (`game`).
    """
    commit.publish_feed_on_commit(feeds.notify(user_ids, None, kind, **data))
