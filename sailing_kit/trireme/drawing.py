"""The picture of the duel: the map, both boats, the wind, the die, and (on request) the advisor.

Used by ``state._repr_svg_`` and by the board, so both show the same picture. :class:`Layout`
also tells the board where each square and each heading's target sits, for clicks.
"""

from __future__ import annotations

import itertools
import math
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import _, n_, percent
from sailing_kit.draw import palette
from sailing_kit.draw.dice import draw_die
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import XY, Scene
from sailing_kit.draw.wind import draw_wind
from sailing_kit.trireme.actions import Sail, Steer
from sailing_kit.trireme.maps import SeaMap
from sailing_kit.trireme.rounding import HIGHEST, LOWEST
from sailing_kit.trireme.rules import Phase

if TYPE_CHECKING:
    from sailing_kit.trireme.advisor import Advice
    from sailing_kit.trireme.game import TriremeState

CELL, MARGIN, TOP, PANEL = 30, 30, 10, 232
BELOW = 22
"""Room under the map for the start line's name."""
HEIGHT = 496
"""The tallest picture: the board fits a laptop screen beside JupyterLab's file browser."""
ROCK_FILL = "#2E2E2E"
REEF_FILL = "#FFFFFF"
LINE_FILL = "#FBF3C4"
SAILBOAT, TRIREME = palette.BLUE, palette.VERMILLION
PICTURE_TOP = 232
"""Where a picture in the side panel starts (under the turn's words, above the legend)."""


@dataclass(frozen=True)
class Layout:
    """Where the map and the side panel sit for a map of this size."""

    width: int
    height: int

    @property
    def cell(self) -> float:
        return min(CELL, int((HEIGHT - TOP - 2 * MARGIN - BELOW) / self.height))

    @property
    def view(self) -> GridView:
        """Square ``(x, y)``'s centre is ``view.pixel((x, y))`` (the squares' edges lie half a
        cell out, inside the margin)."""
        return GridView(self.width, self.height, cell=self.cell, margin=MARGIN + self.cell / 2,
                        top=TOP)

    @property
    def panel(self) -> float:
        """Left edge of the side panel."""
        return self.view.size[0] + 10

    @property
    def size(self) -> tuple[int, int]:
        map_width, map_height = self.view.size
        return map_width + 10 + PANEL, max(map_height + BELOW, 470)

    def square_at(self, x: float, y: float) -> Point | None:
        """The square under pixel ``(x, y)``, if any."""
        return self.view.nearest(x, y)

    def heading_towards(self, boat: Point, x: float, y: float) -> Direction | None:
        """The heading from the boat's square towards pixel ``(x, y)`` (None on the boat itself or
        off the map picture)."""
        cx, cy = self.view.pixel(boat)
        dx, dy = x - cx, cy - y
        if math.hypot(dx, dy) < 0.45 * self.cell or x > self.panel:
            return None
        bearing = math.degrees(math.atan2(dx, dy)) % 360
        return Direction.N.rotate(round(bearing / 45))

    def target(self, boat: Point, heading: Direction, squares: int = 1) -> XY:
        """The centre of the square ``squares`` steps from the boat on ``heading``: where to click
        to choose that heading (1) or that distance."""
        return self.view.pixel(step(boat, heading, squares))


def layout_of(sea: SeaMap) -> Layout:
    return Layout(sea.width, sea.height)


def draw_duel(state: TriremeState, *, heading: Direction | None = None,
              honour: bool | None = None, advice: Advice | None = None,
              picture: Scene | None = None, last: Sequence[Point] = (),
              trireme_from: int | None = None, targets: bool = False) -> Scene:
    """The picture of ``state``. ``heading`` and ``honour``: the board's choice not yet played
    (an arrow from the boat); ``advice``: the advisor's win probability of each choice;
    ``picture``: drawn in the side panel instead of the advice (a reviewed decision, at most
    232 x 160 pixels); ``last``: the sailboat's last move (where it stood, then each square it
    entered) and ``trireme_from``: the square number the trireme came from, both marked and
    sailed by the boats (pieces of the picture); ``targets``: the squares to click are the
    player's."""
    layout = layout_of(state.sea)
    width, height = layout.size
    scene = Scene(width, height, title=state.headline(), background="#FFFFFF")
    draw_sea(scene, layout.view, state.sea, sailed=state.trireme)
    _draw_track(scene, layout.view, state.track)
    if not state.is_over() and state.phase is Phase.STEER and heading is not None:
        _draw_heading(scene, layout, state.boat, heading)
    if not state.is_over() and state.phase is Phase.SAIL:
        for squares in state.sailing_options():
            _draw_choice(scene, layout.target(state.boat, state.heading, squares), str(squares))
    if advice is not None:
        _draw_advice_on_map(scene, layout, state, advice)
    rowed = state.sea.path[trireme_from:state.trireme + 1] if trireme_from is not None else ()
    for path, latest in ((rowed, False), (last, True)):
        points = [layout.view.pixel(p) for p in path]
        if len(points) > 1:
            scene.line(*points, stroke=palette.LAST_MOVE, width=layout.cell * (0.4 if latest
                                                                                else 0.25),
                       opacity=0.65)
    sailboat_letter, trireme_letter = boat_letters()
    with scene.piece("trireme", path=[layout.view.pixel(p) for p in rowed]):
        draw_boat(scene, layout.view, state.trireme_square,
                  _path_heading(state.sea, state.trireme), TRIREME, trireme_letter)
    with scene.piece("sailboat", path=[layout.view.pixel(p) for p in last]):
        draw_boat(scene, layout.view, state.boat, state.heading, SAILBOAT, sailboat_letter)
    if targets and not state.is_over():
        _targets(scene, layout, state)
    _draw_panel(scene, layout, state, honour, advice)
    if picture is not None:
        scene.place(picture, (layout.panel, PICTURE_TOP))
    return scene


def _targets(scene: Scene, layout: Layout, state: TriremeState) -> None:
    """In the steering phase, the eight squares round the boat (a heading each); in the sailing
    phase, the squares the boat may sail to."""
    if state.phase is Phase.SAIL:
        for squares in state.sailing_options():
            scene.target(layout.target(state.boat, state.heading, squares), layout.cell,
                         n_("sail {count} square {heading}", "sail {count} squares {heading}",
                            squares, heading=state.heading.letters))
        return
    for direction in Direction:
        square = step(state.boat, direction)
        if layout.view.contains(square):
            scene.target(layout.view.pixel(square), layout.cell,
                         _("heading {heading}", heading=direction.letters))


def draw_sea(scene: Scene, view: GridView, sea: SeaMap, sailed: int = 0) -> None:
    """Water, start line, rocks, reefs, the rounding line and the trireme's dotted line (the part
    already sailed, up to square ``sailed``, fainter)."""
    half = view.cell / 2
    x0, y0 = view.pixel((0, sea.height - 1))
    scene.rect(x0 - half, y0 - half, sea.width * view.cell, sea.height * view.cell,
               fill=palette.WATER, stroke=palette.GRID)
    for point in sea.line:
        _square(scene, view, point, fill=LINE_FILL)
    for point in sea.reefs:
        _square(scene, view, point, fill=REEF_FILL, stroke=palette.MUTED, width=1.5)
        x, y = view.pixel(point)
        scene.text((x, y), "≈", size=18, colour=palette.MUTED)
    for point in sea.rocks:
        _square(scene, view, point, fill=ROCK_FILL, stroke=palette.INK)
    for x in range(sea.width + 1):
        scene.line(_corner(view, (x, 0)), _corner(view, (x, sea.height)), stroke=palette.GRID,
                   width=0.6)
    for y in range(sea.height + 1):
        scene.line(_corner(view, (0, y)), _corner(view, (sea.width, y)), stroke=palette.GRID,
                   width=0.6)
    _draw_start_line(scene, view, sea)
    _draw_rounding_line(scene, view, sea)
    path = [view.pixel(p) for p in sea.path]
    scene.line(*path[:sailed + 1], stroke=TRIREME, width=2, dash=(1, 6), opacity=0.35)
    scene.line(*path[sailed:], stroke=TRIREME, width=2.5, dash=(1, 6))
    for index in range(5, len(sea.path) - 1, 5):
        x, y = path[index]
        scene.text((x + 10, y - 9), str(index), size=12, colour=TRIREME, bold=True)
    for x in range(0, sea.width, 2):
        px, py = view.pixel((x, sea.height - 1))
        scene.text((px, py - half - 10), str(x), size=12, colour=palette.MUTED)
    for y in range(0, sea.height, 2):
        px, py = view.pixel((0, y))
        scene.text((px - half - 13, py), str(y), size=12, colour=palette.MUTED)


def _corner(view: GridView, corner: tuple[float, float]) -> XY:
    """The pixel of a corner between squares (``(0, 0)``: the south-west corner of square 0, 0)."""
    return view.pixel((corner[0] - 0.5, corner[1] - 0.5))


def _square(scene: Scene, view: GridView, point: Point, **style: object) -> None:
    x, y = view.pixel(point)
    half = view.cell / 2
    scene.rect(x - half, y - half, view.cell, view.cell, **style)


def _draw_start_line(scene: Scene, view: GridView, sea: SeaMap) -> None:
    xs = sorted(x for x, _ in sea.line)
    left, right = _corner(view, (xs[0], 0)), _corner(view, (xs[-1] + 1, 0))
    scene.line(left, right, stroke=palette.ORANGE, width=5)
    scene.text(((left[0] + right[0]) / 2, left[1] + 14), _("start and finish line"),
               size=12, colour=palette.INK, bold=True)


def _draw_rounding_line(scene: Scene, view: GridView, sea: SeaMap) -> None:
    line = sea.rounding
    bottom = view.pixel((line.column - 0.5, line.row))
    top = view.pixel((line.column - 0.5, sea.height - 0.5))
    scene.line(bottom, top, stroke=palette.REDDISH_PURPLE, width=2, dash=(6, 4))
    x, y = top
    scene.line((x - 14, y + 10), (x + 14, y + 10), stroke=palette.REDDISH_PURPLE, width=2)
    scene.polygon([(x + 18, y + 10), (x + 10, y + 5), (x + 10, y + 15)],
                  fill=palette.REDDISH_PURPLE)
    scene.text((x + 22, y + 10), _("round: cross going east"), size=12, colour=palette.INK,
               anchor="start")


def _draw_track(scene: Scene, view: GridView, track: tuple[Point, ...]) -> None:
    if len(track) > 1:
        scene.line(*(view.pixel(p) for p in track), stroke=SAILBOAT, width=2, opacity=0.6)


def draw_track(scene: Scene, view: GridView, track: tuple[Point, ...], colour: str) -> None:
    """A track square by square, with an arrowhead on every step to show the way it went."""
    scene.line(*(view.pixel(p) for p in track), stroke=colour, width=2.5)
    for start, end in itertools.pairwise(track):
        (x0, y0), (x1, y1) = view.pixel(start), view.pixel(end)
        heading = Direction.from_vector(end[0] - start[0], end[1] - start[1])
        _arrow_head(scene, ((x0 + x1) / 2, (y0 + y1) / 2), heading, 6, colour)


def boat_letters() -> tuple[str, str]:
    """The letters drawn on the sailboat and the trireme (English S and T), one each, as the
    language spoken now abbreviates the two boats; the legend says what they stand for."""
    # TRANSLATORS: the initials of "sailboat" and "trireme" drawn on the two boats and in the
    # legend: one letter each, separated by a space (French: the gamebook's "bateau", "trière").
    letters = _("S T").split()
    return (letters[0][0], letters[1][0]) if len(letters) == 2 else ("S", "T")


def draw_boat(scene: Scene, view: GridView, point: Point, heading: Direction, colour: str,
              letter: str) -> None:
    """A hull pointing along ``heading`` with its letter (:func:`boat_letters`), so colour is
    not the only cue."""
    dx, dy = heading.vector
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, -dy / norm
    px, py = -uy, ux
    cx, cy = view.pixel(point)
    c = view.cell
    hull = [(cx + 0.46 * c * ux, cy + 0.46 * c * uy),
            (cx + 0.08 * c * ux + 0.24 * c * px, cy + 0.08 * c * uy + 0.24 * c * py),
            (cx - 0.38 * c * ux + 0.18 * c * px, cy - 0.38 * c * uy + 0.18 * c * py),
            (cx - 0.38 * c * ux - 0.18 * c * px, cy - 0.38 * c * uy - 0.18 * c * py),
            (cx + 0.08 * c * ux - 0.24 * c * px, cy + 0.08 * c * uy - 0.24 * c * py)]
    scene.polygon(hull, fill=colour, stroke=palette.INK, width=1.5)
    scene.text((cx, cy), letter, size=12, colour="#FFFFFF", bold=True)


def _draw_heading(scene: Scene, layout: Layout, boat: Point, heading: Direction) -> None:
    start, end = layout.view.pixel(boat), layout.target(boat, heading, 2)
    scene.line(start, end, stroke=SAILBOAT, width=3, dash=(7, 4))
    scene.circle(layout.target(boat, heading, 1), 6, fill=palette.SKY_BLUE, stroke=palette.INK)


def _draw_choice(scene: Scene, at: XY, label: str) -> None:
    scene.circle(at, 11, fill=palette.SKY_BLUE, stroke=palette.INK, width=1.5)
    scene.text(at, label, size=12, colour=palette.INK, bold=True)


def _percent(value: float) -> str:
    return percent(value)


def _draw_advice_on_map(scene: Scene, layout: Layout, state: TriremeState, advice: Advice) -> None:
    """Each heading's best chance to win on the square it points at, or each distance's beside
    its square (the best one bold)."""
    best = advice.best
    labels = [(layout.target(state.boat, heading, 1), value, heading == getattr(best, "heading", 0))
              for heading, value in advice.by_heading().items()]
    labels += [(_beside(layout.target(state.boat, state.heading, action.squares)), value,
                action == best)
               for action, value in advice.options if isinstance(action, Sail)]
    for (x, y), value, bold in labels:
        scene.rect(x - 17, y - 9, 34, 18, fill="#FFFFFF", stroke=palette.INK if bold else
                   palette.GRID, width=2 if bold else 1, opacity=0.92)
        scene.text((x, y), _percent(value), size=12, colour=palette.INK, bold=bold)


def _beside(at: XY) -> XY:
    return (at[0] + 30, at[1])


def _draw_panel(scene: Scene, layout: Layout, state: TriremeState, honour: bool | None,
                advice: Advice | None) -> None:
    x = layout.panel
    if state.result is not None:
        won = bool(state.result.winners)
        headline = _("Turn {turn} · you won!", turn=state.turn) if won else \
            _("Turn {turn} · the trireme won", turn=state.turn)
    else:
        headline = _("Turn {turn} · your move", turn=state.turn)
    scene.text((x, 14), headline, size=15, colour=palette.INK, anchor="start", bold=True)
    draw_wind(scene, (x + 38, 54), state.wind, length=34)
    spending = state.spent if honour is None else honour
    caption = (_("+1 Honour = {result}", result=min(state.face + 1, 6))
               if state.face and state.spent
               else _("+1 Honour chosen") if spending and state.face is None else _("the die"))
    rolled = bool(state.history) and isinstance(state.history[-1], Steer)
    draw_die(scene, (x + 110, 30), 42, state.face, caption=caption, key="die", rolled=rolled)
    _draw_honour(scene, (x, 110), state.honour, spending and state.face is None)
    lines: list[str] = [_("Rocks: {progress}", progress=_progress_words(state.progress)),
                        n_("Trireme: {count} square to go", "Trireme: {count} squares to go",
                           state.squares_to_go)]
    for number, line in enumerate(lines):
        scene.text((x, 132 + 16 * number), line, size=12, colour=palette.INK, anchor="start")
    task = state.task()
    now = task[0].upper() + task[1:]
    for number, line in enumerate(textwrap.wrap(now, 30)[:4]):  # 232 px of panel
        scene.text((x, 172 + 15 * number), line, size=12, colour=palette.INK, anchor="start",
                   bold=state.is_over())
    if advice is not None:
        _draw_advice_table(scene, (x, 236), advice)
    _draw_legend(scene, (x, layout.size[1] - 66))


def _progress_words(progress: int) -> str:
    if progress == HIGHEST:
        return _("rounded ✔")
    return _("crossed the wrong way") if progress == LOWEST else _("not yet rounded")


def _draw_honour(scene: Scene, at: XY, points: int, spending: bool) -> None:
    """One filled circle per Honour point left (the one about to be spent hollow), and the count."""
    x, y = at
    label = _("Honour: {points}", points=points)
    scene.text((x, y), label, size=12, colour=palette.INK, anchor="start")
    first = x + max(74, 7 * len(label) + 8)  # the circles follow the words in any language
    for index in range(min(points, 10)):
        hollow = spending and index == points - 1
        scene.circle((first + 15 * index, y), 6, fill=None if hollow else palette.ORANGE,
                     stroke=palette.INK, width=1.2)


def _draw_advice_table(scene: Scene, at: XY, advice: Advice) -> None:
    x, y = at
    scene.text((x, y), _("Advisor: chance to win"), size=12, colour=palette.MUTED, anchor="start",
               bold=True)
    for row, (label, value, best) in enumerate(advice.rows()):
        scene.text((x, y + 17 + 15 * row), f"{'★ ' if best else '   '}{label}", size=12,
                   colour=palette.INK, anchor="start", bold=best)
        scene.text((x + 200, y + 17 + 15 * row), percent(value, 1), size=12,
                   colour=palette.INK, anchor="end", bold=best)


def _draw_legend(scene: Scene, at: XY) -> None:
    x, y = at
    sailboat_letter, trireme_letter = boat_letters()
    entries = [(SAILBOAT, sailboat_letter, _("your sailboat")),
               (TRIREME, trireme_letter, _("the trireme (dots: its line)")),
               (ROCK_FILL, "", _("rocks: round them clockwise")),
               (REEF_FILL, "≈", _("reefs: pass either side"))]
    for row, (colour, letter, words) in enumerate(entries):
        cy = y + 16 * row
        scene.rect(x, cy - 7, 14, 14, fill=colour, stroke=palette.INK)
        if letter:
            scene.text((x + 7, cy), letter, size=12, bold=True,
                       colour=palette.INK if colour == REEF_FILL else "#FFFFFF")
        scene.text((x + 20, cy), words, size=12, colour=palette.INK, anchor="start")


def policy_scene(sea: SeaMap, choices: Mapping[Point, Steer], values: Mapping[Point, float],
                 *, trireme: int, title: str) -> Scene:
    """The map with, on each square, an arrow for the best heading (a ring where the best choice
    spends an Honour point) and the chance to win there (the greener, the likelier): the optimal
    policy drawn on the map."""
    view = layout_of(sea).view
    width, height = view.size
    caption = textwrap.wrap(title, int(width / 7.6))
    scene = Scene(width, round(height + 8 + 16 * len(caption)), title=title, background="#FFFFFF")
    draw_sea(scene, view, sea, sailed=trireme)
    for point, value in values.items():
        _square(scene, view, point, fill=palette.BLUISH_GREEN, opacity=0.08 + 0.6 * value)
    for point, choice in choices.items():
        x, y = view.pixel(point)
        if choice.honour:
            scene.circle((x, y), 0.42 * view.cell, stroke=palette.ORANGE, width=2)
        _arrow(scene, (x, y), choice.heading, 0.36 * view.cell)
    draw_boat(scene, view, sea.path[trireme], _path_heading(sea, trireme), TRIREME,
              boat_letters()[1])
    for row, line in enumerate(caption):
        scene.text((width / 2, height + 10 + 16 * row), line, size=12, colour=palette.INK)
    return scene


def _arrow(scene: Scene, centre: XY, heading: Direction, reach: float) -> None:
    """An arrow through ``centre`` pointing along ``heading``, its head ``reach`` pixels out."""
    dx, dy = heading.vector
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, -dy / norm
    x, y = centre
    tip = (x + reach * ux, y + reach * uy)
    scene.line((x - 0.6 * reach * ux, y - 0.6 * reach * uy), tip, stroke=palette.INK, width=1.6)
    _arrow_head(scene, tip, heading, 0.45 * reach, palette.INK)


def arrow_from(scene: Scene, start: XY, heading: Direction, length: float, colour: str) -> None:
    """An arrow from ``start`` along ``heading``, ``length`` pixels long."""
    dx, dy = heading.vector
    norm = math.hypot(dx, dy)
    tip = (start[0] + length * dx / norm, start[1] - length * dy / norm)
    scene.line(start, tip, stroke=colour, width=2.5)
    _arrow_head(scene, tip, heading, 0.3 * length, colour)


def _arrow_head(scene: Scene, tip: XY, heading: Direction, size: float, colour: str) -> None:
    """A triangle with its point at ``tip``, pointing along ``heading``."""
    dx, dy = heading.vector
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, -dy / norm
    side = 0.62 * size
    scene.polygon([tip, (tip[0] - size * ux - side * uy, tip[1] - size * uy + side * ux),
                   (tip[0] - size * ux + side * uy, tip[1] - size * uy - side * ux)], fill=colour)


def _path_heading(sea: SeaMap, index: int) -> Direction:
    index = min(index, len(sea.path) - 2)
    (x0, y0), (x1, y1) = sea.path[index], sea.path[index + 1]
    return Direction.from_vector(x1 - x0, y1 - y0)
