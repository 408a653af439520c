"""The card regatta and the trireme duel in the languages of the kit (#26): each Voilà app with
``?lang=xx`` shows its title in that language, and nothing overflows at the projector's 1024×768
nor on a 390×844 touch phone (the longest words are Russian and Hungarian). Each page leaves a
screenshot in the workspace (``languages-<app>-<code>-<size>.png``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

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

TITLES = {
    "regatta": {"ru": "Регата с картами", "hu": "A kártyás regatta", "bg": "Регата с карти",
                "fr": "La régate aux cartes"},
    "trireme": {"ru": "Парусник против триеры", "hu": "Vitorlás a triréma ellen",
                "bg": "Платноходка срещу трирема", "fr": "Voilier contre trière"},
}
SIZES = {"projector": (PROJECTOR, False), "phone": (PHONE, True)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", ["ru", "hu", "bg", "fr"])
@pytest.mark.parametrize("app", TITLES)
def test_the_app_speaks_its_language_and_nothing_overflows(
        browser: Browser, apps: Server, workspace: Workspace, app: str, code: str,
        size: str) -> None:
    viewport, phone = SIZES[size]
    page = open_page(browser, apps, viewport, touch=phone, mobile=phone)
    try:
        page.goto(f"{apps.url}/voila/render/apps/{app}.ipynb?lang={code}&seed=0&teacher=1")
        wait_for_painted_board(page)
        expect(page.locator(".sk-app")).to_contain_text(TITLES[app][code], timeout=WAIT_MS)
        page.screenshot(path=str(workspace.root / f"languages-{app}-{code}-{size}.png"),
                        full_page=True)
        assert_fits(page, ".sk-app")
    finally:
        page.context.close()
