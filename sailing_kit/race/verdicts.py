"""The answers to an encounter's question, under the game's rules and under the RRS, both computed.

:func:`verdicts` plays the encounter with the engine, has the game's umpire and the RRS umpire
judge it, and says, for each rulebook, who must keep clear at the moment the question is asked
(and by which rule), which rules were broken and which boats are penalised. Nothing here is
typed by hand: an encounter file's ``"expect"`` block is only compared with these answers
(:func:`check_expectations`), and a file that disagrees is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import N_, _, language
from sailing_kit.core.reading import shown
from sailing_kit.race.encounter import Encounter, Question, Timeline
from sailing_kit.race.engagement import Infringement
from sailing_kit.race.rightofway import Rule
from sailing_kit.race.rrs_umpire import RrsRecord, judge
from sailing_kit.race.start import StartFoul

NO_ONE = N_("no one")
"""The answer to "who is penalised?" when nobody is (shown as ``_(NO_ONE)``)."""


class Rules(StrEnum):
    """The two rulebooks: this game's (Race the Wind) and the Racing Rules of Sailing."""

    RACE = "race"
    RRS = "rrs"

    @property
    def label(self) -> str:
        return _("Race the Wind") if self is Rules.RACE else _("the Racing Rules of Sailing")

    @property
    def under(self) -> str:
        """"Under" the rulebook, as a sentence begins."""
        return _("Under Race the Wind") if self is Rules.RACE else \
            _("Under the Racing Rules of Sailing")


@dataclass(frozen=True)
class Verdict:
    """One rulebook's answers: who must keep clear when the question is asked (and the rule),
    who broke which rule during the encounter, and who is penalised."""

    rules: Rules
    keep_clear: str
    rule: str
    mark_room: str
    """The boat entitled to mark-room (RRS 18.2), or the boat the zone gives right of way (the
    game, §3.6), when the question is asked; :data:`NO_ONE` if none."""
    broke: tuple[str, ...]
    """"A 10", or "B 11 (exonerated, 43.1(b))" for the RRS; "A starboard" for the game."""
    penalised: tuple[str, ...]

    def answer(self, question: Question) -> str | tuple[str, ...]:
        """The right answer: the boat that must keep clear, the boat entitled to mark-room, or
        the boats penalised."""
        if question is Question.KEEP_CLEAR:
            return self.keep_clear
        return self.mark_room if question is Question.MARK_ROOM else self.penalised


@dataclass(frozen=True)
class Verdicts:
    """Both rulebooks' answers on one encounter, with the play and the RRS record behind them."""

    encounter: Encounter
    timeline: Timeline
    record: RrsRecord
    race: Verdict
    rrs: Verdict

    def of(self, rules: Rules | str) -> Verdict:
        return self.race if Rules(rules) is Rules.RACE else self.rrs

    @property
    def differ(self) -> bool:
        """The two rulebooks answer the question differently."""
        question = self.encounter.ask.question
        return self.race.answer(question) != self.rrs.answer(question)


def verdicts(encounter: Encounter) -> Verdicts:
    """Play and judge ``encounter`` (the result is cached per language: encounters are
    immutable, and the umpires' words are said in the language spoken now). Who must keep
    clear is judged on the boats as they stand when the question is asked."""
    return _verdicts(encounter, language())


@cache
def _verdicts(encounter: Encounter, spoken: str) -> Verdicts:
    timeline = encounter.play()
    record = judge(timeline)
    a, b = encounter.ask.boats
    asked = timeline.asked
    assert asked.situation is not None
    standing = replace(asked.situation, mover=None, before=None, previous_wind=None)
    ruling = standing.judge(a, b)
    zone = ruling.winner if ruling.rule_key in (Rule.INSIDE, Rule.ASTERN_IN_ZONE) else NO_ONE
    race = Verdict(Rules.RACE, ruling.keep_clear, ruling.rule_key.value, zone,
                   tuple(_game_foul(foul) for m in timeline.moments for foul in m.fouls),
                   timeline.penalised)
    keeper, rule = record.keep_clear(encounter.ask.after, a, b)
    seen = record.seen[encounter.ask.after]
    room = seen.room(a, b) or seen.room(b, a)
    rrs = Verdict(Rules.RRS, keeper, rule, room.taker if room else NO_ONE,
                  tuple(f"{x.boat} {x.rule}" + (f" (exonerated, {x.exonerated})"
                                                if x.exonerated else "")
                        for x in record.breaches), record.penalised)
    return Verdicts(encounter, timeline, record, race, rrs)


def _game_foul(foul: Infringement | StartFoul) -> str:
    if isinstance(foul, StartFoul):
        return f"{foul.offender} start"
    return f"{foul.offender} {foul.ruling.rule_key.value}"


_EXPECT_KEYS = {"keep_clear", "rule", "mark_room", "broke", "penalised"}


def check_expectations(encounter: Encounter, expect: dict[str, Any]) -> Verdicts:
    """Play ``encounter`` and compare the answers with ``expect`` (``{"race": {...}, "rrs":
    {...}}``, each with any of keep_clear, rule, broke, penalised); ConfigError on a difference."""
    found = verdicts(encounter)
    problems = []
    unknown = [shown(key) for key in expect if key not in ("race", "rrs")]
    if unknown:
        raise ConfigError(_("situation {id}: 'expect' holds 'race' and 'rrs', not {unknown}",
                            id=repr(encounter.id), unknown=unknown))
    for rules in Rules:
        wanted = expect.get(rules.value, {})
        if not isinstance(wanted, dict) or not set(wanted) <= _EXPECT_KEYS:
            raise ConfigError(_("situation {id}: 'expect' {rules} holds {keys}, not {wanted}",
                                id=repr(encounter.id), rules=repr(rules.value),
                                keys=sorted(_EXPECT_KEYS), wanted=shown(wanted)))
        verdict = found.of(rules)
        for key, value in wanted.items():
            given = value if key in ("keep_clear", "rule", "mark_room") else _names(value, key)
            computed = getattr(verdict, key)
            if given != computed:
                problems.append(_("{rules} gives {key} {computed}, the file expects {given}",
                                  rules=rules.label, key=key, computed=_shown(computed),
                                  given=_shown(given)))
    if problems:
        raise ConfigError(_("situation {id}: {problems}", id=repr(encounter.id),
                            problems="; ".join(problems)))
    return found


def _names(value: Any, what: str) -> tuple[str, ...]:
    return reading.items(value, lambda v: reading.text(v, what, 80, error=ConfigError), what,
                         error=ConfigError)


def _shown(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]" if value else _("[] (nothing)")
    return repr(value)
