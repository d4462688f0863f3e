"""The six roles, one module per role (the Architect and the Craftsman share `building`, as they
share the rules for building): each role's actions are taken in an `act` frame (`base`), one for
leading or following and one per client, or a fixed count for a building's burst; any action may
be skipped. Optional sources and extras come from capabilities the buildings grant
(engine/powers.py). Importing this package registers every role in `ROLES`."""

from . import building, laborer, legionary, merchant, patron
from .base import ROLES, Role

__all__ = ["ROLES", "Role", "building", "laborer", "legionary", "merchant", "patron"]
