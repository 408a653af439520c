"""The class pages as Voilà runs them: each notebook in ``sailing_kit/classroom/notebooks`` is one
line calling :func:`seat_page` or :func:`dashboard_page`.

A page's kernel runs on the server. It learns its table from the query string, and the seat's
token or the teacher key from the browser's cookies (Voilà hands both to the kernel as
``QUERY_STRING`` and ``HTTP_COOKIE``), and opens the class store named by the server.
"""

from __future__ import annotations

import contextlib
import html
import os
import time
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

import ipywidgets as widgets

from sailing_kit.classroom.errors import UnknownSeat
from sailing_kit.classroom.room import Classroom
from sailing_kit.classroom.seatboard import LiveFeed, seat_board
from sailing_kit.classroom.table import Seat, Table

STORE_VARIABLE = "SAILING_KIT_CLASS_STORE"
"""The environment variable through which the server names the class store to its kernels."""
SEAT_COOKIE = "sk_seat_"
TEACHER_COOKIE = "sk_teacher"


def seat_cookie(code: str) -> str:
    return SEAT_COOKIE + code


def _request() -> tuple[dict[str, str], dict[str, str]]:
    """The page request's query parameters and cookies."""
    query = {key: values[0] for key, values in parse_qs(os.environ.get("QUERY_STRING", "")).items()}
    cookies = SimpleCookie()
    with contextlib.suppress(CookieError):  # an unreadable cookie header: no seat, no key
        cookies.load(os.environ.get("HTTP_COOKIE", ""))
    return query, {name: morsel.value for name, morsel in cookies.items()}


def _room() -> Classroom:
    return Classroom(os.environ[STORE_VARIABLE])


def _notice(message: str) -> widgets.HTML:
    return widgets.HTML(f"<div class='sk-class-notice' style='font-size:1.1em;padding:1em'>"
                        f"{message}</div>")


def seat_page() -> widgets.Widget:
    """The student's page: their seat's board, who sits where, and whose turn it is."""
    query, cookies = _request()
    code = query.get("table", "").upper()
    token = cookies.get(seat_cookie(code), "")
    try:
        seat = _room().rejoin(token)
    except UnknownSeat:
        seat = None
    if seat is None or seat.table.code != code:
        return _notice("No seat at this table on this device. <a href='/' target='_top'>Join "
                       "with the table's code</a>.")
    return SeatPage(seat)


def seat_names(table: Table, names: dict[int, str], me: int | None = None) -> str:
    """Who sits where, escaped for HTML: students by name, bots as computers, empty seats."""
    parts = []
    for number in range(table.state.num_players):
        who = (html.escape(names[number]) if number in names
               else "computer" if number in table.bots else "<i>empty seat</i>")
        you = " (you)" if number == me else ""
        mark = "▶ " if table.state.current_player == number else ""
        parts.append(f"{mark}Player {number + 1}: {who}{you}")
    return " · ".join(parts)


class SeatPage(widgets.VBox):
    """The seat's board with a header; kept live by a :class:`LiveFeed`."""

    def __init__(self, seat: Seat):
        self.seat = seat
        self.header = widgets.HTML()
        self.header.add_class("sk-class-header")
        self.board = seat_board(seat)
        self.pulse = widgets.HTML(layout=widgets.Layout(display="none"))
        self.pulse.add_class("sk-class-pulse")
        self.beats = 0
        super().__init__([self.header, self.board, self.pulse])
        self.add_class("sk-class-seat")
        self._names = seat.table.names()
        self.update()
        self.feed = LiveFeed(seat.table.store, self.board._guarded(self.moved),
                             table_id=seat.table.id, on_beat=self.board._guarded(self.beat))

    def moved(self, _table_id: int) -> None:
        self.board.advance_bots()
        self.update()

    def beat(self) -> None:
        """The page's sign of life (the browser reloads a page whose beat stops), and the names
        of students who joined meanwhile."""
        self.beats += 1
        self._names = self.seat.table.names()
        self.update()

    def update(self) -> None:
        seat, table = self.seat, self.seat.table
        state = table.state
        if state.result is not None:
            turn = f"The game is over: {html.escape(state.result.reason)}."
        elif seat.my_turn:
            turn = "<b>Your turn.</b>"
        else:
            turn = f"Waiting for the others ({waited(table)} on this move)."
        self.header.value = (
            f"<div><b>Table {html.escape(table.code)}</b> · {html.escape(table.info.title)} · "
            f"you are <b>Player {seat.number + 1} ({html.escape(seat.name)})</b> · {turn}</div>"
            f"<div style='font-size:0.9em'>{seat_names(table, self._names, seat.number)}</div>")
        self.pulse.value = (f"<span data-move='{table.moves_played}' data-beat='{self.beats}' "
                            f"data-over='{int(state.is_over())}'></span>")


def waited(table: Table) -> str:
    """How long the player to move has had the turn, as m:ss."""
    seconds = int(time.time() - table.waiting_since())
    return f"{seconds // 60}:{seconds % 60:02d}"


def dashboard_page() -> widgets.Widget:
    """The teacher's page (needs the teacher key's cookie)."""
    from sailing_kit.classroom.dashboard import Dashboard

    _query, cookies = _request()
    room = _room()
    if not room.is_teacher(cookies.get(TEACHER_COOKIE, "")):
        return _notice("The dashboard needs the teacher key: <a href='/teacher' target='_top'>"
                       "sign in</a>.")
    host, port = os.environ.get("SERVER_NAME", "localhost"), os.environ.get("SERVER_PORT", "")
    return Dashboard(room, f"http://{host}" + (f":{port}" if port else ""))

