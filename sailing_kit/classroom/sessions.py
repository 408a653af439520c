"""One connected page of a class server: a student's seat or a spectator, each a widget tree
in the server (the seat's usual board, or the table's public picture) mirrored to the page over
its WebSocket.

Messages to the page (JSON objects, ``t`` names the kind): ``hello`` (who and where), ``ui``
(the changed widget nodes, see :mod:`sailing_kit.classroom.mirror`), ``status`` (paused,
closed, the teacher's message), ``gone`` (the seat was freed), ``moved`` (a rematch: the new
table's code), ``refused`` (an event not taken) and, for a remote seat (``connect``), ``state``
and ``played``. From the page: the mirror's events (``click``, ``set``, ``canvas``), ``ping``,
and from a remote seat ``api`` and ``play``.

A session speaks its page's language (:attr:`PageSession.language`): its board and view are made
in it (its socket makes it inside ``use_language``), and every call into them (its page's
events, the table's changes, whoever made them) runs in it, so two seats of one table in two
languages each read their own words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sailing_kit.classroom.errors import NotYourTurn, PositionChanged, TableClosed, TablePaused
from sailing_kit.classroom.hub import Hub, LiveTable
from sailing_kit.classroom.languages import game_title, spoken
from sailing_kit.classroom.mirror import Mirror, Refused
from sailing_kit.classroom.schema import SeatRow
from sailing_kit.classroom.seatboard import SeatView, WatchView
from sailing_kit.classroom.table import Seat, Table
from sailing_kit.core.errors import ActionError
from sailing_kit.core.i18n import N_, _

Send = Callable[[dict[str, Any]], None]
LEGAL_LIMIT = 5000
"""A remote seat is sent at most this many legal actions."""
PAUSED = N_("Paused by your teacher: wait until the game resumes.")


def status_of(table: Table) -> dict[str, Any]:
    text, at = table.room.message
    return {"t": "status", "paused": table.paused, "closed": table.closed,
            "over": table.state.is_over(), "message": text, "message_at": at}


class PageSession:
    """A page: its mirrored view, its status line at the top, its WebSocket's ``send``."""

    def __init__(self, hub: Hub, live: LiveTable, send: Send, close: Callable[[], None],
                 language: str):
        self.hub, self.live, self.send, self.close = hub, live, send, close
        self.language = language
        self.mirror: Mirror
        self._status: dict[str, Any] | None = None

    def push(self) -> None:
        changes = self.mirror.changes()
        if changes is not None:
            self.send({"t": "ui", **changes})

    def send_status(self, table: Table) -> None:
        status = status_of(table)
        if status != self._status:
            self._status = status
            self.send(status)

    @spoken
    def class_changed(self) -> None:
        self.table_changed(self.live)

    def table_changed(self, live: LiveTable) -> None:
        raise NotImplementedError

    def ended(self) -> None:
        """The page's socket closed."""
        self.hub.detach(self.live, self)


class WatchSession(PageSession):
    """A spectator (or a replay of the live game): the public picture, read-only."""

    def __init__(self, hub: Hub, live: LiveTable, send: Send, close: Callable[[], None],
                 language: str):
        super().__init__(hub, live, send, close, language)
        self.view = WatchView(live.table)
        self.mirror = Mirror(self.view)
        send({"t": "hello", "role": "watch", "code": live.table.code,
              "game": game_title(live.table.info.title)})
        send({"t": "ui", **self.mirror.everything()})
        self.send_status(live.table)
        hub.attach(live, self)

    @spoken
    def receive(self, message: dict[str, Any]) -> None:
        if message.get("t") != "ping":
            self.send({"t": "refused",
                       "why": _("A spectator watches: nothing can be played here.")})

    @spoken
    def table_changed(self, live: LiveTable) -> None:
        self.view.update(live.names)
        self.push()
        self.send_status(live.table)


class SeatSession(PageSession):
    """A student's seat: the game's usual board for that seat, playing through the store."""

    def __init__(self, hub: Hub, live: LiveTable, row: SeatRow, token: str, send: Send,
                 close: Callable[[], None], language: str):
        super().__init__(hub, live, send, close, language)
        self.row = row
        self.api = False
        table = live.table.clone()
        self.seat = Seat(table, row, token)
        self.view = SeatView(self.seat)
        self.view.names = live.names
        self.view.update()
        self.view.board.review_source = self._review
        self.mirror = Mirror(self.view)
        self._state: dict[str, Any] | None = None
        send({"t": "hello", "role": "seat", "code": table.code, "seat": row.number,
              "name": row.name, "game": game_title(table.info.title), "kind": table.info.name})
        send({"t": "ui", **self.mirror.everything()})
        self.send_status(table)
        hub.attach(live, self, row)

    @property
    def table(self) -> Table:
        return self.seat.table

    def ended(self) -> None:
        self.hub.detach(self.live, self, self.row)

    def _review(self, then: Callable[[Any], None]) -> None:
        """The table's review, weighed on the review thread; ``then(review)`` (or the refusal)
        on the loop, and the page shown it."""
        reviews, row = self.hub.reviews, self.table.row

        def arrived(result: Any) -> None:
            then(result if isinstance(result, Exception) else result.review)
            self.view.update()
            self.push()

        self.hub.run(lambda: reviews.weighed(row), arrived, review=True)

    # ----- from the page ------------------------------------------------------------------------
    @spoken
    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "ping":
            return
        if kind == "api":  # a program's seat: the state now, and with every change
            self.api, self._state = True, None
            self.send_state()
            return
        before = self.table.moves_played
        if kind == "play":
            self.play(message.get("action"))
        elif kind in ("click", "set", "canvas"):
            if self.table.paused and kind != "set":
                self.view.board.say(_(PAUSED), "error")
            else:
                try:
                    self.mirror.handle(message)
                except Refused as refusal:
                    self.send({"t": "refused", "why": str(refusal)})
                    return
        else:
            self.send({"t": "refused", "why": _("unknown message")})
            return
        self.view.update()
        self.push()
        if self.table.moves_played != before:
            self.hub.changed(self.table.id, moves_only=True)  # the other pages, the bots
        self.send_state()

    def play(self, action: Any) -> None:
        """A remote seat's move (an action as the game writes it in JSON)."""
        board = self.view.board
        try:
            played = self.seat.commit(action)
        except (ActionError, NotYourTurn, PositionChanged, TableClosed, TablePaused) as refusal:
            if isinstance(refusal, PositionChanged):
                board.advance_bots()
            self.send({"t": "played", "ok": False, "why": str(refusal),
                       "kind": type(refusal).__name__})
            return
        except Exception:  # the store is away (a database restart): try again shortly
            self.send({"t": "played", "ok": False, "kind": "StoreAway",
                       "why": _("The class's store did not answer: try again in a moment.")})
            raise
        number = self.table.moves_played
        self.table.drive(chance_only=True)
        board.on_played(played)
        board.advance_bots()
        self.send({"t": "played", "ok": True, "move": number})

    # ----- to the page --------------------------------------------------------------------------
    @spoken
    def table_changed(self, live: LiveTable) -> None:
        row = live.table.row
        if all(seat.id != self.row.id for seat in live.seat_rows):
            live.seat_rows = live.table.seat_rows()  # a move's news may lag behind a join
        if all(seat.id != self.row.id for seat in live.seat_rows):
            if row.next_code:
                self.send({"t": "moved", "code": row.next_code})
            elif self.row.number in row.bots:
                self.send({"t": "gone", "why": _("Your teacher gave this seat to a computer "
                                                 "player: ask for another seat or table.")})
            else:
                self.send({"t": "gone", "why": _("Your teacher freed this seat: join again "
                                                 "with the table's code.")})
            self.close()
            return
        if row.next_code and row.closed:
            self.send({"t": "moved", "code": row.next_code})
            self.close()
            return
        seen = (self.table.moves_played, self.table.row, self.view.names)
        self.table.row = row
        self.view.names = live.names
        if seen != (len(live.log), row, self.view.names):  # else this page shows it already
            self.view.board.advance_bots()
        self.view.update()
        self.push()
        self.send_status(self.table)
        self.send_state()

    def send_state(self) -> None:
        """What a remote seat's program needs: whose turn, its view in words, its legal moves."""
        if not self.api:
            return
        state, table = self.table.state, self.table
        mine = state.current_player == self.row.number and not table.paused and not table.closed
        result = state.result
        facts = {"t": "state", "moves": table.moves_played, "turn": state.current_player,
                 "my_turn": mine, "over": result is not None, "paused": table.paused,
                 "closed": table.closed,
                 "result": None if result is None else {"winners": list(result.winners),
                                                        "reason": result.reason},
                 "describe": table.describe(self.row.number),
                 "legal": [state.action_to_json(a) for a in state.legal_actions()[:LEGAL_LIMIT]]
                 if mine else []}
        if facts != self._state:
            self._state = facts
            self.send(facts)
