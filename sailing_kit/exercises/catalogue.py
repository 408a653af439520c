"""The exercise sets: each notebook's short name, its module and its questions."""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from sailing_kit.exercises.question import Question

SETS = {
    "01_points_of_sail": "points_of_sail",
    "02_right_of_way": "right_of_way",
    "03_dice": "dice",
    "04_calm": "calm",
    "05_trireme": "trireme",
}
"""Notebook short name (``exercises/<name>.ipynb``): module in ``sailing_kit.exercises``."""


def module(exercise: str) -> ModuleType:
    return importlib.import_module(f"sailing_kit.exercises.{SETS[exercise]}")


def questions(exercise: str) -> tuple[Question[Any], ...]:
    return tuple(module(exercise).QUESTIONS)


def recognise(text: str) -> str | None:
    """The exercise a file name or a notebook's import line names: ``"03_dice-ada.ipynb"`` or
    ``from sailing_kit.exercises.dice import ...`` give ``"03_dice"``."""
    for exercise, name in SETS.items():
        if text.startswith(exercise) or re.search(rf"sailing_kit\.exercises\.{name}\b", text):
            return exercise
    return None
