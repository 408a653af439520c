"""Computer players for the card regatta: the kit's random bot, and a sensible sailor.

The sensible bot values a yacht by the way it still has to go round the marks (the course's
:meth:`~sailing_kit.regatta.course.Course.distance_to_go`, round the buoys) plus a cost for
pointing away from the shortest way on, since a card turns a yacht at most 90 degrees. Each
turn:

- it sails the card and arrow that leave the best value, or skips the turn to turn the yacht
  when that is worth more (a buoy astern), if either makes progress (a Windy spell only when
  the double move beats every single move by a clear margin, so it is not wasted);
- it does not sit becalmed without a plan: when no card in hand helps, it turns the yacht (a
  skipped turn), best towards a heading where a card in hand will help, or exchanges the cards
  that cannot help, reckoning the exact chance of drawing a helpful one from what it sees
  (:func:`~sailing_kit.regatta.probability.chance_to_draw`: its own hand and the face-up
  discards cannot be drawn);
- after sailing it always takes Nice yacht handling's extra move, and lays a Flat calm before
  the best-placed opponent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from sailing_kit.core.bots import Bot, BotFactory, make_bot, random_bot
from sailing_kit.core.compass import Direction
from sailing_kit.regatta.actions import (
    AFTER,
    Action,
    Becalm,
    EndTurn,
    Exchange,
    Face,
    Handling,
    Sail,
)
from sailing_kit.regatta.course import Course
from sailing_kit.regatta.game import RegattaState, Yacht
from sailing_kit.regatta.geometry import Pose
from sailing_kit.regatta.moves import Verdict, judge
from sailing_kit.regatta.probability import chance_to_draw

OFF_COURSE_COST = (0.0, 0.4, 1.6, 2.8, 4.0)
"""Value lost by pointing 0, 45, 90, 135 or 180 degrees away from the shortest way on."""
WINDY_MARGIN = 1.5
"""How much better a double move must be than every single move to spend a Windy spell."""
WAIT_GAIN = 2.0
"""What holding a helpful card for the next turn is reckoned to be worth (about one move)."""

__all__ = ["BOTS", "make", "value"]


def value(course: Course, pose: Pose, leg: int, winding: int) -> float:
    """How far a yacht still has to go, counting its heading: lower is better."""
    route = course.route(pose.at, leg, winding)
    if not route:
        return -math.inf
    target = next((w for w in route if w != pose.at), route[-1])
    ways = course.first_steps(pose.at, target)
    off = min((_eighths(pose.heading, way) for way in ways), default=0)
    return course.distance_to_go(pose.at, leg, winding) + OFF_COURSE_COST[off]


def _eighths(a: Direction, b: Direction) -> int:
    """The angle between two headings in 45-degree steps (0 to 4)."""
    steps = (b.index - a.index) % 8
    return min(steps, 8 - steps)


def _sensible() -> Bot:
    """A bot that sails round the course sensibly (see the module's description)."""

    def choose(state: RegattaState) -> Action:
        return _after_sailing(state) if state.phase == AFTER else _move(state)

    choose.__name__ = "sensible"
    return cast(Bot, choose)


def _move(state: RegattaState) -> Action:
    """The sail or new heading that most improves the yacht's value; if none does, the best
    way to wait."""
    course, yacht = state.course, state.yachts[state.player]
    here = value(course, yacht.pose, yacht.leg, yacht.winding)
    sails = [] if state.becalmed(state.player) else [
        (_after(course, yacht, v), v.plan) for v in state.verdicts() if v.legal]
    best_single = min((v for v, plan in sails if not plan.windy), default=math.inf)
    moves: list[tuple[float, Action]] = [
        (v, plan) for v, plan in sails if not plan.windy or v <= best_single - WINDY_MARGIN]
    faces = [Pose(yacht.pose.at, heading) for heading in Direction]
    moves += [(value(course, pose, yacht.leg, yacht.winding), Face(pose.heading))
              for pose in faces]
    best = min(moves, key=lambda option: option[0])
    if best[0] < here:
        return best[1]
    hand = state.hand(state.player)
    waits: list[tuple[float, Action]] = [(value(course, pose, yacht.leg, yacht.winding)
              - WAIT_GAIN * bool(_helpful(state, pose, hand)), Face(pose.heading))
             for pose in faces]
    useless = _useless_cards(state)[:state.cards_to_draw]
    if useless:
        good = _helpful(state, yacht.pose, tuple(dict.fromkeys(state.kinds)))
        drawn = state.options.hand_size - len(hand) + len(useless)
        chance = chance_to_draw(state, state.player, drawn, good)
        waits.append((here - WAIT_GAIN * float(chance), Exchange(tuple(sorted(useless)))))
    return min(waits, key=lambda option: option[0])[1]


def _after(course: Course, yacht: Yacht, verdict: Verdict) -> float:
    """The yacht's value after sailing ``verdict``."""
    if verdict.end is None:
        raise ValueError(f"a blocked arrow leads nowhere: {verdict.reason}")
    leg, winding = course.judge(yacht.leg, yacht.winding, (yacht.pose.at, *verdict.path))
    return value(course, verdict.end, leg, winding)


def _helpful(state: RegattaState, pose: Pose, kinds: Sequence[str]) -> set[str]:
    """The movement cards among ``kinds`` with an arrow that improves the value of the yacht
    to move were it at ``pose`` (single moves, on the water as it lies now)."""
    course, yacht = state.course, state.yachts[state.player]
    placed = Yacht(pose, yacht.leg, yacht.winding, yacht.track)
    now = value(course, pose, yacht.leg, yacht.winding)
    plans = [Sail(kind, arrow) for kind in dict.fromkeys(kinds)
             if state.deck.kind(kind).moves for arrow in state.deck.kind(kind).arrows]
    return {v.plan.card for v in judge(state.water(state.player), pose, plans, state.deck)
            if v.legal and _after(course, placed, v) < now}


def _useless_cards(state: RegattaState) -> list[str]:
    """Up to three cards to exchange: movement cards that cannot help now, then second copies
    of special cards, then (with no helpful movement card to go with them) the specials."""
    hand = sorted(state.hand(state.player))
    helpful = _helpful(state, state.yachts[state.player].pose, hand)
    moves = [kind for kind in hand if state.deck.kind(kind).moves]
    useless = [kind for kind in moves if kind not in helpful]
    specials = [kind for kind in hand if kind not in moves]
    spare = [kind for index, kind in enumerate(specials) if kind in specials[:index]]
    if len(useless) == len(moves):
        spare += [kind for kind in dict.fromkeys(specials) if kind not in spare]
    return (useless + spare)[:3]


def _after_sailing(state: RegattaState) -> Action:
    """Take the extra move; then becalm the best-placed opponent; else end the turn."""
    legal = state.legal_actions()
    if Handling() in legal:
        return Handling()
    calms = [action for action in legal if isinstance(action, Becalm)]
    if calms:
        return min(calms, key=lambda a: (-state.yachts[a.target].leg, state.to_go(a.target)))
    return EndTurn()


BOTS: dict[str, BotFactory] = {"sensible": lambda seed: _sensible(), "random": random_bot}
"""The bots by name: "sensible" (the default; deterministic) and "random"."""


def make(name: str = "default", seed: int | None = None) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`; ``"default"`` is the sensible one)."""
    return make_bot(BOTS, name, seed)
