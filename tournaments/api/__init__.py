"""The HTTP layer of tournaments: what the endpoints take and answer (io), and the endpoints."""
