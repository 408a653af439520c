"""Class mode in a real browser: three students on three devices join one Calm table with its
code and play it to the end through their boards, clicking cards, cells and buttons; and the
teacher's dashboard draws every table live.

On the way: no page ever receives another seat's hand (every message the browser gets from the
server is read), one student reloads mid-game and carries on, and the class server is stopped
and started again mid-game: every page comes back by itself, at the same position.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FrameLocator, Page, expect

from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm.actions import Discard, Play, Split
from sailing_kit.calm.cards import FINISH, START, is_island
from sailing_kit.calm.drawing import layout_for
from sailing_kit.classroom import Classroom
from sailing_kit.classroom.dashboard import WATCH_WIDTH
from tests.browser.servers import (
    Workspace,
    _wait_for_port,
    free_port,
    painted_pixels,
    pixel_digest,
    wait_for_new_picture,
)

pytestmark = pytest.mark.browser

_DRAWN_NUMBER = re.compile(r'\\*"T\\*",-?[\d.]+,-?[\d.]+,\\*"(\d{1,3})\\*"')
OPTIONS = {"players": 3, "rows": 3, "cols": 4, "top": 40, "finishes": 2, "start_discards": 3}
"""A small Calm sea, so the whole game is played in a couple of minutes (the planner needs about
25 moves from seed 2)."""
SEED = 2
WAIT_S = 90
STUDENTS = ("Ana", "Ben <i>&amp;</i>", "Chloé")
"""The second name checks that names are shown as typed, never read as HTML."""


class ClassServer:
    """``python -m sailing_kit.classroom serve`` in a subprocess, which can be restarted."""

    def __init__(self, workspace: Workspace, store: str):
        self.workspace, self.store, self.port = workspace, store, free_port()
        self.process: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        log = self.workspace.log("classroom")
        with log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "sailing_kit.classroom", "serve", "--store", self.store,
                 "--port", str(self.port), "--ip", "127.0.0.1"],
                cwd=self.workspace.root, env=self.workspace.env(), stdout=out,
                stderr=subprocess.STDOUT)
        _wait_for_port(self.port, self.process, log)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


@contextmanager
def class_server(workspace: Workspace, store: str) -> Iterator[ClassServer]:
    server = ClassServer(workspace, store)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Student:
    """One device: its page, the seat's frame, and every text the server sent it."""

    def __init__(self, browser: Browser, server: ClassServer, name: str):
        self.context = browser.new_context(viewport={"width": 1400, "height": 1100})
        self.page: Page = self.context.new_page()
        self.received: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._heard))
        self.name = name
        self.page.goto(server.url + "/")

    def _heard(self, payload: str | bytes) -> None:
        self.received.append(payload if isinstance(payload, str)
                             else payload.decode("utf-8", "replace"))

    @property
    def frame(self) -> FrameLocator:
        return self.page.frame_locator("#frame")

    def join(self, code: str) -> None:
        self.page.fill("#code", code.lower())
        self.page.fill("#name", self.name)
        self.page.click("#go")
        self.page.wait_for_url("**/class/seat/*", timeout=WAIT_S * 1000)

    def pulse(self) -> tuple[int, int] | None:
        """The move the page shows and its kernel's heartbeat count (None while loading)."""
        try:
            pulse = self.frame.locator(".sk-class-pulse span")
            if pulse.count() == 0:
                return None
            return int(pulse.get_attribute("data-move")), int(pulse.get_attribute("data-beat"))
        except Exception:  # the frame is being loaded again
            return None

    def wait_for_move(self, number: int, *, live: bool = False) -> None:
        """Wait until the page shows move ``number`` (and, if ``live``, until its kernel beats
        once more: the page is connected and takes clicks)."""
        deadline, first_beat = time.monotonic() + WAIT_S, None
        while time.monotonic() < deadline:
            shown = self.pulse()
            if shown is not None and shown[0] == number:
                if not live or (first_beat is not None and shown[1] != first_beat):
                    return
                first_beat = shown[1] if first_beat is None else first_beat
            time.sleep(0.2)
        self.page.screenshot(path=f"/tmp/classroom-{self.name[:3]}.png")
        raise AssertionError(f"{self.name}'s page did not reach move {number} (shows "
                             f"{self.pulse()})")

    def click_pixel(self, pixel: tuple[float, float]) -> None:
        canvas = self.frame.locator(".sailing-kit-board canvas").first
        box = canvas.bounding_box()
        width = float(canvas.evaluate("canvas => canvas.dataset.width"))  # the scene's width
        scale = box["width"] / width
        canvas.click(position={"x": pixel[0] * scale, "y": pixel[1] * scale})

    def numbers_received(self, since: int) -> set[int]:
        """Every whole number the server sent as a text drawn on a board (a card face, a
        label): a text shape ``["T",x,y,"14",...]`` of the scene, which travels as a JSON string
        inside the message (its quotes escaped)."""
        found: set[int] = set()
        for payload in self.received[since:]:
            found.update(int(n) for n in _DRAWN_NUMBER.findall(payload))
        return found


def play_through_the_board(student: Student, state, seat: int) -> None:
    """Make the planner's move for ``seat`` by clicking the board as a student would."""
    action = calm_bots.make("planner")(state)
    layout = layout_for(state.view(seat))
    hand = list(state.hand(seat))
    if isinstance(action, Split):  # agree to the split the board proposes
        student.frame.get_by_role("button", name="Agree split").click()
    elif isinstance(action, Play) and action.card == START:
        student.click_pixel(layout.start_rect.centre)
    elif isinstance(action, Play) and action.card == FINISH:
        student.click_pixel(layout.finish_rect.centre)
    elif isinstance(action, Play) and is_island(action.card):
        student.click_pixel(layout.hand_rects(len(hand))[hand.index(action.card)].centre)
        student.click_pixel(layout.cell_rect(*action.at).centre)
    elif isinstance(action, Discard):
        selected: list[int] = []
        for card in action.cards:
            index = next(i for i, c in enumerate(hand) if c == card and i not in selected)
            student.click_pixel(layout.hand_rects(len(hand), selected)[index].centre)
            selected.append(index)
        student.frame.get_by_role("button", name="Discard selected").click()
    else:
        raise AssertionError(f"the test does not click {action!r}")


@pytest.fixture
def students(browser: Browser, workspace: Workspace, tmp_path: Path):
    store = f"sqlite:///{tmp_path / 'class.db'}"
    with class_server(workspace, store) as server:
        devices = [Student(browser, server, name) for name in STUDENTS]
        yield server, store, devices
        for device in devices:
            device.context.close()


def test_three_students_play_a_calm_table_to_the_end(students) -> None:
    server, store, devices = students
    room = Classroom(store)
    truth = room.open_table("calm", seed=SEED, **OPTIONS)
    for device in devices:
        device.join(truth.code)
    for device in devices:
        device.wait_for_move(0, live=True)
    header = devices[1].frame.locator(".sk-class-header")
    expect(header).to_contain_text("Player 2 (Ben <i>&amp;</i>)", timeout=WAIT_S * 1000)
    size = OPTIONS["rows"] * OPTIONS["cols"]
    for number, device in enumerate(devices):  # the check below can see a hand at all
        own = {card for card in truth.state.hand(number) if is_island(card) and card > size}
        assert own <= device.numbers_received(0), f"{device.name} was not sent their own hand"
    private_from = [0, 0, 0]
    reloaded = restarted = False
    while not truth.state.is_over():
        state, moves = truth.state, truth.moves_played
        seat = state.current_player
        play_through_the_board(devices[seat], state, seat)
        deadline = time.monotonic() + WAIT_S
        while not truth.refresh() and time.monotonic() < deadline:
            time.sleep(0.1)
        if truth.moves_played == moves:
            devices[seat].page.screenshot(path="/tmp/classroom-stuck.png")
        assert truth.moves_played > moves, f"the click of Player {seat + 1} stored no move"
        for device in devices:
            device.wait_for_move(truth.moves_played)
        for number, device in enumerate(devices):  # nobody sees another's hand
            others = {card for other in range(3) if other != number
                      for card in truth.state.hand(other) if is_island(card) and card > size}
            leaked = others & device.numbers_received(private_from[number])
            assert not leaked, f"{device.name}'s page received cards of another hand: {leaked}"
            private_from[number] = len(device.received)
        if truth.moves_played >= 6 and not reloaded:
            devices[1].page.reload()
            devices[1].wait_for_move(truth.moves_played, live=True)
            reloaded = True
        if truth.moves_played >= 14 and not restarted:
            server.stop()
            expect(devices[0].page.locator("#banner")).to_contain_text(
                "Connection lost", timeout=WAIT_S * 1000)
            server.start()
            for device in devices:
                device.wait_for_move(truth.moves_played, live=True)
            restarted = True
    assert reloaded and restarted
    for device in devices:
        expect(device.frame.locator(".sk-class-header")).to_contain_text(
            "The game is over", timeout=WAIT_S * 1000)
    room.store.close()


def test_the_teachers_dashboard_draws_every_open_table(browser: Browser, workspace: Workspace,
                                                       tmp_path: Path) -> None:
    """#16 The teacher, with the key the server printed, watches every table: each one's public
    picture is painted, small enough for several to sit side by side, and a move shows up."""
    store = f"sqlite:///{tmp_path / 'class.db'}"
    with class_server(workspace, store) as server:
        room = Classroom(store)
        tables = [room.open_table("calm", seed=SEED, **OPTIONS),
                  room.open_table("race", seed=1, boats=2)]
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        try:
            page = context.new_page()
            page.goto(server.url + "/teacher")
            page.fill("#key", room.teacher_key)
            page.click("button[type=submit]")
            page.wait_for_url("**/class/dashboard", timeout=WAIT_S * 1000)
            frame = page.frame_locator("#frame")
            for table in tables:
                watch = frame.locator(".sk-class-table").filter(has_text=table.code)
                canvas = watch.locator("canvas")
                expect(canvas).to_have_count(1, timeout=WAIT_S * 1000)
                page.wait_for_function("c => c.width > 0 && c.getContext('2d').getImageData("
                                       "0, 0, c.width, c.height).data.some(v => v)",
                                       arg=canvas.element_handle(), timeout=WAIT_S * 1000)
                assert painted_pixels(canvas) > 0
                assert canvas.bounding_box()["width"] <= WATCH_WIDTH + 1
            page.screenshot(path=str(workspace.root / "dashboard.png"))  # (to look at)
            seat = room.join(tables[0].code, "Ana")
            before = pixel_digest(frame.locator(".sk-class-table").filter(
                has_text=tables[0].code).locator("canvas"))
            seat.play(calm_bots.make("planner")(seat.state))
            wait_for_new_picture(frame.locator(".sk-class-table").filter(
                has_text=tables[0].code).locator("canvas"), before)
        finally:
            context.close()
            room.store.close()
