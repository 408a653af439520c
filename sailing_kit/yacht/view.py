"""What one player may see of a game of dice: all of it.

Nothing is hidden: the dice, the held places, the roll-off and every scorecard are on the table
for everyone. So a seat's view, and an onlooker's (``None``), is the state itself, typed as
:data:`YachtView` (``state.view(seat)`` checks the seat and returns the state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from sailing_kit.core.view import open_view

if TYPE_CHECKING:
    from sailing_kit.yacht.game import YachtState

YachtView: TypeAlias = "YachtState"
"""A player's view of a game of dice: the whole state."""

__all__ = ["YachtView", "open_view"]
