"""The building functions of the 2005 first edition that differ from the Black Box card of the
same printed name (First edition rulebook (2005), Appendix - Building Functions), one class per
card. Each card is its own type, "<name> (2005)" (engine/cards.py); the nineteen the first edition
prints as the Black Box does use the Black Box classes. What is not implemented yet is said in the
class's docstring and in docs/rules.md, section The 2005 first edition."""

from __future__ import annotations

from .. import powers
from ..flow import FrameKind, burst, kind, push
from ..powers import (
    ACT_ON_HIRE,
    GATHER_FROM_DECK,
    GATHER_FROM_HAND,
    GATHER_HAND_INSTEAD,
    HIRE_FROM_HAND,
    HIRE_HAND_INSTEAD,
    LEAD_ANY_AS_JACK,
    LEGIONARY_ALL,
    OVERRIDES_PALISADE,
    REPLACE_CLIENT,
    SELL_FROM_HAND,
    SELL_HAND_INSTEAD,
    THINK_AFTER_LEADING,
    THINK_DISCARD_ALL,
    THINK_TWICE,
    Power,
    register,
)
from ..state import Building, Frame, State
from .brick import Bath
from .bursts import CompletionBurst
from .marble import Statue
from .stone import Colosseum, Prison


class Bar1E(Power):
    """You may execute the Patron role as you lead or follow (or think), out of turn order; and you
    may take clients from your hand instead of from the Pool, with several Patron actions from
    either or both (First edition rulebook (2005), Appendix, Bar)."""

    name = "Bar (2005)"
    grants = frozenset({HIRE_FROM_HAND, HIRE_HAND_INSTEAD})
    early_roles = frozenset({"patron"})


register(Bar1E)


class Dock1E(Power):
    """You may execute the Laborer role as you lead or follow (or think), out of turn order; and you
    may take cards from your hand instead of from the Pool (First edition rulebook (2005),
    Appendix, Dock)."""

    name = "Dock (2005)"
    grants = frozenset({GATHER_FROM_HAND, GATHER_HAND_INSTEAD})
    early_roles = frozenset({"laborer"})


register(Dock1E)


class Atrium1E(Power):
    """When executing the Merchant role you may take a card from your hand instead of your Stockpile
    into your Vault, without showing it (First edition rulebook (2005), Appendix, Atrium)."""

    name = "Atrium (2005)"
    grants = frozenset({SELL_FROM_HAND, SELL_HAND_INSTEAD})


register(Atrium1E)


class Bath1E(Bath):
    """When you gain a new client, you execute that client's role; and a Patron action may replace
    one of your clients with the new one, the old client going to the Pool at once (First edition
    rulebook (2005), Appendix, Bath)."""

    name = "Bath (2005)"
    grants = frozenset({ACT_ON_HIRE, REPLACE_CLIENT})


register(Bath1E)


class Foundry1E(Power):
    """When executing the Laborer role you may also take a material from the deck, drawn before
    the one from the Pool, even with none in the Pool (First edition rulebook (2005), Appendix,
    Foundry)."""

    name = "Foundry (2005)"
    grants = frozenset({GATHER_FROM_DECK})


register(Foundry1E)


class School1E(Power):
    """Whenever you would execute the Thinker role, you execute it twice; not circular (First
    edition rulebook (2005), Appendix, School)."""

    name = "School (2005)"
    grants = frozenset({THINK_TWICE})


register(School1E)


class Aqueduct1E(Power):
    """Your maximum Clientele is increased by four (First edition rulebook (2005), Appendix,
    Aqueduct)."""

    name = "Aqueduct (2005)"
    clientele_bonus = 4


register(Aqueduct1E)


class Bridge1E(Power):
    """You may execute the Legionary role as you lead or follow (or think), out of turn order; and
    you demand materials from all opponents' hands, whatever the number of players, even if they
    own Palisades (First edition rulebook (2005), Appendix, Bridge)."""

    name = "Bridge (2005)"
    grants = frozenset({LEGIONARY_ALL, OVERRIDES_PALISADE})
    early_roles = frozenset({"legionary"})


register(Bridge1E)


class Senate1E(Power):
    """You may execute the Thinker role after executing all your roles for a turn which you led,
    the turn you complete it included, before the players after you act (First edition rulebook
    (2005), Appendix, Senate, and its example). Leading the Thinker role is leading (Thinker Role:
    "lead the Thinker role"; docs/rules.md, ruling "Senate (2005): thinking is leading")."""

    name = "Senate (2005)"
    grants = frozenset({THINK_AFTER_LEADING})


register(Senate1E)


class AfterLeadingFrame(FrameKind):
    """Placed after the leader's actions in a first-edition turn: a Senate's Thinker action (which
    may be declined), or nothing."""

    kind = "after_leading"
    accepts = ()

    def settle(self, state: State, frame: Frame) -> bool:
        state.frames.pop()
        if powers.has(state, frame["seat"], THINK_AFTER_LEADING):
            push(state, [burst(frame["seat"], "thinker", 1)])
        return True


kind(AfterLeadingFrame)


class Storeroom1E(CompletionBurst):
    """When you complete a Storeroom, once only, you may execute one Laborer role per Influence,
    the Storeroom's included (First edition rulebook (2005), Appendix, Storeroom)."""

    name = "Storeroom (2005)"
    burst_role = "laborer"


register(Storeroom1E)


class Tower1E(Power):
    """You may use Rubble towards any structure, and lay any foundation on a Rubble Site; it needs
    as many materials as before and gives one Influence (First edition rulebook (2005), Appendix,
    Tower)."""

    name = "Tower (2005)"
    foundation_sites = ("rubble",)

    def material_fits(self, state: State, seat: int, building: Building, material: str) -> bool:
        return material == "rubble"


register(Tower1E)


class Wall1E(Power):
    """One Victory Point at the end of the game per two materials in your Stockpile; no protection
    from Legionaries (First edition rulebook (2005), Appendix, Wall)."""

    name = "Wall (2005)"

    def victory_points(self, state: State, seat: int) -> int:
        return len(state.players[seat].stockpile) // 2


register(Wall1E)


class CircusMaximus1E(Power):
    """You may play any card as a Jack when you are leader (First edition rulebook (2005), Appendix,
    Circus Maximus)."""

    name = "Circus Maximus (2005)"
    grants = frozenset({LEAD_ANY_AS_JACK})


register(CircusMaximus1E)


class Coliseum(Colosseum):
    """You may take the clients of every opponent you demand materials from into your Vault, as far
    as it has room; Palisades protect, a Bridge extends the reach (First edition rulebook (2005),
    Appendix, Coliseum). As the Black Box Colosseum, and its example, only clients matching a demand
    are taken (docs/rules.md, ruling "Coliseum: matching clients")."""

    name = "Coliseum (2005)"


register(Coliseum)


class Fountain1E(Power):
    """Each client counts as a Craftsman client as well as its own role; towards a Forum, as one or
    the other (First edition rulebook (2005), Appendix, Fountain; Forum combined with Fountain)."""

    name = "Fountain (2005)"

    def client_counts_as(self, client_role: str, role: str) -> bool:
        return role == "craftsman"


register(Fountain1E)


class Prison1E(Prison):
    """Upon completion you may take an opponent's completed structure: you gain its function as if
    you had just completed it; he keeps the Influence of it, and you keep the Prison's (First
    edition rulebook (2005), Appendix, Prison: no exchange of Sites)."""

    name = "Prison (2005)"

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [
            {**frame, "exchange": False} for frame in super().on_complete(state, seat, building)
        ]


register(Prison1E)


class Sewer1E(Power):
    """You may discard all the cards from your hand before you execute the Thinker role (First
    edition rulebook (2005), Appendix, Sewer, as printed: the Vomitorium's function; docs/rules.md,
    ruling "Sewer (2005): as printed")."""

    name = "Sewer (2005)"
    grants = frozenset({THINK_DISCARD_ALL})


register(Sewer1E)


class Basilica1E(Power):
    """Your maximum Vault size is doubled, after a Market's bonus (First edition rulebook (2005),
    Appendix, Basilica, example: "five Influence plus two from the Market Function, doubled")."""

    name = "Basilica (2005)"
    vault_factor = 2


register(Basilica1E)


class Scriptorium1E(Power):
    """You may lay any foundation on any available Site; a structure on a Site of another material
    is completed with materials matching the Site or the foundation, as many as the foundation's
    value, and gives the Site's Influence (First edition rulebook (2005), Appendix, Scriptorium)."""

    name = "Scriptorium (2005)"
    foundation_sites = ("rubble", "wood", "brick", "concrete", "stone", "marble")


register(Scriptorium1E)


class Stairway1E(Power):
    """You complete a structure whenever you move a material into it with an Architect action
    (First edition rulebook (2005), Appendix, Stairway, as its text says; docs/rules.md, ruling
    "Stairway (2005): the text over the example")."""

    name = "Stairway (2005)"
    completing_role = "architect"


register(Stairway1E)


class Statue1E(Statue):
    """A Statue foundation may go on any Site; it is completed with three materials matching the
    Site or Marble, gives the Site's Influence, and three Victory Points (First edition rulebook
    (2005), Appendix, Statue)."""

    name = "Statue (2005)"

    def own_materials_needed(self, state: State, building: Building) -> int | None:
        return 3


register(Statue1E)
