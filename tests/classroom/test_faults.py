"""The fault tests: a class under load (every seat a client of the pages' protocol, moving as
soon as it has thought) when something dies. Afterwards every table's log replays through the
engine and holds every move a seat was told had landed, at its number, from its seat, and the
class played on.

On SQLite the class server is killed (SIGKILL, as a machine losing power) and started again with
the same command: every seat reconnects by itself. On PostgreSQL the database server crashes (an
immediate shutdown) and is started again while the class server and its seats keep going.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from benchmarks.classroom import ServerProcess, kill_and_restart, run_load
from tests.classroom.pgserver import PostgresServer

BRISK = (0.05, 0.2)
"""Seats move as soon as they can: many moves are in flight when the fault strikes."""


def test_killing_the_class_server_mid_load_loses_no_confirmed_move(tmp_path: Path) -> None:
    report = run_load(f"sqlite:///{tmp_path / 'class.db'}", seconds=8, tables=3, reloads=0,
                      abandoned=0, settle=0, think=BRISK, fault=kill_and_restart)
    assert report.problems == []
    assert report.confirmed > 20, "the load hardly moved: the test proves nothing"
    assert report.after_fault > 0, "nobody played on after the restart"


def test_a_database_crash_mid_load_loses_no_confirmed_move(postgres: PostgresServer) -> None:
    async def crash(_servers: list[ServerProcess]) -> None:
        postgres.stop("immediate")  # no shutdown checkpoint: the restart replays the WAL
        await asyncio.sleep(1.0)
        postgres.start()

    report = run_load(postgres.url, seconds=12, tables=2, reloads=0, abandoned=0, settle=0,
                      think=BRISK, fault=crash)
    assert report.problems == []
    assert report.confirmed > 10, "the load hardly moved: the test proves nothing"
    assert report.after_fault > 0, "nobody played on after the restart"
