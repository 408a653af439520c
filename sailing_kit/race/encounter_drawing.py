"""The picture of an encounter at one frame of its animation, with the overlays a student can
switch on.

Always drawn: the grid, the marks with the game's 2-length zone, the starting line, obstructions,
lulls and cover tokens, each boat's track so far and the boats. The overlays
(:data:`OVERLAYS`): the overlap lines (the line abeam of each boat's stern), the RRS's
three-length zone, a boat-length ruler, the wind across the water, each boat's tack by the RRS,
and — only once the question is answered (``reveal``) — who must keep clear of whom and the
incidents. The view is fixed for the whole encounter, so the boats move and the water stays.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import MIN_TEXT, Scene
from sailing_kit.draw.wind import draw_wind
from sailing_kit.race import drawing, rrs
from sailing_kit.race.encounter import Frame, Side, Timeline
from sailing_kit.race.rrs_seen import Seen
from sailing_kit.race.rrs_umpire import RrsRecord, relation
from sailing_kit.race.sailing import Tack

OVERLAYS = {
    "overlap": N_("overlap lines (abeam of each stern)"),
    "zone": N_("three-length zone (RRS)"),
    "ruler": N_("boat-length ruler"),
    "wind": N_("the wind across the water"),
    "tacks": N_("each boat's tack (RRS)"),
    "keep_clear": N_("who keeps clear (after you answer)"),
}
"""Overlay name: what it shows (shown as ``_(OVERLAYS[name])``)."""
OVERLAY_LABELS = {"overlap": N_("overlap"), "zone": N_("zone"), "ruler": N_("ruler"),
                  "wind": N_("wind"), "tacks": N_("tacks"), "keep_clear": N_("keep clear")}
"""Overlay name: its toggle's short label (shown as ``_(OVERLAY_LABELS[name])``)."""
MAX_CELL = 48
HEADER = 30


@dataclass(frozen=True)
class Board:
    """Where an encounter is drawn: its grid view, the same for every frame."""

    view: GridView

    @classmethod
    def fitted(cls, timeline: Timeline, box: tuple[int, int]) -> Board:
        """A view holding every boat of every frame, the marks' zones, obstructions and the
        line, zoomed to fill ``box`` pixels (cells of at most :data:`MAX_CELL`)."""
        points = [b.position for f in timeline.frames for b in f.boats]
        encounter = timeline.encounter
        reach = int(rrs.ZONE) + 1
        points += [(m.at[0] + dx, m.at[1] + dy) for m in encounter.marks
                   for dx in (-reach, reach) for dy in (-reach, reach)]
        points += list(encounter.obstructions) + list(encounter.lulls) + list(encounter.line or ())
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        left, bottom = min(xs) - 1, min(ys) - 1
        width, height = max(xs) + 2 - left, max(ys) + 2 - bottom
        margin = 24.0
        cell = min(MAX_CELL, (box[0] - 2 * margin) / (width - 1),
                   (box[1] - HEADER - 2 * margin) / (height - 1))
        columns = max(width, int((box[0] - 2 * margin) / cell) + 1)
        rows = max(height, int((box[1] - HEADER - 2 * margin) / cell) + 1)
        origin = (left - (columns - width) // 2, bottom - (rows - height) // 2)
        return cls(GridView(columns, rows, cell=cell, margin=margin, top=HEADER, origin=origin))


def frame_scene(timeline: Timeline, record: RrsRecord, board: Board, frame: int, *,
                overlays: Collection[str] = (), reveal: bool = False, title: str = "") -> Scene:
    """Frame ``frame`` of the encounter on ``board`` (see the module's docstring)."""
    view, shown = board.view, timeline.frames[frame]
    moment = timeline.moments[shown.moment]
    scene = Scene(*view.size, title=title or _(timeline.encounter.title),
                  background=palette.WATER)
    view.draw_grid(scene)
    _water(scene, view, timeline, shown, overlays)
    _tracks(scene, view, timeline, frame)
    seen = record.seen[shown.moment] if frame == timeline.frame_of(shown.moment) else \
        record.seen[max(0, shown.moment - 1)]
    if "overlap" in overlays:
        _overlap_lines(scene, view, shown, seen)
    for boat in shown.boats:  # each boat a piece: the painter glides it from frame to frame
        with scene.piece(f"boat:{boat.name}"):
            drawing.draw_boat(scene, view, boat.position, boat.heading, shown.wind, label=boat.name)
    if "tacks" in overlays:
        for boat in shown.boats:
            x, y = view.pixel(boat.position)
            side = _("port") if seen.tack(boat.name) is Tack.PORT else _("starboard")
            label(scene, (x, y + 0.62 * view.cell), side, palette.INK, bold=True)
    if reveal and "keep_clear" in overlays:
        _keep_clear(scene, view, timeline, record, frame)
    if reveal:
        for foul in moment.fouls if frame == timeline.frame_of(shown.moment) else ():
            drawing.draw_infringement(scene, view, foul.point)
    if "ruler" in overlays:
        _ruler(scene, view)
    draw_wind(scene, (scene.width - 44, 24), shown.wind, length=26)
    scene.text((8, 16), shown.caption, size=13, colour=palette.INK, anchor="start", bold=True)
    return scene


def _water(scene: Scene, view: GridView, timeline: Timeline, shown: Frame,
           overlays: Collection[str]) -> None:
    encounter = timeline.encounter
    moment = timeline.moments[shown.moment]
    if "wind" in overlays:
        _wind_streaks(scene, view, shown)
    for mark in encounter.marks:
        drawing.draw_zone(scene, view, mark.at)
        if "zone" in overlays:
            scene.circle(view.pixel(mark.at), rrs.ZONE * view.cell, stroke=palette.BLUE, width=2,
                         fill=palette.SKY_BLUE, opacity=0.12)
            scene.circle(view.pixel(mark.at), rrs.ZONE * view.cell, stroke=palette.BLUE,
                         width=1.5)
        drawing.draw_mark(scene, view, mark.at, _("mark (port)") if mark.leave is Side.PORT
                          else _("mark (starboard)"))
    if encounter.line is not None:
        scene.line(view.pixel(encounter.line[0]), view.pixel(encounter.line[1]),
                   stroke=palette.INK, width=2, dash=(6, 4))
        for end, words in zip(encounter.line, (_("committee boat"), _("pin")), strict=True):
            drawing.draw_mark(scene, view, end, words)
    for obstruction in encounter.obstructions:
        x, y = view.pixel(obstruction)
        half = 0.42 * view.cell
        scene.rect(x - half, y - half, 2 * half, 2 * half, fill=palette.MUTED,
                   stroke=palette.INK, width=1)
    for lull in encounter.lulls:
        scene.circle(view.pixel(lull), 0.22 * view.cell, fill=palette.YELLOW,
                     stroke=palette.INK, width=1)
    for name, token in moment.cover:
        x, y = view.pixel(token)
        scene.circle((x, y), 0.22 * view.cell, fill=palette.YELLOW, stroke=palette.ORANGE,
                     width=2)
        label(scene, (x, y), name, palette.INK, bold=True)


def _tracks(scene: Scene, view: GridView, timeline: Timeline, frame: int) -> None:
    """Each boat's wake: the intersections she has sailed through, up to this frame."""
    for boat in timeline.encounter.boats:
        points: list[Point] = []
        for shown in timeline.frames[:frame + 1]:
            here = next(b.position for b in shown.boats if b.name == boat.name)
            if not points or points[-1] != here:
                points.append(here)
        if len(points) > 1:
            scene.line(*(view.pixel(p) for p in points), stroke=palette.MUTED, width=2,
                       dash=(5, 4), opacity=0.8)


def _overlap_lines(scene: Scene, view: GridView, shown: Frame, seen: Seen) -> None:
    """The line abeam from each boat's stern (RRS definition Clear Astern), dashed: a boat
    wholly behind another's line is clear astern of her."""
    reach = 3.0
    for boat in shown.boats:
        ux, uy = rrs.unit(boat.heading)
        sx, sy = rrs.stern(boat)
        ends = ((sx - uy * reach, sy + ux * reach), (sx + uy * reach, sy - ux * reach))
        colour = tack_colour(seen.tack(boat.name))
        scene.line(view.pixel(ends[0]), view.pixel(ends[1]), stroke=colour, width=1.5,
                   dash=(2, 3))
        x, y = view.pixel(ends[1])
        label(scene, (x, y), _("{boat} abeam", boat=boat.name), colour)


def _wind_streaks(scene: Scene, view: GridView, shown: Frame) -> None:
    """Small arrows blowing from the wind's source, every third intersection."""
    ux, uy = rrs.unit(shown.wind)
    x0, y0 = view.origin
    for gx in range(x0 + 1, x0 + view.width, 3):
        for gy in range(y0 + 1, y0 + view.height, 3):
            tail = view.pixel((gx + 0.45 * ux, gy + 0.45 * uy))
            tip = view.pixel((gx - 0.45 * ux, gy - 0.45 * uy))
            scene.line(tail, tip, stroke=palette.BLUE, width=1.5, opacity=0.45)
            head = [view.pixel((gx - 0.45 * ux + 0.2 * (ux + sx * uy), gy - 0.45 * uy +
                                0.2 * (uy - sx * ux))) for sx in (1, -1)]
            scene.line(head[0], tip, head[1], stroke=palette.BLUE, width=1.5, opacity=0.45)


def _keep_clear(scene: Scene, view: GridView, timeline: Timeline, record: RrsRecord,
                frame: int) -> None:
    """After the answer: an arrow from each boat that must keep clear (RRS) to the boat she
    keeps clear of, for the pair asked about."""
    shown = timeline.frames[frame]
    moment = timeline.moments[shown.moment]
    a, b = timeline.encounter.ask.boats
    keeper, rule = relation(moment, record.seen[shown.moment], a, b)
    other = b if keeper == a else a
    start = view.pixel(moment.boat(keeper).position)
    end = view.pixel(moment.boat(other).position)
    scene.line(start, end, stroke=palette.VERMILLION, width=2, dash=(6, 3))
    # above both hulls (or, with no room above, below them): never over a boat or its name
    above = min(start[1], end[1]) - 0.75 * view.cell
    y = above if above >= MIN_TEXT else max(start[1], end[1]) + 0.75 * view.cell + MIN_TEXT
    label(scene, ((start[0] + end[0]) / 2, y),
          _("{boat} keeps clear (RRS {rule})", boat=keeper, rule=rule), palette.VERMILLION,
          bold=True)


def _ruler(scene: Scene, view: GridView) -> None:
    """A scale bar of one and three hull lengths at the bottom left."""
    x, y = 10.0, scene.height - 10.0
    for lengths in (1, 3):
        scene.line((x, y), (x + lengths * view.cell, y), stroke=palette.INK, width=3)
        scene.line((x, y - 4), (x, y + 2), stroke=palette.INK, width=2)
        scene.line((x + lengths * view.cell, y - 4), (x + lengths * view.cell, y + 2),
                   stroke=palette.INK, width=2)
        label(scene, (x + lengths * view.cell + 4, y - 4),
              n_("{count} length", "{count} lengths", lengths), palette.INK, anchor="start")
        y -= 16


LETTER = 0.62
"""A letter's width, as a share of the font size (the kit's pictures allow for this much)."""


def label(scene: Scene, at: tuple[float, float], text: str, colour: str, *,
          anchor: str = "middle", bold: bool = False) -> None:
    """A text of the smallest readable size, moved sideways and up or down as little as needed
    to stay inside the picture."""
    width = LETTER * MIN_TEXT * len(text)
    left = at[0] - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    shift = max(2 - left, 0.0) + min(scene.width - 2 - (left + width), 0.0)
    y = min(max(at[1], MIN_TEXT), scene.height - MIN_TEXT / 2)
    scene.text((at[0] + shift, y), text, size=MIN_TEXT, colour=colour, anchor=anchor, bold=bold)


def tack_colour(tack: Tack) -> str:
    return palette.STARBOARD if tack is Tack.STARBOARD else palette.PORT
