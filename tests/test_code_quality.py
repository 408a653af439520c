"""Issue #12.10: the suite itself runs ruff and mypy over ``sailing_kit/`` (configured in
pyproject.toml), so a lint or type error fails CI like any broken rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_ruff_finds_nothing_in_the_library():
    result = _run("ruff", "check", "sailing_kit")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_no_type_error_in_the_library():
    result = _run("mypy", "--no-incremental", "--cache-dir", "/dev/null")
    assert result.returncode == 0, result.stdout + result.stderr
