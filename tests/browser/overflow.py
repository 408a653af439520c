"""A probe for text that does not fit, shared by the browser tests of the languages (#26): the
page must not scroll sideways, and no visible button, label, title or status line inside the
given part of the page may hold more text than it shows (``scrollWidth > clientWidth``: cut off
or hidden behind an ellipsis). A status line cut by a narrow screen ends in "…" by design: it
passes if a tap on it (focus) shows it whole."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Page

TEXT_HOLDERS = ", ".join([
    "button", "label", "summary", "select", "h1", "h2", ".widget-label", ".widget-readout",
    ".widget-toggle-button", ".widget-button", ".sk-short", ".sk-app-title",
])
"""The elements whose words must show whole: buttons, labels, titles and the status line."""

_PROBE = """([root, holders]) => {
    const page = document.scrollingElement || document.documentElement;
    const shown = el => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden'
            && style.display !== 'none';
    };
    const cut = [];
    for (const scope of document.querySelectorAll(root)) {
        for (const el of scope.querySelectorAll(holders)) {
            if (!shown(el) || el.scrollWidth <= el.clientWidth + 1) continue;
            if (el.matches('.sk-short[tabindex]')) {  // a status line shows whole when tapped
                el.focus({preventScroll: true});
                const whole = el.scrollWidth <= el.clientWidth + 1;
                el.blur();
                if (whole) continue;
            }
            cut.push({tag: el.tagName.toLowerCase(), cls: String(el.className).slice(0, 80),
                      text: (el.innerText || el.value || '').trim().slice(0, 80),
                      scroll: el.scrollWidth, client: el.clientWidth});
        }
    }
    return {pageWidth: page.scrollWidth, windowWidth: window.innerWidth, cut};
}"""


@dataclass(frozen=True)
class Overflow:
    """What the probe found: the page's scrolling width against the window's, and each element
    whose text is cut."""

    page_width: int
    window_width: int
    cut: list[dict[str, object]]

    @property
    def scrolls_sideways(self) -> bool:
        return self.page_width > self.window_width

    def __str__(self) -> str:
        return (f"page {self.page_width}px in a window of {self.window_width}px; text cut: "
                + ("; ".join(f"{c['tag']}.{c['cls']} {c['text']!r} ({c['scroll']} > "
                             f"{c['client']}px)" for c in self.cut) or "none"))


def probe(page: Page, root: str = "body", holders: str = TEXT_HOLDERS) -> Overflow:
    """Measure ``page``: its sideways scrolling, and the text cut inside every ``root``."""
    found = page.evaluate(_PROBE, [root, holders])
    return Overflow(found["pageWidth"], found["windowWidth"], found["cut"])


def assert_fits(page: Page, root: str = "body", holders: str = TEXT_HOLDERS) -> None:
    """Fail, saying what, if the page scrolls sideways or any text inside ``root`` is cut."""
    found = probe(page, root, holders)
    assert not found.scrolls_sideways and not found.cut, str(found)
