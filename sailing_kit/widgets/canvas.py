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

import logging
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from sailing_kit.core.reading import shown
from sailing_kit.draw.scene import Scene
from sailing_kit.draw.wire import picture_json

_HERE = Path(__file__).parent

PointHandler = Callable[[float, float], None]
KeyHandler = Callable[[str, bool, bool, bool], None]

REACH = 10
"""A press or release may lie outside the canvas (a drag let go beside it), but at most this
many canvas widths (heights) away: a coordinate beyond is no pointer's."""
MAX_KEY = 32
"""The longest key name a browser sends ("AudioVolumeDown" has 15 letters)."""
_LOG = logging.getLogger(__name__)


class BoardCanvas(anywidget.AnyWidget):
    """``width`` x ``height`` scene pixels, drawn at whatever size the page allows: ``fit`` is
    ``"page"`` (shrink to fit, never above 100 %, except in Voilà) or ``"window"`` (fill the
    window, up to 200 %, as every board in a Voilà page does); ``projector`` draws thick lines
    and large type, as large as the page is wide (the back of a classroom). ``drags`` lets a
    finger drag on the canvas (else a finger scrolls the page and a tap is a click)."""

    # Text, not watched files: anywidget would keep every closed board alive to watch them.
    _esm = (_HERE / "painter.js").read_text() + "\n" + (_HERE / "canvas.js").read_text()
    _css = (_HERE / "board.css").read_text()

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
        self._warned = False
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

    def _handle_message(self, _: Any, content: object, buffers: object) -> None:
        """Pass a press, release or key from the browser to the handlers; any other message
        (an unknown kind, a coordinate that is not a finite number within reach, a key that is
        not a short text) is ignored, and the first one logged."""
        event = read_event(content, self.width, self.height)
        if event is None:
            if not self._warned:
                self._warned = True
                _LOG.warning("the board canvas ignored a message it cannot read: %s (further "
                             "ones are ignored silently)", shown(content))
            return
        kind, arguments = event
        for callback in self._handlers[kind]:
            callback(*arguments)


def read_event(content: object, width: int, height: int
               ) -> tuple[str, tuple[float, float] | tuple[str, bool, bool, bool]] | None:
    """A message of ``canvas.js`` as ``("down" | "up", (x, y))`` or ``("key", (key, shift,
    ctrl, meta))``, or None if it is not one of those exactly."""
    if type(content) is not dict:
        return None
    kind = content.get("event")
    if kind == "down" or kind == "up":
        x, y = _coordinate(content.get("x"), width), _coordinate(content.get("y"), height)
        return None if x is None or y is None else (kind, (x, y))
    if kind == "key":
        key, shift, ctrl, meta = (content.get(name, False)
                                  for name in ("key", "shift", "ctrl", "meta"))
        if (type(key) is str and 0 < len(key) <= MAX_KEY and type(shift) is bool
                and type(ctrl) is bool and type(meta) is bool):
            return "key", (key, shift, ctrl, meta)
    return None


def _coordinate(value: object, size: int) -> float | None:
    """``value`` as a float if it is a finite number (not a yes/no) within :data:`REACH`
    sizes of the canvas."""
    low, high = -REACH * size, (REACH + 1) * size
    if type(value) is int:
        return float(value) if low <= value <= high else None
    if type(value) is float:
        return value if math.isfinite(value) and low <= value <= high else None
    return None



def paint(canvas: BoardCanvas, scene: Scene) -> None:
    """Show ``scene`` on ``canvas`` (resized to the scene), sent to the browser as one message."""
    with canvas.hold_sync():
        canvas.width, canvas.height = scene.width, scene.height
        canvas.title = scene.title
        canvas.background = scene.background or ""
        canvas.scene = picture_json(scene)
