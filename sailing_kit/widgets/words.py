"""Short words for the status line: a message cut to its first sentence, within one line."""

from __future__ import annotations

import re

SHORT_MOST = 64
"""The longest short line (characters): one line under the narrowest board."""
_CITATION = re.compile(r"^§[\d.]+(?: \([^)]*\))?:\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s")


def short_line(message: str, most: int = SHORT_MOST) -> str:
    """The first sentence of ``message`` (without a leading rule citation such as "§3.1: "),
    cut at a word to at most ``most`` characters; the message itself if it is short."""
    message = " ".join(message.split())
    if len(message) <= most:
        return message
    first = _SENTENCE_END.split(_CITATION.sub("", message), maxsplit=1)[0]
    if len(first) <= most:
        return first
    cut = first[:most - 1].rsplit(" ", 1)[0].rstrip(",;: ")
    return f"{cut}…"
