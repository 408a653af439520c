"""The picture of a card regatta: the water with its buoys, yachts, tracks and protection zones;
beside it a column with what the player to act may do, the players, the piles and one player's
hand drawn as cards with their arrows.

Used by ``state._repr_svg_`` and by the board, so both show the same picture. :class:`Layout`
also tells the board what a click lands on (a card, an arrow's end). A preview shows every arrow
of the selected card: where it ends (numbered), or a cross where a rule blocks it, with the
reason written in the panel. Colour is never the only cue: yachts carry their number, buoys a
letter, blocked ends a cross.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sailing_kit.core import i18n
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.draw import palette
from sailing_kit.draw.cards import (
    RAISE,
    Rect,
    card_at,
    draw_cover,
)
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import XY, Scene
from sailing_kit.regatta.cards import CARD, arrowhead, draw_regatta_card
from sailing_kit.regatta.course import LINE, Course
from sailing_kit.regatta.geometry import Pose, ahead
from sailing_kit.regatta.moves import Verdict
from sailing_kit.regatta.words import fitted_lines, to_do

if TYPE_CHECKING:
    from sailing_kit.regatta.game import RegattaState

HEIGHT = 504
"""The tallest picture (pixels): the board fits a laptop screen beside JupyterLab's file
browser (the cells shrink to fit a tall course)."""
CELL = 30
"""The largest cell."""
CARD_GAP = 7
HAND_COLUMNS = 3
COLUMN = HAND_COLUMNS * CARD[0] + (HAND_COLUMNS - 1) * CARD_GAP + 8
TITLE = 30
MARKER = 10
"""Radius of an arrow's end marker (pixels): the board's click target."""
BUOY_COLOURS = {"red": palette.VERMILLION, "green": palette.BLUISH_GREEN, LINE: "#FFFFFF"}


@dataclass(frozen=True)
class Layout:
    """Where everything lies for a course of ``width`` x ``height`` cells."""

    width: int
    height: int
    players: int = 2
    hand_size: int = 5

    @property
    def cell(self) -> float:
        return min(CELL, int((HEIGHT - TITLE - 44) / self.height))

    @property
    def view(self) -> GridView:
        """Cell centres as grid points, with room for the coordinates around the water."""
        return GridView(self.width, self.height, cell=self.cell, margin=self.cell / 2 + 22,
                        top=TITLE)

    @property
    def water_bottom(self) -> float:
        return self.view.size[1]

    @property
    def panel_left(self) -> float:
        """The left edge of the column beside the water."""
        return self.view.size[0] + 6

    @property
    def hand_top(self) -> float:
        """The top of the hand area, under the players and the piles."""
        return TITLE + 44 + 32 * self.players + 40

    @property
    def size(self) -> tuple[int, int]:
        rows = -(-self.hand_size // HAND_COLUMNS)
        hand_bottom = self.hand_top + 22 + RAISE + rows * (CARD[1] + 14)
        return (round(self.panel_left + COLUMN + 6), round(max(self.water_bottom, hand_bottom)))

    def pixel(self, cell: tuple[float, float]) -> XY:
        return self.view.pixel(cell)

    def cell_at(self, x: float, y: float) -> Point | None:
        return self.view.nearest(x, y)

    @property
    def hand_area(self) -> Rect:
        """Where the viewer's hand is drawn, and the cover that hides it."""
        return Rect(self.panel_left, self.hand_top, COLUMN, self.size[1] - self.hand_top - 4)

    def hand_rects(self, count: int, selected: Sequence[int] = ()) -> list[Rect]:
        """The hand in rows of :data:`HAND_COLUMNS` cards under its label (a selected card
        raised)."""
        top = self.hand_top + 22 + RAISE
        return [Rect(self.panel_left + 4 + (i % HAND_COLUMNS) * (CARD[0] + CARD_GAP),
                     top + (i // HAND_COLUMNS) * (CARD[1] + 14) - (RAISE if i in selected else 0),
                     *CARD) for i in range(count)]

    def card_at(self, count: int, selected: Sequence[int], x: float, y: float) -> int | None:
        return card_at(self.hand_rects(count, selected), x, y)

    def markers(self, verdicts: Sequence[Verdict], start: Point) -> list[XY]:
        """Where each verdict's end marker is drawn, for a yacht sailing from ``start``: the end
        cell (for an arrow leaving the water, the last cell on it), nudged off a buoy or yacht
        that blocks it; markers sharing a spot are spread side by side."""
        spots = [self._spot(v, start) for v in verdicts]
        spread = []
        for index, spot in enumerate(spots):
            same = [i for i, other in enumerate(spots) if other == spot]
            offset = (same.index(index) - (len(same) - 1) / 2) * (2 * MARKER + 2)
            spread.append((spot[0] + offset, spot[1]))
        return spread

    def _spot(self, verdict: Verdict, start: Point) -> XY:
        if verdict.end is not None:
            return self.pixel(verdict.end.at)
        on_water = [start]
        for cell in verdict.intended:
            if not (0 <= cell[0] < self.width and 0 <= cell[1] < self.height):
                break
            on_water.append(cell)
        cell = on_water[-1]
        nudge = 0.38 if cell in (verdict.blocker, start) else 0.0
        return self.pixel((cell[0] + nudge, cell[1] + nudge))

    def marker_at(self, verdicts: Sequence[Verdict], start: Point, x: float,
                  y: float) -> int | None:
        """The index of the verdict whose end marker covers pixel ``(x, y)``, if any."""
        for index, (mx, my) in enumerate(self.markers(verdicts, start)):
            if math.hypot(x - mx, y - my) <= MARKER + 2:
                return index
        return None


def layout_of(course: Course, players: int = 2, hand_size: int = 5) -> Layout:
    return Layout(course.width, course.height, players, hand_size)


def layout_for(state: RegattaState) -> Layout:
    """The layout of ``state``'s table (its course, players and hand size)."""
    return layout_of(state.course, state.num_players, state.options.hand_size)


# ----- the whole table ----------------------------------------------------------------------------
def draw_table(state: RegattaState, viewer: int | None, *, selected: Sequence[int] = (),
               previews: Sequence[Verdict] = (), focus: int | None = None,
               cover: str | None = None, you: int | None = -1,
               last_moves: Mapping[int, Sequence[Point]] | None = None,
               latest: int | None = None, clickable: bool = False,
               words: Callable[[Verdict], str] | None = None) -> Scene:
    """The table from ``viewer``'s seat (``None``: anyone's, every hand hidden). ``selected``:
    cards of the viewer's hand to raise (by index); ``previews``: verdicts to show on the water,
    numbered in order, ``focus`` the one the keyboard points at; ``cover``: a message hiding the
    hand (pass the device);
    ``you``: the seat marked "(you)" (by default the viewer's; None: nobody, the screen is being
    passed); ``last_moves``: each yacht's last move (the cells it passed, from where it stood),
    marked, ``latest`` the yacht that moved last; ``clickable``: the hand and the arrows' ends
    are the viewer's to click (targets, named by ``words``). Each yacht is a piece: it sails
    its last move."""
    last_moves = last_moves or {}
    you = viewer if you == -1 else you
    layout = layout_for(state)
    width, height = layout.size
    headline = _headline(state)
    scene = Scene(width, height, title=headline, background="#FFFFFF")
    scene.text((12, TITLE / 2), headline, size=14, colour=palette.INK, anchor="start", bold=True)
    _draw_water(scene, layout, state.course)
    for player, yacht in enumerate(state.yachts):
        _draw_track(scene, layout, yacht.track, _colour(player))
    for player, yacht in enumerate(state.yachts):
        _draw_zone(scene, layout, yacht.pose, state.options.zone, _colour(player))
    for player, path in last_moves.items():
        _draw_last_move(scene, layout, path, latest=player == latest)
    for player, yacht in enumerate(state.yachts):
        glide = [layout.pixel(cell) for cell in last_moves.get(player, ())]
        with scene.piece(f"yacht:{player}", path=glide):
            _draw_yacht(scene, layout, yacht.pose, player, acting=player == state.current_player,
                        becalmed=state.becalmed(player))
    start = state.yachts[state.player].pose if previews else None
    _draw_previews(scene, layout, start, previews, focus)
    _draw_panel(scene, layout, state, you, previews)
    if viewer is None or cover is not None:
        _draw_cover(scene, layout, cover or _("Each hand is private"))
    else:
        _draw_hand(scene, layout, state, viewer, selected)
    if clickable and viewer is not None and cover is None:
        _targets(scene, layout, state, viewer, selected, previews, start, words)
    return scene


def _draw_last_move(scene: Scene, layout: Layout, path: Sequence[Point], latest: bool) -> None:
    """A yacht's last move, as game sites mark it: a band under its track, a ring where it
    came from."""
    points = [layout.pixel(cell) for cell in path]
    if len(points) > 1:
        scene.line(*points, stroke=palette.LAST_MOVE, width=layout.cell * (0.42 if latest else 0.28),
                   opacity=0.6)
    if points:
        scene.circle(points[0], layout.cell * 0.32, stroke=palette.LAST_MOVE,
                     width=3 if latest else 2)


def _targets(scene: Scene, layout: Layout, state: RegattaState, viewer: int,
             selected: Sequence[int], previews: Sequence[Verdict], start: Pose | None,
             words: Callable[[Verdict], str] | None) -> None:
    hand = state.hand(viewer)
    for rect, kind in zip(layout.hand_rects(len(hand), selected), hand):
        scene.target(rect.centre, (rect.w, rect.h), state.deck.kind(kind).shown)
    if start is None:
        return
    for number, (verdict, spot) in enumerate(zip(previews, layout.markers(previews, start.at)),
                                             start=1):
        said = words(verdict) if words else ""
        scene.target(spot, 2 * MARKER + 2, f"{number}. {said}".strip(". "), round=True)


def _headline(state: RegattaState) -> str:
    """The title line (the end's full words go in the column, where they wrap)."""
    if state.is_over():
        return _("Card regatta · over after round {round}", round=state.round)
    words = {"round": state.round, "player": state.name(state.player)}
    if state.options.rounds:
        return _("Card regatta · round {round} of {rounds} · {player} to play",
                 rounds=state.options.rounds, **words)
    return _("Card regatta · round {round} · {player} to play", **words)


def _colour(player: int) -> str:
    return palette.PLAYERS[player % len(palette.PLAYERS)]


# ----- the water ----------------------------------------------------------------------------------
def _draw_water(scene: Scene, layout: Layout, course: Course) -> None:
    half = 0.5
    low, high = layout.pixel((-half, -half)), layout.pixel((course.width - half,
                                                             course.height - half))
    scene.rect(low[0], high[1], high[0] - low[0], low[1] - high[1], fill=palette.WATER,
               stroke=palette.GRID, width=1.5)
    for x in range(1, course.width):
        scene.line(layout.pixel((x - half, -half)), layout.pixel((x - half, course.height - half)),
                   stroke=palette.GRID, width=0.6)
    for y in range(1, course.height):
        scene.line(layout.pixel((-half, y - half)), layout.pixel((course.width - half, y - half)),
                   stroke=palette.GRID, width=0.6)
    for x in range(0, course.width, 5):
        px, py = layout.pixel((x, -half))
        scene.text((px, py + 10), str(x), size=12, colour=palette.MUTED)
    for y in range(0, course.height, 5):
        px, py = layout.pixel((-half, y))
        scene.text((px - 4, py), str(y), size=12, colour=palette.MUTED, anchor="end")
    scene.line(layout.pixel(course.line[0]), layout.pixel(course.line[1]), stroke=palette.INK,
               width=1.5, dash=(5, 4))
    for index in range(len(course.marks)):
        _draw_rounding(scene, layout, course, index)
    for at, name in course.buoys.items():
        _draw_buoy(scene, layout, at, name, course)


def _draw_buoy(scene: Scene, layout: Layout, at: Point, name: str, course: Course) -> None:
    centre, radius = layout.pixel(at), layout.cell * 0.36
    fill = BUOY_COLOURS.get(name, palette.REDDISH_PURPLE)
    scene.circle(centre, radius, fill=fill, stroke=palette.INK, width=1.5)
    order = [m.name for m in course.marks]
    start = _("start")[:1].upper()  # the white buoys: the language's initial of "start"
    label = start if name == LINE else str(order.index(name) + 1)
    scene.text(centre, label, size=12, colour=palette.INK if name == LINE else "#FFFFFF",
               bold=True)


def _draw_rounding(scene: Scene, layout: Layout, course: Course, index: int) -> None:
    """The rounding ray (dotted, out to the gate) and a curved arrow in the rounding sense."""
    mark, ray = course.marks[index], course.rays[index]
    scene.line(layout.pixel(mark.at), layout.pixel(course.gate(index)), stroke=palette.MUTED,
               width=1.2, dash=(2, 3))
    cx, cy = layout.pixel(mark.at)
    radius = layout.cell * 0.85
    start = math.atan2(ray.vector[1], ray.vector[0]) - mark.sense * math.radians(70)
    sweep = mark.sense * math.radians(140)
    points = []
    for k in range(13):
        angle = start + sweep * k / 12
        points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    scene.line(*points, stroke=palette.INK, width=1.3, opacity=0.7)
    arrowhead(scene, points[-2], points[-1], palette.INK, size=6)


def _draw_track(scene: Scene, layout: Layout, track: Sequence[Point], colour: str) -> None:
    if len(track) > 1:
        scene.line(*(layout.pixel(p) for p in track), stroke=colour, width=2, opacity=0.45)


def _draw_zone(scene: Scene, layout: Layout, pose: Pose, length: int, colour: str) -> None:
    """The protection zone: the cells a card laid before the bow would cover."""
    side = layout.cell - 6
    for cell in ahead(pose, length):
        if not (0 <= cell[0] < layout.width and 0 <= cell[1] < layout.height):
            continue
        x, y = layout.pixel(cell)
        scene.rect(x - side / 2, y - side / 2, side, side, fill=colour, opacity=0.16)
        corners = [(x - side / 2, y - side / 2), (x + side / 2, y - side / 2),
                   (x + side / 2, y + side / 2), (x - side / 2, y + side / 2),
                   (x - side / 2, y - side / 2)]
        scene.line(*corners, stroke=colour, width=1.4, dash=(4, 3))


def _draw_yacht(scene: Scene, layout: Layout, pose: Pose, player: int, *, acting: bool,
                becalmed: bool) -> None:
    """A hull pointing along the heading, the player's number on it."""
    cx, cy = layout.pixel(pose.at)
    dx, dy = pose.heading.vector
    norm = math.hypot(dx, dy)
    fx, fy = dx / norm, -dy / norm  # forward, in pixels (y down)
    sx, sy = -fy, fx
    c = layout.cell

    def at(forward: float, side: float) -> XY:
        return (cx + c * (forward * fx + side * sx), cy + c * (forward * fy + side * sy))

    hull = [at(0.46, 0), at(0.12, 0.2), at(-0.36, 0.16), at(-0.36, -0.16), at(0.12, -0.2)]
    scene.polygon(hull, fill=_colour(player), stroke=palette.INK, width=2.6 if acting else 1.2)
    scene.text((cx, cy), str(player + 1), size=12, colour="#FFFFFF", bold=True)
    if becalmed:
        sun = (cx + c * 0.42, cy - c * 0.42)
        scene.circle(sun, 8, fill=palette.YELLOW, stroke=palette.INK, width=1)
        scene.text(sun, "☀", size=12, colour=palette.INK)


# ----- previews -----------------------------------------------------------------------------------
def _draw_previews(scene: Scene, layout: Layout, start: Pose | None,
                   previews: Sequence[Verdict], focus: int | None) -> None:
    if start is None:
        return
    markers = layout.markers(previews, start.at)
    for number, (verdict, spot) in enumerate(zip(previews, markers), start=1):
        origin = layout.pixel(start.at)
        if verdict.legal:
            sailed = [origin, *(layout.pixel(c) for c in verdict.path)]
            scene.line(*sailed, stroke=palette.BLUE, width=3)
            if verdict.stops_short:
                rest = [layout.pixel(c) for c in verdict.intended[len(verdict.path) - 1:]]
                scene.line(*rest, stroke=palette.BLUE, width=1.5, dash=(3, 3), opacity=0.6)
            if verdict.end is not None:
                _heading_tick(scene, spot, verdict.end.heading)
            scene.circle(spot, MARKER, fill=palette.HIGHLIGHT, stroke=palette.BLUE,
                         width=4 if number - 1 == focus else 2)
            scene.text(spot, str(number), size=12, colour=palette.INK, bold=True)
        else:
            cells = [c for c in verdict.intended
                     if 0 <= c[0] < layout.width and 0 <= c[1] < layout.height]
            scene.line(origin, *(layout.pixel(c) for c in cells), stroke=palette.VERMILLION,
                       width=1.5, dash=(4, 3), opacity=0.8)
            scene.circle(spot, MARKER, fill="#FFFFFF", stroke=palette.VERMILLION,
                         width=4 if number - 1 == focus else 2)
            scene.text(spot, "✕", size=12, colour=palette.VERMILLION, bold=True)
            scene.text((spot[0] + MARKER + 2, spot[1] - MARKER), str(number), size=12,
                       colour=palette.VERMILLION, anchor="start", bold=True)


def _heading_tick(scene: Scene, spot: XY, heading: Direction) -> None:
    dx, dy = heading.vector
    norm = math.hypot(dx, dy)
    tip = (spot[0] + (MARKER + 8) * dx / norm, spot[1] - (MARKER + 8) * dy / norm)
    scene.line(spot, tip, stroke=palette.BLUE, width=2)
    arrowhead(scene, spot, tip, palette.BLUE, size=5)


# ----- the panel ----------------------------------------------------------------------------------
def _draw_panel(scene: Scene, layout: Layout, state: RegattaState, you: int | None,
                previews: Sequence[Verdict]) -> None:
    """What the player to act may do (or how the race ended), the players with their next
    buoy, the piles; the previews' words are the board's (beside the canvas)."""
    x, y = layout.panel_left + 4, TITLE + 8.0
    course = state.course
    if state.result is not None:
        winners = _(" and ").join(state.name(p) for p in state.result.winners)
        said: str = _("Race over: {players} won!", players=winners) if winners else \
            _("Race over: {reason}.", reason=state.result.reason)
    else:
        said = to_do(state)[0].upper() + to_do(state)[1:] + "."
    for line in fitted_lines(said, COLUMN - 24, rows=3, bold=True):
        scene.text((x, y), line, size=12, colour=palette.INK, anchor="start", bold=True)
        y += 15
    y = TITLE + 56.0
    for player, yacht in enumerate(state.yachts):
        acting = player == state.current_player
        scene.rect(x, y - 7, 10, 28, fill=_colour(player), stroke=palette.INK, width=0.8)
        name = _("{player} (you)", player=state.name(player)) if player == you \
            else state.name(player)
        who = f"{'▶ ' if acting else ''}{name}"
        scene.text((x + 16, y), fitted_lines(who, COLUMN - 24)[0], size=12, colour=palette.INK,
                   anchor="start", bold=acting)
        words = {"next": course.leg_label(yacht.leg), "way": i18n.number(state.to_go(player), 0)}
        line = _("{next} · {way} to go · becalmed ☀", **words) if state.becalmed(player) else \
            _("{next} · {way} to go", **words)
        scene.text((x + 16, y + 14), fitted_lines(line, COLUMN - 24)[0], size=12,
                   colour=palette.MUTED, anchor="start")
        y += 32
    top = state.kinds[state.discard_pile[-1]] if state.discard_pile else None
    piles = _("Draw pile {draw} · discards {discards}", draw=state.pile_size,
              discards=len(state.discard_pile))
    scene.text((x, y), fitted_lines(piles, COLUMN - 8)[0], size=12, colour=palette.INK,
               anchor="start")
    if top is not None:
        said = _("top: {card}", card=state.deck.kind(top).shown)
        scene.text((x, y + 15), fitted_lines(said, COLUMN - 8)[0], size=12, colour=palette.MUTED,
                   anchor="start")


# ----- the hand -----------------------------------------------------------------------------------
def _draw_hand(scene: Scene, layout: Layout, state: RegattaState, viewer: int,
               selected: Sequence[int]) -> None:
    hand = state.hand(viewer)
    label = _("{player}: your hand", player=state.name(viewer)) if hand else \
        _("{player} holds no cards", player=state.name(viewer))
    scene.text((layout.panel_left + 4, layout.hand_top + 10), label, size=12, colour=palette.INK,
               anchor="start", bold=True)
    rects = layout.hand_rects(len(hand), selected)
    for index, (rect, kind) in enumerate(zip(rects, hand)):
        draw_regatta_card(scene, rect, kind, state.deck, selected=index in selected)


def _draw_cover(scene: Scene, layout: Layout, message: str) -> None:
    draw_cover(scene, layout.hand_area, message)
