"""The whole suite runs as the teacher: a throwaway teacher key unlocks the kit's answers in the
test process (the tests check answers against them, some while collecting), never in a
student's kernel."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from sailing_kit.exercises import teacher

_folder = tempfile.mkdtemp(prefix="sailing_kit-teacher-")


def pytest_configure(config: pytest.Config) -> None:
    os.environ[teacher.KEY_VARIABLE] = os.path.join(_folder, "teacher-key")
    teacher.unlock(teacher.make_key())


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_folder, ignore_errors=True)


@pytest.fixture(scope="session")
def teacher_key() -> str:
    """This machine's (the test run's) teacher key."""
    return teacher.make_key()
