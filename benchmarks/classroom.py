"""A class under load: 30 simulated students at 6 Calm tables of five, each student its own
process (as each page has its own kernel), moving through the class API as fast as the game
allows for a bounded time. Reports moves per second and the latency from one seat's move to
another seat seeing it (p50, p95), and checks that no confirmed move was lost and none was
applied twice: every table's log replays through the engine and holds exactly the confirmed
moves. ``python -m benchmarks classroom`` (SQLite, and PostgreSQL where Debian's server can be
started); ``python -m benchmarks.classroom --seconds 30 --store sqlite:///x.db`` for one store.

:func:`run_load` takes a ``fault`` (kill every student process, or crash the database server,
halfway): the fault test in ``tests/classroom/test_faults.py`` uses it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import DBAPIError

from sailing_kit.calm import bots as calm_bots
from sailing_kit.classroom import Classroom, PositionChanged
from sailing_kit.classroom.errors import NotYourTurn
from sailing_kit.classroom.table import plain_json

TABLES, SEATS, GAMES_PER_TABLE = 6, 5, 12
POLL = 0.1
"""How often each student's SQLite listener looks for new moves (PostgreSQL pushes)."""


def _student(url: str, tokens: list[str], clock: Any, barrier: Any, folder: str) -> None:
    """One student: once every student has opened the store (``barrier``), plays its seat at
    each of its tables in turn until the deadline in ``clock``, writing every confirmed move (at
    once: a killed process keeps what it wrote) and at the end every latency it measured to a
    file of its own in ``folder``."""
    room = Classroom(url)
    if barrier is not None:
        barrier.wait()
    with open(os.path.join(folder, f"student-{os.getpid()}.jsonl"), "a", buffering=1) as log:
        _play(room, tokens, clock.value, lambda *fact: log.write(json.dumps(fact) + "\n"))


def _play(room: Classroom, tokens: list[str], deadline: float, out: Callable[..., Any]) -> None:
    latencies: list[float] = []
    try:
        for token in tokens:
            seat = _retry(lambda t=token: room.rejoin(t), deadline)
            if seat is None or time.time() >= deadline:
                break
            _play_table(seat, deadline, out, latencies)
    finally:
        out("latencies", latencies)
        room.store.close()


def _play_table(seat: Any, deadline: float, out: Callable[..., Any],
                latencies: list[float]) -> None:
    """Play ``seat`` as fast as the game allows, woken by the store's listener."""
    bot = calm_bots.make("planner")
    woken = threading.Event()
    stop = seat.table.store.listen(lambda _table: woken.set(), POLL, table_id=seat.table.id)
    woken.set()
    try:
        while time.time() < deadline and not seat.state.is_over():
            woken.wait(0.5)
            woken.clear()
            try:
                _catch_up(seat, latencies)
                if seat.my_turn:
                    _move(seat, bot, out)
                    woken.set()
            except (PositionChanged, NotYourTurn):
                woken.set()
            except DBAPIError:  # the database is away: try again shortly
                time.sleep(0.2)
                woken.set()
    finally:
        stop()


def _move(seat: Any, bot: Any, out: Callable[..., Any]) -> None:
    """Play the bot's move; write it down once the store has confirmed it (or as in doubt if
    the database went away meanwhile: it may or may not have landed)."""
    number = seat.table.moves_played + 1
    try:
        played = seat.commit(bot(seat.state))
    except DBAPIError:
        out("in_doubt", seat.table.id, number)
        raise
    out("confirmed", seat.table.id, number, seat.number, seat.state.action_to_json(played),
        time.time())


def _catch_up(seat: Any, latencies: list[float]) -> None:
    table = seat.table
    while True:
        for move in table.fetch():
            table.apply_stored(move)
            if move.seat != seat.number:
                latencies.append(time.time() - move.at)
        if not table.drive():  # chance (the drifting rocks) is stored by whoever sees it first
            return


def _retry(open_seat: Callable[[], Any], deadline: float) -> Any:
    while time.time() < deadline:
        try:
            return open_seat()
        except DBAPIError:
            time.sleep(0.2)
    return None


@dataclass
class LoadReport:
    seconds: float
    moves: int
    latencies: list[float]
    confirmed: int
    in_doubt: int
    after_fault: int = 0
    """Moves confirmed after the fault was over (the class went on)."""
    problems: list[str] = field(default_factory=list)
    load: float = field(default_factory=lambda: os.getloadavg()[0])
    """The machine's load average when the run ended (other users' work slows the figures)."""

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


def run_load(url: str, seconds: float = 20.0, *, tables: int = TABLES,
             fault: Callable[[list[multiprocessing.Process]], int] | None = None,
             restart_students: bool = False) -> LoadReport:
    """Open the tables, seat the students, let them play for ``seconds``; halfway through call
    ``fault(processes)`` (it returns how many moves it may have left stored but unconfirmed),
    and if ``restart_students`` start them again (they rejoin with their tokens). Then check the
    store against every confirmed move."""
    room = Classroom(url)
    groups = []
    for group in range(tables):
        tokens: list[list[str]] = [[] for _ in range(SEATS)]
        for game in range(GAMES_PER_TABLE):
            variant = {"rocks": "automatic"} if group % 2 else {}
            table = room.open_table("calm", players=SEATS, seed=1000 * group + game, **variant)
            for seat in range(SEATS):
                tokens[seat].append(room.join(table.code, f"Student {group}.{seat}").token)
        groups.append(tokens)
    room.store.close()  # no connection may cross a fork
    context = multiprocessing.get_context("fork")
    allowance = 0
    clock = context.Value("d", 0.0)

    def set_clock() -> None:  # run once every student is ready
        clock.value = time.time() + seconds

    barrier = context.Barrier(tables * SEATS + 1, action=set_clock)
    with tempfile.TemporaryDirectory() as folder:
        processes = _start(context, url, groups, (clock, barrier), folder)
        barrier.wait()
        started = time.time()
        fault_over = float("inf")
        if fault is not None:
            time.sleep(seconds / 2)
            allowance = fault(processes)
            if restart_students:
                processes = _start(context, url, groups, (clock, None), folder)
            fault_over = time.time()
        for process in processes:
            process.join(seconds + 60)
        elapsed = min(time.time(), clock.value) - started
        room = Classroom(url)
        facts = _read(folder)
        report = _check(room, facts, elapsed, allowance)
        report.after_fault = sum(1 for f in facts if f[0] == "confirmed" and f[-1] > fault_over)
    room.store.close()
    return report


def _start(context: Any, url: str, groups: list[list[list[str]]], timing: tuple[Any, Any],
           folder: str) -> list[multiprocessing.Process]:
    processes = [context.Process(target=_student, args=(url, tokens, *timing, folder),
                                 daemon=True) for group in groups for tokens in group]
    for process in processes:
        process.start()
    return processes


def _read(folder: str) -> list[list[Any]]:
    facts = []
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name)) as log:
            for line in log:
                with contextlib.suppress(ValueError):  # a killed student's half-written line
                    facts.append(json.loads(line))
    return facts


def _check(room: Classroom, messages: list[list[Any]], seconds: float,
           allowance: int = 0) -> LoadReport:
    confirmed = [m for m in messages if m[0] == "confirmed"]
    latencies = [value for m in messages if m[0] == "latencies" for value in m[1]]
    in_doubt = sum(1 for m in messages if m[0] == "in_doubt") + allowance
    problems: list[str] = []
    stored: dict[tuple[int, int], Any] = {}
    moves = 0
    for table in room.tables():  # each replays through the engine, or raises
        for move in room.store.moves(table.id):
            stored[(table.id, move.number)] = move
            moves += 1
    seen: set[tuple[int, int]] = set()
    for _, table_id, number, seat, action, _at in confirmed:
        move = stored.get((table_id, number))
        if move is None or move.seat != seat or move.entry["move"] != plain_json(action):
            problems.append(f"table {table_id} move {number}: confirmed to seat {seat} but "
                            f"stored as {move}")
        if (table_id, number) in seen:
            problems.append(f"table {table_id} move {number} confirmed twice")
        seen.add((table_id, number))
    unconfirmed = [key for key, move in stored.items() if move.seat is not None and key not in seen]
    if len(unconfirmed) > in_doubt:
        problems.append(f"{len(unconfirmed)} stored student moves were never confirmed "
                        f"(only {in_doubt} were in doubt)")
    return LoadReport(seconds, moves, latencies, len(confirmed), in_doubt, problems)


def kill_students(processes: list[multiprocessing.Process]) -> int:
    """The fault of a crashed server machine: every student process dies at once (SIGKILL).
    Each may have stored a move it had no time to write down as confirmed."""
    for process in processes:
        if process.pid is not None and process.is_alive():
            os.kill(process.pid, signal.SIGKILL)
    for process in processes:
        process.join(5)
    return len(processes)


def _figures(label: str, report: LoadReport) -> list[tuple[str, str]]:
    verdict = "none lost or doubled" if not report.problems else "; ".join(report.problems[:3])
    return [
        (f"class, {label}: {TABLES * SEATS} students at {TABLES} tables, moves per second",
         f"{report.moves_per_second:.0f} ({report.moves} moves in {report.seconds:.0f} s; "
         f"{verdict}; load average {report.load:.1f} on {os.cpu_count()} CPUs)"),
        (f"class, {label}: move seen by another seat, p50 / p95 (target p95 ≤ 250 ms)",
         f"{report.percentile(50) * 1000:.0f} ms / {report.percentile(95) * 1000:.0f} ms"),
    ]


def run(seconds: float = 20.0, store: str | None = None) -> list[tuple[str, str]]:
    """The figures for ``python -m benchmarks``: SQLite, then PostgreSQL if it can be started."""
    if store is not None:
        return _figures(store.split(":")[0], run_load(store, seconds))
    with tempfile.TemporaryDirectory() as folder:
        rows = _figures("SQLite", run_load(f"sqlite:///{folder}/class.db", seconds))
    try:
        from tests.classroom.pgserver import PostgresServer, unavailable
    except ImportError:
        return rows
    if unavailable():
        return rows + [("class, PostgreSQL", f"not measured: {unavailable()}")]
    server = PostgresServer().start()
    try:
        rows += _figures("PostgreSQL", run_load(server.url, seconds))
    finally:
        server.remove()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--store", help="one store only (sqlite:///FILE or postgresql://...)")
    arguments = parser.parse_args()
    for name, figure in run(arguments.seconds, arguments.store):
        print(f"{name}: {figure}")


if __name__ == "__main__":
    main()

