"""`python -m gtr_env`: the action index space and the observation layout, as the tables of
docs/research.md (tests/gtr_env check that the document has them)."""

from __future__ import annotations

import sys

from . import actions, observation

sys.stdout.write(actions.markdown() + "\n\n" + observation.markdown() + "\n")
