"""Drawing pieces of Race the Wind: boats, marks, the wind, the no-go zone, turn options."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import XY, Scene
from sailing_kit.draw.wind import draw_wind, screen_unit
from sailing_kit.race.rightofway import Boat, course_point
from sailing_kit.race.sailing import Tack, TurnOption, point_of_sail, tack
from sailing_kit.race.wind import compass_name

OPTION_REACH = 0.5
"""How far (in cells) an option's marker sits from its intersection, towards its heading."""
TARGET_SHARE = 0.6
"""An option's target, across, as a share of a cell (markers of one end sit close together)."""


def draw_boat(scene: Scene, view: GridView, position: Point, heading: Direction,
              wind: Direction, label: str = "", colour: str | None = None) -> None:
    """A hull pointing along ``heading`` with its boom swung out to leeward, so the shape tells
    the tack: on starboard tack (wind over the right side) the boom lies to the left. The hull
    is ``colour`` (a player's, in a race), else the tack's: blue starboard, vermillion port,
    grey head to wind. It carries ``label`` (the boat's name), else the tack's initial."""
    ux, uy = screen_unit(heading)
    px, py = -uy, ux  # towards starboard
    cx, cy = view.pixel(position)
    c = view.cell
    hull = [
        (cx + 0.45 * c * ux, cy + 0.45 * c * uy),
        (cx + 0.05 * c * ux + 0.2 * c * px, cy + 0.05 * c * uy + 0.2 * c * py),
        (cx - 0.32 * c * ux + 0.15 * c * px, cy - 0.32 * c * uy + 0.15 * c * py),
        (cx - 0.32 * c * ux - 0.15 * c * px, cy - 0.32 * c * uy - 0.15 * c * py),
        (cx + 0.05 * c * ux - 0.2 * c * px, cy + 0.05 * c * uy - 0.2 * c * py),
    ]
    side = tack(heading, wind)
    fill = colour or (palette.STARBOARD if side is Tack.STARBOARD else
                      palette.PORT if side is Tack.PORT else palette.MUTED)
    scene.polygon(hull, fill=fill, stroke=palette.INK, width=1.2)
    leeward = -1.0 if side is Tack.STARBOARD else 1.0 if side is Tack.PORT else 0.0
    aft, out = math.cos(math.radians(50)) if leeward else 1.0, math.sin(math.radians(50))
    mast = (cx + 0.15 * c * ux, cy + 0.15 * c * uy)
    clew = (mast[0] + 0.55 * c * (-aft * ux + leeward * out * px),
            mast[1] + 0.55 * c * (-aft * uy + leeward * out * py))
    belly = ((mast[0] + clew[0]) / 2 + 0.14 * c * leeward * px,
             (mast[1] + clew[1]) / 2 + 0.14 * c * leeward * py)
    scene.polygon([mast, belly, clew], fill="#ffffff", stroke=palette.INK, width=1.2)
    # TRANSLATORS: the initials of starboard and port tack drawn on a boat, separated by a space.
    initials = _("S P").split() + ["S", "P"]
    text = label or (initials[0] if side is Tack.STARBOARD else initials[1] if side is Tack.PORT
                     else "–")
    scene.text((cx, cy), text, size=12, colour="#ffffff", bold=True)


def draw_mark(scene: Scene, view: GridView, position: Point, label: str = "") -> None:
    scene.circle(view.pixel(position), 0.28 * view.cell, fill=palette.MARK, stroke=palette.INK,
                 width=1.2)
    if label:
        x, y = view.pixel(position)
        scene.text((x, y - 0.28 * view.cell - 9), label, size=12, colour=palette.INK, bold=True)


def draw_no_go(scene: Scene, view: GridView, position: Point, wind: Direction) -> None:
    """The no-go zone: a shaded wedge of about 45 degrees either side of the wind's source."""
    centre = view.pixel(position)
    bearing = math.radians(wind.degrees)
    radius = 1.6 * view.cell
    arc = [
        (centre[0] + radius * math.sin(bearing + a), centre[1] - radius * math.cos(bearing + a))
        for a in (math.radians(d) for d in range(-44, 45, 8))
    ]
    scene.polygon([centre, *arc], fill=palette.NO_GO, opacity=0.55)


def option_marker(view: GridView, option: TurnOption) -> XY:
    """Where an option is drawn (and clicked): just off its end, towards its heading."""
    return view.toward(option.position, option.heading, OPTION_REACH)


def draw_options(scene: Scene, view: GridView, start: Point, options: Iterable[TurnOption],
                 selected: TurnOption | None = None,
                 warned: Mapping[TurnOption, str] | None = None) -> None:
    """Every end of a turn as a short stroke in its heading with a dot (a target to click); the
    selected one larger, with its path dashed. An end the umpire would penalise (``warned``:
    its warning) is drawn in the warning colour with a "!"."""
    warned = warned or {}
    for option in options:
        end = view.pixel(option.position)
        marker = option_marker(view, option)
        chosen = option == selected
        warning = warned.get(option, "")
        colour = palette.WARNING if warning else palette.BLUE
        scene.line(end, marker, stroke=colour, width=2.5 if chosen else 1.5)
        scene.circle(marker, 7 if chosen else 4.5, fill=colour if warning else palette.HIGHLIGHT,
                     stroke=palette.INK, width=1.5 if chosen else 0.8)
        if warning:
            scene.text((marker[0] + 7, marker[1] - 7), "!", size=12, colour=palette.WARNING,
                       bold=True)
        scene.target(marker, TARGET_SHARE * view.cell, option.describe(), warning=warning,
                     round=True)
    if selected is not None and selected.path:
        scene.line(view.pixel(start), *(view.pixel(p) for p in selected.path),
                   stroke=palette.BLUE, width=2, dash=(5, 4))


def draw_route(scene: Scene, view: GridView, start: Point, route: Iterable[TurnOption]) -> None:
    """A planned route: the track through every intersection entered, and at each turn's end its
    number (turns that end on the same spot, such as a tack, share one label: "5,6")."""
    track = [view.pixel(start)]
    labels: dict[Point, list[str]] = {}
    for number, option in enumerate(route, start=1):
        track.extend(view.pixel(p) for p in option.path)
        labels.setdefault(option.position, []).append(str(number))
    if len(track) > 1:
        scene.line(*track, stroke=palette.BLUE, width=2.5, dash=(6, 4))
    for position, numbers in labels.items():
        text = ",".join(numbers)
        x, y = view.pixel(position)
        scene.rect(x - 4 * len(text) - 4, y - 9, 8 * len(text) + 8, 18, fill="#ffffff",
                   stroke=palette.BLUE, width=1.2)
        scene.text((x, y), text, size=12, colour=palette.INK, bold=True)


def points_of_sail_rose(wind: Direction | str = Direction.N) -> Scene:
    """Eight boats round a circle, one per heading, each named by its point of sail."""
    wind = Direction.parse(wind)
    view = GridView(5, 5, cell=80, margin=80, top=0)
    width, height = view.size
    scene = Scene(width, height, title=_("The points of sail in a wind from {wind}",
                                         wind=compass_name(wind)),
                  background=palette.WATER)
    centre = (2, 2)
    draw_no_go(scene, view, centre, wind)
    draw_wind(scene, view.pixel(centre), wind, length=40)
    for heading in Direction:
        dx, dy = heading.vector
        spot = (centre[0] + 1.4 * dx, centre[1] + 1.4 * dy)
        draw_boat(scene, view, spot, heading, wind)  # type: ignore[arg-type]  # draw_boat takes a point between grid points here (a float position)
        x, y = view.pixel(spot)
        scene.text((x, y + 0.62 * view.cell), point_of_sail(heading, wind).words, size=12,
                   colour=palette.INK, bold=True)
    return scene


def draw_zone(scene: Scene, view: GridView, mark: Point, radius: int = 2) -> None:
    """The zone of the 2 lengths: the square of intersections within ``radius`` of the mark."""
    x0, y0 = view.pixel((mark[0] - radius - 0.3, mark[1] + radius + 0.3))
    x1, y1 = view.pixel((mark[0] + radius + 0.3, mark[1] - radius - 0.3))
    scene.rect(x0, y0, x1 - x0, y1 - y0, fill=palette.YELLOW, opacity=0.25,
               stroke=palette.ORANGE, width=1.5)


def draw_wind_line(scene: Scene, view: GridView, position: Point, wind: Direction) -> None:
    """The wind line through a point: the line across the wind, every point of which is equally
    far to leeward (§3.4 "same wind line")."""
    dx, dy = wind.rotate(2).vector
    reach = max(view.width, view.height)
    on_grid = [(position[0] + k * dx, position[1] + k * dy) for k in range(-reach, reach + 1)]
    on_grid = [p for p in on_grid if view.contains(p)]
    scene.line(view.pixel(on_grid[0]), view.pixel(on_grid[-1]), stroke=palette.MUTED, width=1,
               dash=(2, 4))


def draw_course_point(scene: Scene, view: GridView, boat_position: Point, point: Point,
                      colour: str) -> None:
    """A boat's course point: a ring where its next movement would take it."""
    scene.line(view.pixel(boat_position), view.pixel(point), stroke=colour, width=1.2,
               dash=(3, 3))
    scene.circle(view.pixel(point), 5, stroke=colour, width=2, fill="#ffffff")


def draw_course_points(scene: Scene, view: GridView, boats: Iterable[Boat],
                       wind: Direction) -> None:
    """Every boat's course point, in the colour of its tack."""
    for boat in boats:
        point = course_point(boat, wind)
        if point is not None:
            colour = palette.STARBOARD if tack(boat.heading, wind) is Tack.STARBOARD \
                else palette.PORT
            draw_course_point(scene, view, boat.position, point, colour)


def draw_contested_point(scene: Scene, view: GridView, point: Point, entitled: str) -> None:
    """The light-blue point of figures 9-11, labelled with the boat entitled to it."""
    x, y = view.pixel(point)
    scene.circle((x, y), 9, fill=palette.SKY_BLUE, stroke=palette.INK, width=1.2, opacity=0.9)
    scene.text((x + 17, y - 11), f"→{entitled}", size=12, colour=palette.INK, bold=True)


def draw_infringement(scene: Scene, view: GridView, point: Point) -> None:
    """A thick dashed ring and a "!" round the boat that infringed another."""
    x, y = view.pixel(point)
    scene.circle((x, y), 0.5 * view.cell, stroke=palette.VERMILLION, width=3)
    scene.text((x + 0.5 * view.cell, y - 0.5 * view.cell), "!", size=16,
               colour=palette.VERMILLION, bold=True)


def draw_last_move(scene: Scene, view: GridView, path: Sequence[Point], *,
                   latest: bool = False) -> None:
    """The last move of a boat, as game sites mark it: a band under its track and a ring where
    it came from (the latest move of all, wider)."""
    if not path:
        return
    points = [view.pixel(p) for p in path]
    width = (0.42 if latest else 0.28) * view.cell
    if len(points) > 1:
        scene.line(*points, stroke=palette.LAST_MOVE, width=width, opacity=0.6)
    scene.circle(points[0], 0.3 * view.cell, stroke=palette.LAST_MOVE, width=3 if latest else 2,
                 fill=None)
