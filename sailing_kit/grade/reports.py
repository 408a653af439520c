"""``--feedback DIR``: one HTML report per student, and a PDF of each where Chromium is present.

A report lists each notebook of the student, and in it each question: the answer given, right
or not, the check's feedback (the practice mode's, which explains without giving the answer
away), the points, the teacher's comment, and the notebook's flags. Everything a student wrote
is escaped; the page holds no script and loads nothing. The PDF is printed by headless Chromium,
a real browser, from the HTML file.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from html import escape
from pathlib import Path

from sailing_kit.core.i18n import _, language, number, use_language
from sailing_kit.grade.outputs import write_atomically
from sailing_kit.grade.scores import Row

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1.5em; }
th, td { border: 1px solid #bbb; padding: 0.4em; text-align: left; vertical-align: top; }
th { background: #eef2f7; }
.right { color: #00683a; font-weight: bold; } .wrong { color: #a3000b; font-weight: bold; }
.flags { background: #fff4d6; border: 1px solid #e0b300; padding: 0.5em; }
td.feedback { white-space: pre-line; }
"""


def chromium() -> str | None:
    """The Chromium (or Chrome) on this machine, if any."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if found := shutil.which(name):
            return found
    return None


def page(student: str, rows: Sequence[Row]) -> str:
    """One student's report as an HTML page, in the language of the student's rows."""
    with use_language(next((row.language for row in rows if row.language), language())) as code:
        return _page(student, rows, code)


def _page(student: str, rows: Sequence[Row], code: str) -> str:
    title = _("Feedback: {student}", student=student)
    heading = _("Feedback for {student}", student=student)
    parts = [f"<!doctype html><html lang='{code}'><head><meta charset='utf-8'><title>"
             f"{escape(title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{escape(heading)}</h1>"]
    by_notebook: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_notebook[row.notebook].append(row)
    for notebook, mine in by_notebook.items():
        points, most = sum(r.points for r in mine), sum(r.max_points for r in mine)
        heading = _("{exercise}: {points} of {most} points",
                    exercise=mine[0].exercise or Path(notebook).name, points=number(points),
                    most=number(most))
        parts.append(f"<h2>{escape(heading)}</h2><p>"
                     + escape(_("Notebook: {name}", name=Path(notebook).name)) + "</p>")
        if mine[0].flags:
            parts.append("<p class='flags'>" + escape(_("For the teacher to look at: {flags}",
                                                        flags=mine[0].flags)) + "</p>")
        columns = (_("question"), _("your answer"), _("result"), _("points"), _("feedback"))
        parts.append("<table><tr>" + "".join(f"<th>{escape(c)}</th>" for c in columns)
                     + "</tr>")
        for row in mine:
            ok = row.points == row.max_points and row.max_points > 0
            verdict = ("<span class='right'>✔ " + escape(_("right")) + "</span>" if ok else
                       "<span class='wrong'>✘ " + escape(_("not right")) + "</span>"
                       if row.answer else "—")
            told = row.feedback or row.reason
            if row.comment:
                told += "\n" + _("The teacher: {comment}", comment=row.comment)
            parts.append(f"<tr><td>{escape(row.question)}</td><td><code>{escape(row.answer)}"
                         f"</code></td><td>{verdict}</td><td>{number(row.points)} / "
                         f"{number(row.max_points)}</td><td class='feedback'>{escape(told)}"
                         "</td></tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts)


def _file_name(student: str, taken: set[str]) -> str:
    stem = re.sub(r"[^\w-]+", "-", student, flags=re.ASCII).strip("-").lower() or "student"
    name, number = stem, 2
    while name in taken:
        name, number = f"{stem}-{number}", number + 1
    taken.add(name)
    return name


def write(rows: Sequence[Row], folder: Path, pdf: bool = True) -> list[Path]:
    """Write every student's report into ``folder``; returns the files written."""
    by_student: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_student[row.student].append(row)
    browser = chromium() if pdf else None
    written, taken = [], set[str]()
    for student in sorted(by_student, key=str.casefold):
        html = folder / f"{_file_name(student, taken)}.html"
        write_atomically(html, page(student, by_student[student]))
        written.append(html)
        if browser and (printed := print_pdf(browser, html)):
            written.append(printed)
    return written


def print_pdf(browser: str, html: Path) -> Path | None:
    """Print ``html`` to a PDF beside it with headless Chromium; None if it could not."""
    target = html.with_suffix(".pdf")
    with tempfile.TemporaryDirectory(prefix="sailing_kit-chromium-") as scratch:
        printed = Path(scratch) / "report.pdf"
        try:
            subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                            "--no-pdf-header-footer",
                            f"--user-data-dir={scratch}/profile", f"--print-to-pdf={printed}",
                            html.resolve().as_uri()],
                           capture_output=True, timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if not printed.exists() or printed.stat().st_size == 0:
            return None
        shutil.copyfile(printed, target.with_name(f".{target.name}.part"))
    target.with_name(f".{target.name}.part").replace(target)
    return target
