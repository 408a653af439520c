"""``python -m sailing_kit.grade SUBMISSION [SUBMISSION ...] --out grades.csv``

Grades submitted exercise notebooks (:data:`DESCRIPTION` says how; ``--help`` lists the options).
``--language hu`` writes this help, the console's words and the CSV's reasons in Hungarian (the
CSV's column names stay English: gradebooks import them); without it, the terminal's language
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first the kit speaks), else English.
Each student's feedback report is in the language the student chose in the notebook
(``start(name, language="hu")``), else in the teacher's.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from sailing_kit.core.i18n import (
    N_,
    _,
    asked_language,
    language,
    language_argument,
    n_,
    number,
    set_language,
)
from sailing_kit.exercises import names
from sailing_kit.grade import outputs, overrides, reports, sandbox, students
from sailing_kit.grade.sandbox import Limits
from sailing_kit.grade.scores import Graded, Row, grade_file
from sailing_kit.grade.submissions import Bounds, find

AS_ROOT = N_("note: grading as root: the kernel does not apply the sandbox's limit on processes "
             "to root; grade as an ordinary user for every limit to hold.")
DESCRIPTION = N_("Grades submitted exercise notebooks (files, or folders searched for *.ipynb): "
                 "each runs in a sandbox of its own, its answers are read cell by cell and "
                 "checked by the kit, and a problem with one notebook only ever becomes that "
                 "notebook's rows. When every notebook is done, writes one CSV row per student, "
                 "notebook and question (or a gradebook import), and prints each student's total.")
UNSANDBOXED = N_("warning: --isolation none: every submission runs as you, with your rights, "
                 "without a sandbox: it can read your files and environment and change them. "
                 "The CSV marks its rows isolated=no.")


def _parser() -> argparse.ArgumentParser:
    """The command line, its help in the language spoken now."""
    parser = argparse.ArgumentParser(prog="python -m sailing_kit.grade", add_help=False,
                                     description=_(DESCRIPTION))
    parser.add_argument_group(_("notebooks")).add_argument(
        "submissions", nargs="+", type=Path, metavar="SUBMISSION",
        help=_("a submitted notebook, or a folder of them"))
    add = parser.add_argument_group(_("options")).add_argument
    add("-h", "--help", action="help", help=_("show this help and exit"))
    add("--out", type=Path, default=Path("grades.csv"),
        help=_("the CSV to write (default: grades.csv)"))
    add("--format", choices=outputs.FORMATS, default="long",
        help=_("long (one row per question, the default), or the gradebook import of canvas, "
               "moodle or gradescope (one file per exercise)"))
    add("--wide", type=Path, default=None,
        help=_("also write one row per notebook, a column per question"))
    add("--feedback", type=Path, default=None, metavar="DIR",
        help=_("write one HTML report per student into DIR (and a PDF where Chromium is present)"))
    add("--roster", type=Path, default=None,
        help=_("a CSV of the class: name, and optionally id, email"))
    add("--overrides", type=Path, default=None,
        help=_("a CSV of the teacher's points: student, exercise, question, points, comment"))
    add("--isolation", choices=("sandbox", "none"), default="sandbox",
        help=_("sandbox (the default: bubblewrap), or none (runs submissions as you)"))
    add("--timeout", type=float, default=60.0,
        help=_("seconds each cell may run (default: 60)"))
    add("--notebook-timeout", type=float, default=300.0,
        help=_("seconds a whole notebook may run (default: 300)"))
    add("--max-cells", type=int, default=500,
        help=_("the most code cells a notebook may have (500)"))
    add("--max-size", type=float, default=20.0, help=_("the biggest notebook file, in MB (20)"))
    add("--memory", type=int, default=2048, help=_("the memory a notebook may use, in MB (2048)"))
    add("--jobs", type=int, default=1, help=_("notebooks graded at once (default: 1)"))
    add("--language", type=language_argument, default=None, metavar="CODE",
        help=_("the teacher's language (this help, the console, the CSV's reasons, and the "
               "reports of students who chose none): en, bg, fr, hu or ru (default: the "
               "terminal's LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en); a student's report "
               "is in the language the student chose"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Grade as the command line ``argv`` says (the process's without it): 0 when done, 2 when
    the grader refuses (said in words)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    spoken = language()
    set_language(asked_language(argv))  # the help and refusals, and the grading threads too
    try:
        parser = _parser()
        return _main(parser, parser.parse_args(argv))
    finally:
        set_language(spoken)


def _main(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    missing = [p for p in args.submissions if not p.exists()]
    if missing:
        parser.error(_("no such file or folder: {paths}",
                       paths=", ".join(names.clean(str(p), 200) for p in missing)))
    low = [flag for flag, value, least in (("--timeout", args.timeout, 0.1),
                                           ("--notebook-timeout", args.notebook_timeout, 0.1),
                                           ("--max-cells", args.max_cells, 1),
                                           ("--max-size", args.max_size, 0.01),
                                           ("--memory", args.memory, 256), ("--jobs", args.jobs, 1))
           if not value >= least]
    if low:
        parser.error(_("too small: {options} (see --help for the defaults)",
                       options=", ".join(low)))
    sandboxed = args.isolation == "sandbox"
    if sandboxed and (why := sandbox.check()):
        print("python -m sailing_kit.grade: " + _("cannot grade safely: {why}", why=why),
              file=sys.stderr)
        return 2
    if not sandboxed:
        print(_(UNSANDBOXED), file=sys.stderr)
    elif os.geteuid() == 0:
        print(_(AS_ROOT), file=sys.stderr)
    try:
        roster = students.read_roster(args.roster) if args.roster else None
        manual = overrides.read(args.overrides) if args.overrides else []
    except (students.RosterError, overrides.OverrideError) as error:
        parser.error(str(error))
    paths = list(find(args.submissions))
    if not paths:
        parser.error(_("no .ipynb notebooks in the submissions given"))
    limits = Limits(args.timeout, args.notebook_timeout, args.memory)
    bounds = Bounds(int(args.max_size * 2**20), args.max_cells)
    graded = _grade(paths, partial(grade_file, limits=limits, bounds=bounds, sandboxed=sandboxed),
                    args.jobs)
    rows, warnings = overrides.apply(students.attribute(graded, roster), manual)
    for warning in warnings:
        print(_("warning: {warning}", warning=warning), file=sys.stderr)
    emails = {s.name: s.email for s in roster or ()}
    written = _write(rows, args, emails)
    print(n_("{count} notebook graded: {files}", "{count} notebooks graded: {files}", len(paths),
             files=", ".join(names.clean(str(p), 200) for p in written)))
    _print_totals(rows)
    return 0


def _grade(paths: list[Path], grade: partial[Graded], jobs: int) -> list[Graded]:
    """Grade every notebook, ``jobs`` at once (each in its own sandbox); a failure of the
    grader itself on one notebook becomes that notebook's row."""
    def one(numbered: tuple[int, Path]) -> Graded:
        number, path = numbered
        print(f"[{number}/{len(paths)}] {names.clean(str(path), 300)}", file=sys.stderr)
        try:
            return grade(path)
        except Exception as error:  # a bug of the grader: this notebook's row says so
            why = _("not graded: the grader failed on this notebook ({why})",
                    why=type(error).__name__)
            return Graded(str(path), "", path.stem, (), path.stem, (),
                          (Row(names.clean(path.stem), str(path), "", "", 0.0, 0.0, why),))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, enumerate(paths, 1)))


def _write(rows: list[Row], args: argparse.Namespace, emails: dict[str, str]) -> list[Path]:
    """Every output file, each written whole (after all notebooks are done)."""
    out: Path = args.out
    files: dict[Path, str] = {}
    if args.format == "long":
        files[out] = outputs.long_csv(rows)
    elif args.format == "canvas":
        files[out] = outputs.canvas_csv(rows, emails)
    elif args.format == "moodle":
        files[out] = outputs.moodle_csv(rows, emails)
    else:
        for exercise, text in outputs.gradescope_csvs(rows, emails).items():
            files[out.with_name(f"{out.stem}-{exercise}{out.suffix}")] = text
    if args.wide:
        files[args.wide] = outputs.wide_csv(rows)
    for path, text in files.items():
        outputs.write_atomically(path, text)
    written = list(files)
    if args.feedback:
        reports.write(rows, args.feedback)
        written.append(args.feedback)
    return written


def _print_totals(rows: list[Row]) -> None:
    totals = outputs.totals(rows)
    width = max((len(student) for student, *_ in totals), default=0)
    flagged = {row.student for row in rows if row.flags}
    for student, points, most, notebooks in totals:
        told = n_("{points} / {most} points  ({count} notebook)",
                  "{points} / {most} points  ({count} notebooks)", notebooks,
                  points=number(points), most=number(most))
        print(f"{student:<{width}}  {told}" + ("  " + _("flagged") if student in flagged else ""))


if __name__ == "__main__":
    raise SystemExit(main())
