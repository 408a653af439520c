"""The regatta board, driven as a player drives it: clicks and keys (simulate_click/_key) and its
buttons. It holds no rules: every preview and every refusal is the engine's."""

import html
import re

from sailing_kit.core import Direction
from sailing_kit.regatta import RegattaState, Sail, new_game
from sailing_kit.regatta import bots as regatta_bots
from sailing_kit.regatta.board import Board, example_boards
from sailing_kit.testing import fingerprint
from tests.regatta.positions import race

FAR = ((0, 0), "N")


def click_card(board, index):
    rects = board.layout.hand_rects(len(board.state.hand(board.seat)), board._raised())
    board.simulate_click(*rects[index].centre)


def click_end(board, number):
    """Click the marker of previewed arrow ``number`` (1-based, as drawn)."""
    board.simulate_click(*board.end_points()[number - 1][1])


def status(board):
    """The status line's words."""
    return html.unescape(re.sub("<[^>]+>", "", board.status.value))


def words(scene):
    """Every text of a picture, joined by spaces (so wrapped lines read on)."""
    return " ".join(html.unescape(text) for text in re.findall(r">([^<]*)</text>", scene.to_svg()))


def button(board, label):
    found = [w for w in _widgets(board) if getattr(w, "description", None) == label]
    assert found, f"no button {label!r}"
    return found[0]


def _widgets(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)


def test_selecting_a_card_previews_every_arrow_with_blocked_ones_and_their_reasons():
    state = race(((10, 11), "N", 1), FAR, hands=[["straight", "trident"], ["straight"] * 2])
    board = Board(state, bots={1: regatta_bots.make("sensible")})
    click_card(board, 1)
    previews = board.previews()
    assert [(v.plan.arrow, v.legal) for v in previews] == [
        ("veer_left", True), ("straight", False), ("veer_right", True)]
    assert "Trident: 2 of 3 arrow ends open" in status(board)
    said = html.unescape(re.sub("<[^>]+>", " ", board.info.value))  # the words beside the picture
    assert ("2. Trident, straight: blocked, the straight arrow passes through the red buoy at "
            "(10, 13)") in said
    assert "1. Trident, veer left: to (9, 13) facing NW (the card is held in the air" in said
    assert words(board.scene()).count("✕") == 1


def test_clicking_an_open_end_sails_there_and_the_bots_answer():
    state = race(((6, 6), "N"), ((2, 4), "N"), hands=[["fork"], ["straight"]])
    board = Board(state, bots={1: regatta_bots.make("sensible")})
    assert board.selected == 0  # the first card that can sail is shown at once
    click_end(board, 2)
    assert board.state.history[0] == Sail("fork", "veer_right")
    assert board.state.yachts[0].pose.at == (7, 8)
    assert status(board) == "Sailed: Fork, veer right: to (7, 8) facing NE."
    assert board.messages.lines[0] == "Player 1 sails Fork (veer right) to (7, 8) facing NE."
    assert board.messages.lines[1].startswith("Player 2 ") and board.state.current_player == 0


def test_a_refused_move_shows_the_engines_rule_and_changes_nothing():
    state = race(((10, 11), "N", 1), FAR, hands=[["trident"], ["straight"]])
    board = Board(state, bots={1: regatta_bots.make("sensible")})
    before = fingerprint(board.state)
    click_end(board, 2)
    assert status(board).startswith("Not allowed: the straight arrow passes through the red buoy "
                                    "at (10, 13)")
    assert fingerprint(board.state) == before


def test_keys_select_a_card_pick_an_end_and_sail():
    state = race(((6, 6), "N"), FAR, hands=[["straight", "trident"], ["straight"] * 2])
    board = Board(state, bots={1: regatta_bots.make("sensible")})
    board.simulate_key("2")
    board.simulate_key("ArrowRight")
    assert "End 2: Trident, straight: to (6, 8) facing N" in status(board)
    board.simulate_key("Enter")
    assert board.state.history[0] == Sail("trident", "straight")


def test_the_windy_spell_switch_previews_and_sails_the_double_move():
    state = race(((6, 6), "N"), FAR, hands=[["straight", "windy_spell"], ["straight"] * 2])
    board = Board(state, bots={1: regatta_bots.make("sensible")})
    assert not board.windy.disabled
    board.simulate_key("w")
    assert [v.plan for v in board.previews()] == [Sail("straight", "straight", windy=True)]
    click_end(board, 1)
    assert board.state.yachts[0].pose.at == (6, 10)


def test_skipping_exchanges_marked_cards_or_turns_the_yacht():
    hand = ["straight", "fork", "turn_left"]
    board = Board(race(((6, 6), "N"), FAR, hands=[hand, ["straight"] * 3]),
                  bots={1: regatta_bots.make("sensible")})
    board.simulate_key("x")
    click_card(board, 0)
    click_card(board, 2)
    assert "Marked to exchange: Straight, Turn left" in status(board)
    button(board, "Exchange").click()
    assert board.state.history[0].cards == ("straight", "turn_left")
    board.heading.value = "SE"
    button(board, "Turn yacht").click()
    assert board.state.yachts[0].pose.heading == Direction.SE
    assert "turned to face SE" in status(board)


def test_after_sailing_the_special_cards_are_offered_as_buttons():
    state = race(((6, 6), "N"), ((2, 4), "N"), hands=[["straight", "nice_handling", "flat_calm"],
                                                      ["straight"] * 3],
                 draw=["trident", "fork"] + ["straight"] * 6)
    board = Board(state, bots={1: regatta_bots.make("sensible")})
    assert button(board, "Nice yacht handling").disabled and button(board, "End turn").disabled
    click_end(board, 1)
    assert not button(board, "Nice yacht handling").disabled
    assert [b.description for b in board.calm_box.children] == ["Flat calm on Player 2"]
    board.simulate_key("n")
    assert board.state.current_player == 0 and board.state.hand(0) == ("flat_calm", "trident",
                                                                        "fork")
    board.simulate_key("3")
    click_end(board, 1)
    board.calm_box.children[0].click()
    assert board.messages.lines[-1].startswith("Player 2 skips the turn")  # becalmed, it skipped
    assert board.state.current_player == 0


def test_undo_takes_back_the_move_and_the_bots_replies():
    state = race(((6, 6), "N"), ((2, 4), "N"), hands=[["fork"], ["straight"]])
    board = Board(state, bots={1: regatta_bots.make("sensible")})
    start = fingerprint(board.state)
    click_end(board, 1)
    assert len(board.state.history) == 2
    board.simulate_key("u")
    assert fingerprint(board.state) == start and board.messages.lines == []
    assert status(board) == "Move taken back."


def test_save_and_load():
    board = Board(new_game(seed=4, players=2), bots={1: regatta_bots.make("sensible")})
    click_end(board, 1)
    button(board, "Save").click()
    saved = board.saved.value
    other = Board(new_game(seed=9), bots={1: regatta_bots.make("sensible")})
    other.saved.value = saved
    button(other, "Load").click()
    assert fingerprint(other.state) == fingerprint(board.state) and status(other) == "Race loaded."
    assert other.messages.lines == list(board.state.log)
    other.saved.value = '{"game": "yacht"}'
    button(other, "Load").click()
    assert status(other).startswith("Cannot load: this file is not a saved 'regatta' game")


def test_several_people_at_one_screen_pass_it_with_the_hand_hidden():
    board = Board(new_game(seed=0, players=2))
    assert board.covered
    text = words(board.scene())
    assert "Pass the screen to Player 1" in text and "your hand" not in text
    assert board.describe().startswith("Pass the screen to Player 1.\n")
    assert "hand:" not in board.describe() and board.describe().count("5 cards in hand") == 2
    board.simulate_click(10, 10)
    assert not board.covered and "Player 1: your hand" in board.scene().to_svg()
    assert "Player 1 (you): yacht at" in board.describe()
    click_end(board, 1)
    assert board.covered and "Pass the screen to Player 2" in words(board.scene())
    board.simulate_key("Enter")
    assert "Player 2: your hand" in board.scene().to_svg()


def test_playing_with_bots_to_the_end():
    state = new_game(seed=2, players=3, rounds=4)
    board = Board(state, bots={1: regatta_bots.make("sensible"), 2: regatta_bots.make("sensible")})
    while not board.state.is_over():
        choice = next((spot for verdict, spot in board.end_points() if verdict.legal), None)
        if choice is None:
            button(board, "Turn yacht").click()
        else:
            board.simulate_click(*choice)
        if board.state.phase == "after":
            board.simulate_key("e")
    assert "over" in board.info.value
    board.simulate_click(10, 10)
    assert "The race is over" in status(board)


def test_example_boards_are_in_a_typical_position():
    boards = example_boards()
    mid = boards["regatta (3 yachts, a card selected)"]()
    assert len(mid.state.history) > 6 and mid.previews()
    assert isinstance(boards["regatta (start, 2 players at one screen)"]().state, RegattaState)
    assert "sailing-kit-board" in mid._dom_classes
