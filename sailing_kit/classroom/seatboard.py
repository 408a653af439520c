"""A game's usual board, played from one seat of a class table.

:func:`seat_board` wraps any board of the kit with :class:`SeatPlay`, which changes three things
and keeps everything else of the board (drawing, clicks, keys, words):

- the viewing seat is fixed: the other seats are "remote players" to the board, exactly as bots
  are, so the board draws only this seat's hand and lets it act only on its turn;
- a move goes to the class store (:meth:`Seat.commit`) instead of the board's own state; other
  seats' moves arrive from the store and are played through the board's bot machinery, so the
  board narrates them as it narrates a bot's;
- moves, new deals, saving and loading that only make sense at one screen are switched off.

:class:`LiveFeed` wakes the board when the table moves: the store's background listener
(LISTEN/NOTIFY on PostgreSQL, a cheap poll on SQLite) hands the news to the kernel's event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sailing_kit.classroom.errors import NotYourTurn, PositionChanged
from sailing_kit.classroom.store import MoveRow, Store
from sailing_kit.classroom.table import Seat, Table
from sailing_kit.core.errors import ActionError


class SeatPlay:
    """Mixin in front of a game's board class (see :func:`seat_board`)."""

    class_seat: Seat
    _remote: MoveRow | None = None
    state: Any
    bots: dict[int, Any]

    def __init__(self, seat: Seat, **board_options: Any):
        self.class_seat = seat
        others = {player: self._remote_player
                  for player in range(seat.state.num_players) if player != seat.number}
        super().__init__(seat.state, bots=others, **board_options)  # type: ignore[call-arg]
        self.controls_shown(seat.table.info.controls)  # type: ignore[attr-defined]

    @property
    def table(self) -> Table:
        return self.class_seat.table

    # ----- moves go to the store ------------------------------------------------------------------
    def play(self, action: Any, success: str | None = None) -> bool:
        try:
            self.class_seat.commit(action)
        except ActionError as refusal:
            self.refuse(refusal)  # type: ignore[attr-defined]
            return False
        except NotYourTurn as refusal:
            self.say(str(refusal), "error")  # type: ignore[attr-defined]
            return False
        except PositionChanged as changed:
            self.advance_bots()
            self.say(str(changed), "error")  # type: ignore[attr-defined]
            return False
        self.on_played(action)  # type: ignore[attr-defined]
        self.advance_bots(success)
        return True

    def advance_bots(self, message: str | None = None) -> None:
        """Let the table's bots and chance move (stored), then play every stored move this
        board has not shown yet, narrated as the board narrates a bot's."""
        table = self.table
        while True:
            for move in table.fetch():
                self._show_move(move)
            if not table.drive():
                break
        self.refresh(message)  # type: ignore[attr-defined]

    def _show_move(self, move: MoveRow) -> None:
        player = self.state.current_player
        if move.entry.get("sampled"):
            self.on_played(self.table.apply_stored(move))  # type: ignore[attr-defined]
        elif player in self.bots:
            self._remote = move
            action = self.bots[player](self.state)  # the board's wrapper narrates it
            self.table.apply_stored(move)
            self.on_played(action)  # type: ignore[attr-defined]
        else:  # this seat's own move, played in another window
            self.table.apply_stored(move)

    def _remote_player(self, state: Any) -> Any:
        """The "bot" of every other seat: the move that seat stored."""
        assert self._remote is not None, "a remote seat moves only from the store"
        return state.parse_action(self._remote.entry["move"])

    def after_change(self) -> None:
        super().after_change()  # type: ignore[misc]
        info = getattr(self, "info", None)
        player = self.state.current_player
        if isinstance(info, widgets.HTML) and player not in self.table.bots:
            info.value = info.value.replace(" (computer)", "")  # a student at another device

    # ----- one screen only ------------------------------------------------------------------------
    def undo(self) -> None:
        self.say("At a class table every move stands: nothing is taken back.", "error")  # type: ignore[attr-defined]

    def start(self, state: Any, message: str) -> None:
        self.say("This table's game goes on to its end: ask your teacher for a new table.",  # type: ignore[attr-defined]
                 "error")

    def save_and_load(self, what: str = "game", width: str = "320px") -> list[widgets.Widget]:
        return []  # a saved game holds the table's seed, which never leaves the server


_classes: dict[type, type] = {}


def seat_board(seat: Seat) -> Any:
    """The game's usual board for ``seat``, playing through the class store."""
    board_class = seat.table.package.Board
    if board_class not in _classes:
        _classes[board_class] = type(f"Seat{board_class.__name__}", (SeatPlay, board_class), {})
    return _classes[board_class](seat)


class LiveFeed:
    """Calls ``on_change(table_id)`` on the kernel's event loop whenever a table moves (only
    table ``table_id`` if given; a burst of moves is one call), and ``on_beat()`` every ``beat``
    seconds: the page's sign of life. ``stop()`` ends both."""

    def __init__(self, store: Store, on_change: Callable[[int], None], *,
                 table_id: int | None = None, on_beat: Callable[[], None] | None = None,
                 beat: float = 5.0):
        self.loop = asyncio.get_event_loop()
        self.table_id = table_id
        self.on_change, self.on_beat, self.beat = on_change, on_beat, beat
        self.waiting: set[int] = set()
        self.stopped = False
        self._unlisten = store.listen(self._heard, table_id=table_id)
        if on_beat is not None:
            self.loop.call_later(beat, self._tick)

    def _heard(self, table_id: int) -> None:  # on the listener's thread
        if self.table_id in (None, table_id) and table_id not in self.waiting:
            self.waiting.add(table_id)
            self.loop.call_soon_threadsafe(self._run, table_id)

    def _run(self, table_id: int) -> None:
        self.waiting.discard(table_id)
        if not self.stopped:
            self.on_change(table_id)

    def _tick(self) -> None:
        if self.stopped or self.on_beat is None:
            return
        self.on_beat()
        self.loop.call_later(self.beat, self._tick)

    def stop(self) -> None:
        self.stopped = True
        self._unlisten()
