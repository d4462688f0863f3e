"""Wood structures (value 1)."""

from __future__ import annotations

from ..powers import GATHER_FROM_HAND, OVERRIDES_PALISADE, Power, has, register
from ..state import State


class Circus(Power):
    """Imperium only. You may play two cards of the same Role as a Jack; neither may be a Jack
    (Black Box rulebook, Appendix I, Circus)."""

    name = "Circus"
    petition_sizes = frozenset({2})


register(Circus)


class Crane(Power):
    """Republic only. You may use any card from your hand to lead or follow Architect, as if it were
    a gray card (Black Box rulebook, Appendix I, Crane). Ruling "Crane: any order card"
    (docs/rules.md): "any card" means any order card; a Jack already plays as any role."""

    name = "Crane"
    wild_roles = frozenset({"architect"})


register(Crane)


class Dock(Power):
    """Each time you execute a Laborer action you may also take a card from your hand into your
    Stockpile; taking from the Pool is not required (Black Box rulebook, Appendix I, Dock)."""

    name = "Dock"
    grants = frozenset({GATHER_FROM_HAND})


register(Dock)


class Market(Power):
    """Your maximum Vault size is increased by two (Black Box rulebook, Appendix I, Market)."""

    name = "Market"
    vault_bonus = 2


register(Market)


class Palisade(Power):
    """You don't lose cards to players executing Legionary actions; you may still give them up if
    you wish. An opponent's Bridge overrides it for Materials only ("you may demand Materials even
    from opponents that own Palisades"), so clients and foundations stay safe from a Colosseum or a
    Domus Aurea (Black Box rulebook, Appendix I, Palisade, Bridge; ruling "Palisade against a
    Colosseum with a Bridge")."""

    name = "Palisade"
    shelters = True

    def legionary_immune(self, state: State, seat: int, demander: int) -> bool:
        return not has(state, demander, OVERRIDES_PALISADE)


register(Palisade)
