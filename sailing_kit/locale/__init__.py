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
AREAS: dict[str, tuple[tuple[str, ...], list[tuple[str, str]]]] = {
    "core": (("core", "draw", "widgets", "apps", "__init__.py"), PYTHON),
    "race": (("race",), PYTHON),
    "regatta": (("regatta",), PYTHON),
    "trireme": (("trireme",), PYTHON),
    "yacht": (("yacht",), PYTHON),
    "calm": (("calm",), PYTHON),
    "exercises": (("exercises",), PYTHON),
    "grade": (("grade",), PYTHON),
    "classroom": (("classroom",), [*PYTHON, ("**.js", "javascript")]),
}
"""Each area's folders (under ``sailing_kit/``) and extraction methods."""

KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}
"""The marks: ``_("text", **values)``, ``n_("one {count}", "{count} many", count)`` and
``N_("a constant")`` (translated where shown, by ``_(CONSTANT)``)."""
