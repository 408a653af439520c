"""A table of a class and a seat at it: the saved game replayed through the engine, and moves
stored only when the engine accepts them at the next move number.

Every :class:`Table` object holds its own replayed state and brings it up to date with
:meth:`Table.refresh`. Bots and chance move on whichever object finds them to move first; the
store's unique move numbers make sure only one of them lands.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sailing_kit.classroom.errors import NotYourTurn, PositionChanged, TableClosed, TablePaused
from sailing_kit.classroom.schema import MoveRow, SeatRow, TableRow
from sailing_kit.classroom.store import Store
from sailing_kit.core.bots import Bot
from sailing_kit.core.errors import ConfigError, SavedGameError
from sailing_kit.core.i18n import _
from sailing_kit.core.info import GameInfo, game_package
from sailing_kit.core.protocol import CHANCE, GameState, replay, replay_one

if TYPE_CHECKING:
    from sailing_kit.classroom.room import Classroom

LIVE_SECONDS = 30.0
"""A seat whose page has not been seen for this long counts as disconnected."""


def plain_json(value: Any) -> Any:
    """``value`` as JSON reads it back (lists for tuples), to compare with a stored move."""
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class Connection:
    """One seat as the teacher sees it (see :meth:`Table.connections`)."""

    name: str | None
    """The student's name (None: an empty seat or a bot's)."""
    bot: str | None
    """The level of the bot playing the seat, if one does."""
    connected: bool
    """A page of the seat has a live WebSocket (as a class server last told the store)."""
    last_seen: float | None
    """Seconds since the seat's page was last heard from (None: never)."""


class Table:
    """One table: ``code`` to join it, ``state`` (the game replayed from the store),
    ``refresh()`` to catch up, ``names()`` of the seated students."""

    def __init__(self, room: Classroom, row: TableRow):
        self.room = room
        self.row = row
        self.package = game_package(row.game)
        self.info: GameInfo = self.package.INFO
        self._bots: dict[tuple[int, str], Bot] = {}
        log = self.store.moves(row.id)
        try:
            self.state: GameState[Any] = self.package.new_game(row.saved["seed"],
                                                               **row.saved["options"])
            replay(self.state, [move.entry for move in log])
        except (ConfigError, SavedGameError) as error:
            raise SavedGameError(_("table {code}: {why}", code=row.code, why=error)) from None
        self.last_move_at = log[-1].at if log else row.opened_at
        self.last_mover: int | None = log[-1].seat if log else None
        self.source: Callable[[int], list[MoveRow]] | None = None

    @staticmethod
    def info_of(row: TableRow) -> GameInfo:
        info: GameInfo = game_package(row.game).INFO
        return info

    def __repr__(self) -> str:
        return f"<Table {self.code}: {self.info.name}, move {self.moves_played}>"

    @property
    def store(self) -> Store:
        return self.room.store

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def code(self) -> str:
        return self.row.code

    @property
    def game(self) -> str:
        return self.info.name

    @property
    def bots(self) -> dict[int, str]:
        """The seats computer players fill, with each bot's level."""
        return self.row.bots

    @property
    def closed(self) -> bool:
        return self.row.closed

    @property
    def paused(self) -> bool:
        """The teacher paused this table or the whole class."""
        return self.row.paused or self.room.paused

    @property
    def moves_played(self) -> int:
        return len(self.state.history)

    def reload(self) -> None:
        """Read the table's settings again (bots, closed, paused), changed by the teacher."""
        row = self.store.table(table_id=self.id)
        if row is not None:
            self.row = row

    def seat_rows(self) -> list[SeatRow]:
        return self.store.seats(self.id)

    def names(self) -> dict[int, str]:
        """Seat number -> the student's name (as typed: escape it before showing it)."""
        return {seat.number: seat.name for seat in self.seat_rows()}

    def connections(self) -> dict[int, Connection]:
        """Per seat: the student's name, the bot playing it, whether a page of it is connected
        and how many seconds ago it was last seen."""
        now, rows = time.time(), {seat.number: seat for seat in self.seat_rows()}
        found = {}
        for number in range(self.row.players):
            seat = rows.get(number)
            seen = None if seat is None or not seat.seen_at else max(0.0, now - seat.seen_at)
            found[number] = Connection(
                seat.name if seat else None, self.bots.get(number),
                bool(seat and seat.live > 0 and seen is not None and seen < LIVE_SECONDS), seen)
        return found

    def waiting_since(self) -> float:
        """When the player to move got the turn (the last move's time, or the opening)."""
        return self.last_move_at

    def describe(self, seat: int | None = None) -> str:
        """The position in words as ``seat`` may read it (None: no hidden card)."""
        words: str = self.state.view(seat).describe()
        return words

    def public_scene(self) -> Any:
        """The picture anyone may see (no seat's hidden cards)."""
        return self.state.view(None).scene()

    # ----- keeping up -----------------------------------------------------------------------------
    def fetch(self) -> list[MoveRow]:
        """The stored moves this object has not replayed yet (not applied): from ``source``
        where one is set (the class server's copy of the log), else from the store."""
        if self.source is not None:
            return self.source(self.moves_played)
        return self.store.moves(self.id, after=self.moves_played)

    def clone(self) -> Table:
        """Another object of this table at the same position, with its own state (no replay)."""
        twin = copy.copy(self)
        twin.state, twin._bots = self.state.copy(), {}
        return twin

    def apply_stored(self, move: MoveRow) -> Any:
        """Replay one stored move through the engine (chance from the table's seed) and return
        the action; SavedGameError if the engine refuses it (a tampered database)."""
        if move.number != self.moves_played + 1:
            raise SavedGameError(_("table {code}: move {number} arrived out of order",
                                   code=self.code, number=move.number))
        try:
            action = replay_one(self.state, move.number, move.entry)
        except SavedGameError as error:
            raise SavedGameError(_("table {code}: {why}", code=self.code, why=error)) from None
        self.last_move_at, self.last_mover = move.at, move.seat
        return action

    def refresh(self) -> bool:
        """Read the table's settings again, replay the moves stored since the last look (letting
        bots and chance move when it is their turn); True if any arrived."""
        self.reload()
        arrived = False
        while True:
            for move in self.fetch():
                self.apply_stored(move)
                arrived = True
            if not self.drive():
                return arrived

    def automatic_turn(self) -> bool:
        """A bot or chance is to move (and the table may move)."""
        player = self.state.current_player
        return (not self.closed and not self.paused
                and (player == CHANCE or (player is not None and player in self.bots)))

    def drive(self, work: GameState[Any] | None = None, *, chance_only: bool = False) -> bool:
        """Store the moves of bots and chance (only chance's if ``chance_only``) up to a
        student's turn, played on ``work`` (a copy of the state, made now if None; ``refresh``
        replays them). False if there was nothing to do, another process stored a move first,
        or the table may not move."""
        if work is None:
            if not self.automatic_turn():
                return False
            work = self.state.copy()
        if self.closed or self.paused:
            return False
        stored = False
        while True:
            player = work.current_player
            if player is None or (player != CHANCE and (chance_only or player not in self.bots)):
                return stored
            if player == CHANCE:
                entry = {"move": plain_json(work.action_to_json(work.sample_chance())), "sampled": True}
            else:
                action = self.bot(player)(work)
                work.apply(action)
                entry = {"move": plain_json(work.action_to_json(work.history[-1]))}
            if not self.store.append(self.id, len(work.history), entry, None):
                return stored
            stored = True

    def bot(self, seat: int, level: str | None = None) -> Bot:
        """The bot of ``seat`` (at its level, or ``level``), made once."""
        level = level or self.bots.get(seat) or self.info.bots[0]
        if (seat, level) not in self._bots:
            self._bots[(seat, level)] = self.package.bots.make(level, self.id * 16 + seat)
        return self._bots[(seat, level)]


class Seat:
    """A student's seat: ``number`` (0-based, as ``current_player``), ``token`` (the secret
    that rejoins it), ``state``, ``play(action)``, ``refresh()``, ``describe()``."""

    def __init__(self, table: Table, row: SeatRow, token: str):
        self.table = table
        self.row = row
        self.token = token

    def __repr__(self) -> str:
        return f"<Seat {self.number} of table {self.table.code}: {self.name!r}>"

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def name(self) -> str:
        return self.row.name

    @property
    def state(self) -> GameState[Any]:
        return self.table.state

    @property
    def my_turn(self) -> bool:
        return self.state.current_player == self.number

    def refresh(self) -> bool:
        """Catch up with the table; True when moves arrived."""
        return self.table.refresh()

    def describe(self) -> str:
        """The position in words, as this seat may see it (its own hand, no other)."""
        return self.table.describe(self.number)

    def play(self, action: Any) -> None:
        """Play ``action`` from this seat. IllegalAction if the rules refuse it, NotYourTurn if
        another is to move, TableClosed or TablePaused if the teacher says so (all store
        nothing), PositionChanged if another move landed first (the seat then shows the new
        position). Bots and chance then move, and the seat catches up."""
        try:
            self.commit(action)
        except PositionChanged:
            self.table.refresh()
            raise
        self.table.refresh()

    def commit(self, action: Any) -> Any:
        """Store ``action`` as the next move (without letting bots and chance follow); returns
        the action in the engine's form. The errors of :meth:`play`."""
        table, state = self.table, self.state
        self._check_open()
        if not state.is_over() and state.current_player != self.number:
            raise NotYourTurn(self._whose_turn())
        state.apply(action)  # IllegalAction: refused, nothing changed
        played = state.history[-1]
        entry = {"move": plain_json(state.action_to_json(played))}
        try:
            landed = table.store.append(table.id, len(state.history), entry, self.number)
        except Exception:  # the store is away: whether the move landed, a refresh will tell
            state.undo()
            raise
        if not landed:
            state.undo()
            table.reload()
            table.room.reload()
            self._check_open()
            raise PositionChanged(_("The position changed before your move arrived: another "
                                    "move was played first. Look at the board again and "
                                    "choose."))
        table.last_move_at, table.last_mover = time.time(), self.number
        return played

    def _check_open(self) -> None:
        if self.table.closed:
            raise TableClosed(_("Table {code} is closed: no more moves.", code=self.table.code))
        if self.table.paused:
            raise TablePaused(_("Paused by your teacher: wait until the game resumes."))

    def _whose_turn(self) -> str:
        player = self.state.current_player
        if player is None:
            return _("The game is over.")
        if player == CHANCE:
            return _("It is not your turn: chance (the dice, the cards or the wind) moves first.")
        names = self.table.names()
        if player in names:
            return _("It is not your turn: Player {number} ({name}) is to move.",
                     number=player + 1, name=names[player])
        return _("It is not your turn: Player {number} is to move.", number=player + 1)
