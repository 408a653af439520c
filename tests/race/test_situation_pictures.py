"""Lesson 02's pictures of the scenarios (issue #12.3): the title and the boats' lines wrap
beside the wind indicator, never under it nor off the picture, and the grid starts below them."""

import pytest

from sailing_kit.draw.scene import Text
from sailing_kit.race import library
from sailing_kit.race.situation_drawing import WIND_ROOM

SCENARIOS = library()
LETTER = 0.62  # of the font size: a generous width for a letter of the browser's sans-serif


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_the_title_is_whole_and_clear_of_the_wind_arrow(scenario):
    scene, view = scenario.scene(), scenario.view()
    header = [s for s in scene.shapes if isinstance(s, Text) and s.at[1] < view.top
              and not s.text.startswith("wind from")]
    assert " ".join(s.text for s in header if s.bold) == scenario.title
    for text in header:
        assert text.anchor == "start" and text.size >= 12
        assert text.at[0] + LETTER * text.size * len(text.text) <= scene.width - WIND_ROOM + 8
    assert max(s.at[1] for s in header) + 8 < view.top + view.margin
