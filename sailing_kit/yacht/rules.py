"""The three rule sets and what a roll scores in each category.

- ``"jacht"``: the Hungarian *Jacht* of the rule text, twelve categories;
- ``"tabornok"``: its *Tábornok* (General) variant, ten categories, some worth more on the first
  roll of a turn, and a big general that wins the game at once;
- ``"yahtzee"``: the standard American rules (upper bonus, Yahtzee bonus, forced joker), so the
  kit's solver can be checked against published results.

A category is *made* when the roll scores more than 0 in it (:func:`fits`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields, replace
from numbers import Integral
from typing import Any

from sailing_kit.core.errors import ConfigError, UnreadableAction, reason
from sailing_kit.core.i18n import DEFAULT, N_, Text, _, language
from sailing_kit.core.options import flag, option_name
from sailing_kit.core.reading import shown
from sailing_kit.yacht.multisets import DICE, FACES, Multiset

UPPER: tuple[str, ...] = ("ones", "twos", "threes", "fours", "fives", "sixes")
"""The categories that count one face: ``UPPER[f - 1]`` counts the dice showing ``f``."""

CATEGORIES: dict[str, tuple[str, ...]] = {
    "jacht": UPPER + ("yacht", "big_straight", "little_straight", "poker", "full", "chance"),
    "tabornok": UPPER + ("straight", "full", "poker", "general"),
    "yahtzee": UPPER + ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
                        "large_straight", "yahtzee", "chance"),
}
"""Each rule set's categories, upper section first."""

TITLES = {"jacht": N_("Jacht"), "tabornok": N_("Tábornok"), "yahtzee": N_("Yahtzee")}
"""Each rule set's name (translated where shown)."""

LABELS: dict[str, tuple[str, str]] = {
    "ones": ("Ones", "Egyesek"), "twos": ("Twos", "Kettesek"), "threes": ("Threes", "Hármasok"),
    "fours": ("Fours", "Négyesek"), "fives": ("Fives", "Ötösök"), "sixes": ("Sixes", "Hatosok"),
    "yacht": ("Yacht", "Jacht"), "big_straight": ("Big straight", "Nagy sor"),
    "little_straight": ("Little straight", "Kis sor"), "poker": ("Poker", "Póker"),
    "full": ("Full", "Full"), "chance": ("Chance", "Esély"), "straight": ("Straight", "Sor"),
    "general": ("General", "Tábornok"), "three_of_a_kind": ("Three of a kind", ""),
    "four_of_a_kind": ("Four of a kind", ""), "full_house": ("Full house", ""),
    "small_straight": ("Small straight", ""), "large_straight": ("Large straight", ""),
    "yahtzee": ("Yahtzee", ""),
}
"""English and Hungarian name of each category (the Hungarian as the rule text writes it)."""

NAMES: dict[str, str] = {
    "ones": N_("Ones (Egyesek)"), "twos": N_("Twos (Kettesek)"),
    "threes": N_("Threes (Hármasok)"), "fours": N_("Fours (Négyesek)"),
    "fives": N_("Fives (Ötösök)"), "sixes": N_("Sixes (Hatosok)"), "yacht": N_("Yacht (Jacht)"),
    "big_straight": N_("Big straight (Nagy sor)"),
    "little_straight": N_("Little straight (Kis sor)"), "poker": N_("Poker (Póker)"),
    "full": N_("Full"), "chance": N_("Chance (Esély)"), "straight": N_("Straight (Sor)"),
    "general": N_("General (Tábornok)"), "three_of_a_kind": N_("Three of a kind"),
    "four_of_a_kind": N_("Four of a kind"), "full_house": N_("Full house"),
    "small_straight": N_("Small straight"), "large_straight": N_("Large straight"),
    "yahtzee": N_("Yahtzee"),
}
"""Each category as the scorecard shows it (translated where shown): in English with the rule
text's Hungarian, in Hungarian the text's own word, in the other languages their usual name."""

UPPER_BONUS_AT, UPPER_BONUS = 63, 35
"""Yahtzee: 35 points more once the upper section totals 63 or more."""
YAHTZEE_BONUS = 100
"""Yahtzee: 100 points for each further Yahtzee once the Yahtzee box holds 50."""
JOKERS = ("forced", "free")
"""Yahtzee's joker rules: ``"forced"``, the official rules; ``"free"``, Verhoeff's convention
behind the published 254.5896 (see :mod:`sailing_kit.yacht.scorecard`)."""
POKER_POINTS = (30, 40)
"""Tábornok's Póker when not on the first roll: 30 (the text) or 40 (standard Generala)."""

_LOW_STRAIGHT, _HIGH_STRAIGHT = (1, 2, 3, 4, 5), (2, 3, 4, 5, 6)
_FOURS_IN_A_ROW = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})


@dataclass(frozen=True)
class RuleSet:
    """A rule set and its variants (each variant an option, as rules-decisions.md asks).

    ``five_of_a_kind_counts``: five of a kind also counts as Póker and Full (Jacht, Tábornok).
    ``poker_points``: Tábornok's Póker after the first roll, 30 (the text) or 40 (Generala).
    ``big_general_wins``: Tábornok's five of a kind on the first roll wins the game at once;
    False scores it as a general, 60 points (needed for a solitaire expected score).
    ``joker``: Yahtzee's joker rule, ``"forced"`` (official) or ``"free"`` (Verhoeff's).
    """

    name: str = "jacht"
    five_of_a_kind_counts: bool = False
    poker_points: int = 30
    big_general_wins: bool = True
    joker: str = "forced"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name not in CATEGORIES:
            raise ValueError(_("unknown rule set {given} (option 'rules'): choose one of {names}",
                               given=shown(self.name), names=", ".join(map(repr, CATEGORIES))))
        flag(self.five_of_a_kind_counts, "five_of_a_kind_counts")
        flag(self.big_general_wins, "big_general_wins")
        if type(self.poker_points) is not int or self.poker_points not in POKER_POINTS:
            raise ValueError(_("option 'poker_points' must be 30 or 40, not {given}",
                               given=shown(self.poker_points)))
        if self.name == "yahtzee" and self.five_of_a_kind_counts:
            raise ValueError(_("option 'five_of_a_kind_counts' belongs to jacht and tabornok: in "
                               "Yahtzee five of a kind is a joker instead"))
        if self.name != "tabornok" and (self.poker_points != 30 or not self.big_general_wins):
            raise ValueError(_("options 'poker_points' and 'big_general_wins' belong to tabornok "
                               "only"))
        if not isinstance(self.joker, str) or self.joker not in JOKERS:
            raise ValueError(_("option 'joker' must be 'forced' or 'free', not {given}",
                               given=shown(self.joker)))
        if self.name != "yahtzee" and self.joker != "forced":
            raise ValueError(_("option 'joker' belongs to yahtzee only"))

    @property
    def title(self) -> str:
        return _(TITLES[self.name])

    @property
    def categories(self) -> tuple[str, ...]:
        return CATEGORIES[self.name]

    @property
    def is_yahtzee(self) -> bool:
        return self.name == "yahtzee"

    @property
    def first_roll_counts(self) -> bool:
        """True when a category scores more on the first roll of a turn (Tábornok)."""
        return self.name == "tabornok"

    def label(self, category: str) -> str:
        """The category's name in the language spoken now (in English with the Hungarian one
        where the text gives it: "Big straight (Nagy sor)")."""
        return _(NAMES[category])

    def score(self, dice: Multiset, category: str, first_roll: bool = False) -> int:
        """What the (already checked) five dice score in ``category``; 0 if they do not fit."""
        counts = Counter(dice)
        most = max(counts.values())
        total = sum(dice)
        if category in UPPER:
            face = UPPER.index(category) + 1
            return face * counts[face]
        if category == "chance":
            return total
        if category in ("yacht", "general", "yahtzee"):
            return {"yacht": 50, "general": 60, "yahtzee": 50}[category] if most == 5 else 0
        if category in ("poker", "full"):
            if not self._fits_poker_or_full(category, sorted(counts.values())):
                return 0
            if self.name != "tabornok":
                return total
            if category == "full":
                return 35 if first_roll else 30
            return 45 if first_roll else self.poker_points
        if category in ("big_straight", "little_straight", "straight", "large_straight"):
            straights = {"big_straight": (_HIGH_STRAIGHT,), "little_straight": (_LOW_STRAIGHT,)}
            if tuple(sorted(dice)) not in straights.get(category, (_LOW_STRAIGHT, _HIGH_STRAIGHT)):
                return 0
            return {"straight": 25 if first_roll else 20, "large_straight": 40}.get(category, 30)
        if category == "small_straight":
            return 30 if any(run <= set(dice) for run in _FOURS_IN_A_ROW) else 0
        if category == "full_house":
            return 25 if sorted(counts.values()) == [2, 3] else 0
        needed = {"three_of_a_kind": 3, "four_of_a_kind": 4}[category]
        return total if most >= needed else 0

    def _fits_poker_or_full(self, category: str, counts: list[int]) -> bool:
        """Póker: exactly four equal and a different fifth; Full: three and two of another value
        (rules-decisions); five of a kind counts too with ``five_of_a_kind_counts``."""
        if counts == [5]:
            return self.five_of_a_kind_counts
        return counts == ([1, 4] if category == "poker" else [2, 3])


def category_word(category: str, spaced: bool = False) -> Text:
    """A category for a sentence: its identifier (``"big_straight"``, or ``"big straight"`` if
    ``spaced``) in English, as a student types it, its name in any other language; the
    identifier is its English."""
    english = category.replace("_", " ") if spaced else category
    return Text(english if language() == DEFAULT else _(NAMES[category]), english)


VARIANTS = tuple(f.name for f in fields(RuleSet) if f.name != "name")
"""The options of a rule set besides its name, as :func:`rule_set` takes them."""


def rule_set(rules: str | RuleSet = "jacht", **variant: Any) -> RuleSet:
    """``rules`` as a :class:`RuleSet` (a name, or a rule set to change by ``variant``), or a
    ConfigError naming the unknown variant or the value refused."""
    for key in variant:
        option_name(key, VARIANTS)
    try:
        if isinstance(rules, RuleSet):
            return replace(rules, **variant)
        return RuleSet(rules, **variant)
    except ValueError as error:
        raise ConfigError(reason(error)) from None


def read_dice(dice: object, count: int = DICE) -> Multiset:
    """``count`` dice as a sorted tuple, or UnreadableAction saying what a die may show (numpy's
    whole numbers are welcome)."""
    if (not isinstance(dice, (tuple, list)) or len(dice) > 100
            or not all(isinstance(d, Integral) and not isinstance(d, bool) for d in dice)):
        raise UnreadableAction(_("dice are whole numbers from 1 to 6, like (6, 6, 3, 2, 1): "
                                 "not {dice}", dice=shown(dice)))
    if len(dice) != count:
        raise UnreadableAction(_("{count} dice are rolled, so give {count} values (got {given}: "
                                 "{dice})", count=count, given=len(dice), dice=shown(tuple(dice))))
    wrong = [d for d in dice if d not in FACES]
    if wrong:
        raise UnreadableAction(_("a die shows 1 to 6 pips, not {value}", value=shown(wrong[0])))
    return tuple(sorted(int(d) for d in dice))


def read_category(value: object, rules: RuleSet) -> str:
    """A category of ``rules`` from its name (``"big_straight"``, ``"big straight"``) or its
    Hungarian name (``"Nagy sor"``) or its name in the language spoken now; UnreadableAction
    listing the categories otherwise."""
    if isinstance(value, str) and len(value) <= 40:
        words = " ".join(value.replace("_", " ").replace("-", " ").lower().split())
        for category in rules.categories:
            english, hungarian = LABELS[category]
            if words in (category.replace("_", " "), english.lower(), hungarian.lower(),
                         rules.label(category).lower()):
                return category
    raise UnreadableAction(_("{value} is not a category of {game}: the categories are "
                             "{categories}", value=shown(value), game=rules.title,
                             categories=", ".join(rules.categories)))


def score(dice: object, category: str, rules: str | RuleSet = "jacht",
          first_roll: bool = False) -> int:
    """What five dice score in ``category`` under ``rules`` (0 if they do not fit).

    >>> score((4, 4, 4, 3, 2), "fours")
    12
    """
    ruleset = rule_set(rules)
    return ruleset.score(read_dice(dice), read_category(category, ruleset), first_roll)


def fits(dice: object, category: str, rules: str | RuleSet = "jacht") -> bool:
    """True when the five dice make the category, that is score more than 0 in it."""
    return score(dice, category, rules) > 0
