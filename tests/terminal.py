"""The teacher's terminal as the class server's and the grader's tests set it: its language
variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) say only what a test asks."""

from __future__ import annotations

import pytest

from sailing_kit.core.i18n import ENVIRONMENT


def speak(monkeypatch: pytest.MonkeyPatch, **variables: str) -> None:
    """The terminal's language variables are ``variables`` (``LANG="hu_HU.UTF-8"``), no other."""
    for variable in ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    for variable, value in variables.items():
        monkeypatch.setenv(variable, value)


@pytest.fixture(autouse=True)
def an_english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """An autouse fixture for a test folder's conftest: an English terminal (``LANG=C.UTF-8``)
    whatever the machine's, since the commands speak the terminal's language by default."""
    speak(monkeypatch, LANG="C.UTF-8")
