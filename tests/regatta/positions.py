"""Hand-made positions for the rule tests: yachts set by hand and the cards dealt as stacked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sailing_kit.regatta import RegattaState, new_game

SPARE = ("straight",) * 12
"""A draw pile of plain cards under the hands."""


def race(*yachts: tuple, hands: Sequence[Sequence[str]], draw: Sequence[str] = SPARE,
         **options: Any) -> RegattaState:
    """A race on the triangle course with each yacht ``(at, heading)`` or ``(at, heading, legs)``
    placed by hand and the cards stacked: each hand (all of one size), then the draw pile."""
    placed = [{"at": list(yacht[0]), "heading": yacht[1],
               "legs": yacht[2] if len(yacht) > 2 else 0} for yacht in yachts]
    stack = [card for hand in hands for card in hand] + list(draw)
    return new_game(seed=options.pop("seed", 0), players=len(yachts), yachts=placed,
                    stack=stack, hand_size=len(hands[0]), **options)


def every_card(state: RegattaState) -> Counter:
    """Where every card of the game lies, pooled: draw and discard piles, hands, the suns on
    the table and the cards out of the game. Each card number must appear exactly once."""
    places: Counter = Counter(state.draw_pile + state.discard_pile + state.out)
    for hand in state.hands:
        places.update(hand)
    places.update(sun for sun in state.suns if sun is not None)
    return places


def plan_ends(state: RegattaState) -> dict[tuple, tuple]:
    """Each legal sail's (card, arrow, windy) -> (end cell, heading)."""
    return {(v.plan.card, v.plan.arrow, v.plan.windy): (v.end.at, v.end.heading.value)
            for v in state.verdicts() if v.legal}
