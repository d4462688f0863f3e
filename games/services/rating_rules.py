"""What a finished rated game's ratings are computed from, and how (docs/ratings.md).

`standings_of` turns the end of a game into ranks, or says why it is not rated.
`rate` computes the new ratings with openskill's Plackett-Luce model.
No database here: the service (games.services.ratings) reads and writes, and the rebuild replays
the same `rate` on the ledger's standings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

# The model with openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300.
MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma
# The displayed rating: openskill's ordinal, alpha * (mu - 3 sigma) + target.
# A newcomer shows 1000; it rises as the model grows sure of a good player.
ALPHA, TARGET = 40.0, 1000.0

# Why a game created rated was not rated.
SETUP = "setup"  # started from a scenario or an imported record
TRAINING = "training"  # the training game
NO_ACCOUNT = "no_account"  # a person's seat with no account (an e-mail invitation)
BOT_SHARE = "bot_share"  # the server played too much of a person's game
ONE_SUBJECT = "one_subject"  # fewer than two players or bots to rate against each other
REASONS = (SETUP, TRAINING, NO_ACCOUNT, BOT_SHARE, ONE_SUBJECT)


def shown(mu: float, sigma: float) -> float:
    """The displayed rating of (mu, sigma), unrounded: the leaderboards' order."""
    return MODEL.create_rating([mu, sigma]).ordinal(z=3.0, alpha=ALPHA, target=TARGET)


def identity(subject: str) -> dict[str, Any]:
    """The account or bot fields of a rating of `subject` ("user:<id>", "bot:<name>")."""
    kind, _, name = subject.partition(":")
    return {"user_id": int(name), "bot": ""} if kind == "user" else {"user_id": None, "bot": name}


@dataclass(frozen=True)
class SeatEnd:
    """One seat at a game's end, as the rating sees it."""

    position: int
    subject: str | None  # "user:<id>", "bot:<name>"; None: a person with no account
    person: bool  # a person's seat (not a bot's)
    forfeit: bool  # resigned, abandoned to a bot after timeouts, or suspended
    total: int  # final score
    hand: int  # cards in hand: the scoring's tie-break
    decisions: int = 0  # the seat's moves in the log
    by_server: int = 0  # of which the server played (timeouts, a bot standing in)


@dataclass(frozen=True)
class Standing:
    position: int
    subject: str
    rank: int  # 1 the best; tied seats share a rank


def standings_of(
    seats: Sequence[SeatEnd], winners: Sequence[int], surrender: bool, bot_share: float
) -> tuple[list[Standing], str]:
    """The ranks of a game's seats, or no ranks and why the game is not rated.

    Forfeits rank last, tied. The others: the winners first; then by score and cards in hand,
    as the scoring ranks them; after a surrender, everyone but the winner ties second.
    """
    if any(s.subject is None for s in seats):
        return [], NO_ACCOUNT
    if any(_leans_on_server(s, bot_share) for s in seats):
        return [], BOT_SHARE
    if len({s.subject for s in seats}) < 2:
        return [], ONE_SUBJECT
    playing = [s for s in seats if not s.forfeit]
    keys = {s.position: _key(s, winners, surrender) for s in playing}
    ranks = {p: 1 + sum(k > keys[p] for k in keys.values()) for p in keys}
    last = len(playing) + 1
    return [Standing(s.position, s.subject or "", ranks.get(s.position, last)) for s in seats], ""


def _leans_on_server(seat: SeatEnd, share: float) -> bool:
    """A person who did not forfeit, but whose decisions the server played beyond the share."""
    if not seat.person or seat.forfeit or seat.decisions == 0:
        return False
    return seat.by_server > share * seat.decisions


def _key(seat: SeatEnd, winners: Sequence[int], surrender: bool) -> tuple[int, ...]:
    won = 1 if seat.position in winners else 0
    return (won,) if surrender else (won, seat.total, seat.hand)


Skill = tuple[float, float]  # (mu, sigma)


def rate(priors: Mapping[str, Skill], standings: Sequence[Standing]) -> dict[str, Skill]:
    """The subjects' ratings after a game with these standings.

    Each seat is a team of one. A subject at several seats (a bot filling two seats) gets the
    mean of its seats' new mu and sigma: the game counts once for it.
    """
    teams = [[MODEL.create_rating(list(priors[s.subject]), s.subject)] for s in standings]
    rated: Any = MODEL.rate(teams, ranks=[float(s.rank) for s in standings])
    after: dict[str, list[Skill]] = {}
    for standing, team in zip(standings, rated, strict=True):
        after.setdefault(standing.subject, []).append((team[0].mu, team[0].sigma))
    return {
        subject: (sum(m for m, _ in skills) / len(skills), sum(s for _, s in skills) / len(skills))
        for subject, skills in after.items()
    }
