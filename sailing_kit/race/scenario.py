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

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point, parse_point
from sailing_kit.race.rightofway import Boat, Rule, Ruling
from sailing_kit.race.situation import Situation

_REQUIRED = ("id", "title", "source", "wind", "boats", "question", "expected", "explanation")
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
    """Build a scenario from parsed JSON, with a clear ConfigError for anything malformed."""
    if not isinstance(data, dict):
        raise ConfigError("a scenario is a JSON object")
    ident = data.get("id", "?")
    missing = [key for key in _REQUIRED if key not in data]
    unknown = [key for key in data if key not in _REQUIRED + _OPTIONAL]
    if missing or unknown:
        raise ConfigError(f"scenario {ident!r}: missing {missing}, unknown {unknown}")
    try:
        return _build(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ConfigError(f"scenario {ident!r}: {error}") from None


def _build(data: dict[str, Any]) -> Scenario:
    boats = tuple(Boat(b["name"], parse_point(b["position"]), Direction.parse(b["heading"]))
                  for b in data["boats"])
    names = [b.name for b in boats]
    if len(set(names)) != len(names) or len({b.position for b in boats}) != len(boats):
        raise ValueError("boat names and positions must all differ")
    before = None
    if "before" in data:
        if data.get("mover") not in names:
            raise ValueError("'before' is where the mover stood: name the mover too")
        before = Boat(data["mover"], parse_point(data["before"]["position"]),
                      Direction.parse(data["before"]["heading"]))
    question = tuple(data["question"])
    expected = data["expected"]
    if len(question) != 2 or not set(question) <= set(names) or expected["winner"] not in question:
        raise ValueError("'question' names two boats and the expected winner is one of them")
    return Scenario(
        id=str(data["id"]), title=str(data["title"]), source=str(data["source"]),
        wind=Direction.parse(data["wind"]), boats=boats, question=(question[0], question[1]),
        winner=expected["winner"], rule_key=Rule(expected["rule"]),
        explanation=str(data["explanation"]),
        marks=(parse_point(data["mark"], "mark"),) if data.get("mark") is not None else (),
        start=bool(data.get("start", False)), mover=data.get("mover"), before=before,
        becalmed=tuple(data.get("becalmed", ())),
        expected_infringements=(tuple(tuple(pair) for pair in data["infringements"])
                                if "infringements" in data else None),
        expected_contests=(tuple((parse_point(c["point"]), c["entitled"])
                                 for c in data["contests"]) if "contests" in data else None),
        previous_wind=(Direction.parse(data["previous_wind"])
                       if data.get("previous_wind") else None),
        real_rules=str(data.get("real_rules", "")),
    )


def scenario_from_json(text: str) -> Scenario:
    """A scenario from its JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(f"a scenario file must be JSON: {error}") from None
    return scenario_from_data(data)


def load_scenario(path: str | Path) -> Scenario:
    """A scenario from a JSON file (a teacher's own, for example)."""
    return scenario_from_json(Path(path).read_text())


def library() -> list[Scenario]:
    """Every scenario shipped with the kit, in file-name order."""
    folder = resources.files("sailing_kit.race") / "scenarios"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [scenario_from_json(f.read_text()) for f in files]
