"""Auto-checked questions for the dice lesson (Jacht and Tábornok, notebook 03).

``start("Ada")`` names the student; ``q1`` ... ``q8`` then show and check that student's
variant: other dice (four to twenty faces, four to eight of them), other patterns, other
positions and rules than the lesson prints. Every expected answer is computed by the kit
(:mod:`sailing_kit.yacht`) or by counting outcomes, never typed in; a wrong answer's feedback
names the likely slip and the idea behind it, never the answer. Exact answers are read as data
(a whole number, a ``Fraction``, a sympy ``Rational``, a string like ``"25/648"``, a decimal
rounded as the question asks, a percentage); nothing is evaluated. Questions 5 to 8 live in
:mod:`sailing_kit.exercises.dice_more`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, factorial

from sailing_kit.core.i18n import N_, _, n_, number
from sailing_kit.exercises import session
from sailing_kit.exercises.dice_more import EXERCISE, q5, q6, q7, q8
from sailing_kit.exercises.exact import Exact, places_phrase, text
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import keys_reader, read_dict, read_int
from sailing_kit.exercises.verdicts import Verdict, by_part, joined, right, wrong
from sailing_kit.yacht.multisets import ways

FACES = (4, 5, 6, 7, 8, 9, 10, 12, 16, 20)
"""The dice a question may roll, by their faces."""
SMALL_FACES = tuple(f for f in FACES if f <= 12)
"""The dice whose every sorted roll a question may list."""


def start(student: object, mode: str = "practice", language: object = None) -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name;
    ``language="hu"`` (bg, fr, ru) asks and answers in that language."""
    return session.start(EXERCISE, student, mode, language)


def _dice(roll: tuple[int, ...]) -> str:
    return " ".join(map(str, roll))


@cache
def sorted_rolls(dice: int, faces: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted roll of ``dice`` dice with ``faces`` faces (1 to ``faces``)."""
    return tuple(combinations_with_replacement(range(1, faces + 1), dice))


# ----- question 1: the sample space ------------------------------------------------------------------

Q1_KEYS = ("ordered", "sorted")


@dataclass(frozen=True)
class Colours:
    """White dice and red dice rolled together: (how many, faces) of each colour."""

    white: tuple[int, int]
    red: tuple[int, int]


def _q1_draw(rng: random.Random) -> Colours:
    white_faces, red_faces = rng.sample(FACES, 2)
    return Colours((rng.randint(2, 6), white_faces), (rng.randint(1, 5), red_faces))


def _q1_expected(v: Colours) -> dict[str, int]:
    (white, f), (red, g) = v.white, v.red
    return {"ordered": f**white * g**red,
            "sorted": comb(white + f - 1, white) * comb(red + g - 1, red)}


def _q1_prompt(v: Colours) -> str:
    (white, f), (red, g) = v.white, v.red
    reds = n_("**{count} red die** with **{faces} faces**", "**{count} red dice** with **{faces} "
              "faces** each", red, faces=g)
    return (_("**{white} white dice** with **{faces} faces** each and {reds} (faces numbered "
              "from 1) are rolled at once. How many different **ordered** outcomes are there "
              "(every die told apart), and how many **sorted** ones (the colours told apart, but "
              "only how many dice of each colour show each face)?", white=white, faces=f,
              reds=reds)
            + "\n\n" + _("Answer with a dict: `{example}`.",
                          example='{"ordered": ..., "sorted": ...}'))


def _q1_check(v: Colours, answer: object) -> Verdict:
    (white, f), (red, g) = v.white, v.red
    said = read_dict(answer, Q1_KEYS, keys_reader(Q1_KEYS, N_("key")),
                     lambda value: read_int(value, N_("count"), low=0, high=10**15), N_("count"))
    expected = _q1_expected(v)
    mistakes = {}
    if said["ordered"] != expected["ordered"]:
        slip = (_("That multiplies each colour's dice by its faces, but a die does not add faces: "
                  "it chooses one of them.") if said["ordered"] in (white * f * red * g,
                                                                    white * f + red * g) else "")
        mistakes["ordered"] = joined(" ", (
            _("Ordered: you said {said}.", said=said["ordered"]), slip,
            _("Every die chooses its face independently of the others: count the choices of one "
              "die, then combine the dice one after another (the multiplication principle), "
              "white and red alike.")))
    if said["sorted"] != expected["sorted"]:
        naive = Fraction(expected["ordered"], factorial(white) * factorial(red))
        slip = (_("Dividing the ordered outcomes by the orders of the dice would assume different "
                  "faces in every roll.") if abs(said["sorted"] - naive) < 1 else "")
        mistakes["sorted"] = joined(" ", (
            _("Sorted: you said {said}.", said=said["sorted"]), slip,
            _("The sorted white dice form a multiset (stars for the dice, bars between the "
              "faces), the sorted red dice another, and the colours are told apart: combine the "
              "two counts as independent choices.")))
    return by_part(Q1_KEYS, mistakes, _(
        "{ordered} ordered outcomes, but only {sorted} sorted rolls — and the sorted rolls are "
        "not equally likely.", ordered=expected["ordered"],
        sorted=expected["sorted"]))


q1 = Question(
    EXERCISE, 1, N_("How big is the sample space?"), draw=_q1_draw,
    prompt=_q1_prompt, check=_q1_check, solution=_q1_expected,
    template='answer_1 = {"ordered": ..., "sorted": ...}',
    hint=N_("ordered: each die has its own choice of faces. Sorted: for each colour, count the "
            "ways to write the dice as stars split into faces by bars; then combine the "
            "colours."))


# ----- question 2: one sorted roll, how many orders? -----------------------------------------------

LESSON_ROLLS = {(6, 6, 6, 6, 6), (2, 2, 5, 5, 5), (1, 2, 3, 4, 6)}
"""The rolls the lesson counts the orders of."""


@dataclass(frozen=True)
class Roll:
    """A sorted roll of dice with ``faces`` faces."""

    dice: tuple[int, ...]
    faces: int


def _q2_draw(rng: random.Random) -> Roll:
    count, faces = rng.randint(5, 8), rng.choice(SMALL_FACES)
    while True:
        roll = tuple(sorted(rng.randint(1, faces) for _ in range(count)))
        if roll not in LESSON_ROLLS and 1 < ways(roll) < factorial(count):
            return Roll(roll, faces)


def _q2_check(v: Roll, answer: object) -> Verdict:
    said = read_int(answer, N_("count"), low=0, high=10**9)
    count, expected = len(v.dice), ways(v.dice)
    groups = sorted(Counter(v.dice).values(), reverse=True)
    if said == expected:
        below = " · ".join(f"{g}!" for g in groups if g > 1)
        return right(f"{count}! / ({below}) = {expected}.")
    if said == factorial(count):
        return wrong(_("{count}! counts the orders of {count} *different* dice. Swapping two "
                       "equal dice gives the same outcome: each group of equal dice is counted too "
                       "often.", count=count))
    if said == 1:
        return wrong(_("One sorted roll, but many ordered outcomes: the equal dice can sit on any "
                       "of the places."))
    return wrong(_("{said} is not it. Count the places of each group of equal dice among the "
                   "{count}, or use the multinomial: the orders of all the dice divided by the "
                   "orders of each group of equal dice.", said=said, count=count))


q2 = Question(
    EXERCISE, 2, N_("One sorted roll, how many orders?"), draw=_q2_draw,
    prompt=lambda v: (_("{count} dice with {faces} faces each are rolled. How many of the "
                        "{faces}^{count} ordered outcomes show the sorted roll **{roll}**?",
                        count=len(v.dice), faces=v.faces, roll=_dice(v.dice))
                      + "\n\n" + _("Answer with a whole number.")),
    check=_q2_check, solution=lambda v: ways(v.dice), template="answer_2 = ...",
    hint=N_("the multinomial: the orders of all the dice divided by the orders within each group "
            "of equal dice."), forced=True)


# ----- questions 3 and 4: an event in one roll -------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """An event of one roll of ``dice`` dice with ``faces`` faces, by a test on the sorted roll.
    Its words and its extra slips are ``N_`` templates, filled from ``values`` when shown."""

    template: str
    test: Callable[[tuple[int, ...]], bool] = field(compare=False)
    dice: int = 5
    faces: int = 6
    extra: tuple[tuple[Fraction, str], ...] = ()
    values: tuple[tuple[str, int], ...] = ()

    @property
    def words(self) -> str:
        """The event in the language spoken now."""
        return self.say(self.template)

    def say(self, template: str) -> str:
        return _(template, **dict(self.values))

    @property
    def total(self) -> int:
        return int(self.faces**self.dice)

    @property
    def count(self) -> int:
        return sum(ways(roll) for roll in sorted_rolls(self.dice, self.faces) if self.test(roll))

    @property
    def sorted_count(self) -> int:
        return sum(self.test(roll) for roll in sorted_rolls(self.dice, self.faces))

    def exact(self) -> Exact:
        slips = {Fraction(self.sorted_count, len(sorted_rolls(self.dice, self.faces))):
                 _("Sorted rolls are not equally likely: a roll of all different faces comes in "
                   "many orders, one of a kind in only one. Count the ordered outcomes."),
                 Fraction(self.sorted_count, self.total):
                 _("That counts each sorted roll once, but each comes in several orders: count "
                   "the ordered outcomes (the multinomial of each roll).")}
        extra = {value: self.say(template) for value, template in self.extra}
        return Exact(Fraction(self.count, self.total), 4, slips={**slips, **extra})


def _groups(roll: tuple[int, ...]) -> list[tuple[int, int]]:
    """(face, how many) of a roll, the biggest group first."""
    return sorted(Counter(roll).items(), key=lambda item: (-item[1], item[0]))


def _shape(roll: tuple[int, ...]) -> list[int]:
    return [n for _, n in _groups(roll)]


def _q3_event(rng: random.Random) -> Event:
    faces = rng.choice(SMALL_FACES)
    a, b = rng.sample(range(1, faces + 1), 2)
    values = (("a", a), ("b", b))
    kinds = [
        Event(N_("a **Full with three {a}s**: three dice show {a}, the other two show one same "
                 "value (not five of a kind)"),
              lambda r: _shape(r) == [3, 2] and _groups(r)[0][0] == a, faces=faces,
              extra=((Fraction(faces - 1, faces**5), N_("Each value for the pair, yes; but each "
                                                        "Full can fall in several orders.")),),
              values=values),
        Event(N_("**three {a}s and two {b}s**"), lambda r: Counter(r) == Counter({a: 3, b: 2}),
              faces=faces, values=values),
        Event(N_("a **Póker of {a}s**: four dice show {a}, the fifth another value"),
              lambda r: _shape(r) == [4, 1] and _groups(r)[0][0] == a, faces=faces, values=values),
        Event(N_("**exactly three {a}s** and two different other values"),
              lambda r: _shape(r) == [3, 1, 1] and _groups(r)[0][0] == a, faces=faces,
              values=values),
        Event(N_("**two pairs: two {a}s and two {b}s**, the fifth die another value"),
              lambda r: Counter(r)[a] == 2 and Counter(r)[b] == 2, faces=faces, values=values),
    ]
    return rng.choice(kinds)


def _q4_event(rng: random.Random) -> Event:
    dice, faces = rng.randint(3, 7), rng.choice(SMALL_FACES)
    a, b = rng.sample(range(1, faces + 1), 2)
    different = rng.randint(2, min(dice, faces) - 1)
    values = (("a", a), ("b", b), ("dice", dice), ("faces", faces), ("different", different))
    kinds = [
        Event(N_("**{dice} different faces**"), lambda r: len(set(r)) == dice, dice, faces,
              values=values),
        Event(N_("**exactly {different} different faces**"), lambda r: len(set(r)) == different,
              dice, faces, values=values),
        Event(N_("**at least one {a}**"), lambda r: a in r, dice, faces,
              ((Fraction(dice, faces), N_("{dice} × 1/{faces} adds the chances of a {a} on each "
                                          "die, but several dice can show {a} at once: count the "
                                          "rolls with no {a} instead, and take them away.")),),
              values=values),
        Event(N_("**at least one {a} and at least one {b}**"), lambda r: a in r and b in r, dice,
              faces, values=values),
    ]
    if dice <= faces:
        return rng.choice(kinds)
    return rng.choice(kinds[1:])


def _event_prompt(event: Event) -> str:
    code = f"`itertools.combinations_with_replacement(range(1, {event.faces + 1}), {event.dice})`"
    return (_("What is the exact probability that one roll of **{dice} dice with {faces} "
              "faces** (1 to {faces}) shows {event}?", dice=event.dice, faces=event.faces,
              event=event.words) + "\n\n"
            + _("Answer with a fraction, like {text} or {fraction}, or {decimal}. {code} lists the "
                "sorted rolls, and {ways} counts the orders of one.", text='`"1/1296"`',
                fraction="`Fraction(1, 1296)`", decimal=places_phrase(4), code=code,
                ways="`sailing_kit.yacht.multisets.ways`"))


def _event_check(event: Event, answer: object) -> Verdict:
    exact = event.exact()
    return exact.judge(
        answer, _("{count} of the {total} ordered outcomes: {value} ≈ {decimal}.",
                  count=event.count, total=event.total, value=text(exact.value),
                  decimal=number(float(exact.value), 4)),
        lambda said: _("{said} is not it. Count the ordered outcomes: for each sorted roll that "
                       "fits, its number of orders; then take their share of all the ordered "
                       "outcomes.", said=said))


_EVENT_HINT = N_("count ordered outcomes, all equally likely: for each sorted roll that fits, the "
               "multinomial (its number of orders), then their share of all the ordered "
               "outcomes.")

q3 = Question(
    EXERCISE, 3, N_("A pattern in one roll"), draw=_q3_event, prompt=_event_prompt,
    check=_event_check, solution=lambda e: text(e.exact().value), template="answer_3 = ...",
    hint=_EVENT_HINT, forced=True)

q4 = Question(
    EXERCISE, 4, N_("Different faces in one roll"), draw=_q4_event, prompt=_event_prompt,
    check=_event_check, solution=lambda e: text(e.exact().value), template="answer_4 = ...",
    hint=_EVENT_HINT, forced=True)


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8)
__all__ = ["FACES", "LESSON_ROLLS", "SMALL_FACES", "QUESTIONS", "Colours", "Event", "Roll", "sorted_rolls",
           "start", *(q.key for q in QUESTIONS)]
