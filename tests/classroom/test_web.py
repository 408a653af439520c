"""The class server's pages and endpoints over real HTTP, and ``report_to``: tokens travel in
HttpOnly cookies, the browser's id is signed, names are escaped wherever they are shown, the
dashboard shows a bounded per-question summary, and a class server that is down never slows an
exercise check."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sailing_kit.classroom import Classroom, JoinRefused, report_to
from sailing_kit.classroom.dashboard import read_options, results_table
from sailing_kit.classroom.results import question_summary, summarize, to_csv
from sailing_kit.classroom.seatboard import seat_names
from sailing_kit.core.errors import ConfigError
from sailing_kit.exercises.attempts import Attempt, notify
from sailing_kit.widgets.canvas import BoardCanvas
from tests.browser.servers import free_port
from tests.classroom.live import Browser, LiveServer


def test_joining_sets_an_http_only_seat_cookie_and_rejoining_restores_it(
        room: Classroom, server: LiveServer) -> None:
    table = room.open_table("calm", players=2)
    browser = Browser(server)
    device = next(c for c in browser.http.cookies if c.name == "sk_device")
    assert device.has_nonstandard_attr("HttpOnly") and "|" in device.value  # signed
    response = browser.http.post(server.url + "/class/api/join", json={"code": table.code.lower(),
                                                                       "name": "Ana"})
    seat = response.json()
    assert response.status_code == 200 and seat["number"] == 0 and seat["code"] == table.code
    cookie = response.headers["set-cookie"]
    assert f"sk_seat_{table.code}={seat['token']}" in cookie
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    status, again = Browser(server).post("/class/api/rejoin", {"token": seat["token"]})
    assert status == 200 and again["number"] == 0
    assert Browser(server).post("/class/api/rejoin", {"token": "forged"})[0] == 404


def test_a_second_join_from_one_browser_returns_its_seat(room: Classroom, server: LiveServer) -> None:
    table = room.open_table("calm", players=2)
    browser = Browser(server)
    first, second = browser.join(table.code, "Ana"), browser.join(table.code, "Ana")
    assert first["number"] == second["number"] == 0
    assert Browser(server).join(table.code, "Ben")["number"] == 1


def test_the_pages_are_served_with_a_strict_content_policy(room: Classroom,
                                                          server: LiveServer) -> None:
    table = room.open_table("calm", players=2)
    browser = Browser(server)
    join = browser.http.get(server.url + "/?code=" + table.code)
    assert 'id="code"' in join.text and "script-src 'self'" in join.headers["Content-Security-Policy"]
    for path in (f"/class/seat/{table.code}", "/class/seat/ZZZZZ", f"/class/watch/{table.code}"):
        page = browser.http.get(server.url + path)
        assert page.status_code == 200 and 'data-role="' in page.text  # the same for any code
    for path in ("/class/static/kit/canvas.js", "/class/static/kit/log.js",
                 "/class/static/mirror.js", "/class/static/seat.js", "/class/static/class.css"):
        assert browser.http.get(server.url + path).status_code == 200, path
    canvas = browser.http.get(server.url + "/class/static/kit/canvas.js")
    assert canvas.content.decode() == BoardCanvas._esm  # the notebook boards' very painter
    assert canvas.headers["Content-Type"].endswith("charset=utf-8")
    assert browser.http.get(server.url + "/class/static/../room.py").status_code == 404
    dashboard = browser.http.get(server.url + "/class/dashboard", allow_redirects=False)
    assert dashboard.status_code == 302 and dashboard.headers["Location"] == "/teacher"


def test_report_to_registers_once_and_sends_each_checked_try(room: Classroom, server: LiveServer,
                                                             tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sailing_kit.classroom.report.TOKENS", tmp_path / "tokens.json")
    stop = report_to(server.url, room.class_code, "Ana")
    try:
        notify(Attempt("Mallory", "03_dice", "q2", "1/6", True, 1, 1.0, 1.0))
        deadline = time.monotonic() + 10
        while not room.attempts() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop()
    (kept,) = room.attempts()
    assert (kept["student"], kept["question"], kept["ok"]) == ("Ana", "q2", True)
    report_to(server.url, room.class_code, "Ana")()  # a restarted notebook: the same token
    with pytest.raises(JoinRefused, match="already registered"):
        report_to(server.url, room.class_code, "ANA", )  # another computer, the same name
    with pytest.raises(JoinRefused, match="not this class's code"):
        report_to(server.url, "WRONG1", "Ben")


def test_a_class_server_that_is_down_never_slows_a_check(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sailing_kit.classroom.report.TOKENS", tmp_path / "tokens.json")
    stop = report_to(f"http://127.0.0.1:{free_port()}", "ABCDEF", "Ana")
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
    token = room.register_student(room.class_code, "Ben")
    room.record_attempt(token, {"notebook": "n", "question": "<q>", "answer": "<b>a</b>",
                                "feedback": "<i>no</i>", "ok": False})
    html = results_table(room.store)
    assert "<b>a" not in html and "&lt;b&gt;a" in html and "&lt;q&gt;" in html
    assert "&lt;i&gt;no" in html


def test_the_summary_counts_students_per_question_and_the_most_common_wrong_answer(
        room: Classroom) -> None:
    tokens = [room.register_student(room.class_code, name) for name in ("Ana", "Ben", "Cleo")]
    tries = [(0, "q1", "1/3", False, "count the sixes"), (0, "q1", "1/6", True, ""),
             (1, "q1", "1/3", False, "count the sixes"), (2, "q1", "1/2", False, "no"),
             (2, "q2", "7", True, "")]
    for student, question, answer, ok, feedback in tries:
        room.record_attempt(tokens[student], {"notebook": "03_dice", "question": question,
                                              "answer": answer, "ok": ok, "feedback": feedback})
    q2, q1 = question_summary(room.store)
    assert (q1.question, q1.tried, q1.right, q1.common_wrong, q1.common_feedback, q1.wrong_times) \
        == ("q1", 3, 1, "1/3", "count the sixes", 2)
    assert (q2.tried, q2.right, q2.common_wrong) == (1, 1, None)
    assert len(question_summary(room.store, most=1)) == 1  # bounded, newest first


def test_results_count_tries_until_solved_in_the_csv() -> None:
    tries = [{"student": "Ana", "notebook": "n", "question": "q", "answer": a, "ok": ok,
              "try_number": i, "points": p, "max_points": 2.0}
             for i, (a, ok, p) in enumerate([("1", False, 0.0), ("2", True, 2.0), ("=3", True, 2.0)], 1)]
    (result,) = summarize(tries)
    assert (result.tries, result.solved, result.solved_on, result.points) == (3, True, 2, 2.0)
    assert to_csv([result]).splitlines()[1] == "Ana,n,q,3,True,2,2.0,2.0,'=3"


def test_table_options_are_read_from_the_dashboards_box() -> None:
    assert read_options("rocks=manual, monsters=3, open_hands=true") == {
        "rocks": "manual", "monsters": 3, "open_hands": True}
    assert read_options("") == {}
    with pytest.raises(ConfigError, match="name=value"):
        read_options("rocks")


def test_a_hub_service_serves_the_class_under_its_prefix(room: Classroom) -> None:
    """As a JupyterHub service: every page, endpoint, cookie and WebSocket under the prefix."""
    server = LiveServer(room, base="/services/class/",
                        public_url="https://hub.example/services/class")
    try:
        table = room.open_table("calm", players=2)
        browser = Browser(server, visit=False)
        join = browser.http.get(server.url + "/services/class/?code=" + table.code)
        assert join.status_code == 200 and 'data-base="/services/class/"' in join.text
        assert browser.http.get(server.url + "/").status_code == 404
        status, seat = browser.post("/services/class/class/api/join",
                                    {"code": table.code, "name": "Ana"})
        assert status == 200
        assert all(c.path == "/services/class/" for c in browser.http.cookies)
        page = browser.page(f"/services/class/class/ws/seat/{table.code}")
        assert page.kind("hello")["seat"] == seat["number"] == 0
        assert server.app.address == "https://hub.example/services/class"
        assert browser.http.get(server.url + "/services/class/class/static/kit/canvas.js").ok
    finally:
        server.stop()
