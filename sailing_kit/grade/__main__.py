"""``python -m sailing_kit.grade SUBMISSION [SUBMISSION ...] --out grades.csv``

Grades submitted exercise notebooks (files, or folders searched for ``*.ipynb``): each runs in a
fresh kernel, a time limit per cell, and the kit's checks are re-run on the answers it holds.
Writes one CSV row per student, notebook and question, and prints each student's total.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from sailing_kit.grade.scores import Row, grade_file, totals, write_csv, write_wide
from sailing_kit.grade.submissions import find


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sailing_kit.grade",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("submissions", nargs="+", type=Path, metavar="SUBMISSION",
                        help="a submitted notebook, or a folder of them")
    parser.add_argument("--out", type=Path, default=Path("grades.csv"),
                        help="the CSV to write (default: grades.csv)")
    parser.add_argument("--wide", type=Path, default=None,
                        help="also write one row per notebook, a column per question")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds each cell may run (default: 60)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="notebooks graded at once, one kernel each (default: 1)")
    args = parser.parse_args(argv)
    missing = [p for p in args.submissions if not p.exists()]
    if missing:
        parser.error(f"no such file or folder: {', '.join(map(str, missing))}")
    paths = list(find(args.submissions))
    if not paths:
        parser.error("no .ipynb notebooks in the submissions given")
    rows = _grade(paths, args.timeout, max(1, args.jobs))
    write_csv(rows, args.out)
    if args.wide:
        write_wide(rows, args.wide)
    print(f"{len(paths)} notebook(s) graded: {args.out}" + (f", {args.wide}" if args.wide else ""))
    width = max(len(student) for student, *_ in totals(rows))
    for student, points, most, notebooks in totals(rows):
        print(f"{student:<{width}}  {points:g} / {most:g} points"
              f"  ({notebooks} notebook{'s' if notebooks > 1 else ''})")
    return 0


def _grade(paths: list[Path], timeout: float, jobs: int) -> list[Row]:
    grade = partial(grade_file, timeout=timeout)
    rows: list[Row] = []
    if jobs == 1:
        for number, path in enumerate(paths, 1):
            print(f"[{number}/{len(paths)}] {path}", file=sys.stderr)
            rows.extend(grade(path))
        return rows
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for number, (path, graded) in enumerate(zip(paths, pool.map(grade, paths)), 1):
            print(f"[{number}/{len(paths)}] {path}", file=sys.stderr)
            rows.extend(graded)
    return rows


if __name__ == "__main__":
    raise SystemExit(main())
