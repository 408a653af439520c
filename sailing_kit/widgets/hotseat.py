"""Several people at one screen, each with a private hand: whose turn it is, whether the screen
must be passed first, and whose hand to draw. A mixin for card boards (Calm, the regatta)."""

from __future__ import annotations

from typing import Any


class HotSeat:
    """For a :class:`~sailing_kit.widgets.board.CanvasBoard` with ``bots``: ``revealed`` is the
    seat that last showed its hand (``None`` after a new game)."""

    revealed: int | None = None
    state: Any
    bots: dict[int, Any]
    human_to_act: bool

    @property
    def seat(self) -> int | None:
        """The human whose turn it is, or None (a bot's or chance's turn, or the game is over)."""
        return self.state.current_player if self.human_to_act else None

    @property
    def humans(self) -> list[int]:
        return [seat for seat in range(self.state.num_players) if seat not in self.bots]

    @property
    def covered(self) -> bool:
        """True while the screen must pass to the next human (several share it)."""
        return self.seat is not None and len(self.humans) > 1 and self.revealed != self.seat

    @property
    def viewer(self) -> int:
        """Whose hand is drawn: the human to act, else the last one shown, else the first."""
        if self.seat is not None:
            return self.seat
        return self.revealed if self.revealed is not None else (self.humans or [0])[0]
