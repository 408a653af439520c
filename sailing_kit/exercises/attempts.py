"""Every checked answer, as a record: who tried which question, with what, and how it went.

The exercise checks call :func:`notify` after each try; listeners receive the :class:`Attempt`.
The assessment mode records attempts in the notebook, and a class server (``sailing_kit.classroom``)
can listen to collect a class's results. Fields may be added later, always with defaults.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

Listener = Callable[["Attempt"], None]


@dataclass(frozen=True)
class Attempt:
    """One try at one question."""

    student: str
    notebook: str
    """The exercise's short name, such as ``"03_dice"``."""
    question: str
    """The question's short name, such as ``"q1"``."""
    answer: str
    """The answer as the student gave it, cut short for display."""
    ok: bool
    try_number: int
    points: float = 0.0
    max_points: float = 0.0
    mode: str = "practice"
    """``"practice"`` or ``"assessment"``: the mode the student's notebook started in."""
    language: str = "en"
    """The code of the student's language (``"hu"``), as ``start(..., language=...)`` chose."""


_listeners: list[Listener] = []


def add_listener(listener: Listener) -> Callable[[], None]:
    """Call ``listener`` with every attempt from now on; returns a function that stops it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def notify(attempt: Attempt) -> None:
    """Tell every listener about ``attempt``. A failing listener never breaks a check."""
    for listener in list(_listeners):
        # A class server that is down must not stop the student.
        with contextlib.suppress(Exception):
            listener(attempt)
