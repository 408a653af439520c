"""The right-of-way trainers' Voilà apps in the five languages (#26.4): each app, opened with
``?lang=xx``, shows its title in that language, takes one answer by touch (the quiz at level 2:
the rule, then the boat that keeps clear; the animated trainer: Play to the question, the right
option, then the fact that decides it, so the protest committee's decision shows), and nothing
overflows: the page never scrolls sideways and no button, option, label, status, feedback or
committee line is cut (the shared probe of tests/browser/overflow.py).

Every language on a 390×844 touch phone, the narrowest screen; at the projector's 1024×768 the
two longest, Russian and Hungarian (the page's side panel is as narrow there as on the phone:
five languages twice would take this file past three minutes). The situation editor, which has
no app, on the phone in Russian and Bulgarian (at 1024×768: tests/browser/
test_trainer_languages.py). Each page leaves screenshots in the workspace
(``trainer-app-<app>-<code>-<size>-{top,feedback,committee}.png``, ``trainer-editor-*``).

The answers come from the same board built in the test process (the oracle), with its words in
the page's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from sailing_kit.core.i18n import _, use_language
from sailing_kit.race.board import SituationTrainer
from sailing_kit.race.boards.editor import TOOL_LABELS
from sailing_kit.race.boards.trainer import RULE_LABELS
from sailing_kit.race.trainer import Trainer
from tests.browser.board_pages import write_notebook
from tests.browser.overflow import TEXT_HOLDERS, assert_fits
from tests.browser.servers import (
    BOARD,
    PHONE,
    PROJECTOR,
    WAIT_MS,
    Server,
    Workspace,
    open_page,
    wait_for_painted_board,
)
from tests.browser.test_situations import right_and_wrong

pytestmark = pytest.mark.browser

TITLES = {"right_of_way": "Right of way: who keeps clear?",
          "situations": "Right of way: the animated trainer"}
SIZES = {"phone": (PHONE, True), "projector": (PROJECTOR, False)}
HOLDERS = f"{TEXT_HOLDERS}, .sk-feedback, .sk-committee, .widget-html-content"
"""Besides the shared probe's: the feedback and the committee's findings must show whole too."""


def _open(browser: Browser, apps: Server, app: str, code: str, size: str) -> Page:
    viewport, phone = SIZES[size]
    page = open_page(browser, apps, viewport, touch=phone, mobile=phone)
    page.goto(f"{apps.url}/voila/render/apps/{app}.ipynb?lang={code}&seed=0")
    wait_for_painted_board(page)
    with use_language(code):
        title = _(TITLES[app])
    assert code == "en" or title != TITLES[app], f"{app}: no {code} title in the catalog"
    expect(page.locator(".sk-app-title")).to_have_text(title, timeout=WAIT_MS)
    return page


def _press(button: Locator, phone: bool) -> None:
    button.tap() if phone else button.click()


def _side_button(page: Page, words: str | re.Pattern[str]) -> Locator:
    return page.locator(f"{BOARD} .sk-side button").filter(has_text=words).first


def _answer_the_quiz(page: Page, code: str, phone: bool) -> None:
    """At level 2 (its rule buttons are the longest words): the rule that decides, then the
    boat that keeps clear, by their buttons."""
    ruling = Trainer(seed=0).current.ruling()
    with use_language(code):
        level, rule = _("+ which rule"), _(RULE_LABELS[ruling.rule_key])
        boat = _("{boat} keeps clear", boat=ruling.keep_clear)
        right = _("Correct! Press Next for another scenario.")
    _press(page.locator(f"{BOARD} .sk-controls button").filter(has_text=level).first, phone)
    expect(_side_button(page, rule)).to_be_visible(timeout=WAIT_MS)
    _press(_side_button(page, rule), phone)
    _press(_side_button(page, boat), phone)
    expect(page.locator(f"{BOARD} .sk-status")).to_contain_text(right, timeout=WAIT_MS)


def _answer_the_situation(page: Page, phone: bool) -> None:
    """Play to the question, the right option, then the fact that decides it."""
    oracle = SituationTrainer(level=1, rules="race", seed=0)
    right, _wrong = right_and_wrong(oracle)
    number = oracle.quiz.options().index(right) + 1
    _press(page.locator(f"{BOARD} .widget-play button").first, phone)
    option = _side_button(page, re.compile(rf"^{number}: "))
    expect(option).to_be_visible(timeout=WAIT_MS)
    _press(option, phone)
    oracle.show_frame(oracle.ask_frame)
    oracle.answer(right)
    decides = next(i for i, reason in enumerate(oracle.quiz.reasons()) if reason.decides)
    reason = _side_button(page, re.compile(rf"^{decides + 1}$"))
    expect(reason).to_be_visible(timeout=WAIT_MS)
    _press(reason, phone)
    expect(page.locator(f"{BOARD} .sk-committee").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(f"{BOARD} .sk-side button").filter(
        has_text=re.compile(r"^\d$"))).to_have_count(0, timeout=WAIT_MS)


def _screenshots(page: Page, workspace: Workspace, name: str) -> None:
    """The board from its top, then scrolled to the feedback and to the committee's findings
    (Voilà scrolls inside the page: a full-page picture would not show them)."""
    page.locator(BOARD).first.evaluate("board => board.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(workspace.root / f"{name}-top.png"))
    for part in (".sk-feedback", ".sk-committee"):
        found = page.locator(f"{BOARD} {part}")
        if found.count():
            found.last.evaluate("part => part.scrollIntoView({block: 'start'})")
            page.screenshot(path=str(workspace.root / f"{name}-{part[4:]}.png"))


CASES = [(code, "phone") for code in ("en", "hu", "bg", "fr", "ru")] + \
    [(code, "projector") for code in ("ru", "hu")]


@pytest.mark.parametrize(("code", "size"), CASES)
@pytest.mark.parametrize("app", TITLES)
def test_the_trainer_app_speaks_its_language_answers_and_nothing_overflows(
        browser: Browser, apps: Server, workspace: Workspace, app: str, code: str,
        size: str) -> None:
    page = _open(browser, apps, app, code, size)
    try:
        phone = SIZES[size][1]
        if app == "right_of_way":
            _answer_the_quiz(page, code, phone)
        else:
            _answer_the_situation(page, phone)
        page.wait_for_timeout(300)
        _screenshots(page, workspace, f"trainer-app-{app}-{code}-{size}")
        assert_fits(page, ".sk-app", HOLDERS)
    finally:
        page.context.close()


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_the_situation_editor_fits_a_phone_in_the_longest_languages(
        browser: Browser, apps: Server, workspace: Workspace, code: str) -> None:
    """The editor (a notebook's board, no app of its own) after ``set_language``, on the
    phone: a tool chosen by touch is named in the status line, and nothing overflows (its tool
    names are longest in Bulgarian, its other words in Russian)."""
    notebook = write_notebook(workspace, f"editor-{code}.ipynb",
                              f"from sailing_kit import set_language\nset_language({code!r})\n"
                              "from sailing_kit.race.board import SituationEditor\n"
                              "SituationEditor()")
    page = open_page(browser, apps, PHONE, touch=True, mobile=True)
    try:
        page.goto(f"{apps.url}/voila/render/{notebook}")
        wait_for_painted_board(page)
        with use_language(code):
            mark = _(TOOL_LABELS["mark"])
            chosen = _("Tool: {tool}.", tool=mark)
        page.locator(f"{BOARD} .sk-controls button").filter(has_text=mark).first.tap()
        expect(page.locator(f"{BOARD} .sk-status")).to_contain_text(chosen, timeout=WAIT_MS)
        _screenshots(page, workspace, f"trainer-editor-{code}-phone")
        assert_fits(page, BOARD, HOLDERS)
        _a_cut_status_shows_whole_when_tapped(page, workspace, code)
    finally:
        page.context.close()


def _a_cut_status_shows_whole_when_tapped(page: Page, workspace: Workspace, code: str) -> None:
    """A status line longer than the phone's line ends in "…"; a tap on it shows it whole,
    on the screen, over the canvas, nothing of it hidden (and when focus moves on, it is one
    line again)."""
    short = page.locator(f"{BOARD} .sk-status .sk-short").first
    short.evaluate("(line, words) => { line.textContent = words; }", "слово " * 30)
    assert short.evaluate("line => line.scrollWidth > line.clientWidth + 1"), "not cut"
    short.tap()
    expect(short).to_be_focused()
    shown = short.evaluate("""line => {
        const box = line.getBoundingClientRect();
        const seen = (x, y) => line.contains(document.elementFromPoint(x, y));
        return {whole: line.scrollWidth <= line.clientWidth + 1, left: box.left,
                right: box.right, lines: Math.round(box.height / 20), width: innerWidth,
                corners: [seen(box.left + 4, box.top + 4), seen(box.right - 4, box.top + 4),
                          seen(box.left + 4, box.bottom - 4), seen(box.right - 4, box.bottom - 4)]};
    }""")
    page.screenshot(path=str(workspace.root / f"trainer-editor-{code}-phone-status.png"))
    assert shown["whole"] and shown["lines"] >= 2 and all(shown["corners"]), shown
    assert shown["left"] >= 0 and shown["right"] <= shown["width"], shown
    page.keyboard.press("Tab")  # focus moves on
    assert short.evaluate("line => line.scrollWidth > line.clientWidth + 1"), "not put back"
