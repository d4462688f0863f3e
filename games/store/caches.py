"""Every cache a process keeps, in one place: what it holds, its key, and why it cannot go stale.

The view cache (settings.CACHES["views"], games.store.objectcache: objects, not pickles). Each
entry lasts an hour at most, and the cache holds at most 1,000 entries.

- `table_key`: the part of a seat's view the engine builds from the snapshot
  (games.read.selectors.table_view). The snapshot changes only with the game's revision, and the
  key holds the revision.
- `view_key`: a seat's whole view (games.read.view_cache). Anything a view shows changes the
  revision or the game's story (`last_event`), and the key holds both. What changes with the time
  alone (a running bank, a late server) is computed again at every answer.
- `game_key`: the game the last view was built from, with its seats and snapshot
  (games.read.view_cache). It answers only when it stands at the game's revision and story.

Every key holds the game's creation time too, so a reused id never finds another game's entry.

Kept for the process's life (none depends on a game):
- games.store.rows: the hand-written statements by database vendor, and on each connection its
  readers of rows and the ORM's converters (a connection's converters never change).
- games.store.rows: the probe's statement (the table and column names never change).
- games.words.labels: translated words by language (the catalogs are compiled files).
- games.api.schema: the action serializers built from `engine.ACTION_TYPES` (fixed at import).
- games.codebook: the list of error codes (fixed at import).
- games.live.hub: the Redis client (reconnects by itself).
- engine.state.materials_of_deck: each deck's materials (a deck's cards never change).
- web.cards: the card faces as PNG; web.mail: the stylesheet the mails inline (static files).
"""

from __future__ import annotations

from django.core.cache import BaseCache, caches

from games.models import Game

VIEW_CACHE = "views"  # the alias in settings.CACHES


def views() -> BaseCache:
    return caches[VIEW_CACHE]


def game_at(game: Game) -> str:
    """Where a game stands: its id, creation time, revision and story."""
    return f"{game.pk}:{game.created.timestamp()}:{game.revision}:{game.last_event}"


def table_key(game: Game, position: int | None, language: str) -> str:
    return f"table:{game.pk}:{game.created.timestamp()}:{game.revision}:{position}:{language}"


def view_key(game: Game, position: int | None, language: str) -> str:
    return f"view:{game_at(game)}:{position}:{language}"


def game_key(game_id: int) -> str:
    return f"game:{game_id}"
