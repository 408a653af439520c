"""The sea on its own: the ascending reading order, costs and legal cells (``Sea``)."""

import pytest

from sailing_kit.calm import Sea, natural_slot
from sailing_kit.core import ConfigError
from sailing_kit.core.errors import ActionError


def test_rule_reading_order_runs_from_the_bottom_left_along_each_row_then_up():
    """text: "сетка восходила по порядку номеров от нижнего левого до верхнего правого, сначала
    двигаясь по нижнему краю. Ряд слева направо, затем второй ряд перемещается слева направо"."""
    sea = Sea.from_cells({(0, 5): 10, (1, 0): 20})
    assert sea.index(0, 5) == 5 and sea.index(1, 0) == 6
    assert sea.legal_cells(15) == []  # nothing lies between (0, 5) and (1, 0)
    assert sea.legal_cells(5) == [(0, c) for c in range(5)]
    assert sea.legal_cells(25)[0] == (1, 1) and sea.legal_cells(25)[-1] == (5, 5)


def test_rule_a_card_must_lie_strictly_between_its_neighbours_in_value():
    """text: cards "должны быть размещены так, чтобы сетка восходила по порядку номеров"."""
    sea = Sea.from_cells({(0, 2): 30, (2, 0): 40})
    assert sea.legal_cells(35) == [(0, 3), (0, 4), (0, 5), (1, 0), (1, 1), (1, 2), (1, 3),
                                   (1, 4), (1, 5)]
    with pytest.raises(ActionError, match="must ascend in reading order.*35 cannot come "
                                            "after 40 at \\(2, 0\\)"):
        sea.cost(35, 3, 0)
    with pytest.raises(ActionError, match="cannot come before 30 at \\(0, 2\\)"):
        sea.cost(35, 0, 1)


def test_rule_placing_5_next_to_3_costs_two_discards():
    """text: "размещение «5» рядом с «3» будет означать, что вы должны сбросить две карты"."""
    sea = Sea.from_cells({(0, 0): 3})
    assert sea.cost(5, 0, 1) == 2
    assert sea.cost(5, 0, 2) == 0  # not next to any card: free


def test_rule_neighbours_in_the_sequence_count_across_a_row_break():
    """text: "даже если они находятся в разных рядах"; decision: the last cell of a row touches
    the first cell of the row above."""
    assert Sea.from_cells({(0, 5): 3}).cost(5, 1, 0) == 2
    assert Sea.from_cells({(1, 0): 9}).cost(5, 0, 5) == 4


def test_rule_between_two_cards_the_smaller_difference_is_paid():
    """text: "сбрасываете карты, равные разнице ... в зависимости от того, какой результат будет
    наименьшим"."""
    sea = Sea.from_cells({(0, 0): 3, (0, 2): 10})
    assert sea.cost(5, 0, 1) == 2
    assert sea.cost(8, 0, 1) == 2
    assert sea.placements(8) == [(1, 2)]


def test_option_physical_adjacency_counts_the_cells_above_below_left_and_right():
    """decision: "Option: physical grid neighbours (up, down, left, right)"."""
    low = {(0, 0): 3}
    assert Sea.from_cells(low).cost(5, 1, 0) == 0
    assert Sea.from_cells(low, adjacency="physical").cost(5, 1, 0) == 2  # right above the 3
    high = {(0, 5): 20}
    assert Sea.from_cells(high).cost(22, 1, 0) == 2  # the next cell in reading order
    assert Sea.from_cells(high, adjacency="physical").cost(22, 1, 0) == 0
    assert Sea.from_cells(high, adjacency="physical").cost(24, 1, 5) == 4  # right above the 20


def test_a_taken_cell_or_one_off_the_sea_is_refused_with_the_reason():
    sea = Sea.from_cells({(2, 2): 40})
    with pytest.raises(ActionError, match=r"cell \(2, 2\) already holds island 40"):
        sea.cost(41, 2, 2)
    with pytest.raises(ActionError, match=r"there is no cell \(6, 0\)"):
        sea.cost(41, 6, 0)
    with pytest.raises(ActionError, match="island 40 is already in the sea"):
        sea.cost(40, 5, 5)


def test_from_cells_refuses_a_sea_that_does_not_ascend():
    with pytest.raises(ConfigError, match="must ascend in reading order, but 50 at \\(0, 1\\) "
                                          "comes before 20 at \\(1, 0\\)"):
        Sea.from_cells({(0, 1): 50, (1, 0): 20})
    with pytest.raises(ConfigError, match="no cell"):
        Sea.from_cells({(7, 1): 5})


def test_place_returns_a_new_sea_and_the_fast_runs_agree_with_the_placements():
    sea = Sea.from_cells({(0, 0): 3, (0, 3): 9}).place(6, 0, 1)
    assert sea[(0, 1)] == 6 and sea[(0, 2)] is None and sea.filled == 3
    for card in (4, 5, 7, 8, 10, 50):
        for limit in range(5):
            slow = [i for i, cost in sea.placements(card, closed_row=0) if cost <= limit]
            fast = [i for start, stop in sea.affordable(card, 0, limit) for i in range(start, stop)]
            assert slow == fast


def test_natural_slot_spreads_1_to_80_over_the_36_cells():
    assert natural_slot(1) == 0 and natural_slot(80) == 35 and natural_slot(40) == 17
    assert [natural_slot(c) for c in range(1, 81)] == sorted(natural_slot(c) for c in range(1, 81))


def test_the_sea_prints_its_top_row_first():
    text = Sea.from_cells({(0, 0): 1, (5, 5): 80}).text()
    assert text.splitlines()[0].endswith("80") and text.splitlines()[-1].startswith("row 0:  1")
