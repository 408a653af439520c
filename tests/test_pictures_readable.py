"""Every game's pictures are readable at 100 % (issue #12.3): no text under 12 px
(:data:`~sailing_kit.draw.scene.MIN_TEXT`), and no text running off its picture (the width of a
line estimated at 0.62 of its size a letter, bold or not; the kit draws in the browser's
sans-serif).

The pictures: the shared pieces (grid coordinates, dice, cards, wind), each game's example
boards, each app's first board and each game's static picture, every right-of-way scenario,
and those a class meets later: covered hands, finished games, every course and fleet of the
race, every trainer question and its answer, the lessons' figures.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pytest

from sailing_kit.calm import bots as calm_bots
from sailing_kit.draw.scene import MIN_TEXT, Scene, Text
from sailing_kit.race import bots as race_bots
from sailing_kit.regatta import bots as regatta_bots

LETTER = 0.62
GAMES = ("race", "yacht", "calm", "regatta", "trireme")


def _shared_pieces() -> Scene:
    from sailing_kit.core.compass import Direction
    from sailing_kit.draw.cards import CardFace, Rect, draw_card
    from sailing_kit.draw.dice import draw_die
    from sailing_kit.draw.gridview import GridView
    from sailing_kit.draw.wind import draw_wind

    scene = Scene(460, 460)
    GridView(12, 10).draw_grid(scene)
    draw_wind(scene, (300, 60), Direction.NE)
    draw_die(scene, (20, 20), 40, 5, held=True)
    draw_die(scene, (80, 20), 40, None, caption="key 2")
    draw_card(scene, Rect(20, 200, 64, 92), CardFace("Windy spell", corner="W",
                                                     caption="Windy spell ×2"), selected=True)
    draw_card(scene, Rect(100, 200, 40, 60), CardFace("7", corner="7", caption="a small card"))
    return scene


def _first_positions() -> dict[str, Callable[[], Scene]]:
    pictures: dict[str, Callable[[], Scene]] = {"shared pieces": _shared_pieces}
    for game in GAMES:
        module = importlib.import_module(f"sailing_kit.{game}.board")
        for name, make in module.example_boards().items():
            pictures[f"board: {name}"] = lambda make=make: make().scene()
        package = importlib.import_module(f"sailing_kit.{game}")
        pictures[f"static picture: {game}"] = lambda package=package: package.new_game(
            seed=0).scene()
    from sailing_kit.race.board import app, trainer_app
    from sailing_kit.race.trainer import Trainer

    pictures["app: race"] = lambda: app().board.scene()
    pictures["app: right of way"] = lambda: trainer_app().board.scene()
    trainer = Trainer()
    for index, scenario in enumerate(trainer.scenarios):
        pictures[f"scenario {index + 1:02d}"] = lambda s=scenario: s.scene()
    return pictures


def _race() -> dict[str, Callable[[], Scene]]:
    from sailing_kit.race import Board, new_game

    def sailed(course: str, boats: int) -> Scene:
        board = Board(new_game(seed=3, boats=boats, course=course),
                      bots={seat: race_bots.make("easy") for seat in range(1, boats)})
        board.bots[0] = race_bots.make("easy")
        for _ in range(40 if course == "short" else 10):
            board.advance_bots()
        return board.scene()

    pictures = {f"race {course}, {boats} boats": (lambda c=course, b=boats: sailed(c, b))
                for course in ("short", "full") for boats in (2, 5)}
    pictures["race placing"] = lambda: Board(new_game(seed=0, boats=4)).scene()
    return pictures


def _trainer() -> dict[str, Callable[[], Scene]]:
    from sailing_kit.race import library
    from sailing_kit.race.board import RightOfWayTrainer
    from sailing_kit.race.trainer import Trainer

    def shown(scenario, answered: bool) -> Scene:
        board = RightOfWayTrainer(Trainer([scenario]))
        if answered:
            board.answer(scenario.keep_clear)
        return board.scene()

    return {f"trainer {s.id} {'answered' if a else 'asked'}": (lambda s=s, a=a: shown(s, a))
            for s in library() for a in (False, True)}


def _cards() -> dict[str, Callable[[], Scene]]:
    from sailing_kit.calm import Board as CalmBoard
    from sailing_kit.calm import new_game as calm_game
    from sailing_kit.calm.drawing import draw_sea
    from sailing_kit.calm.puzzle import new_puzzle
    from sailing_kit.core.bots import advance
    from sailing_kit.regatta import Board as RegattaBoard
    from sailing_kit.regatta import new_game as regatta_game
    from sailing_kit.regatta import standard_deck
    from sailing_kit.regatta.cards import draw_deck

    def match() -> Scene:
        state = regatta_game(seed=11, players=4)
        advance(state, {0: regatta_bots.make("random", 1),
                        **{p: regatta_bots.make("sensible") for p in (1, 2, 3)}})
        return state.scene()

    def calm_over() -> Scene:

        state = calm_game(players=2, seed=4)
        advance(state, {0: calm_bots.make("planner"), 1: calm_bots.make("planner")})
        return state.scene()

    return {
        "calm covered, 5 players": lambda: CalmBoard(calm_game(players=5, seed=0)).scene(),
        "calm open puzzle": lambda: new_puzzle(seed=2, players=2).scene(),
        "calm over": calm_over,
        "calm sea (exercises)": lambda: draw_sea(calm_game(players=1, seed=0).sea,
                                                 {(0, 0): "?"}, title="The sea"),
        "regatta covered, 4 players": lambda: RegattaBoard(regatta_game(seed=0,
                                                                        players=4)).scene(),
        "regatta bot match (lesson 07)": match,
        "regatta deck (lesson 07)": lambda: draw_deck(standard_deck()),
    }


def _lessons() -> dict[str, Callable[[], Scene]]:
    from sailing_kit.core.compass import Direction
    from sailing_kit.race import new_drill
    from sailing_kit.race.drawing import points_of_sail_rose
    from sailing_kit.race.routes import fewest_turns
    from sailing_kit.trireme import new_game as duel
    from sailing_kit.trireme import solve
    from sailing_kit.trireme.drawing import policy_scene

    def route() -> Scene:
        drill = new_drill(seed=0)
        return drill.scene(route=fewest_turns(drill.position, drill.heading, drill.wind,
                                              drill.options.mark, within=drill.grid))

    def policy() -> Scene:
        sea = duel(seed=0).sea
        choices, values = solve(sea).policy_map(trireme=6, wind=Direction.NE, honour=3,
                                                progress=0)
        return policy_scene(sea, choices, values, trireme=6, title="Going out: not yet round, "
                            "trireme on square 6, wind from NE, 3 Honour")

    return {"points of sail rose": lambda: points_of_sail_rose("NE"), "drill route": route,
            "trireme policy (lesson 08)": policy}


PICTURES = {**_first_positions(), **_race(), **_trainer(), **_cards(), **_lessons()}


def problems(scene: Scene) -> list[str]:
    found = []
    for text in (s for s in scene.shapes if isinstance(s, Text)):
        if text.size < MIN_TEXT:
            found.append(f"{text.text!r} at {text.size:g} px")
        width = LETTER * text.size * len(text.text)
        width = min(width, text.fit) if text.fit else width  # squeezed into ``fit`` if wider
        left = text.at[0] - {"start": 0, "middle": width / 2, "end": width}[text.anchor]
        if left < -1 or left + width > scene.width + 1 or not 0 <= text.at[1] <= scene.height:
            found.append(f"{text.text!r} runs off the picture")
    return found


@pytest.mark.parametrize("name", PICTURES)
def test_every_text_is_at_least_12_px_and_inside_its_picture(name):
    assert problems(PICTURES[name]()) == []
