"""The student's side of the exercise results: register a name with the class once, then every
checked answer is sent in the background under that name (the class token proves it). A server
that is down or slow never blocks or breaks a check: tries wait in a bounded queue and are sent
when it answers again.

The token is kept in ``~/.sailing_kit/class_tokens.json`` (readable by its owner only), so a
restarted notebook reports under the same name without registering again.
"""

from __future__ import annotations

import dataclasses
import json
import os
import queue
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sailing_kit.classroom.errors import JoinRefused
from sailing_kit.core.i18n import _, language
from sailing_kit.exercises.attempts import Attempt, add_listener

QUEUE_SIZE = 1000
"""Tries kept while the server is away (older ones are dropped beyond this)."""
TIMEOUT = 3.0
RETRY_SECONDS = 5.0
TOKENS = Path.home() / ".sailing_kit" / "class_tokens.json"


class Reporter:
    """Sends attempts to the class at ``address`` from a daemon thread, with the class token of
    ``student`` (registered first if this computer has none for it)."""

    def __init__(self, address: str, class_code: str, student: str, tokens: Path = TOKENS):
        self.address = address.rstrip("/")
        self.class_code, self.student, self.tokens = class_code, student, tokens
        self.key = f"{self.address} {class_code.upper()} {student}"
        self.language = language()
        """The notebook's language: the class's refusals are asked in it."""
        self.token: str | None = _load(tokens).get(self.key)
        self.pending: queue.Queue[dict[str, Any]] = queue.Queue(QUEUE_SIZE)
        self.sent = 0
        self.stopped = threading.Event()
        if self.token is None:
            self.register(background=False)
        threading.Thread(target=self._run, name="sailing-kit-report", daemon=True).start()

    def register(self, *, background: bool = True) -> bool:
        """Get a class token for the name; JoinRefused (in the foreground) if the class refuses
        it, False while the server is away."""
        try:
            answer = _post(self.address + "/class/api/register",
                           {"class_code": self.class_code, "name": self.student}, self.language)
        except urllib.error.HTTPError as error:
            why = _error_words(error)
            if background:
                self.stopped.set()
                return False
            raise JoinRefused(why) from None
        except OSError:
            return False
        self.token = str(answer["token"])
        _save(self.tokens, self.key, self.token)
        return True

    def __call__(self, attempt: Attempt) -> None:
        record = {key: value for key, value in dataclasses.asdict(attempt).items()
                  if key != "student"}  # the name is the token's
        try:
            self.pending.put_nowait(record)
        except queue.Full:  # the server has been away a long time: keep the newest tries
            self.pending.get_nowait()
            self.pending.put_nowait(record)

    def _run(self) -> None:
        while not self.stopped.is_set():
            if self.token is None and not self.register():
                self.stopped.wait(RETRY_SECONDS)
                continue
            try:
                record = self.pending.get(timeout=0.5)
            except queue.Empty:
                continue
            while not self.stopped.is_set() and not self._send(record):
                self.stopped.wait(RETRY_SECONDS)

    def _send(self, record: dict[str, Any]) -> bool:
        try:
            _post(self.address + "/class/api/attempts", {"token": self.token, "attempt": record},
                  self.language)
        except urllib.error.HTTPError as error:
            return error.code < 500 and error.code != 429  # refused for good: do not retry
        except OSError:
            return False
        self.sent += 1
        return True


def _post(url: str, data: dict[str, Any], said: str) -> dict[str, Any]:
    """POST ``data`` as JSON, its answer asked in language ``said``."""
    request = urllib.request.Request(url, data=json.dumps(data).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Accept-Language": said})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def _error_words(error: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(error.read()).get("error", f"HTTP {error.code}"))
    except ValueError:
        return _("the class server refused (HTTP {code})", code=error.code)


def _load(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(data, dict) else {}


def _save(path: Path, key: str, token: str) -> None:
    tokens = {**_load(path), key: token}
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(tokens, out)


def report_to(address: str, class_code: str, student: str) -> Callable[[], None]:
    """Send every exercise check of this notebook to the class at ``address`` (the address the
    teacher's server printed), registering ``student`` with the class ``class_code`` the first
    time (JoinRefused if the class refuses the name or the code). Returns the function that
    stops sending."""
    reporter = Reporter(address, class_code, student)
    remove = add_listener(reporter)

    def stop() -> None:
        remove()
        reporter.stopped.set()

    return stop
