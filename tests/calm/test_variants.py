"""The harder variants of Calm — sea monsters, jagged rocks, removed islands — and the option
of physical adjacency, each test citing its rule."""

from collections import Counter
from fractions import Fraction

import pytest

from sailing_kit.calm import FINISH, MONSTER, START, Discard, MoveRocks, Play, new_game
from sailing_kit.calm.cards import is_island
from sailing_kit.core import CHANCE, ConfigError
from sailing_kit.core.errors import ActionError
from sailing_kit.testing import fingerprint
from tests.calm.deals import deal, play_all

# ----- sea monsters -------------------------------------------------------------------------------

@pytest.mark.parametrize("monsters", [3, 4, 5])
def test_rule_three_four_or_five_sea_monsters_are_shuffled_in(monsters):
    """text: "Вы можете замешать в колоду три, четыре или пять карт морских чудовищ"."""
    state = new_game(players=2, seed=1, monsters=monsters)
    assert sum(deck.count(MONSTER) for deck in state.decks) == monsters == state.monsters_left


@pytest.mark.parametrize("monsters", [1, 2, 6])
def test_other_numbers_of_sea_monsters_are_refused(monsters):
    with pytest.raises(ConfigError, match="'monsters'"):
        new_game(monsters=monsters)


def monster_deal():
    return deal([10, "monster", 20, 30, 40, 50, 51, "start"])


def test_rule_a_sea_monster_destroys_an_island_and_both_leave_the_game():
    """text: "Они позволяют вам уничтожить ранее сыгранную карту острова, удалив ее и карту
    морского монстра из игры"; decision: "Sea monsters cost no discards to play"."""
    state = play_all(monster_deal(), (10, (0, 0)))
    assert Play(MONSTER, (0, 0)) in state.legal_actions()
    state.apply({"play": "monster", "at": [0, 0]})
    assert state.sea.filled == 0 and state.out == (10, MONSTER)
    assert state.phase == "act" and state.discards[0] == ()


def test_a_sea_monster_needs_an_island_to_destroy():
    """text: "уничтожить ранее сыгранную карту острова"."""
    state = play_all(monster_deal(), (10, (0, 0)))
    with pytest.raises(ActionError, match=r"destroys an island already in the sea, but cell "
                                            r"\(3, 3\) is empty"):
        state.apply({"play": "monster", "at": [3, 3]})


def test_rule_sea_monsters_cannot_be_discarded():
    """text: "Вы также не сможете сбрасывать морских монстров, их НЕОБХОДИМО разыграть, чтобы
    убрать из руки!"."""
    state = monster_deal()
    assert not any(MONSTER in a.cards for a in state.legal_actions() if isinstance(a, Discard))
    before = fingerprint(state)
    with pytest.raises(ActionError, match="sea monsters cannot be discarded"):
        state.apply({"discard": ["monster", 20]})
    assert fingerprint(state) == before


def test_decision_a_sea_monster_cannot_pay_a_placement_so_it_does_not_count_for_the_limit():
    """kit: the cards that may pay a cost are the cards that may be discarded."""
    state = deal(["start", 1, 5, "monster", 70], start_discards=0)
    play_all(state, "start", (1, (0, 0)))
    assert state.hand(0) == (5, 70, MONSTER) and state.payable(0) == 1
    with pytest.raises(ActionError, match="costs 4 discards .* only 1 card left"):
        state.apply((5, (0, 1)))


def test_rule_no_finish_until_every_sea_monster_is_played():
    """text: "Вы не можете разыграть карту "ФИНИШ", пока все игроки не разыграют своих Морских
    Чудовищ из своих карт!"; decision: "the Finish waits until every sea monster in the game has
    been played"."""
    state = deal(["start", 1, 2, 9, "finish", "monster", 3, 12, 13, 14], rows=1, cols=2,
                 start_discards=0)
    play_all(state, "start", (1, (0, 0)), (2, (0, 1)), {"discard": [9]})
    assert state.sea.is_full() and state.start_played
    with pytest.raises(ActionError, match="until every sea monster has been played: 1 still"):
        state.apply("finish")
    play_all(state, {"play": "monster", "at": [0, 1]}, (3, (0, 1)), {"discard": [12, 13]})
    state.apply("finish")
    assert state.won


# ----- jagged rocks -------------------------------------------------------------------------------

def rocks_game(mode, **options):
    return new_game(players=2, seed=2, rocks=mode, **options)


def free_move(state):
    """A placement that costs nothing (no discards to pay)."""
    return next(a for a in state.legal_actions()
                if isinstance(a, Play) and a.at is not None and state.sea.cost(a.card, *a.at) == 0)


def test_rule_the_jagged_rocks_close_one_row():
    """text: "один ряд считается временно непроходимым, поэтому в него нельзя помещать карты"."""
    state = rocks_game("manual")
    closed = state.rocks
    assert closed in range(6)
    assert all(a.at[0] != closed for a in state.legal_actions() if isinstance(a, Play))
    card = state.hand(0)[0]
    with pytest.raises(ActionError, match=f"row {closed} is closed by the jagged rocks"):
        state.apply((card, (closed, 0)))


def test_rule_automatic_rocks_move_at_random_to_another_row_after_each_turn():
    """text: "После каждого хода карта зазубренных камней перемещается ... автоматический - новый
    ряд выбирается случайным образом"; kit: an explicit chance node, each other row with an
    empty cell equally likely."""
    state = rocks_game("automatic")
    closed = state.rocks
    state.apply(free_move(state))
    assert state.current_player == CHANCE and state.player == 0
    outcomes = state.chance_outcomes()
    assert [o.row for o, _ in outcomes] == [row for row in range(6) if row != closed]
    assert all(p == Fraction(1, 5) for _, p in outcomes)
    moved = state.sample_chance()
    assert state.rocks == moved.row != closed and state.current_player == 1


def test_the_same_seed_drifts_the_rocks_the_same_way():
    def drifts(seed):
        state = new_game(players=2, seed=seed, rocks="automatic")
        rows = []
        while len(rows) < 4:
            if state.current_player == CHANCE:
                rows.append(state.sample_chance().row)
            else:
                state.apply(state.legal_actions()[-1])
        return rows

    assert drifts(8) == drifts(8)
    assert len({tuple(drifts(seed)) for seed in range(6)}) > 1


def test_rule_manual_rocks_are_moved_by_the_player_after_playing():
    """text: "ручной - игроки выбирают, в какой ряд переместить данную карту после розыгрыша
    карты из руки"; kit: after every turn."""
    state = rocks_game("manual")
    closed = state.rocks
    state.apply(free_move(state))
    assert state.phase == "rocks" and state.current_player == 0
    with pytest.raises(ActionError, match=f"must move to another row, not stay on row {closed}"):
        state.apply(MoveRocks(closed))
    target = (closed + 1) % 6
    state.apply(MoveRocks(target))
    assert state.rocks == target and state.current_player == 1


def test_rule_not_moving_the_rocks_costs_two_discards_instead():
    """text: "В ручном режиме, если вы решите не перемещать карту «Острые рифы», вы должны вместо
    этого сбросить две карты"."""
    state = rocks_game("manual")
    closed = state.rocks
    state.apply(free_move(state))
    discard = next(a for a in state.legal_actions() if isinstance(a, Discard))
    assert len(discard.cards) == 2
    state.apply(discard)
    assert state.rocks == closed and len(state.discards[0]) == 2 and state.current_player == 1


def column_sea(mode):
    """Six rows of one cell: each island fills a row."""
    return deal([10, 12, 60, 61, 62, 63, 64, 65, "start"], [11, 13, 66, 67, 68, 69, 70, "start"],
                rows=6, cols=1, rocks=mode)


def test_rule_the_rocks_may_only_lie_on_a_row_with_an_empty_cell():
    """text: "Карта «Острые рифы» может находится только в том ряду, где есть хотя бы одно пустое
    место"."""
    state = column_sea("manual")
    row = next(r for r in range(6) if r != state.rocks)
    state.apply((10, (row, 0)))
    with pytest.raises(ActionError, match=f"row {row} is full"):
        state.apply(MoveRocks(row))
    assert row not in state.rocks_rows()


def test_rule_the_rocks_leave_the_game_once_four_rows_are_full():
    """text: "Данная карта удаляется из игры после того, как будут заполнены четыре ряда";
    decision: "four rows filled counts any four completely filled rows"."""
    state = column_sea("manual")
    for card in (10, 11, 12, 13):  # each one row up, skipping the closed row
        assert state.rocks is not None and state.sea.full_rows() < 4
        seat = state.current_player
        top = max([r for r in range(6) if state.sea.cells[r]], default=-1)
        state.apply((card, (min(r for r in range(top + 1, 6) if r != state.rocks), 0)))
        if state.phase == "pay":
            state.apply(Discard(state.hand(seat)[-state.owed:]))
        if state.phase == "rocks":
            state.apply(MoveRocks(max(state.rocks_rows())))
    assert state.sea.full_rows() == 4 and state.rocks is None
    assert state.phase == "act" and state.current_player == 0


@pytest.mark.parametrize("mode", ["sometimes", "yes"])
def test_unknown_rocks_modes_are_refused(mode):
    with pytest.raises(ConfigError, match="'rocks' must be None, 'automatic' or 'manual'"):
        new_game(rocks=mode)


# ----- removed islands ----------------------------------------------------------------------------

@pytest.mark.parametrize("removed", [4, 12])
def test_rule_four_to_twelve_random_islands_leave_the_game_but_start_and_finish_stay(removed):
    """text: "вы можете удалить из игры от 4 до 12 случайно выбранных пронумерованных карт
    островов. У вас по-прежнему такое же количество стартовых и финишных карточек"."""
    state = new_game(players=3, seed=4, removed_islands=removed)
    dealt = Counter(card for deck in state.decks for card in deck)
    assert len(state.removed) == removed and not set(state.removed) & set(dealt)
    assert sum(1 for card in dealt if is_island(card)) == 80 - removed
    assert dealt[FINISH] == 5 and dealt[START] == 3
    assert new_game(players=3, seed=5, removed_islands=removed).removed != state.removed


@pytest.mark.parametrize("removed", [2, 13])
def test_other_numbers_of_removed_islands_are_refused(removed):
    with pytest.raises(ConfigError, match="'removed_islands'"):
        new_game(removed_islands=removed)


# ----- physical adjacency -------------------------------------------------------------------------

def test_option_physical_adjacency_charges_for_the_card_below():
    """decision: "Option: physical grid neighbours (up, down, left, right)"."""
    moves = [(3, (0, 0)), (5, (1, 0))]
    reading = play_all(deal([3, 5, 30, 40, 50, 60, "start"]), *moves)
    physical = play_all(deal([3, 5, 30, 40, 50, 60, "start"], adjacency="physical"), *moves)
    assert reading.phase == "act" and physical.phase == "pay" and physical.owed == 2


def test_every_variant_at_once_can_be_played_to_the_end():
    from sailing_kit.calm.simulate import play_game

    state = play_game("planner", 3, seed=1, monsters=5, rocks="automatic", removed_islands=12,
                      adjacency="physical")
    assert state.is_over()
