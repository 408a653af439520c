"""Auto-checked questions for the points-of-sail lesson (Race the Wind, section 2).

``start("Ada")`` names the student; ``q1`` ... ``q7`` then show and check that student's
variant. Every expected answer is computed from the rules engine (:mod:`sailing_kit.race`),
never typed in; a wrong answer's feedback says what was wrong and why. The lesson's own
examples (a north wind table, the three manoeuvres it names, its beam-reach drill) are never
asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.grid import Point, chebyshev
from sailing_kit.exercises import session
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import (
    keys_reader,
    read_choice,
    read_dict,
    read_direction,
    read_int,
    read_points,
    read_set,
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

EXERCISE = "01_points_of_sail"
N, NE, E, SE, S, SW, W, NW = Direction
ORIGIN: Point = (0, 0)


def start(student: object, mode: str = "practice") -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name."""
    return session.start(EXERCISE, student, mode)


# ----- shared readers and wording ----------------------------------------------------------------

def _read_point_of_sail(value: object) -> PointOfSail:
    return read_choice(value, {p.label: p for p in PointOfSail}, "point of sail")


def _read_tack(value: object) -> Tack:
    return read_choice(value, {t.value: t for t in Tack}, "tack")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _other_winds(rng: random.Random, *, not_: Direction = N) -> Direction:
    """A wind from any direction but ``not_`` (the lesson's north wind)."""
    return rng.choice([d for d in Direction if d is not not_])


# ----- question 1: name the point of sail --------------------------------------------------------

Q1_HEADINGS = (NE, E, SE, S, NW)


def _q1_prompt(wind: Direction) -> str:
    return (f"The wind blows from **{wind}**. For each heading, name the boat's point of sail: "
            + ", ".join(f'`"{p.label}"`' for p in PointOfSail) + ".\n\n"
            'Answer with a dict from heading to point of sail, like `{"NE": "run", ...}`.')


def _q1_check(wind: Direction, answer: object) -> Verdict:
    said = read_dict(answer, Q1_HEADINGS, read_direction, _read_point_of_sail, "heading")
    return by_part(Q1_HEADINGS, {
        h: f"You said {said[h].label} for heading {h} with the wind from {wind}. The angle "
                 f"between the heading and the wind's source is "
                 f"{point_of_sail(h, wind).angle}°, which is {point_of_sail(h, wind).label}."
        for h in Q1_HEADINGS if said[h] is not point_of_sail(h, wind)},
        "each point of sail matches the angle between the heading and the wind's source.")


q1 = Question(
    EXERCISE, 1, "Name the point of sail", draw=_other_winds, prompt=_q1_prompt, check=_q1_check,
    solution=lambda wind: {h.value: point_of_sail(h, wind).label for h in Q1_HEADINGS},
    template='answer_1 = {"NE": ..., "E": ..., "SE": ..., "S": ..., "NW": ...}',
    hint="measure the angle between the heading and the direction the wind comes FROM: 0°, "
         "45°, 90°, 135° or 180°.",
    worked=points_of_sail_rose)


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
    return ("Which tack is each boat on? Answer `\"port\"` or `\"starboard\"` for each.\n\n"
            + "\n".join(f"- Boat {b}: heading {h}, wind from {w}" for b, (h, w) in boats.items())
            + '\n\nAnswer with a dict, like `{"A": "port", ...}`.')


def _q2_check(boats: dict[str, tuple[Direction, Direction]], answer: object) -> Verdict:
    said = read_dict(answer, boats, keys_reader(boats, "boat"), _read_tack, "boat")
    return by_part(boats, {
        b: f"Boat {b} (heading {h}, wind from {w}): you said {said[b]}. {_tack_reason(h, w)}"
        for b, (h, w) in boats.items() if said[b] is not tack(h, w)},
        "the tack is the side of the boat the wind meets, and a run counts as starboard.")


def _tack_reason(heading: Direction, wind: Direction) -> str:
    actual = tack(heading, wind)
    assert actual is not None, "question 2 has no boat head to wind"
    if point_of_sail(heading, wind) is PointOfSail.RUN:
        return (f"On a run the wind comes from dead astern, and the rulebook counts a run as "
                f"{actual} tack.")
    side = {Tack.STARBOARD: "right", Tack.PORT: "left"}[actual]
    return f"The wind from {wind} meets the boat's {side} side: that is {actual} tack."


q2 = Question(
    EXERCISE, 2, "Port or starboard?", draw=_q2_draw, prompt=_q2_prompt, check=_q2_check,
    solution=lambda boats: {b: str(tack(h, w)) for b, (h, w) in boats.items()},
    template='answer_2 = {"A": ..., "B": ..., "C": ..., "D": ...}',
    hint="stand in the boat facing its heading: does the wind come over your right side "
         "(starboard) or your left (port)? A run counts as starboard.")


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
    start = (rng.randint(2, 6), rng.randint(2, 6))
    mark = next(c for c in ((0, 8), (8, 8), (0, 0), (8, 0)) if chebyshev(c, start) > 2)
    return Drill(start, heading, wind, mark=mark)


def _ends(drill: DrillState) -> dict[Point, TurnOption]:
    """Each intersection the drill's boat can end this turn on, with one turn that gets there."""
    ends: dict[Point, TurnOption] = {}
    for option in drill.turn_options():
        ends.setdefault(option.position, option)
    return ends


def _q3_prompt(v: Drill) -> str:
    drill = v.drill()
    return (f"The boat at {drill.position} heads {drill.heading}, the wind from {drill.wind}: it "
            f"is {drill.point_of_sail.phrase}. On which intersections can it end this turn? "
            "(Ending where it started, after manoeuvres only, counts.) `q3.picture()` draws the "
            "position.\n\nAnswer with a set of points, like `{(0, 0), (1, 2)}`.")


def _q3_check(v: Drill, answer: object) -> Verdict:
    said, drill = read_points(answer), v.drill()
    ends = _ends(drill)
    missing = [f"You left out {p}: {ends[p].describe()}." for p in sorted(set(ends) - said)]
    extra = [f"{p} cannot be reached: "
             + why_unreachable(drill.position, drill.heading, drill.wind, p)
             for p in sorted(said - set(ends))]
    sailing = drill.point_of_sail
    return whole(extra + missing, f"a boat {sailing.phrase} may make {sailing.allowance}, so it "
                 f"can end on these {len(ends)} intersections.",
                 hint=f"a boat {sailing.phrase} may make {sailing.allowance}: try each sequence "
                      "of moves and see where it ends.")


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


q3 = Question(
    EXERCISE, 3, "Where can a beam-reaching boat end its turn?", draw=_q3_draw, prompt=_q3_prompt,
    check=_q3_check, solution=lambda v: set(_ends(v.drill())),
    template="answer_3 = ...",
    hint="list the move sequences its point of sail allows and where each one ends.",
    picture=lambda v: v.drill().scene(show_options=False), worked=lambda v: v.drill())


# ----- question 4: the forbidden manoeuvre -------------------------------------------------------

def _one_manoeuvre_away(heading: Direction) -> list[Direction]:
    """The headings a single manoeuvre (45° or 90°, either way) points a boat to."""
    return [heading.rotate(manoeuvre.rotation) for manoeuvre in MANOEUVRES]


def _forbidden_turns(heading: Direction, wind: Direction) -> list[Direction]:
    """The headings one manoeuvre could point to but no turn of the race allows."""
    allowed = {o.heading for o in turn_options(ORIGIN, heading, wind) if not o.path}
    return [h for h in _one_manoeuvre_away(heading) if h not in allowed]


def _q4_draw(rng: random.Random) -> tuple[Direction, Direction]:
    wind = _other_winds(rng)
    return wind.rotate(rng.choice([1, -1])), wind


def _q4_prompt(v: tuple[Direction, Direction]) -> str:
    heading, wind = v
    return (f"A boat sails {point_of_sail(heading, wind).label}, heading {heading} with the wind "
            f"from {wind}. One manoeuvre (45° or 90°, either way) could point it "
            + ", ".join(str(h) for h in _one_manoeuvre_away(heading)) + ". Which of these "
            'headings may it **not** turn to during the race?\n\nAnswer with a direction, like '
            '`"SE"`.')


def _q4_check(v: tuple[Direction, Direction], answer: object) -> Verdict:
    heading, wind = v
    said = read_direction(answer)
    if said in _forbidden_turns(heading, wind):
        return right(f"heading {said} would leave the boat {point_of_sail(said, wind).label}, "
                     "pointing straight at the wind's source. §2 forbids that manoeuvre during "
                     "the race; it is allowed only during the start.")
    choices = _one_manoeuvre_away(heading)
    if said not in choices:
        return wrong(f"{said} is not one manoeuvre away from {heading}: a manoeuvre turns 45° or "
                     f"90°, so the choices are {', '.join(choices)}.")
    rotation = next(m.rotation for m in MANOEUVRES if heading.rotate(m.rotation) is said)
    name = change_of_tack(heading, rotation, wind)
    return wrong(f"turning to {said} is allowed: {Move(rotation)} puts the boat "
                 f"{point_of_sail(said, wind).phrase}" + (f" (that is a {name})." if name else ".")
                 + " Look for the turn that would stop the boat dead.")


q4 = Question(
    EXERCISE, 4, "The forbidden manoeuvre", draw=_q4_draw, prompt=_q4_prompt, check=_q4_check,
    solution=lambda v: _forbidden_turns(*v)[0].value, template="answer_4 = ...",
    hint="which of these headings would point the boat where the wind comes from?")


# ----- question 5: tack or jibe? -----------------------------------------------------------------

Q5_LETTERS = ("A", "B", "C")
_MANOEUVRE_NAMES: dict[str, str | None] = {"tack": "tack", "jibe": "jibe", "neither": None}
LESSON_TURNS = {(NE, -2), (SE, 2), (E, -1)}
"""(heading, rotation) of the manoeuvres the lesson names in its north wind."""


def _q5_draw(rng: random.Random) -> tuple[Direction, dict[str, tuple[Direction, int]]]:
    wind = _other_winds(rng)
    kinds = ["tack", "jibe", rng.choice(["tack", "jibe", None])]
    rng.shuffle(kinds)
    turns = {}
    for letter, kind in zip(Q5_LETTERS, kinds):
        options = [(h, r) for h in Direction for r in (-2, -1, 1, 2)
                   if point_of_sail(h, wind) is not PointOfSail.HEAD_TO_WIND
                   and point_of_sail(h.rotate(r), wind) is not PointOfSail.HEAD_TO_WIND
                   and change_of_tack(h, r, wind) == kind]
        turns[letter] = rng.choice(options)
    return wind, turns


def _read_manoeuvre(value: object) -> str | None:
    return read_choice(value, _MANOEUVRE_NAMES, "manoeuvre name", aliases={"gybe": "jibe"})


def _q5_prompt(v: tuple[Direction, dict[str, tuple[Direction, int]]]) -> str:
    wind, turns = v
    return (f"The wind blows from {wind}. Is each manoeuvre a tack, a jibe, or neither?\n\n"
            + "\n".join(f"- Boat {b} heads {h} and makes a manoeuvre: {Move(r)}, to {h.rotate(r)}"
                        for b, (h, r) in turns.items())
            + '\n\nAnswer `"tack"`, `"jibe"` or `"neither"` for each, in a dict like '
              '`{"A": "tack", ...}`.')


def _q5_check(v: tuple[Direction, dict[str, tuple[Direction, int]]], answer: object) -> Verdict:
    wind, turns = v
    said = read_dict(answer, turns, keys_reader(turns, "boat"), _read_manoeuvre, "boat")
    return by_part(turns, {
        b: f"Boat {b}: you said {said[b] or 'neither'}. {_manoeuvre_reason(h, r, wind)}"
        for b, (h, r) in turns.items() if said[b] != change_of_tack(h, r, wind)},
        "a tack turns the bow through the wind; a jibe turns the stern through it.")


def _manoeuvre_reason(heading: Direction, rotation: int, wind: Direction) -> str:
    sense = 1 if rotation > 0 else -1
    path = [heading.rotate(sense * k) for k in range(abs(rotation) + 1)]
    before, after = tack(path[0], wind), tack(path[-1], wind)
    route = " → ".join(path)
    name = change_of_tack(heading, rotation, wind)
    if name is None:
        return f"It turns {route} and stays on {before} tack, so it is neither."
    end, through = ("bow", wind) if name == "tack" else ("stern", wind.opposite)
    return (f"It turns {route}, from {before} to {after} tack, and its heading passes {through}: "
            f"the wind crosses its {end}, which makes it a {name}.")


q5 = Question(
    EXERCISE, 5, "Tack or jibe?", draw=_q5_draw, prompt=_q5_prompt, check=_q5_check,
    solution=lambda v: {b: change_of_tack(h, r, v[0]) or "neither" for b, (h, r) in v[1].items()},
    template='answer_5 = {"A": ..., "B": ..., "C": ...}',
    hint="follow the heading step by step: does it pass the wind's source (the bow through the "
         "wind) or the opposite direction (the stern through it), or neither?")


# ----- question 6: what each point of sail allows ------------------------------------------------

def _mixes(moves: tuple[Move, ...]) -> bool:
    return len({move.is_movement for move in moves}) == 2


Q6_ASKS: dict[str, tuple[str, Callable[[TurnOption], bool]]] = {
    "mix": ("make **both** a movement and a manoeuvre in one turn", lambda o: _mixes(o.moves)),
    "two": ("make **two movements** in one turn",
            lambda o: sum(m.is_movement for m in o.moves) == 2),
    "spot": ("end its turn **where it started**, turning on the spot",
             lambda o: not o.path),
}


def _allowing(ask: str) -> set[PointOfSail]:
    """The points of sail on which some turn does what ``ask`` describes (wind from N)."""
    test = Q6_ASKS[ask][1]
    return {point_of_sail(h, N) for h in Direction
            if any(test(o) for o in turn_options(ORIGIN, h, N))}


def _q6_prompt(ask: str) -> str:
    return (f"On which points of sail may a boat {Q6_ASKS[ask][0]}, during the race?\n\n"
            'Answer with a set of points of sail, like `{"run", "head to wind"}`.')


def _q6_check(ask: str, answer: object) -> Verdict:
    said = read_set(answer, _read_point_of_sail, '{"run", "head to wind"}')
    expected = _allowing(ask)
    missing = [f"{p.label} is missing: a boat {p.phrase} may make {p.allowance}."
               for p in PointOfSail if p in expected - said]
    extra = [f"Not {p.label}: a boat {p.phrase} may make {p.allowance}."
             for p in PointOfSail if p in said - expected]
    return whole(extra + missing, "exactly these points of sail allow it (§2).",
                 hint="go through the table of the five points of sail, one row at a time.")


q6 = Question(
    EXERCISE, 6, "What each point of sail allows", draw=lambda rng: rng.choice(list(Q6_ASKS)),
    prompt=_q6_prompt, check=_q6_check,
    solution=lambda ask: {p.label for p in _allowing(ask)}, template="answer_6 = ...",
    hint="go through the table of the five points of sail, one row at a time.")


# ----- question 7: the fewest turns to the mark --------------------------------------------------

def _q7_draw(rng: random.Random) -> Drill:
    while True:
        width, height = rng.randint(7, 9), rng.randint(8, 10)
        start = (rng.randint(2, width - 3), rng.randint(0, 1))
        mark = (start[0] + rng.randint(-1, 1), start[1] + rng.randint(4, height - 2 - start[1]))
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
    return (f"The boat at {drill.position} sails {drill.point_of_sail.label} heading "
            f"{drill.heading}, the wind from {drill.wind}, on a board {v.width} wide and "
            f"{v.height} high. The mark is at {v.mark}. What is the fewest number of turns the "
            "boat needs to **reach the mark** (end a turn on it, or pass over it during a turn), "
            "staying on the board? `q7.picture()` draws the position.\n\n"
            "Answer with a whole number, like `3`.")


def _q7_check(v: Drill, answer: object) -> Verdict:
    said = read_int(answer, "number of turns", low=0)
    route = _route(v)
    if said == len(route):
        return right(f"{len(route)} turns, for example:\n"
                     + "\n".join(f"{n}. {o.describe()}" for n, o in enumerate(route, 1)))
    if said > len(route):
        return wrong(f"{_plural(said, 'turn')} is more than needed: there is a shorter route. "
                     "Sail close-hauled as far as you can before each tack.")
    upwind, gain = _upwind(v.start, v.mark, v.wind), _best_upwind_gain(v.wind)
    bound = (f"The mark is {_plural(upwind, 'intersection')} upwind and no turn gains more than "
             f"{gain} towards the wind (a boat cannot sail straight into it)")
    if said < ceil(upwind / gain):
        return wrong(f"{_plural(said, 'turn')} is not enough. {bound}.")
    return wrong(f"{_plural(said, 'turn')} is not enough. {bound}. Sailing close-hauled, every "
                 "step upwind also takes the boat one intersection sideways, so it has to change "
                 "tack to come back to the mark, and a tack takes a turn of its own.")


def _q7_worked(v: Drill) -> object:
    drill = v.drill()
    picture = drill.scene(show_options=False)
    draw_route(picture, drill.grid_view(), drill.position, _route(v))
    return picture


q7 = Question(
    EXERCISE, 7, "The fewest turns to the mark", draw=_q7_draw, prompt=_q7_prompt,
    check=_q7_check, solution=lambda v: len(_route(v)), template="answer_7 = ...",
    hint="zig-zag: close-hauled on one tack, a tack (a turn of its own), close-hauled on the "
         "other; count the turns on the picture.",
    picture=lambda v: v.drill().scene(show_options=False), worked=_q7_worked)


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7)
