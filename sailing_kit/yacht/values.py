"""What writing a roll into each category is worth: its points now plus the game still to come.

The solver's positions between turns are the set of filled categories (a bit mask, bit ``c`` for
``rules.categories[c]``) and, in Yahtzee, a *sub-state*: the upper-section total so far (capped at
63, where the bonus is earned) and whether the Yahtzee box holds 50 (which makes further
Yahtzees worth the 100 bonus). ``table[mask, sub]`` is the expected score still to come.

A model takes a batch of positions, two arrays ``masks`` and ``subs`` of the same length ``P``,
and gives for each category an array ``(252 rolls, P)`` of "points now + table value of the
position after", ``-inf`` where the rules refuse the category (:meth:`Model.each_category`), or
directly their maximum, the value of stopping with each roll (:meth:`Model.stops`). Both read
the table once per batch for every category at once (:meth:`Model._batch`). The points come
from :mod:`sailing_kit.yacht.scorecard`, the rules' single source.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

import numpy as np

from sailing_kit.yacht.multisets import ROLLS
from sailing_kit.yacht.rules import UPPER, UPPER_BONUS, UPPER_BONUS_AT, YAHTZEE_BONUS, RuleSet
from sailing_kit.yacht.scorecard import Scorecard, choices
from sailing_kit.yacht.turn import take_rows

REFUSED = -np.inf


class Batch(NamedTuple):
    """What a batch of positions' category values need of the table, read at once: ``same``,
    (categories, P), the table after writing into each category with the sub-state unchanged
    (``-inf`` where it is filled); in Yahtzee ``upper``, (faces, dice showing the face, P), the
    points and table value of writing into each upper box; and ``fives``, (six Yahtzees,
    categories, P), the five-of-a-kind rows under their own rules."""

    unit: int
    same: np.ndarray
    upper: np.ndarray | None = None
    fives: np.ndarray | None = None


class Jokers(NamedTuple):
    """For each Yahtzee (first axis), position and category: its points and whether it may go
    there."""

    points: np.ndarray
    allowed: np.ndarray


class Model:
    """Category values of Jacht and Tábornok: the position after a turn is the mask alone."""

    sub_states = 1
    five = np.array([], dtype=int)
    """The rows of the rolls the rules treat apart (Yahtzee's five of a kind; none here)."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.categories = rules.categories
        self.bits = np.array([1 << c for c in range(len(self.categories))])
        self.points = [self._points_table(first_roll) for first_roll in (True, False)]

    def _points_table(self, first_roll: bool) -> np.ndarray:
        """Points of each roll (rows) in each category (columns)."""
        return np.array([[self.rules.score(roll, c, first_roll) for c in self.categories]
                         for roll in ROLLS])

    def mask(self, card: Scorecard) -> int:
        return sum(1 << self.categories.index(c) for c in card.filled)

    def sub_state(self, card: Scorecard) -> int:
        return 0

    def reachable(self, mask: int) -> np.ndarray:
        """The sub-states a game can be in with these categories filled."""
        return np.zeros(1, dtype=int)

    def stage_tables(self) -> tuple[int, int, int]:
        """Which points table (0: first roll, 1: later) each of the three rolls uses."""
        return (0, 1, 1) if self.rules.first_roll_counts else (1, 1, 1)

    def stage_stops(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray,
                    unit: int = 1) -> list[np.ndarray]:
        """The value of stopping after each of the three rolls (:meth:`stops` with the points
        table of that roll)."""
        batch = self._batch(masks, subs, table, unit)
        best = {points: self._stops(batch, points) for points in set(self.stage_tables())}
        return [best[points] for points in self.stage_tables()]

    def each_category(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray, points: int,
                      unit: int = 1) -> Iterator[np.ndarray]:
        """For each category, ``unit * points now + table after``: shape (252, P), a new array
        each. ``points`` picks the points table; ``unit`` scales points to the table's (exact)
        unit."""
        batch = self._batch(masks, subs, table, unit)
        for category in range(len(self.categories)):
            values = self._category(batch, category, points)
            if batch.fives is not None:
                values[self.five] = batch.fives[:, category]
            yield values

    def stops(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray, points: int,
              unit: int = 1) -> np.ndarray:
        """The value of stopping with each roll, the best category: shape (252, P), the
        maximum of :meth:`each_category`."""
        return self._stops(self._batch(masks, subs, table, unit), points)

    def _stops(self, batch: Batch, points: int) -> np.ndarray:
        best = self._category(batch, 0, points)
        scratch = np.empty_like(best)
        for category in range(1, len(self.categories)):
            np.maximum(best, self._category(batch, category, points, scratch), out=best)
        if batch.fives is not None:
            best[self.five] = batch.fives.max(axis=1)
        return best

    def _batch(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray, unit: int) -> Batch:
        return Batch(unit, self._after(masks, self.bits, table, subs))

    def _category(self, batch: Batch, category: int, points: int,
                  out: np.ndarray | None = None) -> np.ndarray:
        """One category's values for every roll (in ``out``, or a new array; the
        five-of-a-kind rows as the plain points give them)."""
        scores = self.points[points][:, category]
        if batch.unit != 1:
            scores = scores.astype(object) * batch.unit
        values: np.ndarray = np.add(scores[:, None], batch.same[category][None, :], out=out)
        return values

    @staticmethod
    def _after(masks: np.ndarray, bits: np.ndarray, table: np.ndarray,
               subs: np.ndarray) -> np.ndarray:
        """The table after writing into the category of each bit (first axis): at the masks
        with that bit added and the sub-states ``subs`` (one per position, or for each bit and
        position a row of them), ``-inf`` where the category is filled."""
        rows = masks[None, :] | bits[:, None]
        after: np.ndarray = table[rows, subs[None, :]] if subs.ndim == 1 \
            else table[rows[..., None], subs]
        after[(masks[None, :] & bits[:, None]) != 0] = REFUSED
        return after


class YahtzeeModel(Model):
    """Yahtzee's category values: sub-state ``upper + 64 * yahtzee_holds_50``, with the upper
    bonus when the upper total reaches 63 and the Yahtzee bonus and forced joker.

    Only the six five-of-a-kind rolls meet the joker and the Yahtzee bonus, so every category's
    values are computed for all rolls with the plain points, and those six rows apart with the
    full rules (:meth:`_five_of_a_kind`)."""

    sub_states = 2 * (UPPER_BONUS_AT + 1)

    def __init__(self, rules: RuleSet):
        super().__init__(rules)
        stride = UPPER_BONUS_AT + 1
        holds_50, upper = np.divmod(np.arange(self.sub_states), stride)
        self.holds_50_sub = upper + stride  # each sub-state once the Yahtzee box holds 50
        # indexed (face - 1, sub-state, dice showing the face): the points with the upper bonus,
        # and the sub-state after writing them
        points = np.arange(1, 7)[:, None, None] * np.arange(6)[None, None, :]
        reached = np.minimum(upper[None, :, None] + points, UPPER_BONUS_AT)
        crossed = (upper[None, :, None] < UPPER_BONUS_AT) & (reached == UPPER_BONUS_AT)
        self.upper_gain = points + UPPER_BONUS * crossed
        self.upper_next = reached + stride * holds_50[None, :, None]
        self.yahtzee_bonus = YAHTZEE_BONUS * holds_50
        self.face_counts = np.array([[roll.count(face) for face in range(1, 7)] for roll in ROLLS])
        self.five = np.flatnonzero([len(set(roll)) == 1 for roll in ROLLS])
        self.yahtzee = self.categories.index("yahtzee")
        self.joker_points, self.joker_allowed = self._joker_patterns()

    def sub_state(self, card: Scorecard) -> int:
        return min(card.upper_total, UPPER_BONUS_AT) + (UPPER_BONUS_AT + 1) * card.yahtzee_scored

    def reachable(self, mask: int) -> np.ndarray:
        """Upper totals the filled upper boxes can make (capped at 63); the Yahtzee box can hold
        50 only once it is filled. (This skips about half of all sub-states.)"""
        upper_mask = mask & ((1 << len(UPPER)) - 1)
        yahtzee_filled = bool(mask & (1 << self.yahtzee))
        return _reachable(upper_mask, yahtzee_filled)

    def _batch(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray, unit: int) -> Batch:
        same = self._after(masks, self.bits, table, subs)
        after = self._after(masks, self.bits[:len(UPPER)], table, self.upper_next[:, subs])
        upper = np.ascontiguousarray((self.upper_gain[:, subs] * unit + after).transpose(0, 2, 1))
        return Batch(unit, same, upper, self._five_of_a_kind(masks, subs, table, unit, same,
                                                             upper))

    def _category(self, batch: Batch, category: int, points: int,
                  out: np.ndarray | None = None) -> np.ndarray:
        if category < len(UPPER):
            assert batch.upper is not None  # (see _batch)
            return take_rows(batch.upper[category], self.face_counts[:, category], out)
        values: np.ndarray = np.add(self.points[1][:, category, None] * batch.unit,
                                    batch.same[category][None, :], out=out)
        return values

    def _five_of_a_kind(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray, unit: int,
                        same: np.ndarray, upper: np.ndarray) -> np.ndarray:
        """The six Yahtzee rows of every category, (Yahtzees, categories, P), under the full
        rules: the joker's points and refusals, the Yahtzee bonus, and 50 in the Yahtzee box
        switching the sub-state."""
        jokers = self._jokers(masks)
        values = jokers.points.transpose(0, 2, 1) * unit + same[None]  # the lower boxes
        faces = np.arange(len(UPPER))
        values[:, :len(UPPER)] = upper[faces[None, :], self.face_counts[self.five]]
        values[:, self.yahtzee] = 50 * unit + self._after(
            masks, self.bits[[self.yahtzee]], table, self.holds_50_sub[subs])[0][None, :]
        bonus = self.yahtzee_bonus[subs] * unit
        return np.where(jokers.allowed.transpose(0, 2, 1), values + bonus[None, None, :], REFUSED)

    _faces = np.arange(len(UPPER))[:, None]

    def _jokers(self, masks: np.ndarray) -> Jokers:
        """For each of the six Yahtzees (first axis), each position and each category: the
        points and whether the scorecard allows it, from its pattern (see
        :meth:`_joker_patterns`)."""
        yahtzee = self.bits[self.yahtzee]
        lower = int(self.bits[len(UPPER):].sum())
        pattern = (4 * ((masks & yahtzee) != 0)[None, :] + 2 * ((masks[None, :] >> self._faces) & 1)
                   + ((masks & lower) != lower)[None, :])
        open_boxes = (masks[:, None] & self.bits[None, :]) == 0
        return Jokers(self.joker_points[self._faces, pattern],
                      self.joker_allowed[self._faces, pattern] & open_boxes[None])

    def _joker_patterns(self) -> tuple[np.ndarray, np.ndarray]:
        """Where a Yahtzee may go and what it scores, from the scorecard (:func:`choices`), per
        face and *pattern*: whether the Yahtzee box is filled (4), its own upper box is filled
        (2) and some lower box is open (1). Only these decide it; the rest of the card only
        closes boxes, so each pattern is read once from a card with every other box open.
        Shape (6 faces, 8 patterns, categories)."""
        names = self.categories
        lower = [c for c in names if c not in UPPER]
        points = np.zeros((len(UPPER), 8, len(names)), dtype=int)
        allowed = np.zeros(points.shape, dtype=bool)
        for face in range(1, len(UPPER) + 1):
            for pattern in range(8):
                filled = ({"yahtzee"} if pattern & 4 else set()) \
                    | ({UPPER[face - 1]} if pattern & 2 else set()) \
                    | (set() if pattern & 1 else set(lower))
                options = choices(self.rules, filled, (face,) * 5)
                points[face - 1, pattern] = [options.get(c, 0) for c in names]
                allowed[face - 1, pattern] = [c in options for c in names]
        return points, allowed


@cache
def _reachable(upper_mask: int, yahtzee_filled: bool) -> np.ndarray:
    totals = {0}
    for face in range(1, len(UPPER) + 1):
        if upper_mask & (1 << (face - 1)):
            totals = {min(t + face * n, UPPER_BONUS_AT) for t in totals for n in range(6)}
    uppers = sorted(totals)
    return np.array(uppers + ([u + UPPER_BONUS_AT + 1 for u in uppers] if yahtzee_filled else []))


def model_for(rules: RuleSet) -> Model:
    return YahtzeeModel(rules) if rules.is_yahtzee else Model(rules)
