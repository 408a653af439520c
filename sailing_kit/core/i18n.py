"""Every word a student or teacher reads, in their language.

Messages are written in English in the code, marked by :func:`_` (or :func:`n_` where a count
decides the form), and translated through gettext catalogs: ``sailing_kit/locale/<language>/
<area>.po``, one file per area of the kit (``python -m sailing_kit.i18n`` extracts, starts and
checks them with Babel; docs/languages.md says how a teacher adds a language).

The language is the notebook's (:func:`set_language`), or for one stretch of code
:func:`use_language`: a board speaks the language it was made in, a class server each seat's own.
A translated text remembers its English (:attr:`Text.english`), so an error says the same rule in
every language and a log may keep both.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError, negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import Translations

from sailing_kit.core.errors import ConfigError

DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
"""Where the catalogs live: ``<language>/<area>.po``."""


def _languages() -> dict[str, str]:
    codes = sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir() and p.name.isalpha())
    codes = [DEFAULT, *(code for code in codes if code != DEFAULT)]
    return {code: (Locale.parse(code).get_display_name(code) or code).capitalize()
            for code in codes}


LANGUAGES = _languages()
"""The kit's languages (a folder of catalogs each), by code and their own name for themselves:
English first, then "bg" Български, "fr" Français, "hu" Magyar, "ru" Русский."""
MAX_LANGUAGE_TEXT = 200
"""The longest language choice read (an ``Accept-Language`` header, a ``?lang=`` value)."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a terminal says its user's language, first first (``LANGUAGE`` may list several:
``hu:en``)."""

_chosen = DEFAULT
_for_now: ContextVar[str | None] = ContextVar("sailing_kit_language", default=None)


class Text(str):
    """A translated text; :attr:`english` is the same text in English."""

    english: str

    def __new__(cls, text: str, english: str) -> Text:
        made = super().__new__(cls, text)
        made.english = english
        return made

    def __reduce__(self) -> tuple[type[Text], tuple[str, str]]:
        """Copied and pickled with its English (``copy.deepcopy`` of a state that logs texts)."""
        return Text, (str(self), self.english)


def read_language(value: object) -> str:
    """The kit's code for ``value`` ("hu", "HU", "hu-HU", "hu_HU" all give "hu"), or
    :class:`ConfigError` saying which languages there are."""
    if isinstance(value, str) and len(value) <= MAX_LANGUAGE_TEXT:
        code = value.strip().replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    shown = repr(value)[:40] if isinstance(value, str) else type(value).__name__
    listed = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    refusal = _("there is no language {given} in the kit: choose one of {languages}",
                given=shown, languages=listed)
    # In the language spoken now, and in English too: who asks for another language may not
    # read the one spoken now (each language is listed by its own name, so anyone finds theirs).
    raise ConfigError(refusal if refusal == refusal.english
                      else Text(f"{refusal} / {refusal.english}", refusal.english))


def language_argument(value: str) -> str:
    """:func:`read_language` as a command line's ``--language`` type: a code the kit has not is
    argparse's error (exit 2, with the list of languages)."""
    try:
        return read_language(value)
    except ConfigError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The teacher's language as the terminal's environment says it (:data:`ENVIRONMENT`, in
    that order; ``hu_HU.UTF-8`` is "hu"): the first the kit speaks, else English."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        for value in environ.get(variable, "")[:MAX_LANGUAGE_TEXT].split(":"):
            code = value.split(".")[0].split("@")[0]
            if code:
                try:
                    return read_language(code)
                except ConfigError:
                    continue
    return DEFAULT


def asked_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for with ``--language CODE`` (a command's help and
    words are in it), else :func:`environment_language`; a code the kit has not is left for the
    command's own parser to refuse."""
    asking = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    asking.add_argument("--language")
    try:
        value = asking.parse_known_args(list(argv))[0].language
        return read_language(value) if value is not None else environment_language(environ)
    except (argparse.ArgumentError, ConfigError):
        return environment_language(environ)


def set_language(code: str) -> str:
    """Speak ``code`` ("en", "hu", "bg", "fr" or "ru") from now on in this notebook: boards
    made from now, messages, refusals and exercise feedback. Returns the code read."""
    global _chosen
    _chosen = read_language(code)
    return _chosen


def language() -> str:
    """The language spoken here and now."""
    return _for_now.get() or _chosen


@contextmanager
def use_language(code: str) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block only (this thread or task alone)."""
    token = _for_now.set(read_language(code))
    try:
        yield language()
    finally:
        _for_now.reset(token)


def best_language(accept: str | None) -> str:
    """The kit's language nearest a browser's ``Accept-Language`` header (English when none
    fits or the header cannot be read)."""
    if not accept or len(accept) > MAX_LANGUAGE_TEXT:
        return DEFAULT
    wanted = []
    for part in accept.split(",")[:20]:
        tag, _, weight = part.strip().partition(";q=")
        try:
            wanted.append((float(weight) if weight else 1.0, tag.strip().replace("-", "_")))
        except ValueError:
            continue
    ranked = [tag for _, tag in sorted(wanted, key=lambda pair: -pair[0]) if tag]
    found = negotiate_locale(ranked, list(LANGUAGES), sep="_")
    if found is None:  # "hu_HU" is not "hu" to Babel's exact match: try the languages alone
        found = negotiate_locale([tag.split("_")[0] for tag in ranked], list(LANGUAGES))
    return found or DEFAULT


@cache
def translations(code: str, area: str | None = None) -> NullTranslations:
    """The catalogs of language ``code`` as one set of translations (compiled by Babel in
    memory, once per session): every area's, or ``area``'s alone."""
    merged = Catalog(locale=code)
    for po in sorted((LOCALE_DIR / code).glob("*.po" if area is None else f"{area}.po")):
        with po.open("rb") as file:
            catalog = read_po(file, locale=code)
        for message in catalog:
            if message.id and message.string and not message.fuzzy:
                merged[message.id] = message
    if not len(merged):
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    return Translations(compiled)


class Marked(str):
    """A constant marked by :func:`N_`: its English, and the area whose catalog translates it
    (the area of the module that wrote it, wherever it is shown)."""

    area: str | None

    def __new__(cls, text: str, area: str | None) -> Marked:
        made = super().__new__(cls, text)
        made.area = area
        return made

    def __reduce__(self) -> tuple[type[Marked], tuple[str, str | None]]:
        return Marked, (str(self), self.area)


@cache
def _area_of(module: str) -> str | None:
    """The area whose catalog holds the messages of ``module`` (``sailing_kit.race.rrs``:
    the trainer's), or None outside the kit."""
    from sailing_kit.locale import AREAS

    if not module.startswith("sailing_kit."):
        return None
    path = module.removeprefix("sailing_kit.").replace(".", "/")
    owners = [(len(place), area) for area, places in AREAS.items() for place in places
              if path == place.removesuffix(".py") or path.startswith(place + "/")]
    return max(owners)[1] if owners else None


def _translated(message: str, plural: str | None, count: int, caller: int) -> str:
    """``message`` (or its plural form for ``count``) in the language spoken now: from the
    catalog of the area that wrote it (the calling module's, or for a constant of :func:`N_`
    the module's that marked it, wherever it is shown), else from any area's. So one
    English word says what its own area means by it ("move": a column of the review, a
    heading of Calm's)."""
    code = language()
    area = message.area if isinstance(message, Marked) else _caller_area(caller + 1)
    own = translations(code, area) if area else None
    key = message if plural is None else (message, 0)
    catalog = own if own is not None and key in getattr(own, "_catalog", {}) \
        else translations(code)
    return catalog.gettext(message) if plural is None else catalog.ngettext(message, plural,
                                                                             count)


def _caller_area(depth: int) -> str | None:
    module = sys._getframe(depth + 1).f_globals.get("__name__", "")
    return _area_of(module) if isinstance(module, str) else None


def _english(values: dict[str, Any]) -> dict[str, Any]:
    return {name: getattr(value, "english", value) for name, value in values.items()}


def _filled(template: str, english: str, values: dict[str, Any]) -> Text:
    english_text = english.format(**_english(values)) if values else english
    try:
        text = template.format(**values) if values else template
    except (KeyError, IndexError, ValueError):  # a translation's placeholders gone wrong
        text = english_text
    return Text(text, english_text)


def _(message: str, /, **values: Any) -> Text:
    """``message`` in the language spoken now, its ``{placeholders}`` filled from ``values``."""
    return _filled(_translated(message, None, 1, 1), message, values)


def N_(message: str, /) -> str:
    """``message`` itself, marked for the catalogs: a constant written at import, before any
    language is chosen, and translated where it is shown (``_(CONSTANT)``), from the catalog of
    the area that wrote it."""
    return Marked(message, _caller_area(1))


def n_(singular: str, plural: str, count: int, /, **values: Any) -> Text:
    """The form of ``singular``/``plural`` that ``count`` takes in the language spoken now
    (Russian has three); ``{count}`` is the count written as the language writes numbers."""
    values = {"count": number(count), **values}
    english = singular if count == 1 else plural
    return _filled(_translated(singular, plural, count, 1), english, values)


def number(value: float, digits: int | None = None) -> Text:
    """``value`` as the language spoken now writes it (``1,234.5``, ``1 234,5``), knowing its
    English (so a message's English writes its numbers the English way)."""
    pattern = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return _written(lambda locale: format_decimal(value, format=pattern, locale=locale))


def percent(value: float, digits: int = 0) -> Text:
    """``value`` (0.25) as a percentage the way the language spoken now writes it, knowing its
    English."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return _written(lambda locale: format_percent(value, format=pattern, locale=locale))


def _written(write: Callable[[Locale], str]) -> Text:
    text = write(_locale())
    return Text(text, text if language() == DEFAULT else write(_locale_of(DEFAULT)))


@cache
def _locale_of(code: str) -> Locale:
    try:
        return Locale.parse(code)
    except UnknownLocaleError:  # pragma: no cover  # every code of LANGUAGES is Babel's
        return Locale.parse(DEFAULT)


def _locale() -> Locale:
    return _locale_of(language())
