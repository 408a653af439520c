"""Run one submitted notebook in a kernel of its own and read its answers as they come.

The kernel (:mod:`~sailing_kit.grade.inside`) runs in the sandbox of
:mod:`~sailing_kit.grade.sandbox` (or, with ``--isolation none``, as a plain process in an
empty folder) and reports after every cell on a pipe: the ``answer_N`` values that changed, the
names it was started with, code that reached for the kit's answers, and the cell's error. The
grader keeps what it heard so far, so a cell that never ends or a kernel that dies costs only
the answers that come after it. It stops the kernel at the time limits and at the size limits
of what it sends, and never leaves it running.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from sailing_kit.core.i18n import N_
from sailing_kit.exercises import data, names
from sailing_kit.grade import sandbox
from sailing_kit.grade.sandbox import Limits
from sailing_kit.grade.words import Later, later

GRACE = 5.0
"""Seconds beyond a cell's limit before a kernel that ignores the interrupt is killed."""
STARTUP = 60.0
"""Seconds a kernel may take to start."""
MOST_LINE = 1_000_000
"""The longest line the kernel may send, in bytes."""
MOST_SENT = 16_000_000
"""The most bytes a kernel may send in all."""
NOTEBOOK = "notebook.ipynb"
"""The name of the notebook's private copy in the kernel's folder."""


@dataclass
class Run:
    """What running a notebook gave, as far as it got."""

    answers: dict[str, object] = field(default_factory=dict)
    """The last value of each ``answer_N`` the kernel reported."""
    started: dict[str, list[str]] = field(default_factory=dict)
    """Every name each exercise was started with, in order."""
    problems: list[tuple[int, str]] = field(default_factory=list)
    """What went wrong, cell by cell: (7, "ZeroDivisionError: ...")."""
    peeks: list[str] = field(default_factory=list)
    """Code that reached for the kit's answers (the audit hook's reports)."""
    finished: int = 0
    """How many code cells ran to their end (or to their time limit)."""
    stopped: Later | None = None
    """Why the run ended before its last cell (None if every cell ran)."""


def run(cells: Sequence[tuple[int, str]], notebook: str, limits: Limits,
        sandboxed: bool = True) -> Run:
    """Run the code ``cells`` ((cell number in the notebook, source), in order) of a notebook
    whose text is ``notebook``."""
    job = json.dumps({"cells": [source for _, source in cells], "notebook": notebook,
                      "name": NOTEBOOK, "cell_timeout": limits.cell_timeout,
                      "limits": limits.for_kernel()}).encode()
    inner = [sys.executable, "-I", "-m", "sailing_kit.grade.inside"]
    with tempfile.TemporaryDirectory(prefix="sailing_kit-grade-") as folder:
        reader, writer = os.pipe()
        if sandboxed:
            argv, env, cwd = sandbox.command(inner), None, None
        else:
            argv, env, cwd = inner, {**sandbox.environment(), "HOME": folder}, folder
        inner_job = job[:-1] + f', "channel": {writer}}}'.encode()
        try:
            process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, pass_fds=(writer,), env=env,
                                       cwd=cwd, start_new_session=True)
        finally:
            os.close(writer)
        try:
            return _Listener(process, reader, cells, limits).listen(inner_job)
        finally:
            os.close(reader)
            _end(process, sandboxed)


def _end(process: subprocess.Popen[bytes], sandboxed: bool) -> None:
    """Stop the kernel and everything it started (the sandbox's PID namespace goes with it)."""
    if not sandboxed:
        with contextlib.suppress(OSError):  # already gone
            os.killpg(process.pid, signal.SIGKILL)
    process.kill()
    process.wait()
    for stream in (process.stdin, process.stderr):
        if stream is not None:
            stream.close()


class _Listener:
    """Reads the kernel's reports into a :class:`Run`, within the limits."""

    def __init__(self, process: subprocess.Popen[bytes], reader: int,
                 cells: Sequence[tuple[int, str]], limits: Limits) -> None:
        self.process, self.reader, self.cells, self.limits = process, reader, cells, limits
        self.result = Run()
        self.buffer, self.sent, self.errors = b"", 0, b""
        self.ready = self.done = False

    def _number(self, index: int) -> int:
        """The notebook's number of the code cell at ``index``."""
        return self.cells[min(index, len(self.cells) - 1)][0] if self.cells else 0

    def listen(self, job: bytes) -> Run:
        assert self.process.stdin is not None and self.process.stderr is not None
        try:
            self.process.stdin.write(job)
            self.process.stdin.close()
        except OSError:  # the kernel did not even start: its error output says why
            pass
        selector = selectors.DefaultSelector()
        selector.register(self.reader, selectors.EVENT_READ, "channel")
        selector.register(self.process.stderr, selectors.EVENT_READ, "errors")
        began = time.monotonic()
        cell_began, deadline = began, began + STARTUP
        while not self.done and not self.result.stopped:
            now = time.monotonic()
            if now >= deadline:
                self._out_of_time(now - began)
                break
            for key, _ in selector.select(timeout=min(1.0, deadline - now)):
                chunk = os.read(key.fileobj if isinstance(key.fileobj, int)
                                else key.fileobj.fileno(), 65536)
                if key.data == "errors":
                    self.errors = (self.errors + chunk)[:4096]
                    if not chunk:
                        selector.unregister(key.fileobj)
                    continue
                if not chunk:
                    self._ended()
                    break
                before = (self.ready, self.result.finished)
                self._take(chunk)
                if (self.ready, self.result.finished) != before:
                    cell_began = time.monotonic()
                    if not before[0]:
                        began = cell_began  # the notebook's time starts once the kernel is up
                    deadline = min(began + self.limits.notebook_timeout,
                                   cell_began + self.limits.cell_timeout + GRACE)
        selector.close()
        return self.result

    def _out_of_time(self, elapsed: float) -> None:
        cell = self._number(self.result.finished)
        if not self.ready:
            self.result.stopped = later(N_("the kernel did not start within {seconds} s"),
                                        seconds=f"{STARTUP:g}")
        elif elapsed >= self.limits.notebook_timeout:
            self.result.stopped = later(N_("the notebook ran longer than {seconds} s in all and "
                                           "was stopped in cell {cell}"),
                                        seconds=f"{self.limits.notebook_timeout:g}", cell=cell)
        else:
            self.result.stopped = later(N_("cell {cell} ran longer than {seconds} s and did not "
                                           "stop when interrupted: the notebook hangs"),
                                        cell=cell, seconds=f"{self.limits.cell_timeout:g}")

    def _ended(self) -> None:
        if self.done:
            return
        if not self.ready:
            said = " ".join(self.errors.decode("utf-8", "replace").split())[:200]
            self.result.stopped = (later(N_("the kernel could not start ({said})"), said=said)
                                   if said else later(N_("the kernel could not start")))
        else:
            self.result.stopped = later(N_("the kernel died while running cell {cell}"),
                                        cell=self._number(self.result.finished))

    def _take(self, chunk: bytes) -> None:
        self.sent += len(chunk)
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        if self.sent > MOST_SENT or len(self.buffer) > MOST_LINE:
            self.result.stopped = later(N_("the notebook's kernel sent far more than answers "
                                           "(stopped in cell {cell})"),
                                        cell=self._number(self.result.finished))
            return
        for line in lines:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict):
                self._heard(message)

    def _heard(self, message: dict[str, object]) -> None:
        result = self.result
        if message.get("ready") is True:
            self.ready = True
        elif message.get("done") is True:
            self.done = True
        elif isinstance(name := message.get("answer"), str) and name.startswith("answer_"):
            if name[7:].isdigit() and len(name) < 12:
                result.answers[name] = data.decode(message.get("value"))
        elif isinstance(started := message.get("started"), dict):
            result.started = {names.clean(str(k))[:40]: [names.clean(n) for n in v[:20]
                                                           if isinstance(n, str)]
                              for k, v in list(started.items())[:10] if isinstance(v, list)}
        elif message.get("flag") == "answer-api" and len(result.peeks) < 20:
            result.peeks.append(names.clean(str(message.get("why")), 200))
        elif isinstance(index := message.get("cell"), int) and index == result.finished:
            result.finished += 1
            error = message.get("error")
            if isinstance(error, str) and error:
                result.problems.append((self._number(index), names.clean(error, 200)))
