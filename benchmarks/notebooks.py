"""How long the whole notebook suite takes to run (every lesson, exercise and app,
executed by nbval exactly as the test suite runs them)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run() -> list[tuple[str, str]]:
    start = time.perf_counter()
    finished = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval-lax", "-q", "-p", "no:cacheprovider",
         "notebooks", "exercises"], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    notebooks = len(list((ROOT / "notebooks").rglob("*.ipynb"))) + \
        len(list((ROOT / "exercises").rglob("*.ipynb")))
    verdict = "passed" if finished.returncode == 0 else "FAILED"
    return [(f"notebook suite: all {notebooks} notebooks run by nbval ({verdict})",
             f"{seconds:.0f} s")]
