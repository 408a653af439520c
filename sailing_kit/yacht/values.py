"""What writing a roll into each category is worth: its points now plus the game still to come.

The solver's positions between turns are the set of filled categories (a bit mask, bit ``c`` for
``rules.categories[c]``) and, in Yahtzee, a *sub-state*: the upper-section total so far (capped at
63, where the bonus is earned) and whether the Yahtzee box holds 50 (which makes further
Yahtzees worth the 100 bonus). ``table[mask, sub]`` is the expected score still to come.

A model turns a batch of masks and the sub-states reachable with them into, for each category,
an array ``(masks, sub-states, rolls)`` of "points now + table value of the position after",
``-inf`` where the rules refuse the category. The points come
from :mod:`sailing_kit.yacht.scorecard`, the rules' single source.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import numpy as np

from sailing_kit.yacht.multisets import ROLLS
from sailing_kit.yacht.rules import UPPER, UPPER_BONUS, UPPER_BONUS_AT, YAHTZEE_BONUS, RuleSet
from sailing_kit.yacht.scorecard import Scorecard, choices

REFUSED = -np.inf

class Model:
    """Category values of Jacht and Tábornok: the position after a turn is the mask alone."""

    sub_states = 1

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

    def each_category(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray, points: int,
                      unit: int = 1) -> Iterator[np.ndarray]:
        """For each category, ``unit * points now + table after``: shape (masks, subs, 252).
        ``points`` picks the points table; ``unit`` scales points to the table's (exact) unit."""
        scores = self.points[points] if unit == 1 else self.points[points].astype(object) * unit
        for c, bit in enumerate(self.bits):
            values = scores[None, None, :, c] + table[masks | bit][:, subs, None]
            values[(masks & bit) != 0] = REFUSED
            yield values


class YahtzeeModel(Model):
    """Yahtzee's category values: sub-state ``upper + 64 * yahtzee_holds_50``, with the upper
    bonus when the upper total reaches 63 and the Yahtzee bonus and forced joker.

    Only the six five-of-a-kind rolls meet the joker and the Yahtzee bonus, so every category's
    values are computed for all rolls with the plain points first, then those six columns again
    with the full rules (:meth:`_five_of_a_kind`)."""

    sub_states = 2 * (UPPER_BONUS_AT + 1)

    def __init__(self, rules: RuleSet):
        super().__init__(rules)
        stride = UPPER_BONUS_AT + 1
        holds_50, upper = np.divmod(np.arange(self.sub_states), stride)
        self.holds_50_sub = upper + stride  # each sub-state once the Yahtzee box holds 50
        # per face, indexed (sub-state, dice showing the face): points with the upper bonus,
        # and the sub-state after writing them
        self.upper_gain, self.upper_next = {}, {}
        for face in range(1, 7):
            points = face * np.arange(6)[None, :]
            reached = np.minimum(upper[:, None] + points, UPPER_BONUS_AT)
            crossed = (upper[:, None] < UPPER_BONUS_AT) & (reached == UPPER_BONUS_AT)
            self.upper_gain[face] = points + UPPER_BONUS * crossed
            self.upper_next[face] = reached + stride * holds_50[:, None]
        self.yahtzee_bonus = YAHTZEE_BONUS * holds_50[:, None]
        self.face_counts = np.array([[roll.count(face) for face in range(1, 7)] for roll in ROLLS])
        self.five = np.flatnonzero([len(set(roll)) == 1 for roll in ROLLS])

    def sub_state(self, card: Scorecard) -> int:
        return min(card.upper_total, UPPER_BONUS_AT) + (UPPER_BONUS_AT + 1) * card.yahtzee_scored

    def reachable(self, mask: int) -> np.ndarray:
        """Upper totals the filled upper boxes can make (capped at 63); the Yahtzee box can hold
        50 only once it is filled. (This skips about half of all sub-states.)"""
        upper_mask = mask & ((1 << len(UPPER)) - 1)
        yahtzee_filled = bool(mask & (1 << self.categories.index("yahtzee")))
        return _reachable(upper_mask, yahtzee_filled)

    def each_category(self, masks: np.ndarray, subs: np.ndarray, table: np.ndarray, points: int,
                      unit: int = 1) -> Iterator[np.ndarray]:
        """For each category, points now (with both bonuses) plus the table value after:
        shape (masks, subs, 252 rolls)."""
        joker_points, joker_allowed = self._joker_tables(masks)
        for c, (name, bit) in enumerate(zip(self.categories, self.bits)):
            after = table[masks | bit]
            if name in UPPER:
                face = UPPER.index(name) + 1
                by_count = self.upper_gain[face][subs] * unit + after[:, self.upper_next[face][subs]]
                values = by_count[:, :, self.face_counts[:, face - 1]]
            else:
                values = self.points[1][None, None, :, c] * unit + after[:, subs, None]
            values[:, :, self.five] = self._five_of_a_kind(
                name, after, subs, joker_points[:, :, c], joker_allowed[:, :, c], values, unit)
            values[(masks & bit) != 0] = REFUSED
            yield values

    def _five_of_a_kind(self, name: str, after: np.ndarray, subs: np.ndarray, points: np.ndarray,
                        allowed: np.ndarray, values: np.ndarray, unit: int) -> np.ndarray:
        """The six Yahtzee columns under the full rules: the joker's points and refusals, the
        Yahtzee bonus, and 50 in the Yahtzee box switching the sub-state."""
        if name == "yahtzee":
            plain = 50 * unit + after[:, self.holds_50_sub[subs], None]
        elif name in UPPER:
            plain = values[:, :, self.five]
        else:
            plain = points[:, None, :] * unit + after[:, subs, None]
        bonus = self.yahtzee_bonus[subs] * unit
        return np.where(allowed[:, None, :], plain + bonus, REFUSED)

    def _joker_tables(self, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Points and allowed categories of the six Yahtzees for each mask: (masks, 6,
        categories), from the scorecard's rules (the forced joker once the Yahtzee box is filled)."""
        names = self.categories
        points = np.zeros((len(masks), len(self.five), len(names)), dtype=int)
        allowed = np.zeros(points.shape, dtype=bool)
        for m, mask in enumerate(masks):
            filled = [c for c, bit in zip(names, self.bits) if mask & bit]
            for r, roll in enumerate(self.five):
                where = choices(self.rules, filled, ROLLS[roll])
                points[m, r] = [where.get(c, 0) for c in names]
                allowed[m, r] = [c in where for c in names]
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
