"""Keep the catalogs: ``python -m sailing_kit.locale extract [AREA ...] | new CODE | check [CODE]``.

- ``extract [AREA ...]``: read every marked message from the code (of every area, or of those
  named: core, race, ...) into each language's catalogs (new ones added untranslated, gone ones
  dropped);
- ``new CODE``: start a language (``new de``): a folder of catalogs, every message untranslated;
- ``check [CODE]``: compile every catalog (of one language, or all) and list what is missing,
  fuzzy or has other ``{placeholders}`` than its English; exit status 1 when anything is.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from sailing_kit.core.i18n import DEFAULT, LOCALE_DIR
from sailing_kit.locale import AREAS, KEYWORDS, METHODS, PACKAGE, methods_for

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


@cache
def template(area: str) -> Catalog:
    """Every message marked in ``area``'s code, as a catalog without translations (read once
    per run: treat it as read-only)."""
    catalog = Catalog(project="sailing_kit", header_comment="# sailing_kit: " + area)
    for place in AREAS[area]:
        path = PACKAGE / place
        found = [(f"{place}/{name}", lineno, message, comments, context)
                 for name, lineno, message, comments, context in extract_from_dir(
                     path, methods_for(area, place), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",))] \
            if path.is_dir() else \
            [(place, lineno, message, comments, context)
             for lineno, message, comments, context in extract_from_file(
                 next(how for pattern, how in METHODS if path.match(pattern)), path,
                 keywords=KEYWORDS, comment_tags=("TRANSLATORS:",))]
        for where, lineno, message, comments, context in found:
            catalog.add(message, None, [(where, lineno)], auto_comments=comments,
                        context=context)
    return catalog


def catalog_path(code: str, area: str) -> Path:
    return LOCALE_DIR / code / f"{area}.po"


def read(code: str, area: str) -> Catalog:
    path = catalog_path(code, area)
    if not path.exists():
        return Catalog(locale=code, project="sailing_kit")
    with path.open("rb") as file:
        return read_po(file, locale=code)


def write(code: str, area: str, catalog: Catalog) -> None:
    path = catalog_path(code, area)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:  # sorted, without line numbers: a catalog changes only
        write_po(file, catalog, width=100, no_location=True, sort_output=True,
                 include_previous=False, ignore_obsolete=True)


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir() and p.name.isalpha())


def extract(codes: Iterable[str], areas: Iterable[str] = AREAS) -> None:
    for area in areas:
        fresh = template(area)
        template.cache_clear()  # the catalog below is changed by update()
        for code in codes:
            catalog = read(code, area)
            fresh.creation_date = catalog.creation_date  # a catalog changes with its messages only
            catalog.update(fresh, no_fuzzy_matching=True)
            write(code, area, catalog)
        print(f"{area}: {len(fresh)} messages")


def new(code: str) -> None:
    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        sys.exit(f"{code!r} is no language code Babel knows (try de, es, it, pl, ro, ...)")
    (LOCALE_DIR / code).mkdir(exist_ok=True)
    extract([code])
    print(f"Now translate the files of {LOCALE_DIR / code} (any PO editor, such as Poedit), "
          f"then: python -m sailing_kit.locale check {code}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(code: str, area: str) -> list[str]:
    """What is wrong with one catalog: missing or fuzzy translations, other placeholders."""
    catalog, fresh, found = read(code, area), template(area), []
    for message in fresh:
        if not message.id:
            continue
        have: Message | None = catalog.get(message.id)
        forms = [] if have is None or not have.string else \
            [have.string] if isinstance(have.string, str) else list(have.string)
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        if have is None:
            found.append(f"missing: {english[0]!r}")
        elif code != DEFAULT and (have.fuzzy or not forms or not all(forms)):
            found.append(f"not translated: {english[0]!r}")
        elif any(form and placeholders(form) - placeholders(" ".join(english))
                 for form in forms):
            found.append(f"placeholders differ: {english[0]!r} -> {forms!r}")
    write_mo(BytesIO(), catalog)  # compiles, or raises
    return found


def check(codes: Iterable[str]) -> int:
    total = 0
    for code in codes:
        for area in AREAS:
            found = problems(code, area)
            total += len(found)
            for line in found:
                print(f"{code}/{area}.po: {line}")
    print("every catalog complete" if not total else f"{total} problems")
    return 1 if total else 0


def main(arguments: list[str]) -> int:
    match arguments:
        case ["extract", *areas] if set(areas) <= set(AREAS):
            extract(languages(), areas or AREAS)
        case ["new", code]:
            new(code)
        case ["check", *codes] if len(codes) <= 1:
            return check(codes or languages())
        case _:
            print(__doc__)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
