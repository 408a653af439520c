"""A Babel extractor for the trainer's data files: the words a student reads in them, which the
trainer translates where it shows them (``_(situation.title)``).

- situations (``race/situations/level*.json``, a quiz ``{"quiz": ..., "situations": [...]}``
  or one situation with its ``"ask"``): each one's title, topic and note;
- scenarios (``race/scenarios/*.json``, with their ``"expected"`` ruling): title and
  explanation.

Any other JSON file yields nothing.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

FIELDS = ("title", "topic", "note")
"""A situation's fields a student reads."""
SCENARIO_FIELDS = ("title", "explanation")
"""A scenario's fields a student reads."""
MAX_BYTES = 2_000_000
"""The largest file read (the shipped levels are some 60 kB each)."""

Extracted = tuple[int, str | None, str, list[str]]


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's extractor protocol: (line number, function name, message, comments) for each
    student-facing field of each situation in ``fileobj``."""
    raw = fileobj.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        return
    text = raw.decode("utf-8")
    try:
        data = json.loads(text)
    except ValueError:
        return
    situations = data.get("situations") if isinstance(data, dict) else None
    fields: tuple[str, ...] = FIELDS
    if not isinstance(situations, list):
        situations = [data] if isinstance(data, dict) and "ask" in data else []
    if isinstance(data, dict) and "expected" in data and "explanation" in data:
        situations, fields = [data], SCENARIO_FIELDS
    lines = text.splitlines()
    for situation in situations:
        if not isinstance(situation, dict):
            continue
        ident = str(situation.get("id", ""))
        for name in fields:
            value = situation.get(name)
            if isinstance(value, str) and value:
                yield (_line_of(lines, ident, name, value), None, value,
                       [f"situation {ident}: its {name}"])


def _line_of(lines: list[str], ident: str, name: str, value: str) -> int:
    """The line (from 1) where ``name`` holds ``value``, after the line naming ``ident``."""
    start = next((i for i, line in enumerate(lines) if json.dumps(ident) in line), 0)
    needle = json.dumps(name) + ":"
    encoded = json.dumps(value, ensure_ascii=False)[1:-1]
    found = next((i for i in range(start, len(lines))
                  if needle in lines[i] and encoded[:30] in lines[i]), start)
    return found + 1
