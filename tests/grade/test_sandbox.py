"""Where no sandbox can be made, the grader stops with one line saying why and how, and changes
nothing; ``--isolation none`` grades only when asked, says so loudly, and marks its rows."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

from sailing_kit.grade import sandbox
from sailing_kit.grade.__main__ import main
from tests.grade.handins import (
    DICE,
    all_right,
    grade,
    insert_after,
    needs_sandbox,
    raw_notebook,
    solution,
    student_notebook,
    write_raw,
)


@pytest.fixture
def one_notebook(tmp_path: Path) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    nbformat.write(student_notebook(DICE, "Ada", all_right(DICE, "Ada")), folder / "ada.ipynb")
    return folder


def refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Grade ``folder`` where a previous grades.csv exists: it must be refused, unchanged."""
    out = folder.parent / "grades.csv"
    out.write_text("previous grades\n", encoding="utf-8")
    assert main([str(folder), "--out", str(out)]) == 2
    assert out.read_text(encoding="utf-8") == "previous grades\n"
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "--isolation none" in err and "Linux" in err
    return err


def test_without_bwrap_the_grader_stops_with_one_line(one_notebook, capsys, monkeypatch):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    assert "bwrap (bubblewrap) is not installed" in refused(one_notebook, capsys)


def test_where_bwrap_cannot_make_a_sandbox_the_grader_says_what_bwrap_said(
        one_notebook, capsys, monkeypatch, tmp_path):
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}:/usr/bin:/bin")
    said = refused(one_notebook, capsys)
    assert "setting up uid map: Permission denied" in said and "user namespaces" in said


def test_off_linux_the_grader_says_it_needs_linux(one_notebook, capsys, monkeypatch):
    monkeypatch.setattr(sandbox.sys, "platform", "darwin")
    assert "needs Linux (this is darwin)" in refused(one_notebook, capsys)


def test_isolation_none_warns_marks_its_rows_and_really_is_unprotected(one_notebook, tmp_path,
                                                                      capsys):
    outside = tmp_path / "written-outside.txt"
    notebook = student_notebook(DICE, "Ada", all_right(DICE, "Ada"))
    insert_after(notebook, "answer_1 = ", f"open({str(outside)!r}, 'w').write('unprotected')")
    nbformat.write(notebook, one_notebook / "ada.ipynb")
    result = grade(one_notebook, "--isolation", "none")
    assert result.code == 0 and {r["isolated"] for r in result.rows} == {"no"}
    assert all(r["reason"] == "right" for r in result.rows)
    assert "warning: --isolation none" in capsys.readouterr().err
    assert outside.read_text() == "unprotected"  # what the sandbox tests prove cannot happen


@pytest.mark.parametrize("flag, value", [("--timeout", "0"), ("--notebook-timeout", "-5"),
                                         ("--max-cells", "0"), ("--memory", "10"), ("--jobs", "0")])
def test_limits_too_small_are_refused_before_anything_runs(one_notebook, capsys, flag, value):
    with pytest.raises(SystemExit):
        main([str(one_notebook), "--out", str(one_notebook.parent / "g.csv"), flag, value])
    assert f"too small: {flag}" in capsys.readouterr().err
    assert not (one_notebook.parent / "g.csv").exists()


@needs_sandbox
def test_a_notebook_over_its_time_keeps_the_answers_made_before(tmp_path):
    folder = tmp_path / "slow"
    folder.mkdir()
    write_raw(folder / "ann-03_dice.ipynb", raw_notebook(
        DICE, f"answer_2 = {solution(DICE, 2, 'ann')}", *["import time; time.sleep(1.5)"] * 4,
        f"answer_3 = {solution(DICE, 3, 'ann')}"))
    rows = {r["question"]: r for r in grade(folder, "--notebook-timeout", "3", "--timeout",
                                            "2").rows}
    assert rows["q2"]["reason"] == "right"
    assert rows["q3"]["reason"].startswith("not graded: the notebook ran longer than 3 s in all "
                                           "and was stopped in cell ")
    assert rows["q3"]["reason"].endswith(", before answer_3 was made")


def test_the_sandbox_shows_the_kernel_only_the_system_python_and_kit():
    mounted = sandbox.command([sys.executable])
    read_only = [mounted[i + 1] for i, arg in enumerate(mounted) if arg == "--ro-bind"]
    assert str(Path.home()) not in read_only and str(Path.cwd()) not in read_only
    assert "--unshare-all" in mounted and "--die-with-parent" in mounted
    assert "--clearenv" in mounted and "--cap-drop" in mounted
