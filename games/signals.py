"""Signals the game service sends after a change has been committed (never inside the
transaction), so that notifications and other side effects are decoupled from the move service.

Receivers get keyword arguments only, and must not raise (log instead): a failing receiver must
not turn a committed move into an error for the client.
"""

from django.dispatch import Signal

# A human seat has a new pending decision: kwargs game_id, seq, seat (position), deadline
# (an aware datetime, or None without a time control).
turn_started = Signal()

# The game ended: kwargs game_id, seq.
game_finished = Signal()
