"""The optimal solitaire strategy, by backward induction over the sets of filled categories.

A game position between turns is the set of filled categories (and in Yahtzee the upper total
and whether the Yahtzee box holds 50, see :mod:`sailing_kit.yacht.values`). The last turn's
value is that of one turn alone; each earlier position's value is that of its turn when writing
into category ``c`` is worth its points plus the value of the position after it. Solving from
the full card back to the empty one gives the whole table, every position's expected score
still to come when playing perfectly, with numpy over the 252 rolls and 462 keeps
(:mod:`sailing_kit.yacht.turn`) and many positions at once.

:func:`solve` is cached: the first call reads the table from the user's cache folder or builds it
(Jacht in well under a second, Yahtzee in a few seconds, see :func:`build_table`); later calls
reuse it. A :class:`Planner` turns a table into advice for any position: the expected final
score of every keep and every category.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import cache, cached_property, lru_cache, partial
from pathlib import Path
from typing import Any

import numpy as np

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _, number
from sailing_kit.yacht.multisets import (
    DICE,
    INDEX,
    KEEPS,
    PROPER_KEEPS,
    ROLLS,
    keep_index,
    sub_multisets,
)
from sailing_kit.yacht.position import MAX_ROLLS, Choice, Keep, Position, Score
from sailing_kit.yacht.rules import RuleSet, rule_set
from sailing_kit.yacht.scorecard import Scorecard
from sailing_kit.yacht.table_cache import cached_table
from sailing_kit.yacht.turn import SCALE, expected_levels, roll_values, turn_value
from sailing_kit.yacht.values import Model, model_for

TURN_SCALE = SCALE**MAX_ROLLS
"""An exact table's unit per turn still to play: each turn's value is a sum over 6**15 rolls."""

POSITIONS_AT_ONCE = 128
"""How many (mask, sub-state) positions one numpy batch solves: big enough to spread numpy's
overhead, small enough for the arrays to stay in the processor's cache."""
MAX_THREADS = 4
"""The most threads a table is built with (numpy's work between Python steps is short, so
more threads mostly wait for each other)."""


@dataclass(frozen=True)
class Option:
    """One choice and the expected final score when making it and playing on perfectly."""

    choice: Choice
    expected: float

    def __str__(self) -> str:
        return f"{self.choice}: {number(self.expected, 2)}"


@dataclass(frozen=True)
class Advice:
    """Every choice of a position, best first."""

    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        return self.options[0]

    def __str__(self) -> str:
        return "\n".join(str(option) for option in self.options)


@dataclass(frozen=True)
class TurnPlan:
    """Turns solved (for a batch of positions, the last axis): per roll (0, 1, 2) the value of
    writing each of the 252 rolls (first axis) into each category (second axis), and before
    rolls 2 and 3 the expected value of each of the 462 keeps (first axis)."""

    category_values: tuple[np.ndarray, ...]
    keep_values: tuple[np.ndarray, ...]


class Planner:
    """Plays a table of values between turns: the optimal table, or zeros for a greedy player
    who looks at this turn's points only."""

    def __init__(self, rules: RuleSet, table: np.ndarray):
        self.rules = rules
        self.model = model_for(rules)
        self.table = table
        self._plan = lru_cache(maxsize=64)(self._one_turn)
        self._moves = lru_cache(maxsize=1 << 16)(self._one_turn_moves)

    def expected_score(self) -> float:
        """The expected score of a whole game, from an empty card."""
        return float(self.table[0, 0])

    def expected_from(self, card: Scorecard) -> float:
        """The expected final score from ``card`` between turns: its total plus the table's value
        of the turns still to play."""
        return card.total + float(self.table[self.model.mask(card), self.model.sub_state(card)])

    def plan(self, position: Position) -> TurnPlan:
        """The solved turn of ``position``'s card (no batch axis)."""
        return self._plan(self.model.mask(position.card), self.model.sub_state(position.card))

    def _one_turn(self, mask: int, sub: int) -> TurnPlan:
        plan = self._turns(np.array([mask]), np.array([sub]))
        return TurnPlan(*(tuple(values[..., 0] for values in part) for part in
                          (plan.category_values, plan.keep_values)))

    def _turns(self, masks: np.ndarray, subs: np.ndarray) -> TurnPlan:
        per_table = {points: np.stack(list(self.model.each_category(
                                          masks, subs, self.table, points)), 1)
                     for points in set(self.model.stage_tables())}
        category_values = tuple(per_table[points] for points in self.model.stage_tables())
        values = roll_values([v.max(axis=1) for v in category_values])
        keep_values = tuple(
            np.concatenate([level / 6 ** (DICE - size)
                            for size, level in enumerate(expected_levels(v))])
            for v in values[1:]
        )
        return TurnPlan(category_values, keep_values)

    def _best_moves(self, masks: np.ndarray, subs: np.ndarray) -> np.ndarray:
        """For each position (mask and sub-state), roll of the turn and of the 252 dice, the best
        choice: a category's index (0, 1, ...) or, to roll again, ``-1 -`` the kept multiset's
        index in KEEPS. Shape (P, 3, 252)."""
        plan = self._turns(masks, subs)
        moves = []
        rows = np.arange(len(ROLLS))[:, None]
        for stage, values in enumerate(plan.category_values):
            best = values.argmax(axis=1)
            if stage < len(plan.keep_values):
                keeps = plan.keep_values[stage][PROPER_KEEPS]  # (252, 31, P)
                keep = PROPER_KEEPS[rows, keeps.argmax(axis=1)]
                best = np.where(keeps.max(axis=1) > values.max(axis=1), -1 - keep, best)
            moves.append(best.T)
        return np.stack(moves, axis=1).astype(np.int16)

    @cached_property
    def _all_moves(self) -> np.ndarray:
        """Best moves of every mask at once, for rule sets without sub-states (fast in batches)."""
        masks = np.arange(len(self.table))
        return np.concatenate([self._best_moves(batch, np.zeros_like(batch))
                               for batch in np.array_split(masks, len(masks) // 256 or 1)])

    def _one_turn_moves(self, mask: int, sub: int) -> np.ndarray:
        moves: np.ndarray = (self._all_moves[mask] if self.model.sub_states == 1
                             else self._best_moves(np.array([mask]), np.array([sub]))[0])
        return moves

    def options(self, position: Position) -> list[Option]:
        """Every choice of ``position`` with its expected final score (unsorted)."""
        plan = self.plan(position)
        stage, roll = position.rolls - 1, INDEX[DICE][position.dice]
        scored, allowed = position.card.total, position.categories()
        options = [Option(Score(c), scored + float(plan.category_values[stage][roll, index]))
                   for index, c in enumerate(self.model.categories) if c in allowed]
        if position.rolls < MAX_ROLLS:
            options += [Option(Keep(k), scored + float(plan.keep_values[stage][keep_index(k)]))
                        for k in sub_multisets(position.dice) if len(k) < DICE]
        return options

    def advise(self, position: Position) -> Advice:
        """Every choice of ``position``, best first (on a tie, writing before keeping)."""
        return Advice(tuple(sorted(self.options(position), key=lambda o: -o.expected)))

    def best(self, position: Position) -> Choice:
        """The best choice (what a strategy plays), from the position's cached best moves."""
        card = position.card
        moves = self._moves(self.model.mask(card), self.model.sub_state(card))
        move = int(moves[position.rolls - 1, INDEX[DICE][position.dice]])
        return Score(self.model.categories[move]) if move >= 0 else Keep(KEEPS[-1 - move])


def solitaire_rules(rules: RuleSet) -> RuleSet:
    """The rules with a number for every outcome: Tábornok's big general as a 60-point general."""
    return replace(rules, big_general_wins=False) if rules.first_roll_counts else rules


def build_table(rules: RuleSet, exact: bool = False, threads: int | None = None) -> np.ndarray:
    """The optimal table: ``table[mask, sub]`` is the expected score still to come (0 for
    sub-states no game reaches). With ``exact``, entries are integers over
    ``TURN_SCALE ** open categories``. The positions of a layer (as many categories filled) need
    only the layers after it, so ``threads`` (default: :func:`default_threads`) solve its
    batches side by side; numpy lets go of Python's lock while it computes."""
    model = model_for(rules)
    count = len(model.categories)
    table = np.zeros((1 << count, model.sub_states), dtype=object if exact else float)
    workers = threads or default_threads()
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="yacht-solver") as pool:
        for filled in range(count - 1, -1, -1):
            unit = TURN_SCALE ** (count - filled - 1) if exact else 1
            masks, subs = _layer(model, filled)
            batches = [(masks[start:start + POSITIONS_AT_ONCE], subs[start:start + POSITIONS_AT_ONCE])
                       for start in range(0, len(masks), POSITIONS_AT_ONCE)]
            solve_batch = partial(_solve_batch, model, table, unit, exact)
            list(pool.map(solve_batch, batches) if workers > 1 else map(solve_batch, batches))
    return table


def default_threads() -> int:
    """The threads :func:`build_table` uses: one per processor this process may run on, at most
    :data:`MAX_THREADS`."""
    processors = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else os.cpu_count() or 1
    return min(MAX_THREADS, processors)


def _solve_batch(model: Model, table: np.ndarray, unit: int, exact: bool,
                 batch: tuple[np.ndarray, np.ndarray]) -> None:
    """Solve the positions of ``batch`` (masks and sub-states) into ``table``."""
    masks, subs = batch
    table[masks, subs] = turn_value(model.stage_stops(masks, subs, table, unit), exact)


def _layer(model: Model, filled: int) -> tuple[np.ndarray, np.ndarray]:
    """Every position with ``filled`` categories filled: its mask and a sub-state it can reach,
    as two arrays of the same length."""
    masks = [mask for mask in range(1 << len(model.categories)) if bin(mask).count("1") == filled]
    subs = [model.reachable(mask) for mask in masks]
    return np.repeat(masks, [len(s) for s in subs]), np.concatenate(subs)


def _check_solvable(rules: RuleSet) -> None:
    if rules.first_roll_counts and rules.big_general_wins:
        raise ConfigError(_("a big general wins the game at once, which is no number of "
                            "points: for a solitaire score pass big_general_wins=False (it then "
                            "counts 60)"))


@cache
def solve(rules: RuleSet) -> Planner:
    """The optimal :class:`Planner` of ``rules``, cached for the session. Its table is read from
    the user's cache folder (:mod:`sailing_kit.yacht.table_cache`, Yahtzee's in well under a
    second), or built (Jacht in a fraction of a second, Yahtzee in a few seconds) and kept
    there."""
    _check_solvable(rules)
    return Planner(rules, cached_table(rules, exact_key(rules), build_table))


EXACT_SCORES = Path(__file__).with_name("exact_scores.json")
"""The exact optimal scores of the usual rule sets, computed once by ``solve_exact(rules,
table=False)`` so a lesson need not wait for them (the tests recompute every entry)."""


def exact_key(rules: RuleSet) -> str:
    """The rule set as a key of :data:`EXACT_SCORES`."""
    return ", ".join(f"{f.name}={getattr(rules, f.name)!r}" for f in fields(rules))


@cache
def solve_exact(rules: RuleSet, table: bool = True) -> Fraction:
    """The exact optimal expected score: from the table of :data:`EXACT_SCORES` when it holds
    ``rules``, else computed (Jacht and Tábornok: several seconds)."""
    _check_solvable(rules)
    if rules.is_yahtzee:
        raise ConfigError(_("exact=True is offered for jacht and tabornok; Yahtzee's table "
                            "has a million positions: use floats"))
    known = json.loads(EXACT_SCORES.read_text(encoding="utf-8")) if table else {}
    if exact_key(rules) in known:
        return Fraction(known[exact_key(rules)])
    values = build_table(rules, exact=True)
    return Fraction(int(values[0, 0]), TURN_SCALE ** len(rules.categories))


def optimal_expected_score(rules: str | RuleSet = "jacht", exact: bool = False,
                           **variant: Any) -> float | Fraction:
    """The expected score of perfect solitaire play from an empty card.

    ``variant`` takes the rule set's options (``big_general_wins=False`` for Tábornok,
    ``poker_points=40``, ``five_of_a_kind_counts=True``). ``exact=True`` gives a Fraction.
    """
    ruleset = rule_set(rules, **variant)
    return solve_exact(ruleset) if exact else solve(ruleset).expected_score()


def optimal_planner(rules: str | RuleSet = "jacht", **variant: Any) -> Planner:
    """The cached optimal :class:`Planner` (Tábornok's big general counted as 60)."""
    return solve(solitaire_rules(rule_set(rules, **variant)))


def greedy_planner(rules: str | RuleSet = "jacht", **variant: Any) -> Planner:
    """A :class:`Planner` that maximises this turn's points and ignores the turns to come."""
    return _greedy(solitaire_rules(rule_set(rules, **variant)))


@cache
def _greedy(rules: RuleSet) -> Planner:
    model = model_for(rules)
    return Planner(rules, np.zeros((1 << len(model.categories), model.sub_states)))


def advise(position: Position) -> Advice:
    """The optimal player's view of ``position``: every choice with its expected final score."""
    return optimal_planner(position.card.rules).advise(position)


