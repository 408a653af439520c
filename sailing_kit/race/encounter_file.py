"""Encounters as JSON: read strictly (bounded, every field checked, clear errors) and written back.

An encounter file is one JSON object (``encounter_to_data`` writes it); a quiz file holds
several: ``{"quiz": "title", "situations": [...]}``. Reading refuses anything malformed with a
:class:`ConfigError` naming the encounter and the field: a wrong type, a point off the board, a
name that is no boat's, two pieces on one point, an event the engine refuses, more than
:data:`MAX_BYTES` of text or :data:`MAX_SITUATIONS` situations. Nothing is evaluated. An
``"expect"`` block, if present, states the answers the file's author expects; they must be the
umpires' (:mod:`sailing_kit.race.verdicts` checks them), so a file cannot teach a ruling the kit
does not give.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import Text, _, number
from sailing_kit.core.reading import shown
from sailing_kit.race.encounter import (
    HEIGHT,
    LEVELS,
    MAX_BOATS,
    MAX_EVENTS,
    WIDTH,
    Ask,
    Encounter,
    Event,
    Mark,
    Question,
    Shift,
    Side,
    Turn,
)
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import Tack

MAX_BYTES = 1_000_000
"""The largest encounter or quiz file read (a quiz of 64 situations is about 100 kB)."""
MAX_SITUATIONS = 200
MAX_POINTS = 40
"""The most obstructions, or lulls, an encounter may hold."""
MAX_TEXT = 2000

_REQUIRED = ("id", "level", "title", "topic", "wind", "boats", "events", "ask")
_OPTIONAL = ("marks", "obstructions", "lulls", "line", "start_move", "cover", "cases", "note",
             "expect")
_EVENT_KEYS = frozenset({"boat", "to", "heading", "spin", "wait", "hail", "reply", "wind"})


def encounter_from_data(data: Any, *, check: bool = True) -> tuple[Encounter, dict[str, Any]]:
    """An encounter and its ``"expect"`` block (empty if none) from parsed JSON. With ``check``
    the engine plays it and the expectations are compared with the umpires' answers."""
    if not isinstance(data, dict):
        raise ConfigError(_("a situation is a JSON object, not {value}", value=shown(data)))
    ident = data.get("id", "?")
    ident = ident if isinstance(ident, str) and len(ident) <= 80 else shown(ident)
    missing = [key for key in _REQUIRED if key not in data]
    unknown = [shown(key) for key in data if key not in _REQUIRED + _OPTIONAL]
    if missing or unknown:
        raise ConfigError(_("situation {id}: missing {missing}, unknown {unknown}",
                            id=repr(ident), missing=missing, unknown=unknown))
    try:
        encounter = _build(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ConfigError(_("situation {id}: {problems}", id=repr(ident),
                            problems=said(error))) from None
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise ConfigError(_("situation {id}: 'expect' is an object, not {value}",
                            id=repr(ident), value=shown(expect)))
    if check:
        from sailing_kit.race.verdicts import check_expectations

        check_expectations(encounter, expect)  # plays it: the engine refuses a bad event
    return encounter, expect


def said(error: Exception) -> str:
    """What ``error`` says, keeping its English when its message is a translated text."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Text) else str(error)


def _build(data: dict[str, Any]) -> Encounter:
    wind = reading.direction(data["wind"], "'wind'", error=ValueError)
    runs: list[tuple[str, Tack]] = []
    boats = reading.items(data["boats"], lambda item: _boat(item, runs), "'boats'", fewest=2,
                          most=MAX_BOATS, error=ValueError)
    names = [b.name for b in boats]
    marks = reading.items(data.get("marks", ()), _mark, "'marks'", most=4, error=ValueError)
    obstructions = reading.items(data.get("obstructions", ()),
                                 lambda p: _point(p, _("an obstruction")), "'obstructions'",
                                 most=MAX_POINTS, error=ValueError)
    lulls = reading.items(data.get("lulls", ()), lambda p: _point(p, _("a lull")), "'lulls'",
                          most=MAX_POINTS, error=ValueError)
    line = None
    if data.get("line") is not None:
        ends = reading.items(data["line"], lambda p: _point(p, _("an end of the line")),
                             "'line'", fewest=2, most=2, error=ValueError)
        if ends[0][1] != ends[1][1] or ends[0] == ends[1]:
            raise ValueError(_("the starting line runs across the board: its two ends share a "
                               "row, not {ends}", ends=list(ends)))
        line = (ends[0], ends[1])
    pieces = [b.position for b in boats] + [m.at for m in marks] + list(obstructions) + \
        list(line or ()) + list(lulls)
    if len(set(names)) != len(names) or len(set(pieces)) != len(pieces):
        raise ValueError(_("boat names and the points of boats, marks, obstructions, lulls and "
                           "the line's ends must all differ: two pieces on one point"))
    events = reading.items(data["events"], lambda e: _event(e, names), "'events'",
                           most=MAX_EVENTS, error=ValueError)
    start_move = None
    if data.get("start_move") is not None:
        start_move = reading.whole(data["start_move"], _("'start_move' (the move of the start "
                                                         "procedure the situation begins with)"),
                                   1, 7, error=ValueError)
        if line is None:
            raise ValueError(_("a situation in the start procedure needs its starting 'line'"))
    return Encounter(
        id=_text(data["id"], "'id'", 80), title=_text(data["title"], "'title'"),
        level=reading.whole(data["level"], "'level'", LEVELS[0], LEVELS[-1], error=ValueError),
        topic=_text(data["topic"], "'topic'", 60), wind=wind, boats=boats, events=events,
        ask=_ask(data["ask"], names, len(events)), marks=marks, obstructions=obstructions,
        lulls=lulls, line=line, start_move=start_move,
        cover=reading.flag(data.get("cover", False), "'cover'", error=ValueError),
        runs=tuple(runs),
        cases=reading.items(data.get("cases", ()), lambda c: _text(c, _("a case"), 120), "'cases'",
                            most=12, error=ValueError),
        note=_text(data.get("note", ""), "'note'", MAX_TEXT))


def _text(value: Any, what: str, most: int = 200) -> str:
    return reading.text(value, what, most, error=ValueError)


def _point(value: Any, what: str) -> Point:
    point = reading.point(value, what, error=ValueError)
    if not (0 <= point[0] < WIDTH and 0 <= point[1] < HEIGHT):
        raise ValueError(_("{what} {point} is off the board: x runs from 0 to {x} and y from 0 "
                           "to {y}", what=what, point=point, x=WIDTH - 1, y=HEIGHT - 1))
    return point


def _boat(item: Any, runs: list[tuple[str, Tack]]) -> Boat:
    keys = {"name", "position", "heading"}
    if not isinstance(item, dict) or not keys <= set(item) <= keys | {"tack"}:
        raise ValueError(_("a boat is {form} (and 'tack' for a boat running dead downwind), not "
                           "{value}", form="{'name': 'A', 'position': [x, y], 'heading': 'N'}",
                           value=shown(item)))
    name = _text(item["name"], _("a boat's 'name'"), 3)
    if not name.isalnum():
        raise ValueError(_("a boat's name is letters or digits, not {value}", value=shown(name)))
    if "tack" in item:
        runs.append((name, reading.member(item["tack"], Tack, _("boat {name}'s 'tack'",
                                                                 name=name), error=ValueError)))
    return Boat(name, _point(item["position"], _("boat {name}'s position", name=name)),
                reading.direction(item["heading"], _("boat {name}'s heading", name=name),
                                  error=ValueError))


def _mark(item: Any) -> Mark:
    if not isinstance(item, dict) or not {"at"} <= set(item) <= {"at", "leave"}:
        raise ValueError(_("a mark is {form}, not {value}", form="{'at': [x, y], 'leave': 'port'}",
                           value=shown(item)))
    return Mark(_point(item["at"], _("a mark")),
                reading.member(item.get("leave", "port"), Side, _("a mark's 'leave'"),
                               error=ValueError))


def _name(value: Any, names: list[str], what: str) -> str:
    if not isinstance(value, str) or value not in names:
        raise ValueError(_("{what}: {value} is none of the boats ({names})", what=what,
                           value=shown(value), names=", ".join(names)))
    return value


def _event(item: Any, names: list[str]) -> Event:
    if not isinstance(item, dict) or not set(item) <= _EVENT_KEYS:
        raise ValueError(_("an event is {sail}, {spin}, {wait} or {shift}, not {value}",
                           sail="{'boat': 'A', 'to': [x, y], 'heading': 'NE'}",
                           spin="{'boat': 'A', 'spin': 'clockwise'}",
                           wait="{'boat': 'A', 'wait': true}", shift="{'wind': 'NE'}",
                           value=shown(item)))
    if set(item) == {"wind"}:
        return Shift(reading.direction(item["wind"], _("a wind shift's 'wind'"),
                                       error=ValueError))
    boat = _name(item.get("boat"), names, _("an event's 'boat'"))
    hail = reading.flag(item.get("hail", False), "'hail'", error=ValueError)
    reply = reading.flag(item.get("reply", False), "'reply'", error=ValueError)
    kinds = [key for key in ("to", "spin", "wait") if key in item]
    if len(kinds) != 1 or ("heading" in item) != (kinds == ["to"]):
        raise ValueError(_("{boat}'s turn either sails ('to' and 'heading'), spins or waits, "
                           "not {value}", boat=boat, value=shown(item)))
    if kinds == ["spin"]:
        sense = reading.choice(item["spin"], ("clockwise", "anticlockwise"), "'spin'",
                               error=ValueError)
        return Turn(boat, spin=sense == "clockwise", hail=hail, reply=reply)
    if kinds == ["wait"]:
        if item["wait"] is not True:
            raise ValueError(_("'wait' is true, not {value}", value=shown(item["wait"])))
        return Turn(boat, wait=True, hail=hail, reply=reply)
    return Turn(boat, _point(item["to"], _("{boat}'s 'to'", boat=boat)),
                reading.direction(item["heading"], _("{boat}'s 'heading'", boat=boat),
                                  error=ValueError),
                hail=hail, reply=reply)


def _ask(item: Any, names: list[str], events: int) -> Ask:
    if not isinstance(item, dict) or set(item) != {"question", "after", "boats"}:
        raise ValueError(_("'ask' is {form}, not {value}",
                           form="{'question': 'keep_clear' or 'penalised', 'after': events "
                                "played, 'boats': [two boats]}", value=shown(item)))
    pair = reading.items(item["boats"], lambda n: _name(n, names, _("'ask' names two boats")),
                         "'ask' 'boats'", fewest=2, most=2, error=ValueError)
    if pair[0] == pair[1]:
        raise ValueError(_("'ask' names two different boats"))
    question = reading.member(item["question"], Question, _("the question"), error=ValueError)
    after = reading.whole(item["after"], _("'after' (the events played when it is asked)"), 0,
                          events, error=ValueError)
    if question is Question.PENALISED and after != events:
        raise ValueError(_("who is penalised is asked once every event is played: 'after' is "
                           "{events}", events=events))
    return Ask(question, after, (pair[0], pair[1]))


# ----- writing ------------------------------------------------------------------------------------
def encounter_to_data(encounter: Encounter, expect: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON object of an encounter (as :func:`encounter_from_data` reads it)."""
    runs = dict(encounter.runs)
    data: dict[str, Any] = {
        "id": encounter.id, "level": encounter.level, "title": encounter.title,
        "topic": encounter.topic, "wind": encounter.wind.value,
        "boats": [{"name": b.name, "position": list(b.position), "heading": b.heading.value,
                   **({"tack": runs[b.name].value} if b.name in runs else {})}
                  for b in encounter.boats],
        "events": [_event_data(event) for event in encounter.events],
        "ask": {"question": encounter.ask.question.value, "after": encounter.ask.after,
                "boats": list(encounter.ask.boats)},
    }
    if encounter.marks:
        data["marks"] = [{"at": list(m.at), "leave": m.leave.value} for m in encounter.marks]
    for key in ("obstructions", "lulls"):
        if getattr(encounter, key):
            data[key] = [list(p) for p in getattr(encounter, key)]
    if encounter.line is not None:
        data["line"] = [list(p) for p in encounter.line]
    if encounter.start_move is not None:
        data["start_move"] = encounter.start_move
    if encounter.cover:
        data["cover"] = True
    if encounter.cases:
        data["cases"] = list(encounter.cases)
    if encounter.note:
        data["note"] = encounter.note
    if expect:
        data["expect"] = expect
    return data


def _event_data(event: Event) -> dict[str, Any]:
    if isinstance(event, Shift):
        return {"wind": event.wind.value}
    data: dict[str, Any] = {"boat": event.boat}
    if event.spin is not None:
        data["spin"] = "clockwise" if event.spin else "anticlockwise"
    elif event.wait:
        data["wait"] = True
    else:
        assert event.to is not None and event.heading is not None
        data["to"], data["heading"] = list(event.to), event.heading.value
    if event.hail:
        data["hail"] = True
    if event.reply:
        data["reply"] = True
    return data


# ----- files ---------------------------------------------------------------------------------------
def read_json_file(path: str | Path, what: str) -> Any:
    """The JSON value of a file, refused before parsing if larger than :data:`MAX_BYTES`."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as problem:
        raise ConfigError(_("cannot read {what} {path}: {problem}", what=what,
                            path=repr(str(path)), problem=problem.strerror)) from None
    if size > MAX_BYTES:
        raise ConfigError(_("{what} {name} is {size} bytes: a file of situations holds at most "
                            "{most}", what=what, name=repr(path.name), size=number(size),
                            most=number(MAX_BYTES)))
    return reading.json_value(path.read_bytes(), what, error=ConfigError)


def situations_from_data(data: Any, *, check: bool = True
                         ) -> tuple[str, list[tuple[Encounter, dict[str, Any]]]]:
    """(title, situations) from a quiz file's JSON ``{"quiz": title, "situations": [...]}``, or
    from one situation's object (the title is then its own)."""
    if isinstance(data, dict) and "situations" in data:
        if set(data) != {"quiz", "situations"}:
            raise ConfigError(_("a quiz file is {form}, not an object with {keys}",
                                form="{'quiz': 'its title', 'situations': [...]}",
                                keys=sorted(map(shown, data))))
        title = reading.text(data["quiz"], _("the quiz's title"), 200, error=ConfigError)
        items = reading.items(data["situations"], lambda item: item, "'situations'", fewest=1,
                              most=MAX_SITUATIONS, error=ConfigError)
        found = [encounter_from_data(item, check=check) for item in items]
        ids = [e.id for e, _expected in found]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ConfigError(_("two situations of the quiz share the id {id}",
                                id=repr(repeated[0])))
        return title, found
    encounter, expect = encounter_from_data(data, check=check)
    return encounter.title, [(encounter, expect)]


def json_text(data: Any, width: int = 96) -> str:
    """``data`` as JSON text a person can read and edit: each list or object on one line if it
    fits in ``width`` characters, else one item a line."""
    return _json_text(data, 0, width) + "\n"


def _json_text(data: Any, indent: int, width: int) -> str:
    flat = json.dumps(data, ensure_ascii=False)
    if not isinstance(data, (dict, list)) or len(flat) + indent <= width or not data:
        return flat
    pad = " " * (indent + 2)
    if isinstance(data, dict):
        items = [f"{pad}{json.dumps(key)}: {_json_text(value, indent + 2, width).lstrip()}"
                 for key, value in data.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _json_text(value, indent + 2, width) for value in data]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def quiz_to_data(title: str, situations: list[tuple[Encounter, dict[str, Any]]]
                 ) -> dict[str, Any]:
    return {"quiz": title, "situations": [encounter_to_data(e, x) for e, x in situations]}
