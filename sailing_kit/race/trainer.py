"""The right-of-way trainer: scenarios asked one by one, answers judged with the rule cited.

Level 1 asks who must keep clear; level 2 also asks which rule decides. The trainer is pure
Python: the widget in ``boards/trainer.py`` only shows it. The animated situations' quiz,
:class:`~sailing_kit.race.quiz.Quiz` (``Quiz.load(path)`` reads a teacher's file), lives in
:mod:`sailing_kit.race.quiz`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from sailing_kit.core.errors import ConfigError
from sailing_kit.draw.feedback import Feedback
from sailing_kit.race.quiz import Quiz
from sailing_kit.race.rightofway import Rule
from sailing_kit.race.scenario import Scenario, library

__all__ = ["Quiz", "Trainer"]


@dataclass
class Trainer:
    """Asks the scenarios in a seeded random order and keeps the score."""

    scenarios: Sequence[Scenario] = field(default_factory=library)
    level: int = 1
    seed: int = 0
    index: int = 0
    right: int = 0
    asked: int = 0
    answered: bool = False

    def __post_init__(self) -> None:
        if self.level not in (1, 2):
            raise ConfigError(f"the trainer's level is 1 (who keeps clear) or 2 (and which "
                              f"rule), not {self.level!r}")
        if not self.scenarios:
            raise ConfigError("the trainer needs at least one scenario")
        self.order = list(range(len(self.scenarios)))
        random.Random(self.seed).shuffle(self.order)

    @property
    def current(self) -> Scenario:
        return self.scenarios[self.order[self.index % len(self.order)]]

    def answer(self, keep_clear: str, rule: Rule | str | None = None) -> Feedback:
        """Judge "``keep_clear`` must keep clear" (and, at level 2, "``rule`` decides")."""
        scenario = self.current
        ruling = scenario.ruling()
        if keep_clear not in scenario.question:
            names = " or ".join(scenario.question)
            return Feedback(False, f"The question is about {names}: answer one of them.",
                            answered=False)
        if self.level == 2 and rule is None:
            return Feedback(False, "At level 2, also say which rule decides.", answered=False)
        if rule is not None and rule not in set(Rule):
            names = ", ".join(r.value for r in Rule)
            return Feedback(False, f"{rule!r} is not one of the rules: {names}.", answered=False)
        right_boat = keep_clear == ruling.keep_clear
        right_rule = self.level == 1 or (rule is not None and Rule(rule) is ruling.rule_key)
        if not self.answered:
            self.asked += 1
            self.right += right_boat and right_rule
            self.answered = True
        if right_boat and right_rule:
            return Feedback(True, f"{ruling.keep_clear} keeps clear. {ruling.rule}. "
                            f"{scenario.explanation}", title=scenario.title)
        if right_boat:
            return Feedback(False, f"Yes, {ruling.keep_clear} keeps clear, but not because of "
                            f"that rule: {ruling.rule}. {scenario.explanation}",
                            title=scenario.title)
        return Feedback(False, f"{ruling.winner} has right of way, so {ruling.keep_clear} must "
                        f"keep clear. {ruling.rule}. {scenario.explanation}", title=scenario.title)

    def next(self) -> Scenario:
        self.index += 1
        self.answered = False
        return self.current

    @property
    def score(self) -> str:
        return f"{self.right} of {self.asked}"
