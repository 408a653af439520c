"""Issue 14 point 5: the duel's solver and advisor stay within bounds a student never meets.

A table beyond the solver's limit is refused at once with a clear error; the advisor solves a
shipped map's small table on the spot, any other in a background thread (the board's kernel
never waits), and gives no advice for one beyond the limit."""

import time

import pytest

from sailing_kit.trireme import advisor, new_game
from sailing_kit.trireme import bots as trireme_bots
from sailing_kit.trireme.maps import edge_map, parse_map
from sailing_kit.trireme.solver import MAX_POSITIONS, TooBigToSolve, clear_cache, solve, table_size


def test_the_largest_map_with_20_honour_points_is_refused_at_once_naming_what_to_shrink():
    sea = parse_map(edge_map(40))
    assert table_size(sea, 20) > MAX_POSITIONS >= table_size(sea, 3)
    started = time.perf_counter()
    with pytest.raises(TooBigToSolve, match=f"at most {MAX_POSITIONS:,} positions; this one has "
                       f"{table_size(sea, 20):,}") as caught:
        solve(sea, 20)
    assert time.perf_counter() - started < 1
    assert "138 squares of the trireme's line x 1,584 water squares x 8 winds x 21 Honour" \
        in str(caught.value) and "fewer Honour points" in str(caught.value)


def test_the_optimal_helmsman_refuses_a_table_too_big_to_solve():
    state = new_game(seed=1, map=edge_map(40), honour=20)
    with pytest.raises(TooBigToSolve):
        trireme_bots.make("optimal")(state)


def test_the_advisor_gives_no_advice_beyond_the_limit_and_says_why():
    state = new_game(seed=1, map=edge_map(40), honour=20)
    started = time.perf_counter()
    assert advisor.advise(state) is None
    assert time.perf_counter() - started < 1
    assert "No advice on this map" in advisor.advisor_note(state)


def test_a_drawn_maps_table_is_solved_in_the_background_and_the_advice_follows():
    """How long a map takes depends on its shape as well as its size: only the shipped maps'
    small tables are solved on the spot, the others never keep the board's kernel waiting."""
    state = new_game(seed=2, map=edge_map(11), honour=1)
    clear_cache()
    ready = []
    started = time.perf_counter()
    first = advisor.advise(state, on_ready=lambda: ready.append(True))
    waited = time.perf_counter() - started
    if first is None:  # the usual case: the solve is still running
        assert waited < 0.5
        assert "solving this map" in advisor.advisor_note(state)
        advisor._BACKGROUND[(state.sea, 1, True)].result(timeout=120)
        time.sleep(0.05)
        assert ready == [True]
    advice = advisor.advise(state)
    assert advice is not None and advisor.advisor_note(state) is None
    assert advice.value == pytest.approx(solve(state.sea, 1).value(state.position()))


def test_a_shipped_maps_table_is_solved_on_the_spot():
    state = new_game(seed=3, map="small")
    assert advisor.advise(state) is not None and advisor.advisor_note(state) is None
