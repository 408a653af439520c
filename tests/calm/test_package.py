"""The package's shape: the rules import without Jupyter, options fail with clear messages."""

import subprocess
import sys

import pytest

from sailing_kit.calm import new_game
from sailing_kit.core import ConfigError


def test_importing_the_rules_pulls_in_no_jupyter():
    code = ("import sys, sailing_kit.calm, sailing_kit.calm.simulate, sailing_kit.calm.puzzle\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', "
            "'IPython')]\nassert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("options, complaint", [
    ({"colours": 3}, "unknown option 'colours'"),
    ({"monster": 3}, "Did you mean 'monsters'"),
    ({"players": "two"}, "'players' must be a whole number"),
    ({"adjacency": "diagonal"}, "'adjacency' must be 'reading' or 'physical'"),
    ({"top": 30}, "a 6 x 6 sea needs 36 islands"),
    ({"rows": 2, "rocks": "manual", "top": 20}, "jagged rocks need a sea of at least 3 rows"),
    ({"open_hands": "yes"}, "'open_hands' must be True or False"),
    ({"decks": [[1, 2, 3]], "players": 1}, "each deck holds exactly one Start card"),
    ({"decks": [[1, "start"], [1, "start"]], "players": 2}, "island 1 is dealt twice"),
    ({"decks": [[1, "start"]], "players": 2}, "'players' is 2 but 'decks' deals 1 deck$"),
    ({"decks": [[99, "start"]], "players": 1}, "there is no island 99"),
    ({"decks": [[1, "start"]], "players": 1, "monsters": 3}, "put sea monsters in the decks"),
])
def test_bad_options_are_clear_config_errors(options, complaint):
    with pytest.raises(ConfigError, match=complaint):
        new_game(**{"seed": 0, **options})
