"""A class of thirty under load: the class server (``python -m sailing_kit.classroom serve``, one
process) with 30 seats at 15 two-seat tables (Calm, dice, the race) and the teacher's dashboard,
every seat a real client of the pages' protocol (HTTP join with the browser's cookies, one
WebSocket, the seat's board pushed to it), moving after a short think. Reported: the memory of
the server and all its children; the time from a seat's move to the other seat of its table
receiving it (p50, p95, max); then 300 reloads and 100 abandoned connections, and the memory
growth after them; and that no process is left over. Every table's log replays through the
engine and holds every move a seat was told had landed. Loopback only; about two minutes.

``python -m benchmarks classroom`` (SQLite; then two class servers on one PostgreSQL started for
the run, where Debian's server can be); ``python -m benchmarks.classroom --seconds 30 --store
sqlite:///x.db --servers 1`` for one store. :func:`run_load` takes a ``fault`` halfway (the fault
test in ``tests/classroom/test_faults.py`` kills the server with it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import psutil
from sqlalchemy.exc import DBAPIError
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from sailing_kit.classroom import Classroom
from sailing_kit.classroom.table import Table

GAMES = (("calm", {"players": 2}), ("yacht", {"players": 2}), ("race", {"boats": 2, "course": "short"}))
THINK = (0.5, 2.0)
"""A seat's thinking time before each move, in seconds: a class far busier than a real one,
whose students think for several seconds (15 tables then make about 12 moves a second, and
chance as many again in the dice and the race)."""
TASKS: set[asyncio.Future[Any]] = set()
"""The clients' running tasks (kept, so none is collected while it runs)."""
TARGETS = {"memory_mb": 600, "p95_ms": 150, "max_ms": 1000, "growth_mb": 50}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """One class server, as the teacher starts it, on a free port."""

    def __init__(self, store: str, key_file: Path, log: Path):
        self.store, self.key_file, self.log = store, key_file, log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable,  # SK_PROFILE="-m cProfile -o FILE{port}" profiles the server
                 *os.environ.get("SK_PROFILE", "").replace("{port}", str(self.port)).split(),
                 "-m", "sailing_kit.classroom", "serve", "--store", self.store, "--port",
                 str(self.port), "--ip", "127.0.0.1", "--teacher-key-file", str(self.key_file)],
                stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the class server died: {self.log.read_text()[-2000:]}") from None
                time.sleep(0.1)
        raise TimeoutError("the class server did not listen within 60 s")

    def memory_mb(self) -> float:
        """The resident memory of the server and all its children, in MB."""
        assert self.process is not None
        main = psutil.Process(self.process.pid)
        return sum(p.memory_info().rss for p in [main, *main.children(recursive=True)]) / 2**20

    def cpu_seconds(self) -> float:
        """The CPU time the server has used so far (user and system)."""
        assert self.process is not None
        times = psutil.Process(self.process.pid).cpu_times()
        return float(times.user + times.system)

    def children(self) -> int:
        assert self.process is not None
        return len(psutil.Process(self.process.pid).children(recursive=True))

    def kill(self) -> None:
        """The fault of a crashed machine: SIGKILL, nothing shut down cleanly."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> bool:
        """Stop it as Ctrl-C does; True if it and every child are gone."""
        if self.process is None:
            return True
        pids = [self.process.pid] + [c.pid for c in psutil.Process(self.process.pid).children(recursive=True)]
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return False
        return not any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
                       for pid in pids)


@dataclass
class LoadReport:
    seats: int
    tables: int
    seconds: float
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    memory_mb: float = 0.0
    growth_mb: float = 0.0
    reloads: int = 0
    abandoned: int = 0
    confirmed: int = 0
    after_fault: int = 0
    cpu_ms: float = 0.0
    """The servers' CPU time per stored move during the play (a figure other work on the
    machine barely changes)."""
    left_over: bool = False
    problems: list[str] = field(default_factory=list)
    load: float = 0.0
    """The machine's load average at the end of the play (this run's processes included)."""

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


class Bench:
    """The shared bookkeeping of one run: moves sent and seen, confirmations, tables to renew."""

    def __init__(self, room: Classroom, report: LoadReport):
        self.room, self.report = room, report
        self.sent: dict[tuple[str, int], float] = {}
        self.seen: set[tuple[str, int, int]] = set()
        self.confirmed: list[tuple[str, int, int, float]] = []
        self.renewing: set[str] = set()
        self.measuring = True

    def moved(self, code: str, number: int) -> None:
        self.sent.setdefault((code, number), time.monotonic())

    def heard(self, code: str, moves: int, seat: int) -> None:
        for number in range(moves, 0, -1):
            key = (code, number, seat)
            if key in self.seen:
                break
            self.seen.add(key)
            sent = self.sent.get((code, number))
            if sent is not None and self.measuring:
                self.report.latencies.append(time.monotonic() - sent)

    def over(self, code: str) -> None:
        """A finished game: the teacher starts a rematch (its seats follow by themselves)."""
        if code not in self.renewing:
            self.renewing.add(code)
            asyncio.get_running_loop().run_in_executor(None, self.room.rematch, code)


class Device:
    """A browser's cookie jar (its signed id, its seats' tokens) and its HTTP requests."""

    def __init__(self, url: str):
        self.url = url
        self.cookies: dict[str, str] = {}

    @property
    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    async def request(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        headers = {"Cookie": self.cookie}
        if body is not None:
            headers["Content-Type"] = "application/json"
        response = await AsyncHTTPClient().fetch(HTTPRequest(
            self.url + path, method="POST" if body is not None else "GET", headers=headers,
            body=json.dumps(body) if body is not None else None, request_timeout=30))
        for header in response.headers.get_list("Set-Cookie"):
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return json.loads(response.body) if body is not None else {}

    async def open_socket(self, path: str) -> WebSocketClientConnection:
        return await websocket_connect(HTTPRequest(
            self.url.replace("http", "ws", 1) + path, headers={"Cookie": self.cookie},
            request_timeout=30))


class SeatClient(Device):
    """One student's device: the join, one WebSocket, a move after each think."""

    def __init__(self, bench: Bench, url: str, code: str, name: str, seed: int,
                 think: tuple[float, float] = THINK):
        super().__init__(url)
        self.bench, self.code, self.name, self.think = bench, code, name, think
        self.random = random.Random(seed)
        self.socket: WebSocketClientConnection | None = None
        self.number = -1
        self.moving = False
        self.stopped = False

    async def join(self) -> None:
        await self.request("/")
        seat = await self.request("/class/api/join", {"code": self.code, "name": self.name})
        self.number = seat["number"]

    async def connect(self) -> None:
        while not self.stopped:
            try:
                self.socket = await self.open_socket(f"/class/ws/seat/{self.code}")
                break
            except (OSError, HTTPClientError):
                await asyncio.sleep(0.5)  # the server is restarting
        if self.socket is not None:
            self.socket.write_message(json.dumps({"t": "api"}))
            TASKS.add(asyncio.ensure_future(self.read(self.socket)))

    async def read(self, connection: WebSocketClientConnection) -> None:
        while (text := await connection.read_message()) is not None:
            if text.startswith('{"t":"ui"'):
                continue  # the board's widgets: a browser draws them, the bot needs "state"
            message = json.loads(text)
            kind = message.get("t")
            if kind == "state":
                self.bench.heard(self.code, message["moves"], self.number)
                if message["over"]:
                    self.bench.over(self.code)
                elif message["my_turn"] and not self.moving:
                    self.moving = True
                    TASKS.add(asyncio.ensure_future(self.move(message)))
            elif kind == "played":
                self.moving = False
                if message["ok"]:
                    self.bench.confirmed.append((self.code, message["move"], self.number, time.time()))
                else:  # refused (the position changed, the store was away): look again
                    asyncio.get_running_loop().call_later(0.5, self.look_again)
            elif kind == "moved":
                self.code = message["code"]
        if connection is self.socket and not self.stopped:  # closed by the server: come back
            self.moving = False
            await self.connect()

    def look_again(self) -> None:
        """Ask for the seat's state again (after a refused move)."""
        if self.socket is not None and not self.stopped:
            with contextlib.suppress(WebSocketClosedError):  # reconnecting: it asks when back
                self.socket.write_message(json.dumps({"t": "api"}))

    async def move(self, state: dict[str, Any]) -> None:
        await asyncio.sleep(self.random.uniform(*self.think))
        if self.socket is None or self.stopped or not state["legal"]:
            self.moving = False
            return
        self.bench.moved(self.code, state["moves"] + 1)
        try:
            self.socket.write_message(json.dumps({"t": "play",
                                                  "action": self.random.choice(state["legal"])}))
        except WebSocketClosedError:  # the page is reloading: it looks again when back
            self.moving = False

    async def reload(self) -> None:
        """The browser reloads the page: the socket goes, the page and a new socket come."""
        old, self.socket = self.socket, None
        if old is not None:
            old.close()
        await self.request(f"/class/seat/{self.code}")
        self.moving = False
        await self.connect()

    def stop(self) -> None:
        self.stopped = True
        if self.socket is not None:
            self.socket.close()


async def dashboard(url: str, key: str) -> Callable[[], None]:
    """The teacher's dashboard, open for the whole run."""
    teacher = Device(url)
    await teacher.request("/")
    await teacher.request("/teacher", {"key": key})
    connection = await teacher.open_socket("/class/ws/teacher")

    async def drain() -> None:
        while await connection.read_message() is not None:
            pass

    TASKS.add(asyncio.ensure_future(drain()))
    return connection.close


async def abandon(url: str, code: str, count: int) -> list[socket.socket]:
    """Open ``count`` spectator WebSockets and abandon them: half vanish (the connection is cut,
    no goodbye), half stay open and silent (the server's pings find them dead)."""
    host, port = url.split("//")[1].split(":")
    silent = []
    for number in range(count):
        raw = socket.create_connection((host, int(port)))
        raw.sendall((f"GET /class/ws/watch/{code} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                     "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
        await asyncio.get_running_loop().run_in_executor(None, raw.recv, 4096)
        if number % 2:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            raw.close()
        else:
            silent.append(raw)
    return silent


def _patiently(read: Callable[[], Any]) -> Any:
    """``read()`` from the store, again if a connection of the pool died with the database."""
    for attempt in range(3):
        try:
            return read()
        except DBAPIError:
            if attempt == 2:
                raise
    return None


def _stored(room: Classroom) -> int:
    return int(_patiently(lambda: sum(room.store.move_count(row.id) for row in room.store.tables())))


async def _load(room: Classroom, servers: list[ServerProcess], key: str, report: LoadReport, *,
                reloads: int, abandoned: int, settle: float, think: tuple[float, float],
                fault: Callable[[list[ServerProcess]], Awaitable[None]] | None) -> None:
    bench = Bench(room, report)
    tables = [room.open_table(GAMES[n % len(GAMES)][0], seed=100 + n, **GAMES[n % len(GAMES)][1])
              for n in range(report.tables)]
    clients = [SeatClient(bench, servers[(seat % 2) % len(servers)].url, table.code,
                          f"Student {n}.{seat}", 10 * n + seat, think)
               for n, table in enumerate(tables) for seat in range(2)]
    for client in clients:
        await client.join()
    close_dashboard = await dashboard(servers[0].url, key)
    for client in clients:  # the students open their pages one after the other
        await client.connect()
    started, cpu = time.monotonic(), sum(server.cpu_seconds() for server in servers)
    moves = _stored(room)
    if fault is not None:
        await asyncio.sleep(report.seconds / 2)
        await fault(servers)
        fault_over = time.time()
        await asyncio.sleep(report.seconds / 2)
        for _ in range(60):  # a loaded machine reconnects slowly: play on until a move is seen
            report.after_fault = sum(1 for *_, at in bench.confirmed if at > fault_over)
            if report.after_fault:
                break
            await asyncio.sleep(0.5)
    else:
        await asyncio.sleep(report.seconds)
    report.memory_mb = max(server.memory_mb() for server in servers)
    report.load = os.getloadavg()[0]  # over the last minute of play, this run's own included
    played = _stored(room) - moves
    report.cpu_ms = (float("nan") if fault is not None  # a killed server's time is gone
                     else (sum(s.cpu_seconds() for s in servers) - cpu) * 1000 / max(1, played))
    before = sum(server.memory_mb() for server in servers)
    bench.measuring = False
    picker = random.Random(7)
    for _ in range(reloads):
        await picker.choice(clients).reload()
        report.reloads += 1
    silent = await abandon(servers[0].url, tables[0].code, abandoned) if abandoned else []
    report.abandoned = abandoned
    await asyncio.sleep(settle)  # the server's pings find the silent ones dead
    report.growth_mb = sum(server.memory_mb() for server in servers) - before
    report.left_over = any(server.children() for server in servers)
    for raw in silent:
        raw.close()
    for client in clients:
        client.stop()
    close_dashboard()
    report.seconds = time.monotonic() - started
    report.confirmed = len(bench.confirmed)
    report.problems += _patiently(lambda: _check(room, bench.confirmed))
    report.moves = _stored(room)


def _check(room: Classroom, confirmed: list[tuple[str, int, int, float]]) -> list[str]:
    """Every table replays through the engine; every confirmed move is stored, from its seat."""
    problems = []
    stored = {}
    for row in room.store.tables():
        try:
            Table(room, row)
        except ValueError as error:
            problems.append(f"table {row.code} does not replay: {error}")
        stored.update({(row.code, move.number): move.seat for move in room.store.moves(row.id)})
    for code, number, seat, _at in confirmed:
        if stored.get((code, number), "missing") != seat:
            problems.append(f"table {code} move {number}: confirmed to seat {seat}, stored as "
                            f"{stored.get((code, number), 'missing')}")
    return problems


def run_load(store: str, seconds: float = 30.0, *, servers: int = 1, tables: int = 15,
             reloads: int = 300, abandoned: int = 100, settle: float = 25.0,
             think: tuple[float, float] = THINK,
             fault: Callable[[list[ServerProcess]], Awaitable[None]] | None = None) -> LoadReport:
    """Start ``servers`` class servers on ``store``, load them as described above, stop them."""
    report = LoadReport(2 * tables, tables, seconds)
    with tempfile.TemporaryDirectory() as folder:
        key_file = Path(folder) / "key"
        processes = [ServerProcess(store, key_file, Path(folder) / f"server{n}.log")
                     for n in range(servers)]
        for process in processes:
            process.start()
        room = Classroom(store, teacher_key_file=key_file)
        try:
            asyncio.run(_load(room, processes, key_file.read_text().strip(), report,
                              reloads=reloads, abandoned=abandoned, settle=settle, think=think,
                              fault=fault))
        finally:
            stopped = [process.stop() for process in processes]  # every one, then look
            report.left_over |= not all(stopped)
            room.store.close()
    return report


async def kill_and_restart(servers: list[ServerProcess]) -> None:
    """The fault of a crashed server: SIGKILL, then the same command again (the seats come back
    by themselves)."""
    for server in servers:
        server.kill()
        server.start()


def _figures(label: str, report: LoadReport) -> list[tuple[str, str]]:
    verdict = "none lost" if not report.problems else "; ".join(report.problems[:3])
    where = f"{report.seats} seats at {report.tables} tables + dashboard, {label}"
    return [
        (f"class, {where}: memory of the server(s) and children (target ≤ "
         f"{TARGETS['memory_mb']} MB)",
         f"{report.memory_mb:.0f} MB ({report.moves} moves stored in {report.seconds:.0f} s; "
         f"{verdict}; load average {report.load:.1f} on {os.cpu_count()} CPUs)"),
        (f"class, {where}: the servers' CPU time per move (board, mirror, store, pushes)",
         f"{report.cpu_ms:.1f} ms"),
        (f"class, {where}: move seen by the other seat, p50 / p95 / max (target p95 ≤ "
         f"{TARGETS['p95_ms']} ms, max ≤ {TARGETS['max_ms']} ms)",
         f"{report.percentile(50) * 1000:.0f} / {report.percentile(95) * 1000:.0f} / "
         f"{max(report.latencies, default=float('nan')) * 1000:.0f} ms "
         f"({len(report.latencies)} moves)"),
        (f"class, {label}: memory growth after {report.reloads} reloads and {report.abandoned} "
         f"abandoned connections (target ≤ {TARGETS['growth_mb']} MB); processes left over",
         f"{report.growth_mb:+.0f} MB; {'some' if report.left_over else 'none'}"),
    ]


def run(seconds: float = 30.0, store: str | None = None, servers: int = 1) -> list[tuple[str, str]]:
    """The figures for ``python -m benchmarks``: SQLite, then two servers on PostgreSQL."""
    if store is not None:
        return _figures(f"{servers} server(s), {store.split(':')[0]}",
                        run_load(store, seconds, servers=servers))
    with tempfile.TemporaryDirectory() as folder:
        rows = _figures("one server, SQLite", run_load(f"sqlite:///{folder}/class.db", seconds))
    try:
        from tests.classroom.pgserver import PostgresServer, unavailable
    except ImportError:
        return rows
    if unavailable():
        return rows + [("class, PostgreSQL", f"not measured: {unavailable()}")]
    database = PostgresServer().start()
    try:
        rows += _figures("two servers, one PostgreSQL", run_load(database.url, seconds, servers=2))
    finally:
        database.remove()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--store", help="one store only (sqlite:///FILE or postgresql://...)")
    parser.add_argument("--servers", type=int, default=1)
    arguments = parser.parse_args()
    for name, figure in run(arguments.seconds, arguments.store, arguments.servers):
        print(f"{name}: {figure}")


if __name__ == "__main__":
    main()
