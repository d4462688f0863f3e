"""The unofficial Geek expansion (Black Box rulebook, Appendix III): ten building functions, in play
only in a Republic or Imperium game whose `geek` option chooses them (engine/setup.py). Materials,
copies and the points the text leaves open are the rulings of docs/rules.md, section The Geek
expansion. Bacchanalia, which has a decision of its own, is in geek_bacchanalia.py."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Any

from .. import powers, revisions
from ..cards import VALUE_OF_MATERIAL
from ..flow import ChooseFrame, FrameKind, burst, kind, move, push, subsets_by_name
from ..powers import (
    ACT_ON_HIRE,
    DEMAND_WITH_FOUNDATIONS,
    HIGHEST_INFLUENCE,
    POWERS,
    TEAR_DOWN,
    THINK_AFTER_LOSS,
    Power,
    acting_clients,
    client_acts_as,
    register,
)
from ..state import Building, Frame, State
from .brick import turn_frame
from .stone import RANSOM


def building_of(state: State, foundation: int) -> tuple[int, Building]:
    """The owner and the structure of a foundation, whoever has it (the decisions that name one
    offer only structures in play)."""
    for seat, p in enumerate(state.players):
        for b in p.buildings:
            if b.foundation == foundation:
                return seat, b
    raise LookupError(f"no structure has foundation {foundation}")


def materials_of(state: State, foundation: int) -> list[int]:
    """The materials under a structure; none if it is no longer in play."""
    try:
        return list(building_of(state, foundation)[1].materials)
    except LookupError:
        return []


class Castra(Power):
    """If you lose one or more cards from your hand to enemy legionaries, you may Think once at the
    end of that round, after all legionaries have resolved (Black Box rulebook, Appendix III,
    Castra). Ruling "Castra: the end of the turn": with the end-of-turn functions."""

    name = "Castra"
    grants = frozenset({THINK_AFTER_LOSS})

    def end_of_turn(self, state: State, seat: int) -> list[Frame]:
        turn = turn_frame(state)
        lost = turn is not None and seat in turn.get("lost_to_legionary", ())
        return [burst(seat, "thinker", 1)] if lost else []


register(Castra)


class Watermill(Power):
    """If you lead or follow Laborer, you may trigger any or all of your Architect Clients at the
    end of your turn: after your Laborer actions, before the next player's (Black Box rulebook,
    Appendix III, Watermill, example)."""

    name = "Watermill"

    def on_play(self, state: State, seat: int, role: str) -> list[Frame]:
        return [{"kind": "watermill", "seat": seat}] if role == "laborer" else []


register(Watermill)


class WatermillFrame(FrameKind):
    """The Watermill's Architect actions, one per Architect client when they come (each may be
    declined): no decision of its own. They are the clients' actions, marked so (`by_clients`)
    for a Triclinium from revision 2 (engine/revisions.py)."""

    kind = "watermill"
    accepts = ()

    def settle(self, state: State, frame: Frame) -> bool:
        state.frames.pop()
        count = acting_clients(state, frame["seat"], "architect")
        if count:
            actions = burst(frame["seat"], "architect", count)
            if revisions.follows(state, revisions.TRICLINIUM_WATERMILL):
                actions["by_clients"] = True
            push(state, [actions])
        return True


kind(WatermillFrame)


class Domus(Power):
    """As soon as you complete the Domus, you may perform one Patron action. If the new Client
    matches the current role, it may perform its action (Black Box rulebook, Appendix III, Domus):
    in the example it adds one to its owner's Craftsman actions of the turn. With a Bath the new
    client's action is the Bath's, taken at once, and the Domus adds none (ruling "Domus: one
    action with a Bath", from revision 2: engine/revisions.py)."""

    name = "Domus"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        hire = burst(seat, "patron", 1)
        if powers.has(state, seat, ACT_ON_HIRE) and revisions.follows(state, revisions.DOMUS_BATH):
            return [hire]
        before = list(state.players[seat].clientele)
        return [hire, {"kind": "domus", "seat": seat, "before": before}]


register(Domus)


class DomusFrame(FrameKind):
    """After the Domus's Patron action: the new clients of the turn's role may act this turn (a
    client hired this turn otherwise does not)."""

    kind = "domus"
    accepts = ()

    def settle(self, state: State, frame: Frame) -> bool:
        state.frames.pop()
        seat, role = frame["seat"], state.role
        player = state.players[seat]
        for c in player.clientele:
            new = c not in frame["before"] and c in player.hired
            if new and role and client_acts_as(state, seat, c, role):
                player.hired.remove(c)
        return True


kind(DomusFrame)


class WatchPost(Power):
    """A Craftsman action may tear down one of your completed structures instead: its foundation
    returns to your hand and its materials go to your Stockpile (Black Box rulebook, Appendix III,
    Watch Post; the action is engine/roles/building.py's `tear_down`)."""

    name = "Watch Post"
    grants = frozenset({TEAR_DOWN})


register(WatchPost)


class CastraPraetoria(Power):
    """Upon completion you may add any or all of the materials under it to your Clientele; while
    you have it, your Legionary may show your incomplete structures as well as cards from hand
    (Black Box rulebook, Appendix III, Castra Praetoria; the demand is engine/roles/legionary.py).
    Ruling "Castra Praetoria: room in the Clientele": as many as there is room for."""

    name = "Castra Praetoria"
    grants = frozenset({DEMAND_WITH_FOUNDATIONS})

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [{"kind": "enlist", "seat": seat, "building": building.foundation}]


register(CastraPraetoria)


def one_of_each_name(state: State, cards: list[int]) -> Iterator[tuple[int, ...]]:
    """One card, once per name (cards of one name are alike)."""
    seen: set[str] = set()
    for c in cards:
        if state.names[c] not in seen:
            seen.add(state.names[c])
            yield (c,)


def clientele_room(state: State, seat: int) -> int:
    return powers.clientele_limit(state, seat) - len(state.players[seat].clientele)


def vault_room(state: State, seat: int) -> int:
    return powers.vault_limit(state, seat) - len(state.players[seat].vault)


class EnlistFrame(ChooseFrame):
    kind = "enlist"
    by_name = True

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": "Castra Praetoria: you may make its materials your clients.",
            "building": frame["building"],
        }

    def offered(self, state: State, frame: Frame) -> list[int]:
        return materials_of(state, frame["building"])

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        if len(cards) > clientele_room(state, frame["seat"]):
            return "Your Clientele has no room for so many."
        return None

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        seat = frame["seat"]
        player, building = state.players[seat], building_of(state, frame["building"])[1]
        for c in cards:
            move(c, building.materials, player.clientele)
            player.hired.append(c)
        state.structures_changed()
        push(state, powers.hire_frames(state, seat, list(cards)))


kind(EnlistFrame)


class Solarium(Power):
    """Whenever you complete a structure with an Architect action, you may move one material from
    under it to your Stockpile; the Solarium's own completion included (Black Box rulebook,
    Appendix III, Solarium)."""

    name = "Solarium"

    def on_build_complete(
        self, state: State, seat: int, building: Building, role: str
    ) -> list[Frame]:
        if role != "architect" or not building.materials:
            return []
        return [{"kind": "solarium", "seat": seat, "building": building.foundation}]


register(Solarium)


class SolariumFrame(ChooseFrame):
    kind = "solarium"
    by_name = True

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": "Solarium: you may move one material of the structure to your Stockpile.",
            "building": frame["building"],
        }

    def offered(self, state: State, frame: Frame) -> list[int]:
        return materials_of(state, frame["building"])

    def choices(self, state: State, frame: Frame) -> Iterator[tuple[int, ...]]:
        return one_of_each_name(state, self.offered(state, frame))

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        return None if len(cards) == 1 else "Move one material."

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        building = building_of(state, frame["building"])[1]
        move(cards[0], building.materials, state.players[frame["seat"]].stockpile)
        state.structures_changed()


kind(SolariumFrame)


class Aerarium(Power):
    """Whenever you check your Influence, except when scoring, you use the highest Influence of
    all players (powers.checked_influence). Upon completion you may give its 2-Influence Site to
    any player, yourself included, to trigger an upon-completion function of one of that player's
    completed structures (Black Box rulebook, Appendix III, Aerarium; its examples: the function
    works for the Aerarium's owner). With a Prison the thief pays Sites worth 3 or more instead of
    the Prison's Site (Aerarium and Prison). Rulings "Aerarium: whose function", "Aerarium: not
    itself" and "Aerarium: its Site to give" (a stolen one's Site may be another's)."""

    name = "Aerarium"
    grants = frozenset({HIGHEST_INFLUENCE})

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [{"kind": "aerarium", "seat": seat, "building": building.foundation}]


register(Aerarium)


def retriggers(state: State, b: Building) -> bool:
    """A completed structure with an upon-completion function (not another Aerarium)."""
    power = POWERS.get(state.names[b.foundation])
    return (
        b.complete
        and power is not None
        and type(power).on_complete is not Power.on_complete
        and not isinstance(power, Aerarium)
    )


class AerariumFrame(ChooseFrame):
    kind = "aerarium"

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        return {
            "text": "Aerarium: you may give its Site to a player to use one of his structures' "
            "upon-completion functions.",
            "building": frame["building"],
        }

    def offered(self, state: State, frame: Frame) -> list[int]:
        if given_away(state, frame) and revisions.follows(state, revisions.AERARIUM_SITE):
            return []  # nothing to give, no function to trigger
        return [b.foundation for p in state.players for b in p.buildings if retriggers(state, b)]

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        return None if len(cards) == 1 else "Choose one structure."

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        seat = frame["seat"]
        owner, target = building_of(state, cards[0])
        site = aerarium_site(state, frame)
        if owner != seat and site in state.players[seat].influence:
            move(site, state.players[seat].influence, state.players[owner].influence)
            state.structures_changed()
        power = POWERS[state.names[target.foundation]]
        frames = power.on_complete(state, seat, target)
        for f in frames:
            if f["kind"] == "steal":
                f["ransom"] = True  # Aerarium and Prison: Sites worth 3, not the Prison's
        push(state, frames)


kind(AerariumFrame)


def aerarium_site(state: State, frame: Frame) -> int | None:
    """The Site of the Aerarium whose completion asks (None if it is no longer its owner's)."""
    buildings = state.players[frame["seat"]].buildings
    return next((b.site for b in buildings if b.foundation == frame["building"]), None)


def given_away(state: State, frame: Frame) -> bool:
    """The Aerarium's Site is not in its owner's Influence: a Prison stole the Aerarium, whose Site
    stayed with the player robbed (or whoever he gave it to); ruling "Aerarium: its Site to
    give"."""
    return aerarium_site(state, frame) not in state.players[frame["seat"]].influence


def site_value(state: State, cards: tuple[int, ...] | list[int]) -> int:
    return sum(VALUE_OF_MATERIAL[state.material(c) or ""] for c in cards)


class RansomFrame(FrameKind):
    """The Sites a thief gives the robbed player for a Prison re-triggered by an Aerarium, once
    the stolen structure's function is done (ruling "Prison: the function before the exchange"):
    the set worth least of those worth 3 or more, the fewest cards on a tie (ruling "Aerarium and
    Prison: the ransom"). No decision: giving more only helps the robbed player."""

    kind = "ransom"
    accepts = ()

    def settle(self, state: State, frame: Frame) -> bool:
        state.frames.pop()
        thief, robbed = state.players[frame["seat"]], state.players[frame["to"]]
        for c in cheapest_ransom(state, thief.influence):
            move(c, thief.influence, robbed.influence)
        state.structures_changed()
        return True


kind(RansomFrame)


def cheapest_ransom(state: State, sites: list[int]) -> tuple[int, ...]:
    """The Sites worth least, at least RANSOM, fewest cards on a tie; none if they cannot pay."""
    payable = [
        combo
        for k in range(1, len(sites) + 1)
        for combo in combinations(sites, k)
        if site_value(state, combo) >= RANSOM
    ]
    return min(payable, key=lambda c: (site_value(state, c), len(c)), default=())


class Triclinium(Power):
    """If you are leading or following, whenever one of your Clients acts you may put it into your
    Vault after that action completes (Black Box rulebook, Appendix III, Triclinium). Ruling
    "Triclinium: each client that acted": after each action of the turn's role, and each of a
    Watermill's Architect actions, as many clients of that role that act this turn as the action
    was actions (a Legionary's demand is one per card revealed, a lay out of town two); after a
    Bath action, the new client that took it. The Vault's room applies."""

    name = "Triclinium"

    def after_action(self, state: State, seat: int, frame: Frame, taken: int) -> list[Frame]:
        if not state.players[seat].played:
            return []  # he thought: he neither led nor followed
        if frame["kind"] == "bath":
            return bath_offer(state, seat, frame, taken)
        if clients_act(state, frame):
            return vault_offer(state, seat, frame["role"], taken)
        return []


register(Triclinium)


def bath_offer(state: State, seat: int, frame: Frame, taken: int) -> list[Frame]:
    """After a Bath action, the new client that took it; and the client whose action waited to
    join it for a lay out of town, if that lay used it (from revision 2: engine/revisions.py)."""
    waited = frame.get("waited")  # noted from revision 2 only (engine/buildings/brick.py)
    if waited is not None and taken > 1:
        return [
            {
                "kind": "triclinium",
                "seat": seat,
                "clients": [frame["client"], waited],
                "most": 2,
                "bath": True,
            }
        ]
    return [{"kind": "triclinium", "seat": seat, "client": frame["client"]}]


def clients_act(state: State, frame: Frame) -> bool:
    """The actions of the act frame `frame` are his clients' as well as his own: those of the role
    he led or followed, and a Watermill's (Black Box rulebook, Appendix III, Watermill: "trigger
    any or all of your Architect Clients"); not a burst of a completed structure's."""
    own = "count" not in frame and frame["role"] == state.role
    return frame["kind"] == "act" and (own or bool(frame.get("by_clients")))


def vault_offer(state: State, seat: int, role: str, taken: int) -> list[Frame]:
    """A Triclinium's decision after an action of `taken` actions of `role`: the clients of the
    role that act this turn, noted now (which were hired this turn no view tells), as many of
    them as the action took actions (one only before revision 2: engine/revisions.py)."""
    player = state.players[seat]
    clients = [
        c
        for c in player.clientele
        if c not in player.hired and client_acts_as(state, seat, c, role)
    ]
    if not clients:
        return []
    frame: Frame = {"kind": "triclinium", "seat": seat, "clients": clients}
    most = min(taken, len(clients))
    if most > 1 and revisions.follows(state, revisions.TRICLINIUM_EACH_CLIENT):
        frame["most"] = most
    return [frame]


class TricliniumFrame(ChooseFrame):
    kind = "triclinium"
    by_name = True

    def prompt(self, state: State, frame: Frame) -> dict[str, Any]:
        out: dict[str, Any] = {"text": "Triclinium: you may put a client that acted in your Vault."}
        if "client" in frame:
            out["client"] = frame["client"]
        else:
            out["clients"] = self.offered(state, frame)
        if "most" in frame:
            out["text"] = (
                f"Triclinium: you may put up to {frame['most']} clients that acted in your Vault."
            )
            out["most"] = frame["most"]
        return out

    def offered(self, state: State, frame: Frame) -> list[int]:
        """The Bath's new client, or the clients of the role that act this turn (those that were
        so after the action, still in the Clientele)."""
        clientele = state.players[frame["seat"]].clientele
        clients = [frame["client"]] if "client" in frame else frame["clients"]
        return [c for c in clients if c in clientele]

    def choices(self, state: State, frame: Frame) -> Iterable[tuple[int, ...]]:
        offered = self.offered(state, frame)
        if "most" not in frame:
            return one_of_each_name(state, offered)
        return (c for c in subsets_by_name(state, offered, 1) if len(c) <= frame["most"])

    def limit_error(self, state: State, frame: Frame, cards: tuple[int, ...]) -> str | None:
        most = frame.get("most", 1)
        if most == 1 and len(cards) != 1:
            return "Put one client in your Vault."
        if len(cards) > most:
            return f"Put at most {most} clients in your Vault."
        return None if vault_room(state, frame["seat"]) >= len(cards) else "Your Vault has no room."

    def take(self, state: State, frame: Frame, cards: tuple[int, ...]) -> None:
        seat = frame["seat"]
        player = state.players[seat]
        for c in cards:
            move(c, player.clientele, player.vault)
            player.vaulted.append(c)
            if c in player.hired:
                player.hired.remove(c)
        if "client" not in frame and not frame.get("bath"):
            # The clients' actions are spent and the clients gone: the actions left stay as they
            # were (a burst's are counted apart from the clients).
            act = next(
                (f for f in reversed(state.frames) if f["kind"] == "act" and f["seat"] == seat),
                None,
            )
            if act is not None and "count" not in act:
                act["used"] -= len(cards)


kind(TricliniumFrame)


class PlebianCouncil(Power):
    """Once it is complete, you win at once if the Laborer clients of all players outnumber their
    Legionary clients, and you have strictly more Laborer clients than any other player; a client
    that counts as several roles (Storeroom) counts for each (Black Box rulebook, Appendix III,
    Plebian Council, example)."""

    name = "Plebian Council"
    win_reason = "plebian_council"

    def wins(self, state: State, seat: int) -> bool:
        laborers = [clients_as(state, s, "laborer") for s in range(state.n)]
        legionaries = sum(clients_as(state, s, "legionary") for s in range(state.n))
        others = [n for s, n in enumerate(laborers) if s != seat]
        return sum(laborers) > legionaries and laborers[seat] > max(others, default=0)


register(PlebianCouncil)


def clients_as(state: State, seat: int, role: str) -> int:
    return sum(1 for c in state.players[seat].clientele if client_acts_as(state, seat, c, role))
