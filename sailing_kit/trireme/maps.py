"""The sea of the duel as plain text: rocks, reefs, the start line, both boats, the trireme's line.

A map is read character by character (never evaluated). Header lines ``key: value`` come first,
then the grid, one row per line, north at the top::

    name: A small bay
    trireme: NW 3N NE E SE 4S
    .......
    ...#...
    ...#...
    .......
    ..=TS=.

``.`` water, ``#`` black rocks (round them clockwise), ``*`` white reefs (pass either side),
``=`` the start line (on the bottom row), ``S`` your sailboat and ``T`` the trireme, both
starting on the start line. ``trireme:`` lists the trireme's course as compass steps from
``T`` (``3N`` is ``N N N``): its dotted line. Lines starting with ``;`` are comments; a
leading byte-order mark is skipped. Every mistake raises :class:`MapError` naming the line (and
the column where there is one): a map is 3 to 40 squares a side, its course at most 400 steps,
its text at most 100,000 characters, and the sailboat must have a way off the start line that
does not crash.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources

from sailing_kit.core import i18n
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.core.reading import shown
from sailing_kit.trireme.rounding import RoundingLine, rounding_line

WATER, ROCK, REEF, LINE, SAILBOAT, TRIREME = ".", "#", "*", "=", "S", "T"
LEGEND = {
    WATER: N_("water"),
    ROCK: N_("black rocks"),
    REEF: N_("white reefs"),
    LINE: N_("start line"),
    SAILBOAT: N_("your sailboat, on the start line"),
    TRIREME: N_("the trireme, on the start line"),
}
"""What each map character draws (translated where shown, :func:`legend_words`)."""


def legend_words(char: str) -> str:
    """``'#' (black rocks)``: a map character and its meaning, in the language spoken now."""
    return _("{char} ({meaning})", char=repr(char), meaning=_(LEGEND[char]))


def every_character() -> str:
    return ", ".join(f"{char} ({_(meaning)})" for char, meaning in LEGEND.items())
SHIPPED_NAMES = (N_("The bay of the black rocks"), N_("The little bay"))
UNTITLED = N_("an untitled map")
"""The shipped maps' names and a map's name when it gives none, marked for the catalogs
(shown as ``_(sea.name)``)."""
EDGE, ROCKS, REEFS = N_("the edge of the map"), N_("the black rocks"), N_("the white reefs")
"""What a boat crashes on (translated where shown, ``_(hazard)``)."""
MIN_SIZE, MAX_SIZE = 3, 40
MAX_COURSE = 400
"""The longest course of the trireme, in steps: ten times across the largest map (a course
round the rocks of a 40 x 40 map along its edges is under 160 steps)."""
MAX_TEXT = 100_000
"""The longest map text read, in characters (a 40 x 40 map with long comments is far less)."""
MAX_NAME = 80
"""The longest map name, in characters."""
SHIPPED = {"default": "default_map.txt", "small": "small_map.txt"}
"""The maps that come with the kit, by name."""

_HEADER = re.compile(r"([A-Za-z_]+)[ \t]*:")
_STEP = re.compile(r"(\d{1,2})?([A-Za-z]+)")


class MapError(ConfigError):
    """A map that cannot be read; the message names the line and column of the mistake."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(_("line {line}, column {column}: {message}", line=line, column=column,
                           message=message) if line and column else
                         _("line {line}: {message}", line=line, message=message) if line
                         else message)
        self.line = line
        self.column = column


@dataclass(frozen=True)
class SeaMap:
    """A parsed map. Points are ``(x, y)`` squares, x growing East and y North; ``path[0]`` is
    the trireme's start and ``path[-1]`` the square where it crosses the start line."""

    name: str
    width: int
    height: int
    rocks: frozenset[Point]
    reefs: frozenset[Point]
    line: frozenset[Point]
    sailboat: Point
    trireme: Point
    steps: tuple[Direction, ...]

    @cached_property
    def path(self) -> tuple[Point, ...]:
        """The trireme's dotted line, square by square from its start."""
        squares = [self.trireme]
        for direction in self.steps:
            squares.append(step(squares[-1], direction))
        return tuple(squares)

    @cached_property
    def rounding(self) -> RoundingLine:
        """The line north of the black rocks that a boat crosses going east to round them."""
        return rounding_line(self.rocks)

    @cached_property
    def water(self) -> tuple[Point, ...]:
        """Every square a boat may be on (start line included), row by row from the south."""
        return tuple((x, y) for y in range(self.height) for x in range(self.width)
                     if (x, y) not in self.rocks and (x, y) not in self.reefs)

    def on_map(self, point: Point) -> bool:
        return 0 <= point[0] < self.width and 0 <= point[1] < self.height

    def hazard(self, point: Point) -> str | None:
        """What a boat entering ``point`` crashes on ("the black rocks", "the white reefs", "the
        edge of the map"), or None for open water."""
        if not self.on_map(point):
            return EDGE
        if point in self.rocks:
            return ROCKS
        if point in self.reefs:
            return REEFS
        return None

    def squeeze(self, start: Point, end: Point) -> bool:
        """True for a diagonal step between two rock or reef squares that touch at a corner: a
        step *through* them, not beside them."""
        (x0, y0), (x1, y1) = start, end
        if x0 == x1 or y0 == y1:
            return False
        return self.hazard((x1, y0)) in _WALLS and self.hazard((x0, y1)) in _WALLS

    def to_text(self) -> str:
        """The map in the plain-text format (``parse_map(m.to_text()) == m``)."""
        marks = {**dict.fromkeys(self.rocks, ROCK), **dict.fromkeys(self.reefs, REEF),
                 **dict.fromkeys(self.line, LINE), self.sailboat: SAILBOAT, self.trireme: TRIREME}
        rows = ["".join(marks.get((x, y), WATER) for x in range(self.width))
                for y in range(self.height - 1, -1, -1)]
        headers = [f"name: {self.name}", f"trireme: {course_text(self.steps)}"]
        return "\n".join(headers + rows) + "\n"


_WALLS = (ROCKS, REEFS)


def course_text(steps: tuple[Direction, ...]) -> str:
    """Compass steps written short: ``N N N E`` as ``3N E``."""
    runs: list[tuple[int, Direction]] = []
    for direction in steps:
        if runs and runs[-1][1] == direction:
            runs[-1] = (runs[-1][0] + 1, direction)
        else:
            runs.append((1, direction))
    return " ".join(f"{count if count > 1 else ''}{direction.value}" for count, direction in runs)


def load_map(name_or_text: str) -> SeaMap:
    """A shipped map by name (``"default"``, ``"small"``) or a map given as text."""
    return parse_map(map_text(name_or_text))


def map_text(name_or_text: str) -> str:
    """The text of a shipped map by name, or ``name_or_text`` itself if it is not a name."""
    if not isinstance(name_or_text, str):
        raise MapError(_("a map is text (or the name of a shipped map: {maps}), not {kind}",
                         maps=", ".join(SHIPPED), kind=type(name_or_text).__name__))
    file = SHIPPED.get(name_or_text.strip().lower())
    if file is None and "\n" not in name_or_text.strip():
        raise MapError(_("{value} is not a shipped map ({maps}), and a map's text has several "
                         "lines: headers, then one line per row", value=shown(name_or_text),
                         maps=", ".join(SHIPPED)))
    if file is None:
        return name_or_text
    return resources.files("sailing_kit.trireme").joinpath(file).read_text(encoding="utf-8")


@lru_cache(maxsize=64)
def parse_map(text: str) -> SeaMap:
    """Read a map from its text; :class:`MapError` names the line and column of any mistake."""
    if not isinstance(text, str):
        raise MapError(_("a map is text, not {kind}", kind=type(text).__name__))
    if len(text) > MAX_TEXT:
        raise MapError(_("the map's text has {count} characters; a map has at most {most} (a "
                         "40 x 40 grid with its headers needs under 2,000)",
                         count=i18n.number(len(text)), most=i18n.number(MAX_TEXT)))
    headers, rows, last_line = _split(text.removeprefix("\ufeff"))
    name = headers.get("name", (0, 0, UNTITLED))[2].strip() or UNTITLED
    if len(name) > MAX_NAME:
        raise MapError(_("the map's name has {count} characters; at most {most}",
                         count=i18n.number(len(name)), most=MAX_NAME),
                       headers["name"][0], headers["name"][1])
    grid = _Grid(rows, last_line)
    if "trireme" not in headers:
        raise MapError(_("the map needs a 'trireme:' line with the trireme's course before "
                         "the grid, like 'trireme: 3N 2E 3S'"), grid.rows[0][0])
    line_number, column, course = headers["trireme"]
    steps, columns = _read_course(course, line_number, column)
    sea = SeaMap(name, grid.width, grid.height, grid.squares(ROCK), grid.squares(REEF),
                 grid.squares(LINE, SAILBOAT, TRIREME), grid.single(SAILBOAT),
                 grid.single(TRIREME), steps)
    _check_rocks(sea, grid)
    _check_course(sea, line_number, columns)
    _check_way_out(sea, grid)
    return sea


def _split(text: str) -> tuple[dict[str, tuple[int, int, str]], list[tuple[int, int, str]], int]:
    """Header lines as {key: (line, column of the value, value)}, the grid rows as
    (line, column of the first square, row), and the number of the text's last line."""
    headers: dict[str, tuple[int, int, str]] = {}
    rows: list[tuple[int, int, str]] = []
    number = 1
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(";"):
            continue
        indent = len(raw) - len(raw.lstrip())
        header = _HEADER.match(stripped)
        if header is None:
            rows.append((number, indent + 1, stripped))
            continue
        key = header[1].lower()
        if rows:
            raise MapError(_("the header '{header}:' must come before the grid",
                             header=header[1]), number, indent + 1)
        if key not in ("name", "trireme"):
            raise MapError(_("unknown header '{header}:'; a map has 'name:' and 'trireme:' "
                             "lines", header=header[1]), number, indent + 1)
        if key in headers:
            raise MapError(_("the map has two '{header}:' lines", header=key), number,
                           indent + 1)
        headers[key] = (number, indent + header.end() + 1, stripped[header.end():])
    return headers, rows, number


class _Grid:
    """The grid rows, checked character by character."""

    def __init__(self, rows: list[tuple[int, int, str]], last_line: int):
        if not rows:
            raise MapError(_("the map has no grid: after the header lines draw the sea, one "
                             "row per line, with {characters}", characters=every_character()),
                           last_line)
        first_line, _first_column, first = rows[0]
        for number, column, row in rows:
            for offset, char in enumerate(row):
                if char not in LEGEND:
                    raise MapError(_("{char} is not a map character; use {characters}",
                                     char=repr(char), characters=every_character()),
                                   number, column + offset)
            if len(row) != len(first):
                raise MapError(_("this row has {count} squares but the first row of the grid "
                                 "(line {line}) has {first}: every row must be as wide",
                                 count=len(row), line=first_line, first=len(first)),
                               number, column + min(len(row), len(first)))
        self.rows = rows
        self.width, self.height = len(first), len(rows)
        for size, wide in ((self.width, True), (self.height, False)):
            if not MIN_SIZE <= size <= MAX_SIZE:
                limits = {"size": size, "least": MIN_SIZE, "most": MAX_SIZE}
                raise MapError(_("the map is {size} squares wide; it must be from {least} to "
                                 "{most}", **limits) if wide else
                               _("the map is {size} squares high; it must be from {least} to "
                                 "{most}", **limits), first_line)
        self.check_start_line()

    def cells(self) -> Iterator[tuple[Point, str, int, int]]:
        """Every square as ((x, y), character, line, column)."""
        for index, (number, column, row) in enumerate(self.rows):
            y = self.height - 1 - index
            for x, char in enumerate(row):
                yield (x, y), char, number, column + x

    def squares(self, *chars: str) -> frozenset[Point]:
        return frozenset(p for p, char, _line, _column in self.cells() if char in chars)

    def check_start_line(self) -> None:
        """The start line and both boats' starts lie on the bottom row."""
        for point, char, number, column in self.cells():
            if char in (LINE, SAILBOAT, TRIREME) and point[1] != 0:
                raise MapError(_("{what} must be on the bottom (south) row: the start line "
                                 "runs along the south edge", what=legend_words(char)),
                               number, column)

    def single(self, char: str) -> Point:
        places = [(p, number, column) for p, c, number, column in self.cells() if c == char]
        if not places:
            raise MapError(_("the map needs exactly one {what} on its bottom row, the start "
                             "line; it has none", what=legend_words(char)), self.rows[-1][0])
        if len(places) > 1:
            raise MapError(_("the map needs exactly one {what}; it has {count}",
                             what=legend_words(char), count=len(places)), *places[1][1:])
        return places[0][0]

    def where(self, point: Point) -> tuple[int, int]:
        """The line and column of a square."""
        number, column, _row = self.rows[self.height - 1 - point[1]]
        return number, column + point[0]


def _read_course(course: str, line: int, column: int) -> tuple[tuple[Direction, ...], list[int]]:
    """The course's steps, and for each the column of the word that gives it."""
    steps: list[Direction] = []
    columns: list[int] = []
    for token in re.finditer(r"\S+", course):
        where = column + token.start()
        match = _STEP.fullmatch(token[0])
        name = match[2].upper() if match else ""
        if match is None or name not in Direction.__members__:
            raise MapError(_("{step} is not a step of the trireme's course: write a compass "
                             "direction (N, NE, E, SE, S, SW, W, NW), with a count before it to "
                             "repeat it, like 3N", step=repr(token[0])), line, where)
        count = int(match[1] or 1)
        if count < 1:
            raise MapError(_("a step's count is at least 1"), line, where)
        if len(steps) + count > MAX_COURSE:
            raise MapError(_("the trireme's course is longer than {most} steps (ten times "
                             "across the largest map): shorten it", most=MAX_COURSE), line,
                           where)
        steps.extend([Direction[name]] * count)
        columns.extend([where] * count)
    if not steps:
        raise MapError(_("the trireme's course is empty: list its steps, like 'trireme: 3N 2E "
                         "3S'"), line, column)
    return tuple(steps), columns


def _check_rocks(sea: SeaMap, grid: _Grid) -> None:
    if not sea.rocks:
        raise MapError(_("the map has no black rocks ({char}) to round: draw them in the grid "
                         "(lines {first} to {last})", char=repr(ROCK), first=grid.rows[0][0],
                         last=grid.rows[-1][0]), grid.rows[0][0])
    on_the_line_row = sorted(p for p in sea.rocks if p[1] == 0)
    if on_the_line_row:
        raise MapError(_("the black rocks must lie north of the bottom row, where the start "
                         "line runs"), *grid.where(on_the_line_row[0]))
    groups = _groups(sea.rocks)
    if len(groups) > 1:
        stray = min(groups[1:], key=len)
        first = min(stray, key=lambda p: (-p[1], p[0]))
        raise MapError(n_("the black rocks must form one group (squares touching, corners "
                          "included): this rock stands apart from the main group of {main}",
                          "the black rocks must form one group (squares touching, corners "
                          "included): these rocks stand apart from the main group of {main}",
                          len(stray), main=len(groups[0])), *grid.where(first))


def _groups(squares: frozenset[Point]) -> list[set[Point]]:
    """The connected groups of ``squares``, largest first (ties: the northernmost first)."""
    groups, left = [], set(squares)
    while left:
        group = _group(squares, min(left, key=lambda p: (-p[1], p[0])))
        groups.append(group)
        left -= group
    return sorted(groups, key=len, reverse=True)


def _group(squares: frozenset[Point], seed: Point) -> set[Point]:
    """The squares of ``squares`` connected to ``seed`` (corners count)."""
    group, frontier = {seed}, [seed]
    while frontier:
        x, y = frontier.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                neighbour = (x + dx, y + dy)
                if neighbour in squares and neighbour not in group:
                    group.add(neighbour)
                    frontier.append(neighbour)
    return group


def _check_course(sea: SeaMap, line: int, columns: list[int]) -> None:
    """The trireme's line stays in open water, touches the start line only at its two ends and
    rounds the rocks once clockwise; a mistake points at the step that makes it."""
    path = sea.path
    for number, (start, end) in enumerate(itertools.pairwise(path), start=1):
        what = _("step {number} of the trireme's course ({heading} from {square})",
                 number=number, heading=sea.steps[number - 1].letters, square=start)
        where = (line, columns[number - 1])
        hazard = sea.hazard(end)
        if hazard is not None:
            raise MapError(_("{step} runs onto {hazard} at {square}", step=what,
                             hazard=_(hazard), square=end), *where)
        if sea.squeeze(start, end):
            raise MapError(_("{step} passes between two rocks or reefs that touch at a corner",
                             step=what), *where)
        if end in sea.line and number < len(path) - 1:
            raise MapError(_("{step} reaches the start line at {square} before the course ends",
                             step=what, square=end), *where)
    if path[-1] not in sea.line:
        raise MapError(_("the trireme's course ends at {square}, not on the start line",
                         square=path[-1]), line, columns[-1])
    laps = sea.rounding.laps(path)
    if laps != 1:
        raise MapError(_("the trireme's course must round the black rocks once clockwise, "
                         "keeping them on its right ('par la droite'); it rounds them {laps} "
                         "times", laps=laps), line, columns[0])


def _check_way_out(sea: SeaMap, grid: _Grid) -> None:
    """The sailboat must have at least one heading whose first square is open water: a map
    where every way off the start crashes can only be lost."""
    boat = sea.sailboat
    for heading in Direction:
        there = step(boat, heading)
        if sea.hazard(there) is None and not sea.squeeze(boat, there):
            return
    raise MapError(_("your sailboat at {square} cannot move without crashing: every square "
                     "around it is rock, reef or the edge of the map", square=boat),
                   *grid.where(boat))


def edge_map(size: int = MAX_SIZE) -> str:
    """The text of a ``size`` x ``size`` map with a 4 x 4 block of rocks in the middle and the
    trireme's course round the edges of the map: near the largest table the solver meets (for
    benchmarks and tests of the limits)."""
    if not 9 <= size <= MAX_SIZE:
        raise MapError(f"an edge map is 9 to {MAX_SIZE} squares a side, not {size}")
    middle, start = size // 2, 2 * size // 3
    rows = [["."] * size for _ in range(size)]  # rows[y], y = 0 the south edge
    for y in range(middle - 2, middle + 2):
        rows[y][middle - 2:middle + 2] = [ROCK] * 4
    rows[0][1:size - 1] = [LINE] * (size - 2)
    rows[0][start], rows[0][start + 1] = TRIREME, SAILBOAT
    steps = ([Direction.N] + [Direction.W] * (start - 1) + [Direction.N] * (size - 3)
             + [Direction.E] * (size - 3) + [Direction.S] * (size - 2))
    grid = "\n".join("".join(row) for row in reversed(rows))
    return f"name: The {size} x {size} edge course\ntrireme: {course_text(tuple(steps))}\n{grid}\n"
