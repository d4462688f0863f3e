"""Writes of the game service, one module per concern.

Reads are in `games.read.selectors`.

- `lobby`: create a game, take and leave seats, start, rotate a token.
- `moves`: a person's move, the one path of every move, the replay.
- `automatic`: the server's moves, passed deadlines, a player's return.
- `resignation`: resigning and surrendering.
- `records`: games as records by card names (engine.record).
- `turns`: the pending decision: whose, automatic or not, its deadline.
- `clocks`: time controls: deadlines and time banks.
- `locking`: the row lock every write starts with.
- `blocks`, `moderation`, `barred`: the block list, reports and suspensions, and what they bar.

Every write that changes a game locks its row (`select_for_update`).
It checks, changes, and bumps the game's `revision` (the ETag).
It publishes what it did (`games.events.commit.publish_on_commit`) and commits.
The receivers of those events decide what follows, after the commit.
That is the server's moves, deadline tasks and e-mail.
So nothing follows a write that rolled back.
The services import no adapter (tasks, views, the e-mail side).
Only `moves.move_append` appends moves, and only with a state the engine made.
"""
