"""Submitted notebooks: finding them, and what they say of themselves without running — which
exercise, whose, their code cells, the tries their check boxes recorded, and code that reaches
for the kit's answers.

A file is read with every size bounded and every field checked: anything that is not a
notebook, is too big or has too many cells becomes a :class:`Submission` with a ``problem`` (its
rows say "not graded: ..."), never an exception. A malformed cell is skipped, and noted.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import N_, read_language
from sailing_kit.exercises import catalogue, names
from sailing_kit.grade.peeking import uses
from sailing_kit.grade.words import Later, later


@dataclass(frozen=True)
class Bounds:
    """How big a submission may be."""

    max_bytes: int = 20 * 2**20
    max_cells: int = 500


@dataclass
class Submission:
    """One submitted file, as read (never run)."""

    path: Path
    exercise: str | None
    text: str = ""
    """The notebook's JSON text (empty if it could not be read)."""
    cells: list[tuple[int, str]] = field(default_factory=list)
    """The code cells to run: (cell number in the notebook, source)."""
    recorded_name: str | None = None
    """The name in the notebook's ``start("...")`` call, read from its source."""
    problem: Later | None = None
    """Why the file cannot be graded at all (None if it can)."""
    language: str | None = None
    """The language the student chose (``start(name, language="hu")``), if it was recorded."""
    languages_seen: list[object] = field(default_factory=list)
    """The languages the check boxes' records name (as written: read by :func:`recorded_language`)."""
    notes: list[Later] = field(default_factory=list)
    """What was wrong but did not stop grading (a malformed cell skipped)."""
    tries: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    peeks: list[str] = field(default_factory=list)
    """What its cells reach of the kit's answers and internals (read, not run)."""

    def owner(self) -> str:
        """Whose file it is by its name: the file name without the exercise's name, or the
        folder's name when the file keeps the exercise's own name."""
        stem = names.clean(self.path.stem)
        exercise = self.exercise or catalogue.recognise(self.path.name) or ""
        if exercise and stem.lower().startswith(exercise.lower()):
            rest = stem[len(exercise):].strip(" -_.")
            return rest or names.clean(self.path.parent.name) or stem
        if exercise and stem.lower().endswith(exercise.lower()):
            return stem[: -len(exercise)].strip(" -_.") or stem
        return stem


def find(paths: Iterable[Path]) -> Iterator[Path]:
    """Every ``.ipynb`` in ``paths`` (files, or folders searched recursively), skipping Jupyter's
    checkpoints, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.ipynb")
                              if ".ipynb_checkpoints" not in p.parts and p.is_file())
        else:
            yield path


def read(path: Path, bounds: Bounds = Bounds()) -> Submission:
    """Read one file as a submission (see the module docstring)."""
    guess = catalogue.recognise(path.name)
    try:
        size = path.stat().st_size
        if size > bounds.max_bytes:
            return Submission(path, guess, problem=later(
                N_("the file is {size} MB, over the limit of {most} MB (--max-size)"),
                size=f"{size / 2**20:.1f}", most=f"{bounds.max_bytes / 2**20:g}"))
        if size == 0:
            return Submission(path, guess, problem=later(N_("the file is empty")))
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        return Submission(path, guess, problem=later(N_("the file cannot be read ({why})"),
                                                     why=error.strerror))
    except UnicodeDecodeError:
        return Submission(path, guess,
                          problem=later(N_("the file is not a notebook (not UTF-8 text)")))
    try:
        notebook = json.loads(text)
    except (ValueError, RecursionError):
        return Submission(path, guess, problem=later(N_("the file is not a notebook (not JSON)")))
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return Submission(path, guess,
                          problem=later(N_("the file is not a notebook (no list of cells)")))
    return _read_cells(path, text, notebook, bounds)


def _read_cells(path: Path, text: str, notebook: dict[str, object],
                bounds: Bounds) -> Submission:
    raw_cells: list[object] = notebook["cells"]  # type: ignore[assignment]  # the notebook's cells were checked to be a list when it was read
    submission = Submission(path, None, text)
    code: list[tuple[int, str]] = []
    for number, cell in enumerate(raw_cells, 1):
        source = _source(cell)
        if source is None or not isinstance(cell, dict):
            submission.notes.append(later(N_("cell {cell} is malformed and was skipped"),
                                          cell=number))
            continue
        if cell.get("cell_type") == "code" and source.strip():
            code.append((number, source))
            _read_outputs(cell, submission)
    submission.exercise = _exercise(notebook, code, path)
    if submission.exercise is None:
        submission.problem = later(N_("not a sailing_kit exercise notebook"))
    elif len(code) > bounds.max_cells:
        submission.problem = later(N_("the notebook has {cells} code cells, over the limit of "
                                      "{most} (--max-cells)"), cells=len(code),
                                   most=bounds.max_cells)
    submission.cells = code
    submission.recorded_name = recorded_name(source for _, source in code)
    submission.language = recorded_language(notebook, [source for _, source in code],
                                            submission.languages_seen)
    submission.peeks = list(dict.fromkeys(p for _, source in code for p in uses(_python(source))))
    return submission


def _source(cell: object) -> str | None:
    """A cell's source as text, None if the cell is malformed."""
    if not isinstance(cell, dict) or cell.get("cell_type") not in ("code", "markdown", "raw"):
        return None
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        source = "".join(source)
    return source if isinstance(source, str) else None


def _exercise(notebook: dict[str, object], code: list[tuple[int, str]], path: Path) -> str | None:
    """The exercise: from the notebook's metadata, its import line, else its file name."""
    metadata = notebook.get("metadata")
    recorded = metadata.get("sailing_kit") if isinstance(metadata, dict) else None
    exercise = recorded.get("exercise") if isinstance(recorded, dict) else None
    if isinstance(exercise, str) and exercise in catalogue.SETS:
        return exercise
    for _, source in code:
        if found := catalogue.recognise(source[:10_000]):
            return found
    return catalogue.recognise(path.name)


def _python(source: str) -> str:
    """A cell's source with IPython's magics and shell escapes turned into Python."""
    from IPython.core.inputtransformer2 import TransformerManager

    manager: Callable[[], Any] = TransformerManager
    try:
        return str(manager().transform_cell(source))
    except Exception:  # not even IPython can read it: read it as it is
        return source


def _start_calls(sources: Iterable[str]) -> Iterator[ast.Call]:
    """The notebook's ``start(...)`` calls, in order, read from its source (not run)."""
    for source in sources:
        if "start(" not in source or len(source) > 100_000:
            continue
        try:
            tree = ast.parse(_python(source))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "start"):
                yield node


def recorded_name(sources: Iterable[str]) -> str | None:
    """The name in the notebook's first ``start("...")`` call, read from its source (not run)."""
    for call in _start_calls(sources):
        if (call.args and isinstance(call.args[0], ast.Constant)
                and isinstance(call.args[0].value, str)
                and names.clean(call.args[0].value) not in ("", "...")):
            return names.clean(call.args[0].value)
    return None


def recorded_language(notebook: dict[str, object], sources: Iterable[str],
                      seen: Iterable[object] = ()) -> str | None:
    """The language the student chose: the notebook's ``sailing_kit`` metadata, else the one
    its check boxes recorded with the last try (``seen``, in the notebook's order), else the
    ``language="hu"`` of its first ``start(...)`` call that names one; None when none names a
    language of the kit (whatever is written there is read as hostile text)."""
    metadata = notebook.get("metadata")
    recorded = metadata.get("sailing_kit") if isinstance(metadata, dict) else None
    chosen = [recorded.get("language")] if isinstance(recorded, dict) else []
    chosen += list(seen)[::-1]
    for call in _start_calls(sources):
        chosen += [keyword.value.value for keyword in call.keywords
                   if keyword.arg == "language" and isinstance(keyword.value, ast.Constant)]
    for value in chosen:
        try:
            return read_language(value)
        except ConfigError:
            continue
    return None


def _read_outputs(cell: dict[str, object], submission: Submission) -> None:
    """The tries the cell's check box recorded (shown to the teacher; never used for points)."""
    outputs = cell.get("outputs")
    for output in outputs[:50] if isinstance(outputs, list) else []:
        metadata = output.get("metadata") if isinstance(output, dict) else None
        record = metadata.get("sailing_kit") if isinstance(metadata, dict) else None
        if isinstance(record, dict) and len(submission.languages_seen) < 100:
            submission.languages_seen.append(record.get("language"))
        if isinstance(record, dict) and isinstance(record.get("tries"), list):
            question = names.clean(str(record.get("question")), 10)
            submission.tries[question] = [t for t in record["tries"][:100] if isinstance(t, dict)]
