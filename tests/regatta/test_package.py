"""The package's shape: the rules import without Jupyter, options fail with clear messages, and
every position draws itself and says itself in words."""

import subprocess
import sys

import pytest

import sailing_kit.regatta as regatta
from sailing_kit.core import ConfigError
from sailing_kit.regatta import new_game
from sailing_kit.regatta.cards import draw_deck


def test_importing_the_rules_pulls_in_no_jupyter():
    code = ("import sys, sailing_kit.regatta, sailing_kit.regatta.bots, "
            "sailing_kit.regatta.probability, sailing_kit.regatta.drawing\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', "
            "'IPython')]\nassert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_board_is_imported_on_first_use():
    from sailing_kit.regatta.board import Board

    assert regatta.Board is Board
    with pytest.raises(AttributeError):
        regatta.Boat


@pytest.mark.parametrize("options, complaint", [
    ({"colours": 3}, "unknown option 'colours'"),
    ({"player": 3}, "Did you mean 'players'"),
    ({"players": 0}, "'players' must be from 1 to 4"),
    ({"zone": 5}, "'zone' must be from 0 to 4"),
    ({"rounds": 0}, "'rounds' must be from 1 to 1000"),
    ({"hand_size": "five"}, "'hand_size' must be a whole number"),
    ({"course": "round the island"}, "there is no course 'round the island'"),
    ({"yachts": [{"at": [6, 6]}]}, "places one yacht per player"),
    ({"yachts": [{"at": [6, 6]}, {"at": [6, 6]}]}, "two yachts in one cell"),
    ({"yachts": [{"at": [4, 2]}, {"at": [6, 6]}]}, r"\(4, 2\) holds a buoy"),
    ({"yachts": [{"at": [6, 6], "heading": "up"}, {"at": [1, 1]}]}, "'up' is not a compass"),
    ({"yachts": [{"at": [6, 6], "legs": 9}, {"at": [1, 1]}]}, "must be from 0 to 3"),
    ({"yachts": [{"at": [6, 6], "speed": 2}, {"at": [1, 1]}]}, "unknown key 'speed'"),
    ({"stack": ["straight", "zigzag"]}, "the deck has no card 'zigzag'"),
    ({"stack": ["straight"] * 9}, "too few to deal 2 hands of 5"),
])
def test_bad_options_are_clear_config_errors(options, complaint):
    with pytest.raises(ConfigError, match=complaint):
        new_game(**{"seed": 0, **options})


def test_the_position_draws_itself_and_says_itself_in_words():
    state = new_game(seed=1, players=3)
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and "Player 1: your hand" in svg
    text = str(state)
    assert "Round 1 of 60. Player 1 to play" in text and "next: start" in text
    assert "round the red buoy at (10, 13) keeping it to port" in text
    deck = draw_deck(state.deck).to_svg()
    assert deck.count("× ") == len(state.deck.cards)
    assert ">Windy</text>" in deck and ">spell</text>" in deck  # the title wraps at 12 px
