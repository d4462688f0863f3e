"""Writes of the game service, one module per concern; reads are in `games.read.selectors`.

- `lobby`: create a game, take and leave seats, start, rotate a seat's token
- `moves`: a person's move (`move_submit`), the one path every move takes, replaying the log
- `automatic`: the server's moves (bots, resigned seats, bots standing in), passed deadlines, and
  a player's return
- `resignation`: resigning and surrendering
- `records`: export and import of games as records by card names (engine.record)
- `turns`: the pending decision after every change: whose, played by the server or not, its deadline
- `clocks`: time controls: deadlines and time banks
- `locking`: the row lock every write starts with

Every write that changes a game locks its row (`select_for_update`), checks, changes, bumps the
game's `revision` (the ETag), publishes what it did (`games.events.commit.publish_on_commit`) and
commits. What follows (the server's moves, deadline tasks, e-mail) is decided by the receivers of
those events, after the commit, so nothing happens for a write that rolled back; the services import
no adapter (tasks, views, the e-mail side). Only `moves.move_append` appends moves, and only with a
state the engine made.
"""
