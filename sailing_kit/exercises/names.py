"""Students' names: cleaned before they reach a file or a terminal, and compared as a reader
would.

:func:`clean` drops control and formatting characters (escape sequences, zero-width marks,
bidirectional overrides) and lone surrogates, and folds runs of white space. :func:`key` is
how names are compared, by the variants and by the grader: Unicode NFKC, look-alike letters of
the Cyrillic and Greek alphabets read as the Latin letters they look like, case folded and white
space folded, so "Ana", " ana " and "Аna" (a Cyrillic А) are one name.
"""

from __future__ import annotations

import unicodedata

MOST = 80
"""The longest name kept, in characters."""

_LOOK_ALIKES = {
    # Cyrillic capitals and small letters that look like Latin ones
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i",
    "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ѵ": "v", "ё": "ë", "ї": "ï",
    # Greek capitals and small letters that look like Latin ones
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ι": "i", "κ": "k", "ν": "v",
    "ρ": "p", "υ": "u", "χ": "x", "α": "a", "ϲ": "c", "ϳ": "j",
}
_FOLD = str.maketrans(_LOOK_ALIKES)


def clean(name: object, most: int = MOST) -> str:
    """``name`` as text safe to print or store: no control or formatting characters, no lone
    surrogates, single spaces, at most ``most`` characters."""
    text = str.__str__(name)[: 4 * most] if isinstance(name, str) else ""
    kept = "".join(c if unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn") else " "
                   for c in text)
    return " ".join(kept.split())[:most]


def key(name: object) -> str:
    """The name as it is compared: NFKC, look-alikes folded, case and white space ignored."""
    text = unicodedata.normalize("NFKC", clean(name)).translate(_FOLD)
    return " ".join(text.casefold().split())


def looks_alike(first: str, second: str) -> bool:
    """True for two spellings of one name that differ in more than case and spaces."""
    return key(first) == key(second) and _plain_key(first) != _plain_key(second)


def _plain_key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", clean(name)).casefold().split())
