"""Choosing an end of turn on a race board: click its dot, or walk the dots with ←/→ and press
Enter. Shared by the points-of-sail board and the race board."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from sailing_kit.core.i18n import _
from sailing_kit.draw.gridview import GridView
from sailing_kit.race.drawing import option_marker
from sailing_kit.race.sailing import TurnOption

if TYPE_CHECKING:
    from sailing_kit.widgets.board import CanvasBoard as _Board
else:
    _Board = object

CLICK_RADIUS = 12
"""How close (pixels) a click must come to an option's dot to choose it."""


class TurnPicker(_Board):
    """A mixin for boards with ``options`` (the ends of turn on offer), ``sail(option)``,
    ``redraw()`` and ``say()``; it keeps the ``selected`` option."""

    selected = 0

    @property
    def options(self) -> list[TurnOption]:
        """The ends of turn on offer now (the board says)."""
        raise NotImplementedError

    def sail(self, option: TurnOption) -> None:
        """Sail to the end ``option`` (the board does)."""
        raise NotImplementedError

    @property
    def chosen(self) -> TurnOption | None:
        """The option the keys have selected (drawn larger), if any is on offer."""
        options = self.options
        return options[self.selected % len(options)] if options else None

    def option_at(self, view: GridView, x: float, y: float) -> TurnOption | None:
        """The option whose dot is under pixel ``(x, y)``."""
        def distance(option: TurnOption) -> float:
            mx, my = option_marker(view, option)
            return math.hypot(mx - x, my - y)

        nearest = min(self.options, key=distance, default=None)
        return nearest if nearest is not None and distance(nearest) <= CLICK_RADIUS else None

    def pick_with_key(self, key: str) -> bool:
        """←/→ select the previous or next option, Enter (or space) sails it; True if handled."""
        options = self.options
        if not options or key not in ("ArrowRight", "ArrowLeft", "Enter", " "):
            return False
        if key in ("Enter", " "):
            self.sail(options[self.selected % len(options)])
            return True
        self.selected = (self.selected + (1 if key == "ArrowRight" else -1)) % len(options)
        self.redraw()
        self.say(_("Option {number} of {count}: {option}. Press Enter to sail it.",
                   number=self.selected + 1, count=len(options),
                   option=options[self.selected].describe()))
        return True
