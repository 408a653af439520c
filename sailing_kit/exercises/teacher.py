"""The teacher's key to the answers: :func:`solution` and :func:`worked` work only in a teacher's
release.

``python -m sailing_kit.exercises.release teacher OUT`` writes ``unlock("<key>")`` into the first
cell of every teacher notebook. The key is checked against the key file on the teacher's own
machine, made by the first teacher release and readable by the teacher only: the file that
``$SAILING_KIT_TEACHER_KEY`` names, else ``~/.config/sailing_kit/teacher-key``. A student's
kernel has neither the key nor the file, so no function of the kit gives it a question's answer
(:meth:`~sailing_kit.exercises.question.Question.solution_for` refuses too); the grader's
sandbox shows a notebook neither the teacher's home nor its environment, so even a notebook that
holds a key cannot unlock while it is graded.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sailing_kit.core.i18n import _
from sailing_kit.exercises import question as _question
from sailing_kit.exercises import session

if TYPE_CHECKING:
    from sailing_kit.exercises.question import Question

KEY_VARIABLE = "SAILING_KIT_TEACHER_KEY"


def key_file() -> Path:
    """Where this machine's teacher key is kept."""
    named = os.environ.get(KEY_VARIABLE)
    if named:
        return Path(named)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "sailing_kit" / "teacher-key"


def make_key() -> str:
    """This machine's teacher key, made (readable by its owner only) if there is none yet."""
    path = key_file()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(16))
    return path.read_text(encoding="ascii").strip()


def unlock(key: str) -> str:
    """Let :func:`solution` and :func:`worked` answer in this kernel, if ``key`` is this
    machine's teacher key; raises PermissionError otherwise."""
    try:
        expected = key_file().read_text(encoding="ascii").strip()
    except OSError:
        expected = ""
    given = hashlib.sha256(str(key).encode()).digest()
    if not expected or not hmac.compare_digest(given, hashlib.sha256(expected.encode()).digest()):
        raise PermissionError(_("this is not the teacher key of this machine: the answers stay "
                                "locked (a teacher's release works on the machine that made "
                                "it)."))
    _question.TEACHER[0] = True
    return _("Teacher's version: the answers are unlocked in this kernel.")


def solution(question: Question[Any]) -> object:
    """The kit's answer to ``question`` for the student named in the first cell."""
    return question.solution_for(_named(question))


def worked(question: Question[Any]) -> object:
    """The worked picture of ``question``'s solution, for the student named in the first cell."""
    return question.worked_for(_named(question))


def _named(question: Question[Any]) -> str:
    started = session.session_of(question.exercise)
    if started is None:
        raise RuntimeError(_(session.NOT_STARTED))
    return started.student


def open_for_grading() -> None:
    """Unlock the answers in the grader's own process (the teacher's), so that each reason says
    what was expected. Never in a student's kernel: the grader flags a notebook that even
    imports this module."""
    _question.TEACHER[0] = True
