"""The live side: the event hub, fan-out after commit, webhook delivery, health."""
