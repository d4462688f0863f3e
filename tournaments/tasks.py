"""The tournaments' beat task: starts the tournaments due, and rounds due at a fixed date, and
catches up any round whose last game's receiver failed (tournaments.services.rounds)."""

from __future__ import annotations

from games.tasks import RETRY, task

from .services import rounds


@task(name="tournaments.sweep", **RETRY)
def sweep() -> int:
    return rounds.tournaments_sweep()
