"""How a board announces the end of a game: once, in the status line, in plain words (who won,
and the place of each person at the screen).

A mixin for :class:`~sailing_kit.widgets.board.CanvasBoard`: the board says :meth:`end_words`;
the mixin says them when the game has just ended, after the words of the move that ended it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from sailing_kit.core.i18n import _, language

if TYPE_CHECKING:
    from sailing_kit.widgets.board import CanvasBoard as _Board
else:
    _Board = object


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st (2., 2e, 2-е ... in the language spoken)."""
    if language() != "en":
        # TRANSLATORS: a place in a game's finishing order (2nd): "{number}." in Hungarian.
        return _("{number}th", number=number)
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def places(order: Sequence[Sequence[int]]) -> dict[int, int]:
    """Each seat's place from the finishing order, best first, seats that tie grouped:
    ``[[2], [0, 1], [3]]`` gives seat 2 the 1st place, seats 0 and 1 the 2nd, seat 3 the 4th."""
    placed: dict[int, int] = {}
    ahead = 0
    for group in order:
        placed.update(dict.fromkeys(group, ahead + 1))
        ahead += len(group)
    return placed


def ranked(scores: Sequence[float], higher_is_better: bool = True) -> list[list[int]]:
    """Seats grouped by equal score, best first."""
    sign = -1 if higher_is_better else 1
    values = sorted(set(scores), key=lambda v: sign * v)
    return [[seat for seat, score in enumerate(scores) if score == value] for value in values]


def your_places(order: Sequence[Sequence[int]], humans: Sequence[int],
                name: Callable[[int], str]) -> str:
    """The place of each person at the screen: "You (Player 2): 2nd of 3." (a tie says
    "joint"); empty when nobody plays against anyone."""
    seats = sum(len(group) for group in order)
    if seats < 2:
        return ""
    placed = places(order)
    sizes = {seat: len(group) for group in order for seat in group}
    words = []
    for seat in humans:
        values = {"name": name(seat), "place": ordinal(placed[seat]), "seats": seats}
        if len(humans) == 1:
            words.append(_("You ({name}): joint {place} of {seats}.", **values)
                         if sizes[seat] > 1 else _("You ({name}): {place} of {seats}.", **values))
        else:
            words.append(_("{name}: joint {place} of {seats}.", **values)
                         if sizes[seat] > 1 else _("{name}: {place} of {seats}.", **values))
    return " ".join(words)


class AnnouncesEnd(_Board):
    """Says :meth:`end_words` in the status line once, when the game has just ended."""

    _announced: int | None = None

    def end_words(self) -> str:
        """The end in plain words (a board with players ranked adds their places)."""
        return _("Game over: {reason}.", reason=self.state.result.reason)

    def refresh(self, message: str | None = None) -> None:
        super().refresh(message)
        state = self.state
        if not state.is_over():
            self._announced = None
        elif self._announced != len(state.history):
            self._announced = len(state.history)
            self.say(f"{message} {self.end_words()}" if message else self.end_words(), "good")
