"""A game's story and the accounts' feeds, recorded and published on commit."""
