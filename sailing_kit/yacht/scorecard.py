"""A player's scorecard: which categories are filled, with what, and where a roll may go.

In Jacht and Tábornok a roll may go into any open category. Yahtzee adds its bonuses and a
joker rule for a Yahtzee rolled when the Yahtzee box is already filled (with 50 or 0):

- ``"forced"`` (the official rules, the default): it must go into the upper box of its face if
  that is open; otherwise into any open lower box, where Full House, Small and Large Straight
  score their full 25, 30 and 40; only if every lower box is filled too into an open upper box,
  for 0.
- ``"free"`` (Verhoeff's convention, behind the published 254.5896): it may go into any open
  box; Full House and the straights score their full points only if its face's upper box is
  already filled (and 0 otherwise).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cached_property

from sailing_kit.core.i18n import _
from sailing_kit.yacht.multisets import Multiset
from sailing_kit.yacht.rules import (
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YAHTZEE_BONUS,
    RuleSet,
    category_word,
)

JOKER_POINTS = {"full_house": 25, "small_straight": 30, "large_straight": 40}
"""Yahtzee: what a joker scores in the lower boxes whose pattern five of a kind does not fit."""


def is_joker(rules: RuleSet, filled: Collection[str], dice: Multiset) -> bool:
    """True for a Yahtzee rolled after the Yahtzee box was filled (Yahtzee rules only)."""
    return rules.is_yahtzee and len(set(dice)) == 1 and "yahtzee" in filled


def choices(rules: RuleSet, filled: Collection[str], dice: Multiset,
            first_roll: bool = False) -> dict[str, int]:
    """Every category the five (checked, sorted) dice may be written into now, with its points."""
    open_boxes = [c for c in rules.categories if c not in filled]
    if not is_joker(rules, filled, dice):
        return {c: rules.score(dice, c, first_roll) for c in open_boxes}
    own_box = UPPER[dice[0] - 1]
    if rules.joker == "free":
        full = own_box in filled
        return {c: JOKER_POINTS[c] if full and c in JOKER_POINTS else rules.score(dice, c)
                for c in open_boxes}
    if own_box in open_boxes:
        return {own_box: rules.score(dice, own_box)}
    lower = [c for c in open_boxes if c not in UPPER]
    if lower:
        return {c: JOKER_POINTS.get(c, rules.score(dice, c)) for c in lower}
    return dict.fromkeys(open_boxes, 0)


def joker_refusal(rules: RuleSet, filled: Collection[str], dice: Multiset, category: str) -> str:
    """Why the forced joker rule keeps these dice out of the open ``category``."""
    own_box = UPPER[dice[0] - 1]
    if own_box not in filled:
        return _("joker rule: a Yahtzee rolled after the Yahtzee box is filled must go into its "
                 "own upper box, {box}, while that is open", box=category_word(own_box))
    return _("joker rule: a Yahtzee whose upper box is used must go into an open lower box "
             "while there is one; {category} is an upper box", category=category_word(category))


@dataclass(frozen=True)
class Scorecard:
    """One player's scores: ``boxes`` in the order filled, and Yahtzee bonuses earned."""

    rules: RuleSet
    boxes: tuple[tuple[str, int], ...] = ()
    yahtzee_bonuses: int = 0

    @cached_property
    def filled(self) -> dict[str, int]:
        return dict(self.boxes)

    @property
    def open_categories(self) -> tuple[str, ...]:
        filled = self.filled
        return tuple(c for c in self.rules.categories if c not in filled)

    @property
    def is_full(self) -> bool:
        return len(self.boxes) == len(self.rules.categories)

    @property
    def upper_total(self) -> int:
        return sum(points for category, points in self.boxes if category in UPPER)

    @property
    def upper_bonus(self) -> int:
        """Yahtzee's 35 once the upper section reaches 63 (the other rule sets have none)."""
        return UPPER_BONUS if self.rules.is_yahtzee and self.upper_total >= UPPER_BONUS_AT else 0

    @property
    def yahtzee_scored(self) -> bool:
        """True once the Yahtzee box holds 50 (so further Yahtzees earn the bonus)."""
        return self.filled.get("yahtzee") == 50

    @property
    def total(self) -> int:
        boxes = sum(points for _, points in self.boxes)
        return boxes + self.upper_bonus + YAHTZEE_BONUS * self.yahtzee_bonuses

    def choices(self, dice: Multiset, first_roll: bool = False) -> dict[str, int]:
        """Where these dice may go now, with the points each category would get."""
        return choices(self.rules, self.filled, dice, first_roll)

    def bonus_for(self, dice: Multiset) -> int:
        """Yahtzee's bonus these dice earn wherever they are written: 100 for a further
        Yahtzee once the Yahtzee box holds 50."""
        return YAHTZEE_BONUS if self.yahtzee_scored and len(set(dice)) == 1 else 0

    def write(self, category: str, dice: Multiset, first_roll: bool = False) -> Scorecard:
        """The card after writing these dice into ``category`` (one of :meth:`choices`)."""
        if is_joker(self.rules, self.filled, dice):
            points = self.choices(dice, first_roll)[category]
        else:
            points = self.rules.score(dice, category, first_roll)
        bonuses = self.yahtzee_bonuses + (self.bonus_for(dice) > 0)
        return replace(self, boxes=self.boxes + ((category, points),), yahtzee_bonuses=bonuses)
