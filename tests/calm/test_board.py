"""The Calm board, driven as a player would drive it: clicks and keys (simulate_click/_key)."""

from sailing_kit.calm import MONSTER, new_game
from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm.board import Board, example_boards
from sailing_kit.draw.scene import Text

P1 = [10, 20, 30, 40, 50, 60, 61, 62, 63, 64, "start"]
P2 = [11, 21, 31, 41, 51, 65, 66, 67, 68, 69, "start"]


def duo(**options):
    return new_game(players=2, seed=0, decks=[P1, P2], **options)


def click_card(board, index):
    rects = board.table_layout.hand_rects(len(board.hand), board.selected)
    board.simulate_click(*rects[index].centre)


def click_cell(board, cell):
    board.simulate_click(*board.table_layout.cell_rect(*cell).centre)


def words(scene):
    """Every text of a picture, joined by spaces (so wrapped lines read on)."""
    return " ".join(shape.text for shape in scene.shapes if isinstance(shape, Text))


def button(board, label):
    return next(b for b in board.children[0].children if b.description == label)


def test_selecting_a_card_lights_its_legal_cells_with_their_costs():
    board = Board(duo(), bots={1: calm_bots.make("planner")})
    click_card(board, 0)
    targets = board.targets()
    assert board.chosen == [10] and len(targets) == 36 and set(targets.values()) == {0}
    svg = board.scene().to_svg()
    assert svg.count(">free<") == 36 and "10 may go in 36 lit cells" in board.status.value


def test_clicking_a_lit_cell_places_the_card_and_logs_it():
    board = Board(duo(), bots={1: calm_bots.make("planner")})
    click_card(board, 0)
    click_cell(board, (0, 0))
    assert board.state.sea[(0, 0)] == 10 and board.selected == []
    assert board.messages.lines[0] == "Player 1 played 10 at (0, 0)."
    assert board.messages.lines[1].startswith("Player 2 ")  # the bot answered


def test_a_refused_placement_shows_the_engines_rule_and_changes_nothing():
    board = Board(duo(), bots={1: calm_bots.make("planner")})
    click_card(board, 0)
    click_cell(board, (0, 0))
    click_card(board, 0)  # the 20
    state_before = board.state.checkpoint()
    click_cell(board, (0, 0))
    assert "Not allowed: cell (0, 0) already holds island 10" in board.status.value
    assert board.state.checkpoint() == state_before


def test_the_cost_of_a_placement_is_paid_with_selected_cards():
    board = Board(new_game(players=1, seed=0, decks=[[10, 12, 30, 40, 50, 60, "start"]]))
    click_card(board, 0)
    click_cell(board, (0, 0))
    click_card(board, 0)  # the 12
    assert board.targets()[(0, 1)] == 2 and "cost 2" in board.scene().to_svg()
    click_cell(board, (0, 1))
    assert board.state.phase == "pay" and "discard 2 cards" in board.status.value
    assert board.messages.lines[-1] == "Player 1 played 12 at (0, 1) (cost 2)."
    click_card(board, 0)
    click_card(board, 1)
    button(board, "Discard selected").click()
    assert board.state.phase == "act" and board.state.discards[0] == (30, 40)


def test_two_selected_cards_and_discard_is_the_discard_two_action():
    board = Board(duo(), bots={1: calm_bots.make("planner")})
    click_card(board, 3)
    click_card(board, 4)
    board.simulate_key("d")
    assert board.state.discards[0] == (40, 50)
    assert board.messages.lines[0] == "Player 1 discarded 2 cards face down."


def test_clicking_a_cell_without_a_card_says_what_to_do():
    board = Board(duo(), bots={1: calm_bots.make("planner")})
    click_cell(board, (2, 2))
    assert "Select exactly one card" in board.status.value and board.state.history == []


def test_the_pass_the_device_screen_hides_each_hand_until_its_owner_is_ready():
    board = Board(duo())  # two people at one screen
    assert board.covered
    svg = board.scene().to_svg()
    assert "Pass the device to Player 1" in words(board.scene()) and ">40<" not in svg
    board.simulate_click(10, 10)
    assert not board.covered and ">40<" in board.scene().to_svg()
    click_card(board, 0)
    click_cell(board, (0, 0))
    assert board.covered and "Pass the device to Player 2" in board.status.value
    svg = board.scene().to_svg()
    assert ">41<" not in svg and ">40<" not in svg
    board.simulate_key("Enter")
    assert ">41<" in board.scene().to_svg()


def test_the_start_split_is_agreed_in_the_side_panel_then_each_player_discards():
    state = new_game(players=2, seed=0, decks=[["start", 1, 2, 3, 4, 5, 6, 7, 8],
                                               [70, 71, 72, 73, 74, 75, 76, 77, "start"]])
    board = Board(state)
    board.simulate_key("Enter")  # player 1 takes the device
    assert "start" in _slots(board)
    board.simulate_click(*board.table_layout.start_rect.centre)
    assert board.state.phase == "split" and board.split_box.layout.display == "flex"
    assert [box.value for box in board.split_inputs] == [4, 4]
    board.split_inputs[0].value, board.split_inputs[1].value = 5, 4
    button_agree = board.split_box.children[-1]
    button_agree.click()
    assert "adds up to 9" in board.status.value and board.state.phase == "split"
    board.split_inputs[0].value = 4
    button_agree.click()
    assert board.state.phase == "share" and board.split_box.layout.display == "none"
    for index in range(4):
        board.simulate_key(str(index + 1))
    board.simulate_key("d")
    assert board.covered and board.state.current_player == 1
    board.simulate_key("Enter")
    for index in range(4):
        board.simulate_key(str(index + 1))
    board.simulate_key("d")
    assert board.state.phase == "act" and board.state.current_player == 1


def _slots(board):
    svg = board.scene().to_svg()
    return ["start"] if "play here" in svg else []


def test_playing_with_bots_lets_them_answer_every_move():
    board = Board(new_game(players=3, seed=2), bots={1: "planner", 2: "planner"})
    for _ in range(5):
        if board.state.is_over() or board.state.phase != "act":
            break
        board.simulate_key("1")
        if board.targets():
            board.simulate_key("Enter")
        else:
            board.simulate_key("2")
            board.simulate_key("d")
    players = {line.split()[1] for line in board.messages.lines if line.startswith("Player")}
    assert players == {"1", "2", "3"}
    assert board.state.current_player in (0, None) or board.state.phase != "act"


def test_keys_pick_a_lit_cell_and_undo_takes_back_the_bots_reply_too():
    board = Board(duo(), bots={1: calm_bots.make("planner")})
    board.simulate_key("1")
    board.simulate_key("ArrowRight")
    assert "Cell (0, 1): cost 0" in board.status.value
    board.simulate_key("Enter")
    assert board.state.sea[(0, 1)] == 10 and len(board.state.history) >= 2
    board.simulate_key("u")
    assert board.state.history == [] and board.state.current_player == 0


def test_manual_rocks_move_when_their_slot_is_clicked():
    board = Board(duo(rocks="manual"), bots={1: calm_bots.make("planner")})
    closed = board.state.rocks
    click_card(board, 4)  # the 50: free anywhere
    cell = next(c for c, cost in board.targets().items() if cost == 0)
    click_cell(board, cell)
    assert board.state.phase == "rocks" and "move here" in words(board.scene())
    target = next(r for r in board.state.rocks_rows())
    board.simulate_click(*board.table_layout.rocks_rect(target).centre)
    assert board.messages.lines[1] == f"Player 1 moved the jagged rocks to row {target}."
    assert target != closed


def test_a_sea_monster_marks_the_islands_it_may_destroy():
    state = new_game(players=1, seed=0, decks=[[10, "monster", 20, 30, 40, 50, "start"]])
    board = Board(state)
    click_card(board, 0)
    click_cell(board, (0, 0))
    click_card(board, board.hand.index(MONSTER))
    assert board.prey() == [(0, 0)] and "✕" in board.scene().to_svg()
    click_cell(board, (0, 0))
    assert board.state.sea.filled == 0 and "sea monster" in board.messages.lines[-1]


def test_the_board_has_labelled_controls_a_css_hook_and_example_positions():
    board = Board()
    assert "sailing-kit-board" in board._dom_classes
    assert all(b.description and b.tooltip for b in board.children[0].children)
    for name, make in example_boards().items():
        made = make()
        assert isinstance(made, Board) and made.scene().to_svg().startswith("<svg"), name


def test_new_deal_starts_a_fresh_game_with_the_same_options():
    board = Board(new_game(players=2, seed=5, monsters=3), bots={1: calm_bots.make("planner")})
    button(board, "New deal").click()
    assert board.state.seed == 6 and board.state.options.monsters == 3
    assert "A new deal" in board.status.value
