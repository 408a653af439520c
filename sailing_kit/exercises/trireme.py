"""Auto-checked questions for the duel of the sailboat and the trireme (lesson 8).

``start("Ada")`` names the student; ``q1`` ... ``q9`` then show and check that student's
variant: other boats, winds, rolls, entries, tracks and positions than the lesson prints. Every
expected answer is computed by the kit (:mod:`sailing_kit.trireme`), never typed in; a wrong
answer's feedback names the likely slip and the rule behind it, never the answer. Answers are
read as data only (directions, fractions or decimals as the question states, small dicts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import sympy

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises import session
from sailing_kit.exercises.exact import text
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import keys_reader, read_dict, read_direction, read_exact, read_int
from sailing_kit.exercises.trireme_more import (
    EXERCISE,
    MAPS,
    Track,
    q7,
    q8,
    q9,
    tracks_picture,
)
from sailing_kit.exercises.verdicts import Verdict, by_part
from sailing_kit.trireme import expected_squares, stationary_distribution, wind_distribution
from sailing_kit.trireme.rules import Effect, effect_of, roll_result, squares_allowed, wind_after

DIRECTIONS = tuple(Direction)
NE = Direction.NE
BOATS = ("A", "B", "C", "D", "F", "G")
"""Boats and cases are lettered, skipping E (a compass direction)."""


def start(student: object, mode: str = "practice", language: object = None) -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name;
    ``language="hu"`` (bg, fr, ru) asks and answers in that language."""
    return session.start(EXERCISE, student, mode, language)


def _fraction(value: sympy.Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def _entry(start_wind: Direction, end: Direction, honour: bool, turns: int = 1) -> Fraction:
    return _fraction(wind_distribution(turns, start_wind, honour)[end.index])


def _with(honour: bool) -> str:
    return _("spending an Honour point") if honour else _("without an Honour point")


def _cases(count: int) -> tuple[str, ...]:
    return BOATS[:count]


def _template(number: int, count: int) -> str:
    return f"answer_{number} = {{" + ", ".join(f'"{b}": ...' for b in _cases(count)) + "}"


def _exact_part(value: object) -> Fraction | float:
    return read_exact(value, N_("chance"))


def _close(said: Fraction | float, value: Fraction, places: int) -> bool:
    return said == value if isinstance(said, Fraction) else abs(said - float(value)) <= (
        0.5 * 10.0**-places + 1e-9)


# ----- question 1: how far can you sail? ----------------------------------------------------------

def _q1_draw(rng: random.Random) -> dict[str, tuple[Direction, Direction]]:
    while True:
        boats = {b: (rng.choice(DIRECTIONS), rng.choice(DIRECTIONS)) for b in _cases(6)}
        if len({max(squares_allowed(h, w)) for h, w in boats.values()}) == 3:
            return boats


def _q1_check(boats: dict[str, tuple[Direction, Direction]], answer: object) -> Verdict:
    said = read_dict(answer, boats, keys_reader(boats, N_("boat")),
                     lambda value: read_int(value, N_("number of squares (0, 1 or 2)"), low=0,
                                            high=2),
                     N_("boat"))
    mistakes = {}
    for b, (heading, wind) in boats.items():
        if said[b] != max(squares_allowed(heading, wind)):
            angle = angle_between(heading, wind)
            where = (_("it heads straight into the wind") if angle == 0 else
                     _("the angle between its heading and where the wind comes from is {angle}°",
                       angle=angle))
            mistakes[b] = _("Boat {boat} heads {heading} in a wind from {wind}: you said {said}, "
                            "but {where}. What do the rules allow there?", boat=b,
                            heading=heading.value, wind=wind.value, said=said[b], where=where)
    return by_part(boats, mistakes, _("head to wind 0; 45° off exactly 1; every other heading up "
                                      "to 2."))


q1 = Question(
    EXERCISE, 1, N_("How far can you sail?"), draw=_q1_draw,
    prompt=lambda boats: (_("Each boat sails in a wind of its own that does not change this "
                            "turn. What is the **most** squares each may sail?") + "\n\n"
                          + "\n".join(_("- Boat {boat} heads {heading}, the wind blowing from "
                                        "{wind}", boat=b, heading=h.value, wind=w.value)
                                      for b, (h, w) in boats.items()) + "\n\n"
                          + _("Answer with a dict, like `{example}` (0, 1 or 2 each).",
                              example='{"A": 2, ...}')),
    check=_q1_check,
    solution=lambda boats: {b: max(squares_allowed(h, w)) for b, (h, w) in boats.items()},
    template=_template(1, 6),
    hint=N_("measure the angle between each heading and where the wind comes FROM: 0°, 45°, or "
            "more."), forced=True)


# ----- question 2: what the die does to the wind --------------------------------------------------

@dataclass(frozen=True)
class Roll:
    """The wind before a roll, the die's face and whether an Honour point was spent."""

    wind: Direction
    face: int
    honour: bool

    @property
    def effect(self) -> Effect:
        return effect_of(roll_result(self.face, self.honour))

    def words(self) -> str:
        if self.honour:
            return _("the wind blows from {wind}, the die shows {face}, and you spent an Honour "
                     "point", wind=self.wind.value, face=self.face)
        return _("the wind blows from {wind}, the die shows {face}", wind=self.wind.value,
                 face=self.face)


def _q2_draw(rng: random.Random) -> dict[str, Roll]:
    return {b: Roll(rng.choice(DIRECTIONS), rng.randint(1, 6), rng.random() < 0.3)
            for b in _cases(4)}


_TURNED = {Effect.BACKS: N_("45° anticlockwise ('dans le sens inverse des aiguilles d'une "
                             "montre')"),
           Effect.VEERS: N_("45° clockwise ('dans le sens des aiguilles d'une montre')")}


def _q2_reason(roll: Roll, said: Direction) -> str:
    effect = roll.effect
    if roll.honour and effect is not effect_of(roll.face):
        return _("The Honour point adds 1 to the die: read the face as one more.")
    if effect in _TURNED and said == wind_after(roll.wind, effect).rotate(-2 * effect.turn):
        return _("You turned the wind the wrong way: this face turns it {turn}.",
                 turn=_(_TURNED[effect]))
    if effect is Effect.CURRENT:
        return _("A 1 is little wind: the current carries the boat, and the wind keeps blowing.")
    return _("Look up the face in the rules: a 2 turns the wind one way, a 6 the other, 3 to 5 "
             "change nothing.")


def _q2_check(rolls: dict[str, Roll], answer: object) -> Verdict:
    said = read_dict(answer, rolls, keys_reader(rolls, N_("case")), read_direction, N_("case"))
    return by_part(rolls, {
        case: _("{case}: you said {said}. {reason}", case=case, said=said[case].value,
                reason=_q2_reason(roll, said[case]))
        for case, roll in rolls.items() if said[case] != wind_after(roll.wind, roll.effect)},
        _("2 backs the wind, 6 veers it, a 1 keeps it (only the current moves you), and with an "
          "Honour point a 1 counts as a 2."))


q2 = Question(
    EXERCISE, 2, N_("Where does the wind blow from now?"), draw=_q2_draw,
    prompt=lambda rolls: (_("Where does the wind blow from after each roll?") + "\n\n"
                          + "\n".join(f"- {case}: {roll.words()}" for case, roll in rolls.items())
                          + "\n\n" + _("Answer with a dict of directions, like `{example}`.",
                                        example='{"A": "NE", ...}')),
    check=_q2_check,
    solution=lambda rolls: {c: wind_after(r.wind, r.effect).value for c, r in rolls.items()},
    template=_template(2, 4),
    hint=N_("2: 45° anticlockwise; 3, 4, 5: no change; 6: 45° clockwise; 1: the current, the wind "
            "stays. An Honour point adds 1 to the die."))


# ----- questions 3 and 4: entries of the chain ----------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """The chance that the wind goes from ``now`` to ``after`` in ``turns`` turns."""

    now: Direction
    after: Direction
    honour: bool
    turns: int = 1

    @property
    def value(self) -> Fraction:
        return _entry(self.now, self.after, self.honour, self.turns)

    def words(self) -> str:
        turns = _("after the roll") if self.turns == 1 else \
            n_("after {count} turn", "after {count} turns", self.turns)
        return _("from {now} now, {honour} every turn, it blows from {after} {turns}",
                 now=self.now.value, honour=_with(self.honour), after=self.after.value,
                 turns=turns)


def _entries(rng: random.Random, turns: tuple[int, ...], reach: int) -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    for case in _cases(3):
        now = rng.choice(DIRECTIONS)
        entry = Entry(now, now.rotate(rng.randint(-reach, reach)), rng.random() < 0.5,
                      rng.choice(turns))
        found[case] = entry if entry.value else Entry(now, now, entry.honour, entry.turns)
    return found


def _entry_reason(entry: Entry, said: Fraction | float) -> str:
    if entry.turns > 1 and _close(said, _entry(entry.now, entry.after, entry.honour), 3):
        return _("That is after one turn: count every path of the turns asked.")
    if _close(said, _entry(entry.now, entry.after, not entry.honour, entry.turns), 3):
        return _("That is the chance {honour}.", honour=_with(not entry.honour))
    if _close(said, _entry(entry.after, entry.now, entry.honour, entry.turns), 3):
        return _("Rows and columns are swapped: the row is where the wind blows from now, the "
                 "column where it blows from after.")
    if entry.turns > 1:
        return _("List the faces of the die (with the Honour point, one more each) and count "
                 "those that bring the wind round, path by path over the turns.")
    return _("List the faces of the die (with the Honour point, one more each) and count those "
             "that bring the wind round.")


def _entries_check(entries: dict[str, Entry], answer: object, places: int) -> Verdict:
    said = read_dict(answer, entries, keys_reader(entries, N_("case")), _exact_part, N_("case"))
    return by_part(entries, {
        case: _("{case}: you said {said}. {reason}", case=case, said=text(said[case]),
                reason=_entry_reason(entry, said[case]))
        for case, entry in entries.items() if not _close(said[case], entry.value, places)},
        _("row = where the wind blows from now, column = where it blows from after; one turn is "
          "one roll of the die."))


def _entries_prompt(entries: dict[str, Entry], places: int) -> str:
    return (_("What is the exact chance of each of these?") + "\n\n"
            + "\n".join(_("- {case}: the wind blows {entry}", case=case, entry=entry.words())
                        for case, entry in entries.items()) + "\n\n"
            + _("Answer with a dict of fractions, or of decimals rounded to {places} places, like "
                "`{example}`. {chain} and {distribution} help.", places=places,
                example='{"A": "1/6", ...}', chain="`wind_chain(honour=...)`",
                distribution="`wind_distribution`"))


q3 = Question(
    EXERCISE, 3, N_("One entry of the chain"), draw=lambda rng: _entries(rng, (1,), 1),
    prompt=lambda v: _entries_prompt(v, 2), check=lambda v, a: _entries_check(v, a, 2),
    solution=lambda v: {c: text(e.value) for c, e in v.items()}, template=_template(3, 3),
    hint=N_("row = where the wind blows from now, column = where it blows from after the turn; "
            "count the faces of the die that lead there."), forced=True)

q4 = Question(
    EXERCISE, 4, N_("Two turns later"), draw=lambda rng: _entries(rng, (2, 3), 3),
    prompt=lambda v: _entries_prompt(v, 3), check=lambda v, a: _entries_check(v, a, 3),
    solution=lambda v: {c: text(e.value) for c, e in v.items()}, template=_template(4, 3),
    hint=N_("list the paths of the turns that end there (each turn backs, holds or veers) and add "
            "their chances; or multiply by the matrix once per turn."), forced=True)


# ----- question 5: the long run -------------------------------------------------------------------

def _q5_draw(rng: random.Random) -> dict[str, tuple[tuple[Direction, ...], bool]]:
    return {case: (tuple(sorted(rng.sample(DIRECTIONS, rng.randint(2, 6)), key=lambda d: d.index)),
                   rng.random() < 0.5) for case in _cases(3)}


def _q5_share(winds: tuple[Direction, ...], honour: bool) -> Fraction:
    pi = stationary_distribution(honour)
    return sum((_fraction(pi[w.index]) for w in winds), Fraction(0))


def _q5_check(v: dict[str, tuple[tuple[Direction, ...], bool]], answer: object) -> Verdict:
    said = read_dict(answer, v, keys_reader(v, N_("case")), _exact_part, N_("case"))
    mistakes = {}
    for case, (winds, honour) in v.items():
        if _close(said[case], _q5_share(winds, honour), 3):
            continue
        why = (_("Spending Honour makes the wind veer more often, but it keeps turning round and "
                 "round: does any direction get more turns in the long run?") if honour else
               _("A calm is not a state of its own: after it the wind blows from where it blew "
                 "before.") if said[case] == Fraction(len(winds), 9) else
               _("Solve π P = π with π summing to 1, or look at the sums of the columns of P."))
        mistakes[case] = _("{case}: you said {said}. {reason}", case=case,
                           said=text(said[case]), reason=why)
    return by_part(v, mistakes, _("the same either way: every column of the matrix sums to 1, "
                                  "so the uniform distribution stays uniform."))


q5 = Question(
    EXERCISE, 5, N_("In the long run"), draw=_q5_draw,
    prompt=lambda v: (_("Over very many turns, what share of turns has the wind blowing from "
                        "each of these sets of directions?") + "\n\n"
                      + "\n".join(_("- {case}: {winds}, spending an Honour point every turn "
                                    "(imagine you had plenty)", case=case,
                                    winds=_(" or ").join(w.value for w in winds)) if honour else
                                  _("- {case}: {winds}, without Honour points", case=case,
                                    winds=_(" or ").join(w.value for w in winds))
                                  for case, (winds, honour) in v.items()) + "\n\n"
                      + _("Answer with a dict of fractions (or decimals rounded to 3 places), "
                          "like `{example}`.", example='{"A": "1/4", ...}')),
    check=_q5_check,
    solution=lambda v: {case: text(_q5_share(*entry)) for case, entry in v.items()},
    template=_template(5, 3),
    hint=N_("the stationary distribution π solves π P = π; look at the sums of the columns of P."),
    forced=True)


# ----- question 6: expected squares on a heading --------------------------------------------------

def _q6_draw(rng: random.Random) -> dict[str, tuple[Direction, Direction, bool]]:
    found = {}
    for case in _cases(3):
        wind = rng.choice(DIRECTIONS)
        found[case] = (wind.rotate(rng.choice([-2, -1, 1, 2, 3, -3])), wind, rng.random() < 0.5)
    return found


def _q6_value(heading: Direction, wind: Direction, honour: bool) -> Fraction:
    return _fraction(expected_squares(heading, wind, honour))


def _q6_check(v: dict[str, tuple[Direction, Direction, bool]], answer: object) -> Verdict:
    said = read_dict(answer, v, keys_reader(v, N_("case")),
                     lambda value: read_exact(value, N_("expected number of squares")), N_("case"))
    mistakes = {}
    for case, (heading, wind, honour) in v.items():
        if _close(said[case], _q6_value(heading, wind, honour), 2):
            continue
        held = max(squares_allowed(heading, wind))
        why = (_("That is the distance if the wind held for sure; but the die turns it first: 'c) "
                 "Vous vous déplacez du nombre de cases indiqué par la nouvelle direction du "
                 "vent'.")
               if said[case] == held else
               _("The Honour point shifts every face of the die up: the chances of the new winds "
                 "change.") if honour and _close(
                   said[case], _q6_value(heading, wind, False), 2) else
               _("List the new winds (backs, holds, veers, and the calm) with their chances, and "
                 "the squares your heading allows in each; a calm sails nothing on the heading."))
        mistakes[case] = _("{case}: you said {said}. {reason}", case=case,
                           said=text(said[case]), reason=why)
    return by_part(v, mistakes, _("the chance of each new wind times the squares it allows, "
                                  "added up."))


q6 = Question(
    EXERCISE, 6, N_("How far on average?"), draw=_q6_draw,
    prompt=lambda v: (_("Sailing as far as the new wind allows (2 when you may), how many "
                        "squares do you expect to sail **on your heading** this turn? (The "
                        "current's drift west counts 0.)") + "\n\n"
                      + "\n".join(_("- {case}: the wind blows from {wind}, you steer {heading}, "
                                    "{honour}", case=case, wind=w.value, heading=h.value,
                                    honour=_with(honour))
                                  for case, (h, w, honour) in v.items()) + "\n\n"
                      + _("Answer with a dict of fractions, or of decimals rounded to 2 places, "
                          "like `{example}`.", example='{"A": "3/2", ...}')),
    check=_q6_check,
    solution=lambda v: {case: text(_q6_value(*entry)) for case, entry in v.items()},
    template=_template(6, 3),
    hint=N_("an expected distance: for each new wind (and the calm), its chance times the squares "
            "your heading allows then; add them up."), forced=True)


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8, q9)
"""Questions 7 to 9 live in :mod:`sailing_kit.exercises.trireme_more`."""
__all__ = ["MAPS", "QUESTIONS", "Entry", "Roll", "Track", "start", "tracks_picture",
           *(q.key for q in QUESTIONS)]
