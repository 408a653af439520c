"""The review of a duel: every heading, Honour point and distance chosen, weighed by the optimal
helmsman's chance to win.

A choice's value is the chance to win when making it and playing perfectly afterwards, the
advisor's own number (:func:`~sailing_kit.trireme.advisor.advise`); its cost is the chance it
gives up against the best choice. A duel has a score of decisions, and most cost little, so the
classes of :data:`SCALE` are finer than a chess site's, in percentage points of the chance to
win:

- good: under 1;
- inaccuracy: under 3;
- mistake: under 8;
- blunder: 8 or more.

A choice with no alternative (the only distance allowed) is no decision.
"""

from __future__ import annotations

from collections.abc import Iterable

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.review import TIE, Review, Scale, Weighed, class_word, review_game
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.review import LOOKS
from sailing_kit.draw.scene import Scene
from sailing_kit.trireme.actions import Action, Sail, Steer, choice_words, short_words
from sailing_kit.trireme.advisor import advise, chance_to_win, solution_for
from sailing_kit.trireme.drawing import (
    LINE_FILL,
    REEF_FILL,
    ROCK_FILL,
    SAILBOAT,
    TRIREME,
    arrow_from,
    boat_letters,
    draw_boat,
)
from sailing_kit.trireme.game import TriremeState
from sailing_kit.trireme.solver import Solution

SCALE = Scale(N_("chance to win"), N_("percentage points"), good=0.01, inaccuracy=0.03, mistake=0.08,
              percent=True)
REACH = 3
"""A decision's picture shows the squares up to this far from the boat."""
CELL, HALF = 14, 118
"""A square's size in the picture, and the width of each of its halves."""
PICTURE_SIZE = (232, 160)
"""A decision's small picture (it fits the board's side panel)."""


def review(state: TriremeState, players: Iterable[int] | None = None) -> Review:
    """Every decision of the helmsman (the only seat) weighed against optimal play."""
    solution = solution_for(state)

    def weigh(game: TriremeState, action: Action) -> Weighed | None:
        return weigh_choice(game, action, solution)

    def value(game: TriremeState, seat: int) -> float:
        return chance_to_win(game, solution)

    return review_game(state, players, scale=SCALE, weigh=weigh, value=value,
                       name=lambda seat: _("You (the sailboat)"))


def weigh_choice(game: TriremeState, action: Action, solution: Solution) -> Weighed | None:
    """The choice ``action`` in ``game``'s position, weighed; None when it had no alternative."""
    advice = advise(game, solution)
    if advice is None or len(advice.options) < 2:
        return None
    made_value, value_best = advice.chance(action), advice.value
    best = action if made_value >= value_best - TIE else advice.best
    kind = SCALE.classify(value_best - made_value)
    return Weighed(choice_words(action), choice_words(best), game.action_to_json(action),
                   game.action_to_json(best), made_value, value_best,
                   picture(game, action, best, value_best - made_value, kind))


def picture(game: TriremeState, made: Action, best: Action, cost: float, kind: str) -> Scene:
    """The sea round the boat twice, side by side: the choice made (left) and the best (right),
    a heading as an arrow (a ring round the boat for an Honour point spent), a distance as the
    square it reaches; each in words; under them the cost and class."""
    width, height = PICTURE_SIZE
    scene = Scene(width, height, title=_("made: {made}; best: {best}", made=choice_words(made),
                                         best=choice_words(best)), background="#FFFFFF")
    for left, title, choice in ((0, _("Made"), made), (HALF, _("Best"), best)):
        half = Scene(HALF - 4, 136)
        half.text((2, 8), title, size=12, colour=palette.INK, anchor="start", bold=True)
        view = GridView(2 * REACH + 1, 2 * REACH + 1, cell=CELL, margin=CELL / 2 + 1, top=16,
                        origin=(game.boat[0] - REACH, game.boat[1] - REACH))
        _draw_near_sea(half, view, game)
        _draw_choice(half, view, game, choice)
        half.text((2, 126), short_words(choice), size=12, colour=palette.INK, anchor="start")
        scene.place(half, (left, 0))
    colour, sign = LOOKS[kind]
    scene.rect(0, 140, width, 18, fill=colour)
    verdict = _("the best choice") if kind == "best" else \
        _("{kind}: −{cost}", kind=class_word(kind), cost=SCALE.amount(cost))
    scene.text((width / 2, 149), f"{sign} {verdict}", size=12, colour=palette.INK, bold=True)
    return scene


def _near(game: TriremeState) -> list[Point]:
    x, y = game.boat
    return [(x + dx, y + dy) for dy in range(-REACH, REACH + 1) for dx in range(-REACH, REACH + 1)]


def _draw_near_sea(scene: Scene, view: GridView, game: TriremeState) -> None:
    """The squares round the boat (off the map: blank), the trireme if near, and the boat."""
    sea, half, letters = game.sea, view.cell / 2, boat_letters()
    for square in _near(game):
        if not sea.on_map(square):
            continue
        fill = (ROCK_FILL if square in sea.rocks else REEF_FILL if square in sea.reefs
                else LINE_FILL if square in sea.line else palette.WATER)
        x, y = view.pixel(square)
        scene.rect(x - half, y - half, view.cell, view.cell, fill=fill, stroke=palette.GRID,
                   width=0.6)
    if game.trireme_square in _near(game):
        following = sea.path[min(game.trireme + 1, len(sea.path) - 1)]
        heading = Direction.from_vector(following[0] - game.trireme_square[0],
                                        following[1] - game.trireme_square[1]) \
            if following != game.trireme_square else Direction.N
        draw_boat(scene, view, game.trireme_square, heading, TRIREME, letters[1])
    draw_boat(scene, view, game.boat, game.heading, SAILBOAT, letters[0])


def _draw_choice(scene: Scene, view: GridView, game: TriremeState, choice: Action) -> None:
    if isinstance(choice, Steer):
        arrow_from(scene, view.pixel(game.boat), choice.heading, 2.6 * view.cell, palette.INK)
        if choice.honour:
            scene.circle(view.pixel(game.boat), 0.62 * view.cell, stroke=palette.ORANGE, width=2.5)
    elif isinstance(choice, Sail):
        target = step(game.boat, game.heading, choice.squares)
        if game.sea.on_map(target):
            scene.circle(view.pixel(target), 0.42 * view.cell, fill=palette.SKY_BLUE,
                         stroke=palette.INK, width=1.5)

