"""A player's position in a turn, and the two kinds of choice made in it.

Strategies, the solver's advice and the simulator speak of dice by value: :class:`Keep` these
dice and roll the others, or :class:`Score` (write) the dice into a category. The game's own
roll action names dice by their place on the table instead (:class:`sailing_kit.yacht.actions.Roll`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core.i18n import _
from sailing_kit.yacht.multisets import DICE, Multiset, sub_multisets
from sailing_kit.yacht.rules import category_word
from sailing_kit.yacht.scorecard import Scorecard

MAX_ROLLS = 3
"""'Maximum háromszor lehet dobni': at most three rolls a turn."""


@dataclass(frozen=True)
class Keep:
    """Keep these dice (a sorted multiset of fewer than five) and roll the others."""

    dice: Multiset

    def __str__(self) -> str:
        if not self.dice:
            return _("roll all five")
        return _("keep {dice}", dice=" ".join(map(str, self.dice)))


@dataclass(frozen=True)
class Score:
    """Write the dice into ``category`` and end the turn."""

    category: str

    def __str__(self) -> str:
        return _("score {category}", category=category_word(self.category))


Choice = Keep | Score


@dataclass(frozen=True)
class Position:
    """A player's card, the dice on the table (sorted) and how many rolls this turn used (1-3)."""

    card: Scorecard
    dice: Multiset
    rolls: int

    @property
    def first_roll(self) -> bool:
        return self.rolls == 1

    def categories(self) -> dict[str, int]:
        """Where the dice may be written now, with the points each category would get."""
        return self.card.choices(self.dice, self.first_roll)

    def choices(self) -> list[Choice]:
        """Every choice allowed now: each keep (while a roll is left), then each category."""
        keeps = ([Keep(k) for k in sub_multisets(self.dice) if len(k) < DICE]
                 if self.rolls < MAX_ROLLS else [])
        return keeps + [Score(c) for c in self.categories()]
