"""The deck is data: the reconstruction of rules-decisions.md, its arrows in every heading, and a
class's own deck, checked with clear messages."""

import pytest

from sailing_kit.core import ConfigError, Direction
from sailing_kit.core.grid import step
from sailing_kit.regatta import RegattaState, Sail, deck_data, load_deck, new_game, standard_deck
from sailing_kit.regatta.geometry import Pose, follow


def test_the_standard_deck_is_the_reconstruction_of_rules_decisions():
    """decision: "45 movement cards (straight ×10, veer left ×8, veer right ×8, turn left ×5,
    turn right ×5, fork left/right ×6, trident left/straight/right ×3) and 9 special cards
    (Windy spell ×3, Nice yacht handling ×3, Flat calm ×3)"."""
    deck = standard_deck()
    counts = {kind.name: kind.count for kind in deck.cards}
    assert counts == {"straight": 10, "veer_left": 8, "veer_right": 8, "turn_left": 5,
                      "turn_right": 5, "fork": 6, "trident": 3, "windy_spell": 3,
                      "nice_handling": 3, "flat_calm": 3}
    assert sum(kind.count for kind in deck.movement_kinds) == 45 and deck.size == 54
    assert deck.kind("fork").arrows == ("veer_left", "veer_right")
    assert deck.kind("trident").arrows == ("veer_left", "straight", "veer_right")


@pytest.mark.parametrize("heading", list(Direction))
def test_every_arrow_keeps_its_shape_in_every_heading(heading):
    """decision: ""Veer" ends two cells ahead and one to the side, turned 45°; "turn" ends one
    ahead and one to the side, turned 90°; "straight" ends two ahead" — one step ahead, then
    the arrow's second step turned by 0, 45 or 90 degrees from the heading."""
    deck, start = standard_deck(), (20, 20)
    for name, turn in (("straight", 0), ("veer_left", -1), ("veer_right", 1), ("turn_left", -2),
                       ("turn_right", 2)):
        cells, end_heading = follow(Pose(start, heading), deck.arrow(name).steps)
        assert cells == (step(start, heading), step(step(start, heading), heading.rotate(turn)))
        assert end_heading == heading.rotate(turn)
    north = follow(Pose(start, Direction.N), deck.arrow("veer_left").steps)
    assert north == (((20, 21), (19, 22)), Direction.NW)  # two ahead, one to the side


def test_the_deck_survives_its_own_dictionary():
    deck = standard_deck()
    assert load_deck(deck_data()) == deck


def test_a_class_can_change_the_deck():
    """decision: "The deck is data, so a class can change it"."""
    data = deck_data()
    data["arrows"].append({"name": "slide_left", "title": "slide left", "steps": [-2]})
    data["cards"].append({"name": "slide", "title": "Slide", "count": 4, "arrows": ["slide_left"]})
    for card in data["cards"]:
        if card["name"] == "straight":
            card["count"] = 20
    state = new_game(seed=0, deck=data, stack=["slide"] * 10 + ["straight"] * 5)
    assert state.deck.size == 68 and state.deck.kind("straight").count == 20
    state.apply("slide")
    assert state.yachts[0].pose == Pose((4, 0), Direction.W)
    loaded = RegattaState.from_json(state.to_json())
    assert loaded.deck == state.deck and loaded.yachts == state.yachts


def test_a_deck_without_special_cards_plays_without_them():
    data = deck_data()
    data["cards"] = [card for card in data["cards"] if "special" not in card]
    state = new_game(seed=1, deck=data)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Sail)))
    assert state.current_player == 1


def _with(change):
    data = deck_data()
    change(data)
    return data


@pytest.mark.parametrize("deck, complaint", [
    ("tiny", "a deck is 'standard' or a dictionary"),
    ({"cards": []}, "needs a non-empty list 'arrows'"),
    (_with(lambda d: d["arrows"][0].update(steps=[0, 4])), "each a whole number from -3 to 3"),
    (_with(lambda d: d["arrows"][0].update(steps=[])), "'steps' is a list of 1 to 4"),
    (_with(lambda d: d["arrows"][1].update(name="straight")), "two arrows are named 'straight'"),
    (_with(lambda d: d["cards"][0].update(arrows=["zigzag"])), "names the arrow 'zigzag'"),
    (_with(lambda d: d["cards"][0].update(count=-1)), "'count' is a whole number from 0 to 200"),
    (_with(lambda d: d["cards"][0].update(name="Straight Card")), "lower-case identifier"),
    (_with(lambda d: d["cards"][7].update(special="storm")), "'special' must be one of"),
    (_with(lambda d: d["cards"][7].update(arrows=["straight"])), "is a special card: it has no"),
    (_with(lambda d: d["cards"][5].update(arrows=["veer_left", "veer_left"])), "different arrows"),
    (_with(lambda d: [c.update(count=0) for c in d["cards"][:7]]), "at least one movement card"),
    (_with(lambda d: d["cards"][8].update(special="windy_spell")), "lists the special card"),
    (_with(lambda d: [c.update(count=1) for c in d["cards"]]), "too few to deal"),
])
def test_a_broken_deck_is_a_clear_config_error(deck, complaint):
    with pytest.raises(ConfigError, match=complaint):
        new_game(seed=0, deck=deck)
