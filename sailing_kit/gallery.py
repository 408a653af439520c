"""The start page's gallery: a picture of every board, drawn by the kit's own SVG output and
kept beside the notebook (``notebooks/gallery/``), so the gallery shows without running
anything (in JupyterLab, on GitHub, in a printout).

``python -m sailing_kit.gallery`` draws them again (a test checks they are up to date).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from sailing_kit.draw.scene import Scene

FOLDER = Path(__file__).resolve().parents[1] / "notebooks" / "gallery"


def _points_of_sail() -> Scene:
    from sailing_kit.race import new_drill

    return new_drill(seed=0, heading="E", start=(4, 5)).scene()


def _right_of_way() -> Scene:
    from sailing_kit.race import library

    scenario = next(s for s in library() if s.id == "fig13-inside-boat-in-the-zone")
    return scenario.scene()


def _race() -> Scene:
    from sailing_kit.race import new_game

    return new_game(seed=7, boats=3, course="short").scene()


def _dice() -> Scene:
    from sailing_kit.core.protocol import CHANCE
    from sailing_kit.yacht import new_game

    dice = new_game(seed=0, players=2)
    while dice.current_player == CHANCE:
        dice.sample_chance()
    return dice.scene()


def _calm() -> Scene:
    from sailing_kit.calm import new_game

    return new_game(players=3, seed=0).scene()


def _regatta() -> Scene:
    from sailing_kit.regatta import new_game

    return new_game(seed=7, players=3).scene()


def _trireme() -> Scene:
    from sailing_kit.trireme import new_game

    return new_game(seed=0).scene()


PICTURES: dict[str, Callable[[], Scene]] = {
    "points_of_sail": _points_of_sail, "right_of_way": _right_of_way, "race": _race,
    "dice": _dice, "calm": _calm, "regatta": _regatta, "trireme": _trireme}
"""Each picture of the gallery, by its file name (``<name>.svg``)."""


def drawings() -> dict[str, str]:
    """Every picture of the gallery as SVG text, by file name."""
    return {f"{name}.svg": draw().to_svg() + "\n" for name, draw in PICTURES.items()}


def main(arguments: list[str]) -> None:
    folder = Path(arguments[0]) if arguments else FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for name, svg in drawings().items():
        (folder / name).write_text(svg, encoding="utf-8")
        print(f"wrote {folder / name}")


if __name__ == "__main__":
    main(sys.argv[1:])
