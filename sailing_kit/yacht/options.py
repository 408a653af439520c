"""The options of a game of dice: how many play, which rule set, and its variants."""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core.options import whole_number
from sailing_kit.yacht.rules import RuleSet

MAX_PLAYERS = 10
"""'Játékosok száma: kettőtől tízig, vagy egyedül is': two to ten players, or one alone."""


@dataclass(frozen=True)
class YachtOptions:
    """``players`` 1-10; ``rules`` ``"jacht"``, ``"tabornok"`` or ``"yahtzee"``; the variants
    of :class:`~sailing_kit.yacht.rules.RuleSet` (each belongs to some rule sets only)."""

    players: int = 2
    rules: str = "jacht"
    five_of_a_kind_counts: bool = False
    poker_points: int = 30
    big_general_wins: bool = True
    joker: str = "forced"

    def __post_init__(self) -> None:
        whole_number(self.players, "players", 1, MAX_PLAYERS)
        self.ruleset()

    def ruleset(self) -> RuleSet:
        return RuleSet(self.rules, self.five_of_a_kind_counts, self.poker_points,
                       self.big_general_wins, self.joker)
