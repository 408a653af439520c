"""What one boat may see of a race: all of it.

Nothing is hidden: the boats, the tokens, the wind, the marks and the umpire's calls are on the
water for everyone. So a boat's view, and an onlooker's (``None``), is the state itself, typed as
:data:`RaceView` (``state.view(seat)`` checks the seat and returns the state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from sailing_kit.core.view import open_view

if TYPE_CHECKING:
    from sailing_kit.race.game import RaceState

RaceView: TypeAlias = "RaceState"
"""A boat's view of a race: the whole state."""

__all__ = ["RaceView", "open_view"]
