"""The painter's motion, in headless Chromium: ``python -m benchmarks motion`` (about a minute;
needs Debian's Chromium). ``--strips`` also writes a strip of frames per game to docs/motion/.

For each board's typical move (a boat sailing its turn, the dice rolled, a card placed, a yacht
sailing an arrow, the sailboat sailing its squares, a boat dragged in the trainer's free mode)
the pictures before and after the move go to the painter alone (``painter.js`` on a plain page,
as any web page would use it), which moves the pieces from one to the other REPEATS times at the
size a 1024 x 768 projector shows the board. The page counts the frames it drew and the frames
it dropped (a gap of more than one and a half 60 Hz frames); the figures are the median frame
rate and the total of dropped frames.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sailing_kit.draw.scene import Scene
from sailing_kit.draw.wire import picture

EXPLICIT = True
"""Runs only when named (``python -m benchmarks motion``): it starts Chromium."""
REPEATS = 12
SCALE = 1.2
"""About the scale of a board on a 1024 x 768 projector."""
PAINTER = Path(__file__).resolve().parents[1] / "sailing_kit" / "widgets" / "painter.js"
STRIPS = Path(__file__).resolve().parents[1] / "docs" / "motion"
STRIP_FRAMES = (0.0, 0.25, 0.5, 0.75, 1.0)


# ----- each board's typical move, as two pictures ----------------------------------------------
def _points_of_sail() -> tuple[Scene, Scene]:
    from sailing_kit.race.board import PointsOfSailBoard

    board = PointsOfSailBoard()
    before = board.scene()
    board.sail(board.options[-1])
    return before, board.scene()


def _race() -> tuple[Scene, Scene]:
    from sailing_kit.race import Board, new_game

    board = Board(new_game(seed=3, boats=2, course="short",
                           positions=[((4, 2), "NE"), ((8, 2), "NW")], start_procedure=False))
    before = board.scene()
    board.sail(max(board.options, key=lambda option: len(option.path)))
    return before, board.scene()


def _trainer() -> tuple[Scene, Scene]:
    from sailing_kit.race.board import RightOfWayTrainer

    board = RightOfWayTrainer(seed=0)
    board.mode.value = True
    boat = board.free.boats[0]
    target = next((x, y) for x in range(boat.position[0] - 2, boat.position[0] + 3)
                  for y in range(boat.position[1] - 2, boat.position[1] + 3)
                  if board.grid.contains((x, y)) and board.free.boat_at((x, y)) is None
                  and abs(x - boat.position[0]) + abs(y - boat.position[1]) >= 2)
    before = board.scene()
    board.simulate_drag(board.grid.pixel(boat.position), board.grid.pixel(target))
    return before, board.scene()


def _yacht() -> tuple[Scene, Scene]:
    from sailing_kit.yacht.board import Board
    from sailing_kit.yacht.game import new_game

    board = Board(new_game(seed=4, players=1))
    board.roll()
    board.toggle_hold(0)
    before = board.scene()
    board.roll()
    return before, board.scene()


def _calm() -> tuple[Scene, Scene]:
    from sailing_kit.calm.actions import Play
    from sailing_kit.calm.board import Board
    from sailing_kit.calm.cards import START
    from sailing_kit.calm.game import new_game

    board = Board(new_game(players=1, seed=0))
    board.act(Play(START), "The Start card is played.")
    for index in range(len(board.hand)):
        board.toggle(index)
        if board.targets():
            break
        board.toggle(index)
    before = board.scene()
    board.place(min(board.targets(), key=board.targets().get))
    return before, board.scene()


def _regatta() -> tuple[Scene, Scene]:
    from sailing_kit.regatta.board import Board
    from sailing_kit.regatta.game import new_game

    board = Board(new_game(seed=0, players=1))
    before = board.scene()
    verdict = next(v for v, _ in board.end_points() if v.legal)
    board.sail(verdict)
    return before, board.scene()


def _trireme() -> tuple[Scene, Scene]:
    from sailing_kit.core.compass import Direction
    from sailing_kit.trireme.board import Board
    from sailing_kit.trireme.game import new_game

    board = Board(new_game(seed=0))
    board.choose_heading(Direction.NW)
    board.roll()
    before = board.scene()
    board.sail(max(board.state.legal_actions(), key=lambda sail: sail.squares).squares)
    return before, board.scene()


MOVES: dict[str, Callable[[], tuple[Scene, Scene]]] = {
    "points of sail": _points_of_sail, "race": _race, "right-of-way trainer": _trainer,
    "yacht": _yacht, "calm": _calm, "regatta": _regatta, "trireme": _trireme}


# ----- the page ----------------------------------------------------------------------------------
_PAGE = """<!doctype html><html><body style="margin:0;background:#fff">
<div id="strip" style="display:inline-flex;gap:6px;padding:6px;background:#fff"></div>
<script type="module">
%s
window.painterReady = true;
window.measure = async (from, to, scale, repeats) => {
  const canvas = document.createElement('canvas');
  document.body.appendChild(canvas);
  const stats = [];
  const painter = createPainter(canvas, {onFrames: s => stats.push(s)});
  painter.resize(scale, 1);
  for (let i = 0; i < repeats; i++) {
    painter.show(from, {animate: false});
    await new Promise(r => requestAnimationFrame(() => r()));
    painter.show(to);
    while (painter.moving) await new Promise(r => setTimeout(r, 10));
  }
  canvas.remove();
  return stats;
};
window.strip = (from, to, region, frames) => {
  const strip = document.getElementById('strip');
  strip.replaceChildren();
  for (const progress of frames) {
    const box = document.createElement('div');
    box.style.cssText = `width:${region[2]}px;height:${region[3]}px;overflow:hidden;` +
      'position:relative;border:1px solid #bbb';
    const canvas = document.createElement('canvas');
    canvas.style.cssText = `position:absolute;left:${-region[0]}px;top:${-region[1]}px`;
    box.appendChild(canvas);
    strip.appendChild(box);
    const painter = createPainter(canvas);
    painter.resize(1, 1);
    painter.frameAt(from, to, progress);
  }
};
</script></body></html>"""


def moved_region(before: dict[str, Any], after: dict[str, Any], margin: float = 36) -> list[float]:
    """The part of the picture where pieces moved (x, y, w, h), with a margin."""
    def boxes(picture: dict[str, Any]) -> dict[str, tuple[str, list[float]]]:
        found = {}
        for key, first, end, _, effect in picture["pieces"]:
            shapes = picture["shapes"][first:end]
            xs, ys = [], []
            for shape in shapes:
                if shape[0] in ("L", "P"):
                    xs += shape[1][0::2]
                    ys += shape[1][1::2]
                else:
                    xs.append(shape[1])
                    ys.append(shape[2])
            found[key] = (json.dumps(shapes) + effect, [min(xs), min(ys), max(xs), max(ys)])
        return found

    old, new = boxes(before), boxes(after)
    moved = [box for key, (text, box) in new.items() if old.get(key, ("", None))[0] != text]
    moved += [old[key][1] for key in old if key not in new or old[key][0] != new[key][0]]
    if not moved:
        return [0, 0, after["width"], after["height"]]
    left = max(0, min(b[0] for b in moved) - margin)
    top = max(0, min(b[1] for b in moved) - margin)
    right = min(after["width"], max(b[2] for b in moved) + margin)
    bottom = min(after["height"], max(b[3] for b in moved) + margin)
    return [left, top, right - left, bottom - top]


def measure(strips: bool = False) -> list[tuple[str, str]]:
    from playwright.sync_api import sync_playwright

    from tests.browser.servers import CHROMIUM, launch_chromium, make_workspace

    if not CHROMIUM.exists():
        return [("motion", f"skipped: {CHROMIUM} is absent")]
    rows = []
    workspace = make_workspace(Path(tempfile.mkdtemp(prefix="sk-motion-")))
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright, workspace)
        page = browser.new_page(viewport={"width": 1600, "height": 900})
        page.set_content(_PAGE % PAINTER.read_text())
        page.wait_for_function("() => window.painterReady === true")
        for name, move in MOVES.items():
            before, after = (picture(scene) for scene in move())
            stats = page.evaluate("([a, b, s, n]) => measure(a, b, s, n)",
                                  [before, after, SCALE, REPEATS])
            if not stats:
                rows.append((f"motion: {name}", "nothing moves"))
                continue
            fps = statistics.median(s["fps"] for s in stats)
            dropped = sum(s["dropped"] for s in stats)
            frames = sum(s["frames"] for s in stats)
            longest = max(s["ms"] for s in stats)
            rows.append((f"motion: {name}", f"{fps:.0f} frames/s (median of {len(stats)} moves),"
                         f" {dropped} of {frames + dropped} frames dropped, each move "
                         f"≤ {longest:.0f} ms"))
            if strips:
                region = moved_region(before, after)
                page.evaluate("([a, b, r, f]) => strip(a, b, r, f)",
                              [before, after, region, list(STRIP_FRAMES)])
                STRIPS.mkdir(parents=True, exist_ok=True)
                slug = name.replace(" ", "-").replace("right-of-way-", "")
                page.locator("#strip").screenshot(path=str(STRIPS / f"{slug}.png"))
        browser.close()
    return rows


def run() -> list[tuple[str, str]]:
    return measure(strips="--strips" in sys.argv)
