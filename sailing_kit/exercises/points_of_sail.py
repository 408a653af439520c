"""Auto-checked questions for the points-of-sail lesson (Race the Wind, section 2).

``q1(answer)`` ... ``q7(answer)`` each return a :class:`~sailing_kit.exercises.feedback.Feedback`.
Every expected answer is computed from the rules engine (:mod:`sailing_kit.race`), never typed in;
a wrong answer's feedback says what was wrong and why. ``QUESTIONS`` lists the questions in order
and ``PROMPTS`` maps each name (``"q1"``, ...) to its prompt in Markdown.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.grid import Point, chebyshev
from sailing_kit.exercises.feedback import (
    Feedback,
    correct,
    not_yet,
    question,
    read_choice,
    read_dict,
    read_direction,
    read_int,
    read_points,
    read_set,
)
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
from sailing_kit.race.sailing import MANOEUVRES

N, NE, E, SE, S, SW, W, NW = Direction
WIND = N
"""The wind of every question (but boat D's in question 2): from the North, as at the start."""
ORIGIN: Point = (0, 0)


# ----- shared readers and wording ----------------------------------------------------------------

def _read_point_of_sail(value: object) -> PointOfSail:
    return read_choice(value, {p.label: p for p in PointOfSail}, "point of sail")


def _read_tack(value: object) -> Tack:
    return read_choice(value, {t.value: t for t in Tack}, "tack")


def _letter_reader(letters: list[str]) -> Callable[[object], str]:
    """A reader for the boat letters of a question, in either case."""
    return lambda value: read_choice(value, {letter: letter for letter in letters}, "boat")


def _verdict(mistakes: list[str], praise: str) -> Feedback:
    """Not yet, listing the mistakes one a line; or correct with ``praise``."""
    return not_yet("\n".join(mistakes)) if mistakes else correct(praise)


def _listing(options: list[TurnOption]) -> str:
    return "\n".join(f"{number}. {option.describe()}" for number, option in enumerate(options, 1))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


# ----- question 1: name the point of sail --------------------------------------------------------

Q1_HEADINGS = (NE, E, SE, S, NW)


@question(
    "Question 1 · Name the point of sail",
    f"The wind blows from **{WIND}**. For each heading, name the boat's point of sail: "
    + ", ".join(f'`"{p.label}"`' for p in PointOfSail) + ".\n\n"
    'Answer with a dict from heading to point of sail, like `{"NE": "run", ...}`.',
)
def q1(answer: object) -> Feedback:
    said = read_dict(answer, Q1_HEADINGS, read_direction, _read_point_of_sail, "heading")
    return _verdict(
        [_point_of_sail_mistake(h, said[h])
         for h in Q1_HEADINGS if said[h] is not point_of_sail(h, WIND)],
        "each point of sail matches the angle between the heading and the wind's source.",
    )


def _point_of_sail_mistake(heading: Direction, said: PointOfSail) -> str:
    actual = point_of_sail(heading, WIND)
    return (f"You said {said.label} for heading {heading} with the wind from {WIND}. The angle "
            f"between the heading and the wind's source is {actual.angle}°, which is "
            f"{actual.label}.")


# ----- question 2: port or starboard -------------------------------------------------------------

Q2_BOATS: dict[str, tuple[Direction, Direction]] = {
    "A": (NE, N), "B": (NW, N), "C": (S, N), "D": (N, W),
}
"""Boat letter: (heading, wind)."""


@question(
    "Question 2 · Port or starboard?",
    "Which tack is each boat on? Answer `\"port\"` or `\"starboard\"` for each.\n\n"
    + "\n".join(f"- Boat {b}: heading {h}, wind from {w}" for b, (h, w) in Q2_BOATS.items())
    + '\n\nAnswer with a dict, like `{"A": "port", ...}`.',
)
def q2(answer: object) -> Feedback:
    said = read_dict(answer, Q2_BOATS, _letter_reader(list(Q2_BOATS)), _read_tack, "boat")
    return _verdict(
        [f"Boat {b} (heading {h}, wind from {w}): you said {said[b]}. {_tack_reason(h, w)}"
         for b, (h, w) in Q2_BOATS.items() if said[b] is not tack(h, w)],
        "the tack is the side of the boat the wind meets, and a run counts as starboard.",
    )


def _tack_reason(heading: Direction, wind: Direction) -> str:
    actual = tack(heading, wind)
    if point_of_sail(heading, wind) is PointOfSail.RUN:
        return (f"On a run the wind comes from dead astern, and the rulebook counts a run as "
                f"{actual} tack.")
    side = {Tack.STARBOARD: "right", Tack.PORT: "left"}[actual]
    return f"The wind from {wind} meets the boat's {side} side: that is {actual} tack."


# ----- question 3: where can a beam-reaching boat end its turn? ---------------------------------

def q3_drill() -> DrillState:
    """The position of question 3: ``new_drill(seed=0, heading="E")``, a boat on a beam reach."""
    return new_drill(seed=0, heading=E)


def _ends(drill: DrillState) -> dict[Point, TurnOption]:
    """Each intersection the drill's boat can end this turn on, with one turn that gets there."""
    ends: dict[Point, TurnOption] = {}
    for option in drill.turn_options():
        ends.setdefault(option.position, option)
    return ends


def _q3_prompt() -> str:
    drill = q3_drill()
    return (f"The boat at {drill.position} heads {drill.heading}, the wind from {drill.wind}: it "
            f"is {drill.point_of_sail.phrase}. On which intersections can it end this turn? "
            "(Ending where it started, after manoeuvres only, counts.)\n\n"
            "Answer with a set of points, like `{(0, 0), (1, 2)}`.")


@question("Question 3 · Where can a beam-reaching boat end its turn?", _q3_prompt())
def q3(answer: object) -> Feedback:
    said, drill = read_points(answer), q3_drill()
    ends = _ends(drill)
    missing = [f"You left out {p}: {ends[p].describe()}." for p in sorted(set(ends) - said)]
    extra = [f"{p} cannot be reached: "
             + why_unreachable(drill.position, drill.heading, drill.wind, p)
             for p in sorted(said - set(ends))]
    sailing = drill.point_of_sail
    return _verdict(missing + extra, f"a boat {sailing.phrase} may make {sailing.allowance}, so "
                    f"it can end on these {len(ends)} intersections.")


def why_unreachable(start: Point, heading: Direction, wind: Direction, target: Point) -> str:
    """Why one turn (section 2, open water, during the race) cannot end on ``target``.

    Only for a target that :func:`turn_options` does not reach.
    """
    sailing = point_of_sail(heading, wind)
    rule = f"a boat {sailing.phrase} may make {sailing.allowance}."
    most = max(sum(move.is_movement for move in option.moves)
               for option in turn_options(start, heading, wind))
    dx, dy = target[0] - start[0], target[1] - start[1]
    distance = chebyshev(start, target)
    if distance == 0:
        return f"the boat has to move this turn: {rule}"
    if distance > most:
        return (f"it is {_plural(distance, 'intersection')} away, but one turn {sailing.phrase} "
                f"moves a boat at most {_plural(most, 'intersection')}.")
    if dx and dy and abs(dx) != abs(dy):
        return ("no compass direction leads straight there, and all the movements of one turn "
                "follow the same heading.")
    way = Direction.from_vector(dx, dy)
    if point_of_sail(way, wind) is PointOfSail.HEAD_TO_WIND:
        return (f"it lies straight into the wind ({way}). No boat sails head to wind, and during "
                "the race a manoeuvre may not even point it there.")
    if distance > 1:
        return (f"two movements in one turn both go straight ahead ({heading}); to sail {way} the "
                "boat must manoeuvre first, and then only one movement is left.")
    if angle_between(heading, way) > 90:
        return (f"sailing {way} needs a turn of {angle_between(heading, way)}° before the "
                "movement, but a manoeuvre turns at most 90° and no turn allows two manoeuvres "
                "then a movement.")
    return f"it would take a manoeuvre and then a movement, but {rule}"


# ----- question 4: the forbidden manoeuvre -------------------------------------------------------

Q4_HEADING = NE


def _one_manoeuvre_away(heading: Direction) -> list[Direction]:
    """The headings a single manoeuvre (45° or 90°, either way) points a boat to."""
    return [heading.rotate(manoeuvre.rotation) for manoeuvre in MANOEUVRES]


def _forbidden_turns(heading: Direction) -> list[Direction]:
    """The headings one manoeuvre could point to but no turn of the race allows."""
    allowed = {o.heading for o in turn_options(ORIGIN, heading, WIND) if not o.path}
    return [h for h in _one_manoeuvre_away(heading) if h not in allowed]


@question(
    "Question 4 · The forbidden manoeuvre",
    f"A boat sails {point_of_sail(Q4_HEADING, WIND).label}, heading {Q4_HEADING} with the wind "
    f"from {WIND}. One manoeuvre (45° or 90°, either way) could point it "
    + ", ".join(str(h) for h in _one_manoeuvre_away(Q4_HEADING)) + ". Which of these headings may "
    'it **not** turn to during the race?\n\nAnswer with a direction, like `"SE"`.',
)
def q4(answer: object) -> Feedback:
    said = read_direction(answer)
    if said in _forbidden_turns(Q4_HEADING):
        return correct(f"heading {said} would leave the boat {point_of_sail(said, WIND).label}, "
                       "pointing straight at the wind's source. §2 forbids that manoeuvre during "
                       "the race; it is allowed only during the start.")
    choices = _one_manoeuvre_away(Q4_HEADING)
    if said not in choices:
        return not_yet(f"{said} is not one manoeuvre away from {Q4_HEADING}: a manoeuvre turns 45° "
                       f"or 90°, so the choices are {', '.join(choices)}.")
    return not_yet(f"{_allowed_turn(Q4_HEADING, said)} Look for the turn that would stop the "
                   "boat dead.")


def _allowed_turn(heading: Direction, to: Direction) -> str:
    rotation = next(m.rotation for m in MANOEUVRES if heading.rotate(m.rotation) is to)
    name = change_of_tack(heading, rotation, WIND)
    return (f"turning to {to} is allowed: {Move(rotation)} puts the boat "
            f"{point_of_sail(to, WIND).phrase}" + (f" (that is a {name})." if name else "."))


# ----- question 5: tack or jibe? -----------------------------------------------------------------

Q5_TURNS: dict[str, tuple[Direction, int]] = {"A": (NE, -2), "B": (SE, 2), "C": (E, -1)}
"""Boat letter: (heading, rotation in eighths of a circle, positive clockwise); wind from N."""
_MANOEUVRE_NAMES: dict[str, str | None] = {"tack": "tack", "jibe": "jibe", "neither": None}


def _read_manoeuvre(value: object) -> str | None:
    return read_choice(value, _MANOEUVRE_NAMES, "manoeuvre name", aliases={"gybe": "jibe"})


@question(
    "Question 5 · Tack or jibe?",
    f"The wind blows from {WIND}. Is each manoeuvre a tack, a jibe, or neither?\n\n"
    + "\n".join(f"- Boat {b} heads {h} and makes a manoeuvre: {Move(r)}, to {h.rotate(r)}"
                for b, (h, r) in Q5_TURNS.items())
    + '\n\nAnswer `"tack"`, `"jibe"` or `"neither"` for each, in a dict like `{"A": "tack", ...}`.',
)
def q5(answer: object) -> Feedback:
    said = read_dict(answer, Q5_TURNS, _letter_reader(list(Q5_TURNS)), _read_manoeuvre, "boat")
    return _verdict(
        [f"Boat {b}: you said {said[b] or 'neither'}. {_manoeuvre_reason(h, r)}"
         for b, (h, r) in Q5_TURNS.items() if said[b] != change_of_tack(h, r, WIND)],
        "a tack turns the bow through the wind; a jibe turns the stern through it.",
    )


def _manoeuvre_reason(heading: Direction, rotation: int) -> str:
    sense = 1 if rotation > 0 else -1
    path = [heading.rotate(sense * k) for k in range(abs(rotation) + 1)]
    before, after = tack(path[0], WIND), tack(path[-1], WIND)
    route = " → ".join(path)
    name = change_of_tack(heading, rotation, WIND)
    if name is None:
        return f"It turns {route} and stays on {before} tack, so it is neither."
    end, through = ("bow", WIND) if name == "tack" else ("stern", WIND.opposite)
    return (f"It turns {route}, from {before} to {after} tack, and its heading passes {through}: "
            f"the wind crosses its {end}, which makes it a {name}.")


# ----- question 6: move and manoeuvre in one turn -------------------------------------------------

def _mixes(moves: tuple[Move, ...]) -> bool:
    """True if a turn has both a movement and a manoeuvre."""
    return len({move.is_movement for move in moves}) == 2


def _move_and_manoeuvre() -> set[PointOfSail]:
    """The points of sail on which one turn can hold a movement and a manoeuvre."""
    return {point_of_sail(h, WIND) for h in Direction
            if any(_mixes(o.moves) for o in turn_options(ORIGIN, h, WIND))}


@question(
    "Question 6 · Move and manoeuvre in the same turn",
    "On which points of sail may a boat make **both** a movement and a manoeuvre in one turn?\n\n"
    'Answer with a set of points of sail, like `{"run", "head to wind"}`.',
)
def q6(answer: object) -> Feedback:
    said = read_set(answer, _read_point_of_sail, '{"run", "head to wind"}')
    expected = _move_and_manoeuvre()
    missing = [f"{p.label} is missing: a boat {p.phrase} may make {p.allowance}."
               for p in PointOfSail if p in expected - said]
    extra = [f"Not {p.label}: a boat {p.phrase} may make {p.allowance}, never both."
             for p in PointOfSail if p in said - expected]
    return _verdict(missing + extra, "only these points of sail give a boat two moves of "
                    "different kinds in one turn.")


# ----- question 7: the fewest turns to the mark --------------------------------------------------

def q7_drill() -> DrillState:
    """The position of question 7: a close-hauled boat, the mark straight upwind of it."""
    return new_drill(seed=0, width=7, height=8, start=(3, 1), heading=NE, mark=(3, 5))


def _q7_route() -> list[TurnOption]:
    drill = q7_drill()
    route = fewest_turns(drill.position, drill.heading, drill.wind, drill.options.mark,
                         within=drill.grid)
    assert route is not None, "question 7's mark must be reachable"
    return route


def _upwind(start: Point, end: Point) -> int:
    """How far ``end`` lies towards the wind's source from ``start``, counted in grid steps."""
    wx, wy = WIND.vector
    return (end[0] - start[0]) * wx + (end[1] - start[1]) * wy


def _best_upwind_gain() -> int:
    """The most any single turn of section 2 gains towards the wind."""
    return max(_upwind(ORIGIN, option.position)
               for heading in Direction for option in turn_options(ORIGIN, heading, WIND))


def _q7_prompt() -> str:
    drill = q7_drill()
    return (f"The boat at {drill.position} sails {drill.point_of_sail.label} heading "
            f"{drill.heading}, the wind from {drill.wind}. The mark is at {drill.options.mark}, "
            "straight upwind. What is the fewest number of turns the boat needs to **reach the "
            "mark** (end a turn on it, or pass over it during a turn), staying on the board?\n\n"
            "Answer with a whole number, like `3`.")


@question("Question 7 · The fewest turns to the mark", _q7_prompt())
def q7(answer: object) -> Feedback:
    said = read_int(answer, "number of turns", low=0)
    route = _q7_route()
    if said == len(route):
        return correct(f"{len(route)} turns, for example:\n{_listing(route)}")
    if said > len(route):
        return not_yet(f"{said} turns is more than needed: here is a route of "
                       f"{len(route)} turns.\n{_listing(route)}")
    return not_yet(f"{_plural(said, 'turn')} is not enough. {_too_few_reason(said)}")


def _too_few_reason(turns: int) -> str:
    drill = q7_drill()
    upwind, gain = _upwind(drill.position, drill.options.mark), _best_upwind_gain()
    bound = (f"The mark is {_plural(upwind, 'intersection')} upwind and no turn gains more than "
             f"{gain} towards the wind (a boat cannot sail straight into it)")
    if turns < ceil(upwind / gain):
        return f"{bound}, so it takes at least {ceil(upwind / gain)} turns."
    return (f"{bound}. Sailing close-hauled, every step upwind also takes the boat one "
            "intersection sideways, so it has to change tack to come back to the mark, and a tack "
            "takes a turn of its own.")


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7)
PROMPTS = {f"q{number}": q.prompt for number, q in enumerate(QUESTIONS, 1)}
