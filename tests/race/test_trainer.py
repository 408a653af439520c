"""The right-of-way trainer (pure) and its board."""

import pytest

from sailing_kit.core import ConfigError
from sailing_kit.race import Rule, library
from sailing_kit.race.board import RightOfWayTrainer
from sailing_kit.race.trainer import Trainer


def trainer_at(scenario_id, level=1):
    scenarios = [s for s in library() if s.id == scenario_id]
    return Trainer(scenarios, level=level)


def test_right_answer_says_what_to_do_first_then_cites_the_rule_and_scores():
    """#23.8 The feedback says first, in one sentence, what the boats should do, then the rule
    with its citation."""
    trainer = trainer_at("fig09-free-point-starboard")
    verdict = trainer.answer("A")
    assert verdict.ok and trainer.score == "1 of 1"
    first, rule = verdict.message.split(". ", 2)[:2]
    assert first == "A should leave the free point to B, which has right of way"
    assert rule.startswith("§3.4: the boat on starboard tack")


def test_a_wrong_answer_may_be_tried_again_and_scores_on_the_first_try():
    """#23.8 A wrong answer gives away nothing and can be tried again; the score counts only
    the first answer."""
    trainer = trainer_at("fig13-inside-boat-in-the-zone")
    wrong = trainer.answer("B")
    assert not wrong.ok and "try again" in wrong.message and "§" not in wrong.message
    assert trainer.score == "0 of 1" and not trainer.solved
    assert trainer.answer("B").message == wrong.message and trainer.score == "0 of 1"
    right = trainer.answer("A")
    assert right.ok and right.message.startswith("Right on another try (your first answer "
                                                  "scored 0). A ")
    assert "§3.6" in right.message and trainer.score == "0 of 1"


def test_an_answered_question_keeps_its_verdict():
    """#23.8 Once the right answer is in, a later click shows the same verdict and scores
    nothing (it never turns a missed question into "Correct")."""
    trainer = trainer_at("fig13-inside-boat-in-the-zone")
    verdict = trainer.answer("A")
    assert trainer.answer("B") is verdict and trainer.answer("A") is verdict
    assert trainer.score == "1 of 1"


def test_level_two_also_asks_for_the_rule():
    trainer = trainer_at("fig13-inside-boat-in-the-zone", level=2)
    assert not trainer.answer("A").answered  # the rule is missing
    verdict = trainer.answer("A", "leeward")
    assert not verdict.ok and "another rule decides: try again" in verdict.message
    assert trainer.answer("A", Rule.INSIDE).ok and trainer.score == "0 of 1"
    trainer = trainer_at("fig13-inside-boat-in-the-zone", level=2)
    assert trainer.answer("A", Rule.INSIDE).ok and trainer.score == "1 of 1"


@pytest.mark.parametrize("scenario", library(), ids=lambda s: s.id)
def test_every_point_a_scenario_mentions_is_drawn_once_answered(scenario):
    """#23.8 Every point the words of a question name is on the picture: ringed and labelled
    with its coordinates, and inside the zoomed grid."""
    from sailing_kit.draw.scene import Text
    from sailing_kit.race.trainer import mentioned_points

    board = RightOfWayTrainer(Trainer([scenario]))
    board.answer(scenario.keep_clear)
    labels = {s.text for s in board.scene().shapes if isinstance(s, Text)}
    for point in mentioned_points(f"{scenario.title} {scenario.explanation}"):
        assert board.view().contains(point), point
        assert f"({point[0]}, {point[1]})" in labels, point


def test_answers_outside_the_question_are_not_counted():
    trainer = trainer_at("three-boats-one-free-point")
    assert not trainer.answer("A").answered and trainer.score == "0 of 0"
    assert not trainer.answer("B", "fastest").answered


def test_next_walks_through_every_scenario_in_a_seeded_order():
    trainer = Trainer(seed=3)
    seen = {trainer.current.id} | {trainer.next().id for _ in range(len(trainer.scenarios) - 1)}
    assert len(seen) == len(trainer.scenarios)
    assert Trainer(seed=3).current.id == Trainer(seed=3).current.id


def test_bad_trainer_configuration():
    with pytest.raises(ConfigError, match="level"):
        Trainer(level=3)
    with pytest.raises(ConfigError, match="at least one"):
        Trainer([])


# ----- the board -------------------------------------------------------------------------------------
def boat_pixel(board, name):
    return board.view().pixel(board.situation.boat(name).position)


def test_clicking_the_boat_that_must_keep_clear_answers_the_scenario():
    board = RightOfWayTrainer(trainer_at("fig09-free-point-starboard"))
    board.simulate_click(*boat_pixel(board, "A"))
    assert "Correct" in board.feedback.value and "Score: 1 of 1" in board.score.value


def test_answer_buttons_and_next():
    board = RightOfWayTrainer(seed=0)
    first = board.trainer.current
    button = next(b for b in board.answers.children if b.description.startswith(first.winner))
    button.click()
    assert "Not yet" in board.feedback.value
    board.children[0].children[1].click()  # Next
    assert board.trainer.current is not first and board.feedback.value == ""


def test_level_two_shows_the_rule_picker():
    board = RightOfWayTrainer(trainer_at("fig13-inside-boat-in-the-zone"))
    assert board.rules.layout.display == "none"
    board.level.value = 2
    assert board.rules.layout.display is None
    board.rules.value = "inside"
    board.simulate_click(*boat_pixel(board, "A"))
    assert "Correct" in board.feedback.value


def test_free_mode_drag_a_boat_and_the_umpire_rules_live():
    board = RightOfWayTrainer(trainer_at("fig09-free-point-starboard"))
    board.mode.value = True
    assert "B has right of way" in board.feedback.value
    view = board.view()
    board.simulate_drag(boat_pixel(board, "B"), view.pixel((2, 2)))
    assert board.free.boat_at((2, 2)).name == "B" and "moved" in board.status.value
    assert "Infringement" not in board.feedback.value  # B has right of way there
    board.simulate_key("q")
    assert board.free.boat_at((2, 2)).heading.value == "W"
    board.simulate_key("d")
    assert board.free.wind.value == "NE"
    assert "has right of way" in board.feedback.value


def test_free_mode_refuses_to_stack_boats():
    board = RightOfWayTrainer(trainer_at("fig09-free-point-starboard"))
    board.mode.value = True
    board.simulate_drag(boat_pixel(board, "A"), boat_pixel(board, "B"))
    assert "Another boat is there" in board.status.value
