"""The kit in five languages in the browser (#26): the Jacht app served by Voilà through the
kit's apps with ``?lang=xx`` speaks that language, and nothing overflows at the projector's
1024×768 nor on a 390×844 touch phone: the page never scrolls sideways and no button, label,
title or status line of the app is cut. Each page leaves a screenshot in the workspace
(``languages-<code>-<size>.png``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.overflow import assert_fits
from tests.browser.servers import (
    PHONE,
    PROJECTOR,
    WAIT_MS,
    Server,
    Workspace,
    open_page,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser

WORDS = {
    "en": ("New game", "Text", "More", "Game seed 0"),
    "hu": ("Új játék", "Szöveg", "Több", "A játék magja: 0."),
    "bg": ("Нова игра", "Текст", "Още", "Семе на играта 0"),
    "fr": ("Nouvelle partie", "Texte", "Plus", "Graine de la partie 0"),
    "ru": ("Новая игра", "Текст", "Ещё", "Зерно игры 0"),
}
"""Words of the kit's core each language shows in the app: New game, the Text toggle, the More
menu and the footer's seed."""
SIZES = {"projector": (PROJECTOR, False), "phone": (PHONE, True)}


def _named(label: str) -> re.Pattern[str]:
    """A button's accessible name: its label after its icon's glyph."""
    return re.compile(rf"(^|\W){re.escape(label)}$")


def _open(browser: Browser, apps: Server, code: str, size: str) -> Page:
    viewport, phone = SIZES[size]
    page = open_page(browser, apps, viewport, touch=phone, mobile=phone)
    page.goto(f"{apps.url}/voila/render/apps/yacht.ipynb?lang={code}&seed=0&teacher=1")
    wait_for_painted_board(page)
    return page


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", WORDS)
def test_the_app_speaks_its_language_and_nothing_overflows(
        browser: Browser, apps: Server, workspace: Workspace, code: str, size: str) -> None:
    page = _open(browser, apps, code, size)
    try:
        new_game, text, more, seed = WORDS[code]
        app = page.locator(".sk-app")
        expect(app.get_by_role("button", name=_named(new_game))).to_be_visible(timeout=WAIT_MS)
        expect(app.locator(".sk-controls").get_by_role("button", name=_named(text))
               ).to_be_visible()
        expect(app.locator(".sk-app-footer")).to_contain_text(seed)
        more_button = app.get_by_role("button", name=_named(more))
        more_button.click()  # the teacher's More menu, open: its words must fit too
        expect(app.locator(".sk-more-panel")).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=str(workspace.root / f"languages-{code}-{size}.png"), full_page=True)
        assert_fits(page, ".sk-app")
    finally:
        page.context.close()


def test_a_language_the_kit_has_not_leaves_the_app_in_english_and_says_so(
        browser: Browser, apps: Server, workspace: Workspace) -> None:
    page = open_page(browser, apps, PROJECTOR)
    try:
        page.goto(f"{apps.url}/voila/render/apps/yacht.ipynb?lang=xx&seed=0")
        wait_for_painted_board(page)
        app = page.locator(".sk-app")
        expect(app.get_by_role("button", name=_named("New game"))).to_be_visible()
        expect(app.locator(".sk-status .sk-short").first).to_have_text(
            "Part of the address was not used.")
    finally:
        page.context.close()
