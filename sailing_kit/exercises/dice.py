"""Auto-checked questions for the dice lesson (Jacht and Tábornok, notebook 03).

``start("Ada")`` names the student; ``q1`` ... ``q8`` then show and check that student's
variant: other dice, other patterns, other rules than the lesson prints. Every expected answer
is computed by the kit (:mod:`sailing_kit.yacht`) or by counting outcomes, never typed in; a
wrong answer's feedback names the likely slip. Exact answers are read as data (a whole number,
a ``Fraction``, a sympy ``Rational``, a string like ``"25/648"``, or a decimal rounded as the
question asks); nothing is evaluated.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial
from typing import Any

import sympy

from sailing_kit.exercises import session
from sailing_kit.exercises.exact import Exact, places_phrase, text
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import keys_reader, read_choice, read_decimal, read_dict, read_int
from sailing_kit.exercises.verdicts import Verdict, by_part, right, wrong
from sailing_kit.yacht import (
    CATEGORIES,
    Position,
    RuleSet,
    Scorecard,
    advise,
    optimal_expected_score,
    yacht_chain,
)
from sailing_kit.yacht.multisets import DICE, ROLLS, ways
from sailing_kit.yacht.position import Score

EXERCISE = "03_dice"
ORDERED = 6**DICE


def start(student: object, mode: str = "practice") -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name."""
    return session.start(EXERCISE, student, mode)


def _fraction(value: sympy.Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def _dice(roll: tuple[int, ...]) -> str:
    return " ".join(map(str, roll))


# ----- question 1: the sample space ------------------------------------------------------------------

Q1_KEYS = ("ordered", "sorted")
Q1_DICE = ((3, 6), (4, 6), (6, 6), (3, 8), (4, 8), (5, 8), (4, 4), (5, 4), (6, 4))
"""(dice, faces): never the lesson's five six-sided dice."""


def _q1_expected(v: tuple[int, int]) -> dict[str, int]:
    dice, faces = v
    return {"ordered": faces**dice, "sorted": comb(dice + faces - 1, dice)}


def _q1_prompt(v: tuple[int, int]) -> str:
    dice, faces = v
    return (f"**{dice} dice** with **{faces} faces** each (1 to {faces}) are rolled at once. How "
            f"many different **ordered** outcomes are there (die 1, die 2, ... told apart), and "
            "how many **sorted** ones (only how many dice show each face)?\n\n"
            'Answer with a dict: `{"ordered": ..., "sorted": ...}`.')


def _q1_check(v: tuple[int, int], answer: object) -> Verdict:
    dice, faces = v
    said = read_dict(answer, Q1_KEYS, keys_reader(Q1_KEYS, "key"),
                     lambda value: read_int(value, "count", low=0), "count")
    expected = _q1_expected(v)
    mistakes = {}
    if said["ordered"] != expected["ordered"]:
        slip = " (that multiplies instead of raising to a power)" if said["ordered"] == dice * faces else ""
        mistakes["ordered"] = (f"Ordered: you said {said['ordered']}{slip}. Each of the {dice} dice "
                               f"shows one of {faces} faces independently: {faces} to the power "
                               f"{dice}.")
    if said["sorted"] != expected["sorted"]:
        slip = (f" Dividing by {dice}! would assume {dice} different faces in every roll."
                if said["sorted"] in (expected["ordered"] // factorial(dice),
                                      -(-expected["ordered"] // factorial(dice))) else "")
        mistakes["sorted"] = (f"Sorted: you said {said['sorted']}.{slip} A sorted roll is a "
                              f"multiset: {dice} stars and {faces - 1} bars (the walls between "
                              f"the {faces} faces), C({dice + faces - 1}, {dice}).")
    return by_part(Q1_KEYS, mistakes, f"{expected['ordered']} ordered outcomes, but only "
                   f"{expected['sorted']} sorted rolls — and the sorted rolls are not equally "
                   "likely.")


q1 = Question(
    EXERCISE, 1, "How big is the sample space?", draw=lambda rng: rng.choice(Q1_DICE),
    prompt=_q1_prompt, check=_q1_check, solution=_q1_expected,
    template='answer_1 = {"ordered": ..., "sorted": ...}',
    hint="ordered: each die has its own choice of faces. Sorted: count the ways to write the "
         "dice as stars split into faces by bars.")


# ----- question 2: one sorted roll, how many orders? -----------------------------------------------

LESSON_ROLLS = {(6, 6, 6, 6, 6), (2, 2, 5, 5, 5), (1, 2, 3, 4, 6)}
"""The rolls the lesson counts the orders of."""


def _q2_draw(rng: random.Random) -> tuple[int, ...]:
    while True:
        roll = tuple(sorted(rng.choice(range(1, 7)) for _ in range(DICE)))
        if roll not in LESSON_ROLLS and 1 < ways(roll) < factorial(DICE):
            return roll


def _q2_check(roll: tuple[int, ...], answer: object) -> Verdict:
    said = read_int(answer, "count", low=0)
    expected = ways(roll)
    groups = sorted(Counter(roll).values(), reverse=True)
    below = " · ".join(f"{g}!" for g in groups if g > 1)
    if said == expected:
        return right(f"5! / ({below}) = 120 / {factorial(DICE) // expected} = {expected}.")
    if said == factorial(DICE):
        return wrong(f"5! = 120 counts the orders of five *different* dice. Swapping equal dice "
                     f"gives the same outcome: divide by {below}.")
    if said == 1:
        return wrong("One sorted roll, but many ordered outcomes: the equal dice can sit on any "
                     "of the five places.")
    return wrong(f"{said} is not it. Count the places of each group of equal dice among the "
                 "five, or use the multinomial 5! divided by the factorial of each group's size.")


q2 = Question(
    EXERCISE, 2, "One sorted roll, how many orders?", draw=_q2_draw,
    prompt=lambda roll: (f"How many of the 7776 ordered outcomes of five dice show the sorted "
                         f"roll **{_dice(roll)}**?\n\nAnswer with a whole number."),
    check=_q2_check, solution=ways, template="answer_2 = ...",
    hint="the multinomial: 5! divided by the factorial of the size of each group of equal dice.")


# ----- questions 3 and 4: an event in one roll -------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """An event of one roll of five dice, by a test on the sorted roll."""

    words: str
    test: Callable[[tuple[int, ...]], bool]
    extra: tuple[tuple[Fraction, str], ...] = ()

    @property
    def count(self) -> int:
        return sum(ways(roll) for roll in ROLLS if self.test(roll))

    @property
    def sorted_count(self) -> int:
        return sum(self.test(roll) for roll in ROLLS)

    def exact(self) -> Exact:
        slips = {Fraction(self.sorted_count, len(ROLLS)):
                 "Sorted rolls are not equally likely: a roll of five different faces comes in "
                 "120 orders, five of a kind in one. Count ordered outcomes (out of 7776).",
                 Fraction(self.sorted_count, ORDERED):
                 "That counts each sorted roll once, but each comes in several orders: count "
                 "the ordered outcomes (the multinomial of each roll)."}
        return Exact(Fraction(self.count, ORDERED), 4, slips={**slips, **dict(self.extra)})


def _groups(roll: tuple[int, ...]) -> list[tuple[int, int]]:
    """(face, how many) of a roll, the biggest group first."""
    return sorted(Counter(roll).items(), key=lambda item: (-item[1], item[0]))


def _q3_events(rng: random.Random) -> Event:
    a, b = rng.sample(range(1, 7), 2)
    kinds = [
        Event(f"a **Full with three {a}s**: three dice show {a}, the other two show one same "
              "value (not five of a kind)",
              lambda r: [n for _, n in _groups(r)] == [3, 2] and _groups(r)[0][0] == a,
              ((Fraction(5 * 10 + 1, ORDERED), "Five of a kind is not a Full: leave it out."),
               (Fraction(5, ORDERED), "Each value for the pair, yes; but each Full can fall in "
                                      "5! / (3! · 2!) = 10 orders."))),
        Event(f"**three {a}s and two {b}s**",
              lambda r: Counter(r) == Counter({a: 3, b: 2})),
        Event(f"a **Póker of {a}s**: four dice show {a}, the fifth another value",
              lambda r: [n for _, n in _groups(r)] == [4, 1] and _groups(r)[0][0] == a,
              ((Fraction(26, ORDERED), "Five of a kind is not a Póker here: the fifth die shows "
                                       "another value."),)),
        Event(f"**exactly three {a}s** and two different other values",
              lambda r: [n for _, n in _groups(r)] == [3, 1, 1] and _groups(r)[0][0] == a),
        Event(f"**two pairs: two {a}s and two {b}s**, the fifth die another value",
              lambda r: Counter(r)[a] == 2 and Counter(r)[b] == 2),
    ]
    return rng.choice(kinds)


def _q4_events(rng: random.Random) -> Event:
    face = rng.randint(1, 6)
    kinds = [
        Event("the five dice show **five different faces**", lambda r: len(set(r)) == DICE),
        Event("**1 2 3 4 5** in some order (Jacht's little straight)",
              lambda r: r == (1, 2, 3, 4, 5)),
        Event("**2 3 4 5 6** in some order (Jacht's big straight)", lambda r: r == (2, 3, 4, 5, 6)),
        Event("**exactly four different faces** (one pair, the other three all different)",
              lambda r: len(set(r)) == 4),
        Event(f"**at least one {face}**", lambda r: face in r,
              ((Fraction(5, 6), f"5 × 1/6 adds the chances of a {face} on each die, but "
                                f"several dice can show {face} at once: count the rolls with "
                                f"no {face} instead, and take them away."),)),
    ]
    return rng.choice(kinds)


def _event_prompt(event: Event) -> str:
    return (f"What is the exact probability that one roll of five dice shows {event.words}?"
            f"\n\nAnswer with a fraction, like `\"1/1296\"` or `Fraction(1, 1296)`, or "
            f"{places_phrase(4)}.")


def _event_check(event: Event, answer: object) -> Verdict:
    exact = event.exact()
    return exact.judge(
        answer, f"{event.count} of the 7776 ordered outcomes: {text(exact.value)} ≈ "
                f"{float(exact.value):.4f}.",
        lambda said: f"{said} is not it. Count the ordered outcomes: for each sorted roll that "
                     "fits, its number of orders; then divide by 7776.")


_EVENT_HINT = ("count ordered outcomes, all equally likely: for each sorted roll that fits, the "
               "multinomial 5! / (the factorials of its groups), then divide by 7776.")

q3 = Question(
    EXERCISE, 3, "A pattern in one roll", draw=_q3_events, prompt=_event_prompt,
    check=_event_check, solution=lambda e: text(e.exact().value), template="answer_3 = ...",
    hint=_EVENT_HINT)

q4 = Question(
    EXERCISE, 4, "Different faces in one roll", draw=_q4_events, prompt=_event_prompt,
    check=_event_check, solution=lambda e: text(e.exact().value), template="answer_4 = ...",
    hint=_EVENT_HINT)


# ----- question 5: the Markov chain of going for a yacht ---------------------------------------------

Q5_ASKS = ((2, (5,)), (4, (5,)), (2, (4, 5)), (3, (4, 5)))
"""(rolls, target states): never the lesson's yacht within three rolls."""


def _chain_chance(rolls: int, states: tuple[int, ...]) -> Fraction:
    """The chance of ending in ``states`` after ``rolls`` rolls (first · P^(rolls - 1))."""
    start, chain = yacht_chain()
    after = start * chain ** (rolls - 1)
    return sum((_fraction(after[0, s - 1]) for s in states), Fraction(0))


def _q5_words(v: tuple[int, tuple[int, ...]]) -> str:
    rolls, states = v
    return ("a yacht" if states == (5,) else "at least four equal dice") + f" within {rolls} rolls"


def _q5_exact(v: tuple[int, tuple[int, ...]]) -> Exact:
    rolls, states = v
    slips = {_chain_chance(rolls + 1, states): f"That is first · P^{rolls}, {rolls + 1} rolls: "
                                               "the first roll is already in `first`.",
             _chain_chance(rolls - 1, states):
                 f"That is {rolls - 1} roll(s): multiply `first` by P once per roll after the "
                 "first."}
    if states == (4, 5):
        slips[_chain_chance(rolls, (4,))] = ("That is exactly four equal dice: a yacht has at "
                                             "least four too, add state 5.")
    return Exact(_chain_chance(rolls, states), 4, slips=slips)


def _q5_check(v: tuple[int, tuple[int, ...]], answer: object) -> Verdict:
    exact = _q5_exact(v)
    rolls = v[0]
    return exact.judge(answer, f"first · P^{rolls - 1}, in the target states: "
                               f"{text(exact.value)} ≈ {float(exact.value):.4f}.",
                       lambda said: f"{said} is not it. Take the row vector `first`, multiply it "
                                    "by P once per further roll, and read the entries of the "
                                    "states asked.")


q5 = Question(
    EXERCISE, 5, "Going for a yacht",
    draw=lambda rng: rng.choice(Q5_ASKS),
    prompt=lambda v: ("You go for a yacht: after each roll you keep the largest group of equal "
                      "dice and roll the rest. With the transition matrix `P` of the lesson "
                      "(states: the size of the largest group, 1 to 5) and the distribution "
                      "`first` after the first roll (`first, P = yacht_chain()`), what is the "
                      "exact chance of "
                      f"**{_q5_words(v)}**?\n\nAnswer with a fraction (a sympy Rational is "
                      f"fine), or {places_phrase(4)}."),
    check=_q5_check, solution=lambda v: text(_q5_exact(v).value), template="answer_5 = ...",
    hint="the first roll is `first`; each further roll multiplies by P. Read the column of each "
         "state asked.")


# ----- question 6: chance alone -----------------------------------------------------------------------

Q6_ASKS = ((2, 3), (3, 3), (4, 3), (6, 3), (3, 2), (4, 2), (5, 2), (3, 4), (5, 4))
"""(dice, rolls): never the lesson's five dice and three rolls."""


@cache
def one_die(rolls: int) -> Fraction:
    """What one die is worth with ``rolls`` rolls, played well: 7/2, 17/4, 14/3, ..."""
    if rolls == 1:
        return Fraction(7, 2)
    later = one_die(rolls - 1)
    return sum((max(Fraction(face), later) for face in range(1, 7)), Fraction(0)) / 6


def _q6_exact(v: tuple[int, int]) -> Exact:
    dice, rolls = v
    slips = {dice * one_die(rolls - 1): f"That is {rolls - 1} rolls: work backwards once more.",
             dice * Fraction(7, 2): f"{dice} × 3.5 is one roll: the rerolls are worth more.",
             one_die(rolls): "That is one die: the question has "
                             f"{dice} (the dice are independent: multiply)."}
    return Exact(dice * one_die(rolls), 2, "expected score", slips)


def _q6_check(v: tuple[int, int], answer: object) -> Verdict:
    dice, rolls = v
    exact = _q6_exact(v)
    steps = " → ".join(text(one_die(r)) for r in range(1, rolls + 1))
    return exact.judge(answer, f"per die: {steps}; {dice} dice: {text(exact.value)} ≈ "
                               f"{float(exact.value):.2f}.",
                       lambda said: f"{said} is not it. Work backwards for one die: 3.5 with one "
                                    "roll left; with one more, keep the faces that beat the value "
                                    "of the rolls after, reroll the others; then multiply by the "
                                    "number of dice.")


q6 = Question(
    EXERCISE, 6, "The best you can expect in Chance", draw=lambda rng: rng.choice(Q6_ASKS),
    prompt=lambda v: (f"Only the **Chance** category is left (the sum of the dice). You roll "
                      f"**{v[0]} dice** and may roll **{v[1]} times**, keeping any dice between "
                      "rolls. Playing as well as possible, what is your exact expected score?"
                      "\n\nHint: think of one die. With one roll left it is worth 3.5; with "
                      "two, keep it only if it beats 3.5.\n\nAnswer with a fraction, or "
                      f"{places_phrase(2)}."),
    check=_q6_check, solution=lambda v: text(_q6_exact(v).value), template="answer_6 = ...",
    hint="one die at a time, backwards from the last roll: keep a face only if it beats what "
         "the remaining rolls are worth.")


# ----- question 7: which category? --------------------------------------------------------------------

Q7_ROLLS = ((2, 3, 5, 5, 5), (1, 1, 4, 6, 6), (3, 3, 3, 4, 6), (1, 3, 4, 5, 6), (2, 2, 2, 2, 5),
            (4, 4, 5, 5, 6), (5, 5, 5, 6, 6), (1, 1, 1, 2, 3), (2, 4, 4, 4, 6), (1, 2, 3, 5, 6))
"""Final rolls of a first turn: never the lesson's 1 2 6 6 6."""


def _advice(roll: tuple[int, ...]) -> dict[str, float]:
    return {o.choice.category: o.expected for o in
            advise(Position(Scorecard(RuleSet("jacht")), roll, 3)).options
            if isinstance(o.choice, Score)}


def _q7_best(roll: tuple[int, ...]) -> str:
    advice = _advice(roll)
    return max(advice, key=lambda category: advice[category])


def _q7_prompt(roll: tuple[int, ...]) -> str:
    now = Position(Scorecard(RuleSet("jacht")), roll, 3).categories()
    scoring = ", ".join(f"{c} {p}" for c, p in now.items() if p)
    return ("First turn of a Jacht game, every category open. After your third roll the dice "
            f"show **{_dice(roll)}**. Now they would score: {scoring}. Which category does the "
            "optimal player write the dice into?\n\nAnswer with a category name, like "
            '`"chance"`.')


def _q7_check(roll: tuple[int, ...], answer: object) -> Verdict:
    said = read_choice(answer, {c: c for c in CATEGORIES["jacht"]}, "Jacht category")
    advice, best = _advice(roll), _q7_best(roll)
    if said == best:
        return right(f"{best}: expected final score {advice[best]:.2f}. The best box now is the "
                     "one whose loss hurts least later.")
    points = Position(Scorecard(RuleSet("jacht")), roll, 3).categories()[said]
    return wrong(f"{said} scores {points} now, but its expected final score is "
                 f"{advice[said]:.2f}, less than the best choice's. Think of what each category "
                 "is worth later, not only now.")


q7 = Question(
    EXERCISE, 7, "Which category?", draw=lambda rng: rng.choice(Q7_ROLLS), prompt=_q7_prompt,
    check=_q7_check, solution=_q7_best, template="answer_7 = ...",
    hint="`advise(Position(Scorecard(rule_set(\"jacht\")), dice, 3))` lists the expected final "
         "score of every choice.")


# ----- question 8: the worth of a rule ----------------------------------------------------------------

@dataclass(frozen=True)
class RuleChange:
    words: str
    rules: str
    before: tuple[tuple[str, Any], ...]
    after: tuple[tuple[str, Any], ...]

    def gain(self) -> float:
        plain, changed = (optimal_expected_score(self.rules, **dict(o))
                          for o in (self.before, self.after))
        return float(changed) - float(plain)


Q8_CHANGES = (
    RuleChange("letting five of a kind also count as Póker and as Full, in solitaire **Jacht**",
               "jacht", (), (("five_of_a_kind_counts", True),)),
    RuleChange("letting five of a kind also count as Póker and as Full, in solitaire "
               "**Tábornok** (a big general counted as 60, Póker 30)", "tabornok",
               (("big_general_wins", False),),
               (("big_general_wins", False), ("five_of_a_kind_counts", True))),
    RuleChange("letting five of a kind also count as Póker and as Full, in solitaire "
               "**Tábornok** with Generala's Póker of 40 (a big general counted as 60)",
               "tabornok", (("big_general_wins", False), ("poker_points", 40)),
               (("big_general_wins", False), ("poker_points", 40),
                ("five_of_a_kind_counts", True))),
)
"""Rule changes to weigh: never the lesson's Póker 30 or 40."""


def _q8_prompt(change: RuleChange) -> str:
    options = ", ".join(f"{k}={v!r}" for k, v in change.after)
    return (f"By how many points does {change.words} raise the optimal expected score? Use "
            f"`optimal_expected_score(\"{change.rules}\", {options})` and the same without the "
            "change.\n\nAnswer with a number to two decimals (± 0.01).")


def _q8_check(change: RuleChange, answer: object) -> Verdict:
    said = read_decimal(answer, "difference in points")
    gain = change.gain()
    if abs(said - gain) <= 0.01 + 1e-9:
        return right(f"+{gain:.2f} points: five of a kind is rare, so a rule that only changes "
                     "where it may go is worth little.")
    if said < 0:
        return wrong("More places to score can never lower the best expected score.")
    if said > 5:
        return wrong(f"{said:.2f} is far too much: the change only matters when five of a kind "
                     "comes up, about one turn in 22 even aiming at it.")
    return wrong(f"{said:.2f} is not it: compute both optimal expected scores, with and "
                 "without the change, and subtract.")


q8 = Question(
    EXERCISE, 8, "What is a rule worth?", draw=lambda rng: rng.choice(Q8_CHANGES),
    prompt=_q8_prompt, check=_q8_check, solution=lambda change: round(change.gain(), 2),
    template="answer_8 = ...",
    hint="solve both games exactly with optimal_expected_score and subtract.")


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8)

