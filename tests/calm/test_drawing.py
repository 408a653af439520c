"""Drawing: the shared playing cards (sailing_kit.draw.cards) and the Calm table."""

from sailing_kit.calm import START, new_game
from sailing_kit.calm.drawing import Layout, draw_table
from sailing_kit.calm.puzzle import new_puzzle
from sailing_kit.draw import palette
from sailing_kit.draw.cards import RAISE, CardFace, Rect, card_at, draw_card, draw_hand, hand_rects
from sailing_kit.draw.scene import Circle, Polygon, Scene, Text


def test_a_selected_card_is_raised_outlined_and_ticked_not_only_coloured():
    plain, chosen = Scene(100, 120), Scene(100, 120)
    draw_card(plain, Rect(10, 20, 60, 84), CardFace("23"))
    draw_card(chosen, Rect(10, 20, 60, 84), CardFace("23"), selected=True)
    width = lambda scene: scene.shapes[0].style.width  # noqa: E731
    assert width(chosen) > 2 * width(plain)
    assert any(isinstance(s, Text) and s.text == "✓" for s in chosen.shapes)
    assert not any(isinstance(s, Text) and s.text == "✓" for s in plain.shapes)
    rects = hand_rects(0, 100, 3, selected=[1])
    assert rects[1].y == rects[0].y - RAISE and rects[2].y == rects[0].y


def test_a_face_down_card_shows_no_face():
    scene = Scene(100, 120)
    draw_card(scene, Rect(0, 0, 60, 84), None)
    assert not any(isinstance(s, Text) for s in scene.shapes)
    assert scene.shapes[0].style.fill == palette.BLUE


def test_a_click_finds_its_card_and_misses_between_cards():
    rects = hand_rects(10, 50, 5)
    assert card_at(rects, *rects[3].centre) == 3
    assert card_at(rects, rects[0].x + rects[0].w + 5, rects[0].y + 10) is None
    scene = Scene(400, 200)
    draw_hand(scene, rects, [CardFace(str(n)) for n in range(5)], selected=[2], dimmed=[4])
    assert sum(isinstance(s, Polygon) for s in scene.shapes) >= 5
    assert any(isinstance(s, Circle) for s in scene.shapes)  # the tick's badge


def test_the_layout_maps_cells_to_pixels_and_back():
    layout = Layout()
    for cell in [(0, 0), (5, 5), (2, 4)]:
        assert layout.cell_at(*layout.cell_rect(*cell).centre) == cell
    assert layout.cell_rect(0, 0).y > layout.cell_rect(5, 0).y  # row 0 at the bottom
    assert layout.cell_at(1, 1) is None
    assert layout.start_rect.y > layout.cell_rect(0, 0).y  # the Start below the bottom left
    assert layout.finish_rect.y < layout.cell_rect(5, 5).y  # the Finish above the top right
    assert layout.rocks_row_at(*layout.rocks_rect(3).centre) == 3


def test_the_table_shows_costs_rocks_slots_and_a_hidden_hand_under_the_cover():
    state = new_game(players=2, seed=1, rocks="manual")
    view = state.view(0)
    svg = draw_table(view, targets={(0, 0): 0, (0, 1): 3}, slots=["start"], rock_rows=[1]).to_svg()
    assert ">free<" in svg and ">cost 3<" in svg and ">play here<" in svg
    assert ">rocks<" in svg and "closed by the jagged rocks" in svg and ">move<" in svg
    covered = draw_table(view, cover="Pass the device to Player 1")
    assert "Pass the device to Player 1" in " ".join(
        s.text for s in covered.shapes if isinstance(s, Text))
    covered = covered.to_svg()
    assert all(f">{card}<" not in covered for card in state.hand(0) if card > 36)


def test_an_open_puzzle_shows_every_hand_and_deck():
    puzzle = new_puzzle(seed=2, players=2)
    svg = puzzle._repr_svg_()
    assert "Player 1" in svg and "Player 2" in svg and "deck: " in svg
    step = "play the Start card" if START in puzzle.hand(0) else "play a card or discard two"
    assert f"<title>Player 1: {step}</title>" in svg
