"""Every class test runs on both stores: a SQLite file, and a real PostgreSQL server started
from Debian's package (skipped, with the reason, where none can be started)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sailing_kit.classroom.store import Store, metadata
from tests.classroom.pgserver import PostgresServer, unavailable


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
