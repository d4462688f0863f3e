"""Profiles: what anyone may learn about an account's play (docs/api.md, People)."""
