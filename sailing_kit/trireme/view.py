"""What the helmsman may see of the duel: all of it.

Nothing is hidden: the map, the trireme's dotted line, the wind, the die and the Honour points
are on the table. So the helmsman's view, and an onlooker's (``None``), is the state itself,
typed as :data:`TriremeView` (``state.view(0)`` checks the seat and returns the state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from sailing_kit.core.view import open_view

if TYPE_CHECKING:
    from sailing_kit.trireme.game import TriremeState

TriremeView: TypeAlias = "TriremeState"
"""The helmsman's view of a duel: the whole state."""

__all__ = ["TriremeView", "open_view"]
