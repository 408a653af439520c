"""The fault test: the class is under load (students moving as fast as the game allows) when the
server dies; after the restart every table's log replays through the engine and holds every
move a student was told had landed, at its number, from its seat, and no move twice.

On SQLite the crash kills every student process at once (SIGKILL, as a machine losing power
kills the server and its kernels) and the students come back with their tokens; on PostgreSQL
the database server itself crashes (an immediate shutdown) and is started again while the
students keep trying.
"""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.classroom import kill_students, run_load
from tests.classroom.pgserver import PostgresServer


def test_killing_every_student_process_mid_load_loses_no_confirmed_move(tmp_path: Path) -> None:
    report = run_load(f"sqlite:///{tmp_path / 'class.db'}", seconds=8, tables=2,
                      fault=kill_students, restart_students=True)
    assert report.problems == []
    assert report.confirmed > 20, "the load hardly moved: the test proves nothing"
    assert report.after_fault > 0, "nobody played on after the restart"


def test_a_database_crash_mid_load_loses_no_confirmed_move(postgres: PostgresServer) -> None:
    def crash(_students: list) -> int:
        postgres.stop("immediate")  # no shutdown checkpoint: the restart replays the WAL
        time.sleep(1.0)
        postgres.start()
        return 0  # a commit cut off by the crash is written down as in doubt by its student

    report = run_load(postgres.url, seconds=16, tables=2, fault=crash)
    assert report.problems == []
    assert report.confirmed > 10, "the load hardly moved: the test proves nothing"
    assert report.after_fault > 0, "nobody played on after the restart"
