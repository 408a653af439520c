"""Run every benchmark and print a Markdown table: ``python -m benchmarks``."""

from __future__ import annotations

import platform
import sys
import time

from benchmarks import boards, engines


def main() -> None:
    started = time.perf_counter()
    rows = [*boards.run(), *engines.run()]
    print(f"Measured with `python -m benchmarks` on {platform.machine()}, Python "
          f"{platform.python_version()}, {_cpus()} CPUs.\n")
    print("| benchmark | figure |")
    print("|---|---|")
    for name, figure in rows:
        print(f"| {name} | {figure} |")
    print(f"\n(total {time.perf_counter() - started:.1f} s)", file=sys.stderr)


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0))


if __name__ == "__main__":
    main()
