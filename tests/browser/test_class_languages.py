"""The class join page in each language (#26), on the projector (1024×768) and on a phone
(390×844, touch): nothing overflows, with a remembered seat's button and a refusal shown; the
language switch reloads the page in the language chosen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from sailing_kit.classroom import Classroom
from sailing_kit.classroom.headless import uninstall
from sailing_kit.core.i18n import LANGUAGES, _, use_language
from tests.browser.overflow import assert_fits, probe
from tests.browser.servers import PHONE, PROJECTOR
from tests.classroom.live import LiveServer

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/class-languages")
LONG_NAME = "Anasztázia-Krisztina"
"""A long name (the most a name may hold is 30 characters): the rejoin button says it."""
CONTROLS = "button, label, h1, select, a, input, #error"
"""The class pages' words that must show whole: controls, the title and the refusal."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("class-languages")
    room = Classroom(f"sqlite:///{folder / 'class.db'}")
    running = LiveServer(room)
    yield running
    running.stop()
    uninstall()
    room.store.close()


@pytest.mark.parametrize("size", [PROJECTOR, PHONE], ids=["projector", "phone"])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_join_page_fits_in_every_language(browser: Browser, server: LiveServer, code: str,
                                              size: tuple[int, int]) -> None:
    table = server.room.open_table("calm", players=2)
    phone = size == PHONE
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=phone, is_mobile=phone, locale=code)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/?code={table.code}")
        with use_language(code):
            title, taken = str(_("Join a table")), str(_("Take a seat"))
        expect(page.locator("h1")).to_have_text(title)
        assert page.evaluate("document.documentElement.lang") == code
        page.fill("#name", LONG_NAME)
        page.locator("#go").click()
        page.wait_for_url(f"**/class/seat/{table.code}")
        page.goto(f"{server.url}/")
        rejoin = page.locator("button.rejoin")
        expect(rejoin).to_contain_text(LONG_NAME)
        expect(page.locator("#go")).to_have_text(taken)
        page.fill("#code", "ZZZZZ")
        page.fill("#name", LONG_NAME)
        page.locator("#go").click()
        with use_language(code):
            refusal = str(_("No table has this code: check it on your teacher's screen."))
        expect(page.locator("#error")).to_have_text(refusal)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"join-{code}-{size[0]}.png"), full_page=True)
        assert_fits(page, holders=CONTROLS)
    finally:
        context.close()


def test_the_switch_reloads_the_page_in_the_language_chosen(browser: Browser,
                                                            server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]},
                                  has_touch=True, is_mobile=True, locale="hu-HU")
    page = context.new_page()
    try:
        page.goto(f"{server.url}/?code=ABCDE")
        assert page.evaluate("document.documentElement.lang") == "hu"
        page.select_option("#sk-language", "ru")
        page.wait_for_url("**lang=ru**")
        with use_language("ru"):
            expect(page.locator("h1")).to_have_text(str(_("Join a table")))
        assert page.input_value("#code") == "ABCDE"  # the join link's code kept
        page.goto(f"{server.url}/")  # the choice is remembered over the browser's language
        assert page.evaluate("document.documentElement.lang") == "ru"
        assert page.locator("#sk-language").input_value() == "ru"
    finally:
        context.close()


@pytest.mark.parametrize("code", ["hu", "ru"])
def test_a_seat_on_a_phone_fits_in_the_longest_languages(browser: Browser, server: LiveServer,
                                                         code: str) -> None:
    table = server.room.open_table("calm", players=2)
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]},
                                  has_touch=True, is_mobile=True, locale=code)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/?code={table.code}")
        page.fill("#name", LONG_NAME)
        page.locator("#go").click()
        with use_language(code):
            turn = str(_("Your turn."))
        expect(page.locator(".sk-class-header")).to_contain_text(turn)
        expect(page.locator(".sailing-kit-board canvas").first).to_be_visible()
        page.screenshot(path=str(SHOTS / f"seat-{code}-{PHONE[0]}.png"))
        found = probe(page)
        assert not found.scrolls_sideways, str(found)
    finally:
        context.close()
