"""Bad input gets a clear refusal, and nothing else happens (#21): every refusal below is checked
against a dump of the whole store (every table of the class, every seat, move, student and
result), taken before and after."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest
import requests
import sqlalchemy as sa

from sailing_kit.classroom import Classroom
from sailing_kit.classroom.guard import BadInput, client_address, read_json
from sailing_kit.classroom.server import announcement, make_application
from sailing_kit.core.errors import ConfigError
from tests.classroom.live import Browser, LiveServer, store_dump


@pytest.fixture
def tables(room: Classroom) -> list[str]:
    """Two tables with a student each and a move: what a refusal must leave alone."""
    codes = []
    for seed in (1, 2):
        table = room.open_table("calm", players=2, seed=seed)
        seat = room.join(table.code, f"Student {seed}")
        seat.play(seat.state.legal_actions()[0])
        codes.append(table.code)
    return codes


def unchanged(room: Classroom, before: dict) -> None:
    assert store_dump(room) == before, "a refusal changed the store"


@pytest.mark.parametrize("name, words", [
    ("x" * 31, "at most 30"),
    ("x" * 5000, "at most 30"),
    ("\u0301" * 30, "needs a letter or a digit"),
    ("\u3164", "needs a letter or a digit"),
    ("\u2800", "needs a letter or a digit"),
    ("   ", "needs a letter or a digit"),
    ("Ana\u202e", "letters, digits and spaces"),
    (["Ana"], "Type your name"),
])
def test_unusable_names_are_refused_in_words(room: Classroom, server: LiveServer,
                                             tables: list[str], name: object, words: str) -> None:
    before = store_dump(room)
    status, answer = Browser(server).post("/class/api/join", {"code": tables[0], "name": name})
    assert status == 400 and words in answer["error"]
    unchanged(room, before)


def test_a_huge_body_is_refused_before_it_is_read_and_the_class_goes_on(
        room: Classroom, server: LiveServer, tables: list[str]) -> None:
    before = store_dump(room)
    browser = Browser(server)
    started = time.monotonic()
    try:  # tornado refuses it on its Content-Length, and closes the connection
        status, _ = browser.post("/class/api/join", body=b'{"name": "' + b"x" * 20_000_000 + b'"}')
        assert status == 400
    except requests.ConnectionError:
        pass  # closed while the body was still being sent
    status, answer = browser.post("/class/api/join", body=b'{"code":"' + b"x" * 70_000 + b'"}')
    assert status == 413 and "larger than 64 KB" in answer["error"]
    assert time.monotonic() - started < 10
    assert Browser(server).post("/class/api/join", {"code": tables[1], "name": "Ana"})[0] == 200
    before["seats"] = store_dump(room)["seats"]  # (the join just above)
    before["news"] = store_dump(room)["news"]
    unchanged(room, before)


@pytest.mark.parametrize("body, words", [
    (b"[" * 20_000 + b"]" * 20_000, "nested too deep"),
    (b'{"a":' * 9 + b"1" + b"}" * 9, "nested more than 6"),
    (b'{"code": "AB", "name": "\\ud800"}', "'name' holds a lone surrogate"),
    (b'{"code": "AB", "name": {"x": "\\udfff"}}', "'name.x' holds a lone surrogate"),
    (b"\xff\xfe not utf-8", "not UTF-8"),
    (b"[1, 2]", "expected a JSON object"),
    (b"{oops", "not JSON"),
])
def test_malformed_json_is_a_400_that_says_why(room: Classroom, server: LiveServer,
                                               tables: list[str], body: bytes, words: str) -> None:
    before = store_dump(room)
    status, answer = Browser(server).post("/class/api/join", body=body)
    assert status == 400 and words in answer["error"] and "Traceback" not in json.dumps(answer)
    unchanged(room, before)


def test_a_post_must_be_json(room: Classroom, server: LiveServer, tables: list[str]) -> None:
    before = store_dump(room)
    status, _ = Browser(server).post("/class/api/join", {"code": tables[0], "name": "Eve"},
                                     headers={"Content-Type": "text/plain"})
    assert status == 415
    unchanged(room, before)


def test_unknown_and_real_codes_get_the_same_shape_and_limit_per_browser(
        room: Classroom, server: LiveServer, tables: list[str]) -> None:
    """Ten wrong codes lock one browser out (of real codes too, at every endpoint that takes a
    code), never another browser on the same address, and never the teacher."""
    before = store_dump(room)
    eve = Browser(server)
    for attempt in range(10):
        endpoint = ("/class/api/join", f"/class/api/replay/ZZZZ{attempt}")[attempt % 2]
        status, answer = (eve.post(endpoint, {"code": f"ZZZZ{attempt}", "name": "Eve"})
                          if attempt % 2 == 0 else eve.get(endpoint))
        assert status == 404 and set(answer) == {"error"} and "No table has this code" in answer["error"]
    status, answer = eve.post("/class/api/join", {"code": tables[0], "name": "Eve"})
    assert status == 429 and "wait" in answer["error"]
    assert eve.get(f"/class/api/replay/{tables[0]}")[0] == 429
    page = eve.page(f"/class/ws/watch/{tables[0]}")
    assert "Too many" in page.kind("refused")["why"]
    unchanged(room, before)
    assert Browser(server).post("/class/api/join", {"code": tables[1], "name": "Ana"})[0] == 200
    teacher = Browser(server)
    assert teacher.post("/teacher", {"key": "guess"})[0] == 403
    assert Browser(server).get("/class/api/status?table=ZZZZZ")[0] == 404  # no oracle any more


def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy() -> None:
    trusted = frozenset({"10.0.0.1"})
    assert client_address("10.0.0.1", "203.0.113.9, 192.168.3.4", trusted) == "192.168.3.4"
    assert client_address("10.0.0.2", "192.168.3.4", trusted) == "10.0.0.2"
    assert client_address("10.0.0.1", "not an address", trusted) == "10.0.0.1"
    assert client_address("10.0.0.1", None, trusted) == "10.0.0.1"


def test_behind_a_trusted_proxy_browsers_without_cookies_are_told_apart_by_address(
        room: Classroom, tables: list[str]) -> None:
    server = LiveServer(room, trusted=["127.0.0.1"])
    try:
        for _ in range(10):
            Browser(server, visit=False).post(
                "/class/api/join", {"code": "ZZZZZ", "name": "Eve"},
                headers={"X-Forwarded-For": "192.168.1.66"})
        locked = Browser(server, visit=False).post(
            "/class/api/join", {"code": tables[0], "name": "Eve"},
            headers={"X-Forwarded-For": "192.168.1.66"})
        assert locked[0] == 429
        other = Browser(server, visit=False).post(
            "/class/api/join", {"code": tables[0], "name": "Ana"},
            headers={"X-Forwarded-For": "192.168.1.67"})
        assert other[0] == 200
    finally:
        server.stop()


def test_exercise_results_need_a_token_honest_points_and_a_slow_pace(
        room: Classroom, server: LiveServer, tables: list[str]) -> None:
    notebook = Browser(server)
    status, answer = notebook.post("/class/api/register", {"class_code": "WRONG", "name": "Ana"})
    assert status == 400 and "not this class's code" in answer["error"]
    status, answer = notebook.post("/class/api/register",
                                   {"class_code": room.class_code, "name": "Ana"})
    assert status == 200
    token = answer["token"]
    attempt = {"student": "Mallory", "notebook": "03_dice", "question": "q1", "answer": "1/6",
               "ok": True, "try_number": 1, "points": 1, "max_points": 2}
    before = store_dump(room)
    for bad, code in (({"attempt": attempt}, 403), ({"token": "forged", "attempt": attempt}, 403),
                      ({"token": token, "attempt": {**attempt, "points": 1e308}}, 400),
                      ({"token": token, "attempt": {**attempt, "points": 3}}, 400),
                      ({"token": token, "attempt": "1"}, 400)):
        assert notebook.post("/class/api/attempts", bad)[0] == code
    unchanged(room, before)
    accepted = sum(notebook.post("/class/api/attempts", {"token": token, "attempt": attempt})[0] == 200
                   for _ in range(40))
    assert accepted == 27  # 30 a minute per student, 3 spent on their refused results above
    (kept,) = {(a["student"], a["question"]) for a in room.attempts()}
    assert kept == ("Ana", "q1")


def test_websocket_refusals_leave_the_table_as_it_was(room: Classroom, server: LiveServer,
                                                     tables: list[str]) -> None:
    browser = Browser(server)
    browser.join(tables[0], "Ben")
    page = browser.page(f"/class/ws/seat/{tables[0]}")
    page.kind("status")
    before = store_dump(room)
    for message, words in (({"t": "click", "id": "nope"}, "not on the page"),
                           ({"t": "set", "id": "nope", "v": 1}, "not on the page"),
                           ({"t": "warp"}, "unknown"),
                           ("[" * 5000 + "]" * 5000, "nested too deep"),
                           ('{"t": "click", "id": "\\ud800"}', "lone surrogate")):
        page.send(message)
        assert words in page.kind("refused")["why"]
    canvas = next(k for k, n in page.nodes().items() if n["k"] == "any" and n["m"] == "canvas")
    for event in ({"event": "down", "x": "1", "y": 2}, {"event": "down", "x": 1e9, "y": 2},
                  {"event": "key", "key": "x" * 100}, {"event": "warp"}, [1]):
        page.send({"t": "canvas", "id": canvas, "e": event})
        page.kind("refused")
    toggle = next(k for k, n in page.nodes().items() if n["k"] == "toggle")
    page.send({"t": "set", "id": toggle, "v": 10**9})  # a toggle is True or False
    page.kind("refused")
    page.send("x" * 70_000)
    page.drain(0.5)
    assert page.closed
    unchanged(room, before)


def test_a_seat_page_without_its_token_gets_no_seat(room: Classroom, server: LiveServer,
                                                   tables: list[str]) -> None:
    before = store_dump(room)
    page = Browser(server).page(f"/class/ws/seat/{tables[0]}", Authorization="Bearer forged")
    assert "No seat at this table" in page.kind("gone")["why"]
    unknown = Browser(server).page("/class/ws/seat/ZZZZZ")
    assert "No table has this code" in unknown.kind("refused")["why"]
    unchanged(room, before)


def test_the_store_is_private_and_keeps_the_teacher_key_only_hashed(tmp_path: Path) -> None:
    path = tmp_path / "class.db"
    room = Classroom(f"sqlite:///{path}")
    table = room.open_table("calm", players=2, seed=1)
    room.join(table.code, "Ana")
    for suffix in ("", "-wal", "-shm"):
        mode = stat.S_IMODE(os.stat(f"{path}{suffix}").st_mode)
        assert mode == 0o600, f"class.db{suffix} is {oct(mode)}"
    key = room.teacher_key
    assert key and key.encode() not in path.read_bytes() + Path(f"{path}-wal").read_bytes()
    app = make_application(room, ip="127.0.0.1", port=1)[1]
    assert key in announcement(room, app, None)
    again = Classroom(f"sqlite:///{path}")
    assert again.teacher_key is None and key not in announcement(again, app, None)
    assert again.is_teacher(key)
    with again.store.engine.begin() as db:
        assert db.execute(sa.text("SELECT count(*) FROM class_info")).scalar() == 1
    app.hub.stop()
    room.store.close()
    again.store.close()


def test_a_teacher_key_file_is_made_private_once_and_must_match(tmp_path: Path) -> None:
    key_file = tmp_path / "key"
    room = Classroom(f"sqlite:///{tmp_path / 'a.db'}", teacher_key_file=key_file)
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    assert room.is_teacher(key_file.read_text().strip())
    assert Classroom(f"sqlite:///{tmp_path / 'a.db'}", teacher_key_file=key_file).teacher_key
    other = tmp_path / "other"
    other.write_text("a-different-key-of-enough-length\n")
    with pytest.raises(ConfigError, match="not this class's teacher key"):
        Classroom(f"sqlite:///{tmp_path / 'a.db'}", teacher_key_file=other)
    shared = Classroom(f"sqlite:///{tmp_path / 'b.db'}", teacher_key_file=other)
    assert shared.is_teacher("a-different-key-of-enough-length")


def test_read_json_refuses_before_parsing_what_is_too_big() -> None:
    with pytest.raises(BadInput) as too_big:
        read_json(b"{}" + b" " * 70_000)
    assert too_big.value.status == 413
    assert read_json(b'{"name": "Ana", "attempt": {"points": 1}}')["name"] == "Ana"


def test_full_closed_and_taken_are_refused_in_words_and_change_nothing(
        room: Classroom, server: LiveServer, tables: list[str]) -> None:
    Browser(server).join(tables[0], "Ben")  # the table of two is full now
    room.close_table(tables[1])
    Browser(server).post("/class/api/register", {"class_code": room.class_code, "name": "Ana"})
    before = store_dump(room)
    for path, body, words in (
            ("/class/api/join", {"code": tables[0], "name": "Cleo"}, "is full"),
            ("/class/api/join", {"code": tables[1], "name": "Cleo"}, "is closed"),
            ("/class/api/register", {"class_code": room.class_code, "name": "ANA"},
             "already registered")):
        status, answer = Browser(server).post(path, body)
        assert status == 400 and words in answer["error"]
    unchanged(room, before)


def test_the_class_address_is_never_localhost_unless_the_server_listens_only_there(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sailing_kit.classroom import links

    monkeypatch.setattr(links, "local_address", lambda: "192.168.1.20")
    assert links.class_address("0.0.0.0", 8866) == "http://192.168.1.20:8866"
    assert links.class_address("127.0.0.1", 8866) == "http://127.0.0.1:8866"
    assert links.class_address("0.0.0.0", 80, "https://class.school/x/") == "https://class.school/x"
    assert links.join_link("http://192.168.1.20:8866", "AB2CD") == "http://192.168.1.20:8866/?code=AB2CD"
