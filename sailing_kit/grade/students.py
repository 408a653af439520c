"""Who is who: every graded notebook matched to one student, and what the teacher should look
at, in the ``flags`` column.

With ``--roster roster.csv`` (a column ``name``, optional ``id`` and ``email``) a notebook is
matched by the name its kernel started with and, where the file is named after a student, by its
file or folder name. Names are compared as :func:`sailing_kit.exercises.names.key` reads them
(NFKC, look-alike letters, case and spaces folded). Nothing is ever summed silently; these flags
say what to check:

- ``not-on-roster``: the started name is on no roster line;
- ``name-differs-from-file``: the started name is not the file's owner (a roster student, or
  without a roster another student of the class);
- ``second-name``: ``start()`` was called again with another name (the last one is graded);
- ``look-alike``: the name is written with other letters that look the same ("Аna" with a
  Cyrillic А) as the roster's, or, without a roster, as another notebook's;
- ``duplicate``: two notebooks of one student for one exercise (totals count the better one);
- ``answer-api``: the notebook's code reached for the kit's answers, grading or checking
  internals (:mod:`~sailing_kit.grade.peeking`);
- ``malformed``: cells of the file that are not notebook cells were skipped.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from sailing_kit.core.i18n import _
from sailing_kit.exercises import names
from sailing_kit.grade.scores import Graded, Row

MAX_ROSTER_BYTES = 2_000_000
MAX_STUDENTS = 5000


class RosterError(ValueError):
    """A roster that cannot be read; the message says why."""


@dataclass(frozen=True)
class Student:
    """One line of the roster."""

    name: str
    id: str = ""
    email: str = ""

    def names(self) -> set[str]:
        """Every way a notebook may name this student: the name, the id, the email and its
        user part."""
        found = {names.key(self.name)}
        for other in (self.id, self.email, self.email.split("@")[0]):
            if other.strip():
                found.add(names.key(other))
        return found


def read_roster(path: Path) -> list[Student]:
    """The students of ``roster.csv`` (a header with ``name``; ``id`` and ``email`` optional)."""
    try:
        if path.stat().st_size > MAX_ROSTER_BYTES:
            raise RosterError(_("{path} is over {most} MB: not a roster", path=path,
                                most=MAX_ROSTER_BYTES // 1_000_000))
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise RosterError(_("{path} cannot be read as UTF-8 text ({why})", path=path,
                            why=type(error).__name__)) from None
    rows = csv.DictReader(io.StringIO(text))
    header = {names.key(h): h for h in rows.fieldnames or () if isinstance(h, str)}
    if "name" not in header:
        raise RosterError(_("{path} has no column {name} in its first line", path=path,
                            name='"name"'))
    students: list[Student] = []
    for line in rows:
        if len(students) >= MAX_STUDENTS:
            raise RosterError(_("{path} has more than {most} students", path=path,
                                most=MAX_STUDENTS))
        name = names.clean(line.get(header["name"]) or "")
        if name:
            students.append(Student(name, names.clean(line.get(header.get("id", ""), "") or ""),
                                    names.clean(line.get(header.get("email", ""), "") or "")))
    if not students:
        raise RosterError(_("{path} names no student", path=path))
    return students


def _owner_key(owner: str) -> str:
    return names.key(owner.replace("_", " ").replace("-", " ").replace(".", " "))


def attribute(graded: Sequence[Graded], roster: Sequence[Student] | None = None) -> list[Row]:
    """Every row of ``graded`` under its student, with its flags (see the module docstring)."""
    flagged: list[tuple[Graded, str, str, list[str]]] = []
    if roster:
        match = {k: s for s in reversed(roster) for k in s.names()}
        for g in graded:
            flagged.append(_with_roster(g, match))
    else:
        spelling = _spellings(graded)
        started = {names.key(g.graded_as) for g in graded}
        for g in graded:
            shown = spelling.get(names.key(g.graded_as), g.graded_as)
            flags = _common_flags(g)
            if names.looks_alike(g.graded_as, shown):
                flags.append("look-alike: " + _('wrote "{wrote}" for "{name}"',
                                                wrote=g.graded_as, name=shown))
            owner = _owner_key(g.owner)
            if owner in started and owner != names.key(g.graded_as):
                flags.append("name-differs-from-file: " + _(
                    'started as "{name}", the file is named for "{owner}"',
                    name=g.graded_as, owner=g.owner))
            flagged.append((g, shown, "", flags))
    _flag_duplicates(flagged)
    return [replace(row, student=shown, student_id=ident, flags="; ".join(flags))
            for g, shown, ident, flags in flagged for row in g.rows]


def _with_roster(g: Graded, match: dict[str, Student]) -> tuple[Graded, str, str, list[str]]:
    flags = _common_flags(g)
    named, owner = match.get(names.key(g.graded_as)), match.get(_owner_key(g.owner))
    if named is None:
        flags.append(f"not-on-roster: \"{g.graded_as}\"")
    elif names.looks_alike(g.graded_as, named.name):
        flags.append("look-alike: " + _('wrote "{wrote}" for "{name}"', wrote=g.graded_as,
                                        name=named.name))
    if owner is not None and named is not None and owner is not named:
        flags.append("name-differs-from-file: " + _(
            'started as "{name}", the file is "{owner}"\'s', name=named.name, owner=owner.name))
    student = named or owner
    return (g, student.name if student else g.graded_as, student.id if student else "", flags)


def _common_flags(g: Graded) -> list[str]:
    flags = []
    if len({names.key(n) for n in g.started}) > 1:
        quoted = [_('"{name}"', name=name) for name in g.started[:4]]
        flags.append("second-name: " + _("started as {names}", names=_(", then ").join(quoted)))
    if g.peeks:
        flags.append("answer-api: " + "; ".join(g.peeks[:3]))
    if g.notes:
        flags.append("malformed: " + "; ".join(g.notes[:3]) + ("; …" if len(g.notes) > 3 else ""))
    return flags


def _spellings(graded: Sequence[Graded]) -> dict[str, str]:
    """The spelling each folded name is shown with: the most common one, then the first."""
    seen: dict[str, Counter[str]] = defaultdict(Counter)
    for g in graded:
        seen[names.key(g.graded_as)][g.graded_as] += 1
    return {k: sorted(c.items(), key=lambda item: (-item[1], item[0]))[0][0]
            for k, c in seen.items()}


def _flag_duplicates(flagged: list[tuple[Graded, str, str, list[str]]]) -> None:
    count = Counter((names.key(shown), g.exercise) for g, shown, _, _ in flagged if g.exercise)
    for g, shown, _ident, flags in flagged:
        many = count[(names.key(shown), g.exercise)]
        if g.exercise and many > 1:
            flags.append("duplicate: " + _("{count} notebooks of {exercise} for this student",
                                           count=many, exercise=g.exercise))
