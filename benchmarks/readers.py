"""The stricter readers' cost: random-play games a second per game, before and after, and the
slowest refusal of a hostile object.

``python -m benchmarks readers``. "Before" is commit 065c565, the kit before every action was
copied into plain values (:func:`sailing_kit.core.reading.plain`) and options with it; "after"
is this checkout. Each side runs in its own process; they take turns game by game (race
before, race after, regatta before, ...), so a busy machine slows both alike. Time is each process's own
CPU time (other work on a shared machine slows the clock on the wall far more); each figure
is the best of the rounds, and the change the median of the rounds' ratios. The refusals are timed
on positions of each game for every hostile object of :mod:`sailing_kit.testing.hostile`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "065c565"
ROUNDS = 15
SECONDS = 0.5
"""Seconds of random play per game, per side, per round."""
GAMES = {"race": {"course": "short", "max_rounds": 12}, "regatta": {"rounds": 8},
         "trireme": {}, "yacht": {"players": 2}, "calm": {"players": 2}}
"""The same options before and after, for random games that end within a few hundred moves."""

_WORKER = """
import importlib, json, random, sys, time
sys.path.insert(0, sys.argv[1])
import sailing_kit
assert sailing_kit.__file__.startswith(sys.argv[1]), sailing_kit.__file__
for line in sys.stdin:
    name, options, seconds = json.loads(line)
    new_game = importlib.import_module(f"sailing_kit.{name}").new_game
    chooser = random.Random(0)
    played, moves, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(seed=chooser.randrange(10**6), **options)
        while not state.is_over():
            if state.current_player == -1:
                state.sample_chance()
            else:
                state.apply(chooser.choice(state.legal_actions()))
            moves += 1
        played += 1
    elapsed = time.process_time() - start
    print(json.dumps([played / elapsed, moves / elapsed]), flush=True)
"""
"""A process measuring one game at a time, as asked on its standard input."""


def _checkout(commit: str, into: Path) -> Path:
    """The package ``sailing_kit`` of ``commit``, unpacked under ``into`` (nothing in the
    repository's own worktrees changes)."""
    archive = subprocess.run(["git", "archive", commit, "sailing_kit"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def side_by_side() -> list[tuple[str, str]]:
    """Games (and moves) a second per game, before and after: two worker processes, one per
    side, measure in turn, game by game. The figures are the best of the rounds; the change is
    the median of each round's after/before ratio (both measured back to back)."""
    figures: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        trees = {"before": _checkout(BEFORE, Path(folder)), "after": ROOT}
        workers = {side: subprocess.Popen([sys.executable, "-c", _WORKER, str(tree)],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          text=True, cwd=tempfile.gettempdir())
                   for side, tree in trees.items()}
        try:
            for _ in range(ROUNDS):
                for name, options in GAMES.items():
                    for side, worker in workers.items():
                        assert worker.stdin is not None and worker.stdout is not None
                        worker.stdin.write(json.dumps([name, options, SECONDS]) + "\n")
                        worker.stdin.flush()
                        games, moves = json.loads(worker.stdout.readline())
                        figures.setdefault((side, name), []).append((games, moves))
        finally:
            for worker in workers.values():
                worker.communicate()
    rows = []
    for name in GAMES:
        before, after = figures["before", name], figures["after", name]
        ratios = sorted(a[0] / b[0] for a, b in zip(after, before))
        change = 100 * (ratios[len(ratios) // 2] - 1)
        (games_before, moves_before), (games_after, moves_after) = max(before), max(after)
        rows.append((f"readers: {name}, random games a second, before ({BEFORE}) → after",
                     f"{games_before:,.1f} → {games_after:,.1f} (median change {change:+.1f} %; "
                     f"moves {moves_before:,.0f} → {moves_after:,.0f} a second)"))
    return rows


def refusals() -> list[tuple[str, str]]:
    """The slowest refusal of a hostile object per game, over its positions."""
    from sailing_kit.core.errors import UnreadableAction
    from sailing_kit.core.info import GAME_NAMES, game_package
    from sailing_kit.testing.hostile import JUNK, impostors, liars

    rows = []
    for name in GAME_NAMES:
        state = game_package(name).new_game(seed=0, **GAMES[name])
        like = state.action_to_json(state.legal_actions()[0])
        hostile = [*impostors(like), *(pair for junk in JUNK for pair in liars(junk))]
        slowest, tried = 0.0, 0
        for _ in range(20):
            for _, value in hostile:
                started = time.perf_counter()
                try:
                    state.apply(value)
                except UnreadableAction:
                    slowest = max(slowest, time.perf_counter() - started)
                else:
                    raise AssertionError(f"{name}: a hostile object was read as a move")
                tried += 1
        rows.append((f"readers: {name}, slowest of {tried:,} hostile refusals",
                     f"{1000 * slowest:.2f} ms"))
    return rows


def run() -> list[tuple[str, str]]:
    return side_by_side() + refusals()


if __name__ == "__main__":
    for row in run():
        print(*row, sep=": ")
