"""The widget boards of Race the Wind. They hold no rules: the engine decides everything.

- :class:`PointsOfSailBoard`: one boat, the wind, every end of the turn (lesson 1);
- :class:`RightOfWayTrainer`: scenarios to judge, and a free mode with a live umpire (lesson 2);
- :class:`SituationTrainer`: the animated situations, asked as a quiz under the game's rules or
  the RRS, with the protest committee's answers; :class:`SituationEditor` draws new ones;
- :class:`RaceBoard` (also ``Board``): the whole race, with friends or against bots.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from sailing_kit.core.bots import Bot
from sailing_kit.core.i18n import _
from sailing_kit.race.boards.editor import SituationEditor
from sailing_kit.race.boards.points_of_sail import PointsOfSailBoard
from sailing_kit.race.boards.race import RaceBoard
from sailing_kit.race.boards.situations import SituationTrainer
from sailing_kit.race.boards.trainer import RightOfWayTrainer
from sailing_kit.race.drill import new_drill
from sailing_kit.race.game import new_game
from sailing_kit.race.trainer import Trainer
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard

Board = RaceBoard

__all__ = ["Board", "PointsOfSailBoard", "RaceBoard", "RightOfWayTrainer", "SituationEditor",
           "SituationTrainer",
           "app", "example_boards", "situations_app", "trainer_app"]


def app() -> GameApp:
    """The race as an app: you sail boat A against bots (for Voilà)."""
    def race(seed: int, boats: int, course: str, level: str) -> RaceBoard:
        bots: dict[int, Bot | str] = dict.fromkeys(range(1, boats), level)
        return RaceBoard(new_game(seed=seed, boats=boats, course=course), bots=bots)

    return GameApp(
        _("Race the Wind"), race,
        about=_("Race against computer sailors: choose Place facing, then click a dot of your "
                "half to place your boat; then click a blue dot each turn. Protest and penalty "
                "buttons appear when the rules call for them."),
        boats=widgets.Dropdown(options=[2, 3, 4, 5], value=3, description=_("Boats")),
        course=widgets.Dropdown(options=[(_("short"), "short"), (_("full"), "full")],
                                value="short", description=_("Course")),
        level=widgets.Dropdown(options=[(_("easy"), "easy"), (_("strong"), "strong")],
                               value="strong", description=_("Bots")))


def trainer_app() -> GameApp:
    """The right-of-way trainer as an app (for Voilà)."""
    return GameApp(_("Right of way: who keeps clear?"),
                   lambda seed: RightOfWayTrainer(Trainer(seed=seed)),
                   about=_("Click the boat that must keep clear. Level 2 also asks which rule "
                           "decides. Free mode lets you drag the boats while the umpire rules."))


def situations_app() -> GameApp:
    """The animated right-of-way trainer as an app (for Voilà): a level and a rulebook."""
    return GameApp(_("Right of way: the animated trainer"),
                   lambda seed, level, rules: SituationTrainer(
                       level=None if level == "all" else level, rules=rules, seed=seed),
                   about=_("Press Play to watch the boats; answer the question when it comes, "
                           "then say why. Both rulebooks answer: the game's and the Racing Rules "
                           "of Sailing 2025-2028."),
                   level=widgets.Dropdown(options=[("1", 1), ("2", 2), ("3", 3),
                                                   (_("all"), "all")],
                                          value=1, description=_("Level")),
                   rules=widgets.Dropdown(options=[(_("Race the Wind"), "race"),
                                                   ("RRS 2025-2028", "rrs")],
                                          value="race", description=_("Rules")))


def example_boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Boards in a typical position, for the benchmarks and the gallery."""
    return {
        "points of sail": lambda: PointsOfSailBoard(new_drill(seed=0, heading="E", start=(4, 5))),
        "right-of-way trainer": lambda: RightOfWayTrainer(seed=0),
        "animated situations": lambda: SituationTrainer(seed=0),
        "situation editor": lambda: SituationEditor(),
        "race (5 boats, full course)": lambda: RaceBoard(
            new_game(seed=0, boats=5), bots=dict.fromkeys(range(1, 5), "strong")),
    }
