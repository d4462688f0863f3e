"""Correspondence tournaments: round-robin and Swiss for tables of 2 to 5 (docs/tournaments.md)."""
