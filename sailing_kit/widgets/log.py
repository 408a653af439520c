"""A message log for boards: the latest events, newest at the bottom, in a scrolling box."""

from __future__ import annotations

import html

import ipywidgets as widgets


class MessageLog(widgets.HTML):
    """Keeps the last ``size`` messages; ``add("...")`` appends one."""

    def __init__(self, size: int = 200, height: str = "9em"):
        super().__init__(layout=widgets.Layout(height=height, overflow="auto",
                                               border="1px solid #ccc", padding="2px 6px"))
        self.size = size
        self.lines: list[str] = []
        self.add_class("sk-log")

    def add(self, message: str) -> None:
        self.lines = (self.lines + [message])[-self.size:]
        items = "".join(f"<div>{html.escape(line)}</div>" for line in self.lines)
        self.value = f'<div role="log" aria-live="polite">{items}</div>'

    def clear(self) -> None:
        self.lines = []
        self.value = ""
