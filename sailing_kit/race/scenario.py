"""Right-of-way scenarios: small positions stored as JSON data, each with its expected ruling.

A scenario file holds the wind, an optional mark, whether it is the start, the boats in turn
order (the first arrived first), the pair ``question`` asks about ("who must keep clear?"), the
expected winner and deciding rule, and an explanation. Optional: ``mover`` (the boat whose turn
just ended, for infringements) and ``before`` (where it stood before that turn:
{"position": [x, y], "heading": ...}), ``infringements`` ([[offender, wronged], ...]), ``contests``
([{"point": [x, y], "entitled": name}]), ``previous_wind`` (the scenario follows a wind change)
and ``real_rules`` (how the Racing Rules of Sailing see it). Teachers can add their own files.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.core.reading import shown
from sailing_kit.race.encounter_file import said
from sailing_kit.race.rightofway import Boat, Rule, Ruling
from sailing_kit.race.situation import Situation

_REQUIRED = ("id", "title", "source", "wind", "boats", "question", "expected", "explanation")
MAX_WIDTH, MAX_HEIGHT = 40, 60
"""A scenario's points lie on the largest course the race allows: x 0-39, y 0-59."""
MAX_BOATS = 5
_OPTIONAL = ("mark", "start", "mover", "before", "becalmed", "infringements", "contests",
             "previous_wind", "real_rules")


@dataclass(frozen=True, kw_only=True)
class Scenario(Situation):
    """A situation with its question ("between these two, who must keep clear?"), the expected
    ruling and an explanation."""

    id: str
    source: str
    question: tuple[str, str]
    winner: str
    rule_key: Rule
    explanation: str
    expected_infringements: tuple[tuple[str, str], ...] | None = None
    expected_contests: tuple[tuple[Point, str], ...] | None = None
    real_rules: str = ""

    @property
    def keep_clear(self) -> str:
        """The boat of the pair that must keep clear (the expected answer)."""
        return next(name for name in self.question if name != self.winner)

    def ruling(self) -> Ruling:
        """The umpire's ruling on the pair asked about."""
        return self.judge(*self.question)

    def extent(self) -> tuple[int, int]:
        """The grid size this scenario needs."""
        view = self.view()
        return (view.width, view.height)

    def describe(self) -> str:
        return (f"{super().describe()}\nQuestion: between {self.question[0]} and "
                f"{self.question[1]}, who {self.asks}? ({self.source})")

    @property
    def asks(self) -> str:
        """The question's verb: "had to keep clear" of a move already made, else "must keep
        clear"."""
        return "had to keep clear" if self.moved else "must keep clear"


def scenario_from_data(data: Any) -> Scenario:
    """Build a scenario from parsed JSON, with a clear ConfigError for anything malformed: a
    wrong type, a point off the board (0 to 39 across, 0 to 59 up, as on the largest course),
    two pieces on one point, a name that is no boat's, or an expected answer the umpire does
    not give."""
    if not isinstance(data, dict):
        raise ConfigError(_("a scenario is a JSON object"))
    ident = data.get("id", "?")
    ident = ident if isinstance(ident, str) and len(ident) <= 80 else shown(ident)
    missing = [key for key in _REQUIRED if key not in data]
    unknown = [shown(key) for key in data if key not in _REQUIRED + _OPTIONAL]
    if missing or unknown:
        raise ConfigError(_("scenario {id}: missing {missing}, unknown {unknown}",
                            id=repr(ident), missing=missing, unknown=unknown))
    try:
        scenario = _build(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ConfigError(_("scenario {id}: {error}", id=repr(ident), error=said(error))) \
            from None
    _check_against_the_umpire(scenario)
    return scenario


def _build(data: dict[str, Any]) -> Scenario:
    boats = reading.items(data["boats"], _boat, "'boats'", fewest=2, most=MAX_BOATS,
                          error=ValueError)
    names = [b.name for b in boats]
    marks = (_point(data["mark"], _("the mark")),) if data.get("mark") is not None else ()
    pieces = [b.position for b in boats] + list(marks)
    if len(set(names)) != len(names) or len(set(pieces)) != len(pieces):
        raise ValueError(_("boat names and positions must all differ (and no boat stands on "
                           "the mark): two pieces on one point"))
    before = None
    if "before" in data:
        if data.get("mover") not in names:
            raise ValueError(_("'before' is where the mover stood: name the mover too"))
        before = _standing(data["before"], data["mover"])
    question = reading.items(data["question"],
                             lambda name: _name(name, names, _("'question' names two boats")),
                             "'question'", error=ValueError)
    expected = data["expected"]
    if not isinstance(expected, dict) or set(expected) != {"winner", "rule"}:
        raise ValueError(_("'expected' is {form}, not {value}",
                           form="{'winner': a boat, 'rule': a rule's key}",
                           value=shown(expected)))
    if len(question) != 2 or question[0] == question[1] or expected["winner"] not in question:
        raise ValueError(_("'question' names two boats and the expected winner is one of them"))
    return Scenario(
        id=_text(data["id"], "'id'"), title=_text(data["title"], "'title'"),
        source=_text(data["source"], "'source'"),
        wind=reading.direction(data["wind"], "'wind'", error=ValueError), boats=boats,
        question=(question[0], question[1]), winner=expected["winner"],
        rule_key=reading.member(expected["rule"], Rule, _("the expected 'rule'"),
                                error=ValueError),
        explanation=_text(data["explanation"], "'explanation'", 4000), marks=marks,
        start=reading.flag(data.get("start", False), "'start'", error=ValueError),
        mover=None if data.get("mover") is None else _name(data["mover"], names, "'mover'"),
        before=before,
        becalmed=reading.items(data.get("becalmed", ()),
                               lambda name: _name(name, names, "'becalmed'"), "'becalmed'",
                               error=ValueError),
        expected_infringements=(reading.items(data["infringements"],
                                              lambda pair: _pair(pair, names), "'infringements'",
                                              error=ValueError)
                                if "infringements" in data else None),
        expected_contests=(reading.items(data["contests"], lambda item: _contest(item, names),
                                         "'contests'", error=ValueError)
                           if "contests" in data else None),
        previous_wind=(reading.direction(data["previous_wind"], "'previous_wind'",
                                         error=ValueError)
                       if data.get("previous_wind") else None),
        real_rules=_text(data.get("real_rules", ""), "'real_rules'", 4000),
    )


def _boat(item: Any) -> Boat:
    if not isinstance(item, dict) or set(item) != {"name", "position", "heading"}:
        raise ValueError(_("a boat is {form}, not {value}",
                           form="{'name': 'A', 'position': [x, y], 'heading': 'N'}",
                           value=shown(item)))
    name = _text(item["name"], _("a boat's 'name'"), 3)
    return Boat(name, _point(item["position"], _("boat {name}'s position", name=name)),
                reading.direction(item["heading"], _("boat {name}'s heading", name=name),
                                  error=ValueError))


def _standing(item: Any, mover: str) -> Boat:
    """Where the mover stood before its turn: {'position': [x, y], 'heading': 'N'}."""
    if not isinstance(item, dict) or set(item) != {"position", "heading"}:
        raise ValueError(_("'before' is {form}, not {value}",
                           form="{'position': [x, y], 'heading': 'N'}", value=shown(item)))
    return Boat(mover, _point(item["position"], _("'before' position")),
                reading.direction(item["heading"], _("'before' heading"), error=ValueError))


def _point(value: Any, what: str) -> Point:
    point = reading.point(value, what, error=ValueError, low=-reading.MAX_WHOLE,
                          high=reading.MAX_WHOLE)
    if not (0 <= point[0] < MAX_WIDTH and 0 <= point[1] < MAX_HEIGHT):
        raise ValueError(_("{what} {point} is off the board: x runs from 0 to {x} and y from 0 "
                           "to {y}", what=what, point=point, x=MAX_WIDTH - 1, y=MAX_HEIGHT - 1))
    return point


def _text(value: Any, what: str, most: int = 200) -> str:
    return reading.text(value, what, most, error=ValueError)


def _name(value: Any, names: list[str], what: str) -> str:
    if not isinstance(value, str) or value not in names:
        raise ValueError(_("{what}: {value} is none of the boats ({names})", what=what,
                           value=shown(value), names=", ".join(names)))
    return value


def _pair(value: Any, names: list[str]) -> tuple[str, str]:
    pair = reading.items(value, lambda name: _name(name, names, "'infringements'"),
                         _("an infringement [offender, wronged]"), fewest=2, most=2,
                         error=ValueError)
    return (pair[0], pair[1])


def _contest(value: Any, names: list[str]) -> tuple[Point, str]:
    if not isinstance(value, dict) or set(value) != {"point", "entitled"}:
        raise ValueError(_("a contest is {form}, not {value}",
                           form="{'point': [x, y], 'entitled': 'A'}", value=shown(value)))
    return (_point(value["point"], _("a contested point")),
            _name(value["entitled"], names, _("a contest's 'entitled'")))


def _check_against_the_umpire(scenario: Scenario) -> None:
    """A scenario's expected answers must be the umpire's: a file that says otherwise would
    teach a ruling the kit itself does not give."""
    ruling = scenario.ruling()
    found: list[str] = []
    if (ruling.winner, ruling.rule_key) != (scenario.winner, scenario.rule_key):
        found.append(_("the umpire gives right of way to {winner} by the {rule} rule, but "
                       "'expected' says {expected} by {expected_rule}", winner=ruling.winner,
                       rule=repr(ruling.rule_key.value), expected=scenario.winner,
                       expected_rule=repr(scenario.rule_key.value)))
    if scenario.expected_infringements is not None:
        seen = tuple((i.offender, i.wronged) for i in scenario.infringements())
        if seen != scenario.expected_infringements:
            found.append(_("the umpire sees the infringements {seen}, but 'infringements' says "
                           "{expected}", seen=list(map(list, seen)),
                           expected=list(map(list, scenario.expected_infringements))))
    if scenario.expected_contests is not None:
        contests = tuple((c.point, c.entitled) for c in scenario.contests())
        if contests != scenario.expected_contests:
            found.append(_("the umpire finds the contested points {found}, but 'contests' says "
                           "{expected}", found=list(contests),
                           expected=list(scenario.expected_contests)))
    if found:
        raise ConfigError(_("scenario {id}: {error}", id=repr(scenario.id),
                            error="; ".join(found)))


def scenario_from_json(text: str | bytes) -> Scenario:
    """A scenario from its JSON text (or UTF-8 bytes)."""
    return scenario_from_data(reading.json_value(text, _("a scenario file"), error=ConfigError))


def load_scenario(path: str | Path) -> Scenario:
    """A scenario from a JSON file (a teacher's own, for example)."""
    return scenario_from_json(Path(path).read_bytes())


def library() -> list[Scenario]:
    """Every scenario shipped with the kit, in file-name order."""
    folder = resources.files("sailing_kit.race") / "scenarios"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [scenario_from_json(f.read_bytes()) for f in files]
