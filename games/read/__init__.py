"""Reads: the views a seat receives, built from the engine, and their cache."""
