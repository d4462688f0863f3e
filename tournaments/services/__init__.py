"""Every write of tournaments: entries, rounds and their tables, and the standings they make."""
