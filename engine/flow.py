"""The turn: a stack of pending decisions (frames), each of one kind with one owner.

A turn is pushed as a schedule when the leader leads: each other player's follow-or-think, then
each player's role actions from the leader clockwise, then the end of the turn. Sub-decisions (a
Legionary's pool claim and each victim's answer, upon-completion bursts, a Bath client's action,
end-of-turn choices) are pushed on top and popped when done. The prompt is read off the top frame.

Every frame kind offers the same three things for its actions (PokerKit's verify/can/do triad):
`options` enumerates the legal ones, `check` raises IllegalAction with a reason, and `perform`
changes the state after `check` passed. Frames that need no decision resolve themselves in `settle`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product
from typing import Any, ClassVar

from . import events, powers
from .actions import SKIP, Action, Claim, Follow, Lead, Skip, Think
from .cards import JACK, ROLES, is_order
from .endgame import end_game, ranked_winners, scores
from .errors import IllegalAction
from .schedule import after_leading, follow_own_actions, offer_early, turn_schedule
from .state import Building, Frame, State

# Cards and zones -------------------------------------------------------------------------------


def move(card: int, source: list[int], target: list[int]) -> None:
    source.remove(card)
    target.append(card)


def require_held(state: State, seat: int, cards: Iterable[int]) -> None:
    hand = state.players[seat].hand
    for c in cards:
        if c not in hand:
            raise IllegalAction("card_not_held", f"Card {c} is not in your hand.")


def require_order(state: State, card: int) -> None:
    if not is_order(state.names[card]):
        raise IllegalAction("not_an_order", "A Jack is neither a material nor a client.")


def draw_one(state: State, seat: int, zone: str) -> int:
    """Take the top card of the deck into `seat`'s `zone` (hand, clientele or vault); the game
    ends the moment the deck runs out (Black Box rulebook, Ending the Game: "The draw deck runs
    out")."""
    card = state.deck.pop()
    getattr(state.players[seat], zone).append(card)
    events.drew(state, seat, zone, card)
    if not state.deck:
        end_game(state, "deck")
    return card


def subsets(cards: list[int], low: int, high: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for k in range(low, min(high, len(cards)) + 1):
        out.extend(combinations(cards, k))
    return out


def subsets_by_name(state: State, cards: list[int], low: int) -> list[tuple[int, ...]]:
    """Subsets of at least `low` cards, once per multiset of names (same-named cards are alike)."""
    groups: dict[str, list[int]] = {}
    for c in cards:
        groups.setdefault(state.names[c], []).append(c)
    lists = list(groups.values())
    return [
        tuple(c for g, k in zip(lists, counts, strict=True) for c in g[:k])
        for counts in product(*(range(len(g) + 1) for g in lists))
        if sum(counts) >= low
    ]


# Thinking ---------------------------------------------------------------------------------------


def discard_options(state: State, seat: int) -> list[tuple[int, ...]]:
    """Before thinking: nothing; one order card with a Latrine; the whole hand with a Vomitorium."""
    hand = state.players[seat].hand
    out: list[tuple[int, ...]] = [()]
    can = powers.capabilities(state, seat)
    if powers.THINK_DISCARD_ONE in can:
        out.extend((c,) for c in hand if is_order(state.names[c]))
    if hand and powers.THINK_DISCARD_ALL in can and tuple(hand) not in out:
        out.append(tuple(hand))
    return out


THINK_POWERS = frozenset(
    {powers.THINK_DISCARD_ONE, powers.THINK_DISCARD_ALL, powers.THINK_EXTRA_JACK}
)
TAKE_JACK, DRAW = Think("jack"), Think("cards")  # the plain Thinker actions (immutable)


def think_options(state: State, seat: int) -> list[Action]:
    can = powers.capabilities(state, seat)
    if can.isdisjoint(THINK_POWERS):  # the common case, listed as the loops below list it
        return [TAKE_JACK, DRAW] if state.jacks else [DRAW]
    out: list[Action] = []
    extra = [False, True] if powers.THINK_EXTRA_JACK in can else [False]
    for discard in discard_options(state, seat):
        for take in ("jack", "cards"):
            for extra_jack in extra:
                jacks_needed = (take == "jack") + extra_jack
                returned = sum(1 for c in discard if state.names[c] == JACK)
                if len(state.jacks) + returned >= jacks_needed:
                    out.append(Think(take, discard, extra_jack))
    return out


def check_think(state: State, seat: int, action: Think) -> None:
    require_held(state, seat, action.discard)
    if action.discard:
        hand = state.players[seat].hand
        whole = set(action.discard) == set(hand)
        one = len(action.discard) == 1 and is_order(state.names[action.discard[0]])
        if not (whole and powers.has(state, seat, powers.THINK_DISCARD_ALL)) and not (
            one and powers.has(state, seat, powers.THINK_DISCARD_ONE)
        ):
            raise IllegalAction(
                "no_discard",
                "Discarding before thinking needs a Latrine (one) or Vomitorium (all).",
            )
    if action.extra_jack and not powers.has(state, seat, powers.THINK_EXTRA_JACK):
        raise IllegalAction("no_extra_jack", "Only a Tribunal lets you take a Jack as well.")
    returned = sum(1 for c in action.discard if state.names[c] == JACK)
    if len(state.jacks) + returned < (action.take == "jack") + action.extra_jack:
        raise IllegalAction("no_jacks", "There is no Jack left to take.")


def think(state: State, seat: int, action: Think, again: bool = True) -> None:
    """One Thinker action: take a Jack, or draw up to hand size (all the way, never partly), or
    draw one card when at or above it (Black Box rulebook, Thinking). With the first edition's
    School a second one follows, which does not call a third (`again`)."""
    if again and powers.has(state, seat, powers.THINK_TWICE):
        push(state, [{"kind": "think", "seat": seat, "count": 1, "used": 0, "again": False}])
    player = state.players[seat]
    for c in action.discard:
        move(c, player.hand, state.jacks if state.names[c] == JACK else state.pool)
    if action.take == "jack":
        player.hand.append(state.jacks.pop())
    else:
        missing = powers.hand_size(state, seat) - len(player.hand)
        for _ in range(max(missing, 1)):
            draw_one(state, seat, "hand")
            if state.end is not None:
                return
    if action.extra_jack:
        player.hand.append(state.jacks.pop())


# Playing cards to lead or follow ---------------------------------------------------------------


def wild_for(state: State, seat: int, leading: bool) -> frozenset[str]:
    """Roles any card of the seat plays as: a Crane's; as leader, all with the first edition's
    Circus Maximus ("You may play any card as a Jack when you are leader")."""
    wild = powers.wild_roles(state, seat)
    if leading and powers.has(state, seat, powers.LEAD_ANY_AS_JACK):
        return frozenset(ROLES)
    return wild


def plays_as(state: State, card: int, role: str, wild: frozenset[str]) -> bool:
    """A card plays as `role`: a Jack, a card of the role, or any card for a wild role (Crane)."""
    return state.names[card] == JACK or role in wild or powers.role_of(state, card) == role


def play_options(state: State, seat: int, roles: tuple[str, ...], leading: bool) -> list[Action]:
    """Every lead (`leading`) or follow of one of `roles` a player may play: one card of the role,
    a Jack, or a petition of same-role order cards (Black Box rulebook, Jacks, Petitioning); with a
    Palace several cards of the role (listed once per multiset of names)."""
    hand = state.players[seat].hand
    # Each card's role, once (None: a Jack, which plays as any role).
    card_roles = [(c, None if state.names[c] == JACK else state.card_role(c)) for c in hand]
    by_role: dict[str, list[int]] = {}
    for c, r in card_roles:
        if r is not None:
            by_role.setdefault(r, []).append(c)
    sizes = sorted(powers.petition_sizes(state, seat))
    petitions = [
        (group_role, combo)
        for group_role, group in by_role.items()
        for size in sizes
        for combo in combinations(group, size)
    ]
    multi = powers.has(state, seat, powers.MULTI_PLAY)
    wild = wild_for(state, seat, leading)
    out: list[Action] = []
    for role in roles:
        if role in wild:
            eligible = list(hand)
        else:  # as plays_as says
            eligible = [c for c, r in card_roles if r is None or r == role]
        plays: list[tuple[int, ...]] = [(c,) for c in eligible]
        if multi:
            plays.extend(subsets_by_name(state, eligible, 2))
        for group_role, combo in petitions:
            if not (multi and group_role == role):  # already listed as a Palace play
                plays.append(combo)
        for cards in plays:  # (loops, not generators: compiled, several times cheaper)
            out.append(Lead(role, cards) if leading else Follow(cards))
    return out


def played_actions(
    state: State, seat: int, role: str, cards: tuple[int, ...], leading: bool = False
) -> int:
    """How many actions the cards earn: one, or one per card for a Palace play; 0 if illegal."""
    wild = wild_for(state, seat, leading)
    if len(cards) == 1:
        return 1 if plays_as(state, cards[0], role, wild) else 0
    if powers.has(state, seat, powers.MULTI_PLAY) and all(
        plays_as(state, c, role, wild) for c in cards
    ):
        return len(cards)
    return 1


def check_play(
    state: State, seat: int, role: str, cards: tuple[int, ...], leading: bool = False
) -> None:
    if not cards:
        raise IllegalAction("no_cards", "Play at least one card.")
    require_held(state, seat, cards)
    check_cards_play(state, seat, role, cards, leading)


def check_cards_play(
    state: State, seat: int, role: str, cards: tuple[int, ...], leading: bool = False
) -> None:
    """The cards, wherever they are, make a play of `role` for the seat."""
    names = [state.names[c] for c in cards]
    if len(cards) == 1:
        if not played_actions(state, seat, role, cards, leading):
            raise IllegalAction("wrong_role", f"{names[0]} is not a {role} card.")
        return
    if played_actions(state, seat, role, cards, leading) > 1:
        return  # a Palace play
    if JACK in names:
        raise IllegalAction("jack_in_petition", "A Jack cannot be part of a petition.")
    sizes = powers.petition_sizes(state, seat)
    if not sizes:
        raise IllegalAction("petition_size", "Play one card, or a Jack: there is no petition.")
    if len(cards) not in sizes:
        listed = " or ".join(str(s) for s in sorted(sizes))
        raise IllegalAction("petition_size", f"A petition takes {listed} cards of one role.")
    if len({powers.role_of(state, c) for c in cards}) != 1:
        raise IllegalAction("petition_mixed", "A petition's cards must all be of one role.")


def play(state: State, seat: int, role: str, cards: tuple[int, ...], leading: bool = False) -> None:
    player = state.players[seat]
    player.played = played_actions(state, seat, role, cards, leading)
    for c in cards:
        move(c, player.hand, player.camp)


# Frame kinds ------------------------------------------------------------------------------------


class FrameKind:
    kind: ClassVar[str]
    accepts: ClassVar[tuple[type[Action], ...]]

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        """Public details of the decision (never a hidden card)."""
        raise NotImplementedError

    def options(self, state: State, frame: Frame) -> list[Action]:
        """The legal actions, in a stable order (engine.legal_actions lists them so)."""
        raise NotImplementedError

    def check(self, state: State, frame: Frame, action: Action) -> None:
        raise NotImplementedError

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        raise NotImplementedError

    def settle(self, state: State, frame: Frame) -> bool:
        """Resolve the frame without a decision if nothing is left to decide; True if it did."""
        return False

    def pop_if_only_skip(self, state: State, frame: Frame) -> bool:
        """Nothing to ask when skipping is all a player could do: the frame goes, and the engine
        records that it skipped for the seat; True if so. Otherwise the options, listed in full,
        are kept for the decision they belong to, which is asked for next (`listed_options`)."""
        options = self.options(state, frame)
        if any(not isinstance(a, Skip) for a in options):
            state.decision = (state.moves, frame, options)
            return False
        state.frames.pop()
        resolved(state, frame, SKIP)
        return True


KINDS: dict[str, FrameKind] = {}


def resolved(state: State, frame: Frame, action: Action) -> None:
    """Record a decision the engine took for the frame's seat, there being nothing to choose."""
    event = {"type": "resolved", "seat": frame["seat"], "decision": frame["kind"]}
    if "role" in frame:
        event["role"] = frame["role"]
    events.record(state, {**event, "action": action.to_json()})


def kind(cls: type[FrameKind]) -> type[FrameKind]:
    """Register a kind of decision. Called after the class, not as its decorator: mypyc compiles
    no decorated class (engine/compiled.py)."""
    KINDS[cls.kind] = cls()
    return cls


class LeadFrame(FrameKind):
    """The leader leads a role or thinks (Black Box rulebook, Game Play, step 1)."""

    kind = "lead"
    accepts = (Lead, Think)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": "Lead a role, or think."}

    def options(self, state: State, frame: Frame) -> list[Action]:
        return think_options(state, frame["seat"]) + play_options(state, frame["seat"], ROLES, True)

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Think):
            check_think(state, frame["seat"], action)
        else:
            assert isinstance(action, Lead)
            check_play(state, frame["seat"], action.role, action.cards, leading=True)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        leader = frame["seat"]
        state.frames.pop()
        if isinstance(action, Think):
            # "If ... you choose to Think instead of leading ... the turn ends."
            state.frames.append({"kind": "end_turn"})
            state.frames.extend(after_leading(state))
            think(state, leader, action)
            return
        assert isinstance(action, Lead)
        play(state, leader, action.role, action.cards, leading=True)
        state.role = action.role
        state.frames.extend(turn_schedule(state, action.role))
        follow_own_actions(state, leader)
        offer_early(state, leader)


kind(LeadFrame)


class FollowFrame(FrameKind):
    """Each other player, clockwise, follows the led role or thinks (Black Box rulebook, Game Play,
    step 2)."""

    kind = "follow"
    accepts = (Follow, Think)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {"text": f"Follow {state.role}, or think.", "role": state.role}

    def options(self, state: State, frame: Frame) -> list[Action]:
        role = state.role or ""
        return think_options(state, frame["seat"]) + play_options(
            state, frame["seat"], (role,), False
        )

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Think):
            check_think(state, frame["seat"], action)
        else:
            assert isinstance(action, Follow)
            check_play(state, frame["seat"], state.role or "", action.cards)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        if isinstance(action, Think):
            offer_early(state, frame["seat"])  # below a School's second Thinker action
            think(state, frame["seat"], action)
        else:
            assert isinstance(action, Follow)
            play(state, frame["seat"], state.role or "", action.cards)
            follow_own_actions(state, frame["seat"])
            offer_early(state, frame["seat"])


kind(FollowFrame)


class ThinkFrame(FrameKind):
    """Thinker actions granted by a building (Academy, School): each may be declined."""

    kind = "think"
    accepts = (Think, Skip)

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        left = frame["count"] - frame["used"]
        return {
            "text": f"Think: {left} Thinker action{'' if left == 1 else 's'} left.",
            "actions_left": left,
        }

    def options(self, state: State, frame: Frame) -> list[Action]:
        return [SKIP, *think_options(state, frame["seat"])]

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Think):
            check_think(state, frame["seat"], action)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            state.frames.pop()
            return
        assert isinstance(action, Think)
        frame["used"] += 1
        think(state, frame["seat"], action, frame.get("again", True))

    def settle(self, state: State, frame: Frame) -> bool:
        if frame["used"] < frame["count"]:
            return False
        state.frames.pop()
        return True


kind(ThinkFrame)


class EndTurnFrame(FrameKind):
    """End-of-turn functions first (Senate, Sewer, from the leader clockwise); then role cards go to
    the Pool and Jacks to their pile (Black Box rulebook, Game Play, step 5; Jacks), and the turn is
    over; then what comes "after" a turn (Academy); then the Leader card passes left."""

    kind = "end_turn"
    accepts = ()

    def settle(self, state: State, frame: Frame) -> bool:
        order = state.clockwise(state.leader)
        if state.role is not None and not frame.get("hooks_done"):
            frame["hooks_done"] = True
            push(state, [f for s in order for f in powers.end_of_turn_frames(state, s)])
            return True
        if not frame.get("turn_over"):
            frame["turn_over"] = True
            after = [f for s in order for f in powers.after_turn_frames(state, s)]
            for seat in order:
                player = state.players[seat]
                for c in player.camp:
                    (state.jacks if state.names[c] == JACK else state.pool).append(c)
                player.camp.clear()
                player.new_turn()
            state.role = None
            push(state, after)
            return True
        state.leader = (state.leader + 1) % state.n
        events.record(state, {"type": "turn_end", "turn": state.turn, "leader": state.leader})
        state.turn += 1
        state.frames.pop()
        state.frames.append({"kind": "lead", "seat": state.leader})
        return True


kind(EndTurnFrame)


class ChooseFrame(FrameKind):
    """Take any of the cards a decision offers (Claim), or none (Skip). Subclasses say what is
    offered, what limits a choice, and where the cards go."""

    accepts = (Claim, Skip)
    by_name: ClassVar[bool] = False  # list options once per multiset of names

    def offered(self, state: State, frame: Frame) -> list[int]:
        raise NotImplementedError

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        """Why this choice is too much, or None."""
        return None

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        raise NotImplementedError

    def choices(self, state: State, frame: Frame) -> Iterable[tuple[int, ...]]:
        """Candidate choices (filtered by `limit_error`); subclasses may narrow them."""
        offered = self.offered(state, frame)
        if self.by_name:
            return subsets_by_name(state, offered, 1)
        return subsets(offered, 1, len(offered))

    def options(self, state: State, frame: Frame) -> list[Action]:
        out: list[Action] = [SKIP]
        for cards in self.choices(state, frame):
            if cards and self.limit_error(state, frame, cards) is None:
                out.append(Claim(cards))
        return out

    def settle(self, state: State, frame: Frame) -> bool:
        """Nothing to ask when nothing may be taken (nothing offered, or no room for any)."""
        return self.pop_if_only_skip(state, frame)

    def check(self, state: State, frame: Frame, action: Action) -> None:
        if isinstance(action, Skip):
            return
        assert isinstance(action, Claim)
        if not action.cards:
            raise IllegalAction("no_cards", "Name the cards to take, or skip.")
        offered = self.offered(state, frame)
        for c in action.cards:
            if c not in offered:
                raise IllegalAction("not_offered", f"Card {c} cannot be taken now.")
        error = self.limit_error(state, frame, action.cards)
        if error is not None:
            raise IllegalAction("over_limit", error)

    def perform(self, state: State, frame: Frame, action: Action) -> None:
        state.frames.pop()
        if isinstance(action, Claim):
            self.take(state, frame, action.cards)


# Completing structures ---------------------------------------------------------------------------


def push(state: State, frames: list[Frame]) -> None:
    """Put decisions on the stack so that the first listed is decided first (not once the game
    is over)."""
    if frames and state.end is None:
        state.frames.extend(reversed(frames))


def complete(state: State, seat: int, building: Building, role: str | None = None) -> None:
    """The Site goes to Influence and the function takes effect at once (Black Box rulebook,
    Benefits of Completing a Structure); upon-completion functions act now, after what comes of
    completing it with an action of `role` (a Solarium's choice)."""
    building.complete = True
    state.structures_changed()
    events.record(state, {"type": "completed", "seat": seat, "building": building.foundation})
    state.players[seat].influence.append(building.site)
    push(
        state,
        powers.build_complete_frames(state, seat, building, role)
        + powers.completion_frames(state, seat, building),
    )


def burst(seat: int, role: str, count: int) -> Frame:
    """A fixed number of actions of one role, each of which may be declined (upon-completion
    functions, a Bath client's action)."""
    if role == "thinker":
        return {"kind": "think", "seat": seat, "count": count, "used": 0}
    return {"kind": "act", "seat": seat, "role": role, "used": 0, "count": count}


# Driving the flow --------------------------------------------------------------------------------


def check_instant_wins(state: State) -> None:
    """Forum and Forum Romanum win at once; if a public Forum makes several players win together,
    the one with the best score among them wins (Black Box rulebook, Appendix I, Forum (Romanum)
    combined with Stairway)."""
    winners = powers.instant_winners(state)
    if winners:
        ranked = [s for s in scores(state) if s["seat"] in winners]
        best = ranked_winners(ranked)
        end_game(state, powers.win_reason(state, best[0]) or "forum", best)


def settle(state: State) -> None:
    """Resolve frames that need no decision until one does, or the game is over."""
    check_instant_wins(state)
    while state.end is None:
        frame = state.frames[-1]
        if not KINDS[frame["kind"]].settle(state, frame):
            return
        check_instant_wins(state)


def pending(state: State) -> tuple[FrameKind, Frame] | None:
    if state.end is not None or not state.frames:
        return None
    frame = state.frames[-1]
    return KINDS[frame["kind"]], frame


def listed_options(state: State, kind: FrameKind, frame: Frame) -> list[Action]:
    """The options of the pending decision: those that settling the last move listed already
    (`State.decision`: kept with the move count and the frame they belong to, so a later move
    or a copy never sees them), or listed now. The list is the state's: do not change it."""
    kept = state.decision
    if type(kept) is tuple and kept[0] == state.moves and kept[1] is frame:
        listed: list[Action] = kept[2]
        return listed
    return kind.options(state, frame)
