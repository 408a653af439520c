"""The class server over real HTTP and WebSockets (#21): a seat is the game's usual board in
the server, mirrored to its page over one WebSocket; moves are pushed; spectators, the teacher's
dashboard and its controls, replays, remote seats; no kernel is ever started."""

from __future__ import annotations

import json
import multiprocessing
import re
import time
from pathlib import Path

import psutil
import pytest

from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm.cards import is_island
from sailing_kit.classroom import Classroom, NotYourTurn, connect
from tests.classroom.live import Browser, LiveServer, Page
from tests.classroom.pgserver import PostgresServer

SIZE = 36
"""Cards above the sea's size are unique numbers in Calm: seeing one is seeing that card."""
_DRAWN_NUMBER = re.compile(r'\\*"T\\*",-?[\d.]+,-?[\d.]+,\\*"(\d{1,3})\\*"')


def seat_page(server: LiveServer, code: str, name: str) -> tuple[Browser, Page, dict]:
    browser = Browser(server)
    seat = browser.join(code, name)
    page = browser.page(f"/class/ws/seat/{code}")
    page.kind("status")
    return browser, page, seat


def drawn_numbers(page: Page) -> set[int]:
    return {int(n) for n in _DRAWN_NUMBER.findall(page.text())}


def header(page: Page) -> str:
    return next(node["v"] for node in page.nodes().values()
                if node["k"] == "html" and "sk-class-header" in node.get("cls", []))


def test_each_seat_gets_its_own_board_and_never_another_hand(room: Classroom,
                                                              server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=2)
    _, ana, _ = seat_page(server, table.code, "Ana")
    _, ben, _ = seat_page(server, table.code, "Ben")
    hands = [{c for c in table.state.hand(seat) if is_island(c) and c > SIZE} for seat in (0, 1)]
    assert hands[0] and hands[1], "the test could not tell the hands apart"
    for page, mine, other in ((ana, hands[0], hands[1]), (ben, hands[1], hands[0])):
        kinds = {node["k"] for node in page.nodes().values()}
        assert {"any", "button", "html", "box"} <= kinds
        canvas = next(n for n in page.nodes().values() if n["k"] == "any" and n["m"] == "canvas")
        assert canvas["s"]["width"] > 0 and json.loads(canvas["s"]["scene"])
        assert mine <= drawn_numbers(page) and not other & drawn_numbers(page)
        labels = {n.get("label") for n in page.nodes().values() if n["k"] == "button"}
        assert "Undo" not in labels and "New deal" not in labels  # one screen only
    assert "Player 1 (Ana)" in header(ana) and "Your turn" in header(ana)


def test_a_move_is_pushed_to_the_other_seat_without_polling(room: Classroom,
                                                             server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=2)
    _, ana, _ = seat_page(server, table.code, "Ana")
    _, ben, _ = seat_page(server, table.code, "Ben")
    ben.drain()
    quiet = len(ben.messages)
    time.sleep(1.0)
    ben.drain(0.1)
    assert len(ben.messages) == quiet, "a page got messages while nothing happened"
    ana.send({"t": "api"})
    legal = ana.kind("state")["legal"]
    started = time.monotonic()
    ana.send({"t": "play", "action": legal[0]})
    assert ana.kind("played")["ok"]
    ben.until(lambda m: m.get("t") == "ui" and "Your turn" in json.dumps(m))
    assert time.monotonic() - started < 1.0
    assert room.store.move_count(table.id) == 1


def test_clicks_on_the_board_play_through_the_boards_own_code(room: Classroom,
                                                               server: LiveServer) -> None:
    """A press on a card and on a lit cell, as canvas.js sends them, place the card: the
    board's Python code decides what the presses mean."""
    from sailing_kit.calm.actions import Play
    from sailing_kit.calm.drawing import layout_for

    table = room.open_table("calm", players=2, seed=2)
    _, ana, _ = seat_page(server, table.code, "Ana")
    canvas_id = next(k for k, n in ana.nodes().items() if n["k"] == "any" and n["m"] == "canvas")
    state = table.state
    layout, hand = layout_for(state.view(0)), list(state.hand(0))
    play = next(a for a in state.legal_actions() if isinstance(a, Play) and a.at is not None)
    for pixel in (layout.hand_rects(len(hand))[hand.index(play.card)].centre,
                  layout.cell_rect(*play.at).centre):
        for event in ("down", "up"):
            ana.send({"t": "canvas", "id": canvas_id,
                      "e": {"event": event, "x": pixel[0], "y": pixel[1]}})
    ana.until(lambda m: m.get("t") == "ui" and f"Placed {play.card}" in json.dumps(m))
    (move,) = room.store.moves(table.id)
    assert move.seat == 0 and move.entry["move"] == state.action_to_json(play)


def test_a_spectator_sees_the_public_picture_and_cannot_play(room: Classroom,
                                                             server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=2)
    seat_page(server, table.code, "Ana")
    watcher = Browser(server).page(f"/class/ws/watch/{table.code}")
    watcher.kind("status")
    hands = {c for seat in (0, 1) for c in table.state.hand(seat) if is_island(c) and c > SIZE}
    assert not hands & drawn_numbers(watcher)
    canvas_id = next(k for k, n in watcher.nodes().items() if n["k"] == "any")
    watcher.send({"t": "canvas", "id": canvas_id, "e": {"event": "down", "x": 1, "y": 1}})
    assert "spectator" in watcher.kind("refused")["why"]
    assert room.store.move_count(table.id) == 0


def test_the_dashboard_needs_the_key_and_its_buttons_free_a_seat(tmp_path: Path) -> None:
    room = Classroom(f"sqlite:///{tmp_path / 'class.db'}", teacher_key_file=tmp_path / "key")
    server = LiveServer(room)
    try:
        table = room.open_table("calm", players=2, seed=2)
        _, ana, _ = seat_page(server, table.code, "Ana")
        stranger = Browser(server).page("/class/ws/teacher")
        assert stranger.kind("refused")["fatal"]
        teacher = Browser(server)
        assert teacher.post("/teacher", {"key": "wrong"})[0] == 403
        teacher.login((tmp_path / "key").read_text().strip())
        dashboard = teacher.page("/class/ws/teacher")
        dashboard.kind("ui")
        assert table.code in dashboard.text() and "<svg" in dashboard.text()  # link, QR code
        free = next(k for k, n in dashboard.nodes().items()
                    if n["k"] == "button" and n["label"] == "Free")
        dashboard.send({"t": "click", "id": free})
        assert "freed this seat" in ana.kind("gone")["why"]
        assert room.table(table.code).names() == {}
        assert teacher.get("/class/results.csv")[0] == 200
        assert Browser(server).get("/class/results.csv")[0] == 403
    finally:
        server.stop()
        room.store.close()


def test_pause_broadcast_and_rematch_reach_the_pages(room: Classroom, server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=2)
    browser, ana, _ = seat_page(server, table.code, "Ana")
    room.pause(table.code)
    assert ana.until(lambda m: m.get("t") == "status" and m["paused"])
    ana.send({"t": "api"})
    ana.send({"t": "play", "action": ana.kind("state")["legal"] or "x"})
    assert "Paused" in ana.kind("played")["why"]
    room.resume(table.code)
    room.broadcast("Two minutes left <b>now</b>")
    assert ana.until(lambda m: m.get("t") == "status" and m["message"])["message"] == \
        "Two minutes left <b>now</b>"  # sent as text: the page sets it as text
    fresh = room.rematch(table.code)
    assert ana.kind("moved")["code"] == fresh.code
    again = browser.page(f"/class/ws/seat/{fresh.code}")  # the cookie of the old table works
    assert again.kind("hello")["code"] == fresh.code


def test_a_finished_table_replays_move_by_move_with_the_public_picture(room: Classroom,
                                                                     server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=2)
    seat = room.join(table.code, "Ana")
    seat.play(calm_bots.make("planner")(seat.state))
    browser = Browser(server)
    status, answer = browser.get(f"/class/api/replay/{table.code}?move=1")
    assert status == 404 and "still being played" in answer["error"]
    room.close_table(table.code)
    status, frame = browser.get(f"/class/api/replay/{table.code}?move=1&moves=1")
    assert status == 200 and frame["move"] == 1 and frame["total"] >= 1
    assert frame["moves"][0].startswith("1. Player 1") and ":" not in frame["moves"][0][3:]
    hands = {c for s in (0, 1) for c in table.state.hand(s) if is_island(c) and c > SIZE}
    assert not hands & {int(n) for n in _DRAWN_NUMBER.findall(json.dumps(frame))}
    assert browser.get(f"/class/api/replay/{table.code}?move=0")[1]["move"] == 0
    assert browser.get(f"/class/replay/{table.code}")[0] == 200


def test_a_students_bot_plays_a_remote_seat_to_the_end(room: Classroom, server: LiveServer) -> None:
    table = room.open_table("yacht", players=2, bots=1, seed=3, rules="jacht")
    seat = connect(server.url, table.code, "Ana's bot")
    assert seat.number == 0 and "Player 1" in seat.describe()
    moves = 0
    while not seat.state.is_over() and moves < 400:
        if seat.my_turn:
            seat.play(seat.state.legal_actions()[0])
            moves += 1
        else:
            assert seat.wait(timeout=20), "the table never changed"
    assert seat.state.is_over() and seat.state.result["reason"]
    assert room.table(table.code).state.is_over()
    seat.close()
    calm = room.open_table("calm", players=2, seed=2)
    first, second = connect(server.url, calm.code, "A"), connect(server.url, calm.code, "B")
    with pytest.raises(NotYourTurn, match="Player 1 \\(A\\) is to move"):
        second.play(first.state.legal_actions()[0])
    while first.my_turn:  # a move, then the discards it costs
        first.play(first.state.legal_actions()[0])
    while not second.my_turn:
        assert second.wait(timeout=10), "the second seat never heard the first's moves"
    assert second.state.legal_actions() and not first.state.legal_actions()
    assert room.store.move_count(calm.id) == second.state.moves_played


def test_no_kernel_and_no_process_is_started_for_pages(room: Classroom, server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=2)
    before = psutil.Process().children(recursive=True)
    for name in ("Ana", "Ben"):
        seat_page(server, table.code, name)
    Browser(server).page(f"/class/ws/watch/{table.code}").kind("status")
    assert psutil.Process().children(recursive=True) == before
    assert not multiprocessing.active_children()


@pytest.mark.parametrize("game, options, control", [
    ("yacht", {"players": 2}, "Roll"), ("trireme", {}, "Roll")])
def test_a_roll_is_answered_at_once_as_at_one_screen(room: Classroom, server: LiveServer, game: str,
                                                   options: dict, control: str) -> None:
    """Chance answers a seat's own press at once (the dice are rolled before the board speaks),
    though the class server moves the bots."""
    table = room.open_table(game, seed=1, **options)
    _, page, _ = seat_page(server, table.code, "Dora")
    if game == "trireme":  # a heading first: the die is rolled for it
        choose = next(k for k, n in page.nodes().items() if n["k"] == "any" and n["m"] == "canvas")
        page.send({"t": "canvas", "id": choose, "e": {"event": "key", "key": "d"}})
    roll, node = page.find("button", control)
    assert not node["off"]
    page.send({"t": "click", "id": roll})
    page.until(lambda m: m.get("t") == "ui" and "Something went wrong" not in json.dumps(m)
               and room.store.move_count(table.id) >= 2)
    assert "Something went wrong" not in page.text()
    assert any(move.entry.get("sampled") for move in room.store.moves(table.id))


def test_two_servers_on_one_postgresql_push_each_others_moves(postgres: PostgresServer) -> None:
    """A school's two class servers on one database: a move made through one reaches a seat
    on the other at once (LISTEN/NOTIFY), and so does a teacher's pause."""
    rooms = [Classroom(postgres.url), Classroom(postgres.url)]
    servers = [LiveServer(room) for room in rooms]
    try:
        table = rooms[0].open_table("calm", players=2, seed=2)
        _, ana, _ = seat_page(servers[0], table.code, "Ana")
        _, ben, _ = seat_page(servers[1], table.code, "Ben")
        ana.send({"t": "api"})
        started = time.monotonic()
        ana.send({"t": "play", "action": ana.kind("state")["legal"][0]})
        ben.until(lambda m: m.get("t") == "ui" and "data-move='1'" in json.dumps(m))
        assert time.monotonic() - started < 1.0
        rooms[0].pause(table.code)
        assert ben.until(lambda m: m.get("t") == "status" and m["paused"])
    finally:
        for server in servers:
            server.stop()
        for room in rooms:
            room.store.close()
        from sailing_kit.classroom.schema import metadata

        metadata.drop_all(rooms[0].store.engine)


@pytest.mark.parametrize("game, options", [
    ("calm", {"players": 2}), ("regatta", {"players": 2}), ("race", {"boats": 2}),
    ("yacht", {"players": 2}), ("trireme", {})])
def test_every_games_seat_page_and_spectator_page_are_drawn(room: Classroom, server: LiveServer,
                                                           game: str, options: dict) -> None:
    table = room.open_table(game, seed=1, **options)
    _, seat, _ = seat_page(server, table.code, "Ana")
    watcher = Browser(server).page(f"/class/ws/watch/{table.code}")
    watcher.kind("status")
    for page in (seat, watcher):
        canvas = next(n for n in page.nodes().values() if n["k"] == "any" and n["m"] == "canvas")
        assert canvas["s"]["width"] > 100 and len(json.loads(canvas["s"]["scene"])["shapes"]) > 10
        assert not any(m.get("t") == "refused" for m in page.messages)
