"""A seat at a class table from a notebook: students write their own bot and seat it, the way a
chess server offers a bot API.

``seat = connect("http://192.168.1.20:8866", "KX7PM", "Ana's bot")`` joins the table as a page
does (the same HTTP join and the same WebSocket, with the seat's token) and keeps the seat's
view up to date from a background thread::

    while not seat.state.is_over():
        if seat.my_turn:
            seat.play(my_bot(seat.state))
        else:
            seat.wait()

``seat.state`` is what the seat may know (never another seat's hand, never the seed): whose turn
it is, the legal actions (as the game writes them in JSON, which ``play`` takes), the position
in words and the result.
"""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from sailing_kit.classroom.errors import (
    JoinRefused,
    NotYourTurn,
    PositionChanged,
    TableClosed,
    TablePaused,
    UnknownSeat,
)
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import _, language

_REFUSALS: dict[str, type[Exception]] = {
    "NotYourTurn": NotYourTurn, "PositionChanged": PositionChanged, "TableClosed": TableClosed,
    "TablePaused": TablePaused}


@dataclass(frozen=True)
class SeatState:
    """The position as one seat may know it."""

    current_player: int | None
    """Whose turn it is (0-based; -1 for chance; None once the game is over)."""
    moves_played: int
    paused: bool
    closed: bool
    result: dict[str, Any] | None
    """``{"winners": [...], "reason": "..."}`` once the game is over."""
    words: str
    legal: tuple[Any, ...]

    def legal_actions(self) -> list[Any]:
        """The actions this seat may play now, as the game writes them in JSON (empty when it
        is not this seat's turn)."""
        return list(self.legal)

    def describe(self) -> str:
        return self.words

    def is_over(self) -> bool:
        return self.result is not None


class RemoteSeat:
    """A seat played from a program: ``state``, ``my_turn``, ``describe()``, ``play(action)``,
    ``wait(timeout=None)``, ``refresh()`` and ``close()``. The server's refusals come in the
    language the notebook speaks when the seat is taken."""

    def __init__(self, address: str, code: str, name: str, *, timeout: float = 30.0):
        self.address = address.rstrip("/")
        self.timeout = timeout
        self.language = language()
        joined = _post(self.address + "/class/api/join", {"code": code, "name": name}, timeout,
                       self.language)
        self.code, self.number, self.name = joined["code"], joined["number"], joined["name"]
        self.token: str = joined["token"]
        self._changed = threading.Condition()
        self._version = self._seen = 0
        self._state: SeatState | None = None
        self._gone: str | None = None
        self._reply: dict[str, Any] | None = None
        self._socket: WebSocketClientConnection | None = None
        self._closing = False
        self._loop = asyncio.new_event_loop()
        threading.Thread(target=self._loop.run_forever, name="sailing-kit-seat", daemon=True).start()
        asyncio.run_coroutine_threadsafe(self._run(), self._loop)
        if not self._await(lambda: self._state is not None or self._gone is not None, timeout):
            raise TimeoutError(_("the class server at {address} sent no position in {timeout} s",
                                 address=self.address, timeout=timeout))
        self._seen = self._version

    def __repr__(self) -> str:
        return f"<RemoteSeat {self.number} of table {self.code}: {self.name!r}>"

    # ----- what the seat knows ------------------------------------------------------------------
    @property
    def state(self) -> SeatState:
        self._check_gone()
        assert self._state is not None
        return self._state

    @property
    def my_turn(self) -> bool:
        return self.state.current_player == self.number and not self.state.paused

    def describe(self) -> str:
        return self.state.describe()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the table changes (a move, a pause, the end); False if ``timeout``
        seconds passed first."""
        changed = self._await(lambda: self._version != self._seen or self._gone is not None, timeout)
        self._seen = self._version
        return changed

    def refresh(self) -> bool:
        """True if the table changed since the last look (never blocks)."""
        return self.wait(0)

    def play(self, action: Any) -> None:
        """Play ``action`` (as ``state.legal_actions()`` lists it, or any spelling the game
        reads). IllegalAction, NotYourTurn, PositionChanged, TableClosed or TablePaused if
        refused (nothing stored)."""
        self._check_gone()
        with self._changed:
            self._reply = None
        self._send({"t": "play", "action": action})
        if not self._await(lambda: self._reply is not None or self._gone is not None, self.timeout):
            raise TimeoutError(_("the class server did not answer the move"))
        self._check_gone()
        reply: dict[str, Any] = self._reply or {}
        if not reply.get("ok"):
            raise _REFUSALS.get(str(reply.get("kind")), IllegalAction)(str(reply.get("why", "")))
        self._await(lambda: self._state is not None and self._state.moves_played >= reply["move"],
                    self.timeout)
        self._seen = self._version

    def close(self) -> None:
        self._closing = True
        if self._socket is not None:
            self._loop.call_soon_threadsafe(self._socket.close)
        self._loop.call_soon_threadsafe(self._loop.stop)

    # ----- the connection -------------------------------------------------------------------------
    def _check_gone(self) -> None:
        if self._gone is not None:
            raise UnknownSeat(self._gone)

    def _await(self, ready: Any, timeout: float | None) -> bool:
        with self._changed:
            return bool(self._changed.wait_for(ready, timeout))

    def _send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        self._loop.call_soon_threadsafe(
            lambda: self._socket.write_message(text) if self._socket is not None else None)

    async def _run(self) -> None:
        """Keep the WebSocket open (reconnecting after a server restart) and read it."""
        wait = 0.5
        while not self._closing and self._gone is None:
            url = self.address.replace("http", "ws", 1) + f"/class/ws/seat/{self.code}"
            try:
                self._socket = await websocket_connect(HTTPRequest(
                    url, headers={"Authorization": f"Bearer {self.token}",
                                  "Accept-Language": self.language},
                    request_timeout=self.timeout))
            except OSError:
                await asyncio.sleep(wait)
                wait = min(wait * 2, 5.0)
                continue
            self._socket.write_message(json.dumps({"t": "api"}))
            while (text := await self._socket.read_message()) is not None:
                wait = 0.5
                self._heard(json.loads(text))
            self._socket = None

    def _heard(self, message: dict[str, Any]) -> None:
        with self._changed:
            kind = message.get("t")
            if kind == "state":
                self._state = SeatState(
                    message["turn"], message["moves"], message["paused"], message["closed"],
                    message["result"], message["describe"], tuple(message["legal"]))
            elif kind == "played":
                self._reply = message
            elif kind == "moved":
                self.code = message["code"]
            elif kind in ("gone", "refused") and (kind == "gone" or message.get("fatal")):
                self._gone = str(message.get("why"))
            else:
                return
            self._version += 1
            self._changed.notify_all()


def _post(url: str, data: dict[str, Any], timeout: float, said: str) -> dict[str, Any]:
    """POST ``data`` as JSON, its answer asked in language ``said``; JoinRefused in words."""
    request = urllib.request.Request(url, data=json.dumps(data).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Accept-Language": said})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            answer: dict[str, Any] = json.loads(response.read())
            return answer
    except urllib.error.HTTPError as error:
        try:
            why = json.loads(error.read()).get("error", _("refused"))
        except ValueError:
            why = f"HTTP {error.code}"
        raise JoinRefused(str(why)) from None


def connect(address: str, code: str, name: str, *, timeout: float = 30.0) -> RemoteSeat:
    """Take a seat at table ``code`` of the class at ``address`` as ``name`` (a student's bot),
    over the same API as the pages. JoinRefused as the join page would say."""
    return RemoteSeat(address, code, name, timeout=timeout)
