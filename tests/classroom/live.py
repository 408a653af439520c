"""A class server on a thread of the test (the real tornado application on 127.0.0.1), browsers
with their own cookie jars, and pages: WebSocket clients that keep every message they receive.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import requests
import sqlalchemy as sa
import websocket

from sailing_kit.classroom import Classroom
from sailing_kit.classroom.server import listen, make_application
from tests.browser.servers import free_port


class LiveServer:
    """``python -m sailing_kit.classroom serve`` as the tests run it: ``url``, ``room``, ``app``."""

    def __init__(self, room: Classroom, **options: Any):
        self.room = room
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            application, self.app = make_application(room, ip="127.0.0.1", port=self.port,
                                                     **options)
            self.server = listen(application, self.port, "127.0.0.1")
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(20), "the class server did not start"

    def call(self, function: Callable[[], Any]) -> Any:
        """Run ``function`` on the server's loop and return its result."""
        future: asyncio.Future[Any] = asyncio.run_coroutine_threadsafe(_call(function), self.loop)
        return future.result(20)

    def stop(self) -> None:
        def shut() -> None:
            self.server.stop()
            self.app.hub.stop()

        self.loop.call_soon_threadsafe(shut)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def _call(function: Callable[[], Any]) -> Any:
    return function()


class Browser:
    """One browser: a cookie jar (its signed id, its seats' cookies), HTTP and WebSockets."""

    def __init__(self, server: LiveServer, visit: bool = True):
        self.server = server
        self.http = requests.Session()
        if visit:
            self.http.get(server.url + "/", timeout=10)  # the join page gives the browser its id

    def post(self, path: str, data: Any = None, *, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
        raw = json.dumps(data).encode() if body is None else body
        response = self.http.post(self.server.url + path, data=raw, timeout=30,
                                  headers={"Content-Type": "application/json", **(headers or {})})
        try:
            return response.status_code, response.json()
        except ValueError:
            return response.status_code, {"text": response.text}

    def get(self, path: str, **headers: str) -> tuple[int, dict[str, Any]]:
        response = self.http.get(self.server.url + path, timeout=30, headers=headers)
        try:
            return response.status_code, response.json()
        except ValueError:
            return response.status_code, {"text": response.text}

    def join(self, code: str, name: str) -> dict[str, Any]:
        status, answer = self.post("/class/api/join", {"code": code, "name": name})
        assert status == 200, answer
        return answer

    def login(self, key: str) -> None:
        status, answer = self.post("/teacher", {"key": key})
        assert status == 200, answer

    def page(self, path: str, **headers: str) -> Page:
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.http.cookies)
        return Page(self.server.url.replace("http", "ws") + path, cookies, headers)


class Page:
    """A page's WebSocket; ``messages`` holds every message received, parsed."""

    def __init__(self, url: str, cookies: str, headers: dict[str, str]):
        self.socket = websocket.create_connection(
            url, cookie=cookies or None, header=[f"{k}: {v}" for k, v in headers.items()],
            timeout=10)
        self.raw: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.closed = False

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def _read(self, timeout: float) -> bool:
        self.socket.settimeout(timeout)
        try:
            text = self.socket.recv()
        except websocket.WebSocketTimeoutException:
            return False
        except (websocket.WebSocketConnectionClosedException, ConnectionError, OSError):
            self.closed = True
            return False
        if not text:
            self.closed = True
            return False
        self.raw.append(text)
        self.messages.append(json.loads(text))
        return True

    def until(self, test: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        """The first message (received from now on) that passes ``test``."""
        deadline = time.monotonic() + timeout
        start = len(self.messages)
        while True:
            for message in self.messages[start:]:
                if test(message):
                    return message
            start = len(self.messages)
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                raise AssertionError(f"no such message within {timeout} s (got "
                                     f"{[m.get('t') for m in self.messages[-8:]]})")
            self._read(min(left, 0.5))

    def kind(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        return self.until(lambda m: m.get("t") == kind, timeout)

    def drain(self, seconds: float = 0.2) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.closed:
            self._read(max(0.01, deadline - time.monotonic()))

    def nodes(self) -> dict[str, dict[str, Any]]:
        """The page's widget nodes now (every ``ui`` message applied in order)."""
        nodes: dict[str, dict[str, Any]] = {}
        for message in self.messages:
            if message.get("t") == "hello":
                nodes = {}
            if message.get("t") == "ui":
                nodes.update(message["nodes"])
                for gone in message["gone"]:
                    nodes.pop(gone, None)
        return nodes

    def find(self, kind: str, label: str | None = None) -> tuple[str, dict[str, Any]]:
        """The id and node of the shown widget of ``kind`` (with ``label``)."""
        for key, node in self.nodes().items():
            if node["k"] == kind and (label is None or node.get("label") == label):
                return key, node
        raise AssertionError(f"no {kind} {label!r} on the page")

    def text(self) -> str:
        """Everything received, as text (to look for what must never arrive)."""
        return "\n".join(self.raw)

    def close(self) -> None:
        self.socket.close()


def store_dump(room: Classroom, skip: Iterable[str] = ("seen_at", "live", "at")) -> dict[str, list]:
    """Every row of the store (without presence and times), to prove a refusal changed nothing."""
    from sailing_kit.classroom.schema import metadata

    dump = {}
    with room.store.engine.begin() as db:
        for name, table in metadata.tables.items():
            columns = [c for c in table.columns if c.name not in skip]
            dump[name] = [tuple(row) for row in db.execute(sa.select(*columns).order_by(*table.primary_key))]
    return dump
