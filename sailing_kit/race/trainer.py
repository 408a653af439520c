"""The right-of-way trainer: scenarios asked one by one, answers judged with the rule cited.

Level 1 asks who must keep clear; level 2 also asks which rule decides. The trainer is pure
Python: the widget in ``boards/trainer.py`` only shows it. The animated situations' quiz,
:class:`~sailing_kit.race.quiz.Quiz` (``Quiz.load(path)`` reads a teacher's file), lives in
:mod:`sailing_kit.race.quiz`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.draw.feedback import Feedback
from sailing_kit.race.quiz import Quiz
from sailing_kit.race.rightofway import Rule
from sailing_kit.race.scenario import Scenario, library

__all__ = ["Quiz", "Trainer"]


@dataclass
class Trainer:
    """Asks the scenarios in a seeded random order and keeps the score. A wrong answer may be
    tried again, but only the first answer to a question counts; once the right answer is in,
    the question keeps its verdict (a later answer changes nothing)."""

    scenarios: Sequence[Scenario] = field(default_factory=library)
    level: int = 1
    seed: int = 0
    index: int = 0
    right: int = 0
    asked: int = 0
    answered: bool = False
    """The question's first answer is in (and scored)."""
    verdict: Feedback | None = None
    """The question's verdict, kept once the right answer is in."""
    first_right: bool = False

    def __post_init__(self) -> None:
        if self.level not in (1, 2):
            raise ConfigError(_("the trainer's level is 1 (who keeps clear) or 2 (and which "
                                "rule), not {level}", level=repr(self.level)))
        if not self.scenarios:
            raise ConfigError(_("the trainer needs at least one scenario"))
        self.order = list(range(len(self.scenarios)))
        random.Random(self.seed).shuffle(self.order)

    @property
    def current(self) -> Scenario:
        return self.scenarios[self.order[self.index % len(self.order)]]

    @property
    def solved(self) -> bool:
        """The right answer is in: the picture may show why."""
        return self.verdict is not None

    def answer(self, keep_clear: str, rule: Rule | str | None = None) -> Feedback:
        """Judge "``keep_clear`` must keep clear" (and, at level 2, "``rule`` decides")."""
        scenario = self.current
        ruling = scenario.ruling()
        if keep_clear not in scenario.question:
            first, second = scenario.question
            return Feedback(False, _("The question is about {a} or {b}: answer one of them.",
                                     a=first, b=second), answered=False)
        if self.level == 2 and rule is None:
            return Feedback(False, _("At level 2, also say which rule decides."), answered=False)
        if rule is not None and rule not in set(Rule):
            names = ", ".join(r.value for r in Rule)
            return Feedback(False, _("{rule} is not one of the rules: {names}.", rule=repr(rule),
                                     names=names), answered=False)
        if self.verdict is not None:
            return self.verdict
        right_boat = keep_clear == ruling.keep_clear
        right_rule = self.level == 1 or (rule is not None and Rule(rule) is ruling.rule_key)
        if not self.answered:
            self.asked += 1
            self.right += right_boat and right_rule
            self.answered = True
            self.first_right = right_boat and right_rule
        if right_boat and not right_rule:
            return Feedback(False, _("Yes, {boat} keeps clear, but another rule decides: try "
                                     "again (only your first answer counts).",
                                     boat=ruling.keep_clear))
        if not right_boat:
            return Feedback(False, _("Not this boat: try again (only your first answer "
                                     "counts)."))
        said = f"{what_to_do(scenario)} {_(ruling.rule)}. {_(scenario.explanation)}"
        if not self.first_right:
            said = _("Right on another try (your first answer scored 0). {then}", then=said)
        self.verdict = Feedback(True, said, title=_(scenario.title))
        return self.verdict

    def next(self) -> Scenario:
        self.index += 1
        self.answered, self.verdict, self.first_right = False, None, False
        return self.current

    @property
    def score(self) -> str:
        return _("{right} of {asked}", right=self.right, asked=self.asked)


def what_to_do(scenario: Scenario) -> str:
    """What the boats should do (or should have done), in one sentence."""
    ruling = scenario.ruling()
    keep, win = ruling.keep_clear, ruling.winner
    if any(incident.offender == keep for incident in scenario.infringements()):
        return _("{keep} should not have stayed on the point {win} sails to next: {keep} had "
                 "to keep clear of {win}.", keep=keep, win=win)
    if any(contest.entitled == win and keep in contest.claimants
           for contest in scenario.contests()):
        return _("{keep} should leave the free point to {win}, which has right of way.",
                 keep=keep, win=win)
    return _("{keep} must keep clear of {win}: it may not end its turn on the point {win} "
             "sails to.", keep=keep, win=win)


def mentioned_points(text: str) -> list[Point]:
    """The grid points a text names by their coordinates, such as "(3, 1)"."""
    return [(int(x), int(y)) for x, y in _POINT.findall(text)]


_POINT = re.compile(r"\((\d+), (\d+)\)")
