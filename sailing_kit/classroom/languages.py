"""The class pages in each student's (and the teacher's) language.

A page's language is the one its switch chose (``?lang=``, then remembered in a cookie), else
the browser's (``Accept-Language``), else English; every value is read as hostile
(:func:`~sailing_kit.core.i18n.read_language`: an unknown one is ignored, never shown back).
The server writes a page's words (:data:`PAGE_WORDS`) into its HTML, and gives its scripts
their messages (the ``_("...")`` of ``web/*.js``, found by Babel's JavaScript extractor) as
one JSON dictionary the page's ``language.js`` reads.
"""

from __future__ import annotations

import functools
import html
import json
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from importlib import resources
from typing import Any, Protocol, TypeVar

from babel.messages.extract import extract_javascript

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import LANGUAGES, _, best_language, language, read_language, use_language

LANGUAGE_COOKIE = "sk_lang"
"""The language a page's switch chose (a code of LANGUAGES, nothing else is ever set)."""
T = TypeVar("T")


class Speaker(Protocol):
    language: str


def spoken(method: Callable[..., T]) -> Callable[..., T]:
    """``method`` of a page's session, run in the page's language (``self.language``) whoever
    calls it: the page's own event, another seat's move, a teacher's control, a timer."""
    @functools.wraps(method)
    def run(self: Speaker, *args: Any) -> T:
        with use_language(self.language):
            return method(self, *args)

    return run


def carried(work: Callable[[], T]) -> Callable[[], T]:
    """``work`` to be run later (on another thread, or by the event loop) in the language
    spoken now."""
    code = language()

    def run() -> T:
        with use_language(code):
            return work()

    return run


def game_title(title: str) -> str:
    """A game's title (a constant of its package) in the language spoken now."""
    return str(_(title))


def chosen_language(remembered: str | None, accept: str | None) -> str:
    """The language a page's cookie ``remembered``, else the browser's (its ``accept``
    header); a cookie that names no language of the kit is passed over."""
    if remembered:
        with suppress(ConfigError):
            return read_language(remembered)
    return best_language(accept)


def _join() -> dict[str, str]:
    return {"title": _("Join a table"),
            "code_label": _("Table code (on your teacher's screen)"),
            "name_label": _("Your name"), "go": _("Take a seat")}


def _teacher() -> dict[str, str]:
    return {"title": _("Class dashboard"),
            "key_label": _("Teacher key (shown by the server when the class was first started)"),
            "go": _("Open the dashboard")}


def _live() -> dict[str, str]:
    return {"title": _("Class table"), "connecting": _("Connecting to the class…")}


def _dashboard() -> dict[str, str]:
    return {"title": _("Class dashboard"), "connecting": _("Connecting to the class…")}


def _replay() -> dict[str, str]:
    return {"title": _("Replay"), "steps": _("Step through the game"),
            "first_tip": _("The start (Home)"), "first": _("⏮ First"),
            "back_tip": _("One move back (←)"), "back": _("◀ Back"),
            "forward_tip": _("One move forward (→)"), "forward": _("Forward ▶"),
            "last_tip": _("The end (End)"), "last": _("Last ⏭"), "move": _("Move"),
            "review": _("Review: every decision weighed against optimal play ▶"),
            "moves": _("Moves")}


def _review() -> dict[str, str]:
    return {"title": _("Review"), "back": _("◀ Back to the replay"),
            "weighing": _("Weighing every decision against optimal play…")}


PAGE_WORDS: dict[str, Callable[[], dict[str, str]]] = {
    "join.html": _join, "teacher.html": _teacher, "seat.html": _live,
    "dashboard.html": _dashboard, "replay.html": _replay, "review.html": _review}
"""Each page's words, as its ``{{name}}`` placeholders (said in the language spoken now)."""


@cache
def script_messages() -> tuple[str, ...]:
    """Every message the pages' scripts mark with ``_("...")`` (read once per process)."""
    found: set[str] = set()
    for script in resources.files("sailing_kit.classroom").joinpath("web").iterdir():
        if script.name.endswith(".js"):
            with script.open("rb") as file:
                for _line, _name, message, _comments in extract_javascript(
                        file, {"_": None}, [], {}):
                    first = message[0] if isinstance(message, tuple) else message  # the text
                    if isinstance(first, str):
                        found.add(first)
    return tuple(sorted(found))


@cache
def script_words(code: str) -> str:
    """The scripts' messages in language ``code``, as JSON (English ones are left out: a
    script says its own English)."""
    with use_language(code):
        words = {message: str(_(message)) for message in script_messages()}
    return json.dumps({english: said for english, said in words.items() if said != english},
                      ensure_ascii=False, sort_keys=True)


def page_values(name: str, code: str) -> dict[str, str]:
    """The ``{{placeholders}}`` of page ``name`` in language ``code``, escaped for HTML: its
    words, ``lang``, the scripts' ``words`` and the language ``switch``."""
    with use_language(code):
        words = PAGE_WORDS[name]()
        label = str(_("Language"))
    options = "".join(f"<option value='{other}'{' selected' if other == code else ''}>"
                      f"{html.escape(own_name)}</option>" for other, own_name in LANGUAGES.items())
    switch = (f"<nav class='sk-language'><select id='sk-language' aria-label='"
              f"{html.escape(label)}' title='{html.escape(label)}'>{options}</select></nav>")
    return {**{key: html.escape(text) for key, text in words.items()}, "lang": code,
            "words": html.escape(script_words(code)), "switch": switch}
