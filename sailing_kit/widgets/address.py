"""What an app's address asks for: ``?seed=123`` (the same game for everyone), ``?projector=1``
(large type for the back of a classroom), ``?teacher=1`` (the More menu's tools) and
``?lang=hu`` (the page's language: en, bg, fr, hu or ru).

Voilà hands the page's query string to the kernel as the ``QUERY_STRING`` environment variable
(in JupyterLab there is none). It comes from outside, so it is read strictly: a bounded length,
known names only, and a value that cannot be read is refused in words and changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _, read_language, set_language
from sailing_kit.core.protocol import MAX_SEED

MAX_QUERY = 400
"""The longest query string read (characters); a longer one is ignored whole."""
_FLAGS = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}


@dataclass(frozen=True)
class PageOptions:
    """The options of an app's address; ``refused`` says, in words, what was not read."""

    seed: int | None = None
    projector: bool = False
    teacher: bool = False
    language: str | None = None
    """The language the address asks for (None: the notebook's)."""
    refused: tuple[str, ...] = field(default=())


def page_options(query: str | None = None) -> PageOptions:
    """The options of ``query`` (by default the page's own, from ``QUERY_STRING``)."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    if len(query) > MAX_QUERY:
        return PageOptions(refused=(_("the address's options are longer than {most} "
                                      "characters: none of them is used", most=MAX_QUERY),))
    values: dict[str, object] = {}
    refused = []
    for name, value in parse_qsl(query, keep_blank_values=True):
        if name == "seed":
            seed = _seed(value)
            if seed is None:
                refused.append(_("seed={value} is not a whole number from 0 to 2**256 - 1: "
                                 "a new seed is drawn", value=repr(value[:20])))
            else:
                values["seed"] = seed
        elif name in ("projector", "teacher"):
            flag = _FLAGS.get(value.strip().lower() or "1")
            if flag is None:
                refused.append(_("{name}={value} is neither 1 nor 0: it is ignored",
                                 name=name, value=repr(value[:20])))
            else:
                values[name] = flag
        elif name == "lang":
            try:
                values["language"] = read_language(value)
            except ConfigError as error:
                refused.append(_("lang={value}: {problem}; the page stays in its language",
                                 value=repr(value[:20]), problem=error))
    return PageOptions(**values, refused=tuple(refused))  # type: ignore[arg-type]  # each value was read by its option's own reader above


def _seed(text: str) -> int | None:
    text = text.strip()
    if not text.isdigit() or not text.isascii() or len(text) > len(str(MAX_SEED)):
        return None
    seed = int(text)
    return seed if seed <= MAX_SEED else None


def speak_page_language(page: PageOptions | None = None) -> PageOptions:
    """Speak the language the page's address asks for (``?lang=hu``) from now on, before any
    board is made; an address without one (or with a wrong one) changes nothing. Returns the
    page's options (their ``refused`` says what was not read)."""
    page = page_options() if page is None else page
    if page.language is not None:
        set_language(page.language)
    return page
