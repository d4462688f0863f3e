"""The reference bot (docs/bots.md): a bot account's client built on the generated SDK
(`gtr_client`). It follows the account's stream as JSON lines with each `your_turn` carrying the
seat's view, accepts challenges for the rulesets it plays, plays with a pluggable policy, and
resumes from the last event it handled after a restart of its own or of the server.

    python -m refbot BASE_URL --state refbot.state [--rulesets republic,imperium]
    (the account's token in GTR_TOKEN)
"""

from .bot import RefBot
from .policy import Policy, greedy_like

__all__ = ["Policy", "RefBot", "greedy_like"]
