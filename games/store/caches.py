"""Every cache a process keeps: what it holds, its key, and why it cannot go stale.

The view cache is settings.CACHES["views"].
It keeps objects, not pickles (games.store.objectcache).
Each entry lasts an hour at most, and the cache holds at most 1,000 entries.

- `table_key`: the part of a seat's view the engine builds from the snapshot.
  See games.read.selectors.table_view.
  The snapshot changes only with the game's revision, and the key holds the revision.
- `view_key`: a seat's whole view (games.read.view_cache).
  Anything a view shows changes the revision or the game's story (`last_event`).
  The key holds both.
  What changes with the time alone is computed again at every answer.
- `game_key`: the game the last view was built from, with its seats and snapshot.
  See games.read.view_cache.
  It answers only when it stands at the game's revision and story.

Every key also holds the game's creation time.
So a reused id never finds another game's entry.

Kept for the process's life, since none depends on a game:

- games.store.rows: the hand-written statements by database vendor.
- games.store.rows: each connection's row readers and the ORM's converters.
  A connection's converters never change.
- games.store.rows: the probe's statement. Table and column names never change.
- games.words.labels: translated words by language. The catalogs are compiled files.
- games.api.schema: the action serializers, built from `engine.ACTION_TYPES` at import.
- games.codebook: the list of error codes, fixed at import.
- games.live.hub: the Redis client, which reconnects by itself.
- engine.state.materials_of_deck: each deck's materials. A deck's cards never change.
- web.cards: the card faces as PNG, from static files.
- web.mail: the stylesheet the mails inline, from a static file.
"""

from __future__ import annotations

from django.core.cache import BaseCache, caches

from games.models import Game

VIEW_CACHE = "views"  # the alias in settings.CACHES


def views() -> BaseCache:
    return caches[VIEW_CACHE]


def game_at(game: Game) -> str:
    """Returns where a game stands: its id, creation time, revision and story."""
    return f"{game.pk}:{game.created.timestamp()}:{game.revision}:{game.last_event}"


def table_key(game: Game, position: int | None, language: str) -> str:
    return f"table:{game.pk}:{game.created.timestamp()}:{game.revision}:{position}:{language}"


def view_key(game: Game, position: int | None, language: str) -> str:
    return f"view:{game_at(game)}:{position}:{language}"


def game_key(game_id: int) -> str:
    return f"game:{game_id}"
