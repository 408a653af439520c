"""The student's side of the exercise results: name the class once, and every checked answer
is sent to the class server in the background. A server that is down or slow never blocks or
breaks a check: tries wait in a bounded queue and are sent when it answers again."""

from __future__ import annotations

import dataclasses
import json
import queue
import threading
import urllib.request
from collections.abc import Callable

from sailing_kit.exercises.attempts import Attempt, add_listener

QUEUE_SIZE = 1000
"""Tries kept while the server is away (older ones are dropped beyond this)."""
TIMEOUT = 3.0
RETRY_SECONDS = 5.0


class Reporter:
    """Sends attempts to ``address`` for the class ``class_code`` from a daemon thread."""

    def __init__(self, address: str, class_code: str, student: str | None = None):
        self.url = address.rstrip("/") + "/class/api/attempts"
        self.class_code = class_code
        self.student = student
        self.pending: queue.Queue[dict] = queue.Queue(QUEUE_SIZE)
        self.sent = 0
        self.stopped = threading.Event()
        threading.Thread(target=self._run, name="sailing-kit-report", daemon=True).start()

    def __call__(self, attempt: Attempt) -> None:
        record = dataclasses.asdict(attempt)
        if self.student:
            record["student"] = self.student
        try:
            self.pending.put_nowait(record)
        except queue.Full:  # the server has been away a long time: keep the newest tries
            self.pending.get_nowait()
            self.pending.put_nowait(record)

    def _run(self) -> None:
        while not self.stopped.is_set():
            try:
                record = self.pending.get(timeout=0.5)
            except queue.Empty:
                continue
            while not self.stopped.is_set() and not self._send(record):
                self.stopped.wait(RETRY_SECONDS)

    def _send(self, record: dict) -> bool:
        body = json.dumps({"class_code": self.class_code, "attempt": record}).encode()
        request = urllib.request.Request(self.url, data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                ok = response.status == 200
        except urllib.error.HTTPError as error:
            return error.code < 500 and error.code != 429  # refused for good: do not retry
        except OSError:
            return False
        self.sent += ok
        return True


def report_to(address: str, class_code: str, student: str | None = None) -> Callable[[], None]:
    """Send every exercise check of this notebook to the class at ``address`` (the address the
    teacher's server printed) under ``class_code`` (the class code it printed), as ``student``
    if given. Returns the function that stops sending."""
    reporter = Reporter(address, class_code, student)
    remove = add_listener(reporter)

    def stop() -> None:
        remove()
        reporter.stopped.set()

    return stop
