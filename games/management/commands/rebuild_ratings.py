"""`manage.py rebuild_ratings`: every rating and its history again from scratch, replaying the
ledger of rated games in the order they were rated (docs/ratings.md). Prints how many ratings
the replay found different from those stored: 0 when the live updates were whole."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.services.rating_rebuild import ratings_rebuild


class Command(BaseCommand):
    help = "Recompute every rating from scratch, in the order the games were rated."

    def handle(self, *args: Any, **options: Any) -> None:
        done = ratings_rebuild()
        self.stdout.write(
            f"Replayed {done.games} rated games into {done.ratings} ratings; "
            f"{done.differed} differed from those stored."
        )
