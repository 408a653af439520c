"""Questions 7 to 9 of the duel's exercises (lesson 8): rounding the rocks by the right, the
optimal helmsman's choice, and the worth of an Honour point, each from a track or a position of
the student's own. See :mod:`sailing_kit.exercises.trireme`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _, n_, number, percent
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
MAPS = {"small": load_map("small"), "default": load_map("default")}
MAP_NAMES = {"small": N_("the little bay ({code})"), "default": N_("the kit's map ({code})")}
Track = tuple[Point, ...]


# ----- question 7: which track rounds the rocks? --------------------------------------------------

SMALL = MAPS["small"]
TRACKS: tuple[Track, ...] = (
    ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (3, 5), (2, 5), (2, 4), (2, 3), (2, 2),
     (2, 1), (2, 0)),
    ((4, 0), (3, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 5), (4, 4), (4, 3), (4, 2), (4, 1),
     (5, 0)),
    ((4, 0), (5, 1), (5, 2), (5, 3), (5, 4), (4, 5), (3, 6), (2, 6), (2, 5), (3, 5), (4, 4),
     (4, 3), (4, 2), (4, 1), (5, 0)),
)
"""Three tracks on the little bay, each from the sailboat's start back to the start line: once
round anticlockwise, once round clockwise, and up and back down one side."""
TRACK_COLOURS = (palette.VERMILLION, palette.BLUE, palette.REDDISH_PURPLE)


def _wiggled(rng: random.Random, track: Track) -> Track:
    """``track`` with a few detours of one square out and back (the rounding is unchanged)."""
    water = set(SMALL.water)
    while True:
        points = list(track)
        for _detour in range(rng.randint(2, 4)):
            at = rng.randrange(1, len(points) - 1)
            x, y = points[at]
            out = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if (x + dx, y + dy) in water and (x + dx, y + dy) not in points]
            if out:
                points[at + 1:at + 1] = [rng.choice(out), (x, y)]
        if SMALL.rounding.laps(points) == SMALL.rounding.laps(track):
            return tuple(points)


def _q7_draw(rng: random.Random) -> dict[str, Track]:
    order = [_wiggled(rng, track) for track in TRACKS]
    rng.shuffle(order)
    return dict(zip("ABC", order))


def tracks_picture(tracks: dict[str, Track]) -> Scene:
    """The little bay three times, side by side, each with one track (arrows show the way)."""
    view = layout_of(SMALL).view
    width, height = view.size
    scene = Scene(3 * width, height + 10, title=_("Three tracks on the little bay"),
                  background="#FFFFFF")
    for panel, (name, track) in enumerate(tracks.items()):
        shifted = replace(view, margin=view.margin + panel * width, top=view.top - panel * width)
        draw_sea(scene, shifted, SMALL, sailed=len(SMALL.path) - 1)
        draw_track(scene, shifted, track, TRACK_COLOURS[panel])
        x, y = shifted.pixel(track[0])
        scene.circle((x, y), 6, fill=TRACK_COLOURS[panel], stroke=palette.INK)
        scene.text((panel * width + width / 2, height - 4), _("Track {name}", name=name), size=14,
                   colour=palette.INK, bold=True)
    return scene


def _q7_right(tracks: dict[str, Track]) -> str:
    return next(name for name, track in tracks.items() if SMALL.rounding.laps(track) == 1)


def _q7_check(tracks: dict[str, Track], answer: object) -> Verdict:
    said = read_choice(answer, {name: name for name in tracks}, N_("track"))
    laps = SMALL.rounding.laps(tracks[said])
    if laps == 1:
        return right(_("Track {name} goes up the west side and crosses the rounding line going "
                       "east: the rocks stay on its right, clockwise, once.", name=said))
    if laps == -1:
        return wrong(_("Track {name} goes round anticlockwise: up the east side and back down the "
                       "west, with the rocks on its left. 'Par la droite' means keeping them on "
                       "your right (starboard): clockwise.", name=said))
    return wrong(_("Track {name} crosses the rounding line going west, then back going east: the "
                   "two crossings cancel. It loops over the top and comes back down the side it "
                   "went up: the rocks were never all the way round on its right.", name=said))


q7 = Question(
    EXERCISE, 7, N_("Which track rounds the rocks by the right?"), draw=_q7_draw,
    prompt=lambda tracks: (_("`q7.picture()` draws three tracks on the little bay. Each leaves "
                             "the start line and comes back to it, square by square:") + "\n\n"
                           + "\n".join("- " + _("Track {name}", name=name) + ": "
                                       + " → ".join(map(str, track))
                                       for name, track in tracks.items()) + "\n\n"
                           + _("Which one has gone round the black rocks **par la droite** "
                               "(keeping them on its right)?") + "\n\n"
                           + _("Answer with a letter: {letters}.", letters='"A", "B" or "C"')),
    check=_q7_check, solution=_q7_right, template="answer_7 = ...",
    hint=N_("follow each track with your finger: are the rocks on its right hand side all the "
            "way round?"),
    picture=tracks_picture, forced=True)


# ----- questions 8 and 9: a position of the duel --------------------------------------------------

@dataclass(frozen=True)
class Moment:
    """A moment of a game on a map: the sailboat's square, the trireme's place on its line, the
    wind, the Honour points left (the rocks not yet rounded)."""

    map: str
    boat: Point
    trireme: int
    wind: Direction
    honour: int

    def position(self, honour: int | None = None) -> Position:
        return Position(self.boat, self.trireme, self.wind,
                        self.honour if honour is None else honour, 0)

    def words(self) -> str:
        sea, code = MAPS[self.map], f'`load_map("{self.map}")`'
        return n_("On {map} the sailboat is at {boat}, the trireme on square {square} of its line "
                  "(at {point}), the wind blows from **{wind}**, you hold **{count} Honour "
                  "point**, and the rocks are not yet rounded", "On {map} the sailboat is at "
                  "{boat}, the trireme on square {square} of its line (at {point}), the wind "
                  "blows from **{wind}**, you hold **{count} Honour points**, and the rocks are "
                  "not yet rounded", self.honour,
                  map=_(MAP_NAMES[self.map], code=code), boat=self.boat,
                  square=self.trireme, point=sea.path[self.trireme], wind=self.wind.value)

    def code(self) -> str:
        solver = f'`solve(load_map("{self.map}"), 3)`'
        position = f'`Position({self.boat}, {self.trireme}, "{self.wind.value}", {self.honour}, 0)`'
        return _("{solver} and {position}", solver=solver, position=position)


def _moment(rng: random.Random) -> Moment:
    """A moment whose outcome is still open (neither won nor lost for sure)."""
    while True:
        name = rng.choice(list(MAPS))
        sea = MAPS[name]
        trireme = rng.randrange(len(sea.path) - 2)
        moment = Moment(name, rng.choice(sea.water), trireme, rng.choice(DIRECTIONS),
                        rng.randint(1, 3))
        if moment.boat in sea.path or moment.boat in sea.line:
            continue
        if 0.05 < solve(sea, 3).value(moment.position()) < 0.95:
            return moment


def _q8_best(v: Moment) -> tuple[Direction, bool]:
    best = solve(MAPS[v.map], 3).best(v.position())
    return best.heading, best.honour


def _q8_check(v: Moment, answer: object) -> Verdict:
    said = read_dict(answer, ("heading", "honour"), keys_reader(("heading", "honour"), N_("key")),
                     lambda value: value, N_("key"))
    heading, honour = read_direction(said["heading"]), read_flag(said["honour"])
    best_heading, best_honour = _q8_best(v)
    mistakes = {}
    if heading != best_heading:
        mistakes["heading"] = _("Heading {heading} is not the optimal helmsman's choice: look at "
                                "solve(...).best(position).", heading=heading.value)
    if honour != best_honour:
        mistakes["honour"] = _("Not the optimal helmsman's choice about the Honour point: its "
                               "worth now is weighed against keeping it for later.")
    value = solve(MAPS[v.map], 3).value(v.position())
    return by_part(("heading", "honour"), mistakes,
                   _("a chance to win of {chance} from here, playing perfectly.",
                     chance=percent(value, 1)))


q8 = Question(
    EXERCISE, 8, N_("The optimal helmsman's first choice"), draw=_moment,
    prompt=lambda v: (_("{position}. Which heading does the optimal helmsman choose, and does it "
                        "spend an Honour point? Use {code}.", position=v.words(), code=v.code())
                      + "\n\n" + _("Answer with a dict: `{example}` (a direction, and True or "
                                    "False).", example='{"heading": ..., "honour": ...}')),
    check=_q8_check,
    solution=lambda v: {"heading": _q8_best(v)[0].value, "honour": _q8_best(v)[1]},
    template='answer_8 = {"heading": ..., "honour": ...}',
    hint=N_("`solution.best(position)` is the optimal choice; print it."), forced=True)


ORDINALS = {1: N_("first"), 2: N_("second"), 3: N_("third")}


def _q9_draw(rng: random.Random) -> tuple[Moment, int]:
    while True:
        moment, nth = _moment(rng), rng.randint(1, 3)
        values = _q9_values(moment)
        if values[nth] - values[nth - 1] >= 0.1:
            return moment, nth


def _q9_values(v: Moment) -> list[float]:
    solution = solve(MAPS[v.map], 3)
    return [100 * solution.value(v.position(points)) for points in range(4)]


def _q9_check(v: tuple[Moment, int], answer: object) -> Verdict:
    said = read_decimal(answer, N_("percentage points"), percent=True)
    moment, nth = v
    values = _q9_values(moment)
    worth = values[nth] - values[nth - 1]
    if abs(said - worth) <= 0.05 + 1e-9:
        return right(_("{before} → {after}: +{worth} points.", before=percent(values[nth - 1] / 100, 1),
                       after=percent(values[nth] / 100, 1), worth=number(worth, 1)))
    slips = [(values[3] - values[0], _("that is what all three points together are worth.")),
             (values[nth], _("that is the chance to win holding that many points, not what the "
                             "{ordinal} one adds.", ordinal=_(ORDINALS[nth]))),
             *((values[k] - values[k - 1], _("that is what another of the points adds."))
               for k in (1, 2, 3) if k != nth)]
    shown = f"{said:.1f}"
    for value, hint in slips:
        if abs(said - value) <= 0.05:
            return wrong(f"{shown}: {hint}")
    if abs(said - worth / 100) <= 0.0005:
        return wrong(_("That is a chance, not percentage points: a chance of 0.25 is 25 points."))
    return wrong(_("{said} is not it: compare the chance to win from this position with one "
                   "Honour point fewer and with as many as the question says.", said=shown))


q9 = Question(
    EXERCISE, 9, N_("What is an Honour point worth?"), draw=_q9_draw,
    prompt=lambda v: (_("{position}. By how many **percentage points** does the **{ordinal}** "
                        "Honour point raise your chance to win from here, playing perfectly? "
                        "{code} help: change the Honour points of the position.",
                        position=v[0].words(), ordinal=_(ORDINALS[v[1]]), code=v[0].code())
                      + "\n\n" + _("Answer with a number to one decimal, like 3.2.")),
    check=_q9_check,
    solution=lambda v: round(_q9_values(v[0])[v[1]] - _q9_values(v[0])[v[1] - 1], 1),
    template="answer_9 = ...",
    hint=N_("the chance to win with n points minus the chance with n − 1, in percent."), forced=True)
