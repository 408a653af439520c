"""Questions 7 to 9 of the duel's exercises (lesson 8): rounding the rocks by the right, the
optimal helmsman's first choice, and the worth of an Honour point. See
:mod:`sailing_kit.exercises.trireme`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.draw import palette
from sailing_kit.draw.scene import Scene
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import (
    keys_reader,
    read_choice,
    read_decimal,
    read_dict,
    read_direction,
    read_flag,
)
from sailing_kit.exercises.verdicts import Verdict, by_part, right, wrong
from sailing_kit.trireme import Position, load_map, solve
from sailing_kit.trireme.drawing import draw_sea, draw_track, layout_of

EXERCISE = "05_trireme"
DIRECTIONS = tuple(Direction)
NE = Direction.NE
MAPS = {"small": load_map("small"), "default": load_map("default")}
MAP_NAMES = {"small": "the little bay (`load_map(\"small\")`)",
             "default": "the kit's map (`load_map(\"default\")`)"}


# ----- question 7: which track rounds the rocks? --------------------------------------------------

SMALL = MAPS["small"]
TRACKS: tuple[tuple[Point, ...], ...] = (
    ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (3, 5), (2, 5), (2, 4), (2, 3), (2, 2),
     (2, 1), (2, 0)),
    ((4, 0), (3, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 5), (4, 4), (4, 3), (4, 2), (4, 1),
     (5, 0)),
    ((4, 0), (5, 1), (5, 2), (5, 3), (5, 4), (4, 5), (3, 6), (2, 6), (2, 5), (3, 5), (4, 4),
     (4, 3), (4, 2), (4, 1), (5, 0)),
)
"""Three tracks on the little bay, each from the sailboat's start back to the start line."""
TRACK_COLOURS = (palette.VERMILLION, palette.BLUE, palette.REDDISH_PURPLE)


def _q7_draw(rng: random.Random) -> dict[str, tuple[Point, ...]]:
    order = list(TRACKS)
    rng.shuffle(order)
    return dict(zip("ABC", order))


def tracks_picture(tracks: dict[str, tuple[Point, ...]]) -> Scene:
    """The little bay three times, side by side, each with one track (arrows show the way)."""
    view = layout_of(SMALL).view
    width, height = view.size
    scene = Scene(3 * width, height + 10, title="Three tracks on the little bay",
                  background="#FFFFFF")
    for panel, (name, track) in enumerate(tracks.items()):
        shifted = replace(view, margin=view.margin + panel * width, top=view.top - panel * width)
        draw_sea(scene, shifted, SMALL, sailed=len(SMALL.path) - 1)
        draw_track(scene, shifted, track, TRACK_COLOURS[panel])
        x, y = shifted.pixel(track[0])
        scene.circle((x, y), 6, fill=TRACK_COLOURS[panel], stroke=palette.INK)
        scene.text((panel * width + width / 2, height - 4), f"Track {name}", size=14,
                   colour=palette.INK, bold=True)
    return scene


def _q7_right(tracks: dict[str, tuple[Point, ...]]) -> str:
    return next(name for name, track in tracks.items() if SMALL.rounding.laps(track) == 1)


def _q7_check(tracks: dict[str, tuple[Point, ...]], answer: object) -> Verdict:
    said = read_choice(answer, {name: name for name in tracks}, "track")
    laps = SMALL.rounding.laps(tracks[said])
    if laps == 1:
        return right(f"Track {said} goes up the west side and crosses the rounding line going "
                     "east: the rocks stay on its right, clockwise, once.")
    if laps == -1:
        return wrong(f"Track {said} goes round anticlockwise: up the east side and back down "
                     "the west, with the rocks on its left. 'Par la droite' means keeping them "
                     "on your right (starboard): clockwise.")
    return wrong(f"Track {said} crosses the rounding line going west, then back going east: "
                 "the two crossings cancel. It loops over the top and comes back down the side "
                 "it went up: the rocks were never all the way round on its right.")


q7 = Question(
    EXERCISE, 7, "Which track rounds the rocks by the right?", draw=_q7_draw,
    prompt=lambda tracks: ("`q7.picture()` draws three tracks on the little bay. Each leaves "
                           "the start line and comes back to it. Which one has gone round the "
                           "black rocks **par la droite** (keeping them on its right)?\n\n"
                           "Answer with a letter: \"A\", \"B\" or \"C\"."),
    check=_q7_check, solution=_q7_right, template="answer_7 = ...",
    hint="follow each track with your finger: are the rocks on its right hand side all the "
         "way round?",
    picture=tracks_picture)


# ----- question 8: the optimal first choice -------------------------------------------------------

@dataclass(frozen=True)
class Start:
    """The start of a game on a map, with a wind and some Honour points."""

    map: str
    wind: Direction
    honour: int

    def position(self) -> Position:
        return Position.start(MAPS[self.map], self.honour, self.wind)


def _q8_best(v: Start) -> tuple[Direction, bool]:
    best = solve(MAPS[v.map], 3).best(v.position())
    return best.heading, best.honour


def _q8_check(v: Start, answer: object) -> Verdict:
    said = read_dict(answer, ("heading", "honour"), keys_reader(("heading", "honour"), "key"),
                     lambda value: value, "key")
    heading, honour = read_direction(said["heading"]), read_flag(said["honour"])
    best_heading, best_honour = _q8_best(v)
    mistakes = {}
    if heading != best_heading:
        mistakes["heading"] = (f"Heading {heading.value} is not the optimal helmsman's choice: "
                               "look at solve(...).best(Position.start(...)).")
    if honour != best_honour:
        mistakes["honour"] = ("The optimal helmsman " + ("spends" if best_honour else "keeps")
                              + " its Honour point here.")
    value = solve(MAPS[v.map], 3).value(v.position())
    return by_part(("heading", "honour"), mistakes,
                   f"a chance to win of {100 * value:.1f}% from this start, playing perfectly.")


q8 = Question(
    EXERCISE, 8, "The optimal helmsman's first choice",
    draw=lambda rng: Start("small", rng.choice(DIRECTIONS), rng.randint(1, 3)),
    prompt=lambda v: (f"On {MAP_NAMES[v.map]}, at the start of the game, the wind blows from "
                      f"**{v.wind.value}** and you have **{v.honour} Honour point"
                      f"{'s' if v.honour > 1 else ''}**. Which heading does the optimal "
                      "helmsman choose, and does it spend an Honour point? Use "
                      f"`solve(load_map(\"{v.map}\"), 3)` and "
                      f"`Position.start(sea, {v.honour}, \"{v.wind.value}\")`.\n\n"
                      'Answer with a dict: `{"heading": ..., "honour": ...}` (a direction, and '
                      "True or False)."),
    check=_q8_check,
    solution=lambda v: {"heading": _q8_best(v)[0].value, "honour": _q8_best(v)[1]},
    template='answer_8 = {"heading": ..., "honour": ...}',
    hint="`solution.best(position)` is the optimal choice; print it.")


# ----- question 9: the worth of an Honour point ---------------------------------------------------

ORDINALS = {1: "first", 2: "second", 3: "third"}


def _q9_draw(rng: random.Random) -> tuple[Start, int]:
    sea = rng.choice(["small", "default"])
    wind = rng.choice([d for d in DIRECTIONS if (sea, d) != ("default", NE)])  # the lesson's
    return Start(sea, wind, 3), rng.randint(1, 3)


def _q9_values(v: Start) -> list[float]:
    solution = solve(MAPS[v.map], 3)
    return [100 * solution.value(Position.start(MAPS[v.map], points, v.wind))
            for points in range(4)]


def _q9_check(v: tuple[Start, int], answer: object) -> Verdict:
    said = read_decimal(answer, "percentage points", percent=True)
    begin, nth = v
    values = _q9_values(begin)
    worth = values[nth] - values[nth - 1]
    if abs(said - worth) <= 0.05 + 1e-9:
        return right(f"{values[nth - 1]:.1f}% → {values[nth]:.1f}%: +{worth:.1f} points.")
    slips = [(values[3] - values[0], "that is what all three points together are worth."),
             (values[nth], f"that is the chance to win with {nth} points, not what the "
                           f"{ORDINALS[nth]} adds."),
             *((values[k] - values[k - 1], f"that is the {ORDINALS[k]} point (from {k - 1} to "
                                           f"{k}).") for k in (1, 2, 3) if k != nth)]
    for value, hint in slips:
        if abs(said - value) <= 0.05:
            return wrong(f"{said:.1f}: {hint}")
    if abs(said - worth / 100) <= 0.0005:
        return wrong("That is a chance, not percentage points: multiply by 100.")
    return wrong(f"{said:.1f} is not it: compare the chance to win from the start with "
                 f"{nth - 1} and with {nth} Honour points.")


q9 = Question(
    EXERCISE, 9, "What is an Honour point worth?", draw=_q9_draw,
    prompt=lambda v: (f"On {MAP_NAMES[v[0].map]}, the wind blowing from **{v[0].wind.value}** "
                      f"at the start, by how many **percentage points** does the "
                      f"**{ORDINALS[v[1]]}** Honour point raise your chance to win, playing "
                      f"perfectly? `honour_values(load_map(\"{v[0].map}\"), most=3, "
                      f"wind=\"{v[0].wind.value}\")` helps.\n\nAnswer with a number to one "
                      "decimal, like 3.2."),
    check=_q9_check,
    solution=lambda v: round(_q9_values(v[0])[v[1]] - _q9_values(v[0])[v[1] - 1], 1),
    template="answer_9 = ...",
    hint="the chance to win with n points minus the chance with n − 1, in percent.")
