"""The right-of-way quiz: animated situations asked one by one, no trick questions.

Each question is answered first (who must keep clear, who is entitled to mark-room, or who is
penalised), then "why" as a choice of facts. A wrong answer may be tried again, but only the
first answer to each step counts; nothing of the answer shows before the student answers. The
summary lists the rules the student missed, each with the situation of the library that
teaches it. The quiz asks under this game's rules or under the RRS (``rules``); the answer
always shows both verdicts. Pure Python: the board only shows it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from sailing_kit.core import reading
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _
from sailing_kit.draw.feedback import Feedback
from sailing_kit.race.encounter import LEVELS, Encounter, Question
from sailing_kit.race.encounter_file import (
    json_text,
    quiz_to_data,
    read_json_file,
    situations_from_data,
)
from sailing_kit.race.reasons import Reason, decisive_rule, reasons, rule_name
from sailing_kit.race.verdicts import NO_ONE, Rules, Verdicts, verdicts

LEVEL_FILES = {level: f"level{level}.json" for level in LEVELS}


@cache
def library() -> tuple[Encounter, ...]:
    """Every situation shipped with the kit, level 1 first (checked against the umpires)."""
    folder = resources.files("sailing_kit.race") / "situations"
    found: list[Encounter] = []
    for level in LEVELS:
        data = reading.json_value((folder / LEVEL_FILES[level]).read_bytes(),
                                  f"the level {level} situations", error=ConfigError)
        found += [encounter for encounter, _expected in situations_from_data(data)[1]]
    return tuple(found)


def teaching(rules: Rules, rule: str) -> Encounter | None:
    """The situation of the library that teaches ``rule`` under ``rules``: one whose question
    turns on it, a question about who keeps clear or who is entitled to mark-room first (they
    show the rule at work), then the lowest level."""
    found = [e for e in library() if decisive_rule(verdicts(e), rules) == rule]
    return min(found, key=lambda e: (e.ask.question is Question.PENALISED, e.level),
               default=None)


@dataclass(frozen=True)
class Missed:
    """A rule the student missed, with the situation that teaches it (if the library has one)."""

    rule: str
    name: str
    situation: Encounter | None


@dataclass(frozen=True)
class Summary:
    right: int
    asked: int
    why_right: int
    why_asked: int
    missed: tuple[Missed, ...]

    def __str__(self) -> str:
        lines = [_("Answers right at the first try: {right} of {asked}; reasons right at the "
                   "first try: {why_right} of {why_asked}.", right=self.right, asked=self.asked,
                   why_right=self.why_right, why_asked=self.why_asked)]
        for missed in self.missed:
            lines.append(_("Missed: {rule} — see '{title}'", rule=missed.name,
                           title=_(missed.situation.title)) if missed.situation else
                         _("Missed: {rule}", rule=missed.name))
        return "\n".join(lines)


@dataclass
class Quiz:
    """The quiz over ``situations`` (default: the library), in a seeded order, at ``level`` (1,
    2 or 3; None for all), under ``rules`` ("race" or "rrs")."""

    situations: Sequence[Encounter] = field(default_factory=library)
    level: int | None = None
    rules: Rules | str = Rules.RACE
    seed: int = 0
    title: str = "Right of way"
    index: int = 0
    first_answers: dict[str, bool] = field(default_factory=dict)
    first_reasons: dict[str, bool] = field(default_factory=dict)
    solved: bool = False
    """The current question's right answer is in: the picture may show why."""
    explained: bool = False

    def __post_init__(self) -> None:
        self.rules = reading.member(self.rules, Rules, "the quiz's rules", error=ConfigError)
        if self.level is not None and self.level not in LEVELS:
            raise ConfigError(_("the quiz's level is 1, 2, 3 or None (all), not {level}",
                                level=repr(self.level)))
        chosen = [s for s in self.situations if self.level is None or s.level == self.level]
        if not chosen:
            raise ConfigError(_("the quiz needs at least one situation (of that level)"))
        self.order = chosen
        random.Random(self.seed).shuffle(self.order)

    # ----- files -------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path, **settings: object) -> Quiz:
        """A quiz from a file of situations (``{"quiz": title, "situations": [...]}``, or one
        situation), read strictly: a file that is too big, not JSON, or holds a situation the
        engine or the umpires refuse raises ConfigError and nothing is made."""
        title, found = situations_from_data(read_json_file(path, _("a file of situations")))
        return cls([encounter for encounter, _expected in found], title=title, **settings)  # type: ignore[arg-type]  # the quiz's own keyword fields, read and checked by the file reader

    def save(self, path: str | Path) -> None:
        """Write the quiz's situations as a file :meth:`load` reads back."""
        Path(path).write_text(json_text(quiz_to_data(self.title, [(s, {}) for s in
                                                                  self.situations])),
                              encoding="utf-8")

    # ----- the question --------------------------------------------------------------------------
    @property
    def current(self) -> Encounter:
        return self.order[self.index % len(self.order)]

    @property
    def verdicts(self) -> Verdicts:
        return verdicts(self.current)

    @property
    def ruled_by(self) -> Rules:
        return Rules(self.rules)

    def question(self) -> str:
        """The question in words: nothing of the answer in it."""
        ask = self.current.ask
        a, b = ask.boats
        under = self.ruled_by.under
        if ask.question is Question.KEEP_CLEAR:
            return _("{under}, who must keep clear now: {a} or {b}?", under=under, a=a, b=b)
        if ask.question is Question.MARK_ROOM:
            return _("{under}, who is entitled to mark-room now (or the zone's right of way, in "
                     "the game): {a}, {b} or no one?", under=under, a=a, b=b)
        return _("{under}, which boat is penalised at the end: {boats} or no one?",
                 under=under, boats=", ".join(self.current.names))

    def options(self) -> tuple[str, ...]:
        """The answers to choose from."""
        ask = self.current.ask
        if ask.question is Question.KEEP_CLEAR:
            return ask.boats
        if ask.question is Question.MARK_ROOM:
            return (*ask.boats, NO_ONE)
        return (*self.current.names, NO_ONE)

    def answer(self, value: str | Collection[str]) -> Feedback:
        """Judge the answer; only the first one of each question counts. Once the right answer
        is in, the picture may show why, and the "why" step begins."""
        verdict = self.verdicts.of(self.ruled_by)
        right = verdict.answer(self.current.ask.question)
        given = self._read(value)
        if given is None:
            return Feedback(False, _("Answer one of {options}.", options=", ".join(
                _(option) if option == NO_ONE else option for option in self.options())),
                            answered=False)
        correct = given == (right if isinstance(right, str) else
                            (tuple(sorted(right)) or NO_ONE))
        self.first_answers.setdefault(self.current.id, correct)
        if not correct:
            return Feedback(False, _("Not this one: try again (only your first answer counts)."))
        self.solved = True
        then = _("Now: why? Choose the fact that decides it.")
        said = then if self.first_answers[self.current.id] else _(
            "Right on another try (your first answer scored 0). {then}", then=then)
        return Feedback(True, said, title=_(self.current.title))

    def _read(self, value: str | Collection[str]) -> str | tuple[str, ...] | None:
        names = set(self.options())
        if isinstance(value, str):
            if value not in names:
                return None
            return value if self.current.ask.question is not Question.PENALISED or \
                value == NO_ONE else (value,)
        chosen = tuple(sorted(set(value)))
        if not chosen or not set(chosen) <= names - {NO_ONE}:
            return None
        return chosen

    def reasons(self) -> tuple[Reason, ...]:
        """The facts to choose from for "why" (only once the answer is right)."""
        if not self.solved:
            return ()
        return reasons(self.verdicts, self.ruled_by, self.current.ask.boats, self.seed)

    def explain(self, choice: int) -> Feedback:
        """Judge the chosen reason; only the first choice counts."""
        options = self.reasons()
        if not options:
            return Feedback(False, _("First answer the question."), answered=False)
        chosen = reading.whole(choice, _("the reason's number"), 0, len(options) - 1,
                               error=ConfigError)
        reason = options[chosen]
        self.first_reasons.setdefault(self.current.id, reason.decides)
        if not reason.decides:
            return Feedback(False, _("{feedback} Try another (only your first choice counts).",
                                     feedback=reason.feedback))
        self.explained = True
        return Feedback(True, reason.feedback, title=_(self.current.title))

    def next(self) -> Encounter:
        self.index += 1
        self.solved = self.explained = False
        return self.current

    # ----- the score -----------------------------------------------------------------------------
    @property
    def score(self) -> str:
        right = sum(self.first_answers.values())
        return _("{right} of {asked}", right=right, asked=len(self.first_answers))

    def summary(self) -> Summary:
        """The score and the rules missed at the first try, each with its teaching situation."""
        missed: list[Missed] = []
        for situation in self.order:
            wrong = self.first_answers.get(situation.id) is False or \
                self.first_reasons.get(situation.id) is False
            if not wrong:
                continue
            rule = decisive_rule(verdicts(situation), self.ruled_by)
            if all(m.rule != rule for m in missed):
                missed.append(Missed(rule, rule_name(self.ruled_by, rule),
                                     teaching(self.ruled_by, rule)))
        return Summary(sum(self.first_answers.values()), len(self.first_answers),
                       sum(self.first_reasons.values()), len(self.first_reasons),
                       tuple(missed))
