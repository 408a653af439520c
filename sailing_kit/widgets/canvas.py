"""The board canvas: a widget that paints a :class:`~sailing_kit.draw.scene.Scene` and reports
presses, releases and keys in scene pixels.

The browser side (``canvas.js``, run by anywidget) reads the pointer position before it focuses
the canvas (a focus that never scrolls), takes taps and finger drags like the mouse, counts a
double click once, scales the board to the room it has and keeps it crisp at any scale. The
kernel side stays pure event handling. The whole scene is one synced value, so a view that
connects late (a reload, a Voilà app) paints the current picture at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from sailing_kit.draw.scene import Circle, Line, Polygon, Scene, Text

_HERE = Path(__file__).parent
_ALIGN = {"start": "left", "middle": "center", "end": "right"}

PointHandler = Callable[[float, float], None]
KeyHandler = Callable[[str, bool, bool, bool], None]


class BoardCanvas(anywidget.AnyWidget):
    """``width`` x ``height`` scene pixels, drawn at whatever size the page allows: ``fit`` is
    ``"page"`` (shrink to fit, never above 100 %, except in Voilà) or ``"window"`` (fill the
    window, up to 200 %, as every board in a Voilà page does); ``large`` fills the width, up
    to 200 %, for a teacher's projector. ``drags`` lets a finger drag on the canvas (else a
    finger scrolls the page and a tap is a click)."""

    _esm = (_HERE / "canvas.js").read_text()  # text, not a watched file: a closed board is freed
    _css = (_HERE / "board.css").read_text()

    width = traitlets.Int(300).tag(sync=True)
    height = traitlets.Int(200).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    background = traitlets.Unicode("").tag(sync=True)
    scene = traitlets.Unicode("[]").tag(sync=True)
    """The shapes, as the JSON text ``canvas.js`` paints (one string: quick to send)."""
    fit = traitlets.Enum(("page", "window"), "page").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    drags = traitlets.Bool(False).tag(sync=True)
    max_width = traitlets.Int(0).tag(sync=True)
    """The widest the canvas may be drawn, in CSS pixels (0: as wide as ``fit`` allows)."""

    def __init__(self, width: int = 300, height: int = 200, **kwargs: Any):
        super().__init__(width=width, height=height, **kwargs)
        self._handlers: dict[str, list[Callable[..., None]]] = {"down": [], "up": [], "key": []}
        self.on_msg(self._handle_message)

    def on_mouse_down(self, callback: PointHandler) -> None:
        """Call ``callback(x, y)`` when a mouse button or a finger presses the canvas."""
        self._handlers["down"].append(callback)

    def on_mouse_up(self, callback: PointHandler) -> None:
        """Call ``callback(x, y)`` when that press ends (the end of a drag)."""
        self._handlers["up"].append(callback)

    def on_key_down(self, callback: KeyHandler) -> None:
        """Call ``callback(key, shift, ctrl, meta)`` for a key pressed on the focused canvas."""
        self._handlers["key"].append(callback)

    def reveal_status(self) -> None:
        """Ask the browser to bring the board's status line into view (after a press there)."""
        self.send({"do": "reveal"})

    def _handle_message(self, _: Any, content: dict, buffers: list) -> None:
        event = content.get("event")
        if event in ("down", "up"):
            x, y = float(content["x"]), float(content["y"])
            for callback in self._handlers[event]:
                callback(x, y)
        elif event == "key":
            key = str(content.get("key", ""))
            flags = (bool(content.get("shift")), bool(content.get("ctrl")),
                     bool(content.get("meta")))
            for callback in self._handlers["key"]:
                callback(key, *flags)


def paint(canvas: BoardCanvas, scene: Scene) -> None:
    """Show ``scene`` on ``canvas`` (resized to the scene), sent to the browser as one message."""
    shapes = json.dumps([_ENCODE[type(shape)](shape) for shape in scene.shapes],
                        separators=(",", ":"), ensure_ascii=False)
    with canvas.hold_sync():
        canvas.width, canvas.height = scene.width, scene.height
        canvas.title = scene.title
        canvas.background = scene.background or ""
        canvas.scene = shapes


def _flat(points: tuple[tuple[float, float], ...]) -> list[float]:
    return [round(value, 1) for point in points for value in point]


def _text(shape: Text) -> list[Any]:
    x, y = shape.at
    return ["T", round(x, 1), round(y, 1), shape.text, shape.size, shape.colour,
            _ALIGN[shape.anchor], shape.bold]


def _circle(shape: Circle) -> list[Any]:
    (x, y), style = shape.centre, shape.style
    return ["C", round(x, 1), round(y, 1), shape.radius, style.fill, style.stroke, style.width,
            style.opacity]


def _line(shape: Line) -> list[Any]:
    style = shape.style
    return ["L", _flat(shape.points), style.stroke, style.width, style.dash, style.opacity]


def _polygon(shape: Polygon) -> list[Any]:
    style = shape.style
    return ["P", _flat(shape.points), style.fill, style.stroke, style.width, style.opacity]


_ENCODE: dict[type, Callable[[Any], list[Any]]] = {
    Text: _text, Circle: _circle, Line: _line, Polygon: _polygon}
"""Each shape as the short list ``canvas.js`` paints."""
