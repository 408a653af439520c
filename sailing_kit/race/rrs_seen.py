"""What the RRS umpire sees at each moment of an encounter: tacks, overlaps, the zone, who owes
whom mark-room, rule 17's restriction, penalties being taken and boats returning to start.

The definitions come from :mod:`sailing_kit.race.rrs`; the umpire that judges them is
:mod:`sailing_kit.race.rrs_umpire`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.race import rrs
from sailing_kit.race.encounter import Encounter, Moment, Side, Turn
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import Tack


@dataclass(frozen=True)
class Breach:
    """``boat`` broke RRS ``rule`` against ``against`` at moment ``moment``; ``exonerated`` names
    the rule that exonerates her, if any."""

    boat: str
    rule: str
    against: str
    moment: int
    why: str
    exonerated: str = ""


@dataclass(frozen=True)
class Room:
    """``giver`` owes ``taker`` mark-room at ``mark`` since moment ``since`` (rule 18.2(a))."""

    giver: str
    taker: str
    mark: Point
    since: int
    why: str


@dataclass(frozen=True)
class Seen:
    """What the RRS umpire sees at one moment."""

    index: int
    tacks: tuple[tuple[str, Tack], ...]
    overlaps: frozenset[frozenset[str]]
    zones: tuple[tuple[str, tuple[Point, ...]], ...]
    rooms: tuple[Room, ...]
    restricted: tuple[tuple[str, str], ...]
    """(leeward, windward): rule 17 limits the leeward boat to her proper course."""
    serving: frozenset[str]
    returning: frozenset[str]
    tacked: frozenset[str]
    """Boats that passed head to wind during this moment's event."""

    def tack(self, name: str) -> Tack:
        return dict(self.tacks)[name]

    def overlapped(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.overlaps

    def in_zone(self, name: str) -> tuple[Point, ...]:
        return dict(self.zones)[name]

    def room(self, giver: str, taker: str) -> Room | None:
        return next((r for r in self.rooms if (r.giver, r.taker) == (giver, taker)), None)


@dataclass
class Walk:
    """The umpire's notes as it walks the moments."""

    encounter: Encounter
    moments: tuple[Moment, ...]
    seen: list[Seen] = field(default_factory=list)
    facts: list[tuple[int, str]] = field(default_factory=list)
    breaches: list[Breach] = field(default_factory=list)
    pending: dict[tuple[str, str], Pending] = field(default_factory=dict)
    hails: dict[str, tuple[int, frozenset[str]]] = field(default_factory=dict)
    replied: dict[str, str] = field(default_factory=dict)
    """Hailed boat -> the hailing boat she answered "You tack" (she owes room to tack)."""
    ocs: set[str] = field(default_factory=set)
    starboard_since_zone: set[str] = field(default_factory=set)
    switched_off: set[frozenset[str]] = field(default_factory=set)
    """Pairs between which rule 18.3 switched rule 18.2 off."""
    tackers: dict[frozenset[str], str] = field(default_factory=dict)
    """For each pair switched off by rule 18.3, the boat that passed head to wind."""
    last_round: Seen | None = None
    """What was seen at the end of the last round: overlaps and zone entries are judged on the
    boats as they stand when every boat has played its turn (mid-round, the boat that has just
    moved is a move ahead of those still to play)."""

    def note(self, index: int, words: str) -> None:
        self.facts.append((index, words))

    def breach(self, boat: str, rule: str, against: str, index: int, why: str,
               exonerated: str = "") -> None:
        """Note a breach; the same boat breaking the same rule against the same boat again is
        the same incident, judged once."""
        if not any((b.boat, b.rule, b.against) == (boat, rule, against) for b in self.breaches):
            self.breaches.append(Breach(boat, rule, against, index, why, exonerated))


@dataclass
class Pending:
    cause: str
    """"15" (the other boat acquired right of way by her action), "16.1" (she changed course)
    or "" (a wind shift, a third boat)."""


def passed_head_to_wind(moment: Moment, name: str, before: Tack, after: Tack) -> bool:
    """The boat changed tack during her turn by turning through head to wind."""
    if moment.mover != name or before is after or moment.before is None:
        return False
    heading, visited = moment.before.heading, [moment.before.heading]
    moves = moment.option.moves if moment.option is not None else ()
    for move in moves:
        sense = 1 if move.rotation > 0 else -1
        for _step in range(abs(move.rotation)):
            heading = heading.rotate(sense)
            visited.append(heading)
    if isinstance(moment.event, Turn) and moment.event.spin is not None:
        sense = 1 if moment.event.spin else -1
        visited += [heading.rotate(sense), heading.rotate(2 * sense)]
    return moment.wind in visited


# ----- what is seen at a moment ---------------------------------------------------------------
def see(walk: Walk, moment: Moment, previous: Seen | None, tacks: dict[str, Tack],
        tacked: frozenset[str]) -> Seen:
    encounter, index = walk.encounter, moment.index
    marks = [m.at for m in encounter.marks]
    zones = {b.name: tuple(m for m in marks if rrs.in_zone(b.position, m)) for b in moment.boats}
    overlaps = frozenset(frozenset((a.name, b.name)) for a, b in pairs(moment.boats)
                         if rrs.overlapped(a, b) and _terms_apply(moment, tacks, zones, a, b))
    round_end = index == 0 or moment.mover == encounter.names[-1]
    for name in sorted(tacked):
        walk.note(index, _("{boat} passes head to wind: she tacks onto port tack", boat=name)
                  if tacks[name] is Tack.PORT else
                  _("{boat} passes head to wind: she tacks onto starboard tack", boat=name))
    for name, zone in zones.items():
        if zone and (previous is None or not previous.in_zone(name)):
            walk.note(index, _("{boat} is in the three-length zone of the mark at {mark}",
                               boat=name, mark=zone[0]) if previous is None else
                      _("{boat} reaches the three-length zone of the mark at {mark}",
                        boat=name, mark=zone[0]))
            if tacks[name] is Tack.STARBOARD:
                walk.starboard_since_zone.add(name)
        if tacks[name] is not Tack.STARBOARD or not zone:
            walk.starboard_since_zone.discard(name)
    restricted = _overlap_facts(walk, moment, tacks, overlaps) if round_end else \
        _still_restricted(moment, previous, tacks, overlaps)
    serving = frozenset(b.name for b in moment.boats if moment.umpire.moves_left(b.name) or (
        isinstance(moment.event, Turn) and moment.event.spin is not None and
        moment.event.boat == b.name))
    returning = _returning(walk, moment)
    seen = Seen(index, tuple(sorted(tacks.items())), overlaps, tuple(sorted(zones.items())),
                (), restricted, serving, returning, tacked)
    seen = Seen(index, seen.tacks, overlaps, seen.zones,
                _rooms(walk, moment, previous, seen, round_end), restricted, serving, returning,
                tacked)
    if round_end:
        walk.last_round = seen
    return seen


def pairs(boats: tuple[Boat, ...]) -> Iterator[tuple[Boat, Boat]]:
    for i, a in enumerate(boats):
        for b in boats[i + 1:]:
            yield a, b


def _on_a_beat(moment: Moment, a: Boat, b: Boat) -> bool:
    return rrs.close_hauled_or_above(a.heading, moment.wind) and \
        rrs.close_hauled_or_above(b.heading, moment.wind)


def _rule_18_applies(moment: Moment, tacks: dict[str, Tack],
                     zones: dict[str, tuple[Point, ...]], a: Boat, b: Boat) -> bool:
    """At least one of them in the zone, and not on opposite tacks on a beat (18.1)."""
    if not (zones[a.name] or zones[b.name]):
        return False
    return tacks[a.name] is tacks[b.name] or not _on_a_beat(moment, a, b)


def _terms_apply(moment: Moment, tacks: dict[str, Tack], zones: dict[str, tuple[Point, ...]],
                 a: Boat, b: Boat) -> bool:
    """Clear astern, clear ahead and overlap apply to boats on the same tack; on opposite
    tacks only when rule 18 applies or both sail more than ninety degrees from the wind."""
    if tacks[a.name] is tacks[b.name]:
        return True
    both_free = rrs.beyond_ninety(a.heading, moment.wind) and \
        rrs.beyond_ninety(b.heading, moment.wind)
    return both_free or _rule_18_applies(moment, tacks, zones, a, b)


def _overlap_facts(walk: Walk, moment: Moment, tacks: dict[str, Tack],
                   overlaps: frozenset[frozenset[str]]) -> tuple[tuple[str, str], ...]:
    """At the end of a round: note overlaps beginning and ending since the last round, and
    rule 17's restriction on a boat that became overlapped to leeward from clear astern."""
    index, last = moment.index, walk.last_round
    before = walk.moments[last.index] if last is not None else None
    kept = dict(last.restricted) if last is not None else {}
    for a, b in pairs(moment.boats):
        pair = frozenset((a.name, b.name))
        now, was = pair in overlaps, last is not None and pair in last.overlaps
        if now and not was:
            astern = _clear_astern_before(before, last, a.name, b.name)
            pair_names = {"a": a.name, "b": b.name, "astern": astern}
            if last is None:
                walk.note(index, _("{a} and {b} are overlapped from clear astern ({astern} was "
                                   "clear astern)", **pair_names) if astern else
                          _("{a} and {b} are overlapped", **pair_names))
            else:
                walk.note(index, _("{a} and {b} become overlapped from clear astern ({astern} "
                                   "was clear astern)", **pair_names) if astern else
                          _("{a} and {b} become overlapped", **pair_names))
            if astern and tacks[a.name] is tacks[b.name]:
                other = b.name if astern == a.name else a.name
                leeward = rrs.leeward_boat(moment.boat(astern), moment.boat(other),
                                           tacks[other], moment.wind)
                if leeward.name == astern and \
                        rrs.distance(a.position, b.position) <= rrs.NEAR + 1e-9:
                    kept[astern] = other
                    walk.note(index, _("{astern} became overlapped to leeward of {other} from "
                                       "clear astern within two hull lengths: she may not sail "
                                       "above her proper course (rule 17)", astern=astern,
                                       other=other))
        elif was and not now:
            walk.note(index, _("{a} and {b} are no longer overlapped", a=a.name, b=b.name))
    return _still_restricted(moment, None, tacks, overlaps, kept)


def _still_restricted(moment: Moment, previous: Seen | None, tacks: dict[str, Tack],
                      overlaps: frozenset[frozenset[str]], kept: dict[str, str] | None = None
                      ) -> tuple[tuple[str, str], ...]:
    """Rule 17 lasts while the boats stay on the same tack within two lengths and overlapped
    (checked at the end of each round, given with ``kept``)."""
    overlap_needed = kept is not None
    kept = kept if kept is not None else dict(previous.restricted if previous else ())
    restricted = []
    for leeward, windward in kept.items():
        near = rrs.distance(moment.boat(leeward).position,
                            moment.boat(windward).position) <= rrs.NEAR + 1e-9
        overlapped = frozenset((leeward, windward)) in overlaps or not overlap_needed
        if tacks[leeward] is tacks[windward] and near and overlapped:
            restricted.append((leeward, windward))
    return tuple(restricted)


def _clear_astern_before(before: Moment | None, last: Seen | None, a: str,
                         b: str) -> str | None:
    """The boat that was clear astern of the other at the end of the last round (on the same
    tack, where the terms apply)."""
    if before is None or last is None or last.tack(a) is not last.tack(b):
        return None
    boat_a, boat_b = before.boat(a), before.boat(b)
    if rrs.clear_astern(boat_a, boat_b):
        return a
    return b if rrs.clear_astern(boat_b, boat_a) else None


def _returning(walk: Walk, moment: Moment) -> frozenset[str]:
    """Rule 21.1: boats on the course side at the starting signal sailing back to start."""
    line = walk.encounter.line
    if line is None:
        return frozenset()
    (x1, row), (x2, _row) = line
    previous = walk.moments[moment.index - 1] if moment.index else None
    if previous is not None and previous.starting and not moment.starting:
        walk.ocs = {b.name for b in moment.boats
                    if b.position[1] >= row and min(x1, x2) <= b.position[0] <= max(x1, x2)}
        for name in sorted(walk.ocs):
            walk.note(moment.index, _("At the starting signal {boat} is on the course side of "
                                      "the starting line: she has not started and must return "
                                      "(definition Start)", boat=name))
    for boat in moment.boats:
        if boat.name in walk.ocs and boat.position[1] < row:
            walk.ocs.discard(boat.name)
            walk.note(moment.index, _("{boat} is back on the pre-start side", boat=boat.name))
    return frozenset(b.name for b in moment.boats
                     if b.name in walk.ocs and b.heading.vector[1] < 0)


def _rooms(walk: Walk, moment: Moment, previous: Seen | None, seen: Seen,
           round_end: bool) -> tuple[Room, ...]:
    """Rule 18.2(a): when the first of two boats reaches the zone (judged at the end of the
    round), the outside boat (if overlapped) or the boat that has not reached the zone (if not)
    owes the other mark-room, until that boat leaves the zone or passes head to wind; rule 18.3
    switches it off."""
    index, kept = moment.index, []
    for room in previous.rooms if previous is not None else ():
        if room.mark not in seen.in_zone(room.taker) or room.taker in seen.tacked or \
                frozenset((room.giver, room.taker)) in walk.switched_off:
            walk.note(index, _("{taker} is no longer entitled to mark-room from {giver}",
                               taker=room.taker, giver=room.giver))
            continue
        kept.append(room)
    tacks, zones, last = dict(seen.tacks), dict(seen.zones), walk.last_round
    for mark in walk.encounter.marks:
        _tacking_in_the_zone(walk, moment, seen, mark.at, mark.leave)
        if not round_end:
            continue
        for a, b in pairs(moment.boats):
            pair = frozenset((a.name, b.name))
            if any(frozenset((r.giver, r.taker)) == pair and r.mark == mark.at for r in kept) \
                    or pair in walk.switched_off:
                continue
            reached = [n for n in (a.name, b.name) if mark.at in seen.in_zone(n)]
            if not reached or not _rule_18_applies(moment, tacks, zones, a, b):
                continue
            if last is not None and any(mark.at in last.in_zone(n) for n in (a.name, b.name)):
                continue  # rule 18 began to apply earlier, when it did not (opposite tacks)
            kept.append(_room(moment, a, b, mark.at, reached, last is None))
            walk.note(index, kept[-1].why)
    return tuple(kept)


def _room(moment: Moment, a: Boat, b: Boat, mark: Point, reached: list[str],
          beginning: bool) -> Room:
    if rrs.overlapped(a, b):
        inside = rrs.nearer(a, b, mark)
        outside = b if inside is a else a
        return Room(outside.name, inside.name, mark, moment.index,
                    _("{inside} and {outside} are overlapped when the first of them reaches the "
                      "zone: {outside}, outside, owes {inside} mark-room (rule 18.2(a)(1))",
                      inside=inside.name, outside=outside.name))
    if len(reached) == 1:
        first = reached[0]
        other = b.name if first == a.name else a.name
        return Room(other, first, mark, moment.index,
                    _("{first} reaches the zone first, not overlapped with {other}: {other} "
                      "owes {first} mark-room (rule 18.2(a)(2))", first=first, other=other))
    ahead, astern = (a, b) if rrs.clear_astern(b, a) else (b, a)
    names = {"ahead": ahead.name, "astern": astern.name}
    return Room(astern.name, ahead.name, mark, moment.index,
                _("both boats are in the zone as the encounter begins, {ahead} clear ahead: "
                  "{astern} owes {ahead} mark-room (rule 18.2(a)(2))", **names) if beginning else
                _("both boats are in the zone by the end of the same round, {ahead} clear "
                  "ahead: {astern} owes {ahead} mark-room (rule 18.2(a)(2))", **names))


def _tacking_in_the_zone(walk: Walk, moment: Moment, seen: Seen, mark: Point,
                         leave: Side) -> None:
    """Rule 18.3: a boat passing head to wind from port to starboard in the zone of a mark to
    be left to port: rule 18.2 no longer applies between her and a boat on starboard fetching
    the mark."""
    tacker = moment.mover
    if leave is not Side.PORT or tacker is None or tacker not in seen.tacked or \
            seen.tack(tacker) is not Tack.STARBOARD or mark not in seen.in_zone(tacker):
        return
    for boat in moment.boats:
        if boat.name != tacker and seen.tack(boat.name) is Tack.STARBOARD and \
                rrs.fetching(boat, mark, moment.wind, leave_to_port=True):
            walk.switched_off.add(frozenset((tacker, boat.name)))
            walk.tackers[frozenset((tacker, boat.name))] = tacker
            walk.note(moment.index, _("{tacker} passed head to wind in the zone, and {boat} on "
                                      "starboard is fetching the mark: rule 18.2 does not apply "
                                      "between them (rule 18.3)", tacker=tacker,
                                      boat=boat.name))


