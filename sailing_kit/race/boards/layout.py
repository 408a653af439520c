"""Layouts the trainer's boards share so that they fit a phone's 390 px as well as a projector:
rows of controls that wrap, and a side panel no wider than the screen that scrolls rather than
squeezes its parts."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets


def wrapping_row(children: Sequence[widgets.Widget]) -> widgets.HBox:
    """A row of controls that wraps onto the next line where the screen is narrow."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap"))


def side_panel(children: Sequence[widgets.Widget], width: str = "380px") -> widgets.VBox:
    """A side panel ``width`` wide but never wider than the screen, at its full height (the
    board's panel scrolls when it is taller than the canvas)."""
    return widgets.VBox(list(children), layout=widgets.Layout(width=width, max_width="100%",
                                                              flex="0 0 auto"))
