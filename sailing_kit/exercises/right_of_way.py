"""Auto-checked questions for the right-of-way lesson (Race the Wind, sections 3.4-3.6).

``q1(answer)`` ... ``q8(answer)`` each return a :class:`~sailing_kit.exercises.feedback.Feedback`.
Every expected answer is computed from the rules engine (:meth:`Situation.judge`,
:meth:`Situation.infringements`, :meth:`Situation.contests`, the :class:`Umpire`), never typed
in; a wrong answer's feedback says what was wrong and why, citing the rule. ``QUESTIONS`` lists
the questions in order, ``PROMPTS`` maps each name (``"q1"``, ...) to its prompt in Markdown and
``POSITIONS`` maps it to the function that returns its position: a
:class:`~sailing_kit.race.situation.Situation`, or a tuple of them.

``picture(position)`` draws a position without giving the answer away
(``Situation.scene(reveal=False)``: the light-blue point labelled "?", no infringement marked);
``picture(position, reveal=True)`` draws the engine's verdict, for solutions. A Situation shown
on its own is drawn revealed, so the student notebook only shows ``picture(...)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.grid import Point, chebyshev
from sailing_kit.draw import palette
from sailing_kit.draw.scene import Scene
from sailing_kit.exercises.feedback import (
    Feedback,
    correct,
    not_yet,
    question,
    read_choice,
    read_dict,
    read_direction,
    read_set,
)
from sailing_kit.race.engagement import Contest, Infringement, judge, nearest_mark
from sailing_kit.race.penalties import PENALTY_CLEARANCE, Umpire
from sailing_kit.race.rightofway import Boat, Rule, Ruling, course_point, in_zone, leeward_depth
from sailing_kit.race.sailing import (
    PointOfSail,
    Tack,
    TurnOption,
    point_of_sail,
    tack,
    turn_options,
)
from sailing_kit.race.situation import Situation
from sailing_kit.race.wind import COMPASS_DIE

N, NE, E, SE, S, SW, W, NW = Direction


# ----- pictures --------------------------------------------------------------------------------

def picture(position: Situation | Sequence[Situation], *, reveal: bool = False) -> Scene | Gallery:
    """The position drawn by :meth:`Situation.scene`; several positions side by side. Without
    ``reveal`` the answer is hidden: each light-blue point is marked "?" and no infringement is
    circled. With ``reveal``, the engine's verdict (for solutions)."""
    if isinstance(position, Situation):
        return _drawn(position, reveal)
    return Gallery(tuple(position), reveal)


def _drawn(position: Situation, reveal: bool, size: tuple[int, int] | None = None) -> Scene:
    """``position.scene`` with every grid line numbered: the prompts give coordinates."""
    scene, view = position.scene(reveal=reveal, size=size), position.view(size)
    for x in range(1, view.width):
        if x % 5:
            px, py = view.pixel((x, 0))
            scene.text((px, py + view.margin * 0.55), str(x), size=10, colour=palette.MUTED)
    for y in range(1, view.height):
        if y % 5:
            px, py = view.pixel((0, y))
            scene.text((px - view.margin * 0.55, py), str(y), size=10, colour=palette.MUTED)
    return scene


@dataclass(frozen=True)
class Gallery:
    """Several positions side by side, each drawn on a grid of the same size."""

    positions: tuple[Situation, ...]
    reveal: bool = False

    def _repr_html_(self) -> str:
        views = [p.view() for p in self.positions]
        size = (max(v.width for v in views), max(v.height for v in views))
        pictures = "".join(
            f"<figure style='margin:0'>{_drawn(p, self.reveal, size).to_svg()}</figure>"
            for p in self.positions)
        return f"<div style='display:flex;flex-wrap:wrap;gap:12px'>{pictures}</div>"

    def __str__(self) -> str:
        return "\n\n".join(p.describe() for p in self.positions)


# ----- the positions in words ---------------------------------------------------------------------

def _names(position: Situation) -> list[str]:
    return [b.name for b in position.boats]


def _ruling(position: Situation, one: str = "A", other: str = "B") -> Ruling:
    """The umpire's ruling between two boats (``Situation.judge``), A and B by default."""
    return position.judge(one, other)


def _first_to_arrive(position: Situation, a: Boat, b: Boat) -> Boat:
    """The boat that counts as arrived first, as the umpire counts it."""
    first, second = sorted((a, b), key=position.boats.index)
    return second if course_point(first, position.wind) == second.position else first


def _option_words(option: TurnOption) -> str:
    if option.path:
        return f"advances to {option.position}, heading {option.heading}"
    return f"turns on the spot to {option.heading}"


def _boats_line(position: Situation) -> str:
    """The boats in words, each boat head to wind noted, and the marks."""
    line = "; ".join(
        f"{b.name} at {b.position} heading {b.heading}"
        + (" (left head to wind by a wind shift)"
           if point_of_sail(b.heading, position.wind) is PointOfSail.HEAD_TO_WIND else "")
        for b in position.boats)
    return line + "".join(f"; a mark at {mark}" for mark in position.marks)


# ----- explaining a ruling ---------------------------------------------------------------------

def _tack_phrase(boat: Boat, wind: Direction) -> str:
    sailing = point_of_sail(boat.heading, wind)
    if sailing is PointOfSail.HEAD_TO_WIND:
        return "head to wind, with no tack"
    if sailing is PointOfSail.RUN:
        return "on a run, which counts as starboard tack"
    return f"{sailing.phrase} on {tack(boat.heading, wind)} tack"


def _depth(boat: Boat, wind: Direction) -> int:
    return leeward_depth(boat.position, wind)


def _speed(boat: Boat, wind: Direction) -> int:
    return point_of_sail(boat.heading, wind).speed


def _lines(count: int) -> str:
    return f"{count} wind line" + ("" if count == 1 else "s")


def _mark(position: Situation, a: Boat, b: Boat) -> Point | None:
    """The mark whose zone counts between two boats: the nearest."""
    return nearest_mark(a, b, position.marks)


def _zone_applies(position: Situation, a: Boat, b: Boat) -> bool:
    mark = _mark(position, a, b)
    return (mark is not None and not position.start
            and (in_zone(a.position, mark) or in_zone(b.position, mark)))


def _squared(point: Point, mark: Point) -> int:
    return (point[0] - mark[0]) ** 2 + (point[1] - mark[1]) ** 2


def _inside_outside(position: Situation, a: Boat, b: Boat) -> tuple[Boat, Boat] | None:
    """(inside, outside) at the mark, or None if both are equally near it."""
    mark = _mark(position, a, b)
    assert mark is not None
    da, db = _squared(a.position, mark), _squared(b.position, mark)
    if da == db:
        return None
    return (a, b) if da < db else (b, a)


def _zone_words(position: Situation, a: Boat, b: Boat) -> str:
    mark = _mark(position, a, b)
    inside = [boat.name for boat in (a, b) if in_zone(boat.position, mark)]
    where = f"the zone of the 2 lengths round the mark at {mark}"
    if len(inside) == 2:
        return f"Both boats are within {where}"
    return f"{inside[0]} is within {where} (one boat in the zone is enough)"


def explain(position: Situation, ruling: Ruling) -> str:
    """Why the engine's ``ruling`` between two boats of ``position`` is what it is, citing the
    section of the rulebook."""
    wind = position.wind
    win, lose = position.boat(ruling.winner), position.boat(ruling.keep_clear)
    rule = ruling.rule_key
    if rule is Rule.STARBOARD:
        first = _tack_phrase(win, wind)
        text = (f"{win.name} is {first}{',' if ',' in first else ''} and {lose.name} "
                f"{_tack_phrase(lose, wind)}: the boat on starboard tack has right of way")
        if _depth(lose, wind) > _depth(win, wind):
            text += f", even though {lose.name} is to leeward: the tack comes first"
        return text + " (§3.4)."
    if rule is Rule.HEAD_TO_WIND:
        return (f"{lose.name} is head to wind: it has no tack, so it keeps clear of "
                f"{win.name}, which is {_tack_phrase(win, wind)} (§3.4, the kit's reading).")
    if rule is Rule.LEEWARD:
        both = (f"on {tack(win.heading, wind)} tack" if tack(win.heading, wind)
                else "head to wind")
        text = (f"Both boats are {both}, so the tack does not decide; {win.name} is "
                f"{_lines(_depth(win, wind) - _depth(lose, wind))} further from the wind (to "
                f"leeward) than {lose.name}, and the boat to leeward has right of way")
        if _speed(lose, wind) > _speed(win, wind):
            text += (f", even though {lose.name} is faster: speed only counts when both boats "
                     "are on the same wind line")
        return text + " (§3.4)."
    if rule is Rule.FASTER:
        text = (f"Both boats are on {tack(win.heading, wind)} tack and on the same wind line, so "
                f"neither is to leeward; {win.name} {point_of_sail(win.heading, wind).phrase} "
                f"(2 moves a turn) is faster than {lose.name} "
                f"{point_of_sail(lose.heading, wind).phrase} (1 move), and the faster point of "
                "sail has right of way (§3.4)")
        if position.previous_wind is None and _first_to_arrive(position, win, lose) is lose:
            text += f". {lose.name} arrived first, but the turn order only counts at equal speed"
        return text + "."
    if rule is Rule.TURN_ORDER:
        both = (f"on {tack(win.heading, wind)} tack" if tack(win.heading, wind)
                else "head to wind")
        return (f"Both boats are {both}, on the same wind line and equally fast "
                f"({point_of_sail(win.heading, wind).label} and "
                f"{point_of_sail(lose.heading, wind).label}), so the turn order decides: "
                f"{win.name} arrived first (§3.4).")
    if rule is Rule.INSIDE:
        text = (f"{_zone_words(position, win, lose)}, where only the inside position counts: "
                f"{win.name} is nearer the mark than {lose.name}, so it has right of way (§3.6)")
        outside = _ladder_ruling(position, win, lose)
        if outside.winner != win.name:
            text += (f". Outside the zone {outside.winner} would have it: "
                     f"{_lower_first(explain(position, outside))}")
            return text
        return text + "."
    # Rule.ASTERN_IN_ZONE
    return (f"{win.name}'s next movement leads onto {lose.name}'s intersection from astern: "
            f"{win.name} engages {lose.name} from astern, and "
            f"{_lower_first(_zone_words(position, win, lose))}. The inside boat {lose.name} "
            "then loses its right of way, whatever the wind: it may not manoeuvre and must "
            "advance (§3.6, fig. 14).")


def _lower_first(text: str) -> str:
    """``text`` with its first word in lower case, unless that word is a boat's letter."""
    return text if re.match(r"[A-Z]\b", text) else text[:1].lower() + text[1:]


def _ladder_ruling(position: Situation, a: Boat, b: Boat) -> Ruling:
    """The ruling of the ladder of §3.4 alone (no zone)."""
    return judge(*sorted((a, b), key=position.boats.index), position.wind)


def why_rule_does_not_decide(position: Situation, said: Rule, ruling: Ruling) -> str:
    """Why ``said`` is not the rule that decides between the two boats of ``ruling``."""
    wind = position.wind
    a, b = sorted((position.boat(ruling.winner), position.boat(ruling.keep_clear)),
                  key=position.boats.index)
    zone = _zone_applies(position, a, b)
    mark = _mark(position, a, b)
    if said in (Rule.INSIDE, Rule.ASTERN_IN_ZONE):
        if mark is None:
            return "there is no mark here, so the zone rules of §3.6 do not apply"
        if position.start:
            return "at the start the inside position at the mark does not count (§3.6)"
        if not zone:
            return f"neither boat is within the zone of the 2 lengths of the mark at {mark}"
        sides = _inside_outside(position, a, b)
        if sides is None:
            return "both boats are equally near the mark: neither is inside, so the ladder decides"
        inside, outside = sides
        if said is Rule.INSIDE:
            return (f"{outside.name} engages the inside boat {inside.name} from astern, and then "
                    "the inside boat loses its right of way (§3.6)")
        return (f"{outside.name} does not engage {inside.name} from astern: its next movement "
                f"does not lead onto {inside.name}'s intersection from behind")
    if zone:
        return ("within the zone of the 2 lengths the engagement rules of §3.4 lapse: only the "
                "inside position counts (§3.6)")
    tack_a, tack_b = tack(a.heading, wind), tack(b.heading, wind)
    if said is Rule.HEAD_TO_WIND:
        if tack_a is None and tack_b is None:
            return "both boats are head to wind, so that does not tell them apart"
        return "neither boat is head to wind: both have a tack"
    if tack_a is not tack_b and (tack_a is None or tack_b is None):
        still = a if tack_a is None else b
        return (f"{still.name} is head to wind and has no tack at all: a boat head to wind keeps "
                "clear of a boat on either tack, before anything else is looked at")
    if said is Rule.STARBOARD:
        both = f"on {tack_a} tack" if tack_a else "head to wind"
        return f"both boats are {both}, so the tack does not decide"
    if tack_a is not tack_b:
        return (f"the tacks differ ({a.name} on {tack_a}, {b.name} on {tack_b}), and the tack is "
                "looked at first")
    depth_a, depth_b = _depth(a, wind), _depth(b, wind)
    if said is Rule.LEEWARD:
        return "both boats are on the same wind line, so neither is to leeward"
    if depth_a != depth_b:
        deeper = a if depth_a > depth_b else b
        return (f"{deeper.name} is further to leeward, and leeward is looked at before speed and "
                "turn order")
    if said is Rule.FASTER:
        return (f"both boats are equally fast ({point_of_sail(a.heading, wind).label} and "
                f"{point_of_sail(b.heading, wind).label})")
    faster = a if _speed(a, wind) > _speed(b, wind) else b
    return (f"{faster.name} is on a faster point of sail, and speed is looked at before the "
            "turn order")


# ----- shared readers and wording --------------------------------------------------------------

def _letter_reader(letters: Sequence[str]) -> Callable[[object], str]:
    """A reader for the boat letters of a question, in either case."""
    return lambda value: read_choice(value, {letter: letter for letter in letters}, "boat")


def _pair_reader(count: int) -> Callable[[object], int]:
    """Reads "pair 1" (or "Pair_1", "pair1", "1", 1) as 1."""
    names = {f"pair {n}": n for n in range(1, count + 1)}
    aliases = {**{f"pair{n}": n for n in names.values()}, **{f"p{n}": n for n in names.values()},
               **{str(n): n for n in names.values()}}

    def read(value: object) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return read_choice(value, names, "pair", aliases)
    return read


def _verdict(mistakes: list[str], praise: str) -> Feedback:
    """Not yet, listing the mistakes one a line; or correct with ``praise``."""
    return not_yet("\n".join(mistakes)) if mistakes else correct(praise)


RULE_NAMES: dict[str, Rule] = {
    "starboard": Rule.STARBOARD,
    "head to wind": Rule.HEAD_TO_WIND,
    "leeward": Rule.LEEWARD,
    "faster": Rule.FASTER,
    "turn order": Rule.TURN_ORDER,
    "inside": Rule.INSIDE,
    "astern in zone": Rule.ASTERN_IN_ZONE,
}
RULE_ALIASES: dict[str, Rule] = {
    "starboard tack": Rule.STARBOARD, "starboard over port": Rule.STARBOARD,
    "tack": Rule.STARBOARD, "port starboard": Rule.STARBOARD, "port/starboard": Rule.STARBOARD,
    "in irons": Rule.HEAD_TO_WIND, "no tack": Rule.HEAD_TO_WIND,
    "to leeward": Rule.LEEWARD, "windward leeward": Rule.LEEWARD, "windward/leeward": Rule.LEEWARD,
    "leeward over windward": Rule.LEEWARD,
    "speed": Rule.FASTER, "faster point of sail": Rule.FASTER, "fastest": Rule.FASTER,
    "order": Rule.TURN_ORDER, "first to arrive": Rule.TURN_ORDER, "arrived first": Rule.TURN_ORDER,
    "first arrived": Rule.TURN_ORDER,
    "inside position": Rule.INSIDE, "inside boat": Rule.INSIDE,
    "nearer the mark": Rule.INSIDE,
    "engaged from astern": Rule.ASTERN_IN_ZONE, "astern": Rule.ASTERN_IN_ZONE,
    "from astern": Rule.ASTERN_IN_ZONE, "astern in the zone": Rule.ASTERN_IN_ZONE,
}


def read_rule(value: object) -> Rule:
    """A rule of right of way by its name in :class:`Rule` (``"turn_order"``) or in plain words
    (``"turn order"``, ``"first to arrive"``), ignoring case."""
    if isinstance(value, Rule):
        return value
    return read_choice(value, RULE_NAMES, "rule of right of way", aliases=RULE_ALIASES)


def _rule_name(rule: Rule) -> str:
    return next(name for name, r in RULE_NAMES.items() if r is rule)


# ----- question 1: who must keep clear? ----------------------------------------------------------

def _position(title: str, *boats: Boat, marks: tuple[Point, ...] = ()) -> Situation:
    """A position of the lesson: the boats (in turn order) in a wind from N."""
    return Situation(title=title, wind=N, boats=boats, marks=marks)


def q1_pairs() -> tuple[Situation, ...]:
    """The four pairs of question 1, each engaged, in a wind from N."""
    return (
        _position("Pair 1", Boat("A", (1, 1), NE), Boat("B", (3, 3), SW)),
        _position("Pair 2", Boat("A", (2, 1), NW), Boat("B", (2, 2), W)),
        _position("Pair 3", Boat("A", (1, 1), NE), Boat("B", (2, 3), S)),
        _position("Pair 4", Boat("A", (2, 0), NE), Boat("B", (2, 1), E)),
    )


def _pairs_listing(pairs: Sequence[Situation]) -> str:
    return "\n".join(f"- Pair {n}: {_boats_line(p)}" for n, p in enumerate(pairs, 1))


def _pairs_template(pairs: Sequence[Situation]) -> str:
    return "{" + ", ".join(f'"pair {n}": ...' for n in range(1, len(pairs) + 1)) + "}"


@question(
    "Question 1 · Who must keep clear?",
    "The wind blows from **N**. In each pair below the two boats are engaged: their next "
    "movements claim the same intersection, or one claims the intersection the other occupies. "
    "For each pair, which boat **must keep clear**?\n\n"
    + _pairs_listing(q1_pairs())
    + '\n\nAnswer with a dict from pair to boat, like `{"pair 1": "A", ...}`.',
)
def q1(answer: object) -> Feedback:
    pairs = q1_pairs()
    said = read_dict(answer, range(1, len(pairs) + 1), _pair_reader(len(pairs)),
                     _letter_reader("AB"), "pair")
    mistakes = []
    for number, position in enumerate(pairs, 1):
        ruling = _ruling(position)
        if said[number] != ruling.keep_clear:
            mistakes.append(f"Pair {number}: you said {said[number]} must keep clear. "
                            f"{explain(position, ruling)} So {ruling.keep_clear} keeps clear.")
    return _verdict(mistakes, "starboard before port; on equal tacks leeward before windward, "
                    "whatever the speed (§3.4).")


# ----- question 2: which rung of the ladder decides? ---------------------------------------------

def q2_pairs() -> tuple[Situation, ...]:
    """The four pairs of question 2; in each, A arrived first."""
    fig14 = (Boat("A", (4, 2), W), Boat("B", (5, 2), W))
    return (
        _position("Pair 1", Boat("A", (1, 2), S), Boat("B", (2, 2), SW)),
        _position("Pair 2", *fig14),
        _position("Pair 3", Boat("A", (2, 2), N), Boat("B", (3, 1), NW)),
        _position("Pair 4", *fig14, marks=((4, 4),)),
    )


@question(
    "Question 2 · Which rung of the ladder decides?",
    "The wind blows from **N**; in each pair **A arrived first** (it plays earlier in the turn "
    "order). The rules of right of way are tried in order, and the first that tells the boats "
    "apart decides. Which rule decides each pair?\n\n"
    + _pairs_listing(q2_pairs())
    + "\n\nThe rules: " + ", ".join(f'`"{name}"`' for name in RULE_NAMES)
    + '.\n\nAnswer with a dict from pair to rule, like `{"pair 1": "starboard", ...}`.',
)
def q2(answer: object) -> Feedback:
    pairs = q2_pairs()
    said = read_dict(answer, range(1, len(pairs) + 1), _pair_reader(len(pairs)), read_rule,
                     "pair")
    mistakes = []
    for number, position in enumerate(pairs, 1):
        ruling = _ruling(position)
        if said[number] is not ruling.rule_key:
            mistakes.append(
                f"Pair {number}: you said {_rule_name(said[number])}, but "
                f"{why_rule_does_not_decide(position, said[number], ruling)}. It is decided by "
                f"{_rule_name(ruling.rule_key)}. {explain(position, ruling)}")
    return _verdict(mistakes, "the zone of the 2 lengths first (§3.6), then head to wind and "
                    "the tack, leeward, speed, and last the turn order (§3.4).")


# ----- question 3: the prisoner (an occupied point) ----------------------------------------------

def q3_position() -> Situation:
    """Question 3: B sails right behind A, both close-hauled on port tack; A is to play."""
    return _position("Engaged from astern", Boat("A", (3, 3), NE), Boat("B", (2, 2), NE))


def q3_options() -> dict[Direction, TurnOption]:
    """A's ends of turn (not onto or through B), by the heading each ends on."""
    position = q3_position()
    a = position.boat("A")
    others = {b.position for b in position.boats if b.name != "A"}
    options = [o for o in turn_options(a.position, a.heading, position.wind)
               if not others & set(o.path)]
    by_heading = {o.heading: o for o in options}
    assert len(by_heading) == len(options), "each end of A's turn must have its own heading"
    return by_heading


def q3_after(heading: Direction | str) -> Situation:
    """Question 3's position once A ends its turn on ``heading`` (one of :func:`q3_options`)."""
    option = q3_options()[Direction.parse(heading)]
    return q3_position().after("A", option.position, option.heading,
                               f"A {_option_words(option)}")


def _q3_prompt() -> str:
    position = q3_position()
    a, b = position.boat("A"), position.boat("B")
    options = q3_options()
    moves = [f"advance to {o.position} heading {h}" for h, o in options.items() if o.path]
    turns = [str(h) for h, o in options.items() if not o.path]
    return (f"The wind blows from **{position.wind}**. A at {a.position} and B at {b.position} "
            f"both head {a.heading}, {_tack_phrase(a, position.wind)}. B's next movement leads "
            "onto A's intersection: B engages A **from astern**, the occupied point of fig. 2.\n\n"
            f"It is A's turn. A can {', or '.join(moves)}, or turn on the spot to "
            f"{', '.join(turns[:-1])} or {turns[-1]}. Which of these would bring A **no "
            "penalty** (B could not protest)?\n\n"
            'Answer with the set of headings A ends its turn on, like `{"NE", "SE"}`.')


@question("Question 3 · The prisoner", _q3_prompt())
def q3(answer: object) -> Feedback:
    said = read_set(answer, read_direction, '{"NE", "SE"}')
    position, options = q3_position(), q3_options()
    safe = {h for h in options if not q3_after(h).infringements()}
    mistakes = []
    for heading in Direction:
        if heading in said and heading not in options:
            mistakes.append(f"{heading}: {_not_an_option(position, heading)}")
        elif heading in said and heading not in safe:
            mistakes.append(f"{heading}: {_why_penalty(options[heading])}")
        elif heading in safe and heading not in said:
            mistakes.append(f"You left out {heading}: {_why_safe(options[heading])}")
    return _verdict(mistakes, "A may sail on, or tack onto starboard: on starboard tack it has "
                    "right of way over B on port, so B cannot protest (§3.4). Any other "
                    "manoeuvre stops A on B's course point without right of way.")


def _not_an_option(position: Situation, heading: Direction) -> str:
    a = position.boat("A")
    sailing = point_of_sail(a.heading, position.wind)
    if point_of_sail(heading, position.wind) is PointOfSail.HEAD_TO_WIND:
        return ("A cannot end its turn there: that would leave it head to wind, and during the "
                "race no manoeuvre may (§2).")
    return (f"A cannot end its turn heading {heading}: a boat {sailing.phrase} may make "
            f"{sailing.allowance} (§2).")


def _why_penalty(option: TurnOption) -> str:
    after = q3_after(option.heading)
    incident = after.infringements()[0]
    return (f"A {_option_words(option)} and stays on {incident.point}, the point "
            f"{incident.wronged} sails to next. {explain(after, incident.ruling)} "
            f"{incident.wronged} would protest: penalty.")


def _why_safe(option: TurnOption) -> str:
    after = q3_after(option.heading)
    a = after.boat("A")
    claimants = [b for b in after.boats
                 if b.name != "A" and course_point(b, after.wind) == a.position]
    if not claimants:
        return (f"A {_option_words(option)}; no boat's next movement leads onto "
                f"{a.position}, so there is nothing to protest.")
    reasons = " ".join(explain(after, _ruling(after, "A", b.name)) for b in claimants)
    return (f"A {_option_words(option)} and stays on a point B sails to next, but now {reasons} "
            "A has right of way, so B cannot protest.")


# ----- question 4: the light-blue point (a free point) -------------------------------------------

def q4_position() -> Situation:
    """Question 4: three boats claim one free intersection; a fourth sails elsewhere."""
    return _position("The light-blue point", Boat("A", (1, 1), NE), Boat("B", (3, 3), SW),
                     Boat("C", (3, 1), NW), Boat("D", (1, 0), W))


def _q4_contest() -> Contest:
    contests = q4_position().contests()
    assert len(contests) == 1, "question 4 asks about exactly one light-blue point"
    return contests[0]


def _q4_prompt() -> str:
    position, contest = q4_position(), _q4_contest()
    return (f"The wind blows from **{position.wind}**: {_boats_line(position)}, in this turn "
            "order. Some of their next movements claim the same free intersection "
            f"{contest.point}, the light-blue point of figures 9-11. **Which boat is entitled to "
            f"it?**\n\nAnswer with a boat, like `\"A\"`.")


@question("Question 4 · The light-blue point", _q4_prompt())
def q4(answer: object) -> Feedback:
    position, contest = q4_position(), _q4_contest()
    said = _letter_reader(_names(position))(answer)
    if said == contest.entitled:
        beaten = [n for n in contest.claimants if n != said]
        reasons = " ".join(
            f"Against {n}: {_lower_first(explain(position, _ruling(position, said, n)))}"
            for n in beaten)
        return correct(f"{said} has right of way over every other boat that claims "
                       f"{contest.point}. {reasons}")
    if said not in contest.claimants:
        boat = position.boat(said)
        return not_yet(f"{said} does not claim {contest.point}: its next movement leads to "
                       f"{course_point(boat, position.wind)}. Only the boats whose course point "
                       f"is the light-blue point contest it: {', '.join(contest.claimants)}.")
    rival = next(n for n in [contest.entitled, *contest.claimants] if n != said
                 and _ruling(position, said, n).winner == n)
    return not_yet(f"{said} claims {contest.point}, but {rival} claims it too: "
                   f"{_lower_first(explain(position, _ruling(position, said, rival)))} So {said} "
                   "must leave the point to it.")


# ----- question 5: the zone of the 2 lengths -----------------------------------------------------

def q5_position(start: bool = False) -> Situation:
    """Question 5 (fig. 13): two boats near the mark; with ``start`` the mark is the start."""
    return Situation(title="At the start" if start else "The zone of the 2 lengths", wind=N,
                     boats=(Boat("A", (6, 3), NW), Boat("B", (6, 4), W)), marks=((5, 5),),
                     start=start)


Q5_MOMENTS = {"race": False, "start": True}
_Q5_ALIASES = {"the race": "race", "during the race": "race", "in the race": "race",
               "rounding": "race", "at the start": "start", "the start": "start",
               "starting": "start"}


def _read_moment(value: object) -> str:
    return read_choice(value, {moment: moment for moment in Q5_MOMENTS}, "moment", _Q5_ALIASES)


def _q5_prompt() -> str:
    position = q5_position()
    (contest,) = position.contests()
    return (f"The wind blows from **{position.wind}**: {_boats_line(position)}. Both boats are "
            f"within the mark's zone of the 2 lengths, and both their next movements claim "
            f"{contest.point}.\n\n"
            "Who has **right of way**: (1) during the race, rounding this mark; (2) if this "
            "were the starting mark and the boats were starting?\n\n"
            'Answer with a dict, like `{"race": "A", "start": "A"}`.')


@question("Question 5 · The zone of the 2 lengths", _q5_prompt())
def q5(answer: object) -> Feedback:
    said = read_dict(answer, Q5_MOMENTS, _read_moment, _letter_reader("AB"), "moment")
    mistakes = []
    for moment, start in Q5_MOMENTS.items():
        position = q5_position(start)
        ruling = _ruling(position)
        if said[moment] == ruling.winner:
            continue
        why = explain(position, ruling)
        if start:
            why = ("At the start the inside position at the mark does not determine right of "
                   f"way (§3.6), so the ladder of §3.4 decides. {why}")
        mistakes.append(f"{moment.capitalize()}: you said {said[moment]}. {why}")
    return _verdict(mistakes, "inside the zone only the inside position counts, except at the "
                    "start, where the ladder of §3.4 decides as in open water (§3.6).")


# ----- question 6: a wind shift ------------------------------------------------------------------

def q6_position(wind: Direction | str | None = None) -> Situation:
    """Question 6: two boats in a north wind; with ``wind``, after the wind shifts there."""
    position = _position("Before the shift", Boat("A", (2, 2), W), Boat("B", (3, 3), SW))
    if wind is None:
        return position
    wind = Direction.parse(wind)
    return position.in_wind(wind, f"The wind shifts to {wind}")


def q6_winds() -> list[Direction]:
    """The new winds the compass die can roll (its faces other than the present wind)."""
    now = q6_position().wind
    return list(dict.fromkeys(face for face in COMPASS_DIE if face is not now))


_NONE = "none"


def _read_offender(value: object) -> str:
    return read_choice(value, {"A": "A", "B": "B", _NONE: _NONE}, "boat or none",
                       aliases={"nobody": _NONE, "no one": _NONE, "neither": _NONE,
                                "no infringement": _NONE, "no": _NONE})


def _q6_prompt() -> str:
    position = q6_position()
    faces = ", ".join(str(face) for face in COMPASS_DIE)
    return (f"The wind blows from **{position.wind}**: {_boats_line(position)}. Nobody "
            f"infringes anybody. Then the compass die is rolled (faces {faces}) and the wind "
            "shifts. \"A wind change may create or modify an engagement situation\" (§3.4).\n\n"
            "For each new wind, does the shift create an infringement, and **who is the "
            'offender**? Answer `"A"`, `"B"` or `"none"` for each, in a dict like '
            + "`{" + ", ".join(f'"{w}": ...' for w in q6_winds()) + "}`.")


@question("Question 6 · After a wind shift", _q6_prompt())
def q6(answer: object) -> Feedback:
    winds = q6_winds()
    said = read_dict(answer, winds, read_direction, _read_offender, "wind")
    mistakes = []
    for wind in winds:
        after = q6_position(wind)
        found = after.infringements()
        offender = found[0].offender if found else _NONE
        if said[wind] != offender:
            mistakes.append(f"Wind from {wind}: you said {said[wind]}. "
                            f"{_wind_shift_reason(after, found)}")
    return _verdict(mistakes, "after a shift, judge every engagement again in the new wind: the "
                    "tacks, the wind lines and the points of sail all change, the positions do "
                    "not (§3.4).")


def _wind_shift_reason(after: Situation, found: list[Infringement]) -> str:
    wind = after.wind
    if found:
        incident = found[0]
        return (f"In a wind from {wind}, {incident.offender} stands on {incident.point}, where "
                f"{incident.wronged}'s next movement leads. {explain(after, incident.ruling)} So "
                f"{incident.offender} infringes {incident.wronged}.")
    claims = []
    for boat in after.boats:
        point = course_point(boat, wind)
        standing = [b for b in after.boats if b.position == point]
        if standing:
            ruling = _ruling(after, standing[0].name, boat.name)
            claims.append(f"{boat.name}'s next movement leads onto {standing[0].name} at {point}, "
                          f"but {standing[0].name} keeps its right of way: "
                          f"{_lower_first(explain(after, ruling))}")
    if not claims:
        return (f"In a wind from {wind} no boat stands on another's course point, so nobody "
                "infringes.")
    return f"In a wind from {wind}, " + _lower_first(" ".join(claims)) + " Nobody infringes."


# ----- question 7: where to serve a penalty ------------------------------------------------------

def q7_position() -> Situation:
    """Question 7: A, B and C each owe a penalty; D owes none. One mark."""
    return _position("Who can serve a penalty here?", Boat("A", (2, 6), E),
                     Boat("B", (5, 3), NE), Boat("C", (7, 1), NW), Boat("D", (8, 1), NW),
                     marks=((4, 4),))


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


def _read_penalty_answer(value: object) -> str:
    return read_choice(value, _PENALTY_CHOICES, "verdict", _PENALTY_ALIASES)


def penalty_verdict(position: Situation, name: str) -> tuple[bool, str]:
    """Whether ``name`` may declare its penalty turn here, by the :class:`Umpire`, with the
    umpire's words when it may not."""
    umpire = Umpire(owed=((name, 1),))
    try:
        umpire.declare(position.boat(name), position.boats, position.marks)
    except IllegalAction as refusal:
        return False, str(refusal)
    return True, ""


def _too_close(position: Situation, name: str) -> dict[str, list[str]]:
    """What lies nearer than the clearance to ``name``: marks and boats, described."""
    here = position.boat(name).position
    marks = [f"the mark at {m} is {_steps(chebyshev(here, m))} away"
             for m in position.marks if chebyshev(here, m) < PENALTY_CLEARANCE]
    boats = [f"{b.name} at {b.position} is {_steps(chebyshev(here, b.position))} away"
             for b in position.boats
             if b.name != name and chebyshev(here, b.position) < PENALTY_CLEARANCE]
    return {_MARK: marks, _BOAT: boats}


def _steps(count: int) -> str:
    return f"{count} intersection" + ("" if count == 1 else "s")


def _q7_prompt() -> str:
    position = q7_position()
    owing = ", ".join(Q7_OWING[:-1]) + " and " + Q7_OWING[-1]
    return (f"The wind blows from **{position.wind}**: {_boats_line(position)}. Boats {owing} "
            "each owe a penalty. Can each of them **declare its penalty turn here**, now?\n\n"
            f'Answer `"{_YES}"`, `"{_MARK}"` (too close to a mark) or `"{_BOAT}"` (too close '
            "to another boat) for each, in a dict like "
            + "`{" + ", ".join(f'"{n}": ...' for n in Q7_OWING) + "}`.")


@question("Question 7 · Where can a penalty be served?", _q7_prompt())
def q7(answer: object) -> Feedback:
    position = q7_position()
    said = read_dict(answer, Q7_OWING, _letter_reader(_names(position)), _read_penalty_answer,
                     "boat")
    mistakes = []
    rule = (f"the penalty turn is served at least {PENALTY_CLEARANCE} intersections from the "
            "buoys and from the other boats (§3.4)")
    for name in Q7_OWING:
        allowed, refusal = penalty_verdict(position, name)
        close = _too_close(position, name)
        if allowed and said[name] != _YES:
            mistakes.append(f"{name}: you said {said[name]}, but {name} can serve it here: "
                            f"{rule}, and {_clearances(position, name)}.")
        elif not allowed and said[name] == _YES:
            mistakes.append(f"{name}: you said yes, but the umpire refuses — {refusal}: "
                            f"{'; '.join(close[_MARK] + close[_BOAT])}.")
        elif not allowed and said[name] == _NO:
            mistakes.append(f"{name}: right, it cannot — but say why ({_MARK!r} or {_BOAT!r}): "
                            f"{'; '.join(close[_MARK] + close[_BOAT])}.")
        elif not allowed and said[name] != _YES and not close[said[name]]:
            other = _BOAT if said[name] == _MARK else _MARK
            mistakes.append(f"{name}: right, it cannot, but not because of a "
                            f"{said[name].removeprefix('no: ')}: {'; '.join(close[other])} "
                            f"({rule}).")
    return _verdict(mistakes, f"{rule}; exactly {PENALTY_CLEARANCE} away is far enough.")


def _clearances(position: Situation, name: str) -> str:
    here = position.boat(name).position
    mark = min(chebyshev(here, m) for m in position.marks)
    boat = min(chebyshev(here, b.position) for b in position.boats if b.name != name)
    return f"the nearest mark is {_steps(mark)} away and the nearest boat {_steps(boat)}"


# ----- question 8: the game and the real rules ---------------------------------------------------

@dataclass(frozen=True)
class Statement:
    """A statement comparing the game with the Racing Rules of Sailing. The RRS half is always
    right (from :attr:`Rule.rrs`); whether the game half is, the engine decides: ``holds``
    judges the game claim on ``position``."""

    text: str
    position: Situation
    rule: Rule
    holds: Callable[[Situation], bool]
    pair: tuple[str, str] = ("A", "B")

    def is_true(self) -> bool:
        return self.holds(self.position)

    def verdict(self) -> str:
        """The engine's ruling on the position, in words."""
        return explain(self.position, _ruling(self.position, *self.pair))


def _run_is_port(position: Situation) -> bool:
    return tack(position.boat("A").heading, position.wind) is Tack.PORT


def q8_statements() -> dict[str, Statement]:
    """The statements of question 8, by letter."""
    fig2 = _position("(a) Fig. 2", Boat("A", (3, 3), NW), Boat("B", (4, 2), NW))
    fig11 = _position("(b) Fig. 11", Boat("A", (2, 2), SW), Boat("B", (1, 2), S))
    run = _position("(c) A dead run", Boat("A", (2, 3), S), Boat("B", (1, 1), NE))
    fig14 = _position("(d) Fig. 14", Boat("A", (4, 2), W), Boat("B", (5, 2), W), marks=((4, 4),))
    irons = _position("(e) Head to wind", Boat("A", (2, 2), N), Boat("B", (3, 1), NW))
    tie = _position("(f) A complete tie", Boat("A", (4, 2), W), Boat("B", (5, 2), W))
    def winner(name):
        return (lambda p: _ruling(p).winner == name)
    return {
        "a": Statement(
            "Fig. 2: A at (3, 3) and B at (4, 2), both close-hauled heading NW on starboard tack, "
            "B right behind A. In the game B, to leeward, has right of way over A; under the "
            "real rules B, clear astern, would have to keep clear of A (RRS 12).",
            fig2, Rule.LEEWARD, winner("B")),
        "b": Statement(
            "Fig. 11: A on a broad reach and B on a run, on the same wind line, both on "
            "starboard tack, claim the same point. In the game A has right of way because it is "
            "faster; the real rules never look at speed.",
            fig11, Rule.FASTER, winner("A")),
        "c": Statement(
            "In the game a boat running dead downwind (A, heading S in a north wind) may be on "
            "port tack, as under the real rules, where the side of its mainsail decides.",
            run, Rule.STARBOARD, _run_is_port),
        "d": Statement(
            "Fig. 14, in the zone of the mark at (4, 4): in the game the inside boat A, engaged "
            "from astern by B, keeps its right of way, just as RRS 18.2(a)(2) gives a boat clear "
            "ahead that reaches the zone first mark-room.",
            fig14, Rule.ASTERN_IN_ZONE, winner("A")),
        "e": Statement(
            "In the game A, left head to wind by a wind shift, keeps its right of way over B, "
            "close-hauled on starboard tack; under the real rules A has not tacked: a boat left "
            "head to wind by a shift keeps her old tack, so rules 10-12 decide, not rule 13.",
            irons, Rule.HEAD_TO_WIND, winner("A")),
        "f": Statement(
            "In the game, when tack, wind line and speed are all equal, the boat that arrived "
            "first has right of way; the real rules have no such rule (RRS 15 only asks a boat "
            "that acquires right of way to give room).",
            tie, Rule.TURN_ORDER, lambda p: _ruling(p).rule_key is Rule.TURN_ORDER),
    }


def q8_positions() -> tuple[Situation, ...]:
    return tuple(s.position for s in q8_statements().values())


def _read_letter(value: object) -> str:
    letters = list(q8_statements())
    return read_choice(value, {letter: letter for letter in letters}, "statement letter")


def _q8_prompt() -> str:
    statements = q8_statements()
    return ("Each statement compares the game with the real **Racing Rules of Sailing** (RRS). "
            "Which statements are **true**?\n\n"
            + "\n".join(f"- **({letter})** {s.text}" for letter, s in statements.items())
            + '\n\nAnswer with the set of letters of the true statements, like `{"a", "c"}`.')


@question("Question 8 · The game and the real rules", _q8_prompt())
def q8(answer: object) -> Feedback:
    said = read_set(answer, _read_letter, '{"a", "c"}')
    mistakes = []
    for letter, statement in q8_statements().items():
        true = statement.is_true()
        if true and letter not in said:
            mistakes.append(f"({letter}) is true, you left it out. In the game: "
                            f"{statement.verdict()} Real rules: {statement.rule.rrs}")
        elif not true and letter in said:
            mistakes.append(f"({letter}) is false: what it says of the game is wrong. In the "
                            f"game: {statement.verdict()} Real rules: {statement.rule.rrs}")
    return _verdict(mistakes, "the game is a simplification: speed, turn order and a run always "
                    "on starboard are its own, and in the zone it turns RRS 18.2(a)(2) around.")


# ----- the lists ---------------------------------------------------------------------------------

QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8)
PROMPTS = {f"q{number}": q.prompt for number, q in enumerate(QUESTIONS, 1)}
POSITIONS: dict[str, Callable[[], Situation | tuple[Situation, ...]]] = {
    "q1": q1_pairs, "q2": q2_pairs, "q3": q3_position, "q4": q4_position, "q5": q5_position,
    "q6": q6_position, "q7": q7_position, "q8": q8_positions,
}
"""The function that returns each question's position; :func:`picture` draws it."""

__all__ = ["QUESTIONS", "PROMPTS", "POSITIONS", "picture", "Gallery", "Statement", "explain",
           "why_rule_does_not_decide", "penalty_verdict", "read_rule", *PROMPTS,
           *(f.__name__ for f in POSITIONS.values()), "q3_options", "q3_after", "q6_winds",
           "q8_statements"]
