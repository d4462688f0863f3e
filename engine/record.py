"""Game records: a whole game by card names, to replay outside the server (docs/records.md).

A record names the ruleset (with the rules revision the game played by), the deal (the table
before the first move, as a scenario whose deck is listed in full, so `engine.scenario` rebuilds
it) and every action, with card ids replaced by card names. Ids are a per-deal secret permutation,
so a record made on one server replays anywhere: `replay` builds the deal and resolves each named
action against the legal actions of the moment.

Same-named cards in one place are alike (the engine's own enumeration treats them so), so a name
is enough; where one name could mean cards in different places with different effects (a Brick
from the Pool or from the Stockpile with an Archway), the exporter writes each card of that
action as `Name@place` (`"Temple@pool"`, `"Bath@players.1.stockpile"`, places as `state.zones`
names them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .actions import ACTION_TYPES
from .cards import JACK, MATERIALS, SITE_MATERIAL
from .errors import EngineError, MalformedAction, SetupError
from .scenario import scenario
from .state import State, zones
from .undo import Trail, is_undo

FORMAT = "gtr-record/1"
SURRENDER = "surrender"  # a table event, not an engine action: all others surrendered to `winner`
CARD_FIELDS = ("card", "from_hand", "building", "replace")  # replace: a Bath (2005)'s client
CARD_LISTS = ("cards", "discard")
TURN_LISTS = ("hired", "vaulted", "filched")


# The deal ----------------------------------------------------------------------------------------


def deal(state: State) -> dict[str, Any]:
    """The table of `state` (before the first move: a lead decision at turn 1) as a scenario
    with its whole deck in order: `engine.scenario(deal(state))` is the same table, by names."""
    if state.moves or state.turn != 1 or [f["kind"] for f in state.frames] != ["lead"]:
        raise SetupError("not_a_deal", "Only a table before its first move is a deal.")
    names = state.names
    return {
        "version": state.version,
        "rules_revision": state.rules_revision,
        "options": dict(state.options),
        "leader": state.leader,
        "players": [_player_deal(state, seat) for seat in range(state.n)],
        "pool": [names[c] for c in state.pool],
        "deck": [names[c] for c in reversed(state.deck)],  # the first listed is drawn first
        "deck_rest": False,
        "jacks": len(state.jacks),
        "sites": {
            m: {"in_town": len(state.sites[m]), "out_of_town": len(state.out_of_town[m])}
            for m in MATERIALS
        },
    }


def _player_deal(state: State, seat: int) -> dict[str, Any]:
    p, names = state.players[seat], state.names
    out: dict[str, Any] = {
        zone: [names[c] for c in getattr(p, zone)]
        for zone in ("hand", "clientele", "stockpile", "vault")
        if getattr(p, zone)
    }
    earned = {b.site for b in p.buildings if b.complete}
    influence = [SITE_MATERIAL[names[c]] for c in p.influence if c not in earned]
    if influence:
        out["influence"] = influence
    if p.buildings:
        out["buildings"] = [
            {
                "name": names[b.foundation],
                "site": SITE_MATERIAL[names[b.site]],
                "materials": [names[c] for c in b.materials],
                "complete": b.complete,
            }
            for b in p.buildings
        ]
    return out


# Actions by card names ---------------------------------------------------------------------------


def _places(state: State) -> dict[int, str]:
    return {c: place for place, ids in zones(state).items() for c in ids}


def _card_refs(action: dict[str, Any]) -> Iterator[Any]:
    for f in CARD_FIELDS:
        if action.get(f) is not None:
            yield action[f]
    for f in CARD_LISTS:
        yield from action.get(f) or ()


def named(state: State, action: dict[str, Any], places: dict[int, str] | None = None) -> Any:
    """`action` with each card id replaced by its name (`Name@place` when `places` is given)."""

    def name(c: int) -> str:
        return state.names[c] if places is None else f"{state.names[c]}@{places.get(c, '?')}"

    out = dict(action)
    for f in CARD_FIELDS:
        if isinstance(out.get(f), int):
            out[f] = name(out[f])
    for f in CARD_LISTS:
        if f in out:
            out[f] = [name(c) for c in out[f]]
    return out


def _key(action: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two named actions the same: their fields, card lists as multisets, fields at
    their defaults left out."""
    cls = ACTION_TYPES.get(action.get("type", ""))
    defaults = {f.name: f.default for f in cls.FIELDS if f.optional} if cls is not None else {}
    items = []
    for k, v in action.items():
        if k in defaults and (v == defaults[k] or (v == [] and defaults[k] == ())):
            continue
        items.append((k, tuple(sorted(v)) if isinstance(v, list) else v))
    return tuple(sorted(items, key=lambda kv: kv[0]))


def export_action(state: State, action: dict[str, Any], legal: list[dict[str, Any]]) -> Any:
    """`action` (legal in `state`, among `legal`) by card names, with places where a name alone
    would also match a legal action with another effect."""
    plain = named(state, action)
    if not any(True for _ in _card_refs(action)):
        return plain
    places = _places(state)
    wanted = _key(plain)
    alike = {_key(named(state, a, places)) for a in legal if _key(named(state, a)) == wanted}
    alike.add(_key(named(state, action, places)))
    return plain if len(alike) == 1 else named(state, action, places)


def resolve(state: State, action: Any) -> dict[str, Any]:
    """The legal action of `state` that a named action stands for (card ids of this table)."""
    if not isinstance(action, dict):
        raise SetupError("bad_record", "An action is a JSON object.")
    refs = list(_card_refs(action))
    if not refs:
        return action
    if not all(isinstance(r, str) for r in refs):
        raise SetupError("bad_record", "A record names cards, not ids.")
    from . import legal_actions

    places = _places(state) if any("@" in r for r in refs) else None
    wanted = _key(action)
    for candidate in legal_actions(state):
        if _key(named(state, candidate, places)) == wanted:
            return candidate
    raise SetupError("unresolvable", f"No legal action matches {action}.")


# Records -----------------------------------------------------------------------------------------


def ruleset(state: State) -> dict[str, Any]:
    """The rules a record's game plays by: the ruleset, its rules revision, the options."""
    return {
        "version": state.version,
        "rules_revision": state.rules_revision,
        "options": dict(state.options),
    }


def record(
    initial: State, log: Iterable[tuple[int | None, dict[str, Any]]], **extra: Any
) -> dict[str, Any]:
    """The record of a game from its first table and its log of (seat, action by ids); a table
    event (`{"type": "surrender", "winner": n}`) has no seat; an undo entry (`{"type": "undo",
    "to": k}`) restores the table after entry k. `extra` adds keys (players...)."""
    from . import legal_actions

    trail, actions = Trail(initial), list[dict[str, Any]]()
    for seat, action in log:
        if _no_action(seat, action):
            actions.append({"seat": seat, "action": dict(action)})
        else:
            actions.append(
                {
                    "seat": seat,
                    "action": export_action(trail.state, action, legal_actions(trail.state)),
                }
            )
        _entry(trail, seat, action)
    state = trail.state
    out = {
        "format": FORMAT,
        "ruleset": ruleset(initial),
        **extra,
        "deal": deal(initial),
        "actions": actions,
        "result": state.end,
    }
    return out


def replay(data: Any, upto: int | None = None, seed: int = 0) -> tuple[State, list[Any]]:
    """Replay a record (its first `upto` actions; all by default) from its deal. Returns the state
    and the log as (seat, action by this table's ids). Raises SetupError when the record cannot
    be read, or IllegalAction (the rule's code) when an action is not legal where it stands; a
    complete replay must end with the record's `result`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SetupError("bad_record", f'A record has "format": "{FORMAT}".')
    if not isinstance(data.get("deal"), dict) or not isinstance(data.get("actions"), list):
        raise SetupError("bad_record", "A record has a 'deal' and a list of 'actions'.")
    entries = data["actions"] if upto is None else data["actions"][:upto]
    trail = Trail(scenario({**data["deal"], "seed": seed}))
    log: list[tuple[int | None, dict[str, Any]]] = []
    for i, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict):
            raise SetupError("bad_record", f"Action {i} is not {{'seat': n, 'action': {{...}}}}.")
        seat, action = entry.get("seat"), entry["action"]
        try:
            if not _no_action(seat, action):
                action = resolve(trail.state, action)
            _entry(trail, seat, action)
        except MalformedAction as bad:  # the record is at fault, not the request that sent it
            raise SetupError("bad_record", f"Action {i}: {bad.detail}") from bad
        except EngineError as exc:  # its own code (a rule, an unresolvable name), and where
            raise type(exc)(exc.code, f"Action {i}: {exc.detail}") from exc
        log.append((seat, dict(action)))
    state = trail.state
    complete = upto is None or upto >= len(data["actions"])
    if complete and data.get("result") is not None and state.end != data["result"]:
        raise SetupError("replay_mismatch", "The replay does not end as the record says.")
    return state, log


def _no_action(seat: int | None, action: dict[str, Any]) -> bool:
    """A log entry that is no engine action: a table event (a surrender) or an undo."""
    return (seat is None and action.get("type") == SURRENDER) or is_undo(action)


def _entry(trail: Trail, seat: int | None, action: dict[str, Any]) -> None:
    """Play one entry of a log on `trail`: an action, a table event or an undo."""
    from . import apply, surrender

    if seat is None and action.get("type") == SURRENDER:
        winner: Any = action.get("winner")  # surrender checks it
        trail.play(None, surrender(trail.state, winner))
    elif is_undo(action):
        trail.undo(seat, action.get("to"))
    else:
        trail.play(seat, apply(trail.state, action, seat=seat))


def canonical(state: State) -> dict[str, Any]:
    """A state by card names, ids forgotten: each place's cards as a sorted list of names (the
    deck in order), and everything else that is no card. Two replays of one record are the same
    game exactly when their canonical forms are equal."""
    names = state.names
    places = {
        place: [names[c] for c in ids] if place == "deck" else sorted(names[c] for c in ids)
        for place, ids in zones(state).items()
    }
    return {
        "version": state.version,
        "rules_revision": state.rules_revision,
        "options": state.options,
        "places": places,
        "jacks": places["jacks"].count(JACK),
        "leader": state.leader,
        "turn": state.turn,
        "role": state.role,
        "moves": state.moves,
        "players": [
            {
                "played": p.played,
                "acted": sorted(p.acted),
                **{z: sorted(names[c] for c in getattr(p, z)) for z in TURN_LISTS},
                "public": [b.public for b in p.buildings],
            }
            for p in state.players
        ],
        "decisions": [(f["kind"], f.get("seat")) for f in state.frames],
        "end": state.end,
    }
