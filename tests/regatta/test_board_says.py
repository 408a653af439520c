"""The regatta board says how a race ended, plainly (issue #12.4), and nothing is clipped."""

import html
import re

from sailing_kit.core.bots import advance
from sailing_kit.draw.scene import Text
from sailing_kit.regatta import bots as regatta_bots
from sailing_kit.regatta import new_game
from sailing_kit.regatta.board import Board


def test_the_end_says_who_won_and_the_students_place_once():
    board = Board(new_game(seed=2, players=3, rounds=4),
                  bots={1: regatta_bots.make("sensible"), 2: regatta_bots.make("sensible")})
    helper = regatta_bots.make("sensible")
    while not board.state.is_over():
        board.act(helper(board.state), "Sailed.")
    said = html.unescape(re.sub("<[^>]+>", "", board.status.value))
    assert f"Race over: {board.state.result.reason}." in said
    place = board.state.standings().index(0) + 1
    assert re.search(rf"You \(Player 1\): (joint )?{place}(st|nd|rd|th) of 3\.", said)
    assert "Race over" in html.unescape(board.info.value)
    board.refresh("Hello.")
    assert html.unescape(re.sub("<[^>]+>", "", board.status.value)) == "Hello."  # said once


def test_lesson_07s_bot_match_picture_is_not_clipped():
    """The finished match of lesson 07: every line of text fits inside the picture."""
    match = new_game(seed=11, players=4)
    advance(match, {0: regatta_bots.make("random", 1),
                    **{p: regatta_bots.make("sensible") for p in (1, 2, 3)}})
    scene = match.scene()
    for text in (s for s in scene.shapes if isinstance(s, Text)):
        half = 0.62 * text.size * len(text.text) / (2 if text.anchor == "middle" else 1)
        left = text.at[0] - (half if text.anchor != "start" else 0)
        right = text.at[0] + (half if text.anchor != "end" else 0)
        assert left >= 0 and right <= scene.width, text
    assert any("won" in s.text for s in scene.shapes if isinstance(s, Text))
