"""Several people at one screen, each with a private hand: whose turn it is, whether the screen
must be passed first, and whose hand to draw. A mixin for card boards (Calm, the regatta).

The one rule: a hand is drawn only for the person known to be at the screen, the last one who
revealed it. Moves, undos and replays never change who that is; a new or loaded game, and an
undo pressed while the screen was covered (anyone may be holding it), forget it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sailing_kit.core.i18n import _

if TYPE_CHECKING:
    from sailing_kit.widgets.board import CanvasBoard as _Board
else:
    _Board = object


class HotSeat(_Board):
    """For a :class:`~sailing_kit.widgets.board.CanvasBoard` with ``bots``: ``revealed`` is the
    seat that last showed its hand (``None`` after a new game)."""

    revealed: int | None = None

    @property
    def seat(self) -> int | None:
        """The human whose turn it is, or None (a bot's or chance's turn, or the game is over)."""
        return self.state.current_player if self.human_to_act else None

    @property
    def humans(self) -> list[int]:
        return [seat for seat in range(self.state.num_players) if seat not in self.bots]

    @property
    def shared(self) -> bool:
        """True when several humans share the screen."""
        return len(self.humans) > 1

    @property
    def covered(self) -> bool:
        """True while the screen must pass to the next human (several share it)."""
        return self.seat is not None and self.shared and self.revealed != self.seat

    @property
    def viewer(self) -> int | None:
        """Whose hand may be drawn: the human to act once revealed; with several humans at the
        screen, else the one who revealed last (None before anyone has); with one human, that
        human (the first seat when bots play every seat)."""
        if not self.shared:
            return self.seat if self.seat is not None else (self.humans or [0])[0]
        if self.seat is not None and not self.covered:
            return self.seat
        return self.revealed

    def reveal(self) -> None:
        """The human to act has the screen: show their hand."""
        self.revealed = self.seat
        self.refresh(self.revealed_message())

    def revealed_message(self) -> str:
        return _("Player {number}, your hand is showing.", number=(self.seat or 0) + 1)

    def undo(self) -> None:
        if self.covered:  # the screen may already be in the next player's hands
            self.revealed = None
        super().undo()

    def forget_viewer(self, new_game: bool) -> None:
        """Call from ``reset``: a new or loaded game starts with the screen covered."""
        if new_game:
            self.revealed = None
