"""Auto-checked questions for the points-of-sail lesson (Race the Wind, section 2).

``start("Ada")`` names the student; ``q1`` ... ``q7`` then show and check that student's
variant. Every expected answer is computed from the rules engine (:mod:`sailing_kit.race`),
never typed in; a wrong answer's feedback says what was wrong and why. The lesson's own
examples (a north wind table, the three manoeuvres it names, its beam-reach drill) are never
asked.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import ceil

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.grid import Point, chebyshev
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises import session
from sailing_kit.exercises.points_of_sail_more import (
    EXERCISE,
    LESSON_TURNS,
    ORIGIN,
    Allowed,
    other_wind,
    q5,
    q6,
)
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import (
    keys_reader,
    read_choice,
    read_dict,
    read_direction,
    read_int,
    read_points,
)
from sailing_kit.exercises.verdicts import Verdict, by_part, right, whole, wrong
from sailing_kit.race import (
    DrillState,
    Move,
    PointOfSail,
    Tack,
    TurnOption,
    change_of_tack,
    fewest_turns,
    new_drill,
    point_of_sail,
    tack,
    turn_options,
)
from sailing_kit.race.drawing import draw_route, points_of_sail_rose
from sailing_kit.race.sailing import MANOEUVRES

N, NE, E, SE, S, SW, W, NW = Direction


def start(student: object, mode: str = "practice", language: object = None) -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name;
    ``language="hu"`` (bg, fr, ru) asks and answers in that language."""
    return session.start(EXERCISE, student, mode, language)


# ----- shared readers and wording ----------------------------------------------------------------

def _read_point_of_sail(value: object) -> PointOfSail:
    return read_choice(value, {p.label: p for p in PointOfSail}, N_("point of sail"))


def _read_tack(value: object) -> Tack:
    return read_choice(value, {t.value: t for t in Tack}, N_("tack"))


# ----- question 1: name the point of sail --------------------------------------------------------

Q1_BOATS = ("A", "B", "C", "D", "E", "F")


@dataclass(frozen=True)
class Fleet:
    """Boats sailing in one wind, each on its own heading."""

    wind: Direction
    headings: dict[str, Direction]


def _q1_draw(rng: random.Random) -> Fleet:
    wind = other_wind(rng)
    while True:
        headings = {boat: rng.choice(list(Direction)) for boat in Q1_BOATS}
        if len({point_of_sail(h, wind) for h in headings.values()}) >= 4:
            return Fleet(wind, headings)


def _q1_prompt(v: Fleet) -> str:
    return (_("The wind blows from **{wind}**. Six boats sail in it:", wind=v.wind) + "\n\n"
            + "\n".join(_("- Boat {boat} heads {heading}", boat=b, heading=h)
                        for b, h in v.headings.items())
            + "\n\n" + _("Name each boat's point of sail: {names}.",
                          names=", ".join(f'`"{p.label}"`' for p in PointOfSail)) + "\n\n"
            + _('Answer with a dict from boat to point of sail, like `{example}`.',
                example='{"A": "run", ...}'))


def _q1_check(v: Fleet, answer: object) -> Verdict:
    said = read_dict(answer, v.headings, keys_reader(v.headings, N_("boat")),
                     _read_point_of_sail, N_("boat"))
    return by_part(v.headings, {
        b: _("Boat {boat} heads {heading} in a wind from {wind}: you said {said}, which is the "
             "point of sail at {said_angle}°; the angle between its heading and the wind's "
             "source is {angle}°.", boat=b, heading=h, wind=v.wind, said=said[b].label,
             said_angle=said[b].angle, angle=point_of_sail(h, v.wind).angle)
        for b, h in v.headings.items() if said[b] is not point_of_sail(h, v.wind)},
        _("each point of sail matches the angle between the heading and the wind's source."))


q1 = Question(
    EXERCISE, 1, N_("Name the point of sail"), draw=_q1_draw, prompt=_q1_prompt, check=_q1_check,
    solution=lambda v: {b: point_of_sail(h, v.wind).label for b, h in v.headings.items()},
    template='answer_1 = {' + ", ".join(f'"{b}": ...' for b in Q1_BOATS) + "}",
    hint=N_("measure the angle between each heading and the direction the wind comes FROM: 0°, "
            "45°, 90°, 135° or 180°."),
    worked=lambda v: points_of_sail_rose(v.wind))


# ----- question 2: port or starboard -------------------------------------------------------------

Q2_LETTERS = ("A", "B", "C", "D")


def _q2_draw(rng: random.Random) -> dict[str, tuple[Direction, Direction]]:
    while True:
        boats = {}
        for letter in Q2_LETTERS:
            wind = rng.choice(list(Direction))
            boats[letter] = (rng.choice([h for h in Direction if h is not wind]), wind)
        tacks = {tack(h, w) for h, w in boats.values()}
        if len(tacks) == 2 and any(w is not N for _, w in boats.values()):
            return boats


def _q2_prompt(boats: dict[str, tuple[Direction, Direction]]) -> str:
    return (_("Which tack is each boat on? Answer {choices} for each.",
              choices='`"port"` or `"starboard"`') + "\n\n"
            + "\n".join(_("- Boat {boat}: heading {heading}, wind from {wind}", boat=b,
                          heading=h, wind=w) for b, (h, w) in boats.items()) + "\n\n"
            + _("Answer with a dict, like `{example}`.", example='{"A": "port", ...}'))


def _q2_check(boats: dict[str, tuple[Direction, Direction]], answer: object) -> Verdict:
    said = read_dict(answer, boats, keys_reader(boats, N_("boat")), _read_tack, N_("boat"))
    return by_part(boats, {
        b: _("Boat {boat} (heading {heading}, wind from {wind}): you said {said}. {reason}",
             boat=b, heading=h, wind=w, said=said[b], reason=_tack_reason(h, w))
        for b, (h, w) in boats.items() if said[b] is not tack(h, w)},
        _("the tack is the side of the boat the wind meets, and a run counts as starboard."))


def _tack_reason(heading: Direction, wind: Direction) -> str:
    """Why a boat is on its tack, without naming the tack."""
    actual = tack(heading, wind)
    assert actual is not None, "question 2 has no boat head to wind"
    if point_of_sail(heading, wind) is PointOfSail.RUN:
        return _("On a run the wind comes from dead astern and meets neither side: look up which "
                 "tack the rulebook gives a run (§2).")
    if actual is Tack.STARBOARD:
        return _("Stand in the boat facing {heading}: the wind from {wind} comes over your right "
                 "side.", heading=heading, wind=wind)
    return _("Stand in the boat facing {heading}: the wind from {wind} comes over your left "
             "side.", heading=heading, wind=wind)


q2 = Question(
    EXERCISE, 2, N_("Port or starboard?"), draw=_q2_draw, prompt=_q2_prompt, check=_q2_check,
    solution=lambda boats: {b: str(tack(h, w)) for b, (h, w) in boats.items()},
    template='answer_2 = {"A": ..., "B": ..., "C": ..., "D": ...}',
    hint=N_("stand in the boat facing its heading: does the wind come over your right side "
            "(starboard) or your left (port)? A run counts as starboard."),
    forced=True)


# ----- question 3: where can a beam-reaching boat end its turn? ---------------------------------

@dataclass(frozen=True)
class Drill:
    """A drill position: start, heading, wind, and the board's size and mark."""

    start: Point
    heading: Direction
    wind: Direction
    width: int = 9
    height: int = 9
    mark: Point = (0, 0)

    def drill(self) -> DrillState:
        return new_drill(seed=0, width=self.width, height=self.height, start=self.start,
                         heading=self.heading, wind=self.wind, mark=self.mark)


LESSON_DRILLS = {(N, E), (N, NE)}
"""(wind, heading) of the drills the lesson draws with their ends."""


def _q3_draw(rng: random.Random) -> Drill:
    while True:
        wind = rng.choice(list(Direction))
        heading = wind.rotate(rng.choice([2, -2]))  # a beam reach
        if (wind, heading) not in LESSON_DRILLS:
            break
    width, height = rng.randint(9, 13), rng.randint(9, 13)
    start = (rng.randint(2, width - 3), rng.randint(2, height - 3))
    corners = ((0, height - 1), (width - 1, height - 1), (0, 0), (width - 1, 0))
    mark = rng.choice([c for c in corners if chebyshev(c, start) > 2])
    return Drill(start, heading, wind, width, height, mark)


def _ends(drill: DrillState) -> dict[Point, TurnOption]:
    """Each intersection the drill's boat can end this turn on, with one turn that gets there."""
    ends: dict[Point, TurnOption] = {}
    for option in drill.turn_options():
        ends.setdefault(option.position, option)
    return ends


def _q3_prompt(v: Drill) -> str:
    drill = v.drill()
    return (_("On a board {width} wide and {height} high, the boat at {point} heads {heading}, "
              "the wind from {wind}: it is {sailing}. On which intersections can it end this "
              "turn? (Ending where it started, after manoeuvres only, counts.) `q3.picture()` "
              "draws the position.", width=v.width, height=v.height, point=drill.position,
              heading=drill.heading, wind=drill.wind, sailing=drill.point_of_sail.phrase)
            + "\n\n" + _("Answer with a set of points, like `{example}`.",
                          example="{(0, 0), (1, 2)}"))


def _q3_check(v: Drill, answer: object) -> Verdict:
    said, drill = read_points(answer), v.drill()
    ends = _ends(drill)
    left_out = len(set(ends) - said)
    sailing = drill.point_of_sail
    missing = [n_("{count} intersection the boat can end on is missing: a boat {sailing} may "
                  "make {allowance}; try every order of its moves.", "{count} intersections the "
                  "boat can end on are missing: a boat {sailing} may make {allowance}; try every "
                  "order of its moves.", left_out, sailing=sailing.phrase,
                  allowance=sailing.allowance)] if left_out else []
    extra = [_("{point} cannot be reached: {why}", point=p,
               why=why_unreachable(drill.position, drill.heading, drill.wind, p))
             for p in sorted(said - set(ends))]
    return whole(extra + missing, _("a boat {sailing} may make {allowance}, so it can end on "
                                    "these {count} intersections.", sailing=sailing.phrase,
                                    allowance=sailing.allowance, count=len(ends)),
                 hint=_("a boat {sailing} may make {allowance}: try each sequence of moves and "
                        "see where it ends.", sailing=sailing.phrase, allowance=sailing.allowance))


def why_unreachable(start: Point, heading: Direction, wind: Direction, target: Point) -> str:
    """Why one turn (section 2, open water, during the race) cannot end on ``target``.

    Only for a target that :func:`turn_options` does not reach.
    """
    sailing = point_of_sail(heading, wind)
    rule = _("a boat {sailing} may make {allowance}.", sailing=sailing.phrase,
             allowance=sailing.allowance)
    most = max(sum(move.is_movement for move in option.moves)
               for option in turn_options(start, heading, wind))
    dx, dy = target[0] - start[0], target[1] - start[1]
    distance = chebyshev(start, target)
    if distance == 0:
        return _("the boat has to move this turn: {rule}", rule=rule)
    if distance > most:
        return n_("it is {count} intersection away, but one turn {sailing} moves a boat at most "
                  "{most}.", "it is {count} intersections away, but one turn {sailing} moves a "
                  "boat at most {most}.", distance, sailing=sailing.phrase,
                  most=n_("{count} intersection", "{count} intersections", most))
    if dx and dy and abs(dx) != abs(dy):
        return _("no compass direction leads straight there, and all the movements of one turn "
                 "follow the same heading.")
    way = Direction.from_vector(dx, dy)
    if point_of_sail(way, wind) is PointOfSail.HEAD_TO_WIND:
        return _("it lies straight into the wind ({way}). No boat sails head to wind, and during "
                 "the race a manoeuvre may not even point it there.", way=way)
    if distance > 1:
        return _("two movements in one turn both go straight ahead ({heading}); to sail {way} "
                 "the boat must manoeuvre first, and then only one movement is left.",
                 heading=heading, way=way)
    if angle_between(heading, way) > 90:
        return _("sailing {way} needs a turn of {angle}° before the movement, but a manoeuvre "
                 "turns at most 90° and no turn allows two manoeuvres then a movement.", way=way,
                 angle=angle_between(heading, way))
    return _("it would take a manoeuvre and then a movement, but {rule}", rule=rule)


q3 = Question(
    EXERCISE, 3, N_("Where can a beam-reaching boat end its turn?"), draw=_q3_draw, prompt=_q3_prompt,
    check=_q3_check, solution=lambda v: set(_ends(v.drill())),
    template="answer_3 = ...",
    hint=N_("list the move sequences its point of sail allows and where each one ends."),
    picture=lambda v: v.drill().scene(show_options=False), worked=lambda v: v.drill())


# ----- question 4: the forbidden manoeuvre -------------------------------------------------------

def _one_manoeuvre_away(heading: Direction) -> list[Direction]:
    """The headings a single manoeuvre (45° or 90°, either way) points a boat to."""
    return [heading.rotate(manoeuvre.rotation) for manoeuvre in MANOEUVRES]


def _forbidden_turns(heading: Direction, wind: Direction) -> list[Direction]:
    """The headings one manoeuvre could point to but no turn of the race allows."""
    allowed = {o.heading for o in turn_options(ORIGIN, heading, wind) if not o.path}
    return [h for h in _one_manoeuvre_away(heading) if h not in allowed]


Q4_BOATS = ("A", "B", "C")


def _q4_draw(rng: random.Random) -> dict[str, tuple[Direction, Direction]]:
    """Three boats, each close-hauled in a wind of its own (never the lesson's north wind)."""
    boats = {}
    for boat in Q4_BOATS:
        wind = other_wind(rng)
        boats[boat] = (wind.rotate(rng.choice([1, -1])), wind)
    return boats


def _q4_prompt(boats: dict[str, tuple[Direction, Direction]]) -> str:
    lines = [_("- Boat {boat} heads {heading}, the wind from {wind}: one manoeuvre could point it "
               "{headings}", boat=b, heading=h, wind=w,
               headings=", ".join(str(d) for d in _one_manoeuvre_away(h)))
             for b, (h, w) in boats.items()]
    return (_("Each boat sails close-hauled in a wind of its own. One manoeuvre (45° or 90°, "
              "either way) could point it to four headings. Which heading may each boat **not** "
              "turn to during the race?") + "\n\n" + "\n".join(lines) + "\n\n"
            + _("Answer with a dict from boat to direction, like `{example}`.",
                example='{"A": "SE", ...}'))


def _q4_mistake(boat: str, heading: Direction, wind: Direction, said: Direction) -> str | None:
    if said in _forbidden_turns(heading, wind):
        return None
    if said not in _one_manoeuvre_away(heading):
        return _("Boat {boat}: {said} is not one manoeuvre away from {heading}: a manoeuvre turns "
                 "45° or 90°, either way.", boat=boat, said=said, heading=heading)
    rotation = next(m.rotation for m in MANOEUVRES if heading.rotate(m.rotation) is said)
    name = change_of_tack(heading, rotation, wind)
    sailing = point_of_sail(said, wind).phrase
    if name:
        return _("Boat {boat}: turning to {said} is allowed: {move} puts it {sailing} "
                 "({manoeuvre}). Look for the turn that would stop the boat dead.", boat=boat,
                 said=said, move=Move(rotation), sailing=sailing,
                 manoeuvre=_(N_("a tack")) if name == "tack" else _(N_("a jibe")))
    return _("Boat {boat}: turning to {said} is allowed: {move} puts it {sailing}. Look for the "
             "turn that would stop the boat dead.", boat=boat, said=said, move=Move(rotation),
             sailing=sailing)


def _q4_check(boats: dict[str, tuple[Direction, Direction]], answer: object) -> Verdict:
    said = read_dict(answer, boats, keys_reader(boats, N_("boat")), read_direction, N_("boat"))
    mistakes = {b: why for b, (h, w) in boats.items() if (why := _q4_mistake(b, h, w, said[b]))}
    return by_part(boats, mistakes, _("each forbidden heading points the boat straight at the "
                                      "wind's source: §2 forbids that manoeuvre during the race "
                                      "(only the start allows it)."))


q4 = Question(
    EXERCISE, 4, N_("The forbidden manoeuvre"), draw=_q4_draw, prompt=_q4_prompt, check=_q4_check,
    solution=lambda boats: {b: _forbidden_turns(h, w)[0].value for b, (h, w) in boats.items()},
    template='answer_4 = {"A": ..., "B": ..., "C": ...}',
    hint=N_("which of these headings would point the boat where the wind comes from?"), forced=True)


# ----- question 7: the fewest turns to the mark --------------------------------------------------

def _q7_draw(rng: random.Random) -> Drill:
    while True:
        width, height = rng.randint(7, 13), rng.randint(8, 13)
        start = (rng.randint(2, width - 3), rng.randint(0, 1))
        mark = (start[0] + rng.randint(-1, 1), start[1] + rng.randint(4, min(7, height - 2 - start[1])))
        v = Drill(start, rng.choice([NE, NW]), N, width, height, mark)
        if mark in v.drill().grid and 4 <= len(_route(v)) <= 8:
            return v


def _route(v: Drill) -> list[TurnOption]:
    drill = v.drill()
    route = fewest_turns(drill.position, drill.heading, drill.wind, v.mark, within=drill.grid)
    assert route is not None, "question 7's mark must be reachable"
    return route


def _upwind(start: Point, end: Point, wind: Direction) -> int:
    """How far ``end`` lies towards the wind's source from ``start``, counted in grid steps."""
    wx, wy = wind.vector
    return (end[0] - start[0]) * wx + (end[1] - start[1]) * wy


def _best_upwind_gain(wind: Direction) -> int:
    """The most any single turn of section 2 gains towards the wind."""
    return max(_upwind(ORIGIN, option.position, wind)
               for heading in Direction for option in turn_options(ORIGIN, heading, wind))


def _q7_prompt(v: Drill) -> str:
    drill = v.drill()
    return (_("The boat at {point} sails {sailing} heading {heading}, the wind from {wind}, on a "
              "board {width} wide and {height} high. The mark is at {mark}. What is the fewest "
              "number of turns the boat needs to **reach the mark** (end a turn on it, or pass "
              "over it during a turn), staying on the board? `q7.picture()` draws the position.",
              point=drill.position, sailing=drill.point_of_sail.words, heading=drill.heading,
              wind=drill.wind, width=v.width, height=v.height, mark=v.mark) + "\n\n"
            + _("Answer with a whole number, like `{example}`.", example="3"))


def _q7_check(v: Drill, answer: object) -> Verdict:
    said = read_int(answer, N_("number of turns"), low=0)
    route = _route(v)
    if said == len(route):
        return right(n_("{count} turn, for example:", "{count} turns, for example:", len(route))
                     + "\n" + "\n".join(f"{n}. {o.describe()}" for n, o in enumerate(route, 1)))
    if said > len(route):
        return wrong(n_("{count} turn is more than needed: there is a shorter route. Sail "
                        "close-hauled as far as you can before each tack.", "{count} turns is "
                        "more than needed: there is a shorter route. Sail close-hauled as far as "
                        "you can before each tack.", said))
    upwind, gain = _upwind(v.start, v.mark, v.wind), _best_upwind_gain(v.wind)
    bound = n_("The mark lies upwind, and no turn gains more than {count} intersection towards "
               "the wind (a boat cannot sail straight into it)", "The mark lies upwind, and no "
               "turn gains more than {count} intersections towards the wind (a boat cannot sail "
               "straight into it)", gain)
    if said < ceil(upwind / gain):
        return wrong(n_("{count} turn is not enough: count the intersections between the boat "
                        "and the mark along the wind. {bound}.", "{count} turns is not enough: "
                        "count the intersections between the boat and the mark along the wind. "
                        "{bound}.", said, bound=bound))
    return wrong(n_("{count} turn is not enough. {bound}. Sailing close-hauled, every step upwind "
                    "also takes the boat one intersection sideways, so it has to change tack to "
                    "come back to the mark, and a tack takes a turn of its own.", "{count} turns "
                    "is not enough. {bound}. Sailing close-hauled, every step upwind also takes "
                    "the boat one intersection sideways, so it has to change tack to come back to "
                    "the mark, and a tack takes a turn of its own.", said, bound=bound))


def _q7_worked(v: Drill) -> object:
    drill = v.drill()
    picture = drill.scene(show_options=False)
    draw_route(picture, drill.grid_view(), drill.position, _route(v))
    return picture


q7 = Question(
    EXERCISE, 7, N_("The fewest turns to the mark"), draw=_q7_draw, prompt=_q7_prompt,
    check=_q7_check, solution=lambda v: len(_route(v)), template="answer_7 = ...",
    hint=N_("zig-zag: close-hauled on one tack, a tack (a turn of its own), close-hauled on the "
            "other; count the turns on the picture."),
    picture=lambda v: v.drill().scene(show_options=False), worked=_q7_worked, forced=True)


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7)
"""Questions 5 and 6 live in :mod:`sailing_kit.exercises.points_of_sail_more`."""
__all__ = ["LESSON_DRILLS", "LESSON_TURNS", "QUESTIONS", "Allowed", "Drill", "Fleet", "start",
           "why_unreachable", *(q.key for q in QUESTIONS)]
