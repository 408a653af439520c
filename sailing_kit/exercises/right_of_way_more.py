"""Questions 6 to 8 of the right-of-way exercises (Race the Wind, sections 3.4-3.6): a wind
shift, where a penalty may be served, and the game beside the real Racing Rules of Sailing.
See :mod:`sailing_kit.exercises.right_of_way`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ActionError
from sailing_kit.core.grid import Point, chebyshev
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import keys_reader, read_choice, read_dict, read_direction, read_set
from sailing_kit.exercises.right_of_way_positions import Gallery, any_move, picture
from sailing_kit.exercises.right_of_way_words import boats_line, explain, ruling
from sailing_kit.exercises.verdicts import Verdict, by_part, joined, whole
from sailing_kit.race.penalties import PENALTY_CLEARANCE, Umpire
from sailing_kit.race.rightofway import Boat, Rule, course_point
from sailing_kit.race.sailing import Tack, tack
from sailing_kit.race.situation import Situation
from sailing_kit.race.wind import COMPASS_DIE

EXERCISE = "02_right_of_way"
N, NE, E, SE, S, SW, W, NW = Direction


def _position(title: str, *boats: Boat, marks: tuple[Point, ...] = ()) -> Situation:
    """A position in a wind from N, the boats in turn order."""
    return Situation(title=title, wind=N, boats=boats, marks=marks)


# ----- question 6: a wind shift ------------------------------------------------------------------

Q6_WINDS = tuple(dict.fromkeys(face for face in COMPASS_DIE if face is not N))
"""The new winds the compass die can roll from a north wind."""
_NONE = "none"
Q6_START = _position(N_("Before the shift"), Boat("A", (2, 2), W), Boat("B", (3, 3), SW))


def _offender(position: Situation, wind: Direction) -> str:
    found = position.in_wind(wind).infringements()
    return found[0].offender if found else _NONE


def _q6_draw(rng: random.Random) -> Situation:
    """Two boats near each other in a north wind, nobody infringing; mirrored, not turned (the
    die's faces stay the question's)."""
    while True:
        a = Boat("A", (rng.randint(2, 4), rng.randint(2, 4)), rng.choice(list(Direction)))
        b = Boat("B", (a.position[0] + rng.randint(-1, 1), a.position[1] + rng.randint(-1, 1)),
                 rng.choice(list(Direction)))
        position = _position(N_("Before the shift"), a, b)
        if a.position == b.position or N in (a.heading, b.heading):
            continue
        offenders = [_offender(position, w) for w in Q6_WINDS]
        if len(set(offenders)) >= 2 and offenders.count(_NONE) <= 2:
            return replace(any_move(rng, position, turn=False), title=N_("Before the shift"))


def _read_offender(value: object) -> str:
    return read_choice(value, {"A": "A", "B": "B", _NONE: _NONE}, N_("boat or none"),
                       aliases={"nobody": _NONE, "no one": _NONE, "neither": _NONE,
                                "no infringement": _NONE, "no": _NONE})


def _q6_check(position: Situation, answer: object) -> Verdict:
    said = read_dict(answer, Q6_WINDS, read_direction, _read_offender, N_("wind"))
    mistakes = {}
    for wind in Q6_WINDS:
        if said[wind] != _offender(position, wind):
            after = position.in_wind(wind, _("The wind shifts to {wind}", wind=wind))
            mistakes[wind] = _("Wind from {wind}: you said {said}. {reason}", wind=wind,
                               said=said[wind], reason=_wind_shift_reason(after))
    return by_part(Q6_WINDS, mistakes, _("after a shift, judge every engagement again in the new "
                                         "wind: the tacks, the wind lines and the points of sail "
                                         "all change, the positions do not (§3.4)."))


def _wind_shift_reason(after: Situation) -> str:
    """What changes with the wind, told without naming an offender: the boats' new course
    points, and the boat at one of them."""
    wind = after.wind
    points = [p for boat in after.boats if (p := course_point(boat, wind)) is not None]
    standing = [p for p in points if any(b.position == p for b in after.boats)]
    where = (_("one of them is where a boat stands now: who has right of way there in the new "
               "wind?") if standing else _("is either of them where a boat stands?"))
    still = ("" if len(points) == len(after.boats) else
             _("One boat is left head to wind: it has no next movement, and no tack."))
    return joined(" ", (still, _(
        "In a wind from {wind} the boats' next movements lead to {points}: {where} Judge the "
        "engagement again in the new wind: the tacks and the wind lines change, the positions do "
        "not.", wind=wind, points=_(" and ").join(map(str, points)), where=where)))


q6 = Question(
    EXERCISE, 6, N_("After a wind shift"), draw=_q6_draw,
    prompt=lambda position: (
        _("The wind blows from **{wind}**: {boats}. Nobody infringes anybody (`q6.picture()` "
          "draws it). Then the compass die is rolled (faces {faces}) and the wind shifts. \"A "
          "wind change may create or modify an engagement situation\" (§3.4).",
          wind=position.wind, boats=boats_line(position),
          faces=", ".join(str(f) for f in COMPASS_DIE)) + "\n\n"
        + _("For each new wind, does the shift create an infringement, and **who is the "
            "offender**? Answer {choices} for each, in a dict like `{example}`.",
            choices='`"A"`, `"B"` or `"none"`',
            example="{" + ", ".join(f'"{w}": ...' for w in Q6_WINDS) + "}")),
    check=_q6_check,
    solution=lambda position: {w.value: _offender(position, w) for w in Q6_WINDS},
    template='answer_6 = {' + ", ".join(f'"{w}": ...' for w in Q6_WINDS) + "}",
    hint=N_("turn the wind, then find each boat's new course point: does it lead onto the other "
            "boat, and who has right of way in the new wind?"), forced=True,
    picture=picture, worked=lambda position: Gallery(tuple(
        position.in_wind(w, _("The wind shifts to {wind}", wind=w)) for w in Q6_WINDS),
        reveal=True))


# ----- question 7: where to serve a penalty ------------------------------------------------------

Q7_OWING = ("A", "B", "C")
_YES, _MARK, _BOAT, _NO = "yes", "no: mark", "no: boat", "no"
_PENALTY_CHOICES = {_YES: _YES, _MARK: _MARK, _BOAT: _BOAT}
_PENALTY_ALIASES = {
    "no mark": _MARK, "no, mark": _MARK, "mark": _MARK, "no, too close to the mark": _MARK,
    "too close to the mark": _MARK, "too close to a mark": _MARK, "buoy": _MARK,
    "no: buoy": _MARK, "no, buoy": _MARK, "no buoy": _MARK,
    "no boat": _BOAT, "no, boat": _BOAT, "boat": _BOAT, "no, too close to a boat": _BOAT,
    "too close to a boat": _BOAT, "too close to another boat": _BOAT,
    "no: boats": _BOAT, "no, boats": _BOAT, "boats": _BOAT,
    "y": _YES, "yes it can": _YES, "ok": _YES,
    "no": _NO, "n": _NO,
}
def rule_7() -> str:
    """§3.4 on where a penalty turn is served, in the language spoken now."""
    return n_("the penalty turn is served at least {count} intersection from the buoys and from "
              "the other boats (§3.4)", "the penalty turn is served at least {count} "
              "intersections from the buoys and from the other boats (§3.4)", PENALTY_CLEARANCE)


Q7_HINT = N_("count the intersections (diagonals too) to the mark and to each other boat: at least "
             "2 from all of them.")
"""The hint of question 7 (at least :data:`PENALTY_CLEARANCE` intersections)."""


Q7_TEMPLATE = "{" + ", ".join(f'"{n}": ...' for n in Q7_OWING) + "}"


def _quoted(choice: str) -> str:
    return f'`"{choice}"`'


def penalty_verdict(position: Situation, name: str) -> tuple[bool, str]:
    """Whether ``name`` may declare its penalty turn here, by the :class:`Umpire`, with the
    umpire's words when it may not."""
    umpire = Umpire(owed=((name, 1),))
    try:
        umpire.declare(position.boat(name), position.boats, position.marks)
    except ActionError as refusal:
        return False, str(refusal)
    return True, ""


def _too_close(position: Situation, name: str) -> dict[str, list[str]]:
    here = position.boat(name).position
    marks: list[str] = [
        n_("the mark at {point} is {count} intersection away",
           "the mark at {point} is {count} intersections away", chebyshev(here, m), point=m)
        for m in position.marks if chebyshev(here, m) < PENALTY_CLEARANCE]
    boats: list[str] = [
        n_("{boat} at {point} is {count} intersection away",
           "{boat} at {point} is {count} intersections away", chebyshev(here, b.position),
           boat=b.name, point=b.position)
        for b in position.boats
        if b.name != name and chebyshev(here, b.position) < PENALTY_CLEARANCE]
    return {_MARK: marks, _BOAT: boats}


def _q7_answer(position: Situation, name: str) -> str:
    allowed = penalty_verdict(position, name)[0]
    close = _too_close(position, name)
    return _YES if allowed else _MARK if close[_MARK] else _BOAT


def _q7_draw(rng: random.Random) -> Situation:
    while True:
        spots = rng.sample([(x, y) for x in range(1, 9) for y in range(1, 7)], 5)
        mark, *places = spots
        boats = [Boat(n, p, rng.choice([d for d in Direction if d is not N]))
                 for n, p in zip("ABCD", places)]
        position = _position(N_("Who can serve a penalty here?"), *boats, marks=(mark,))
        kinds = {_q7_answer(position, name) for name in Q7_OWING}
        if len(kinds) >= 2 and _YES in kinds and mark[0] >= 2 and mark[1] >= 2:
            return replace(any_move(rng, position), title=N_("Who can serve a penalty here?"))


def _q7_check(position: Situation, answer: object) -> Verdict:
    said = read_dict(answer, Q7_OWING, keys_reader([b.name for b in position.boats], N_("boat")),
                     lambda v: read_choice(v, _PENALTY_CHOICES, N_("verdict"), _PENALTY_ALIASES),
                     N_("boat"))
    mistakes = {}
    for name in Q7_OWING:
        allowed, refusal = penalty_verdict(position, name)
        close = _too_close(position, name)
        if allowed and said[name] != _YES:
            mistakes[name] = _("{boat}: you said {said}, but {boat} can serve it here: {rule}, and "
                               "{clearances}.", boat=name, said=said[name], rule=rule_7(),
                               clearances=_clearances(position, name))
        elif not allowed and said[name] == _YES:
            mistakes[name] = _("{boat}: you said yes, but the umpire refuses — {refusal}: "
                               "{reasons}.", boat=name, refusal=refusal,
                               reasons="; ".join(close[_MARK] + close[_BOAT]))
        elif not allowed and said[name] == _NO:
            mistakes[name] = _("{boat}: right, it cannot — but say why, as the question asks: "
                               "too close to what?", boat=name)
        elif not allowed and not close[said[name]]:
            other = _BOAT if said[name] == _MARK else _MARK
            mistakes[name] = (_("{boat}: right, it cannot, but not because of a mark: {reasons} "
                                "({rule}).", boat=name, reasons="; ".join(close[other]),
                                rule=rule_7()) if said[name] == _MARK else
                              _("{boat}: right, it cannot, but not because of a boat: {reasons} "
                                "({rule}).", boat=name, reasons="; ".join(close[other]),
                                rule=rule_7()))
    return by_part(Q7_OWING, mistakes, _("{rule}; exactly {count} away is far enough.",
                                         rule=rule_7(), count=PENALTY_CLEARANCE))


def _clearances(position: Situation, name: str) -> str:
    here = position.boat(name).position
    mark = min(chebyshev(here, m) for m in position.marks)
    boat = min(chebyshev(here, b.position) for b in position.boats if b.name != name)
    return _("the nearest mark is {mark} away and the nearest boat {boat}",
             mark=n_("{count} intersection", "{count} intersections", mark),
             boat=n_("{count} intersection", "{count} intersections", boat))


q7 = Question(
    EXERCISE, 7, N_("Where can a penalty be served?"), draw=_q7_draw,
    prompt=lambda position: (
        _("The wind blows from **{wind}**: {boats}. Boats A, B and C each owe a penalty. Can each "
          "of them **declare its penalty turn here**, now? (`q7.picture()` draws it.)",
          wind=position.wind, boats=boats_line(position)) + "\n\n"
        + _("Answer {yes}, {mark} (too close to a mark) or {boat} (too close to another boat) for "
            "each, in a dict like `{example}`.", yes=_quoted(_YES), mark=_quoted(_MARK),
            boat=_quoted(_BOAT), example=Q7_TEMPLATE)),
    check=_q7_check,
    solution=lambda position: {n: _q7_answer(position, n) for n in Q7_OWING},
    template='answer_7 = {"A": ..., "B": ..., "C": ...}',
    hint=Q7_HINT,
    picture=picture, worked=lambda position: picture(position, reveal=True), forced=True)


# ----- question 8: the game and the real rules ---------------------------------------------------

@dataclass(frozen=True)
class Statement:
    """A statement comparing the game with the Racing Rules of Sailing, as the lesson's table
    does: the real-rules half is always right; ``holds`` judges the game half on ``position``."""

    text: str
    position: Situation
    rule: Rule
    holds: Callable[[Situation], bool]

    def is_true(self) -> bool:
        return self.holds(self.position)

    def verdict(self) -> str:
        return explain(self.position, ruling(self.position))


def _winner(name: str) -> Callable[[Situation], bool]:
    return lambda p: ruling(p).winner == name


def _run_tack(wanted: Tack) -> Callable[[Situation], bool]:
    return lambda p: tack(p.boat("A").heading, p.wind) is wanted


FIG_2 = _position(N_("Fig. 2"), Boat("A", (3, 3), NW), Boat("B", (4, 2), NW))
FIG_11 = _position(N_("Fig. 11"), Boat("A", (2, 2), SW), Boat("B", (1, 2), S))
RUN = _position(N_("A dead run"), Boat("A", (2, 3), S), Boat("B", (1, 1), NE))
FIG_14 = _position(N_("Fig. 14"), Boat("A", (4, 2), W), Boat("B", (5, 2), W), marks=((4, 4),))
IRONS = _position(N_("Head to wind"), Boat("A", (2, 2), N), Boat("B", (3, 1), NW))
TIE = _position(N_("A complete tie"), Boat("A", (4, 2), W), Boat("B", (5, 2), W))

STATEMENTS: tuple[tuple[Statement, Statement], ...] = (
    (Statement(N_("Fig. 2: A at (3, 3) and B at (4, 2), both close-hauled heading NW on starboard "
                  "tack, B right behind A. In the game B, to leeward, has right of way over A; "
                  "under the real rules B, clear astern, keeps clear of A (RRS 12)."),
               FIG_2, Rule.LEEWARD, _winner("B")),
     Statement(N_("Fig. 2: A at (3, 3) and B at (4, 2), both close-hauled heading NW on starboard "
                  "tack, B right behind A. In the game, as under the real rules (RRS 12), B, clear "
                  "astern, keeps clear of A."), FIG_2, Rule.LEEWARD, _winner("A"))),
    (Statement(N_("Fig. 11: A on a broad reach and B on a run, on the same wind line, both on "
                  "starboard tack, claim the same point. In the game A has right of way because it "
                  "is faster; the real rules never look at speed."), FIG_11, Rule.FASTER,
               _winner("A")),
     Statement(N_("Fig. 11: A on a broad reach and B on a run, on the same wind line, both on "
                  "starboard tack, claim the same point. In the game B has right of way because "
                  "it is on a run; the real rules never look at speed."), FIG_11, Rule.FASTER,
               _winner("B"))),
    (Statement(N_("In the game a boat running dead downwind (A, heading S in a north wind) always "
                  "counts as starboard tack; under the real rules it may be on port, as the side "
                  "of its mainsail decides (RRS 10)."), RUN, Rule.STARBOARD,
               _run_tack(Tack.STARBOARD)),
     Statement(N_("In the game a boat running dead downwind (A, heading S in a north wind) may be "
                  "on port tack, as under the real rules, where the side of its mainsail decides "
                  "(RRS 10)."), RUN, Rule.STARBOARD, _run_tack(Tack.PORT))),
    (Statement(N_("Fig. 14, in the zone of the mark at (4, 4): in the game the inside boat A, "
                  "engaged from astern by B, loses its right of way; under the real rules the boat "
                  "clear ahead that reaches the zone first gets mark-room (RRS 18.2(a)(2))."), FIG_14,
               Rule.ASTERN_IN_ZONE, _winner("B")),
     Statement(N_("Fig. 14, in the zone of the mark at (4, 4): in the game the inside boat A, "
                  "engaged from astern by B, keeps its right of way, just as the real rules give "
                  "the boat clear ahead that reaches the zone first mark-room (RRS 18.2(a)(2))."),
               FIG_14,
               Rule.ASTERN_IN_ZONE, _winner("A"))),
    (Statement(N_("In the game A, left head to wind by a wind shift, has no tack and keeps clear "
                  "of B, close-hauled on starboard tack; under the real rules A has not tacked: a "
                  "boat left head to wind by a shift keeps her old tack, so RRS 10–12 decide, not "
                  "RRS 13."), IRONS, Rule.HEAD_TO_WIND, _winner("B")),
     Statement(N_("In the game A, left head to wind by a wind shift, keeps its right of way over "
                  "B, close-hauled on starboard tack; under the real rules A has not tacked: a "
                  "boat left head to wind by a shift keeps her old tack, so RRS 10–12 decide, not "
                  "RRS 13."), IRONS, Rule.HEAD_TO_WIND, _winner("A"))),
    (Statement(N_("In the game, when tack, wind line and speed are all equal, the boat that "
                  "arrived first has right of way; the real rules have no such rule."), TIE,
               Rule.TURN_ORDER, lambda p: ruling(p).rule_key is Rule.TURN_ORDER),
     Statement(N_("In the game, when tack, wind line and speed are all equal, the boat that "
                  "arrived second has right of way; the real rules have no such rule."), TIE,
               Rule.TURN_ORDER, _winner("B"))),
)
"""Each statement in a true and a false form (the engine says which is which)."""


def _q8_draw(rng: random.Random) -> tuple[Statement, ...]:
    while True:
        chosen = [rng.choice(pair) for pair in STATEMENTS]
        if 1 < sum(s.is_true() for s in chosen) < len(chosen):
            break
    rng.shuffle(chosen)
    return tuple(replace(s, position=replace(s.position, title=f"({letter}) {s.position.title}"))
                 for letter, s in zip("abcdef", chosen))


def _letters(statements: tuple[Statement, ...]) -> dict[str, Statement]:
    return dict(zip("abcdef", statements))


def _q8_check(statements: tuple[Statement, ...], answer: object) -> Verdict:
    by_letter = _letters(statements)
    said = read_set(answer, keys_reader(by_letter, N_("statement letter")), '{"a", "c"}')
    false = sum(not s.is_true() and letter in said for letter, s in by_letter.items())
    mistakes = [n_("{count} of your statements is false: what it says of the game is not what "
                   "the umpire rules in its position (q8.picture() draws them).", "{count} of "
                   "your statements are false: what they say of the game is not what the umpire "
                   "rules in its position (q8.picture() draws them).", false)] if false else []
    left_out = sum(s.is_true() and letter not in said for letter, s in by_letter.items())
    if left_out:
        mistakes.append(n_("{count} true statement is missing: judge each statement's claim "
                           "about the game with the umpire.", "{count} true statements are "
                           "missing: judge each statement's claim about the game with the "
                           "umpire.", left_out))
    return whole(mistakes, _("the game is a simplification: speed, turn order and a run always "
                             "on starboard are its own, and in the zone it turns RRS 18.2(a)(2) "
                             "around."),
                 hint=N_("check each statement's claim about the game against the umpire; the "
                         "real-rules half comes from the lesson's table."))


q8 = Question(
    EXERCISE, 8, N_("The game and the real rules"), draw=_q8_draw,
    prompt=lambda statements: (
        _("Each statement compares the game with the real **Racing Rules of Sailing** (RRS), as "
          "the table of the lesson does. Which statements are **true**? `q8.picture()` draws "
          "their positions.") + "\n\n"
        + "\n".join(f"- **({letter})** {_(s.text)}" for letter, s in _letters(statements).items())
        + "\n\n" + _("Answer with the set of letters of the true statements, like `{example}`.",
                      example='{"a", "c"}')),
    check=_q8_check,
    solution=lambda statements: {letter for letter, s in _letters(statements).items()
                                 if s.is_true()},
    template="answer_8 = ...",
    hint=N_("check each statement's claim about the game against the umpire; the real-rules half "
            "comes from the lesson's table."),
    picture=lambda statements: picture(tuple(s.position for s in statements)), forced=True,
    worked=lambda statements: picture(tuple(s.position for s in statements), reveal=True))
