"""The kernel side of grading: ``python -I -m sailing_kit.grade.inside``, started by
:mod:`~sailing_kit.grade.runner`, inside the sandbox.

It reads its job (the notebook's code cells, its limits) from standard input, lowers its own
limits (memory, CPU time, file size, processes: no later code can raise them again), writes the
private copy of the notebook into its working folder, installs an audit hook that reports code
reaching for the kit's answers (:mod:`~sailing_kit.grade.peeking`), then runs the cells one by
one in an IPython shell, each stopped at its time limit. After every cell it writes to the
grader's channel (a pipe) one JSON line per ``answer_N`` that changed, as plain data
(:mod:`sailing_kit.exercises.data`), the names ``start()`` was called with, and a line for the
cell itself. Everything the cells print is dropped beyond a few KB; the grader reads the channel
only.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import resource
import signal
import sys
from collections.abc import Callable
from typing import Any

KEPT_OUTPUT = 4096
"""How many characters of what the cells print are kept (the rest is dropped unread)."""
MOST_ANSWER = 256_000
"""The longest answer line written, in characters; a bigger answer is sent as too big."""
_ANSWER = re.compile(r"answer_(\d{1,3})")


class CellTimeout(KeyboardInterrupt):
    """The cell ran out of its time."""


class _Capped(io.TextIOBase):
    """A stream that keeps the first :data:`KEPT_OUTPUT` characters and drops the rest."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.size < KEPT_OUTPUT and isinstance(text, str):
            self.kept.append(text[: KEPT_OUTPUT - self.size])
        self.size += len(text) if isinstance(text, str) else 0
        return len(text) if isinstance(text, str) else 0


def _send_to(channel: int) -> Callable[[dict[str, object]], None]:
    write = os.write

    def send(message: dict[str, object]) -> None:
        line = (json.dumps(message) + "\n").encode()
        while line:
            line = line[write(channel, line):]
    return send


def _limit(limits: dict[str, int]) -> None:
    """Lower the hard limits of this process and of every process it starts."""
    for name, value in (("RLIMIT_AS", limits["memory"]), ("RLIMIT_CPU", limits["cpu"]),
                        ("RLIMIT_FSIZE", limits["file_size"]), ("RLIMIT_NPROC", limits["processes"]),
                        ("RLIMIT_CORE", 0)):
        resource.setrlimit(getattr(resource, name), (value, value))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file too big fails to write, no kill


def _audit(send: Callable[[dict[str, object]], None]) -> Callable[[str, tuple[Any, ...]], None]:
    """The audit hook: flags code reaching for the kit's answers as it is compiled or imported."""
    from sailing_kit.grade.peeking import LOADED_ON_DEMAND, uses

    busy, told = [False], set()
    installed = tuple(sorted({sys.prefix, sys.base_prefix, os.path.dirname(os.path.dirname(
        sys.modules["sailing_kit.grade.peeking"].__file__ or "/"))}))

    def the_kits_or_pythons(filename: object) -> bool:
        """A module file of the read-only installation being imported (not a student's code)."""
        return (isinstance(filename, str) and filename.startswith(installed)
                and filename.endswith(".py") and os.path.isfile(filename))

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if busy[0] or event not in ("compile", "import", "gc.get_objects", "gc.get_referrers"):
            return
        busy[0] = True
        try:
            found: list[str] = []
            if (event == "compile" and isinstance(args[0], (str, bytes))
                    and not the_kits_or_pythons(args[1])):
                source = args[0] if isinstance(args[0], str) else args[0].decode("utf-8", "replace")
                found = uses(source)
            elif event == "import" and isinstance(args[0], str):
                found = [f"imports {args[0]}" for m in LOADED_ON_DEMAND
                         if args[0] == m or args[0].startswith(m + ".")][:1]
            elif event.startswith("gc."):
                found = [f"calls {event}"]
            for why in found:
                if why not in told:
                    told.add(why)
                    send({"flag": "answer-api", "why": why[:200]})
        finally:
            busy[0] = False
    return hook


def _shell() -> Any:
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False
    config.InteractiveShell.colors = "NoColor"
    config.InteractiveShell.xmode = "Plain"
    return InteractiveShell.instance(config=config)


def _error(result: Any) -> str:
    error = result.error_before_exec or result.error_in_exec
    if error is None:
        return ""
    try:
        text = f"{type(error).__name__}: {error}"
    except BaseException:  # a student's exception whose str fails
        text = type(error).__name__
    return text[:200]


class _Harvest:
    """The answers and names seen so far, to send only what changed."""

    def __init__(self, send: Callable[[dict[str, object]], None]) -> None:
        from sailing_kit.exercises.data import encode, plain

        self.send, self.encode, self.plain = send, encode, plain
        self.answers: dict[str, str] = {}
        self.names = ""

    def after_cell(self, namespace: dict[str, object], cell: int) -> None:
        for name in [n for n in dict.keys(namespace) if type(n) is str and _ANSWER.fullmatch(n)]:
            line = json.dumps(self.encode(self.plain(dict.get(namespace, name))))
            if len(line) > MOST_ANSWER:
                line = json.dumps({"opaque": [f"an answer of {len(line):,} characters",
                                              "is far too big to be the answer"]})
            if self.answers.get(name) != line:
                self.answers[name] = line
                self.send({"answer": name, "cell": cell, "value": json.loads(line)})
        session = sys.modules.get("sailing_kit.exercises.session")
        started = session.names_started() if session is not None else {}
        names = json.dumps(started)
        if names != self.names and len(names) < 100_000:
            self.names = names
            self.send({"started": started})


def main() -> None:
    job = json.loads(sys.stdin.read())
    _limit(job["limits"])
    send = _send_to(job["channel"])
    with open(job["name"], "w", encoding="utf-8") as copy:  # the private copy of the notebook
        copy.write(job["notebook"])
    harvest = _Harvest(send)
    shell = _shell()
    output = _Capped()
    sys.stdout = sys.stderr = output
    sys.addaudithook(_audit(send))
    send({"ready": True})

    def stop(signum: int, frame: object) -> None:
        raise CellTimeout(f"the cell ran longer than {job['cell_timeout']:g} s and was stopped")

    for index, source in enumerate(job["cells"]):
        signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, job["cell_timeout"])
        try:
            result = shell.run_cell(source, store_history=True)
            signal.setitimer(signal.ITIMER_REAL, 0)
            error = _error(result)
        except BaseException as problem:  # the alarm fell outside the cell's own code
            signal.setitimer(signal.ITIMER_REAL, 0)
            error = f"{type(problem).__name__}: {problem}"[:200]
        with contextlib.suppress(Exception):  # a notebook that broke its own namespace
            harvest.after_cell(shell.user_ns, index)
        send({"cell": index, "error": error})
    send({"done": True})
    os._exit(0)  # no exit handler of the notebook runs


if __name__ == "__main__":
    main()
