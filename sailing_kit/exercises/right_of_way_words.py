"""The umpire's rulings in words, for the right-of-way exercises: why the engine's ruling
between two boats is what it is (citing the rulebook), why another rule does not decide, and the
names of the rules a student may write.

Every sentence is built from the engine's own ruling (:meth:`Situation.judge` and
:mod:`sailing_kit.race.rightofway`); nothing here decides right of way.
"""

from __future__ import annotations

import re

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises.readers import read_choice
from sailing_kit.exercises.verdicts import joined
from sailing_kit.race.engagement import judge, nearest_mark
from sailing_kit.race.rightofway import Boat, Rule, Ruling, course_point, in_zone, leeward_depth
from sailing_kit.race.sailing import PointOfSail, Tack, TurnOption, point_of_sail, tack
from sailing_kit.race.situation import Situation


def ruling(position: Situation, one: str = "A", other: str = "B") -> Ruling:
    """The umpire's ruling between two boats (``Situation.judge``), A and B by default."""
    return position.judge(one, other)


def _first_to_arrive(position: Situation, a: Boat, b: Boat) -> Boat:
    """The boat that counts as arrived first, as the umpire counts it."""
    first, second = sorted((a, b), key=position.boats.index)
    return second if course_point(first, position.wind) == second.position else first


def option_words(option: TurnOption) -> str:
    if option.path:
        return _("advances to {point}, heading {heading}", point=option.position,
                 heading=option.heading)
    return _("turns on the spot to {heading}", heading=option.heading)


def boats_line(position: Situation) -> str:
    """The boats in words, each boat head to wind noted, and the marks."""
    line = "; ".join(
        (_("{boat} at {point} heading {heading} (left head to wind by a wind shift)",
           boat=b.name, point=b.position, heading=b.heading)
         if point_of_sail(b.heading, position.wind) is PointOfSail.HEAD_TO_WIND else
         _("{boat} at {point} heading {heading}", boat=b.name, point=b.position,
           heading=b.heading))
        for b in position.boats)
    return line + "".join("; " + _("a mark at {point}", point=mark) for mark in position.marks)


# ----- explaining a ruling ---------------------------------------------------------------------

def tack_phrase(boat: Boat, wind: Direction) -> str:
    sailing = point_of_sail(boat.heading, wind)
    if sailing is PointOfSail.HEAD_TO_WIND:
        return _("head to wind, with no tack")
    if sailing is PointOfSail.RUN:
        return _("on a run, which counts as starboard tack")
    return _("{sailing} on {tack} tack", sailing=sailing.phrase,
             tack=_(TACK_WORDS[tack(boat.heading, wind)]))


TACK_WORDS: dict[Tack | None, str] = {Tack.STARBOARD: N_("starboard"), Tack.PORT: N_("port")}
"""A tack as a sentence names it ("on starboard tack"); its answer stays "starboard"."""


def _depth(boat: Boat, wind: Direction) -> int:
    return leeward_depth(boat.position, wind)


def _speed(boat: Boat, wind: Direction) -> int:
    return point_of_sail(boat.heading, wind).speed


def _lines(count: int) -> str:
    return n_("{count} wind line", "{count} wind lines", count)


def _mark(position: Situation, a: Boat, b: Boat) -> Point | None:
    """The mark whose zone counts between two boats: the nearest."""
    return nearest_mark(a, b, position.marks)


def _zone_applies(position: Situation, a: Boat, b: Boat) -> bool:
    mark = _mark(position, a, b)
    return (mark is not None and not position.start
            and (in_zone(a.position, mark) or in_zone(b.position, mark)))


def _squared(point: Point, mark: Point) -> int:
    return (point[0] - mark[0]) ** 2 + (point[1] - mark[1]) ** 2


def _inside_outside(position: Situation, a: Boat, b: Boat) -> tuple[Boat, Boat] | None:
    """(inside, outside) at the mark, or None if both are equally near it."""
    mark = _mark(position, a, b)
    assert mark is not None
    da, db = _squared(a.position, mark), _squared(b.position, mark)
    if da == db:
        return None
    return (a, b) if da < db else (b, a)


def _zone_words(position: Situation, a: Boat, b: Boat) -> str:
    mark = _mark(position, a, b)
    assert mark is not None, "only called when a zone counts"
    inside = [boat.name for boat in (a, b) if in_zone(boat.position, mark)]
    if len(inside) == 2:
        return _("Both boats are within the zone of the 2 lengths round the mark at {point}",
                 point=mark)
    return _("{boat} is within the zone of the 2 lengths round the mark at {point} (one boat in "
             "the zone is enough)", boat=inside[0], point=mark)


def explain(position: Situation, ruling: Ruling) -> str:
    """Why the engine's ``ruling`` between two boats of ``position`` is what it is, citing the
    section of the rulebook."""
    wind = position.wind
    win, lose = position.boat(ruling.winner), position.boat(ruling.keep_clear)
    rule = ruling.rule_key
    if rule is Rule.STARBOARD:
        first = tack_phrase(win, wind)
        values = {"boat": win.name, "tack": first + ("," if "," in first else ""),
                  "other": lose.name, "other_tack": tack_phrase(lose, wind)}
        if _depth(lose, wind) > _depth(win, wind):
            return _("{boat} is {tack} and {other} {other_tack}: the boat on starboard tack has "
                     "right of way, even though {other} is to leeward: the tack comes first "
                     "(§3.4).", **values)
        return _("{boat} is {tack} and {other} {other_tack}: the boat on starboard tack has right "
                 "of way (§3.4).", **values)
    if rule is Rule.HEAD_TO_WIND:
        return _("{other} is head to wind: it has no tack, so it keeps clear of {boat}, which is "
                 "{tack} (§3.4, the kit's reading).", other=lose.name, boat=win.name,
                 tack=tack_phrase(win, wind))
    if rule is Rule.LEEWARD:
        values = {"both": _both_tacks(win, wind), "boat": win.name, "other": lose.name,
                  "lines": _lines(_depth(win, wind) - _depth(lose, wind))}
        if _speed(lose, wind) > _speed(win, wind):
            return _("Both boats are {both}, so the tack does not decide; {boat} is {lines} "
                     "further from the wind (to leeward) than {other}, and the boat to leeward "
                     "has right of way, even though {other} is faster: speed only counts when "
                     "both boats are on the same wind line (§3.4).", **values)
        return _("Both boats are {both}, so the tack does not decide; {boat} is {lines} further "
                 "from the wind (to leeward) than {other}, and the boat to leeward has right of "
                 "way (§3.4).", **values)
    if rule is Rule.FASTER:
        values = {"tack": _(TACK_WORDS[tack(win.heading, wind)]), "boat": win.name,
                  "sailing": point_of_sail(win.heading, wind).phrase, "other": lose.name,
                  "other_sailing": point_of_sail(lose.heading, wind).phrase}
        if position.previous_wind is None and _first_to_arrive(position, win, lose) is lose:
            return _("Both boats are on {tack} tack and on the same wind line, so neither is to "
                     "leeward; {boat} {sailing} (2 moves a turn) is faster than {other} "
                     "{other_sailing} (1 move), and the faster point of sail has right of way "
                     "(§3.4). {other} arrived first, but the turn order only counts at equal "
                     "speed.", **values)
        return _("Both boats are on {tack} tack and on the same wind line, so neither is to "
                 "leeward; {boat} {sailing} (2 moves a turn) is faster than {other} "
                 "{other_sailing} (1 move), and the faster point of sail has right of way "
                 "(§3.4).", **values)
    if rule is Rule.TURN_ORDER:
        return _("Both boats are {both}, on the same wind line and equally fast ({sailing} and "
                 "{other_sailing}), so the turn order decides: {boat} arrived first (§3.4).",
                 both=_both_tacks(win, wind), sailing=point_of_sail(win.heading, wind).words,
                 other_sailing=point_of_sail(lose.heading, wind).words, boat=win.name)
    if rule is Rule.INSIDE:
        values = {"zone": _zone_words(position, win, lose), "boat": win.name,
                  "other": lose.name}
        outside = _ladder_ruling(position, win, lose)
        if outside.winner != win.name:
            return _("{zone}, where only the inside position counts: {boat} is nearer the mark "
                     "than {other}, so it has right of way (§3.6). Outside the zone {winner} "
                     "would have it: {reason}", winner=outside.winner,
                     reason=lower_first(explain(position, outside)), **values)
        return _("{zone}, where only the inside position counts: {boat} is nearer the mark than "
                 "{other}, so it has right of way (§3.6).", **values)
    # Rule.ASTERN_IN_ZONE
    return _("{boat}'s next movement leads onto {other}'s intersection from astern: {boat} "
             "engages {other} from astern, and {zone}. The inside boat {other} then loses its "
             "right of way, whatever the wind: it may not manoeuvre and must advance (§3.6, fig. "
             "14).", boat=win.name, other=lose.name,
             zone=lower_first(_zone_words(position, win, lose)))


def _both_tacks(boat: Boat, wind: Direction) -> str:
    """The tack two boats share, named by one of them: "on port tack", "head to wind"."""
    shared = tack(boat.heading, wind)
    return _("on {tack} tack", tack=_(TACK_WORDS[shared])) if shared else _("head to wind")


def facts(position: Situation, mine: str, other: str | None = None) -> str:
    """What tells two engaged boats apart, told of the boat a student named (``mine``) and "the
    other boat": the tacks, the wind lines, the points of sail, the mark's zone and the turn
    order. Never which boat has right of way, nor the other's letter."""
    wind = position.wind
    me = position.boat(mine)
    you = position.boat(other) if other else next(b for b in position.boats if b.name != mine)
    told = [_("{boat} is {tack}, the other boat {other_tack}", boat=mine,
              tack=tack_phrase(me, wind), other_tack=tack_phrase(you, wind))]
    mine_depth, other_depth = _depth(me, wind), _depth(you, wind)
    lines = _lines(abs(mine_depth - other_depth))
    told.append(_("both are on the same wind line") if mine_depth == other_depth else
                _("{boat} is {lines} further from the wind than the other", boat=mine,
                  lines=lines) if mine_depth > other_depth else
                _("{boat} is {lines} further towards the wind than the other", boat=mine,
                  lines=lines))
    mark = _mark(position, me, you)
    if mark is not None and (in_zone(me.position, mark) or in_zone(you.position, mark)):
        near = _squared(me.position, mark) - _squared(you.position, mark)
        told.append(
            _("the mark at {point} has a boat within its zone of the 2 lengths", point=mark)
            if position.start else
            _("the mark at {point} has a boat within its zone of the 2 lengths, and {boat} is as "
              "near it as the other", point=mark, boat=mine) if near == 0 else
            _("the mark at {point} has a boat within its zone of the 2 lengths, and {boat} is "
              "nearer it than the other", point=mark, boat=mine) if near < 0 else
            _("the mark at {point} has a boat within its zone of the 2 lengths, and {boat} is "
              "further from it than the other", point=mark, boat=mine))
    if position.previous_wind is None:
        first = _first_to_arrive(position, me, you) is me
        told.append(_("{boat} arrived first", boat=mine) if first else
                    _("{boat} arrived second", boat=mine))
    return joined("; ", told, ".")


def lower_first(text: str) -> str:
    """``text`` with its first word in lower case, unless that word is a boat's letter."""
    return text if re.match(r"[A-Z]\b", text) else text[:1].lower() + text[1:]


def _ladder_ruling(position: Situation, a: Boat, b: Boat) -> Ruling:
    """The ruling of the ladder of §3.4 alone (no zone)."""
    first, second = sorted((a, b), key=position.boats.index)
    return judge(first, second, position.wind)


def why_rule_does_not_decide(position: Situation, said: Rule, ruling: Ruling) -> str:
    """Why ``said`` is not the rule that decides between the two boats of ``ruling``."""
    wind = position.wind
    a, b = sorted((position.boat(ruling.winner), position.boat(ruling.keep_clear)),
                  key=position.boats.index)
    zone = _zone_applies(position, a, b)
    mark = _mark(position, a, b)
    if said in (Rule.INSIDE, Rule.ASTERN_IN_ZONE):
        if mark is None:
            return _("there is no mark here, so the zone rules of §3.6 do not apply")
        if position.start:
            return _("at the start the inside position at the mark does not count (§3.6)")
        if not zone:
            return _("neither boat is within the zone of the 2 lengths of the mark at {point}",
                     point=mark)
        sides = _inside_outside(position, a, b)
        if sides is None:
            return _("both boats are equally near the mark: neither is inside, so the ladder "
                     "decides")
        inside, outside = sides
        if said is Rule.INSIDE:
            return _("{outside} engages {inside}, the boat nearer the mark, from astern, and that "
                     "changes what the zone gives (§3.6)", outside=outside.name,
                     inside=inside.name)
        return _("{outside} does not engage {inside} from astern: its next movement does not "
                 "lead onto {inside}'s intersection from behind", outside=outside.name,
                 inside=inside.name)
    if zone:
        return _("within the zone of the 2 lengths the engagement rules of §3.4 lapse: the "
                 "positions at the mark count instead (§3.6)")
    tack_a, tack_b = tack(a.heading, wind), tack(b.heading, wind)
    if said is Rule.HEAD_TO_WIND:
        if tack_a is None and tack_b is None:
            return _("both boats are head to wind, so that does not tell them apart")
        return _("neither boat is head to wind: both have a tack")
    if tack_a is not tack_b and (tack_a is None or tack_b is None):
        still = a if tack_a is None else b
        return _("{boat} points straight at the wind's source and has no tack at all, and that "
                 "is looked at before anything else", boat=still.name)
    if said is Rule.STARBOARD:
        return _("both boats are {both}, so the tack does not decide", both=_both_tacks(a, wind))
    if tack_a is not tack_b:
        return _("the boats are on different tacks, and the tack is looked at first")
    depth_a, depth_b = _depth(a, wind), _depth(b, wind)
    if said is Rule.LEEWARD:
        return _("both boats are on the same wind line, so neither is to leeward")
    if depth_a != depth_b:
        return _("one boat is further from the wind than the other, and that is looked at before "
                 "the points of sail and the turn order")
    if said is Rule.FASTER:
        return _("both boats are equally fast ({sailing} and {other_sailing})",
                 sailing=point_of_sail(a.heading, wind).words,
                 other_sailing=point_of_sail(b.heading, wind).words)
    return _("one boat's point of sail moves it further each turn than the other's, and that is "
             "looked at before the turn order")


RULE_NAMES: dict[str, Rule] = {
    "starboard": Rule.STARBOARD,
    "head to wind": Rule.HEAD_TO_WIND,
    "leeward": Rule.LEEWARD,
    "faster": Rule.FASTER,
    "turn order": Rule.TURN_ORDER,
    "inside": Rule.INSIDE,
    "astern in zone": Rule.ASTERN_IN_ZONE,
}
RULE_ALIASES: dict[str, Rule] = {
    "starboard tack": Rule.STARBOARD, "starboard over port": Rule.STARBOARD,
    "tack": Rule.STARBOARD, "port starboard": Rule.STARBOARD, "port/starboard": Rule.STARBOARD,
    "in irons": Rule.HEAD_TO_WIND, "no tack": Rule.HEAD_TO_WIND,
    "to leeward": Rule.LEEWARD, "windward leeward": Rule.LEEWARD, "windward/leeward": Rule.LEEWARD,
    "leeward over windward": Rule.LEEWARD,
    "speed": Rule.FASTER, "faster point of sail": Rule.FASTER, "fastest": Rule.FASTER,
    "order": Rule.TURN_ORDER, "first to arrive": Rule.TURN_ORDER, "arrived first": Rule.TURN_ORDER,
    "first arrived": Rule.TURN_ORDER,
    "inside position": Rule.INSIDE, "inside boat": Rule.INSIDE,
    "nearer the mark": Rule.INSIDE,
    "engaged from astern": Rule.ASTERN_IN_ZONE, "astern": Rule.ASTERN_IN_ZONE,
    "from astern": Rule.ASTERN_IN_ZONE, "astern in the zone": Rule.ASTERN_IN_ZONE,
}


def read_rule(value: object) -> Rule:
    """A rule of right of way by its name in :class:`Rule` (``"turn_order"``) or in plain words
    (``"turn order"``, ``"first to arrive"``), ignoring case."""
    if isinstance(value, Rule):
        return value
    return read_choice(value, RULE_NAMES, N_("rule of right of way"), aliases=RULE_ALIASES)


def rule_name(rule: Rule) -> str:
    return next(name for name, r in RULE_NAMES.items() if r is rule)
