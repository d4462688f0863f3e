"""Template tags of the web client."""
