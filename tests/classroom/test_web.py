"""The class server's own endpoints over real HTTP (tornado on a thread), and ``report_to``:
tokens travel in HttpOnly cookies, POSTs must be JSON, the dashboard's data needs the teacher
key, names are escaped wherever they are shown, and a class server that is down never slows an
exercise check."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import tornado.web

from sailing_kit.classroom import Classroom, report_to, web
from sailing_kit.classroom.dashboard import read_options, results_table
from sailing_kit.classroom.pages import seat_names
from sailing_kit.classroom.results import summarize, to_csv
from sailing_kit.core.errors import ConfigError
from sailing_kit.exercises.attempts import Attempt, notify
from tests.browser.servers import free_port


class Server:
    def __init__(self, room: Classroom):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            app = tornado.web.Application(web.handlers(room, "boot-1"))
            self.server = app.listen(self.port, "127.0.0.1")
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        ready.wait(10)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.server.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Classroom]:
    room = Classroom(f"sqlite:///{tmp_path / 'class.db'}")
    yield room
    room.store.close()


@pytest.fixture
def server(room: Classroom) -> Iterator[Server]:
    running = Server(room)
    yield running
    running.stop()


def call(server: Server, path: str, data: object = None, *, cookie: str = "",
         content_type: str = "application/json") -> tuple[int, dict | str, dict[str, str]]:
    body = None if data is None else (json.dumps(data).encode() if content_type.endswith("json")
                                      else str(data).encode())
    request = urllib.request.Request(server.url + path, data=body,
                                     headers={"Content-Type": content_type, "Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, text, headers = response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        status, text, headers = error.code, error.read().decode(), error.headers
    try:
        parsed: dict | str = json.loads(text)
    except ValueError:
        parsed = text
    return status, parsed, {k.lower(): v for k, v in headers.items()}


def test_joining_sets_an_http_only_seat_cookie_and_rejoining_restores_it(
        room: Classroom, server: Server) -> None:
    table = room.open_table("calm", players=2)
    status, seat, headers = call(server, "/class/api/join", {"code": table.code.lower(), "name": "Ana"})
    assert status == 200 and seat["number"] == 0 and seat["code"] == table.code
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"sk_seat_{table.code}={seat['token']}")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    status, again, headers = call(server, "/class/api/rejoin", {"token": seat["token"]})
    assert status == 200 and again["number"] == 0 and "set-cookie" in headers
    assert call(server, "/class/api/rejoin", {"token": "forged"})[0] == 404


def test_only_json_posts_are_taken(room: Classroom, server: Server) -> None:
    """Another site's form cannot post here: a form-encoded POST is refused."""
    table = room.open_table("calm", players=2)
    status, _, _ = call(server, "/class/api/join", f"code={table.code}&name=Eve",
                        content_type="application/x-www-form-urlencoded")
    assert status == 415
    assert room.store.seats(table.id) == []


def test_wrong_codes_are_refused_then_rate_limited(room: Classroom, server: Server) -> None:
    table = room.open_table("calm", players=2)
    for _ in range(room.limiter.failures):
        status, answer, _ = call(server, "/class/api/join", {"code": "NOPE1", "name": "Eve"})
        assert status == 400 and "No table has this code" in answer["error"]
    status, answer, _ = call(server, "/class/api/join", {"code": table.code, "name": "Eve"})
    assert status == 400 and "Too many wrong codes" in answer["error"]


def test_status_tells_the_boot_and_move_count_and_nothing_secret(
        room: Classroom, server: Server) -> None:
    table = room.open_table("yacht", players=1, seed=123456)
    status, answer, _ = call(server, f"/class/api/status?table={table.code}")
    assert status == 200 and answer["boot"] == "boot-1" and answer["moves"] >= 0
    assert "123456" not in json.dumps(answer)


def test_the_teacher_key_guards_the_dashboard_and_the_results(
        room: Classroom, server: Server) -> None:
    assert call(server, "/class/results.csv")[0] == 403
    assert call(server, "/teacher", {"key": "guess"})[0] == 403
    status, _, headers = call(server, "/teacher", {"key": room.teacher_key})
    assert status == 200 and "HttpOnly" in headers["set-cookie"]
    room.record_attempt(room.class_code, {"student": "Ana", "notebook": "03_dice",
                                          "question": "q1", "answer": "=2+3", "ok": False})
    status, csv, headers = call(server, "/class/results.csv",
                                cookie=f"sk_teacher={room.teacher_key}")
    assert status == 200 and headers["content-type"].startswith("text/csv")
    assert "Ana,03_dice,q1,1,False,,0.0,0.0,'=2+3" in csv


def test_pages_are_served(room: Classroom, server: Server) -> None:
    table = room.open_table("calm", players=2)
    assert 'id="code"' in call(server, "/")[1]
    shell = call(server, f"/class/seat/{table.code}")[1]
    assert f"/voila/render/seat.ipynb?table={table.code}" in shell
    assert call(server, "/class/dashboard")[0] in (200, 302)  # redirected to /teacher


def test_report_to_sends_each_checked_try_to_the_class(room: Classroom, server: Server) -> None:
    stop = report_to(server.url, room.class_code, student="Ana")
    try:
        notify(Attempt("someone", "03_dice", "q2", "1/6", True, 1, 1.0, 1.0))
        deadline = time.monotonic() + 10
        while not room.attempts() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop()
    (kept,) = room.attempts()
    assert (kept["student"], kept["question"], kept["ok"]) == ("Ana", "q2", True)


def test_a_class_server_that_is_down_never_slows_a_check() -> None:
    stop = report_to(f"http://127.0.0.1:{free_port()}", "ABCDEF")
    try:
        start = time.perf_counter()
        for number in range(50):
            notify(Attempt("Ana", "03_dice", "q1", "x", False, number + 1))
        assert time.perf_counter() - start < 0.5
    finally:
        stop()


def test_names_are_escaped_wherever_they_are_shown(room: Classroom) -> None:
    table = room.open_table("calm", players=3, bots=1)
    room.join(table.code, "<img src=x onerror=alert(1)>")
    shown = seat_names(table, table.names())
    assert "<img" not in shown and "&lt;img" in shown and "computer" in shown
    room.record_attempt(room.class_code, {"student": "<b>Ben</b>", "notebook": "n",
                                          "question": "<q>", "answer": "a", "ok": True})
    html = results_table(room)
    assert "<b>Ben" not in html and "&lt;b&gt;Ben" in html and "&lt;q&gt;" in html


def test_results_count_tries_until_solved() -> None:
    tries = [{"student": "Ana", "notebook": "n", "question": "q", "answer": a, "ok": ok,
              "try_number": i, "points": p, "max_points": 2.0}
             for i, (a, ok, p) in enumerate([("1", False, 0.0), ("2", True, 2.0), ("3", True, 2.0)], 1)]
    (result,) = summarize(tries)
    assert (result.tries, result.solved, result.solved_on, result.points) == (3, True, 2, 2.0)
    assert to_csv([result]).splitlines()[1] == "Ana,n,q,3,True,2,2.0,2.0,3"


def test_table_options_are_read_from_the_dashboards_box() -> None:
    assert read_options("rocks=manual, monsters=3, open_hands=true") == {
        "rocks": "manual", "monsters": 3, "open_hands": True}
    assert read_options("") == {}
    with pytest.raises(ConfigError, match="name=value"):
        read_options("rocks")
