"""The class tests' stores and servers: most run on both stores (``store_url``: a SQLite file,
and a real PostgreSQL server started from Debian's package, skipped with the reason where none
can be started); the server's tests use a SQLite ``room`` and a ``server`` on loopback. Every test
runs as a teacher whose terminal speaks English (``LANG=C.UTF-8``), whatever the machine's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sailing_kit.classroom import Classroom
from sailing_kit.classroom.store import Store, metadata
from tests.classroom.live import LiveServer
from tests.classroom.pgserver import PostgresServer, unavailable
from tests.terminal import an_english_terminal

__all__ = ["an_english_terminal"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    reason = unavailable()
    if reason:
        pytest.skip(f"no PostgreSQL server for the class tests: {reason}")
    server = PostgresServer().start()
    yield server
    server.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty class store of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    yield server.url
    store = Store(server.url)
    metadata.drop_all(store.engine)
    store.close()


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Classroom]:
    """A class on a SQLite file (a test module may ask for another store)."""
    room = Classroom(f"sqlite:///{tmp_path / 'class.db'}")
    yield room
    room.store.close()


@pytest.fixture
def server(room: Classroom) -> Iterator[LiveServer]:
    """The class server for ``room``, on a free loopback port, in the test process."""
    running = LiveServer(room)
    yield running
    running.stop()
