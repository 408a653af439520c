"""Class mode in a real browser (#21): one class server (one process, no kernel), a phone-sized
and a laptop-sized seat, a spectator and the teacher's dashboard.

- A whole Calm game: both students join by the table's link, play it to the end by clicking and
  tapping their boards; the teacher frees a seat mid-game and its student takes it back; a
  spectator watches; the teacher closes the table and it is replayed move by move.
- A race to the end: the class server is stopped and started again mid-race (every page comes
  back by itself), then the teacher seats a bot in one boat from the dashboard, and the other
  student sails to the finish against it.

Throughout, no page ever receives another seat's hand: every WebSocket frame, every network
response and the text of every page are read.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm.actions import Discard, Play, Split
from sailing_kit.calm.cards import FINISH, START, is_island
from sailing_kit.calm.drawing import layout_for
from sailing_kit.classroom import Classroom
from sailing_kit.classroom.table import Table
from sailing_kit.race import bots as race_bots
from sailing_kit.race.course_drawing import race_view
from sailing_kit.race.drawing import option_marker
from sailing_kit.race.game import Place, Protest, Sail, Spin, Wait
from tests.browser.servers import LAPTOP, PHONE, Workspace, _wait_for_port, free_port

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
CALM = {"players": 2, "rows": 3, "cols": 4, "top": 40, "finishes": 2, "start_discards": 3}
"""A small Calm sea: the planner plays it to the end in about twenty moves."""
SIZE = CALM["rows"] * CALM["cols"]
DOUBLE_CLICK_S = 0.55
"""canvas.js takes a second press within 0.5 s at the same spot for a double click's half."""
_DRAWN_NUMBER = re.compile(r'\\*"T\\*",-?[\d.]+,-?[\d.]+,\\*"(\d{1,3})\\*"')


class ClassServer:
    """``python -m sailing_kit.classroom serve``, as the teacher starts it (and starts it
    again)."""

    def __init__(self, workspace: Workspace, folder: Path):
        self.workspace, self.port = workspace, free_port()
        self.store, self.key_file = f"sqlite:///{folder / 'class.db'}", folder / "key"
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        log = self.workspace.log("classroom")
        with log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "sailing_kit.classroom", "serve", "--store", self.store,
                 "--port", str(self.port), "--ip", "127.0.0.1", "--teacher-key-file",
                 str(self.key_file)],
                cwd=self.workspace.root, env=self.workspace.env(), stdout=out,
                stderr=subprocess.STDOUT)
        _wait_for_port(self.port, self.process, log)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(20)


@pytest.fixture(scope="module")
def server(workspace: Workspace, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    running = ClassServer(workspace, tmp_path_factory.mktemp("class"))
    running.start()
    try:
        room = Classroom(running.store, teacher_key_file=running.key_file)
        yield {"url": running.url, "room": room, "key": room.teacher_key, "process": running}
        room.store.close()
    finally:
        running.stop()


class Device:
    """One browser: its page, every WebSocket frame and network response it received."""

    def __init__(self, browser: Browser, url: str, size: tuple[int, int], *, phone: bool = False):
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                           has_touch=phone, is_mobile=phone)
        self.page: Page = self.context.new_page()
        self.url, self.phone = url, phone
        self.frames: list[str] = []
        self.pressed = 0.0
        self.responses: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.context.route("**/class/api/**", self._through)

    def _through(self, route: Any) -> None:
        """Pass a request to the class server, keeping the answer's body (as the network
        delivers it, before any navigation drops it)."""
        response = route.fetch()
        self.responses.append(response.text())
        route.fulfill(response=response)

    def _frame(self, payload: str | bytes) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))

    def join_by_link(self, code: str, name: str) -> None:
        self.page.goto(f"{self.url}/?code={code}")
        assert self.page.input_value("#code") == code
        self.page.fill("#name", name)
        self.page.locator("#go").click()
        expect(self.page.locator(".sk-class-header")).to_contain_text(name, timeout=WAIT_MS)

    def shows_move(self, number: int) -> None:
        expect(self.page.locator(".sk-class-turn").first).to_have_attribute(
            "data-move", str(number), timeout=WAIT_MS)

    def press(self, pixel: tuple[float, float]) -> None:
        """Click (a tap on the phone) the board at a scene pixel, as a person would: never
        so soon after the last press that the board takes it for a double click's second half."""
        time.sleep(max(0.0, self.pressed + DOUBLE_CLICK_S - time.monotonic()))
        self.pressed = time.monotonic()
        canvas = self.page.locator(".sailing-kit-board canvas").first
        box = canvas.bounding_box()
        scale = box["width"] / float(canvas.get_attribute("data-width"))
        position = {"x": pixel[0] * scale, "y": pixel[1] * scale}
        if self.phone:
            canvas.tap(position=position)
        else:
            canvas.click(position=position)

    def button(self, label: str) -> None:
        self.page.get_by_role("button", name=label, exact=True).click()

    def numbers_received(self) -> set[int]:
        """Every number drawn as a text of a picture sent to this page."""
        return {int(n) for frame in self.frames for n in _DRAWN_NUMBER.findall(frame)}

    def page_text_numbers(self) -> set[int]:
        """Whole numbers in the page's text (without the waiting clock of its header)."""
        text = self.page.evaluate("""() => { const copy = document.body.cloneNode(true);
            copy.querySelectorAll('.sk-class-turn').forEach(e => e.remove());
            return copy.innerText; }""")
        return {int(n) for n in re.findall(r"\b\d{1,3}\b", text)}

    def response_texts(self) -> str:
        return "\n".join(self.responses)


def follow(truth: Table) -> int:
    """Bring the test's copy of a table up to date with the store (moving nothing itself)."""
    truth.reload()
    for move in truth.fetch():
        truth.apply_stored(move)
    return truth.moves_played


def wait_for_moves(truth: Table, more_than: int) -> int:
    deadline = time.monotonic() + WAIT_MS / 1000
    while follow(truth) <= more_than:
        assert time.monotonic() < deadline, f"table {truth.code}: no move after {more_than}"
        time.sleep(0.05)
    time.sleep(0.1)  # chance or a bot may follow at once
    return follow(truth)


def calm_move(device: Device, truth: Table, seat: int) -> None:
    """The planner's move for ``seat``, clicked (or tapped) on the board as a student would."""
    state = truth.state
    action = calm_bots.make("planner")(state)
    layout, hand = layout_for(state.view(seat)), list(state.hand(seat))
    if isinstance(action, Split):
        device.button("Agree split")
    elif isinstance(action, Play) and action.card in (START, FINISH):
        device.press((layout.start_rect if action.card == START else layout.finish_rect).centre)
    elif isinstance(action, Play) and is_island(action.card):
        device.press(layout.hand_rects(len(hand))[hand.index(action.card)].centre)
        device.press(layout.cell_rect(*action.at).centre)
    elif isinstance(action, Discard):
        selected: list[int] = []
        for card in action.cards:
            index = next(i for i, c in enumerate(hand) if c == card and i not in selected)
            device.press(layout.hand_rects(len(hand), selected)[index].centre)
            selected.append(index)
        device.button("Discard selected")
    else:
        raise AssertionError(f"the test does not click {action!r}")


def hands(truth: Table, seats: range) -> dict[int, set[int]]:
    """Each seat's island cards that no other card number can be mistaken for."""
    return {seat: {c for c in truth.state.hand(seat) if is_island(c) and c > SIZE} for seat in seats}


def test_a_calm_game_phone_and_laptop_a_freed_seat_a_spectator_a_replay(
        browser: Browser, server: dict) -> None:
    room: Classroom = server["room"]
    table = room.open_table("calm", seed=2, **CALM)
    truth = room.table(table.code)
    phone = Device(browser, server["url"], PHONE, phone=True)
    laptop = Device(browser, server["url"], LAPTOP)
    watcher = Device(browser, server["url"], LAPTOP)
    teacher = Device(browser, server["url"], LAPTOP)
    seats = {0: phone, 1: laptop}
    try:
        phone.join_by_link(table.code, "Ana")
        laptop.join_by_link(table.code, "Ben <i>&amp;</i>")
        expect(laptop.page.locator(".sk-class-header")).to_contain_text("Player 2 (Ben <i>&amp;</i>)")
        watcher.page.goto(f"{server['url']}/class/watch/{table.code}")
        teacher.page.goto(f"{server['url']}/teacher")
        teacher.page.fill("#key", server["key"])
        teacher.page.locator("button[type=submit]").click()
        expect(teacher.page.locator(".sk-class-table").first).to_be_visible(timeout=WAIT_MS)
        canvas = phone.page.locator(".sailing-kit-board canvas").first
        expect(canvas).to_have_attribute("data-paints", re.compile(r"\d+"), timeout=WAIT_MS)
        assert canvas.bounding_box()["width"] <= PHONE[0]  # the board fits the phone
        for seat, cards in hands(truth, range(2)).items():
            assert cards and cards <= seats[seat].numbers_received(), "a seat was not sent its hand"
        freed = False
        while not truth.state.is_over():
            seat = truth.state.current_player
            before = truth.moves_played
            seats[seat].shows_move(before)  # the page shows the position the clicks are for
            calm_move(seats[seat], truth, seat)
            now = wait_for_moves(truth, before)
            for device in (phone, laptop, watcher):
                device.shows_move(now)
            secret = hands(truth, range(2))
            for number, device in seats.items():
                other = secret[1 - number]
                assert not other & device.numbers_received(), f"seat {number} got the other hand"
                assert not other & device.page_text_numbers()
            assert not (secret[0] | secret[1]) & watcher.numbers_received()
            if now >= 6 and not freed:
                card = teacher.page.locator(".sk-class-table").filter(has_text=table.code)
                card.get_by_role("button", name="Free", exact=True).nth(1).click()
                expect(laptop.page.locator(".sk-class-notice")).to_contain_text(
                    "freed this seat", timeout=WAIT_MS)
                laptop.join_by_link(table.code, "Ben again")  # the seat, its cards, its turn
                expect(laptop.page.locator(".sk-class-header")).to_contain_text("Player 2 (Ben again)")
                freed = True
        assert freed
        for device in (phone, laptop):
            expect(device.page.locator(".sk-class-header")).to_contain_text(
                "The game is over", timeout=WAIT_MS)
        card = teacher.page.locator(".sk-class-table").filter(has_text=table.code)
        card.get_by_role("button", name="Close", exact=True).click()
        expect(phone.page.locator("#banner")).to_contain_text("closed", timeout=WAIT_MS)
        replay(laptop, server["url"], table.code, truth, hands(truth, range(2)))
        for device in (phone, laptop, watcher):
            texts = device.response_texts()
            assert "seed" not in texts and truth.row.saved["options"]["top"] == 40
    finally:
        for device in (phone, laptop, watcher, teacher):
            device.context.close()


def replay(device: Device, url: str, code: str, truth: Table, secret: dict[int, set[int]]) -> None:
    """The closed table, stepped through: first, forward, back, last, the slider, the list."""
    page = device.page
    page.goto(f"{url}/class/replay/{code}#3")
    expect(page.locator("body")).to_have_attribute("data-move", "3", timeout=WAIT_MS)
    total = truth.moves_played
    expect(page.locator("#moves li")).to_have_count(total)
    for button, move in (("first", 0), ("forward", 1), ("forward", 2), ("back", 1),
                         ("last", total)):
        page.click(f"#{button}")
        expect(page.locator("body")).to_have_attribute("data-move", str(move), timeout=WAIT_MS)
    page.locator("#slider").fill(str(total // 2))
    expect(page.locator("body")).to_have_attribute("data-move", str(total // 2), timeout=WAIT_MS)
    page.locator("#moves li").nth(4).click()
    expect(page.locator("body")).to_have_attribute("data-move", "5", timeout=WAIT_MS)
    painted = page.locator(".sailing-kit-board canvas")
    expect(painted).to_have_attribute("data-paints", re.compile(r"\d+"))
    page.screenshot(path="/tmp/classroom-replay.png")  # (to look at)
    frames = [json.loads(text) for text in device.responses if '"total"' in text]
    shown = {int(n) for frame in frames for n in _DRAWN_NUMBER.findall(json.dumps(frame))}
    assert frames and not (secret[0] | secret[1]) & shown


def race_turn(device: Device, truth: Table, seat: int) -> None:
    """The strong bot's turn for ``seat``, clicked (or tapped) on the race board."""
    state = truth.state
    action = race_bots.make("strong")(state)
    view = race_view(state)
    if isinstance(action, Place):
        device.press(view.pixel(action.position))
    elif isinstance(action, Sail):
        option = next(o for o in state.turn_options()
                      if (o.position, o.heading) == (action.position, action.heading))
        device.press(option_marker(view, option))
    elif isinstance(action, Wait):
        device.button("Stand still")
    elif isinstance(action, (Protest, Spin)):
        device.page.locator(".sk-w button").filter(
            has_text="Protest" if isinstance(action, Protest) else "Penalty turn").first.click()
    else:
        raise AssertionError(f"the test does not click {action!r}")


def test_a_race_to_the_end_with_a_bot_the_teacher_seats_mid_race(browser: Browser,
                                                                  server: dict) -> None:
    room: Classroom = server["room"]
    table = room.open_table("race", seed=1, boats=2, course="short")
    truth = room.table(table.code)
    phone = Device(browser, server["url"], PHONE, phone=True)
    laptop = Device(browser, server["url"], LAPTOP)
    teacher = Device(browser, server["url"], LAPTOP)
    seats = {0: phone, 1: laptop}
    try:
        phone.join_by_link(table.code, "Ana")
        laptop.join_by_link(table.code, "Ben")
        teacher.page.goto(f"{server['url']}/teacher")
        teacher.page.fill("#key", server["key"])
        teacher.page.locator("button[type=submit]").click()
        card = teacher.page.locator(".sk-class-table").filter(has_text=table.code)
        expect(card).to_be_visible(timeout=WAIT_MS)
        seated = False
        turns = 0
        while not truth.state.is_over():
            seat = truth.state.current_player
            if seat == 1 and seated:
                wait_for_moves(truth, truth.moves_played)  # the bot sails this boat now
                continue
            before = truth.moves_played
            seats[seat].shows_move(before)  # the page shows the position the click is for
            race_turn(seats[seat], truth, seat)
            wait_for_moves(truth, before)
            turns += 1
            if turns == 4:  # the server is stopped and started: every page comes back
                server["process"].stop()
                expect(phone.page.locator("#banner")).to_contain_text("Connection lost",
                                                                       timeout=WAIT_MS)
                server["process"].start()
                for device in seats.values():
                    device.shows_move(follow(truth))
                expect(phone.page.locator("#banner")).to_be_hidden(timeout=WAIT_MS)
            if turns == 8 and not seated:
                card.get_by_role("button", name="Bot", exact=True).nth(1).click()
                expect(laptop.page.locator(".sk-class-notice")).to_contain_text(
                    "gave this seat to a computer player", timeout=WAIT_MS)
                expect(card).to_contain_text("computer (strong)", timeout=WAIT_MS)
                seated = True
        assert seated and turns > 10
        assert {move.seat for move in room.store.moves(table.id)[-5:]} <= {0, None}
        expect(phone.page.locator(".sk-class-header")).to_contain_text("The game is over",
                                                                       timeout=WAIT_MS)
        phone.page.screenshot(path="/tmp/classroom-race-phone.png")
    finally:
        for device in (phone, laptop, teacher):
            device.context.close()
