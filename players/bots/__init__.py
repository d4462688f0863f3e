"""Bot accounts (docs/bots.md): making one, the bot list, and what the game service asks."""
