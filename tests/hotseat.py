"""The privacy oracle of the pass-the-device boards (Calm and the regatta), shared by their tests.

The test keeps its own record of who holds the screen (``holder``): the player who last took
it and revealed their hand. Whatever the board then draws in its hand area must be exactly what
the game's own picture draws there for the holder, at the moment shown (live or replayed), or
the cover and nothing else. The board's own idea of the viewer is never trusted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sailing_kit.draw.cards import COVER_HINT, Rect
from sailing_kit.draw.scene import Scene, Text


def texts_in(scene: Scene, area: Rect) -> list[str]:
    """The words drawn inside ``area``, in drawing order (the selection tick left out)."""
    return [shape.text for shape in scene.shapes
            if isinstance(shape, Text) and area.contains(*shape.at) and shape.text != "✓"]


class Screen:
    """One device shared by the humans of ``board``. ``reference(state, seat)`` is the game's own
    picture of ``state`` from ``seat`` (no cover, no selection); ``area`` the board's hand area."""

    def __init__(self, board: Any, reference: Callable[[Any, int], Scene], area: Rect):
        self.board, self.reference, self.area = board, reference, area
        self.holder: int | None = None

    def drawn(self) -> list[str]:
        return texts_in(self.board.scene(), self.area)

    def hand_of(self, seat: int) -> list[str]:
        """What the hand area shows for ``seat`` at the moment on the board's canvas."""
        return texts_in(self.reference(self.board.shown, seat), self.area)

    def assert_covered(self) -> None:
        drawn = self.drawn()
        assert COVER_HINT.split()[0] in " ".join(drawn), drawn
        for seat in range(self.board.state.num_players):
            cards = {text for text in self.hand_of(seat) if ":" not in text}  # not the label
            assert not cards & set(drawn), (seat, drawn)

    def assert_holders_hand(self) -> None:
        assert self.holder is not None
        assert self.drawn() == self.hand_of(self.holder)

    def assert_private(self) -> None:
        """The invariant: the holder's own hand, or the cover."""
        drawn = self.drawn()
        if self.holder is not None and drawn == self.hand_of(self.holder):
            return
        self.assert_covered()

    def take(self, seat: int) -> None:
        """``seat`` takes the device and reveals: the board must then show their hand."""
        self.holder = seat
        assert self.board.covered
        self.board.simulate_key("Enter")
        assert not self.board.covered
        self.assert_holders_hand()


# ----- the paths every pass-the-device board is tested on -------------------------------------------
Play = Callable[[Screen], None]
"""Plays one whole turn for the player at the screen, by clicks and keys."""


def control(board: Any, label: str) -> Any:
    """The board's button (or toggle) called ``label``, wherever it sits."""
    def every(widget: Any) -> Any:
        yield widget
        for child in getattr(widget, "children", ()):
            yield from every(child)

    return next(w for w in every(board) if getattr(w, "description", None) == label)


def check_undo_by_the_next_player(screen: Screen, play: Play) -> None:
    """Player 2 reveals and presses Undo: only Player 1 takes back Player 1's move (#23.9), so
    the board asks Player 1 to press again; then Player 1 is to play again, but the screen is in
    Player 2's hands, so it stays covered until Player 1 takes it."""
    screen.assert_covered()
    screen.take(0)
    play(screen)
    assert screen.board.covered
    screen.assert_covered()
    screen.take(1)
    moves = len(screen.board.state.history)
    control(screen.board, "Undo").click()
    assert len(screen.board.state.history) == moves and "press Undo again" in \
        screen.board.status.value
    screen.assert_private()
    control(screen.board, "Undo").click()  # Player 1 agrees
    assert screen.board.state.current_player == 0 and screen.board.covered
    screen.assert_covered()
    screen.take(0)


def check_undo_under_the_cover(screen: Screen, play: Play) -> None:
    """Whoever pressed Undo under the cover may be the next player already: the hand taken
    back waits until its owner reveals it again."""
    screen.take(0)
    play(screen)
    control(screen.board, "Undo").click()  # asks Player 1 (#23.9)...
    screen.assert_covered()
    control(screen.board, "Undo").click()  # ...who presses again
    assert screen.board.state.current_player == 0 and screen.board.covered
    screen.assert_covered()
    screen.take(0)


def check_new_and_loaded_games_start_covered(screen: Screen, play: Play, new: str) -> None:
    board = screen.board
    screen.take(0)
    control(board, new).click()
    assert board.covered
    screen.assert_covered()
    screen.take(0)
    play(screen)
    screen.take(1)
    control(board, "Save").click()
    assert board.saved.value.startswith("{")
    control(board, "Load").click()
    assert "loaded" in board.status.value and board.covered
    screen.assert_covered()
    screen.take(1)


def check_the_replay(screen: Screen, play: Play) -> None:
    """Under the cover every moment of the replay stays covered; once revealed, each moment
    shows the holder's own hand as it was then; the live end gives play back."""
    board = screen.board
    screen.take(0)
    play(screen)
    screen.take(1)
    play(screen)
    screen.take(0)
    play(screen)  # the device goes to Player 2, who has not revealed yet
    screen.holder = 1
    moves = len(board.state.history)
    for moment in range(moves, -1, -1):
        board.replay.value = moment
        screen.assert_covered()
    board.simulate_key("Enter")  # Player 2 reveals, at move 0: the hand they were dealt
    assert board.replaying is not None
    screen.assert_holders_hand()
    assert screen.drawn() != screen.hand_of(0)
    history = list(board.state.history)
    board.simulate_click(*screen.area.centre)
    assert "This is a replay" in board.status.value and board.state.history == history
    for moment in range(moves + 1):
        board.replay.value = moment
        screen.assert_holders_hand()
    assert board.replaying is None and "Back to the live" in board.status.value
    play(screen)
    assert len(board.state.history) > len(history)


def check_random_play(screen: Screen, bot: Callable[[Any], Any], seed: int) -> None:
    """Moves, undos, replays and reveals in a seeded random order, also under the cover: after
    each, the hand area shows the holder's own hand or the cover."""
    import random

    chance, board = random.Random(seed), screen.board
    for _ in range(40):
        if board.covered:
            if chance.random() < 0.5:
                screen.take(board.seat)
            elif chance.random() < 0.5 and board.state.history:
                board.replay.value = chance.randrange(board.replay.max + 1)
            else:
                board.undo()
        elif board.state.is_over():
            break
        elif chance.random() < 0.2 and board.state.history:
            board.undo()
        elif chance.random() < 0.1:
            board.replay.value = chance.randrange(board.replay.max + 1)
        else:
            board.replay.value = board.replay.max
            board.act(bot(board.state), "Played.")
        screen.assert_private()
