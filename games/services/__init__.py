"""Writes of the game service (HackSoft's services), one module per concern; reads are in
`games.selectors`.

- `lobby`: create a game, take and leave seats, start, rotate a seat's token
- `moves`: a person's move (`move_submit`), the one path every move takes, replaying the log
- `clocks`: time controls: deadlines and time banks
- `automatic`: the server's moves (bots, resigned seats, bots standing in) and passed deadlines
- `resignation`: resigning and surrendering
- `scheduling`: what follows a commit (bot turns, deadlines, notifications)
- `locking`: the row lock every write starts with

Every write that changes a game locks its row (`select_for_update`), checks, changes, bumps the
game's `revision` (the ETag) and commits; what follows (bot turns, e-mail) happens after the
commit, so nothing happens for a write that rolled back. Only `moves.move_append` appends moves,
and only with a state the engine made.
"""
