"""What a class accepts from outside before anything else looks at it: names, codes, broadcast
texts, and how often one browser, seat or student may try something.

Every check here reads a bounded value (lengths are checked first, so a huge input is refused in
time proportional to the limit, not to its size) and refuses in words.
"""

from __future__ import annotations

import collections
import hashlib
import secrets
import time
import unicodedata
from typing import Any

from sailing_kit.classroom.errors import JoinRefused, TooManyTries
from sailing_kit.core.i18n import N_, _

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes avoid letters a student confuses (0/O, 1/I)."""
CODE_LENGTH = 5
CLASS_CODE_LENGTH = 6
MAX_CODE = 16
NAME_LENGTH = 30
BROADCAST_LENGTH = 200
TRIES = N_("tries")


def secret_hash(secret: str) -> str:
    """What the store keeps of a secret (a token, a key): its SHA-256, never the secret."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _letter in range(length))


def normal_code(code: Any) -> str:
    """A typed code as stored: spaces dropped, upper case ('' for anything that is not a short
    text, so a wrong type is just a wrong code)."""
    if not isinstance(code, str) or len(code) > 4 * MAX_CODE:
        return ""
    code = "".join(code.split()).upper()
    return code if len(code) <= MAX_CODE and code.isascii() and code.isalnum() else ""


def clean_name(name: Any) -> str:
    """A student's name as typed, trimmed; JoinRefused if not text, too long, or without a
    visible letter or digit (only spaces, marks, fillers or blank symbols)."""
    if not isinstance(name, str):
        raise JoinRefused(_("Type your name to take a seat."))
    if len(name) > 4 * NAME_LENGTH:  # before any work on it
        raise JoinRefused(_("A name has at most {count} characters.", count=NAME_LENGTH))
    cleaned = unicodedata.normalize("NFC", " ".join(name.split()))
    if any(unicodedata.category(ch)[0] == "C" for ch in cleaned):
        raise JoinRefused(_("A name is letters, digits and spaces."))
    if len(cleaned) > NAME_LENGTH:
        raise JoinRefused(_("A name has at most {count} characters.", count=NAME_LENGTH))
    if not any(_visible_letter_or_digit(ch) for ch in cleaned):
        raise JoinRefused(_("Type your name to take a seat: it needs a letter or a digit."))
    return cleaned


def _visible_letter_or_digit(ch: str) -> bool:
    """A letter or digit that draws something (not U+3164 HANGUL FILLER, U+115F/U+1160, U+FFA0,
    nor U+2800 BRAILLE BLANK, which is a symbol anyway)."""
    return unicodedata.category(ch)[0] in "LN" and ch not in "\u115f\u1160\u3164\uffa0"


def clean_broadcast(text: Any) -> str:
    """A teacher's message for every seat: text of at most 200 characters, one line."""
    if not isinstance(text, str) or len(text) > 4 * BROADCAST_LENGTH:
        raise ValueError(_("a message is text of at most {count} characters",
                           count=BROADCAST_LENGTH))
    line = " ".join(text.split())
    if len(line) > BROADCAST_LENGTH or any(unicodedata.category(ch)[0] == "C" for ch in line):
        raise ValueError(_("a message is one line of at most {count} characters",
                           count=BROADCAST_LENGTH))
    return line


class Limiter:
    """At most ``count`` events per ``window`` seconds for each key (a browser, a seat, a
    student); keeps at most ``keys`` keys (the quietest are forgotten first)."""

    def __init__(self, count: int, window: float, *, keys: int = 20_000):
        self.count, self.window, self.keys = count, window, keys
        self._seen: collections.OrderedDict[str, collections.deque[float]] = collections.OrderedDict()

    def _times(self, key: str) -> collections.deque[float]:
        times = self._seen.pop(key, None) or collections.deque()
        self._seen[key] = times  # the most recently used last
        while len(self._seen) > self.keys:
            self._seen.popitem(last=False)
        now = time.monotonic()
        while times and now - times[0] > self.window:
            times.popleft()
        return times

    def check(self, key: str, what: str = TRIES) -> None:
        """TooManyTries if ``key`` has used its events in this window (``what``: a constant
        marked with ``N_``, said in the language spoken now)."""
        times = self._times(key)
        if len(times) >= self.count:
            wait = int(self.window - (time.monotonic() - times[0])) + 1
            raise TooManyTries(_("Too many {what} from this browser: wait {wait} s, then try "
                                 "again.", what=_(what), wait=wait))

    def note(self, key: str) -> None:
        self._times(key).append(time.monotonic())

    def take(self, key: str, what: str = TRIES) -> None:
        """Check, then count one event for ``key``."""
        self.check(key, what)
        self.note(key)
