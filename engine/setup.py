"""Setting up a table (Black Box rulebook, Set-up; Appendix II for Imperium; docs/rules.md, rulings
"tie for the first lead" and "Sites in the training game")."""

from __future__ import annotations

from typing import Any

from . import revisions, rng
from .cards import (
    FIRST_EDITION,
    GEEK_NAMES,
    JACK,
    JACKS_IN_BOX,
    MATERIALS,
    SITES_PER_MATERIAL,
    TRAINING_SITES_PER_MATERIAL,
    VERSIONS,
    is_order,
    order_types,
    site_name,
)
from .errors import SetupError
from .state import Player, State

MIN_PLAYERS, MAX_PLAYERS = 2, 5
OPTIONS = ("training", "geek")


def check_config(version: Any, players: Any, seed: Any, options: Any) -> dict[str, Any]:
    if version not in VERSIONS:
        raise SetupError("bad_version", f"The version must be one of: {', '.join(VERSIONS)}.")
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise SetupError("bad_players", "Glory to Rome takes 2 to 5 players.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError("bad_seed", "The seed must be an integer.")
    checked: dict[str, Any] = dict(options or {})
    unknown = set(checked) - set(OPTIONS)
    if unknown:
        raise SetupError("bad_option", f"Unknown option(s): {', '.join(sorted(unknown))}.")
    if not isinstance(checked.get("training", False), bool):
        raise SetupError("bad_option", "'training' must be true or false.")
    if checked.get("training") and version == FIRST_EDITION:
        raise SetupError("bad_option", "The first edition has no training game.")
    if "geek" in checked:
        chosen = check_geek(checked["geek"], version, bool(checked.get("training")))
        if chosen:
            checked["geek"] = chosen
        else:
            del checked["geek"]  # no Geek card: the plain game, stored as one
    return checked


def check_geek(value: Any, version: str, training: bool) -> list[str]:
    """The Geek cards a game's `geek` option chooses, in catalog order: all ten for `true`, none
    for `false`, or the names listed (Black Box rulebook, Appendix III: "Use any cards from this
    expansion you like"). Republic and Imperium only ("works equally well with the Republic and
    the Imperium version"), and not in the training game, which ignores every function."""
    if value is True:
        chosen = list(GEEK_NAMES)
    elif value is False:
        chosen = []
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        unknown = sorted(set(value) - set(GEEK_NAMES))
        if unknown:
            raise SetupError(
                "bad_option",
                f"Not a Geek card: {', '.join(unknown)}; they are: {', '.join(GEEK_NAMES)}.",
            )
        chosen = [name for name in GEEK_NAMES if name in value]
    else:
        raise SetupError("bad_option", "'geek' must be true, false or a list of Geek card names.")
    if chosen and version == FIRST_EDITION:
        raise SetupError("bad_option", "The Geek expansion plays with Republic or Imperium only.")
    if chosen and training:
        raise SetupError("bad_option", "The training game ignores functions: no Geek cards.")
    return chosen


def physical_cards(version: str, geek: tuple[str, ...] | list[str] = ()) -> list[str]:
    """Every card on the table: the version's 144 orders (and the chosen Geek types' copies), and
    6 Jacks and 36 Sites (the first edition: 5 and 30)."""
    names = [t.name for t in order_types(version, geek) for _ in range(t.copies)]
    names += [JACK] * JACKS_IN_BOX[version]
    names += [site_name(m) for m in MATERIALS for _ in range(SITES_PER_MATERIAL[version])]
    return names


def sites_in_play(version: str, players: int, training: bool) -> int:
    """Sites of each material in the game: all of them; three in the training game; one per
    player in the first edition (the rest leave the game)."""
    if version == FIRST_EDITION:
        return players
    return TRAINING_SITES_PER_MATERIAL if training else SITES_PER_MATERIAL[version]


def jacks_out_of_play(version: str, players: int) -> int:
    """Jacks that leave the game at set-up: the first edition deals one to each player and sets
    the others aside (First edition rulebook (2005), Set-Up)."""
    return JACKS_IN_BOX[version] - players if version == FIRST_EDITION else 0


def check_revision(version: str, rules_revision: Any) -> int:
    """The rules revision a game is set up with: the ruleset's current one unless given (a game
    replayed from its log gives the one it was created with; engine/revisions.py)."""
    latest = revisions.current(version)
    if rules_revision is None:
        return latest
    if (
        isinstance(rules_revision, bool)
        or not isinstance(rules_revision, int)
        or not revisions.BASELINE <= rules_revision <= latest
    ):
        raise SetupError(
            "bad_rules_revision",
            f"The rules revision of {version} must be an integer from {revisions.BASELINE} to "
            f"{latest}.",
        )
    revision: int = rules_revision  # checked first: the compiled engine checks the type here
    return revision


def blank_state(
    version: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    rules_revision: int = revisions.BASELINE,
) -> State:
    """A state whose cards all have ids (a seeded random permutation, so an id reveals nothing)
    and sit in `removed`, ready to be dealt."""
    physical = physical_cards(version, options.get("geek", ()))
    ids = list(range(len(physical)))
    gen = rng.shuffle(rng.seed_state(seed), ids)
    names = [""] * len(physical)
    for card_id, name in zip(ids, physical, strict=True):
        names[card_id] = name
    return State(
        version=version,
        options=options,
        seed=seed,
        rng=gen,
        names=tuple(names),
        deck=[],
        pool=[],
        jacks=[],
        sites={m: [] for m in MATERIALS},
        out_of_town={m: [] for m in MATERIALS},
        removed=sorted(ids),
        players=[Player() for _ in range(players)],
        rules_revision=rules_revision,
    )


def take_all(state: State, name: str) -> list[int]:
    """Move every card of a name out of `removed` (ids in ascending order)."""
    found = [c for c in state.removed if state.names[c] == name]
    taken = set(found)
    state.removed = [c for c in state.removed if c not in taken]
    return found


def place_sites(state: State, in_town: int, available: int) -> None:
    """N Sites of each material in town, the rest out of town; the training game uses at most three
    of each and the others leave the game (docs/rules.md, ruling "Sites in the training game")."""
    for m in MATERIALS:
        sites = take_all(state, site_name(m))
        state.sites[m] = sites[:in_town]
        state.out_of_town[m] = sites[in_town:available]
        state.removed.extend(sites[available:])


def new_game(
    version: Any,
    players: Any,
    seed: Any,
    options: Any = None,
    rules_revision: Any = None,
) -> State:
    """A new table, playing by `rules_revision` of its ruleset (default: the current one). The
    configuration may come from a client: anything is checked here (SetupError), hence `Any`
    (the compiled engine enforces annotations, and would raise TypeError instead)."""
    options = check_config(version, players, seed, options)
    revision = check_revision(version, rules_revision)
    state = blank_state(version, players, seed, options, revision)
    state.deck = [c for c in state.removed if is_order(state.names[c])]
    state.removed = [c for c in state.removed if not is_order(state.names[c])]
    state.rng = rng.shuffle(state.rng, state.deck)
    state.jacks = take_all(state, JACK)
    if version == FIRST_EDITION:
        set_up_first_edition(state)
        return state
    hand = 5 if version == "republic" else 4
    for p in state.players:
        p.hand = [state.deck.pop() for _ in range(hand)]
        if version == "imperium":  # "4 cards but 1 additional Jack" (Appendix II)
            p.hand.append(state.jacks.pop())
    state.leader = deal_for_leader(state)
    if state.training:
        available = sites_in_play(version, players, True)
        place_sites(state, min(players, available), available)
        half = len(state.deck) // 2  # "remove half the draw pile from play"
        state.removed.extend(state.deck[-half:])
        del state.deck[-half:]
    else:
        place_sites(state, players, sites_in_play(version, players, False))
    state.frames = [{"kind": "lead", "seat": state.leader}]
    return state


def set_up_first_edition(state: State) -> None:
    """The leader and the starting Pool are dealt first, then four orders and a Jack to each
    player; the other Jacks are out of play; N Sites of each material, the rest out of the game
    (First edition rulebook (2005), Set-Up)."""
    state.leader = deal_for_leader(state)
    for p in state.players:
        p.hand = [state.deck.pop() for _ in range(4)]
        p.hand.append(state.jacks.pop())
    state.removed.extend(state.jacks)
    state.jacks = []
    place_sites(state, state.n, sites_in_play(FIRST_EDITION, state.n, False))
    state.frames = [{"kind": "lead", "seat": state.leader}]


def deal_for_leader(state: State) -> int:
    """One card face up into the Pool per player; the first in the alphabet leads, and tied players
    get further cards until the tie breaks (Black Box rulebook, Determining Starting Player;
    docs/rules.md, ruling "tie for the first lead")."""
    contenders = list(range(state.n))
    while True:
        dealt = {}
        for seat in contenders:
            card = state.deck.pop()
            state.pool.append(card)
            dealt[seat] = state.names[card].casefold()
        first = min(dealt.values())
        contenders = [s for s in contenders if dealt[s] == first]
        if len(contenders) == 1:
            return contenders[0]
