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
from sailing_kit.calm.sea import Sea, row_name
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.protocol import CHANCE, Result

if TYPE_CHECKING:
    from sailing_kit.calm.game import CalmState
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
        if seat == self.viewer:
            return _("Player {number} (you)", number=seat + 1)
        return _("Player {number}", number=seat + 1)

    def scene(self, **highlights: Any) -> Scene:
        """The picture of the view (highlights as in :func:`sailing_kit.calm.drawing.draw_table`)."""
        from sailing_kit.calm.drawing import draw_table  # the drawing reads views

        return draw_table(self, **highlights)

    def describe(self) -> str:
        """The view in plain words, for screen readers and printouts."""
        options = self.options
        variants = options.variants()
        head = n_("Calm, {count} player", "Calm, {count} players", self.players)
        lines: list[str] = [_("{game} ({variants}).", game=head, variants=variants) if variants
                            else _("{game}.", game=head)]
        lines.append(_("The sea ({filled} of {size} cells filled; reading order from the bottom "
                       "left, the top row printed first):", filled=self.sea.filled,
                       size=options.size))
        lines.append(self.sea.text())
        slots = [_("Start: played") if self.start_played else _("Start: not yet played"),
                 _("Finish: played") if self.finished else _("Finish: not yet played")]
        if options.rocks:
            slots.append(_("jagged rocks on {row}", row=row_name(self.rocks))
                         if self.rocks is not None else _("the jagged rocks have left the game"))
        if options.monsters:
            slots.append(_("sea monsters still to play: {count}", count=self.monsters_left))
        lines.append("; ".join(slots) + ".")
        lines += [self._describe_seat(seat) for seat in range(self.players)]
        if self.out:
            lines.append(_("Out of the game: {cards}.", cards=hand_text(self.out)))
        player = self.current_player
        if self.result is not None:
            lines.append(_("Over: {reason}.", reason=self.result.reason))
        elif player is None or player == CHANCE:
            lines.append(_("Next: {what}.", what=self.expected))
        else:
            lines.append(_("{player} to act: {what}.", player=self.seat_name(player),
                           what=self.expected))
        return "\n".join(lines)

    def _describe_seat(self, seat: int) -> str:
        hand, deck = self.hands[seat], self.decks[seat]
        held = _("hand {cards}", cards=hand_text(hand)) if hand is not None else \
            n_("{count} card in hand", "{count} cards in hand", self.hand_sizes[seat])
        pile = _("deck (top first) {cards}", cards=hand_text(deck)) if deck is not None else \
            n_("{count} card in the deck", "{count} cards in the deck", self.deck_sizes[seat])
        return _("{player}: {hand}; {deck}; {count} discarded.", player=self.seat_name(seat),
                 hand=held, deck=pile, count=self.discard_counts[seat])


def player_view(state: CalmState, viewer: int | None, reveal: bool) -> PlayerView:
    """What ``viewer`` (a seat, or None for an onlooker) sees of ``state``: the table and their
    own hand; every hand and deck if ``reveal`` (open hands, or the teacher's view)."""
    seats = range(state.players)
    return PlayerView(
        viewer=viewer, options=state.options, sea=state.sea, start_played=state.start_played,
        finished=state.won, rocks=state.rocks, current_player=state.current_player,
        active_player=state.player, expected=state.expected(), phase=state.phase,
        due=state.discards_due(), start_due=state.start_due(),
        hands=tuple(state.hands[s] if reveal or s == viewer else None for s in seats),
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_sizes=tuple(len(d) - n for d, n in zip(state.decks, state.drawn)),
        decks=tuple(state.deck(s) if reveal else None for s in seats),
        discard_counts=tuple(len(d) for d in state.discards),
        own_discards=state.discards[viewer] if viewer is not None else (),
        out=state.out, monsters_left=state.monsters_left, result=state.result)
