"""The HTTP layer: endpoints by area, what they take and answer, and helpers."""
