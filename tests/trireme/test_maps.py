"""The plain-text map format: the shipped maps, round trips, and a clear error (line and column)
for every kind of malformed map. Maps are read as characters only; random text never raises
anything but MapError."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.trireme import MapError, load_map, new_game, parse_map
from sailing_kit.trireme.maps import SHIPPED
from tests.trireme.helpers import LANE, TINY


@pytest.mark.parametrize("name", list(SHIPPED))
def test_shipped_maps_follow_rules_decisions(name):
    """Decisions: 'a square grid, the start line on the south edge, black rocks near the middle
    that must be rounded clockwise, white reefs …, and the trireme's dotted line as a fixed path
    from the start line around the rocks and back across it.'"""
    sea = load_map(name)
    assert all(y == 0 for _, y in sea.line) and sea.sailboat in sea.line
    assert sea.path[0] in sea.line and sea.path[-1] in sea.line
    assert not set(sea.path[1:-1]) & sea.line
    assert sea.rounding.laps(sea.path) == 1
    assert not set(sea.path) & (sea.rocks | sea.reefs)
    assert parse_map(sea.to_text()) == sea


def test_default_map_has_reefs_and_a_long_enough_line():
    sea = load_map("default")
    assert sea.reefs and (sea.width, sea.height) == (13, 14) and len(sea.path) == 23


def test_the_lane_reads_as_drawn():
    sea = parse_map(LANE)
    assert sea.rocks == {(3, 5), (3, 6)}
    assert sea.sailboat == (3, 0) and sea.path[:3] == ((1, 0), (1, 1), (1, 2))
    assert sea.steps[7] == Direction.NE and sea.path[-1] == (4, 0)
    assert (sea.rounding.column, sea.rounding.row) == (3, 6)


def test_indented_maps_with_comments_read_the_same():
    indented = "\n".join("    " + line for line in LANE.splitlines())
    commented = "; a comment\n\n" + indented.replace("trireme:", "; another\n    trireme:")
    assert parse_map(commented) == parse_map(LANE)


def test_course_counts_expand():
    assert parse_map(TINY).steps == tuple(Direction[d] for d in
                                         ["NW", "N", "N", "NE", "SE", "S", "S", "S"])


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


MALFORMED = [
    # (the map, words of the message, line, column)
    (replace_line(LANE, 5, "...X..."), "'X' is not a map character", 5, 4),
    (replace_line(LANE, 6, "......"), "this row has 6 squares", 6, 7),
    (replace_line(LANE, 2, "trireme: 7N NE 2Q"), "'2Q' is not a step", 2, 16),
    (replace_line(LANE, 2, "trireme: 7N NE 2E SE 6S"), "not on the start line", 2, 22),
    (replace_line(LANE, 2, "trireme: 6N 2E 3S SE"), "step 8 of the trireme's course (E from "
     "(2, 6)) runs onto the black rocks at (3, 6)", 2, 13),
    (replace_line(LANE, 2, "trireme: 7N NE 2E SE 6S SW W"), "reaches the start line", 2, 25),
    (replace_line(LANE, 2, "trireme: 2W"), "step 2 of the trireme's course (W from (0, 0)) runs "
     "onto the edge of the map at (-1, 0)", 2, 10),
    (replace_line(LANE, 11, ".T=.=.."), "exactly one 'S'", 11, None),
    (replace_line(LANE, 11, ".T=SS.."), "exactly one 'S'", 11, 5),
    (replace_line(LANE, 10, "...S..."), "must be on the bottom (south) row", 10, 4),
    (replace_line(LANE, 4, "......#"), "stands apart", 4, 7),
    (replace_line(LANE, 1, "colour: red"), "unknown header 'colour:'", 1, 1),
    (LANE + "name: again\n", "must come before the grid", 12, 1),
    (LANE.replace("trireme: 7N NE 2E SE 6S SW\n", ""), "needs a 'trireme:' line", 2, None),
    ("name: nothing\ntrireme: N\n", "the map has no grid", 2, None),
    (LANE.replace("#", "."), "no black rocks", 3, None),
    (replace_line(LANE, 2, "trireme: N 2E SE"), "it rounds them 0 times", 2, 10),
]


@pytest.mark.parametrize("text, words, line, column", MALFORMED)
def test_malformed_maps_name_the_line_and_column(text, words, line, column):
    """Issue 13 point 16: every error names its line, the missing-piece errors included."""
    with pytest.raises(MapError) as caught:
        parse_map(text)
    assert words in str(caught.value)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"line {line}, column {column}: " if column
                                        else f"line {line}: ")


def test_with_two_rock_groups_the_error_points_at_the_stray_one():
    """The big group is the rocks to round; the error names a square of the small one, even
    when the stray rock comes first in the grid (west of, or north of, the main group)."""
    for row, text in ((3, "#......"), (9, "#......")):
        with pytest.raises(MapError, match="this rock stands apart from the main group of 2") \
                as caught:
            parse_map(replace_line(LANE, row, text))
        assert (caught.value.line, caught.value.column) == (row, 1)
    stray_pair = replace_line(replace_line(LANE, 4, "...#..#"), 3, "......#")
    with pytest.raises(MapError, match="these rocks stand apart") as caught:
        parse_map(replace_line(stray_pair, 5, "...#..."))
    assert (caught.value.line, caught.value.column) == (3, 7)


def test_a_sailboat_that_cannot_move_without_crashing_is_refused():
    """Issue 13 point 16: in the south-east corner, with reefs west and north of it, every
    heading crashes (north-west squeezes between the two reefs)."""
    walled = replace_line(replace_line(LANE, 10, "......*"), 11, ".T=.=*S")
    with pytest.raises(MapError, match="cannot move without crashing") as caught:
        parse_map(walled)
    assert (caught.value.line, caught.value.column) == (11, 7)
    parse_map(replace_line(walled, 10, "......."))  # one way out is enough


def test_a_leading_byte_order_mark_is_accepted():
    assert parse_map("\ufeff" + LANE) == parse_map(LANE)
    assert new_game(map="\ufeff" + LANE).sea == parse_map(LANE)


def test_a_course_beyond_the_limit_is_refused_at_once_without_expanding_it():
    """Issue 14 point 5: 'trireme: 99N 99N ...' is refused at the step that passes the limit
    (it once took seconds and gigabytes before failing)."""
    from sailing_kit.trireme.maps import MAX_COURSE

    bomb = replace_line(LANE, 2, "trireme: " + " ".join(["99N"] * 20_000))
    with pytest.raises(MapError, match=f"longer than {MAX_COURSE} steps") as caught:
        parse_map(bomb)
    assert caught.value.line == 2 and caught.value.column == 10 + 4 * (MAX_COURSE // 99)


def test_too_long_a_map_text_or_name_is_refused():
    from sailing_kit.trireme.maps import MAX_TEXT

    with pytest.raises(MapError, match=f"at most {MAX_TEXT:,}"):
        parse_map(LANE + ";" * MAX_TEXT)
    with pytest.raises(MapError, match="name has 500 characters") as caught:
        parse_map(replace_line(LANE, 1, "name: " + "n" * 500))
    assert caught.value.line == 1


def test_a_course_round_the_rocks_anticlockwise_is_refused():
    """'ayant fait le tour des roches noires par la droite': the trireme's line too."""
    mirrored = LANE.replace("trireme: 7N NE 2E SE 6S SW", "trireme: 7N NW W SW 6S S")
    mirrored = mirrored.replace(".T=S=..", ".=S=T..")
    with pytest.raises(MapError, match="rounds them -1 times"):
        parse_map(mirrored)


def test_a_squeeze_between_reefs_touching_at_a_corner_is_refused_for_the_trireme():
    """'Vous pouvez passer de n'importe quel côté des récifs blancs mais pas à travers.'"""
    text = replace_line(LANE, 9, "*......")
    text = replace_line(text, 10, ".*.....")
    text = text.replace("trireme: 7N", "trireme: NW NE 5N")
    with pytest.raises(MapError, match="touch at a corner"):
        parse_map(text)


def test_too_small_a_map_is_refused():
    with pytest.raises(MapError, match="2 squares high; it must be from 3 to 40"):
        parse_map("trireme: N\n.#.\n=TS\n")


def test_a_bad_map_option_is_a_config_error_naming_the_line():
    with pytest.raises(ConfigError, match="option 'map': line 5, column 4"):
        new_game(map=replace_line(LANE, 5, "...X..."))


@given(st.text(alphabet=".#*=ST\n :NSEW0123abc;", max_size=200))
@settings(max_examples=300, deadline=None)
def test_random_text_is_a_map_or_a_map_error(text):
    try:
        sea = parse_map(text)
    except MapError as error:
        assert str(error)
    else:
        assert parse_map(sea.to_text()) == sea
