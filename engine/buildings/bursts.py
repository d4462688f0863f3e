"""The upon-completion bursts: the Amphitheatre, the Foundry, the Garden and the School each give,
once, one action of a role for every point of Influence, the new structure's included (Black Box
rulebook, Appendix I, Amphitheatre, Foundry, Garden, School); with the Geek expansion's Aerarium,
the highest Influence of all players (Appendix III, Aerarium). Each action may be declined."""

from __future__ import annotations

from typing import ClassVar

from ..flow import burst
from ..powers import Power, checked_influence
from ..state import Building, Frame, State


class CompletionBurst(Power):
    """A building whose completion gives a burst of `burst_role` actions, one per Influence."""

    burst_role: ClassVar[str]

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [burst(seat, self.burst_role, checked_influence(state, seat))]
