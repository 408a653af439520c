"""One test per rule of Calm, each citing the rule: ``text:`` quotes the Russian original,
``decision:`` quotes rules-decisions.md, ``kit:`` names a choice listed in docs/rules-calm.md."""

from collections import Counter

import pytest

from sailing_kit.calm import FINISH, MONSTER, START, Discard, MoveRocks, Play, Split, new_game
from sailing_kit.core import ConfigError
from sailing_kit.core.errors import ActionError
from sailing_kit.testing import fingerprint
from tests.calm.deals import deal, play_all

FILLER = [60, 61, 62, 63, 64, 65, 66, 67, 68, 69]


# ----- setting up -------------------------------------------------------------------------------

def test_decision_islands_and_finish_cards_are_dealt_round_robin_and_each_deck_gets_a_start():
    """decision: "The 80 islands and the 5 Finish cards are shuffled and dealt round-robin into
    the players' personal decks; then each player shuffles one Start card into their own deck
    and draws 5"."""
    state = new_game(players=3, seed=11)
    dealt = Counter(card for deck in state.decks for card in deck)
    assert dealt == Counter({**dict.fromkeys(range(1, 81), 1), FINISH: 5, START: 3})
    assert sorted(len(deck) for deck in state.decks) == [29, 29, 30]
    assert all(deck.count(START) == 1 for deck in state.decks)
    assert all(state.hand(seat) == tuple(sorted(state.decks[seat][:5])) for seat in range(3))


def test_the_same_seed_deals_the_same_cards_and_another_seed_others():
    assert new_game(players=4, seed=5).decks == new_game(players=4, seed=5).decks
    assert new_game(players=4, seed=5).decks != new_game(players=4, seed=6).decks


@pytest.mark.parametrize("players", [0, 6])
def test_decision_one_to_five_players(players):
    """decision: "1–5 players"."""
    with pytest.raises(ConfigError, match="'players' must be from 1 to 5"):
        new_game(players=players)


# ----- turns --------------------------------------------------------------------------------------

def three_players():
    return deal([10, 20, 30, 40, 50, 59] + FILLER[:2] + ["start"],
                [11, 21, 31, 41, 51, 58, 70, 71, "start"],
                [12, 22, 32, 42, 52, 57, 72, 73, "start"])


def test_rule_players_act_one_after_another_from_the_first_player_clockwise():
    """text: "Вы все делаете ход, один за другим, начиная с первого игрока и затем двигаясь по
    часовой стрелке"."""
    state = three_players()
    seats = []
    for move in [(10, (0, 0)), (51, (4, 0)), (22, (1, 0)), (40, (3, 0))]:
        seats.append(state.current_player)
        state.apply(move)
    assert seats == [0, 1, 2, 0]


def test_rule_after_the_action_draw_back_up_to_five_from_the_top_of_your_own_deck():
    """text: "После совершения действия вы должны добрать в руки до пяти карт, взяв карты с верха
    своей колоды"."""
    state = three_players()
    state.apply((10, (0, 0)))
    assert state.hand(0) == (20, 30, 40, 50, 59)
    assert state.deck(0)[0] == 60 and state.hand(1) == (11, 21, 31, 41, 51)


def test_rule_with_an_empty_deck_play_goes_on_without_drawing():
    """text: "если только ваша колода не закончилась, в этом случае продолжайте играть до конца
    игры"."""
    state = deal(["start", 10, 20, 30, 40, 50], start_discards=0)
    state.apply("start")
    assert state.deck(0) == () and state.hand(0) == (10, 20, 30, 40, 50)
    state.apply((10, (0, 0)))
    assert state.hand(0) == (20, 30, 40, 50) and not state.is_over()


def test_rule_a_turn_is_one_action_play_a_card_or_discard_two():
    """text: "В свой ход вы должны совершить одно действие ... А) Разыграть карту; Б) Сбросить две
    карты"."""
    state = three_players()
    kinds = {type(action) for action in state.legal_actions()}
    assert kinds == {Play, Discard}
    assert all(len(a.cards) == 2 for a in state.legal_actions() if isinstance(a, Discard))
    state.apply({"discard": [20, 30]})
    assert state.current_player == 1 and state.discards[0] == (20, 30)
    assert state.hand(0) == (10, 40, 50, 59, 60)


def test_rule_discarding_takes_exactly_two_cards_of_your_choice():
    """text: "вы должны положить две карты по вашему выбору из руки лицом вниз перед собой"."""
    state = three_players()
    before = fingerprint(state)
    with pytest.raises(ActionError, match="must discard 2 cards now, not 1"):
        state.apply({"discard": [20]})
    with pytest.raises(ActionError, match="must discard 2 cards now, not 3"):
        state.apply({"discard": [20, 30, 40]})
    assert fingerprint(state) == before


def test_rule_you_may_never_discard_from_your_deck():
    """text: "Вы не можете сбрасывать карты из своей стопки"."""
    state = three_players()
    with pytest.raises(ActionError,
                       match="cannot discard 10, 60: the hand is .* never discard from your deck"):
        state.apply({"discard": [10, 60]})


# ----- placing a card -----------------------------------------------------------------------------

def test_rule_an_island_goes_anywhere_that_keeps_the_sea_ascending():
    """text: "можете разыграть ее в любом месте сетки при условии соблюдения следующих правил: 1.
    Карты должны быть размещены так, чтобы сетка восходила по порядку номеров"."""
    state = three_players()
    assert {a.at for a in state.legal_actions() if isinstance(a, Play) and a.card == 30} == {
        (row, col) for row in range(6) for col in range(6)}
    state.apply((10, (2, 3)))
    state.apply((11, (3, 0)))
    with pytest.raises(ActionError, match=r"must ascend in reading order .*: 12 cannot come "
                                            r"before 11 at \(3, 0\)"):
        state.apply((12, (2, 4)))


def test_rule_placing_next_to_a_card_costs_the_difference_paid_from_the_hand():
    """text: "вы должны сбросить количество карт лицевой стороной вниз из вашей руки, равной
    разнице между числами" (5 next to 3 costs two cards)."""
    state = deal([3, 5, 30, 40, 50, 60, "start"])
    state.apply((3, (0, 0)))
    state.apply((5, (0, 1)))
    assert state.phase == "pay" and state.owed == 2 and state.current_player == 0
    assert all(len(a.cards) == 2 for a in state.legal_actions())
    with pytest.raises(ActionError, match="must discard 2 cards now, not 1"):
        state.apply({"discard": [30]})
    state.apply({"discard": [30, 50]})
    assert state.discards[0] == (30, 50) and state.phase == "act"


def test_rule_between_two_cards_the_smaller_difference_is_paid():
    """text: "Если карта разыгрывается между двумя картами, вы сбрасываете карты, равные разнице
    ... в зависимости от того, какой результат будет наименьшим"."""
    state = deal([3, 10, 8, 30, 40, 50, 51, 52, 53, "start"])
    play_all(state, (3, (0, 0)), (10, (0, 2)), (8, (0, 1)))
    assert state.owed == 2


def test_rule_a_card_may_not_cost_more_than_the_four_cards_left_in_hand():
    """text: "Вы не можете класть карту, если это потребует от вас сброса более четырех карт,
    оставшихся в вашей руке"."""
    state = deal([1, 5, 6, 30, 40, 50, 60, "start"])
    state.apply((1, (0, 0)))
    assert state.hand(0) == (5, 6, 30, 40, 50)
    with pytest.raises(ActionError, match="costs 5 discards .* only 4 cards left"):
        state.apply((6, (0, 1)))
    assert Play(6, (0, 1)) not in state.legal_actions()
    state.apply((5, (0, 1)))
    assert state.owed == 4


def test_decision_the_limit_is_the_cards_left_after_playing_even_in_a_smaller_hand():
    """decision: "A card may be played only if its cost ... is at most the number of cards left
    in hand after playing it"."""
    state = deal(["start", 1, 4, 50, "finish"], start_discards=0)
    play_all(state, "start", (1, (0, 0)))
    assert state.hand(0) == (4, 50, FINISH)
    with pytest.raises(ActionError, match="costs 3 discards .* only 2 cards left"):
        state.apply((4, (0, 1)))
    state.apply((4, (0, 2)))  # not next to the 1: free


# ----- the Start card -----------------------------------------------------------------------------

def start_pair():
    return deal(["start", 1, 2, 3, 4, 5, 6, 7, 8, 9], [20, 21, 22, 23, 24, 25, 26, 27, "start"])


def test_rule_a_player_holding_the_unplayed_start_card_must_play_it():
    """text: "Если у вас в руке есть Стартовая карта, и она еще не сыграна, вы обязаны разыграть
    эту Стартовую карту в качестве своего действия в этом ходу"."""
    state = start_pair()
    assert state.legal_actions() == [Play(START)]
    for move in [(1, (0, 0)), {"discard": [1, 2]}]:
        with pytest.raises(ActionError, match="you must play the Start card"):
            state.apply(move)


def test_rule_the_start_card_goes_beside_the_sea_not_into_it():
    """text: "Стартовая карта помещается не в сетку, а в нижний левый угол рамки"."""
    state = start_pair()
    with pytest.raises(ActionError, match="goes beside the sea, at the bottom-left corner"):
        state.apply({"play": "start", "at": [0, 0]})
    state.apply("start")
    assert state.start_played and state.sea.filled == 0


def test_rule_the_start_makes_the_team_discard_eight_in_an_agreed_split():
    """text: "Когда разыгрывается стартовая карта, все игроки должны сбросить в общей сложности
    восемь карт. Вы можете обсудить, сколько карт каждый из вас готов сбросить"."""
    state = start_pair()
    state.apply("start")
    assert state.phase == "split" and state.current_player == 0
    assert all(sum(a.shares) == 8 for a in state.legal_actions())
    with pytest.raises(ActionError, match="discard 8 cards in all, but this split adds up to 9"):
        state.apply(Split((5, 4)))
    with pytest.raises(ActionError, match="one number per player"):
        state.apply(Split((8,)))
    state.apply(Split((3, 5)))
    assert state.current_player == 0 and state.discards_due() == 3
    state.apply({"discard": [1, 2, 3]})
    assert state.current_player == 1 and state.discards_due() == 5
    state.apply({"discard": [20, 21, 22, 23, 24]})
    assert (len(state.discards[0]), len(state.discards[1])) == (3, 5)


def test_rule_then_everyone_draws_back_up_to_five():
    """text: "После сброса все игроки берут обратно до пяти карт"."""
    state = play_all(start_pair(), "start", Split((3, 5)), {"discard": [1, 2, 3]},
                     {"discard": [20, 21, 22, 23, 24]})
    assert state.hand(0) == (4, 5, 6, 7, 8) and state.hand(1) == (25, 26, 27, START)
    assert state.current_player == 1


def test_decision_a_player_whose_hand_runs_out_draws_up_and_goes_on_discarding():
    """decision: "a player whose hand runs out draws back up to five and may go on discarding"."""
    state = play_all(start_pair(), "start", Split((7, 1)))
    assert state.discards_due() == 4
    with pytest.raises(ActionError, match="must discard 4 cards now, not 2"):
        state.apply({"discard": [1, 2]})
    state.apply({"discard": [1, 2, 3, 4]})
    assert state.current_player == 0 and state.hand(0) == (5, 6, 7, 8, 9)
    assert state.discards_due() == 3
    state.apply({"discard": [5, 6, 7]})
    assert state.current_player == 1


def test_decision_a_split_cannot_ask_a_player_for_more_than_they_hold():
    state = play_all(deal(["start", 1, 2, 3, 4, 5, 6, 7, 8, 9], [20, 21, 22, 23, "start"]), "start")
    assert state.capacities() == (9, 5)
    with pytest.raises(ActionError, match="Player 2 can discard at most 5"):
        state.apply(Split((2, 6)))


def test_decision_if_the_team_cannot_discard_eight_the_game_is_lost():
    """decision: "If the team cannot discard eight, the game is lost"."""
    state = deal(["start", 1, 2, 3, 4, 5, 6])
    state.apply("start")
    assert state.is_over() and state.result.winners == ()
    assert "can discard only 6 of the 8" in state.result.reason


def test_rule_once_the_start_slot_is_filled_other_start_cards_may_only_be_discarded():
    """text: "Если клетка "СТАРТА" уже заполнено, оставшиеся стартовые карты не имеют смысла и
    могут быть сброшены по обычным правилам"."""
    state = play_all(start_pair(), "start", Split((3, 5)), {"discard": [1, 2, 3]},
                     {"discard": [20, 21, 22, 23, 24]})
    assert START in state.hand(1) and Play(START) not in state.legal_actions()
    with pytest.raises(ActionError, match="Start slot is already filled"):
        state.apply("start")
    state.apply({"discard": ["start", 25]})
    assert START in state.discards[1]


# ----- the Finish card and the end --------------------------------------------------------------

def test_rule_the_finish_waits_for_a_full_sea_and_then_wins_for_everyone():
    """text: "Вы можете разыграть карту «Финиш» только после того, как будет заполнена остальная
    часть сетки (плюс карта «СТАРТ»)" and "Вы все выиграете, если активный игрок успешно
    разыграет карту «Финиш»"."""
    state = deal(["start", 1, 2, 9, "finish", 30, 31], rows=1, cols=2, start_discards=0)
    state.apply("start")
    with pytest.raises(ActionError,
                       match="only once the whole sea is full: 2 cells are still empty"):
        state.apply("finish")
    play_all(state, (1, (0, 0)), (2, (0, 1)), {"discard": [30]})
    state.apply("finish")
    assert state.won and state.result.winners == (0,) and state.current_player is None


def test_rule_the_finish_needs_the_start_card_too():
    """text: "(плюс карта «СТАРТ»)"."""
    state = deal([1, 2, 9, "finish", 30, 31, 32, 33, 34, "start"], rows=1, cols=2)
    play_all(state, (1, (0, 0)), (2, (0, 1)), {"discard": [9]})
    assert state.sea.is_full() and not state.start_played
    with pytest.raises(ActionError, match="only after the Start card"):
        state.apply("finish")


def test_rule_finish_cards_may_be_discarded_and_there_are_five():
    """text: "Карты финиша можно сбросить по обычным правилам, но будьте осторожны: в игре их
    всего пять!"."""
    assert sum(deck.count(FINISH) for deck in new_game(players=2, seed=3).decks) == 5
    state = deal([1, 2, "finish", 30, 40, 50, "start"])
    state.apply({"discard": [30, "finish"]})
    assert FINISH in state.discards[0]


def test_rule_the_team_loses_when_a_player_cannot_act():
    """text: "Вы все проигрываете, если какой-либо игрок не может предпринять любое разрешенное
    действия в свой ход ... у вас есть одна или ноль карт"."""
    state = deal(["start", 5, 6], rows=1, cols=1, start_discards=0)
    play_all(state, "start", (5, (0, 0)))
    assert state.is_over() and state.result.winners == ()
    assert state.result.cause.startswith("Player 1 holds 6: no card can be played")
    assert state.legal_actions() == [] and state.current_player is None


def test_rule_the_team_loses_when_a_card_fits_but_costs_too_much():
    """text: "либо потому, что у игрока недостаточно карт для сброса, чтобы разыграть ее"."""
    state = deal(["start", 5, 60], rows=1, cols=2, start_discards=0)
    play_all(state, "start", (5, (0, 0)))
    assert "Player 1 holds 60" in state.result.reason


def test_decision_a_single_card_that_costs_nothing_can_still_be_played():
    """decision: the cost must be at most the cards left after playing — 0 for a last card."""
    state = deal(["start", 5, 60], rows=1, cols=3, start_discards=0)
    play_all(state, "start", (5, (0, 0)))
    assert not state.is_over() and state.legal_actions() == [Play(60, (0, 2))]
    state.apply((60, (0, 2)))
    assert state.result.cause == ("Player 1 holds no cards: no card can be played (it does not "
                                   "fit the ascending order, or costs more than the cards left to "
                                   "discard) and they cannot discard two")


def test_an_illegal_move_changes_nothing_and_names_the_rule():
    state = three_players()
    before = fingerprint(state)
    for move, rule in [((13, (0, 0)), "holds no 13"), ((10, (6, 0)), "no cell"),
                       ("rocks 2", "not now"), ("split 4 4", "not now"),
                       ("play finish", "does not hold a Finish card")]:
        with pytest.raises(ActionError, match=rule):
            state.apply(move)
        assert fingerprint(state) == before


def test_moves_are_read_from_objects_json_tuples_and_plain_words():
    state = three_players()
    parse = state.parse_action
    assert parse((10, (0, 0))) == parse({"play": 10, "at": [0, 0]}) == parse("play 10 at (0, 0)")
    assert parse("discard 20, 30") == Discard((20, 30)) == parse({"discard": [30, 20]})
    assert parse("start") == Play(START) and parse("split 3 5") == Split((3, 5))
    assert parse("rocks 2") == MoveRocks(2) == parse({"rocks": 2})
    assert parse("play monster at 1,2") == Play(MONSTER, (1, 2))
    for junk in ["play ten", "discard", {"play": 0}, (10, 0, 0), "__import__('os')"]:
        with pytest.raises(ActionError):
            parse(junk)
