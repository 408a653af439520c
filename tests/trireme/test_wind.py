"""The wind as a Markov chain: exact entries read off the die table, rows summing to 1, the
stationary distribution, the nine outcomes of a turn, and agreement with the game's seeded die."""

import math

import pytest
import sympy

from sailing_kit.core.compass import Direction
from sailing_kit.trireme import (
    expected_squares,
    new_game,
    stationary_distribution,
    turn_weather,
    wind_chain,
    wind_distribution,
)
from sailing_kit.trireme.wind import CALM, DIRECTIONS

R = sympy.Rational
NE = Direction.NE.index


@pytest.mark.parametrize("honour", [False, True])
def test_rows_sum_to_one_and_entries_are_probabilities(honour):
    chain = wind_chain(honour)
    assert chain.shape == (8, 8)
    assert all(sum(chain.row(i)) == 1 for i in range(8))
    assert all(0 <= entry <= 1 for entry in chain)


def test_the_entries_follow_the_die():
    """Without Honour: 2 backs (1/6), 1, 3, 4, 5 keep the direction (2/3), 6 veers (1/6). With an
    Honour point: 2 (face 1) backs, 3-5 keep, 6 and 7 veer (1/3)."""
    plain, honour = wind_chain(False), wind_chain(True)
    assert [plain[NE, Direction[d].index] for d in ("N", "NE", "E")] == [R(1, 6), R(2, 3), R(1, 6)]
    assert [honour[NE, Direction[d].index] for d in ("N", "NE", "E")] == [R(1, 6), R(1, 2), R(1, 3)]
    assert plain[NE, Direction.S.index] == 0


def test_distribution_after_n_turns():
    assert wind_distribution(0) == sympy.Matrix([[0, 1, 0, 0, 0, 0, 0, 0]])
    two = wind_distribution(2)
    assert two[Direction.N.index] == 2 * R(2, 3) * R(1, 6)  # back then hold, or hold then back
    assert two[Direction.NW.index] == R(1, 36) and sum(two) == 1
    assert wind_distribution(3, "N", honour=True) == (wind_distribution(1, "N", True)
                                                       * wind_chain(True) ** 2)


@pytest.mark.parametrize("honour", [False, True])
def test_the_stationary_distribution_is_uniform_either_way(honour):
    """Each row and each column sums to 1 (the chain turns the compass evenly), so in the long run
    every wind is equally likely, Honour points or not: they only drift it clockwise."""
    pi = stationary_distribution(honour)
    assert pi == sympy.Matrix([[R(1, 8)] * 8])
    assert pi * wind_chain(honour) == pi
    far = wind_distribution(200, honour=honour)
    assert max(abs(float(v) - 1 / 8) for v in far) < 1e-6


def test_a_turn_brings_a_calm_or_one_of_eight_winds():
    first = turn_weather(1)
    assert first[CALM] == R(1, 6) and sum(first.values()) == 1
    assert first["NE"] == R(1, 2) and first["N"] == first["E"] == R(1, 6)
    assert turn_weather(1, honour=True)[CALM] == 0
    assert turn_weather(5)[CALM] == R(1, 6)


def test_expected_squares_per_heading():
    """Wind from NE: heading S is 135° off, and stays at least 90° off whatever the die does: 2
    squares unless the current (5/6 * 2). Heading E: 2 if the wind backs to N, 1 if it holds,
    0 if it veers to E."""
    assert expected_squares("S", "NE") == R(5, 3)
    assert expected_squares("E", "NE") == R(1, 6) * 2 + R(1, 2) * 1
    assert expected_squares("NE", "NE") == R(1, 6) + R(1, 6)
    assert expected_squares("S", "NE", honour=True) == 2


def test_the_chain_matches_the_games_seeded_die():
    """One turn in each of 1200 games per starting wind: the frequencies of the new wind agree
    with the matrix within 4.5 standard errors."""
    chain, games = wind_chain(False), 1200
    for start in DIRECTIONS:
        counts = [0] * 8
        for seed in range(games):
            state = new_game(seed=seed, map="small", wind=start)
            state.apply("N")
            state.sample_chance()
            counts[state.wind.index] += 1
        for end in DIRECTIONS:
            p = float(chain[start.index, end.index])
            tolerance = 4.5 * math.sqrt(p * (1 - p) / games) + 1e-12
            assert abs(counts[end.index] / games - p) <= tolerance, (start, end)
