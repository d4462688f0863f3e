"""Fault run: the production layout under load while its parts are broken, then every promise
checked. A throwaway PostgreSQL (.ci/postgres) and Redis (tests.live.RedisServer), the release
step, then the systemd units' own commands (deploy/systemd: two web processes on two ports, two
workers, one beat) run by supervisord with the units' restart policy (`Restart=always`: any exit,
for ever). A dozen people play their seats over HTTP (each request to either web process, a retry
to the other), against each other and against bots the workers play, some on clocks short
enough that seats time out. While they play, the run

1. SIGKILLs a web process,
2. SIGKILLs a worker while it makes a bot move (a search bot's, found with Celery's `inspect
   active`; the game is checked to be still at that move after the kill),
3. kills Redis and starts it again, empty (queued tasks are lost),
4. restarts PostgreSQL (`pg_ctl restart -m fast`: every connection is cut),

and after each waits until everything is back by itself. Then it checks the promises:

- every move a client was answered 201 for is in the log exactly once, with the action it sent;
- every game's log is seq 1..N without a gap;
- every game finished or is still playable: its view answers and a move is accepted (or made by
  the server, when it is a bot's or an absent player's turn);
- no answer was a 5xx other than 503 with `Retry-After`;
- every process is back: supervisord says RUNNING, `GET /api/health/` is all up on both web
  processes, each worker's heartbeat is its new process's, and no process died but those killed;
- the bot move the worker died in was made exactly once after the kill;
- `verify_games` reports no problem.

It prints its figures (faults with how long until the service answered again and everything was
back, moves by people and by the server, answers by status, games finished) and exits 1 when a
promise was broken. docs/reliability.md explains the figures and keeps the last ones.

    python bench/faults.py                  # the suite's stage: faults in 2 minutes of play
    python bench/faults.py --minutes 5 --keep

Clients retry what a client should: a dropped connection (on the other web process), a 503 after
its `Retry-After`, and a 409 `idempotency_in_progress`, always with the same `Idempotency-Key`.
Intervals are shortened so that a run fits CI (the sweep every 5 s, a bot move waiting 5 s is
queued again, Redis gives a dead worker's message to another after 15 s; see `TIMING`).
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import shutil
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from fault_clients import GIVE_UP, SEARCH_BOT, WAIT, Person, Record, Table, tables
from fault_layout import Database, Installation, log  # puts the repository on sys.path

from tests.live import wait_until

BACK_WITHIN = 90.0  # seconds everything has to be back after a fault

# The run ----------------------------------------------------------------------------------------


@dataclass
class Fault:
    name: str
    at: float  # monotonic time it was injected
    figures: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.folder = Path(tempfile.mkdtemp(prefix="gtr-faults-"))
        self.site = Installation(self.folder)
        self.record = Record()
        self.rnd = random.Random(args.seed)
        self.tables: list[Table] = []
        self.people: list[Person] = []
        self.faults: list[Fault] = []
        self.problems: list[str] = []
        self.interrupted: tuple[int, int] | None = None  # the bot move a worker died in
        self.monitor = httpx.Client(timeout=10)
        self.staff = ""
        self.db: Database | None = None

    # Set-up ------------------------------------------------------------------------------------

    def health(self, url: str) -> tuple[int, dict[str, Any]]:
        headers = {"Authorization": f"Token {self.staff}"} if self.staff else {}
        try:
            r = self.monitor.get(f"{url}/api/health/", headers=headers)
            return r.status_code, r.json()
        except (httpx.HTTPError, ValueError):
            return 0, {}

    def set_up(self) -> None:
        self.site.start()
        self.db = Database(self.site.database_url)
        wait_until(
            lambda: all(self.health(u)[0] == 200 for u in self.site.urls),
            "every process up (GET /api/health/ on both web processes)",
            240,
        )
        ops = Person("ops", self.site.urls, self.record, self.rnd)
        ops.signup()
        self.db.rows("UPDATE auth_user SET is_staff = true WHERE username = %s", ops.username)
        self.staff = ops.token
        bank = {"kind": "bank", "seconds": 60, "increment": 3, "cap": 60}
        names = iter(
            [
                "alice",
                "bob",
                "carol",
                "dave",
                "erin",
                "frank",
                "gina",
                "hank",
                "ivan",
                "jane",
                "kate",
                "leo",
            ]
        )
        for what, body, humans in tables(bank):
            table = Table(what, body)
            for _ in range(humans):
                rnd = random.Random(self.rnd.random())
                person = Person(next(names), self.site.urls, self.record, rnd)
                person.signup()
                table.people.append(person)
            status, game = table.people[0].call("POST", "/api/games/", body, uuid.uuid4().hex)
            assert status == 201, game
            table.game = game["id"]
            for person in table.people[1:]:
                status, joined = person.call("POST", f"/api/games/{table.game}/join/", {}, "join")
                assert status == 200, joined
            for person in table.people:
                person.game = table.game
            self.tables.append(table)
            self.people += table.people
        self.person("leo").think = (1.5, 3.5)  # a slow player: his bank runs out
        self.search_game = next(t.game for t in self.tables if SEARCH_BOT in t.what)

    def person(self, name: str) -> Person:
        return next(p for p in self.people if p.name == name)

    # Faults and recovery ------------------------------------------------------------------------

    def not_back(self, killed: dict[str, int] | None = None) -> list[str]:
        """What is not back yet: supervisord's programs (a killed one in a new process), both web
        processes' health, and each worker's heartbeat (from its new process)."""
        missing = []
        status = self.site.status()
        for program in self.site.PROGRAMS:
            state, pid = status.get(program, ("ABSENT", None))
            if state != "RUNNING":
                missing.append(f"{program} {state}")
            elif killed and killed.get(program) == pid:
                missing.append(f"{program} still the killed process")
        for n, url in enumerate(self.site.urls, 1):
            code, body = self.health(url)
            if code != 200:
                down = [k for k, v in body.get("checks", {}).items() if v != "up"]
                missing.append(f"health on web{n}: {code or 'no answer'} {down}")
                continue
            workers = {w["name"]: w for w in body["details"]["worker"]["workers"]}
            for program in ("worker1", "worker2"):
                beat = workers.get(f"{program}@{self.site.host}")
                if not beat or not beat["up"]:
                    missing.append(f"{program}'s heartbeat")
                elif killed and killed.get(program) == beat.get("pid"):
                    missing.append(f"{program}'s heartbeat is the killed process's")
        return missing

    def bot_moves(self) -> int:
        assert self.db is not None
        return int(self.db.value("SELECT count(*) FROM games_move WHERE actor = 'bot'"))

    def recover(
        self,
        fault: Fault,
        killed: dict[str, int] | None = None,
        move: tuple[int, int] | None = None,
    ) -> None:
        """Wait until everything is back by itself, a bot has moved, and `move` (game, seq) is
        in the log; record how long each took from the fault."""
        assert self.db is not None
        bots = self.bot_moves()
        query = "SELECT count(*) FROM games_move WHERE game_id = %s AND seq = %s"
        waiting = {"all back": True, "bots move": True, "that move made": move is not None}
        missing: list[str] = []
        while time.monotonic() < fault.at + BACK_WITHIN and any(waiting.values()):
            took = f"{time.monotonic() - fault.at:.1f} s"
            if waiting["bots move"] and self.bot_moves() > bots:
                fault.figures["bots move"], waiting["bots move"] = took, False
            if waiting["that move made"] and move and self.db.value(query, *move):
                fault.figures["that move made"], waiting["that move made"] = took, False
            if waiting["all back"]:
                missing = self.not_back(killed)
                if not missing:
                    fault.figures["all back"], waiting["all back"] = took, False
            time.sleep(0.5)
        for name in (n for n, still in waiting.items() if still):
            fault.figures[name] = "never"
            what = f"{missing}" if name == "all back" else ""
            fault.problems.append(f"{name}: not within {BACK_WITHIN:.0f} s {what}".strip())

    def kill_web(self) -> list[Fault]:
        fault = Fault("SIGKILL web1", time.monotonic())
        pid = self.site.kill("web1")
        self.recover(fault, {"web1": pid})
        return [fault]

    def search_move(self, app: Any) -> tuple[str, int, int, float] | None:
        """(worker, game, seq, seconds into it) of the search bot's move a worker's pool is
        making, if one is less than 1.5 s into it (Celery's `inspect active`)."""
        active = app.control.inspect(timeout=1.0, limit=2).active() or {}
        for hostname, tasks in active.items():
            for task in tasks:
                args = task.get("args") or []
                if isinstance(args, str):
                    args = ast.literal_eval(args)
                if task.get("name") != "games.tasks.play_automatic_turn":
                    continue
                busy = time.time() - float(task.get("time_start") or 0)
                if int(args[0]) == self.search_game and busy < 1.5:
                    return hostname.split("@")[0], int(args[0]), int(args[1]), busy
        return None

    def kill_worker_in_bot_move(self) -> list[Fault]:
        """SIGKILL the worker whose pool is making the search bot's move, early in it. If the
        move was made before the kill landed, that counts as a fault too, and it tries again."""
        from celery import Celery

        assert self.db is not None
        app = Celery(broker=self.site.redis.url)
        faults = []
        end = time.monotonic() + 60
        while time.monotonic() < end:
            caught = self.search_move(app)
            if caught is None:
                time.sleep(0.2)
                continue
            program, game, seq, busy = caught
            fault = Fault(f"SIGKILL {program} in a bot move", time.monotonic())
            faults.append(fault)
            pid = self.site.kill(program)
            now_at = int(self.db.value("SELECT seq FROM games_game WHERE id = %s", game))
            if now_at != seq:
                fault.name = f"SIGKILL {program} (just after a bot move)"
                self.recover(fault, {program: pid})
                continue
            fault.figures["killed in"] = f"game {game}'s move {seq + 1}, {busy:.1f} s into it"
            self.interrupted = (game, seq + 1)
            self.recover(fault, {program: pid}, self.interrupted)
            return faults
        fault = Fault("SIGKILL a worker in a bot move", time.monotonic())
        fault.problems.append(f"no move of game {self.search_game}'s bot caught in a minute")
        return [*faults, fault]

    def redis_outage(self) -> list[Fault]:
        fault = Fault("kill Redis, start it 5 s later, empty", time.monotonic())
        self.site.redis.stop()
        time.sleep(5)
        self.site.redis.start()
        self.recover(fault)
        return [fault]

    def postgres_restart(self) -> list[Fault]:
        fault = Fault("restart PostgreSQL (pg_ctl restart -m fast)", time.monotonic())
        self.site.restart_postgres()
        fault.figures["restart took"] = f"{time.monotonic() - fault.at:.1f} s"
        self.recover(fault)
        return [fault]

    # The run ------------------------------------------------------------------------------------

    def play(self) -> None:
        """People play for --minutes; the faults come at a tenth, three, five and seven tenths
        of it, each after everything is back from the one before."""
        window = self.args.minutes * 60
        start = time.monotonic()
        for person in self.people:
            person.stop_at = start + window
        away = start + 0.3 * window  # dave's bank (60 s) runs out while he is away
        self.person("dave").away = (away, away + 75)
        for person in self.people:
            person.start()
        schedule: list[tuple[float, Callable[[], list[Fault]]]] = [
            (0.1, self.kill_web),
            (0.3, self.kill_worker_in_bot_move),
            (0.5, self.redis_outage),
            (0.7, self.postgres_restart),
        ]
        for fraction, inject in schedule:
            time.sleep(max(0.0, start + fraction * window - time.monotonic()))
            for fault in inject():
                log(f"{fault.at - start:5.1f} s  {fault.name}: {fault.figures} {fault.problems}")
                self.faults.append(fault)
        for person in self.people:
            person.join(max(1.0, start + window + GIVE_UP - time.monotonic()))

    def playable(self, table: Table, report: dict[int, str]) -> None:
        """The game finished, or a move of it is accepted (a person's) or made (the server's: a
        bot's or a timeout) within a minute."""
        end = time.monotonic() + 60
        first = table.people[0]
        try:
            while time.monotonic() < end:
                view = first.view()
                if view["status"] == "finished":
                    report[table.game] = "finished"
                    return
                for person in table.people:
                    mine = person.view()
                    if mine["your_turn"] and person.move(mine) == 201:
                        report[table.game] = "playable: a move accepted"
                        return
                first.wait(view["seq"])
                if first.view()["seq"] > view["seq"]:
                    report[table.game] = "playable: the server moved"
                    return
            report[table.game] = "NOT PLAYABLE: no move within 60 s"
        except Exception as exc:
            report[table.game] = f"NOT PLAYABLE: {exc!r}"

    def check(self) -> dict[str, Any]:
        """The promises, once the clients have stopped."""
        assert self.db is not None
        found: dict[str, Any] = {}
        report: dict[int, str] = {}
        checkers = [threading.Thread(target=self.playable, args=(t, report)) for t in self.tables]
        for checker in checkers:
            checker.start()
        for checker in checkers:
            checker.join(120)
        found["games"] = report
        self.problems += [f"game {g}: {how}" for g, how in sorted(report.items()) if "NOT" in how]
        # Every move a client saw accepted is logged once, as it was sent.
        logged: dict[tuple[int, int], list[tuple[Any, str]]] = {}
        for game, seq, action, actor in self.db.rows(
            "SELECT game_id, seq, action, actor FROM games_move"
        ):
            logged.setdefault((game, seq), []).append((action, actor))
        for game, seq, action in self.record.accepted:
            entries = logged.get((game, seq), [])
            if entries != [(action, "human")]:
                self.problems.append(
                    f"move {seq} of game {game}, answered 201 for {action}, logged as {entries}"
                )
        if len({(g, s) for g, s, _ in self.record.accepted}) != len(self.record.accepted):
            self.problems.append("two moves answered 201 for one (game, seq)")
        if self.interrupted is not None:
            entries = logged.get(self.interrupted, [])
            if [actor for _, actor in entries] != ["bot"]:
                self.problems.append(f"the bot move a worker died in: logged as {entries}")
        # Gapless logs, and the game's seq at their end.
        for game, seq, moves, low, high in self.db.rows(
            "SELECT g.id, g.seq, count(m.id), min(m.seq), max(m.seq) FROM games_game g "
            "LEFT JOIN games_move m ON m.game_id = g.id GROUP BY g.id"
        ):
            if seq != moves or (moves and (low, high) != (1, moves)):
                self.problems.append(f"game {game} at {seq}: {moves} moves, {low} to {high}")
        # Every process back; none died but those killed.
        missing = self.not_back()
        if missing:
            self.problems.append(f"not back at the end: {missing}")
        found["deaths"] = deaths = self.site.deaths()
        for program in self.site.PROGRAMS:
            if deaths[program] != self.site.killed[program]:
                self.problems.append(
                    f"{program} died {deaths[program]} times, killed {self.site.killed[program]}"
                )
        self.problems += [f"server error: {e}" for e in self.record.server_errors]
        self.problems += [f"client failed: {p.failure}" for p in self.people if p.failure]
        found["moves"] = dict(self.db.rows("SELECT actor, count(*) FROM games_move GROUP BY actor"))
        return found

    def verify(self) -> str:
        """verify_games over every game, once nothing writes."""
        done = self.site.manage("verify_games")
        lines = (done.stdout + done.stderr).strip().splitlines() or ["(no output)"]
        if done.returncode != 0:
            self.problems += [f"verify_games: {line}" for line in lines]
        return lines[-1]

    def run(self) -> int:
        started = time.monotonic()
        log(f"folder {self.folder}; people play for {self.args.minutes} min")
        try:
            self.set_up()
            log(f"up after {time.monotonic() - started:.0f} s: {len(self.people)} people, "
                f"{len(self.tables)} games; faults at 0.1, 0.3, 0.5, 0.7 of the play")  # fmt: skip
            self.play()
            found = self.check()
            self.site.stop_processes()
            found["verify"] = self.verify()
        finally:
            self.site.stop()
        self.problems += [f"{f.name}: {p}" for f in self.faults for p in f.problems]
        return self.report(found, time.monotonic() - started)

    def long_polls(self) -> str:
        """How many long polls answered, and how many only when their wait was over though the
        game had moved (the hub did not wake them: e.g. while Redis was away)."""
        with self.record.lock:
            polls = [a for a in self.record.answers if "/wait/" in a.path]
        late = [a for a in polls if a.status == 200 and a.answered - a.sent >= WAIT]
        return f"long polls: {len(polls)}, of which {len(late)} woken only at the end of the wait"

    def report(self, found: dict[str, Any], elapsed: float) -> int:
        with (self.folder / "answers.jsonl").open("w") as out:  # every answer, for a post-mortem
            for a in self.record.answers:
                out.write(json.dumps(a.__dict__) + "\n")
        with (self.folder / "faults.jsonl").open("w") as out:
            for f in self.faults:
                out.write(json.dumps({"name": f.name, "at": f.at}) + "\n")
        statuses = self.record.by_status()
        n1 = sum(1 for e in self.record.server_errors if "/wait/" in e and ": 500 " in e)
        moves = found["moves"]
        finished = sum(1 for how in found["games"].values() if how == "finished")
        lines = [f"wall time {elapsed / 60:.1f} min, {self.args.minutes} min of play"]
        lines.append(f"faults injected: {len(self.faults)}")
        for fault in self.faults:
            answered = self.record.first_success_after(fault.at)
            fault.figures["answered"] = "never" if answered is None else f"{answered:.1f} s"
            figures = ", ".join(f"{k} {v}" for k, v in fault.figures.items())
            lines.append(f"  {fault.name}: {figures}")
        by_actor = ", ".join(f"{k} {v}" for k, v in sorted(moves.items()))
        lines += [
            f"moves: {sum(moves.values())} ({by_actor}); {len(self.record.accepted)} answered 201",
            "answers: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())),
            f"server errors: {len(self.record.server_errors)} (500 on the long poll, N1: {n1})",
            self.long_polls(),
            f"games: {finished} of {len(self.tables)} finished; "
            + "; ".join(f"{g}: {how}" for g, how in sorted(found["games"].items())),
            f"process deaths: {dict(found['deaths'])}",
            f"verify_games: {found['verify']}",
        ]
        for line in lines:
            log(line)
        for problem in self.problems[:40]:
            log(f"BROKEN {problem}")
        ok = not self.problems
        log(f"{'OK' if ok else 'FAILED'}: {len(self.problems)} broken promises ({self.folder})")
        if ok and not self.args.keep:
            shutil.rmtree(self.folder, ignore_errors=True)
        return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=2, help="how long people play")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--keep", action="store_true", help="keep the folder (logs) when OK")
    return Run(parser.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
