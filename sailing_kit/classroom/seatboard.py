"""A game's usual board, played from one seat of a class table, and the public picture a
spectator (or the teacher) watches.

:func:`seat_board` wraps any board of the kit with :class:`SeatPlay`, which changes three things
and keeps everything else of the board (drawing, clicks, keys, words):

- the viewing seat is fixed: the other seats are "remote players" to the board, exactly as bots
  are, so the board draws only this seat's hand and lets it act only on its turn;
- a move goes to the class store (:meth:`Seat.commit`) instead of the board's own state; other
  seats' moves arrive from the store and are played through the board's bot machinery, so the
  board narrates them as it narrates a bot's (the class server stores the bots' and chance's
  moves; the board only shows them);
- moves, new deals, saving and loading that only make sense at one screen are switched off.

At a game's end the Review button (games with an exact solver) weighs the table's students, as
the class's review page does; in a class server the review is made on its review thread
(:attr:`SeatPlay.review_source`), never on the event loop.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sailing_kit.classroom.errors import NotYourTurn, PositionChanged, TableClosed, TablePaused
from sailing_kit.classroom.languages import game_title
from sailing_kit.classroom.reviews import student_seats
from sailing_kit.classroom.schema import MoveRow
from sailing_kit.classroom.table import Seat, Table
from sailing_kit.core.errors import ActionError
from sailing_kit.core.i18n import _
from sailing_kit.core.protocol import CHANCE
from sailing_kit.widgets.board import CanvasBoard
from sailing_kit.widgets.canvas import BoardCanvas, paint

WATCH_WIDTH = 460
"""The widest a watched table is drawn on the dashboard, in CSS pixels."""


class SeatPlay(CanvasBoard):
    """Mixin in front of a game's board class (see :func:`seat_board`): it comes before the
    game's board in the class made for a seat, so its ``super()`` is that board."""

    class_seat: Seat
    _remote: MoveRow | None = None

    def __init__(self, seat: Seat, **board_options: Any):
        self.class_seat = seat
        others = {player: self._remote_player
                  for player in range(seat.state.num_players) if player != seat.number}
        super().__init__(seat.state, bots=others, **board_options)  # the game's board, next in line
        self.controls_shown(seat.table.info.controls)

    @property
    def table(self) -> Table:
        return self.class_seat.table

    # ----- moves go to the store ------------------------------------------------------------------
    def play(self, action: Any, success: str | None = None) -> bool:
        try:
            self.class_seat.commit(action)
        except ActionError as refusal:
            self.refuse(refusal)
            return False
        except (NotYourTurn, TableClosed, TablePaused) as refusal:
            self.say(str(refusal), "error")
            return False
        except PositionChanged as changed:
            self.advance_bots()
            self.say(str(changed), "error")
            return False
        self.table.drive(chance_only=True)  # the dice or the deck answer at once, as at one screen
        self.on_played(action)
        self.advance_bots(success)
        return True

    def advance_bots(self, message: str | None = None) -> None:
        """Play every stored move this board has not shown yet (the other seats', the bots' and
        chance's), narrated as the board narrates a bot's, then redraw."""
        for move in self.table.fetch():
            self._show_move(move)
        self.refresh(message)

    def _show_move(self, move: MoveRow) -> None:
        player = self.state.current_player
        if move.entry.get("sampled"):
            self.on_played(self.table.apply_stored(move))
        elif player in self.bots:
            self._remote = move
            action = self.bots[player](self.state)  # the board's wrapper narrates it
            self.table.apply_stored(move)
            self.on_played(action)
        else:  # this seat's own move, played in another window (or skipped by the teacher)
            self.on_played(self.table.apply_stored(move))

    def _remote_player(self, state: Any) -> Any:
        """The "bot" of every other seat: the move that seat stored."""
        assert self._remote is not None, "a remote seat moves only from the store"
        return state.parse_action(self._remote.entry["move"])

    def is_computer(self, player: int) -> bool:
        return player in self.table.bots  # the other seats' "bots" are students elsewhere

    # ----- the review ----------------------------------------------------------------------------
    review_source: Callable[[Callable[[Any], None]], None] | None = None
    """Set by a class server: asks for the table's review off the event loop, then calls back
    with it (or the refusal). Without one the board weighs the game itself."""

    @property
    def reviewed_seats(self) -> list[int] | None:
        """The table's students (the seats no bot plays), as the class's review page weighs."""
        return student_seats(self.table.row)

    def start_review(self, made: Any = None) -> None:
        if made is not None or self.review_source is None or not self.state.is_over():
            super().start_review(made)
            return
        self.say(_("Weighing every decision against optimal play…"))
        self.review_source(self._review_arrived)

    def _review_arrived(self, result: Any) -> None:
        if isinstance(result, Exception):
            self.say(_("No review of this game: {why}", why=result), "error")
        else:
            self.start_review(result)

    # ----- one screen only ------------------------------------------------------------------------
    def undo(self) -> None:
        self.say(_("At a class table every move stands: nothing is taken back."), "error")

    def start(self, state: Any, message: str) -> None:
        self.say(_("This table's game goes on to its end: ask your teacher for a new table."),
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


def seat_names(table: Table, names: dict[int, str], me: int | None = None) -> str:
    """Who sits where, escaped for HTML: students by name, bots as computers, empty seats."""
    parts = []
    for number in range(table.state.num_players):
        who = (html.escape(names[number]) if number in names
               else html.escape(_("computer")) if number in table.bots
               else "<i>" + html.escape(_("empty seat")) + "</i>")
        said = (_("Player {number}: {who} (you)", number=number + 1, who=who) if number == me
                else _("Player {number}: {who}", number=number + 1, who=who))
        mark = "▶ " if table.state.current_player == number else ""
        parts.append(mark + said)
    return " · ".join(parts)


def table_words(table: Table) -> str:
    """"Table CODE" in the language spoken now, escaped for HTML."""
    return html.escape(_("Table {code}", code=table.code))


def waited(table: Table) -> str:
    """How long the player to move has had the turn, as m:ss."""
    seconds = int(time.time() - table.waiting_since())
    return f"{seconds // 60}:{seconds % 60:02d}"


def turn_words(table: Table, me: int | None = None) -> str:
    """Whose turn it is (or that the game is over, closed or paused), as escaped HTML."""
    state = table.state
    if state.result is not None:
        return html.escape(_("The game is over: {reason}.", reason=state.result.reason))
    if table.closed:
        return html.escape(_("This table is closed."))
    if table.paused:
        return "<b>" + html.escape(_("Paused by your teacher.")) + "</b>"
    if state.current_player == CHANCE:
        return html.escape(_("Chance moves."))
    if me is not None and state.current_player == me:
        return "<b>" + html.escape(_("Your turn.")) + "</b>"
    return html.escape(_("Player {number} to move ({time} on this move).",
                         number=(state.current_player or 0) + 1, time=waited(table)))


class SeatView(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A seat's page: a header (the table, who sits where, whose turn) and the seat's board."""

    def __init__(self, seat: Seat):
        self.seat = seat
        self.header = widgets.HTML()
        self.header.add_class("sk-class-header")
        self.board = seat_board(seat)
        self.board.canvas.fit = "window"  # as in an app: the board fills the phone or laptop
        self.names = seat.table.names()
        super().__init__([self.header, self.board])
        self.add_class("sk-class-seat")
        self.update()

    def update(self) -> None:
        seat, table = self.seat, self.seat.table
        you = html.escape(_("you are Player {number} ({name})", number=seat.number + 1,
                            name=seat.name))
        self.header.value = (
            f"<div><b>{table_words(table)}</b> · {html.escape(game_title(table.info.title))} · "
            f"<b>{you}</b> · <span class='sk-class-turn' data-move='{table.moves_played}'>"
            f"{turn_words(table, seat.number)}</span></div>"
            f"<div style='font-size:0.9em'>{seat_names(table, self.names, seat.number)}</div>")


class WatchView(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A table's public picture (no hidden card) with its header: for spectators, replays and
    the teacher's dashboard (``max_width`` caps the picture there)."""

    def __init__(self, table: Table, *, max_width: int = 0):
        self.table = table
        self.header = widgets.HTML()
        self.header.add_class("sk-class-header")
        scene = table.public_scene()
        self.canvas = BoardCanvas(width=scene.width, height=scene.height, max_width=max_width)
        self.canvas.fit = "window"
        self.status = widgets.HTML()
        self.status.add_class("sk-status")
        self.column = widgets.VBox([self.header, self.canvas, self.status])
        self.column.add_class("sailing-kit-board")  # canvas.js fits the canvas under its header
        super().__init__([self.column])
        self.add_class("sk-class-watch")
        self.update()

    def update(self, names: dict[int, str] | None = None, *, picture: bool = True) -> None:
        """The header (whose turn, for how long, who sits where) and, if ``picture``, the
        picture again."""
        table = self.table
        if picture:
            paint(self.canvas, table.public_scene())
        names = table.names() if names is None else names
        move = html.escape(_("move {number}", number=table.moves_played))
        self.header.value = (
            f"<div><b>{table_words(table)}</b> · {html.escape(game_title(table.info.title))} · "
            f"{move} · "
            f"<span class='sk-class-turn' data-move='{table.moves_played}'>{turn_words(table)}"
            f"</span></div><div style='font-size:0.9em'>{seat_names(table, names)}</div>")
