"""A picture as a list of simple shapes, rendered to SVG (static) or painted by the board canvas (widgets).

Every board draws through a :class:`Scene`, so the picture a state shows in a static notebook and
the one its widget paints come from the same drawing code. Coordinates are pixels, y downwards.

Besides its shapes a scene may name its **pieces** (the shapes of one boat, die or card, under a
key that stays the same from one position to the next, so the painter can move them rather than
jump) and its **targets** (the spots a player may click, with a short word for each, and a
warning where the rules would penalise the move).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from sailing_kit.draw.measure import text_width

XY = tuple[float, float]
MIN_TEXT = 12
"""The smallest text size (pixels at 100 %) a board draws: readable when projected."""


@dataclass(frozen=True)
class Style:
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True)
class Line:
    points: tuple[XY, ...]
    style: Style


@dataclass(frozen=True)
class Polygon:
    points: tuple[XY, ...]
    style: Style


@dataclass(frozen=True)
class Circle:
    centre: XY
    radius: float
    style: Style


@dataclass(frozen=True)
class Text:
    at: XY
    text: str
    size: float
    colour: str
    anchor: str = "middle"  # start, middle or end
    bold: bool = False
    fit: float = 0.0
    """The widest the text may be drawn (pixels): a wider line is squeezed into it (0: any)."""


Shape = Line | Polygon | Circle | Text
EFFECTS = ("", "tumble")
"""How a piece moves besides gliding: ``"tumble"`` spins it as it settles (a die rolled)."""


@dataclass(frozen=True)
class Piece:
    """Shapes ``first`` to ``end`` (exclusive) of a scene are one piece called ``key``; the
    painter moves it from where the same key stood in the last picture, along ``path`` (pixels
    its centre passes through) if given."""

    key: str
    first: int
    end: int
    path: tuple[XY, ...] = ()
    effect: str = ""


@dataclass(frozen=True)
class Target:
    """A spot to click: the rectangle ``x, y, w, h`` (a disc when ``round``), named by
    ``label`` in the words the board shows; ``warning`` says what the rules would do to that
    move (it is legal, but penalised)."""

    x: float
    y: float
    w: float
    h: float
    label: str = ""
    warning: str = ""
    round: bool = False

    @property
    def centre(self) -> XY:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass
class Scene:
    """An ordered list of shapes on a ``width`` x ``height`` pixel sheet."""

    width: int
    height: int
    title: str = ""
    background: str | None = None
    shapes: list[Shape] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)

    @contextmanager
    def piece(self, key: str, *, path: Sequence[XY] = (), effect: str = "") -> Iterator[None]:
        """The shapes drawn inside the ``with`` block make the piece ``key``."""
        if effect not in EFFECTS:
            raise ValueError(f"unknown effect {effect!r}: one of {EFFECTS}")
        first = len(self.shapes)
        yield
        self.pieces.append(Piece(key, first, len(self.shapes), tuple(path), effect))

    def target(self, centre: XY, size: float | tuple[float, float], label: str = "", *,
               warning: str = "", round: bool = False) -> None:
        """A clickable spot centred on ``centre``, ``size`` across (or (width, height))."""
        w, h = (size, size) if isinstance(size, (int, float)) else size
        self.targets.append(Target(centre[0] - w / 2, centre[1] - h / 2, w, h, label, warning,
                                   round))

    def line(self, *points: XY, stroke: str, width: float = 1.0, dash: Sequence[float] = (),
             opacity: float = 1.0) -> None:
        self.shapes.append(Line(tuple(points), Style(None, stroke, width, tuple(dash), opacity)))

    def polygon(self, points: Sequence[XY], *, fill: str | None = None, stroke: str | None = None,
                width: float = 1.0, opacity: float = 1.0) -> None:
        self.shapes.append(Polygon(tuple(points), Style(fill, stroke, width, (), opacity)))

    def rect(self, x: float, y: float, w: float, h: float, **style: object) -> None:
        self.polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], **style)  # type: ignore[arg-type]  # the caller's fill, stroke and width, passed on as given

    def circle(self, centre: XY, radius: float, *, fill: str | None = None,
               stroke: str | None = None, width: float = 1.0, opacity: float = 1.0) -> None:
        self.shapes.append(Circle(centre, radius, Style(fill, stroke, width, (), opacity)))

    def text(self, at: XY, text: str, *, size: float = 12, colour: str = "#000",
             anchor: str = "middle", bold: bool = False, fit: float = 0.0) -> None:
        """``text`` at ``at``; with ``fit``, squeezed to that many pixels across."""
        self.shapes.append(Text(at, text, size, colour, anchor, bold, fit))

    def place(self, other: Scene, at: XY) -> None:
        """Draw ``other`` here with its top-left corner at ``at`` (its background as a
        rectangle; its shapes must lie inside its own sheet)."""
        dx, dy = at
        if other.background:
            self.rect(dx, dy, other.width, other.height, fill=other.background)
        self.shapes.extend(_moved(shape, dx, dy) for shape in other.shapes)

    def to_svg(self) -> str:
        """The scene as a standalone SVG document (with a <title> for screen readers)."""
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" role="img" font-family="sans-serif">'
        ]
        if self.title:
            parts.append(f"<title>{escape(self.title)}</title>")
        if self.background:
            parts.append(f'<rect width="100%" height="100%" fill="{self.background}"/>')
        parts.extend(_svg(shape) for shape in self.shapes)
        parts.append("</svg>")
        return "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def paint(self, canvas: Any) -> None:
        """Paint the scene on an ipycanvas ``Canvas`` (or on the bottom layer of a
        ``MultiCanvas``), so that a notebook can draw its own overlays on top of a kit position
        (a course, an arrow, a heat map) with ipycanvas's own calls. The canvas takes the
        scene's size; the commands go in one message when ipycanvas is installed.

        The kit's boards paint with their own canvas (``sailing_kit.widgets.canvas``): see
        docs/ipycanvas.md for why clicks on an ipycanvas canvas can land wrong."""
        target = canvas[0] if hasattr(canvas, "__getitem__") else canvas
        with _held(canvas):
            for layer in (canvas, target):
                layer.width, layer.height = self.width, self.height
            target.clear()
            if self.background:
                target.fill_style = self.background
                target.fill_rect(0, 0, self.width, self.height)
            target.line_cap = "round"
            for shape in self.shapes:
                _paint(target, shape)
            target.global_alpha = 1.0
            target.set_line_dash([])


def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    if isinstance(shape, Line | Polygon):
        return replace(shape, points=tuple((x + dx, y + dy) for x, y in shape.points))
    if isinstance(shape, Circle):
        return replace(shape, centre=(shape.centre[0] + dx, shape.centre[1] + dy))
    return replace(shape, at=(shape.at[0] + dx, shape.at[1] + dy))


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _points(points: Sequence[XY]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _style(style: Style) -> str:
    attributes = [
        f'fill="{style.fill or "none"}"',
        f'stroke="{style.stroke or "none"}"',
    ]
    if style.stroke:
        attributes.append(f'stroke-width="{_num(style.width)}"')
    if style.dash:
        attributes.append(f'stroke-dasharray="{" ".join(_num(d) for d in style.dash)}"')
    if style.opacity < 1:
        attributes.append(f'opacity="{_num(style.opacity)}"')
    return " ".join(attributes)


def _svg(shape: Shape) -> str:
    if isinstance(shape, Line):
        return f'<polyline points="{_points(shape.points)}" {_style(shape.style)} stroke-linecap="round"/>'
    if isinstance(shape, Polygon):
        return f'<polygon points="{_points(shape.points)}" {_style(shape.style)}/>'
    if isinstance(shape, Circle):
        (x, y), r = shape.centre, shape.radius
        return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" {_style(shape.style)}/>'
    weight = ' font-weight="bold"' if shape.bold else ""
    if shape.fit and text_width(shape.text, shape.size, shape.bold) > shape.fit:
        weight += f' textLength="{_num(shape.fit)}" lengthAdjust="spacingAndGlyphs"'
    x, y = shape.at
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(shape.size)}" fill="{shape.colour}" '
        f'text-anchor="{shape.anchor}" dominant-baseline="central"{weight}>{escape(shape.text)}</text>'
    )


CANVAS_ALIGN = {"start": "left", "middle": "center", "end": "right"}
"""A text anchor as a canvas's ``textAlign``."""


@contextmanager
def _held(canvas: Any) -> Iterator[None]:
    """ipycanvas's ``hold_canvas`` (one message for the whole picture), if ipycanvas is there."""
    try:
        from ipycanvas import hold_canvas
    except ImportError:  # a duck-typed canvas: paint call by call
        yield
        return
    with hold_canvas(canvas):
        yield


def _paint(canvas: Any, shape: Shape) -> None:
    """One shape with ipycanvas's drawing calls."""
    if isinstance(shape, Text):
        canvas.global_alpha = 1.0
        canvas.fill_style = shape.colour
        canvas.font = f"{'bold ' if shape.bold else ''}{_num(shape.size)}px sans-serif"
        canvas.text_align = CANVAS_ALIGN.get(shape.anchor, "center")
        canvas.text_baseline = "middle"
        canvas.fill_text(shape.text, *shape.at, max_width=shape.fit or None)
        return
    style = shape.style
    canvas.global_alpha = style.opacity
    canvas.set_line_dash(list(style.dash))
    if isinstance(shape, Circle):
        if style.fill:
            canvas.fill_style = style.fill
            canvas.fill_circle(*shape.centre, shape.radius)
        if style.stroke:
            canvas.stroke_style, canvas.line_width = style.stroke, style.width
            canvas.stroke_circle(*shape.centre, shape.radius)
    elif isinstance(shape, Polygon):
        if style.fill:
            canvas.fill_style = style.fill
            canvas.fill_polygon(list(shape.points))
        if style.stroke:
            canvas.stroke_style, canvas.line_width = style.stroke, style.width
            canvas.stroke_polygon(list(shape.points))
    elif style.stroke:
        canvas.stroke_style, canvas.line_width = style.stroke, style.width
        canvas.stroke_lines(list(shape.points))
