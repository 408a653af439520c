"""A test per rule of the Bulgarian text (000), each quoting the line it checks; the rules the
text leaves open are quoted from rules-decisions.md ("decision:") or docs/rules-regatta.md
("kit:")."""

import random

import pytest

from sailing_kit.core import ConfigError, Direction
from sailing_kit.core.errors import ActionError
from sailing_kit.regatta import Becalm, EndTurn, Exchange, Face, Handling, Pose, Sail, new_game, standard_deck
from sailing_kit.testing import fingerprint
from tests.regatta.positions import every_card, plan_ends, race

FAR = ((0, 0), "N")
"""A second yacht out of everyone's way, in the south-west corner."""


def refused(state, action, *words):
    """Apply ``action``, expect IllegalAction naming ``words``, and nothing changed."""
    before, snapshot, draws = fingerprint(state), state._snapshot(), state.chance.draws
    with pytest.raises(ActionError) as refusal:
        state.apply(action)
    for word in words:
        assert word in str(refusal.value)
    assert fingerprint(state) == before and state._snapshot() == snapshot
    assert state.chance.draws == draws
    return str(refusal.value)


# ----- setting up ---------------------------------------------------------------------------------
def test_each_player_is_dealt_five_cards_and_the_rest_form_the_draw_pile():
    """text: "На всеки участник се раздават по 5 карти, а другите се оставят на купчина"."""
    state = new_game(seed=3, players=4)
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    assert len(state.draw_pile) == standard_deck().size - 20 and state.discard_pile == ()
    assert sorted(every_card(state)) == list(range(standard_deck().size))


def test_the_deal_is_a_seeded_shuffle():
    """text: the cards are dealt from a shuffled pile; kit: the shuffle is the seed's."""
    assert new_game(seed=5).hands == new_game(seed=5).hands
    assert len({new_game(seed=seed).hands for seed in range(6)}) == 6


def test_two_white_buoys_form_the_start_and_every_yacht_starts_behind_the_line():
    """text: "Поставете 2-те бели шамандури, така че да образувате стартова позиция" and
    "Всеки участник избира яхта и я поставя пред стартовата линия"."""
    state = new_game(seed=0, players=4)
    course = state.course
    assert [course.buoys[buoy] for buoy in course.line] == ["white", "white"]
    for yacht in state.yachts:
        assert yacht.leg == 0 and course.behind * course.line_side(yacht.pose.at) > 0
    assert len({yacht.pose.at for yacht in state.yachts}) == 4


def test_two_to_four_players_race_and_one_alone_sails_a_time_trial():
    """The published game is for 2-4 players; kit: one player alone races the clock, and
    the Flat calms are out of the game (there is no one to becalm)."""
    for players in (2, 3, 4):
        assert new_game(seed=0, players=players).num_players == players
    with pytest.raises(ConfigError, match="'players' must be from 1 to 4"):
        new_game(seed=0, players=5)
    alone = new_game(seed=0, players=1)
    assert [alone.kinds[card] for card in alone.out] == ["flat_calm"] * 3
    assert "flat_calm" not in alone.hand(0)


def test_play_goes_round_clockwise_in_seat_order():
    """text: "Всеки участник играе по реда на часовниковата стрелка"."""
    state = new_game(seed=2, players=3)
    seen = []
    for _ in range(6):
        seen.append(state.current_player)
        state.apply(Face(state.yachts[state.player].pose.heading))
    assert seen == [0, 1, 2, 0, 1, 2]


# ----- playing a card -----------------------------------------------------------------------------
@pytest.mark.parametrize("heading, expected", [
    ("N", {"straight": ((6, 8), "N"), "veer_left": ((5, 8), "NW"), "turn_right": ((7, 7), "E")}),
    ("E", {"straight": ((8, 6), "E"), "veer_left": ((8, 7), "NE"), "turn_right": ((7, 5), "S")}),
    ("NE", {"straight": ((8, 8), "NE"), "veer_left": ((7, 8), "N"), "turn_right": ((8, 6), "SE")}),
])
def test_the_stern_goes_to_the_end_of_the_arrow_pointing_the_arrows_way(heading, expected):
    """text: "премества в края на една от стрелките на картата с кърмата ..., насочена в
    същата посока със стрелката на картата"; decision: "straight" ends two ahead, "veer" two
    ahead and one to the side turned 45°, "turn" one ahead and one to the side turned 90°."""
    state = race(((6, 6), heading), FAR, hands=[["straight", "veer_left", "turn_right"]] * 2)
    ends = {card: end for (card, _, _), end in plan_ends(state).items()}
    assert ends == expected
    state.apply(Sail("veer_left", "veer_left"))
    assert state.yachts[0].pose.at == expected["veer_left"][0]
    assert state.yachts[0].pose.heading.value == expected["veer_left"][1]


def test_a_card_with_several_arrows_lets_the_player_choose_one():
    """text: "Когато има няколко различни стрелки на картата, играчът избира една от тях"."""
    state = race(((6, 6), "N"), FAR, hands=[["trident"], ["straight"]])
    assert plan_ends(state) == {("trident", "veer_left", False): ((5, 8), "NW"),
                                ("trident", "straight", False): ((6, 8), "N"),
                                ("trident", "veer_right", False): ((7, 8), "NE")}
    refused(state, Sail("trident", "turn_left"), "the Trident card has no 'turn_left' arrow",
            "veer left, straight, veer right")


def test_the_card_goes_to_the_discard_pile_and_the_hand_is_filled_back_to_five():
    """text: "оттегля използваната карта и я поставя в купчина на използваните карти" and
    "изтегля от купчината нова карта, с която си допълва раздадените 5 карти"."""
    hand = ["fork", "straight", "turn_left", "turn_right", "trident"]
    state = race(((6, 6), "N"), FAR, hands=[hand, ["straight"] * 5], draw=["veer_left"] * 4)
    state.apply(Sail("fork", "veer_right"))
    assert [state.kinds[card] for card in state.discard_pile] == ["fork"]
    assert state.hand(0) == ("straight", "turn_left", "turn_right", "trident", "veer_left")
    assert len(state.draw_pile) == 3 and state.current_player == 1


def test_a_card_not_in_hand_cannot_be_played():
    """text: the player plays "една от своите карти"."""
    state = race(((6, 6), "N"), FAR, hands=[["straight"], ["straight"]])
    refused(state, Sail("fork", "veer_left"), "you hold no Fork card")
    refused(state, "windy straight", "you hold no Windy spell")


# ----- touching nothing ---------------------------------------------------------------------------
def test_a_moving_yacht_may_not_touch_a_buoy():
    """text: "Когато играчът придвижва яхтата си, не трябва да докосва ... шамандура"."""
    state = race(((10, 11), "N"), FAR, hands=[["straight", "fork"], ["straight"] * 2])
    refused(state, Sail("straight", "straight"), "passes through the red buoy at (10, 13)",
            "must not touch another yacht or a buoy")
    assert set(plan_ends(state)) == {("fork", "veer_left", False), ("fork", "veer_right", False)}


def test_a_moving_yacht_may_not_touch_another_yacht():
    """text: "не трябва да докосва яхтата на друг участник"."""
    state = race(((6, 6), "N"), ((6, 8), "E"), hands=[["straight", "turn_left"], ["straight"] * 2])
    refused(state, "straight", "passes through Player 2's yacht at (6, 8)")
    state.apply("turn_left")
    assert state.yachts[0].pose.at == (5, 7)


def test_the_race_area_ends_at_its_edge():
    """text: "Размерът на състезателната площ ... се определя от участниците"; kit: an arrow
    may not lead out of the race area."""
    state = race(((1, 5), "W"), FAR, hands=[["straight", "turn_right"], ["straight"] * 2])
    refused(state, "straight", "leads out of the race area at (-1, 5)")
    state.apply("turn_right")
    assert state.yachts[0].pose == Pose((0, 6), Direction.N)


# ----- the protection zone ------------------------------------------------------------------------
def test_no_yacht_may_put_its_bow_in_front_of_another_yachts_bow():
    """text: "не може да постави предната част на яхтата си пред предницата на друга яхта -
    защитната зона представлява площта, която би заела една карта"; decision: the zone is the
    two cells ahead of the bow."""
    state = race(((6, 5), "N"), ((4, 7), "E"), hands=[["straight", "veer_right"], ["straight"] * 2])
    refused(state, "straight", "would end at (6, 7), in front of Player 2's bow",
            "protection zone", "while another move is open")
    assert set(plan_ends(state)) == {("veer_right", "veer_right", False)}


def test_with_no_other_choice_the_move_ends_at_the_start_of_the_zone():
    """text: "Ако играчът няма друг избор и трябва да завърши хода си в зона за маневриране на
    друга яхта, то тогава неговия ход завършва в началото на зоната"; decision: it stops on
    the last path cell before the zone."""
    state = race(((6, 5), "N"), ((4, 7), "E"), hands=[["straight", "veer_left"], ["straight"] * 2])
    verdict = state.verdict(Sail("straight", "straight"))
    assert verdict.legal and verdict.end.at == (6, 6) and verdict.intended == ((6, 6), (6, 7))
    assert "stops at the edge of Player 2's protection zone" in verdict.reason
    state.apply("straight")
    assert state.yachts[0].pose.at == (6, 6) and state.yachts[0].pose.heading.value == "N"
    assert state.yachts[0].track == ((6, 5), (6, 6))


def test_a_zone_starting_at_the_bow_leaves_no_room_to_stop():
    """kit: when the zone begins right at the bow, the arrow is blocked (the yacht must skip)."""
    state = race(((6, 6), "N"), ((6, 9), "S"), hands=[["straight"], ["straight"]])
    refused(state, "straight", "no room to stop before it")
    assert all(isinstance(a, (Exchange, Face)) for a in state.legal_actions())


def test_a_yacht_may_pass_through_a_zone_without_ending_in_it():
    """decision: a yacht "may not end in another yacht's protection zone" (passing is fine)."""
    state = race(((6, 5), "N"), ((4, 7), "E"), hands=[["straight", "windy_spell"],
                                                      ["straight"] * 2])
    state.apply("windy straight")
    assert state.yachts[0].pose.at == (6, 9) and (6, 7) in state.yachts[0].track


# ----- the card held in the air -------------------------------------------------------------------
def test_a_card_blocked_on_the_table_is_held_in_the_air():
    """text: "Когато шамандура или яхта възпрепятстват участникът да постави своята карта на
    масата, играчът държи картата във въздуха в указаната посока на картата"."""
    state = race(((10, 11), "N"), FAR, hands=[["fork"], ["straight"]])
    verdict = state.verdict(Sail("fork", "veer_left"))
    assert verdict.legal and verdict.end.at == (9, 13)
    assert "held in the air (the red buoy lies where it would be laid)" in verdict.reason
    state.apply(Sail("fork", "veer_left"))
    assert state.yachts[0].pose.at == (9, 13)


def test_held_in_the_air_the_path_must_still_be_clear_or_the_player_skips():
    """text: "яхтата би трябвало да премине по пътя, указан на картата без да докосне шамандура
    или друга яхта. В този случай играчът трябва или да изтегли друга карта или да не
    придвижва яхтата си"."""
    state = race(((10, 12), "N"), FAR, hands=[["straight", "fork", "turn_left"], ["straight"] * 3])
    assert not any(v.legal for v in state.verdicts())
    assert {type(a) for a in state.legal_actions()} == {Exchange, Face}
    state.apply(Exchange(("fork",)))  # "draw another card"
    assert state.yachts[0].pose.at == (10, 12)


# ----- skipping a turn ----------------------------------------------------------------------------
def test_a_skipping_player_may_exchange_one_two_or_three_cards():
    """text: "Да смени 1, 2 или 3 от своите карти"; kit: the new cards are drawn first."""
    hand = ["straight", "veer_left", "fork", "trident", "windy_spell"]
    state = race(((6, 6), "N"), FAR, hands=[hand, ["straight"] * 5],
                 draw=["turn_left", "turn_right", "veer_right"] + ["straight"] * 6)
    refused(state, Exchange(("fork", "straight", "trident", "veer_left")), "exchange 1, 2 or 3")
    refused(state, Exchange(("turn_left",)), "no Turn left card in your hand")
    refused(state, Exchange(("fork", "fork")), "no more Fork card")
    state.apply(Exchange(("fork", "straight")))
    assert state.hand(0) == ("veer_left", "trident", "windy_spell", "turn_left", "turn_right")
    assert sorted(state.kinds[c] for c in state.discard_pile) == ["fork", "straight"]
    assert state.yachts[0].pose.at == (6, 6) and state.current_player == 1


def test_an_exchange_never_draws_back_the_cards_thrown_away():
    """text: "Да смени 1, 2 или 3 от своите карти": an exchange swaps cards for others. kit: the
    hand is drawn back up before the old cards go to the discard pile, so they never come back
    at once; an exchange of more cards than are left to draw (both piles) is refused."""
    hand = ["straight", "veer_left", "fork", "trident", "turn_left"]
    empty = race(((6, 6), "N"), FAR, hands=[hand, ["straight"] * 5], draw=[])
    assert empty.cards_to_draw == 0
    refused(empty, Exchange(("fork", "straight", "trident")), "no card is left to draw")
    assert not any(isinstance(a, Exchange) for a in empty.legal_actions())
    assert Face(Direction.W) in empty.legal_actions()

    state = race(((6, 6), "N"), FAR, hands=[hand, ["straight"] * 5], draw=["turn_right"])
    refused(state, Exchange(("fork", "trident")), "only 1 card can be drawn")
    state.apply(Exchange(("fork",)))
    assert "fork" not in state.hand(0) and "turn_right" in state.hand(0)
    state.apply(Face(Direction.N))  # player 2 passes
    refused(state, Exchange(("straight", "trident")), "only 1 card can be drawn")
    thrown = next(card for card in state.hands[0] if state.kinds[card] == "straight")
    state.apply(Exchange(("straight",)))  # the fork comes back from the discards, not this one
    assert thrown not in state.hands[0] and state.discard_pile == (thrown,)
    assert sorted(state.hand(0)) == ["fork", "trident", "turn_left", "turn_right", "veer_left"]


@pytest.mark.parametrize("seed", range(8))
def test_with_few_cards_no_exchange_ever_gives_back_a_thrown_card(seed):
    """The same rule in random play with a small deck (two cards to spare, so both piles run
    empty): after every exchange, none of the thrown cards is in the hand."""
    chooser = random.Random(seed)
    state = race(((6, 6), "N"), ((3, 4), "E"), hands=[["straight", "veer_left", "fork"]] * 2,
                 draw=["turn_left", "veer_right"], seed=seed)
    exchanges = 0
    for _ in range(80):
        if state.is_over():
            break
        action = chooser.choice(state.legal_actions())
        player, before = state.player, set(state.hands[state.player])
        state.apply(action)
        if isinstance(action, Exchange):
            exchanges += 1
            thrown = before - set(state.hands[player])
            assert len(thrown) == len(action.cards) and not thrown & set(state.hands[player])
    assert exchanges > 0


def test_a_skipping_player_may_turn_the_yacht_any_way():
    """text: "Да насочи яхтата си в посоката, която желае" ... "яхтата не се придвижва напред"."""
    state = race(((6, 6), "N"), FAR, hands=[["straight"] * 2, ["straight"] * 2])
    state.apply("face SW")
    assert state.yachts[0].pose.at == (6, 6) and state.yachts[0].pose.heading.value == "SW"
    assert state.hand(0) == ("straight", "straight") and state.current_player == 1


def test_a_skipping_player_may_not_play_a_sun_card():
    """text: "И в двата случая яхтата не се придвижва напред и играчът не може да използва
    карта слънце"."""
    state = race(((6, 6), "N"), FAR, hands=[["straight", "flat_calm"], ["straight"] * 2])
    refused(state, Becalm(1), "a player who skips may not play it")
    state.apply(Face(state.yachts[0].pose.heading))
    assert state.current_player == 1 and not state.becalmed(1)


def test_a_player_may_always_skip_and_sometimes_must():
    """text: "Участниците могат, а понякога се и налага, да прескочат реда си"."""
    free = race(((6, 6), "N"), FAR, hands=[["straight"], ["straight"]])
    assert Face(free.yachts[0].pose.heading) in free.legal_actions()
    boxed = race(((0, 16), "N"), FAR, hands=[["straight"], ["straight"]])
    assert all(isinstance(a, (Exchange, Face)) for a in boxed.legal_actions())
    refused(boxed, EndTurn(), "a turn is one movement card, or a skip")


# ----- the piles ----------------------------------------------------------------------------------
def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile():
    """text: "Когато свършат картите в първата купчина, играчът на ход разбърква купчината с
    използвани карти и тя става активната купчина с карти"."""
    state = race(((6, 6), "N"), ((2, 4), "N"), hands=[["straight"], ["turn_left"]],
                 draw=["fork"])
    state.apply("straight")  # Player 1 draws the last card
    assert state.draw_pile == () and len(state.discard_pile) == 1
    draws = state.chance.draws
    state.apply("turn_left")  # Player 2 must shuffle the discards to draw
    assert "Player 2 shuffles the discard pile into a new draw pile." in state.log
    assert state.chance.draws == draws + 1
    assert len(state.hand(1)) == 1 and len(state.draw_pile) == 1 and state.discard_pile == ()
    assert sorted(every_card(state)) == [0, 1, 2]
    state.undo()
    assert state.chance.draws == draws and len(state.discard_pile) == 1


# ----- the special cards --------------------------------------------------------------------------
def test_nice_yacht_handling_gives_one_more_move_after_drawing():
    """text: "Nice yacht handling - Имате право на още един ход. Ако има желание, играчът може
    веднага да изтегли още една карта"; decision: play on once more after drawing."""
    state = race(((6, 6), "N"), FAR, hands=[["straight", "nice_handling"], ["straight"] * 2],
                 draw=["fork", "trident", "straight", "straight"])
    state.apply("straight")
    assert state.current_player == 0 and state.legal_actions() == [Handling(), EndTurn()]
    state.apply("nice_handling")
    assert state.current_player == 0 and state.hand(0) == ("fork", "trident")
    state.apply(Sail("trident", "straight"))
    assert state.yachts[0].pose.at == (6, 10) and state.current_player == 1


def test_only_one_extra_move_even_if_the_card_drawn_is_nice_yacht_handling_again():
    """text: "Играчът може да получи единствен допълнителен ход, дори и ако втората изтеглена
    карта е тази същата специална карта"."""
    state = race(((6, 6), "N"), FAR, hands=[["straight", "nice_handling", "flat_calm"],
                                            ["straight"] * 3],
                 draw=["nice_handling", "straight"] + ["straight"] * 4)
    state.apply("straight")
    state.apply("nice_handling")
    assert state.hand(0) == ("flat_calm", "nice_handling", "straight")
    state.apply("straight")
    assert Handling() not in state.legal_actions()
    refused(state, Handling(), "only one extra move a turn")
    state.apply(EndTurn())
    assert state.current_player == 1 and "nice_handling" in state.hand(0)


def test_nice_yacht_handling_follows_a_movement_card():
    """kit: the extra move is earned by sailing, not played instead of it."""
    state = race(((6, 6), "N"), FAR, hands=[["straight", "nice_handling"], ["straight"] * 2])
    refused(state, Handling(), "sail first")


def test_a_windy_spell_is_a_double_move_following_the_arrow_twice():
    """text: "Windy spell (попътен вятър) - тази карта означва двоен ход и трябва да се играе
    два пъти"; decision: the chosen arrow is followed twice in a row."""
    state = race(((6, 6), "N"), FAR, hands=[["veer_right", "windy_spell"], ["straight"] * 2])
    verdict = state.verdict(Sail("veer_right", "veer_right", windy=True))
    assert verdict.path == ((6, 7), (7, 8), (8, 9), (9, 9)) and verdict.end.heading.value == "E"
    state.apply({"sail": "veer_right", "arrow": "veer_right", "windy": True})
    assert state.yachts[0].pose.at == (9, 9)
    assert sorted(state.kinds[c] for c in state.discard_pile) == ["veer_right", "windy_spell"]
    assert len(state.hand(0)) == 2


def test_a_windy_double_move_is_sailed_in_full():
    """decision: "the chosen arrow is followed twice"; kit: a blocked second run blocks the
    double move, and a double move never stops short at a zone."""
    state = race(((10, 9), "N"), FAR, hands=[["straight", "windy_spell"], ["straight"] * 2])
    refused(state, "windy straight", "on its second run (Windy spell)",
            "passes through the red buoy at (10, 13)")
    zoned = race(((6, 3), "N"), ((4, 7), "E"), hands=[["straight", "windy_spell"],
                                                      ["straight"] * 2])
    refused(zoned, "windy straight", "a double move (Windy spell) is sailed in full")


def test_flat_calm_follows_a_movement_card_and_ends_the_turn_drawing_two():
    """text: "Участник „А” първо поставя картата, която му дава право да мести своята яхта и
    след това поставя слънчевата карта пред играч „В” и завършва своя ход като тегли две карти
    от купчината"."""
    state = race(((6, 6), "N"), FAR, hands=[["straight", "flat_calm"], ["straight"] * 2],
                 draw=["fork", "trident"] + ["straight"] * 4)
    refused(state, Becalm(1), "after the card that moves your yacht")
    state.apply("straight")
    refused(state, Becalm(0), "another player's yacht")
    state.apply({"flat_calm": 1})
    assert state.becalmed(1) and state.kinds[state.suns[1]] == "flat_calm"
    assert state.hand(0) == ("fork", "trident") and state.current_player == 1


def test_a_becalmed_player_skips_the_next_turn_then_the_sun_no_longer_counts():
    """text: "Играч „В” трябва да прескочи реда си като при последващия си ход слънчевата карта
    вече няма значение"; decision: the sun card is then discarded."""
    state = race(((6, 6), "N"), ((2, 4), "N"), hands=[["straight", "flat_calm"],
                                                      ["straight"] * 2])
    state.apply("straight")
    state.apply({"flat_calm": 1})
    refused(state, "straight", "becalmed", "прескочи реда си")
    assert {type(a) for a in state.legal_actions()} == {Exchange, Face}
    state.apply("face N")
    assert not state.becalmed(1) and state.kinds[state.discard_pile[-1]] == "flat_calm"
    state.apply("straight")
    state.apply("straight")
    assert state.yachts[1].pose.at == (2, 6)


def test_one_sun_at_a_time_before_a_yacht():
    """kit: a yacht already becalmed cannot be becalmed again."""
    state = race(((6, 6), "N"), ((2, 4), "N"), ((9, 4), "N"),
                 hands=[["straight", "flat_calm"], ["straight", "flat_calm"], ["straight"] * 2])
    state.apply("straight")
    state.apply({"flat_calm": 2})
    state.apply("straight")
    assert Becalm(2) not in state.legal_actions()
    refused(state, Becalm(2), "becalmed already")


# ----- the course and the finish -----------------------------------------------------------------
def test_the_start_is_crossing_the_line_between_the_white_buoys():
    """text: the yachts sail "между шамандурите в посочената последователност", starting from
    the line of the two white buoys."""
    state = race(((6, 1), "N"), ((2, 1), "N"), hands=[["straight"], ["straight"]])
    state.apply("straight")
    state.apply("straight")
    assert state.yachts[0].leg == 1 and "Player 1 crosses the start line." in state.log
    assert state.yachts[1].leg == 0  # it passed outside the white buoys


def test_a_mark_is_rounded_keeping_it_to_port_judged_from_the_track():
    """decision: "a red buoy, then a green buoy, each rounded keeping it to port
    (anticlockwise) ... Rounding is judged from the yacht's track"."""
    state = race(((11, 11), "N", 1), FAR, hands=[["straight"], ["straight"]])
    for _ in range(2):
        state.apply("straight")
        state.apply("straight")
    assert state.yachts[0].leg == 2 and "Player 1 rounds the red buoy." in state.log
    wrong = race(((9, 12), "N", 1), FAR, hands=[["veer_right"], ["straight"]],
                 draw=["turn_right"] + ["straight"] * 6)
    wrong.apply("veer_right")  # (9, 13) then (10, 14): west of the red buoy, over its top
    wrong.apply("straight")
    wrong.apply("turn_right")  # over the top and away east: the wrong way round
    assert wrong.yachts[0].leg == 1 and wrong.yachts[0].winding == -1
    assert any("the wrong way" in line for line in wrong.log)


def test_marks_count_only_in_their_order():
    """text: "след като преплувате между шамандурите в посочената последователност"."""
    course = new_game(seed=0).course
    round_green = [(3, 11), (2, 11), (1, 11), (0, 10), (0, 9), (0, 8)]
    assert course.judge(1, 0, round_green) == (1, 0)
    assert course.judge(2, 0, round_green) == (3, 0)


def test_the_first_across_the_finish_line_after_the_whole_course_wins():
    """text: "Победител е първия играч, който пресече финалната права след като е преминал
    целия курс на регатата правилно"."""
    state = race(((6, 4), "S", 3), ((7, 6), "S", 2), hands=[["straight"], ["straight"]])
    state.apply("straight")
    assert state.is_over() and state.result.winners == (0,)
    assert "crossed the finish line first" in state.result.reason
    assert state.legal_actions() == [] and state.current_player is None
    early = race(((9, 9), "N"), ((6, 4), "S", 2), hands=[["straight"], ["straight"]])
    early.apply("straight")
    early.apply("straight")  # across the line, but the green buoy is not rounded yet
    assert not early.is_over() and early.yachts[1].leg == 2


def test_the_players_set_the_size_of_the_area_and_the_length_of_the_race():
    """text: "Размерът на състезателната площ и продължителността на играта се определя от
    участниците"; kit: the course is data and the race ends after ``rounds`` rounds, the
    yacht furthest round the course winning."""
    short = new_game(seed=0, course="short", rounds=2)
    assert (short.course.width, short.course.height) == (11, 13)
    short.apply(next(v.plan for v in short.verdicts() if v.legal))  # Player 1 sails on
    for _ in range(2):
        short.apply(Face(short.yachts[short.player].pose.heading))
    assert not short.is_over()
    short.apply("face NE")  # Player 2's turn ends round 2
    assert short.is_over() and short.to_go(0) < short.to_go(1)
    assert short.result.winners == (0,) and short.standings() == [0, 1]
    assert "Player 1 wins: the 2 rounds are over and nobody has finished" in \
        short.result.reason
