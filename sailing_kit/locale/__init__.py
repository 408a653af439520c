"""The kit's translations: ``<language>/<area>.po``, one gettext catalog per area of the kit and
language, read by :mod:`sailing_kit.core.i18n`; ``python -m sailing_kit.locale`` keeps them.

Each area names the folders (or files) whose marked messages it holds, and how each kind of
file is read (Babel's extraction methods; a kit extractor for data files such as the trainer's
situations).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
"""The ``sailing_kit`` folder."""

PYTHON = [("**.py", "python")]
TRAINER_FILES = tuple(f"race/{name}" for name in (
    "rrs.py", "rrs_seen.py", "rrs_umpire.py", "committee.py", "reasons.py", "quiz.py",
    "verdicts.py", "encounter.py", "encounter_drawing.py", "encounter_edit.py",
    "encounter_file.py", "encounter_variants.py", "situation.py", "situation_drawing.py",
    "scenario.py", "trainer.py", "boards/situations.py", "boards/trainer.py",
    "boards/editor.py", "boards/verdict_words.py", "boards/picker.py",
    "situations", "scenarios"))
"""The trainer's files and folders in ``race/``: its code, its situations and its scenarios
(JSON, read by :mod:`sailing_kit.locale.situations`)."""
AREAS: dict[str, tuple[str, ...]] = {
    "core": ("core", "draw", "widgets", "apps", "__init__.py"),
    "race": ("race",),
    "trainer": TRAINER_FILES,
    "regatta": ("regatta",),
    "trireme": ("trireme",),
    "yacht": ("yacht",),
    "calm": ("calm",),
    "exercises": ("exercises",),
    "grade": ("grade",),
    "classroom": ("classroom",),
}
"""Each area's folders and files (under ``sailing_kit/``); a file named by an area is that
area's alone, though it lies in another's folder (the trainer's files in ``race/``)."""
METHODS = [*PYTHON, ("**.js", "javascript"),
           ("**.json", "sailing_kit.locale.situations:extract")]
"""How each kind of file is read (Babel's methods, or a kit extractor as ``module:function``)."""

KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}
"""The marks: ``_("text", **values)``, ``n_("one {count}", "{count} many", count)`` and
``N_("a constant")`` (translated where shown, by ``_(CONSTANT)``)."""


def methods_for(area: str, folder: str) -> list[tuple[str, str]]:
    """The extraction methods for ``folder`` of ``area``: files other areas name are skipped."""
    skipped = [(pattern, "ignore") for other, places in AREAS.items() if other != area
               for place in places if place.startswith(folder + "/")
               for pattern in (place[len(folder) + 1:], place[len(folder) + 1:] + "/**")]
    return [*skipped, *METHODS]
