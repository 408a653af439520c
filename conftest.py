"""Test session set-up shared by the tests, notebooks and exercises: the kit's cache folder
(optimal tables, :mod:`sailing_kit.core.cache`) is a fresh temporary folder for the whole
session, inherited by the notebooks' kernels. So each table is solved once per session, read
back from the cache after that, and never taken from (or left in) the user's own cache.

A test module that runs a class server in the test process makes widgets kernel-free
(:mod:`sailing_kit.classroom.headless`); after it, the next module's boards get a kernel's comms
again (several modules share a process when the suite runs in parallel)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator

import pytest

from sailing_kit.core.cache import CACHE_VARIABLE

_SESSION_CACHE = tempfile.mkdtemp(prefix="sailing_kit-test-cache-")


def pytest_configure(config: pytest.Config) -> None:
    os.environ[CACHE_VARIABLE] = _SESSION_CACHE


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_SESSION_CACHE, ignore_errors=True)


@pytest.fixture(autouse=True, scope="module")
def _kernel_comms_after_a_class_server() -> Iterator[None]:
    yield
    headless = sys.modules.get("sailing_kit.classroom.headless")
    if headless is not None:
        headless.uninstall()
