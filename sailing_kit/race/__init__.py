"""Race the Wind: grid sailing with points of sail, right of way, cover, marks and penalties.

So far: the sailing model of section 2 (:func:`point_of_sail`, :func:`tack`,
:func:`turn_options`), route finding (:func:`fewest_turns`), the points-of-sail drill
(:func:`new_drill`), right of way (:func:`right_of_way`, :func:`infringements`, the
:class:`Umpire`), the scenario library (:func:`library`), the whole race (:func:`new_game`)
and its open-water practice preset (:func:`new_practice`), and the boards in
``sailing_kit.race.board``.
"""

from sailing_kit.core.info import GameInfo, Outcome
from sailing_kit.core.lazy import board_attributes
from sailing_kit.race import bots
from sailing_kit.race.actions import Sail, WindShift
from sailing_kit.race.drill import DrillState, new_drill
from sailing_kit.race.engagement import (
    Contest,
    Infringement,
    contested_points,
    infringements,
    infringements_after_wind_change,
)
from sailing_kit.race.game import Place, Protest, RaceState, Spin, Wait, new_game, new_practice
from sailing_kit.race.penalties import Umpire
from sailing_kit.race.rightofway import Boat, Rule, Ruling, course_point, right_of_way
from sailing_kit.race.routes import fewest_turns
from sailing_kit.race.sailing import (
    Move,
    PointOfSail,
    Tack,
    TurnOption,
    change_of_tack,
    point_of_sail,
    tack,
    turn_options,
)
from sailing_kit.race.scenario import Scenario, library, load_scenario
from sailing_kit.race.wind import COMPASS_DIE, compass_die_outcomes

__all__ = [
    "COMPASS_DIE",
    "INFO",
    "Boat",
    "Contest",
    "DrillState",
    "Infringement",
    "Move",
    "Place",
    "PointOfSail",
    "Protest",
    "RaceState",
    "Rule",
    "Ruling",
    "Sail",
    "Scenario",
    "Spin",
    "Tack",
    "TurnOption",
    "Umpire",
    "Wait",
    "WindShift",
    "bots",
    "change_of_tack",
    "compass_die_outcomes",
    "contested_points",
    "course_point",
    "fewest_turns",
    "infringements",
    "infringements_after_wind_change",
    "library",
    "load_scenario",
    "new_drill",
    "new_game",
    "new_practice",
    "point_of_sail",
    "right_of_way",
    "tack",
    "turn_options",
]

INFO = GameInfo(
    name="race", title="Race the Wind", players=range(2, 6), players_option="boats", chance=True,
    hidden_information=False, cooperative=False, outcome_kinds=frozenset({Outcome.WIN, Outcome.LOSS}),
    bots=tuple(bots.BOTS), controls=("turn",),
)


__getattr__ = board_attributes(__name__, "Board", "RaceBoard", "PointsOfSailBoard", "RightOfWayTrainer")
