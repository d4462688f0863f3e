"""The upon-completion bursts: the Amphitheatre, the Foundry, the Garden and the School each give,
once, one action of a role for every point of Influence, the new structure's included (Black Box
rulebook, Appendix I, Amphitheatre, Foundry, Garden, School). Each action may be declined."""

from __future__ import annotations

from typing import ClassVar

from ..flow import burst
from ..powers import Power
from ..state import Building, Frame, State


class CompletionBurst(Power):
    """A building whose completion gives a burst of `burst_role` actions, one per Influence."""

    burst_role: ClassVar[str]

    def on_complete(self, state: State, seat: int, building: Building) -> list[Frame]:
        return [burst(seat, self.burst_role, state.influence(seat))]
