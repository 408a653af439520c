"""The optimal tables kept in the user's cache folder (:mod:`sailing_kit.core.cache`), so the
Yahtzee table is solved once per machine, not once per session.

A table read back must be exactly the file the kit wrote for these rules (its size, magic and
checksum), and then *mean* what it says: every value a finite number of points between 0 and
:data:`MOST_POINTS`, nothing left to score on a full card, and the solver's own equation
holding at the empty card and at :data:`SAMPLES` positions drawn at random on every read (so a
file made to pass known checks cannot know which). A refused file is solved again and
replaced, with a warning that says why.
"""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

from sailing_kit.core.cache import CacheRefused, cache_dir, load_array, save_array
from sailing_kit.core.i18n import _, n_, number
from sailing_kit.yacht.rules import RuleSet
from sailing_kit.yacht.turn import turn_value
from sailing_kit.yacht.values import Model, model_for

TABLE_VERSION = 1
"""Part of every table's key: raise it when the meaning of a table's entries changes."""
MOST_POINTS = 5_000
"""More than any card of the kit's rule sets can score (Yahtzee's best is 1,575)."""
SAMPLES = 512
"""Random positions whose values a table read back must reproduce from the solver's equation."""
TOLERANCE = 1e-9


def table_path(rules: RuleSet, key: str) -> Path:
    """Where the table of ``rules`` (with its ``key``) is kept."""
    digest = hashlib.sha256(f"v{TABLE_VERSION} {key}".encode()).hexdigest()[:16]
    return cache_dir() / f"yacht-{rules.name}-{digest}.table"


def cached_table(rules: RuleSet, key: str, build: Callable[[RuleSet], np.ndarray]) -> np.ndarray:
    """The table of ``rules`` from the cache, or built by ``build`` and kept there (when the
    folder can be written; the table is returned either way)."""
    model = model_for(rules)
    path = table_path(rules, key)
    shape = (1 << len(model.categories), model.sub_states)
    try:
        table = load_array(path, f"v{TABLE_VERSION} {key}", shape)
        if table is not None:
            check_table(model, table)
            return table
    except CacheRefused as refusal:
        warnings.warn(_("sailing_kit: the cached table {path} was refused ({refusal}); "
                        "solving it again", path=str(path), refusal=refusal), stacklevel=3)
    table = build(rules)
    try:
        save_array(path, f"v{TABLE_VERSION} {key}", table)
    except OSError as error:
        warnings.warn(_("sailing_kit: the table could not be kept in {folder} ({reason}); it "
                        "is solved again in the next session", folder=str(path.parent),
                        reason=error.strerror), stacklevel=3)
    return table


def check_table(model: Model, table: np.ndarray) -> None:
    """Raise :class:`CacheRefused` unless ``table`` could be the optimal table of the model's
    rules (see the module's words)."""
    if not np.isfinite(table).all() or table.min() < 0 or table.max() > MOST_POINTS:
        raise CacheRefused(_("it holds values that are not points from 0 to {most}",
                             most=number(MOST_POINTS)))
    full = len(table) - 1
    if table[full].any():
        raise CacheRefused(_("it gives points to a full card"))
    chooser = np.random.default_rng()  # unseeded on purpose: no file can know the positions
    masks = np.concatenate([[0], chooser.integers(0, full, SAMPLES)])
    subs = np.array([0] + [chooser.choice(model.reachable(int(mask))) for mask in masks[1:]])
    expected = turn_value(model.stage_stops(masks, subs, table))
    wrong = int((np.abs(expected - table[masks, subs]) > TOLERANCE).sum())
    if wrong:
        raise CacheRefused(n_("{count} of {checked} positions checked does not follow the "
                              "solver's equation", "{count} of {checked} positions checked do "
                              "not follow the solver's equation", wrong,
                              checked=number(len(masks))))
