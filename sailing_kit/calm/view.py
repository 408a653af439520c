"""What one player may see of a game of Calm, and that view in words.

A :class:`PlayerView` holds the public table (the sea, the Start and Finish slots, the jagged
rocks, how many cards everyone holds) and the viewer's own hand; the other players' hands and
every deck stay hidden, unless the game is played with open hands (puzzle mode).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sailing_kit.calm.cards import Card, hand_text
from sailing_kit.calm.options import CalmOptions
from sailing_kit.calm.sea import Sea
from sailing_kit.core.protocol import CHANCE, Result

if TYPE_CHECKING:
    from sailing_kit.draw.scene import Scene


@dataclass(frozen=True)
class PlayerView:
    viewer: int | None
    """The seat this view belongs to (0-based), or None for a view that shows every hand."""
    options: CalmOptions
    sea: Sea
    start_played: bool
    finished: bool
    rocks: int | None
    """The row the jagged rocks close, or None (not played, or gone after four full rows)."""
    current_player: int | None
    active_player: int
    """Whose turn it is (during the Start's discards others act within this turn)."""
    expected: str
    """What the current player must do now, in words."""
    phase: str
    """The step of the turn: "act", "pay", "split", "share", "rocks" or "drift"."""
    due: int
    """How many cards a discard takes now (2, a placement's cost, or a share of the Start's)."""
    start_due: bool
    """True when the player to act holds the unplayed Start card (and so must play it)."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each player's hand, None where hidden from the viewer."""
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    decks: tuple[tuple[Card, ...] | None, ...]
    """The cards left in each deck, top first: None unless the hands are open."""
    discard_counts: tuple[int, ...]
    own_discards: tuple[Card, ...]
    out: tuple[Card, ...]
    """Cards out of the game face up: islands destroyed by sea monsters and the monsters played."""
    monsters_left: int
    result: Result | None

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}" + (" (you)" if seat == self.viewer else "")

    def scene(self, **highlights: Any) -> Scene:
        """The picture of the view (highlights as in :func:`sailing_kit.calm.drawing.draw_table`)."""
        from sailing_kit.calm.drawing import draw_table  # the drawing reads views

        return draw_table(self, **highlights)

    def describe(self) -> str:
        """The view in plain words, for screen readers and printouts."""
        options = self.options
        variants = options.variants()
        lines = [f"Calm, {self.players} player{'s' if self.players > 1 else ''}"
                 + (f" ({variants})" if variants else "") + "."]
        lines.append(f"The sea ({self.sea.filled} of {options.size} cells filled; reading order "
                     "from the bottom left, the top row printed first):")
        lines.append(self.sea.text())
        slots = [f"Start: {'played' if self.start_played else 'not yet played'}",
                 f"Finish: {'played' if self.finished else 'not yet played'}"]
        if options.rocks:
            slots.append(f"jagged rocks on row {self.rocks}" if self.rocks is not None
                         else "the jagged rocks have left the game")
        if options.monsters:
            slots.append(f"sea monsters still to play: {self.monsters_left}")
        lines.append("; ".join(slots) + ".")
        for seat in range(self.players):
            hand = self.hands[seat]
            held = (f"hand {hand_text(hand)}" if hand is not None
                    else f"{self.hand_sizes[seat]} cards in hand")
            deck = self.decks[seat]
            pile = (f"deck (top first) {hand_text(deck)}" if deck is not None
                    else f"{self.deck_sizes[seat]} cards in the deck")
            lines.append(f"{self.seat_name(seat)}: {held}; {pile}; "
                         f"{self.discard_counts[seat]} discarded.")
        if self.out:
            lines.append(f"Out of the game: {hand_text(self.out)}.")
        player = self.current_player
        if self.result is not None:
            lines.append(f"Over: {self.result.reason}.")
        elif player is None or player == CHANCE:
            lines.append(f"Next: {self.expected}.")
        else:
            lines.append(f"{self.seat_name(player)} to act: {self.expected}.")
        return "\n".join(lines)
