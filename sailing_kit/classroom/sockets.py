"""The class server's WebSockets: one per seat's page (its board lives in the server), one per
spectator, one for the teacher's dashboard. Messages are JSON objects of at most 64 KB, read by
:func:`sailing_kit.classroom.guard.read_json`; each seat may send only so many a second.

A seat's page proves its seat with the seat's token: the HttpOnly cookie of its table (or of
the table it came from by a rematch), or ``Authorization: Bearer TOKEN`` from a program
(:func:`sailing_kit.classroom.connect`).

Each socket speaks its page's language (``?lang=``, the page's cookie or its browser's), and so
does the session behind it: its seat's board is made in it, and every word it sends is said in
it, whichever page's event or whose move made it.
"""

from __future__ import annotations

import contextlib
import json
import logging
from typing import Any

from tornado import websocket

from sailing_kit.classroom.dashboard import DashboardSession
from sailing_kit.classroom.errors import JoinRefused, TooManyTries, UnknownSeat
from sailing_kit.classroom.guard import BODY_LIMIT, BadInput, read_json
from sailing_kit.classroom.limits import secret_hash
from sailing_kit.classroom.sessions import SeatSession, WatchSession
from sailing_kit.classroom.web import SEAT_COOKIE, ClassApp, ClassMixin
from sailing_kit.core.i18n import DEFAULT, N_, _, use_language

log = logging.getLogger("sailing_kit.classroom")
REFUSALS_BEFORE_CLOSE = 50
"""A page whose messages are refused this many times in a row is disconnected."""


class ClassSocket(ClassMixin, websocket.WebSocketHandler):
    """Base: JSON in and out, limits, the session behind the socket."""

    def initialize(self, app: ClassApp) -> None:
        self.app = app
        self.language = DEFAULT
        self.session: Any = None
        self.rate_key = ""
        self.refusals = 0

    def get_compression_options(self) -> dict[str, Any]:
        return {"compression_level": 1, "mem_level": 6}  # scenes are text: they shrink well

    def send(self, data: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        with contextlib.suppress(websocket.WebSocketClosedError):
            self.write_message(json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    def refuse(self, why: str) -> None:
        self.send({"t": "refused", "why": why})
        self.refusals += 1
        if self.refusals >= REFUSALS_BEFORE_CLOSE:
            self.close(1008, "too many refused messages")

    def open(self, *path: str) -> None:
        self.language = self.page_language(remember=False)  # the page's, remembered by it
        with use_language(self.language):
            self.opened(*path)

    def opened(self, code: str = "") -> None:
        """The socket is open (in the page's language): find its table and make its session."""
        raise NotImplementedError

    def on_message(self, raw: str | bytes) -> None:
        with use_language(self.language):
            self.take(raw)

    def take(self, raw: str | bytes) -> None:
        if self.session is None:
            return
        if len(raw) > BODY_LIMIT:
            self.close(1009, "message too large")
            return
        try:
            if self.rate_key:
                self.app.limits.messages.take(self.rate_key, N_("messages"))
            message = read_json(raw)
        except (BadInput, TooManyTries) as refusal:
            self.refuse(str(refusal))
            return
        self.refusals = 0
        try:
            self.session.receive(message)
        except Exception:  # a board's trouble is the board's: the server goes on
            log.exception("a page's message could not be handled")
            self.refuse(_("Something went wrong on the server; the board is as it was."))

    def on_close(self) -> None:
        if self.session is not None:
            self.session.ended()
            self.session = None

    def end(self, message: dict[str, Any]) -> None:
        """Say why, then close."""
        self.send(message)
        self.close(1000)


class SeatSocket(ClassSocket):
    """A student's seat: its board, made and kept in the page's language."""

    def _tokens(self, code: str) -> list[str]:
        """The tokens this request offers: a program's header, the table's cookie, then the
        cookies of other tables (a rematch moves a token to the new table)."""
        found = []
        header = self.request.headers.get("Authorization", "")
        if header.startswith("Bearer ") and len(header) < 200:
            found.append(header[7:].strip())
        own = self.get_cookie(SEAT_COOKIE + code)
        if own:
            found.append(own)
        others = [value.value for name, value in self.request.cookies.items()
                  if name.startswith(SEAT_COOKIE) and name != SEAT_COOKIE + code]
        return found + others[:20]

    def opened(self, code: str = "") -> None:
        room = self.app.room
        try:
            row = self.lookup(code)
        except JoinRefused as refusal:
            self.end({"t": "refused", "why": str(refusal), "fatal": True})
            return
        seat = None
        for token in self._tokens(row.code):
            try:
                candidate = room.rejoin(token)
            except UnknownSeat:
                continue
            if candidate.row.table_id == row.id:
                seat = candidate
                break
            if row.next_code and candidate.code == row.next_code:
                self.end({"t": "moved", "code": row.next_code})
                return
        if seat is None:
            self.app.limits.codes.note(f"device:{self.device() or 'address:' + self.address()}")
            self.end({"t": "gone", "why": _("No seat at this table on this device: join with "
                                            "the table's code.")})
            return
        if row.closed and row.next_code:
            self.end({"t": "moved", "code": row.next_code})
            return
        self.rate_key = "seat:" + secret_hash(seat.token)
        live = self.app.hub.live(row)
        self.session = SeatSession(self.app.hub, live, seat.row, seat.token, self.send, self.close,
                                   self.language)


class WatchSocket(ClassSocket):
    def opened(self, code: str = "") -> None:
        try:
            row = self.lookup(code)
        except JoinRefused as refusal:
            self.end({"t": "refused", "why": str(refusal), "fatal": True})
            return
        self.rate_key = f"watch:{self.device() or self.address()}"
        self.session = WatchSession(self.app.hub, self.app.hub.live(row), self.send, self.close,
                                    self.language)


class DashboardSocket(ClassSocket):
    def opened(self, code: str = "") -> None:
        if not self.is_teacher():
            self.end({"t": "refused", "why": _("The dashboard needs the teacher key."),
                      "fatal": True})
            return
        self.session = DashboardSession(self.app.hub, self.app.address, self.send, self.language)
