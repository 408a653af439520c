"""The review of a dice game: every keep and every category chosen, weighed by the optimal
solitaire table, as Verhoeff's Yahtzee proficiency test does.

A choice's value is the seat's own expected final score when making it and playing perfectly
afterwards, for the rules in use (Tábornok's big general counted as its 60 points, as the solver
does). Its cost is what it gives up against the best choice; good play loses under 0.2 points a
decision on average (Verhoeff). The classes of :data:`SCALE`, in expected final points:

- good: under 0.5 (a keep almost as good as the best);
- inaccuracy: under 2;
- mistake: under 5 (keeping the wrong dice for a category, say);
- blunder: 5 or more (a category thrown away).

The first roll of a turn and a choice with no alternative (the last box on the last roll) are no
decisions. The same numbers as the board's advisor: :meth:`Planner.options`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sailing_kit.core.i18n import N_, _, n_, number
from sailing_kit.core.review import TIE, Review, Scale, Weighed, review_game
from sailing_kit.draw import palette
from sailing_kit.draw.dice import die_outline, draw_die, row_of_dice
from sailing_kit.draw.review import LOOKS
from sailing_kit.draw.scene import Scene
from sailing_kit.yacht.actions import Roll
from sailing_kit.yacht.bots import held_places
from sailing_kit.yacht.game import YachtState
from sailing_kit.yacht.multisets import DICE, multiset
from sailing_kit.yacht.position import Choice, Keep, Position, Score
from sailing_kit.yacht.rules import category_word
from sailing_kit.yacht.solver import Planner, optimal_planner

SCALE = Scale(N_("expected final points"), N_("points"), good=0.5, inaccuracy=2.0, mistake=5.0)
PICTURE_SIZE = (240, 92)
"""A decision's small picture (it fits the board's panel beside the dice)."""
DIE, GAP, HALF = 18, 4, 120
VERDICTS = {"good": N_("good: −{cost}"), "inaccuracy": N_("inaccuracy: −{cost}"),
            "mistake": N_("mistake: −{cost}"), "blunder": N_("blunder: −{cost}")}
"""A decision's class and its cost in expected final points, under its picture."""


def review(state: YachtState, players: Iterable[int] | None = None) -> Review:
    """Every decision of the seats ``players`` (all by default) weighed against optimal play."""
    planner = optimal_planner(state.rules)

    def weigh(game: YachtState, action: Any) -> Weighed | None:
        return weigh_choice(game, action, planner)

    def value(game: YachtState, seat: int) -> float:
        return planner.expected_from(game.cards[seat])

    return review_game(state, players, scale=SCALE, weigh=weigh, value=value, name=state.name)


def weigh_choice(game: YachtState, action: Any, planner: Planner) -> Weighed | None:
    """The choice ``action`` (a roll holding dice, or a category) in ``game``'s position, weighed;
    None for the first roll of a turn and for a choice with no alternative."""
    position = game.position()
    if position is None or game.dice is None or not isinstance(action, Roll | Score):
        return None
    options = {option.choice: option.expected for option in planner.options(position)}
    if len(options) < 2:
        return None
    made: Choice = Keep(multiset([game.dice[p] for p in action.held])) \
        if isinstance(action, Roll) else action
    value_best = max(options.values())
    best = made if options[made] >= value_best - TIE else \
        max(options, key=lambda choice: options[choice])
    best_action = Roll(held_places(game.dice, best)) if isinstance(best, Keep) else best
    kind = SCALE.classify(value_best - options[made])
    return Weighed(words(position, made), words(position, best), game.action_to_json(action),
                   game.action_to_json(best_action), options[made], value_best,
                   picture(position, made, best, value_best - options[made], kind))


def words(position: Position, choice: Choice) -> str:
    """``"keep 6 6 6"``, ``"roll all five"``, ``"score 18 in sixes"``."""
    if isinstance(choice, Keep):
        return str(choice)
    points = position.categories()[choice.category]
    return _("score {points} in {category}", points=points,
             category=category_word(choice.category, spaced=True))


def picture(position: Position, made: Choice, best: Choice, cost: float, kind: str) -> Scene:
    """The dice twice, side by side: the choice made (left) and the best (right), kept dice
    outlined and dice rolled again faded, each choice in words; under them the cost and class."""
    width, height = PICTURE_SIZE
    scene = Scene(width, height, title=_("made: {made}; best: {best}",
                                         made=words(position, made), best=words(position, best)),
                  background="#FFFFFF")
    for left, title, choice in ((0, _("Made"), made), (HALF, _("Best"), best)):
        scene.text((left + 2, 8), title, size=12, colour=palette.INK, anchor="start", bold=True)
        kept = list(choice.dice) if isinstance(choice, Keep) else list(position.dice)
        for value, corner in zip(position.dice, row_of_dice(DICE, left + 2, 18, DIE, GAP)):
            draw_die(scene, corner, DIE, value)
            if value in kept:
                kept.remove(value)
                scene.polygon(die_outline(corner, DIE), stroke=palette.BLUE, width=3)
            else:
                scene.rect(corner[0] - 1, corner[1] - 1, DIE + 2, DIE + 2, fill="#FFFFFF",
                           opacity=0.65)
        for line, text in enumerate(_choice_lines(position, choice)):
            scene.text((left + 2, 48 + 14 * line), text, size=12, colour=palette.INK,
                       anchor="start")
    colour, sign = LOOKS[kind]
    scene.rect(0, 74, width, 18, fill=colour)
    verdict = _("the best choice") if kind == "best" else \
        _(VERDICTS[kind], cost=number(cost, 2))
    scene.text((width / 2, 83), f"{sign} {verdict}", size=12, colour=palette.INK, bold=True)
    return scene


def _choice_lines(position: Position, choice: Choice) -> list[str]:
    if isinstance(choice, Keep):
        rolled = DICE - len(choice.dice)
        return [str(choice), n_("roll {count} die", "roll {count} dice", rolled)] \
            if choice.dice else [str(choice)]
    points = position.categories()[choice.category]
    return [category_word(choice.category, spaced=True),
            n_("for {count} point", "for {count} points", points)]
