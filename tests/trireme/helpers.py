"""Maps and a turn-by-turn helper shared by the duel's tests."""

from __future__ import annotations

from sailing_kit.trireme import TriremeState, new_game

LANE = """name: The test lane
trireme: 7N NE 2E SE 6S SW
.......
.......
...#...
...#...
.......
.......
.......
.......
.T=S=..
"""
"""Rocks at (3, 5) and (3, 6); the trireme's line runs up x = 1, over the top and down x = 5;
the sailboat starts at (3, 0). Rounding line: between x = 2 and x = 3, from row 6 north."""

TINY = """name: A tiny bay for exact answers
trireme: NW 2N NE SE 2S S
.....
..#..
.....
.....
.=TS.
"""

WINNING_ROUTE = [  # (heading, die face, squares to sail or None) with the wind from NE held
    ("N", 3, None), ("NW", 3, 1), ("N", 3, None), ("N", 3, None), ("N", 3, None),
    ("N", 3, None), ("N", 3, None), ("E", 3, None), ("SE", 3, 1), ("S", 3, 2), ("S", 3, 2),
    ("S", 3, 2),
]
"""A route round the lane's rocks by the right: up x = 2, east across the rounding line at
(2, 7) -> (3, 7), down x = 4 to the start line at (4, 0)."""


def lane(seed: int = 0, **options) -> TriremeState:
    return new_game(seed=seed, map=LANE, **options)


def play_turn(state: TriremeState, heading: str, face: int, squares: int | None = None,
              honour: bool = False) -> None:
    """Steer, set the die by hand, and choose the distance if asked."""
    state.apply({"heading": heading, "honour": honour})
    state.apply({"die": face})
    if squares is not None:
        state.apply({"squares": squares})
