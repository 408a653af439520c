"""The board canvas: a widget that paints a :class:`~sailing_kit.draw.scene.Scene` and reports
presses, releases and keys in scene pixels.

The browser side is two files: ``painter.js`` paints a picture and moves its pieces from one
picture to the next (plain JavaScript, usable on any web page), and ``canvas.js`` (run by
anywidget, after the painter) lays the board out, reads the pointer before it focuses the canvas
(a focus that never scrolls), takes taps and finger drags like the mouse, counts a double click
once and gives targets a finger's reach. The kernel side stays pure event handling. The whole
picture is one synced value, so a view that connects late (a reload, a Voilà app) paints the
current picture at once.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from sailing_kit.draw.scene import Scene
from sailing_kit.draw.wire import picture_json

_HERE = Path(__file__).parent

PointHandler = Callable[[float, float], None]
KeyHandler = Callable[[str, bool, bool, bool], None]


class BoardCanvas(anywidget.AnyWidget):
    """``width`` x ``height`` scene pixels, drawn at whatever size the page allows: ``fit`` is
    ``"page"`` (shrink to fit, never above 100 %, except in Voilà) or ``"window"`` (fill the
    window, up to 200 %, as every board in a Voilà page does); ``projector`` draws thick lines
    and large type, as large as the page is wide (the back of a classroom). ``drags`` lets a
    finger drag on the canvas (else a finger scrolls the page and a tap is a click)."""

    _esm = (_HERE / "painter.js").read_text() + "\n" + (_HERE / "canvas.js").read_text()
    _css = _HERE / "board.css"

    width = traitlets.Int(300).tag(sync=True)
    height = traitlets.Int(200).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    background = traitlets.Unicode("").tag(sync=True)
    scene = traitlets.Unicode("{}").tag(sync=True)
    """The picture, as the JSON text the painter paints (:mod:`sailing_kit.draw.wire`)."""
    fit = traitlets.Enum(("page", "window"), "page").tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)
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

    def _handle_message(self, _: Any, content: Any, buffers: list) -> None:
        """A message from the page: read strictly, and a malformed one is dropped unread."""
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event in ("down", "up"):
            point = (_coordinate(content.get("x")), _coordinate(content.get("y")))
            if point[0] is None or point[1] is None:
                return
            for callback in self._handlers[event]:
                callback(point[0], point[1])
        elif event == "key":
            key = content.get("key")
            if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY:
                return
            flags = (content.get("shift") is True, content.get("ctrl") is True,
                     content.get("meta") is True)
            for callback in self._handlers["key"]:
                callback(key, *flags)


MAX_KEY = 24
"""The longest key name a page may send ("ArrowRight", "PageDown", a letter)."""
MAX_COORDINATE = 100_000.0


def _coordinate(value: Any) -> float | None:
    """A finite number of pixels, or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if abs(value) <= MAX_COORDINATE else None  # (NaN fails this too)


def paint(canvas: BoardCanvas, scene: Scene) -> None:
    """Show ``scene`` on ``canvas`` (resized to the scene), sent to the browser as one message."""
    with canvas.hold_sync():
        canvas.width, canvas.height = scene.width, scene.height
        canvas.title = scene.title
        canvas.background = scene.background or ""
        canvas.scene = picture_json(scene)
