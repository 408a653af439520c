"""core.trail: the shared, append-only sequence behind logs and tracks (memory linear in moves)."""

from hypothesis import given
from hypothesis import strategies as st

from sailing_kit.core.trail import Trail

chunks = st.lists(st.lists(st.integers(-5, 5), max_size=4), max_size=12)


@given(chunks)
def test_a_trail_reads_like_the_tuple_of_its_items(parts):
    trail, items = Trail(), ()
    for part in parts:
        trail, items = trail + part, items + tuple(part)
    assert tuple(trail) == items and len(trail) == len(items) and trail == items
    assert list(reversed(trail)) == list(reversed(items))
    for index in range(-len(items), len(items)):
        assert trail[index] == items[index]
    for start in range(-3, len(items) + 2):
        assert trail[start:] == items[start:] and trail[start:start + 2] == items[start:start + 2]
    assert trail[::2] == items[::2] and hash(trail) == hash(items)


def test_extending_shares_the_old_trail_and_never_changes_it():
    first = Trail(("a", "b"))
    second = first + ("c",)
    third = first + ("d",)  # a branch: undo, then another move
    assert first == ("a", "b") and second == ("a", "b", "c") and third == ("a", "b", "d")
    assert second._before is first and third._before is first
    assert first + () is first


def test_long_trails_are_walked_without_recursion():
    trail = Trail()
    for number in range(50_000):
        trail += (number,)
    assert trail[-3:] == (49_997, 49_998, 49_999) and trail[0] == 0 and len(trail) == 50_000
    assert sum(trail) == sum(range(50_000))
