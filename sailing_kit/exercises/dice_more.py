"""Questions 5 to 8 of the dice exercises (lesson 3): the Markov chain of going for a yacht, the
best you can expect in Chance, which category to write into, and what a rule is worth — each
for dice, positions and cards drawn from the student's name. See
:mod:`sailing_kit.exercises.dice`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from sailing_kit.core.i18n import N_, _, n_, number
from sailing_kit.exercises.exact import Exact, places_phrase, text
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import read_choice, read_decimal
from sailing_kit.exercises.verdicts import Verdict, right, wrong
from sailing_kit.yacht import Position, RuleSet, Scorecard, advise, rule_set, yacht_chain
from sailing_kit.yacht.position import Score

EXERCISE = "03_dice"
CHANCE_FACES = (4, 5, 6, 7, 8, 9, 10, 12, 16, 20)


def _dice(roll: tuple[int, ...]) -> str:
    return " ".join(map(str, roll))


# ----- question 5: the Markov chain of going for a yacht ---------------------------------------------

@dataclass(frozen=True)
class Chase:
    """Going for a yacht with ``dice`` dice of ``faces`` faces: the chance to be in ``states``
    after ``rolls`` rolls, from the first roll (``held`` 0) or holding ``held`` equal dice."""

    dice: int
    faces: int
    rolls: int
    states: tuple[int, ...]
    held: int = 0

    @property
    def words(self) -> str:
        low = self.states[0]
        if self.states == (self.dice,):
            return _("all {dice} dice equal (a yacht)", dice=self.dice)
        if len(self.states) == 1:
            return _("a largest group of exactly {count} equal dice", count=low)
        return _("at least {count} equal dice", count=low)


@cache
def _chain(dice: int, faces: int) -> tuple[tuple[Fraction, ...], tuple[tuple[Fraction, ...], ...]]:
    first, chain = yacht_chain(dice, faces)
    exact = [[Fraction(int(v.p), int(v.q)) for v in row] for row in chain.tolist()]
    return (tuple(Fraction(int(v.p), int(v.q)) for v in first),
            tuple(tuple(row) for row in exact))


def _chance(v: Chase, rolls: int, states: tuple[int, ...]) -> Fraction:
    first, chain = _chain(v.dice, v.faces)
    vector = list(first) if not v.held else [Fraction(int(s == v.held)) for s in
                                                  range(1, v.dice + 1)]
    for _roll in range(rolls - 1):
        vector = [sum((vector[i] * chain[i][j] for i in range(v.dice)), Fraction(0))
                  for j in range(v.dice)]
    return sum((vector[s - 1] for s in states), Fraction(0))


def _q5_draw(rng: random.Random) -> Chase:
    while True:
        dice, faces = rng.randint(4, 6), rng.choice((4, 5, 6, 7, 8, 9, 10, 12))
        low = rng.randint(3, dice)
        states = (low,) if rng.random() < 0.3 else tuple(range(low, dice + 1))
        chase = Chase(dice, faces, rng.randint(2, 6), states,
                      rng.choice([0, 0, *range(1, low)]))
        if (dice, faces, chase.rolls, states, chase.held) != (5, 6, 3, (5,), 0):  # the lesson's
            return chase


def _q5_exact(v: Chase) -> Exact:
    slips = {_chance(v, v.rolls + 1, v.states): _("That is one roll too many: the first roll is "
                                                  "already in the start vector."),
             _chance(v, v.rolls - 1, v.states): _("That is one roll too few: multiply by P once "
                                                  "per roll after the first.")}
    if len(v.states) > 1:
        slips[_chance(v, v.rolls, v.states[:1])] = _("That is exactly that many equal dice: a "
                                                     "bigger group counts too.")
    else:
        slips[_chance(v, v.rolls, tuple(range(v.states[0], v.dice + 1)))] = _(
            "That counts bigger groups too: the question asks for exactly that many.")
    value = _chance(v, v.rolls, v.states)
    return Exact(value, 4, slips={k: w for k, w in slips.items() if k != value})


def _q5_prompt(v: Chase) -> str:
    start = (_("the first roll") if not v.held else
             n_("a first roll after which you hold a group of {count} equal die",
                "a first roll after which you hold a group of {count} equal dice", v.held))
    code = f"`first, P = yacht_chain({v.dice}, {v.faces})`"
    return (_("You go for a yacht with **{dice} dice of {faces} faces**: after each roll you keep "
              "the largest group of equal dice and roll the rest. {code} gives the distribution "
              "after the first roll and the transition matrix (states: the size of the largest "
              "group, 1 to {dice}). Counting from {start}, what is the exact chance of "
              "**{event}** after **{rolls} rolls** in all?", dice=v.dice, faces=v.faces,
              code=code, start=start,
              event=v.words, rolls=v.rolls) + "\n\n"
            + _("Answer with a fraction (a sympy Rational is fine), or {decimal}.",
                decimal=places_phrase(4)))


def _q5_check(v: Chase, answer: object) -> Verdict:
    exact = _q5_exact(v)
    return exact.judge(answer, _("{value} ≈ {decimal}.", value=text(exact.value),
                                 decimal=number(float(exact.value), 4)),
                       lambda said: _("{said} is not it. Start from the row vector of the first "
                                      "roll's states, multiply it by P once per further roll, and "
                                      "add the entries of the states asked.", said=said))


q5 = Question(
    EXERCISE, 5, N_("Going for a yacht"), draw=_q5_draw, prompt=_q5_prompt, check=_q5_check,
    solution=lambda v: text(_q5_exact(v).value), template="answer_5 = ...",
    hint=N_("the first roll is `first` (or a state you hold); each further roll multiplies by P. "
            "Read the columns of the states asked."))


# ----- question 6: chance alone -----------------------------------------------------------------------

@cache
def one_die(faces: int, rolls: int) -> Fraction:
    """What one die with ``faces`` faces is worth with ``rolls`` rolls, played well."""
    if rolls == 1:
        return Fraction(faces + 1, 2)
    later = one_die(faces, rolls - 1)
    return sum((max(Fraction(face), later) for face in range(1, faces + 1)), Fraction(0)) / faces


def _words(dice: tuple[int, ...]) -> str:
    counts = {f: dice.count(f) for f in sorted(set(dice))}
    return ", ".join(n_("{count} die of {faces} faces", "{count} dice of {faces} faces", n,
                        faces=f) for f, n in counts.items())


def _q6_draw(rng: random.Random) -> tuple[tuple[int, ...], int]:
    while True:
        dice = tuple(sorted(rng.choice(CHANCE_FACES) for _ in range(rng.randint(2, 6))))
        rolls = rng.randint(2, 5)
        if (dice, rolls) != ((6,) * 5, 3):  # the lesson's
            return dice, rolls


def _q6_exact(v: tuple[tuple[int, ...], int]) -> Exact:
    dice, rolls = v

    def worth(r: int) -> Fraction:
        return sum((one_die(f, r) for f in dice), Fraction(0))

    slips = {worth(rolls - 1): _("That is one roll too few: work backwards once more."),
             worth(1): _("That is what the dice are worth with one roll: the rerolls are worth "
                         "more."),
             len(dice) * one_die(6, rolls): _("That treats every die as a six-sided one: a die's "
                                              "faces decide what it is worth.")}
    value = worth(rolls)
    return Exact(value, 2, N_("expected score"), {k: w for k, w in slips.items() if k != value})


def _q6_check(v: tuple[tuple[int, ...], int], answer: object) -> Verdict:
    exact = _q6_exact(v)
    return exact.judge(answer, _("{value} ≈ {decimal}: the dice are independent, so their "
                                 "worths add up.", value=text(exact.value),
                                 decimal=number(float(exact.value), 2)),
                       lambda said: _("{said} is not it. Work backwards for one die at a time: "
                                      "with one roll left it is worth the mean of its faces; with "
                                      "one more, keep the faces that beat what the rolls after "
                                      "are worth and reroll the others. Then add up the dice.",
                                      said=said))


q6 = Question(
    EXERCISE, 6, N_("The best you can expect in Chance"), draw=_q6_draw,
    prompt=lambda v: (_("Only the **Chance** category is left: you score the sum of the dice. "
                        "You roll **{dice}** and may roll **{rolls} times**, keeping any dice "
                        "between rolls. Playing as well as possible, what is your exact expected "
                        "score?", dice=_words(v[0]), rolls=v[1]) + "\n\n"
                      + _("Hint: think of one die at a time. With one roll left it is worth the "
                          "mean of its faces; with two, keep it only if it beats that.") + "\n\n"
                      + _("Answer with a fraction, or {decimal}.", decimal=places_phrase(2))),
    check=_q6_check, solution=lambda v: text(_q6_exact(v).value), template="answer_6 = ...",
    hint=N_("one die at a time, backwards from the last roll: keep a face only if it beats what "
            "the remaining rolls are worth; then add the dice."))


# ----- questions 7 and 8: a position of solitaire Jacht -----------------------------------------------

@dataclass(frozen=True)
class Table:
    """A solitaire position: the rules, the boxes already written, the dice and the rolls used."""

    rules: RuleSet
    boxes: tuple[tuple[str, int], ...]
    dice: tuple[int, ...]
    rolls: int = 3

    def position(self, rules: RuleSet | None = None) -> Position:
        return Position(Scorecard(rules or self.rules, self.boxes), self.dice, self.rolls)

    def card_code(self, rules: str) -> str:
        return f"Scorecard({rules}, boxes={self.boxes!r})"

    def words(self) -> str:
        written = ", ".join(f"{c} {p}" for c, p in self.boxes)
        return _("Your card holds {written}; the other categories are open.", written=written)


def _random_table(rng: random.Random, rules: RuleSet, rolls: int) -> Table:
    categories = list(rules.categories)
    filled = rng.sample(categories, rng.randint(3, len(categories) - 3))
    boxes = []
    for category in filled:
        roll = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
        boxes.append((category, rules.score(roll, category)))
    return Table(rules, tuple(boxes), tuple(sorted(rng.randint(1, 6) for _ in range(5))), rolls)


def _scores(table: Table, rules: RuleSet | None = None) -> dict[str, float]:
    """The expected final score of writing the dice into each open category."""
    return {o.choice.category: o.expected for o in advise(table.position(rules)).options
            if isinstance(o.choice, Score)}


def _q7_draw(rng: random.Random) -> Table:
    while True:
        table = _random_table(rng, rule_set("jacht"), 3)
        ranked = sorted(_scores(table).values(), reverse=True)
        if len(ranked) >= 2 and ranked[0] - ranked[1] >= 0.1:
            return table


def _q7_best(table: Table) -> str:
    scores = _scores(table)
    return max(scores, key=lambda category: scores[category])


def _q7_prompt(table: Table) -> str:
    now = table.position().categories()
    scoring = ", ".join(f"{c} {p}" for c, p in now.items())
    card = table.card_code('rule_set("jacht")')
    code = f"`advise(Position({card}, {table.dice}, 3))`"
    return (_("Solitaire Jacht. {card} After your third roll of this turn the dice show "
              "**{dice}**. Now they would score: {scoring}. Which category does the optimal "
              "player write the dice into? {code} lists the expected final score of every "
              "choice.", card=table.words(), dice=_dice(table.dice), scoring=scoring,
              code=code) + "\n\n"
            + _("Answer with a category name, like {example}.", example='`"chance"`'))


def _q7_check(table: Table, answer: object) -> Verdict:
    said = read_choice(answer, {c: c for c in table.rules.categories}, N_("Jacht category"))
    scores, best = _scores(table), _q7_best(table)
    if said == best:
        return right(_("{category}: expected final score {score}. The best box now is the one "
                       "whose loss hurts least later.", category=best,
                       score=number(scores[best], 2)))
    if said not in scores:
        return wrong(_("{category} is already written on your card: the dice go into an open "
                       "category.", category=said))
    points = table.position().categories()[said]
    return wrong(_("{category} scores {points} now, but writing the dice there leaves an "
                   "expected final score of {score}, less than the best choice's. Think of what "
                   "each open category is worth later, not only now.", category=said,
                   points=points, score=number(scores[said], 2)))


q7 = Question(
    EXERCISE, 7, N_("Which category?"), draw=_q7_draw, prompt=_q7_prompt, check=_q7_check,
    solution=_q7_best, template="answer_7 = ...",
    hint=N_("`advise(Position(card, dice, 3))` lists the expected final score of every choice."),
    forced=True)


RULE_CHANGES: tuple[tuple[str, dict[str, object], dict[str, object], str], ...] = (
    ("jacht", {}, {"five_of_a_kind_counts": True},
     N_("letting five of a kind also count as Póker and as Full, in solitaire **Jacht**")),
    ("tabornok", {"big_general_wins": False}, {"five_of_a_kind_counts": True},
     N_("letting five of a kind also count as Póker and as Full, in solitaire **Tábornok**")),
    ("tabornok", {"big_general_wins": False}, {"poker_points": 40},
     N_("Generala's Póker of 40 after the first roll instead of 30, in solitaire "
        "**Tábornok**")),
)
"""(rules, their options, the change, in words); a big general counts as 60 in solitaire."""


@dataclass(frozen=True)
class Worth:
    """A rule change weighed from a position."""

    change: int
    table: Table

    def gain(self) -> float:
        before, after = (max(o.expected for o in advise(self.table.position(
            change_rules(self.change, changed))).options) for changed in (False, True))
        return after - before


def change_rules(change: int, changed: bool) -> RuleSet:
    """The rule set of :data:`RULE_CHANGES` number ``change``, with or without the change."""
    name, options, extra = RULE_CHANGES[change][:3]
    return rule_set(name, **options, **(extra if changed else {}))


def _q8_draw(rng: random.Random) -> Worth:
    while True:
        change = rng.randrange(len(RULE_CHANGES))
        worth = Worth(change, _random_table(rng, change_rules(change, False), rng.randint(1, 3)))
        if abs(worth.gain()) >= 0.05:
            return worth


def _q8_prompt(v: Worth) -> str:
    name, options, change, words = RULE_CHANGES[v.change]
    arguments = "".join(f", {k}={value!r}" for k, value in {**options, **change}.items())
    plain = "".join(f", {k}={value!r}" for k, value in options.items())
    card = v.table.card_code(f'rule_set("{name}"{arguments})')
    return (_("{card} The dice show **{dice}** after roll {roll} of this turn. By how many "
              "points does {change} raise the optimal expected final score **from this "
              "position**? Compare the best option of {code} with the same under {rules}.",
              card=v.table.words(), dice=_dice(v.table.dice), roll=v.table.rolls,
              change=_(words),
              code=f"`advise(Position({card}, {v.table.dice}, {v.table.rolls}))`",
              rules=f'`rule_set("{name}"{plain})`') + "\n\n"
            + _("Answer with a number to two decimals (± 0.01)."))


def _q8_check(v: Worth, answer: object) -> Verdict:
    said = read_decimal(answer, N_("difference in points"))
    gain = v.gain()
    if abs(said - gain) <= 0.01 + 1e-9:
        return right(_("{gain} points from here: a rule that only changes where rare rolls may go "
                       "is worth little.", gain=("+" if gain >= 0 else "") + number(gain, 2)))
    if said < 0 <= gain:
        return wrong(_("More places or more points to score can never lower the best expected "
                       "score."))
    shown = f"{said:.2f}"
    if abs(said) > 10 * max(abs(gain), 0.5):
        return wrong(_("{said} is far too much: the change only matters when its rolls come up "
                       "in the turns left.", said=shown))
    return wrong(_("{said} is not it: take the best expected final score from this position with "
                   "the change and without it, and subtract.", said=shown))


q8 = Question(
    EXERCISE, 8, N_("What is a rule worth?"), draw=_q8_draw, prompt=_q8_prompt, check=_q8_check,
    solution=lambda v: round(v.gain(), 2), template="answer_8 = ...",
    hint=N_("the best expected final score from the same position under both rule sets, "
            "subtracted."), forced=True)


__all__ = [
    "CHANCE_FACES",
    "EXERCISE",
    "RULE_CHANGES",
    "Chase",
    "Table",
    "Worth",
    "change_rules",
    "one_die",
    "q5",
    "q6",
    "q7",
    "q8",
]
