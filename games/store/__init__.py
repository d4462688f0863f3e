"""Storage: hand-written SQL, the snapshot, and the process caches."""
