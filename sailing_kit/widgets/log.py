"""A message log for boards: the latest events, newest at the bottom, in a box that the browser
keeps scrolled to the newest line (``log.js``)."""

from __future__ import annotations

import html
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets


class MessageLog(anywidget.AnyWidget):
    """Keeps the last ``size`` messages; ``add("...")`` appends one."""

    _esm = (Path(__file__).parent / "log.js").read_text()  # text: a closed log is freed

    lines = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, size: int = 200, height: str = "9em"):
        super().__init__(layout=widgets.Layout(height=height, overflow="auto",
                                               border="1px solid #ccc", padding="2px 6px"))
        self.size = size

    def add(self, message: str) -> None:
        self.lines = (self.lines + [message])[-self.size:]

    def clear(self) -> None:
        self.lines = []

    @property
    def value(self) -> str:
        """The log as HTML (as a static page would show it)."""
        items = "".join(f"<div>{html.escape(line)}</div>" for line in self.lines)
        return f'<div role="log" aria-live="polite">{items}</div>' if self.lines else ""
