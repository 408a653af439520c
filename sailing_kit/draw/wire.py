"""A scene as the JSON the browser's painter reads (``sailing_kit/widgets/painter.js``).

One object: the sheet's size, title and background, its shapes as short lists, its pieces and its
targets. A board sends it to its canvas; any web page may hand the same text to the painter.

- shapes: ``["L", points, stroke, width, dash, opacity]``, ``["P", points, fill, stroke, width,
  opacity]``, ``["C", x, y, r, fill, stroke, width, opacity]``, ``["T", x, y, text, size,
  colour, align, bold]`` and a squeezed text's widest width last (points flat: x0, y0, x1, y1,
  ...);
- pieces: ``[key, first, end, path, effect]``;
- targets: ``[x, y, w, h, label, warning, round]``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sailing_kit.draw.scene import CANVAS_ALIGN, XY, Circle, Line, Polygon, Scene, Text


def picture(scene: Scene) -> dict[str, Any]:
    """The scene as plain JSON values."""
    return {
        "width": scene.width, "height": scene.height, "title": scene.title,
        "background": scene.background or "",
        "shapes": [_ENCODE[type(shape)](shape) for shape in scene.shapes],
        "pieces": [[p.key, p.first, p.end, _flat(p.path), p.effect] for p in scene.pieces],
        "targets": [[_round(t.x), _round(t.y), _round(t.w), _round(t.h), t.label, t.warning,
                     t.round] for t in scene.targets],
    }


def picture_json(scene: Scene) -> str:
    """:func:`picture` as compact JSON text (one string: quick to send)."""
    return json.dumps(picture(scene), separators=(",", ":"), ensure_ascii=False)


def _round(value: float) -> float:
    return round(value, 1)


def _flat(points: tuple[XY, ...]) -> list[float]:
    return [_round(value) for point in points for value in point]


def _text(shape: Text) -> list[Any]:
    x, y = shape.at
    encoded = ["T", _round(x), _round(y), shape.text, shape.size, shape.colour,
               CANVAS_ALIGN[shape.anchor], shape.bold]
    return [*encoded, _round(shape.fit)] if shape.fit else encoded


def _circle(shape: Circle) -> list[Any]:
    (x, y), style = shape.centre, shape.style
    return ["C", _round(x), _round(y), shape.radius, style.fill, style.stroke, style.width,
            style.opacity]


def _line(shape: Line) -> list[Any]:
    style = shape.style
    return ["L", _flat(shape.points), style.stroke, style.width, style.dash, style.opacity]


def _polygon(shape: Polygon) -> list[Any]:
    style = shape.style
    return ["P", _flat(shape.points), style.fill, style.stroke, style.width, style.opacity]


_ENCODE: dict[type, Callable[[Any], list[Any]]] = {
    Text: _text, Circle: _circle, Line: _line, Polygon: _polygon}
"""Each shape as the short list the painter paints."""
