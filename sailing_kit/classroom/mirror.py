"""What a widget tree shows, as plain JSON for a class page, and the few events a page may send
back: the class server's stand-in for a kernel and its widget front end.

A board runs in the server (see :mod:`sailing_kit.classroom.headless`); :class:`Mirror` reads
its widgets after every event and sends the page only the nodes that changed. The page draws
them (``web/mirror.js``): the board canvas and the message log with the kit's own ``canvas.js``
and ``log.js``, the rest as plain HTML controls. Hidden widgets are not sent; widget kinds not
listed here (save boxes, timers) are not shown at a class table.

From the page, only these events are taken, each checked against what the page was last shown:
a press on a shown, enabled button; a new value for a shown control (within its options or
bounds); a press, release or key on a shown board canvas.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sailing_kit.core.i18n import _
from sailing_kit.widgets.canvas import BoardCanvas
from sailing_kit.widgets.log import MessageLog

Node = dict[str, Any]
TEXT_LIMIT = 1000
"""The longest text a page may type into a text box."""
KEY_LIMIT = 24


LAYOUT = ("width", "min_width", "max_width", "height", "min_height", "max_height", "overflow",
          "border", "padding", "margin", "flex_flow")
"""The layout settings a page applies (the boards size their panels with them)."""


def _common(widget: widgets.DOMWidget) -> Node:
    node: Node = {}
    classes = widget._trait_values.get("_dom_classes")
    if classes:
        node["cls"] = list(classes)
    # The trait's value, read directly: a board is read after every event, and a board may
    # name something else ``layout`` (the regatta's drawing layout).
    widget_layout = widget._trait_values.get("layout")
    values = widget_layout._trait_values if widget_layout is not None else {}
    layout = {name: str(value) for name in LAYOUT if (value := values.get(name))}
    if layout:
        node["lay"] = layout
    return node


def _label(widget: Any) -> str:
    return str(getattr(widget, "description", "") or "")


def _button(widget: widgets.Button) -> Node:
    return {"k": "button", "label": widget.description, "tip": widget.tooltip or "",
            "icon": widget.icon, "off": widget.disabled, "style": widget.button_style}


def _toggle(widget: widgets.ToggleButton) -> Node:
    return {"k": "toggle", "label": widget.description, "tip": widget.tooltip or "",
            "icon": widget.icon, "v": widget.value, "off": widget.disabled}


def _select(widget: widgets.Dropdown | widgets.ToggleButtons) -> Node:
    kind = "choice" if isinstance(widget, widgets.ToggleButtons) else "select"
    return {"k": kind, "label": _label(widget), "opts": list(widget._options_labels),
            "i": widget.index, "off": widget.disabled}


def _number(widget: widgets.BoundedIntText | widgets.IntSlider) -> Node:
    kind = "slider" if isinstance(widget, widgets.IntSlider) else "int"
    return {"k": kind, "label": _label(widget), "v": widget.value, "min": widget.min,
            "max": widget.max, "off": widget.disabled}


def _text(widget: widgets.Text) -> Node:
    return {"k": "text", "label": _label(widget), "v": widget.value,
            "ph": widget.placeholder, "off": widget.disabled}


def _anywidget(module: str, names: tuple[str, ...]) -> Callable[[Any], Node]:
    return lambda widget: {"k": "any", "m": module, "s": {n: getattr(widget, n) for n in names}}


_CANVAS_STATE = tuple(sorted(BoardCanvas.class_own_traits(sync=True)))
"""The canvas's own synced values (its size, picture, fit ...), read from the widget class so
the page's copy of the model never lags behind the notebook's."""
_READERS: list[tuple[type, Callable[[Any], Node]]] = [
    (BoardCanvas, _anywidget("canvas", _CANVAS_STATE)),
    (MessageLog, _anywidget("log", ("lines",))),
    (widgets.Button, _button),
    (widgets.ToggleButton, _toggle),
    (widgets.Dropdown, _select),
    (widgets.ToggleButtons, _select),
    (widgets.BoundedIntText, _number),
    (widgets.IntSlider, _number),
    (widgets.Text, _text),
    (widgets.HTML, lambda w: {"k": "html", "v": w.value}),
    (widgets.Label, lambda w: {"k": "label", "v": w.value}),
]


class Refused(ValueError):
    """An event the page may not send now (nothing changed)."""


class Mirror:
    """The page's copy of ``root``: :meth:`changes` gives what to send, :meth:`handle` applies
    one event from the page."""

    def __init__(self, root: widgets.Widget):
        self.root = root
        self.shown: dict[str, widgets.Widget] = {}
        self._sent: dict[str, Node] = {}
        self._read_nodes: dict[str, Node] = {}
        """Each widget's node as last read; read again only once one of its traits changed."""
        self._touched: set[str] = set()
        """Widgets changed since the last look (none: nothing to read)."""
        self._stale: set[str] = set()
        """Widgets whose node must be read again when next shown."""
        self._watched: set[str] = set()
        self._quiet = False

    def changes(self) -> Node | None:
        """The nodes that changed since the last call (all of them the first time), and the ids
        no longer shown; None if nothing changed (then nothing is read at all)."""
        if self._quiet and not self._touched:
            return None
        nodes: dict[str, Node] = {}
        shown: dict[str, widgets.Widget] = {}
        self._read(self.root, nodes, shown)
        self._touched.clear()
        self._quiet = True
        changed = {}
        for key, node in nodes.items():
            if self._sent.get(key) != node:
                changed[key] = node
                self._sent[key] = node
        gone = [key for key in self._sent if key not in nodes]
        for key in gone:
            del self._sent[key]
        self.shown = shown
        if not changed and not gone:
            return None
        return {"root": self.root.model_id, "nodes": changed, "gone": gone}

    def everything(self) -> Node:
        """All nodes (a page that connects or reconnects)."""
        self._sent.clear()
        self._quiet = False
        return self.changes() or {"root": self.root.model_id, "nodes": {}, "gone": []}

    def _watch(self, widget: widgets.Widget, key: str) -> None:
        """Note every change of ``widget``'s traits (and its layout's) from now on."""
        def touched(_change: Any) -> None:
            self._touched.add(key)
            self._stale.add(key)

        widget.observe(touched)
        layout = widget._trait_values.get("layout")
        if layout is not None:
            layout.observe(touched)

    def _read(self, widget: widgets.Widget, nodes: dict[str, Node], shown: dict[str, widgets.Widget]) -> bool:
        """Add ``widget`` (and its shown children) to ``nodes``; False if it is not shown."""
        key = widget.model_id
        if key not in self._watched:
            self._watched.add(key)
            self._watch(widget, key)
            self._stale.add(key)
        layout = widget._trait_values.get("layout")
        if layout is not None and layout._trait_values.get("display") == "none":
            return False
        if isinstance(widget, widgets.Box):
            children = [child.model_id for child in widget.children if self._read(child, nodes, shown)]
            if not children:
                return False
            node: Node = {"k": "box", "d": "h" if isinstance(widget, widgets.HBox) else "v",
                          "c": children}
            if isinstance(widget, widgets.Accordion):
                node["titles"] = [widget.get_title(i) or "" for i in range(len(widget.children))
                                  if widget.children[i].model_id in children]
            node = {**_common(widget), **node}
        elif key in self._stale or key not in self._read_nodes:
            reader = next((read for kind, read in _READERS if isinstance(widget, kind)), None)
            node = {**_common(widget), **reader(widget)} if reader is not None else {}
            self._stale.discard(key)
        else:
            node = self._read_nodes[key]
        if not node:  # a kind of widget a class page does not show
            self._read_nodes[key] = node
            return False
        self._read_nodes[key] = node
        nodes[key] = node
        shown[key] = widget
        return True

    # ----- events from the page -------------------------------------------------------------------
    def handle(self, event: dict[str, Any]) -> None:
        """Apply one event (already parsed JSON); Refused if it does not fit what is shown."""
        widget = self.shown.get(event.get("id"))  # type: ignore[arg-type]  # a value of the page's JSON message, whose kind was checked above
        kind = event.get("t")
        if widget is None:
            raise Refused(_("that control is not on the page"))
        if kind == "click":
            if not isinstance(widget, widgets.Button) or widget.disabled:
                raise Refused(_("that button cannot be pressed now"))
            widget.click()
        elif kind == "set":
            _set(widget, event.get("v"))
        elif kind == "canvas" and isinstance(widget, BoardCanvas):
            widget._handle_custom_msg(_canvas_event(widget, event.get("e")), [])
        else:
            raise Refused(_("unknown event"))


def _set(widget: widgets.Widget, value: Any) -> None:
    if getattr(widget, "disabled", False):
        raise Refused(_("that control is switched off now"))
    if isinstance(widget, (widgets.Dropdown, widgets.ToggleButtons)):
        if not (_whole(value) and 0 <= value < len(widget._options_labels)):
            raise Refused(_("that choice is not offered"))
        widget.index = value
        return
    fits = ((isinstance(widget, widgets.ToggleButton) and isinstance(value, bool))
            or (isinstance(widget, (widgets.BoundedIntText, widgets.IntSlider)) and _whole(value)
            and widget.min <= value <= widget.max)
            or (isinstance(widget, widgets.Text) and isinstance(value, str) and len(value) <= TEXT_LIMIT))
    if not fits:
        raise Refused(_("that value does not fit the control"))
    widget.value = value


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _canvas_event(canvas: BoardCanvas, event: Any) -> dict[str, Any]:
    """A press, release or key as ``canvas.js`` sends it, checked and rebuilt from its fields."""
    if not isinstance(event, dict):
        raise Refused(_("a canvas event is an object"))
    name = event.get("event")
    if name in ("down", "up"):
        x, y = event.get("x"), event.get("y")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                   for v in (x, y)):
            raise Refused(_("a press has finite x and y"))
        margin = 64
        if not (-margin <= x <= canvas.width + margin and -margin <= y <= canvas.height + margin):  # type: ignore[operator]  # a value of the page's JSON message, whose kind was checked above
            raise Refused(_("that press is off the board"))
        return {"event": name, "x": float(x), "y": float(y)}  # type: ignore[arg-type]  # a value of the page's JSON message, whose kind was checked above
    if name == "key":
        key = event.get("key")
        if not isinstance(key, str) or not 0 < len(key) <= KEY_LIMIT:
            raise Refused(_("a key is a short text"))
        flags = {flag: event.get(flag) is True for flag in ("shift", "ctrl", "meta")}
        return {"event": "key", "key": key, **flags}
    raise Refused(_("unknown canvas event"))
