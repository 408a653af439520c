"""The RRS umpire: an encounter judged by the Racing Rules of Sailing 2025-2028 on the grid.

It walks the moments of an encounter as the engine played them (:mod:`sailing_kit.race.
encounter`) and keeps what a protest committee would find: each boat's tack, the overlaps (when
they began, and how), who reached the zone first and who owes whom mark-room (rule 18.2), the
restriction of rule 17, hails for room to tack (rule 20), penalties being taken (rule 21.2) and
boats returning to start (rule 21.1). With the grid model of :mod:`sailing_kit.race.rrs`:

- A boat *in the way* of another stands on the intersection the other sails to next. If the
  boat in the way was required to keep clear (rules 10-13, 21), she broke that rule — at once
  when her own turn left her there; when another event put her there (the right-of-way boat's
  change of course, a tack that gave her right of way, a wind shift), she has her next turn to
  get out of the way (rules 15 and 16.1: room to keep clear).
- If she had no way out (every end of her turn left her in the way), the boat that took her
  room broke the rule instead: a boat owing her mark-room (18.2) or room at an obstruction
  (19.2(b)), else the right-of-way boat whose action put her there (15 or 16.1); she is
  exonerated (43.1(b) or 43.1(a)). A boat sailing within the mark-room she is entitled to is
  exonerated for breaking a rule of Section A (43.1(b)).
- A right-of-way boat standing in the way of a boat she owes mark-room, by her own turn, breaks
  rule 18.2(a); a boat that passed head to wind in the zone and stands in the way of a boat
  fetching the mark on starboard breaks rule 18.3.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sailing_kit.core.grid import Point, chebyshev
from sailing_kit.core.i18n import N_, _
from sailing_kit.race import rrs
from sailing_kit.race.encounter import Moment, Shift, Timeline, Turn, turn_ends
from sailing_kit.race.rightofway import course_point
from sailing_kit.race.rrs_seen import Breach, Pending, Seen, Walk, passed_head_to_wind, see
from sailing_kit.race.sailing import Tack
from sailing_kit.race.wind import compass_name

PART_2_TURNS = 2
"""Turns of the penalty for breaking a rule of Part 2 (RRS 44.1: a Two-Turns Penalty)."""


@dataclass(frozen=True)
class Penalty:
    """A penalty ``boat`` took after her breach at ``breach``: ``turns`` full turns, begun at
    moment ``began``; ``prompt``: begun at her first turn that found her well clear."""

    boat: str
    breach: int
    began: int
    turns: int
    prompt: bool


@dataclass(frozen=True)
class RrsRecord:
    """An encounter judged by the RRS: what was seen at each moment, the facts in order, the
    breaches and the penalties taken."""

    timeline: Timeline
    seen: tuple[Seen, ...]
    facts: tuple[tuple[int, str], ...]
    breaches: tuple[Breach, ...]
    penalties: tuple[Penalty, ...]

    def keep_clear(self, index: int, a: str, b: str) -> tuple[str, str]:
        """(the boat that must keep clear, the rule) between ``a`` and ``b`` at moment
        ``index``."""
        return relation(self.timeline.moments[index], self.seen[index], a, b)

    @property
    def penalised(self) -> tuple[str, ...]:
        """The boats a protest committee penalises: a breach not exonerated, and no adequate
        penalty taken for it (:meth:`settled`)."""
        found: list[str] = []
        for breach in self.breaches:
            if not breach.exonerated and not self.settled(breach) and breach.boat not in found:
                found.append(breach.boat)
        return tuple(found)

    def penalty_for(self, breach: Breach) -> Penalty | None:
        return next((p for p in self.penalties if p.boat == breach.boat and
                     p.breach == breach.moment), None)

    def settled(self, breach: Breach) -> bool:
        """The boat took the penalty rule 44 asks for, promptly."""
        penalty = self.penalty_for(breach)
        return penalty is not None and penalty.prompt and penalty.turns >= PART_2_TURNS


def relation(moment: Moment, seen: Seen, a: str, b: str) -> tuple[str, str]:
    """Who must keep clear between ``a`` and ``b``, and by which rule: a boat taking a penalty
    (21.2) or sailing back to start (21.1) keeps clear of one that is not; then rule 10
    (opposite tacks: port), 11 (same tack, overlapped: windward) or 12 (same tack, not
    overlapped: clear astern)."""
    for x, y in ((a, b), (b, a)):
        if x in seen.serving and y not in seen.serving:
            return x, "21.2"
    for x, y in ((a, b), (b, a)):
        if x in seen.returning and y not in seen.returning:
            return x, "21.1"
    tack_a, tack_b = seen.tack(a), seen.tack(b)
    if tack_a is not tack_b:
        return (a if tack_a is Tack.PORT else b), "10"
    boat_a, boat_b = moment.boat(a), moment.boat(b)
    if seen.overlapped(a, b):
        leeward = rrs.leeward_boat(boat_a, boat_b, tack_a, moment.wind)
        return (b if leeward is boat_a else a), "11"
    return (a if rrs.clear_astern(boat_a, boat_b) else b), "12"


def judge(timeline: Timeline) -> RrsRecord:
    """The encounter judged by the RRS (see the module's docstring)."""
    walk = Walk(timeline.encounter, timeline.moments)
    first = timeline.moments[0]
    runs = dict(timeline.encounter.runs)
    tacks = {b.name: rrs.first_tack(b.heading, first.wind, runs.get(b.name)) for b in first.boats}
    walk.seen.append(see(walk, first, None, tacks, frozenset()))
    for moment in timeline.moments[1:]:
        previous = walk.seen[-1]
        tacks = {b.name: rrs.rrs_tack(b.heading, moment.wind, previous.tack(b.name))
                 for b in moment.boats}
        tacked = frozenset(b.name for b in moment.boats
                           if passed_head_to_wind(moment, b.name, previous.tack(b.name),
                                                   tacks[b.name]))
        walk.seen.append(see(walk, moment, previous, tacks, tacked))
        _hails(walk, moment)
        _ways(walk, moment)
        _proper_course(walk, moment)
    return RrsRecord(timeline, tuple(walk.seen), tuple(walk.facts), tuple(walk.breaches),
                     tuple(_penalties(walk)))


# ----- hails for room to tack (rule 20) -------------------------------------------------------
def _hails(walk: Walk, moment: Moment) -> None:
    event, seen = moment.event, walk.seen[-1]
    if not isinstance(event, Turn):
        return
    name = event.boat
    for hailer, (since, hailed) in list(walk.hails.items()):
        if name in hailed and since < moment.index:
            if name in seen.tacked:
                walk.note(moment.index, _("{boat} responds to {hailer}'s hail by tacking",
                                          boat=name, hailer=hailer))
            elif event.reply:
                walk.replied[name] = hailer
                walk.note(moment.index, _("{boat} replies 'You tack' to {hailer}", boat=name,
                                          hailer=hailer))
            else:
                walk.breach(name, "20.2(c)", hailer, moment.index,
                            _("{boat} did not respond to {hailer}'s hail for room to tack",
                              boat=name, hailer=hailer))
            walk.hails[hailer] = (since, hailed - {name})
        if name == hailer and since < moment.index and not walk.hails[hailer][1]:
            del walk.hails[hailer]
            if name not in seen.tacked:
                walk.breach(name, "20.2(d)", name, moment.index,
                            _("{boat} hailed for room to tack but did not tack as soon as "
                              "possible", boat=name))
    if event.hail:
        _hail(walk, moment, name)


def _hail(walk: Walk, moment: Moment, name: str) -> None:
    boat, seen = moment.boat(name), walk.seen[-1]
    ahead = rrs.unit(boat.heading)
    near = [o for o in walk.encounter.obstructions
            if rrs.distance(boat.position, o) <= rrs.NEAR + 1e-9 and
            (o[0] - boat.position[0]) * ahead[0] + (o[1] - boat.position[1]) * ahead[1] > 0]
    hailed = frozenset(b.name for b in moment.boats if b.name != name and
                       seen.tack(b.name) is seen.tack(name) and
                       chebyshev(b.position, boat.position) <= rrs.NEAR and
                       not rrs.on_leeward_side(b, boat, seen.tack(name), moment.wind))
    walk.note(moment.index, _("{boat} hails for room to tack", boat=name))
    if not near or not rrs.close_hauled_or_above(boat.heading, moment.wind):
        walk.breach(name, "20.1", ", ".join(sorted(hailed)) or name, moment.index,
                    _("{boat} hailed for room to tack without approaching an obstruction "
                      "close-hauled", boat=name))
    walk.hails[name] = (moment.index, hailed)


# ----- boats in each other's way ---------------------------------------------------------------
def _ways(walk: Walk, moment: Moment) -> None:
    seen, mover = walk.seen[-1], moment.mover
    ways = {(k.name, r.name) for r in moment.boats for k in moment.boats
            if k is not r and course_point(r, moment.wind) == k.position}
    for (keeper, other), pending in list(walk.pending.items()):
        if keeper == mover:
            del walk.pending[(keeper, other)]
            if (keeper, other) in ways and relation(moment, seen, keeper, other)[0] == keeper:
                _resolve(walk, moment, keeper, other, pending.cause)
                ways.discard((keeper, other))
    for k, r in sorted(ways):
        if _switched(walk, k, r) and walk.tackers.get(frozenset((k, r))) == k:
            walk.breach(k, "18.3", r, moment.index, _(
                "{tacker} passed head to wind in the zone and {other}, fetching the mark on "
                "starboard since entering the zone, could not hold her course to it: she would "
                "have to sail above close-hauled to avoid her", tacker=k, other=r))
            continue
        keeper, _rule = relation(moment, seen, k, r)
        if keeper == k and mover == k:
            _resolve(walk, moment, k, r, "")
        elif keeper == k and (k, r) not in walk.pending:
            walk.pending[(k, r)] = Pending(_cause(walk, moment, k, r))
            walk.note(moment.index, _("{keeper} is on the point {other} sails to next: she "
                                      "must keep clear of {other} on her next turn", keeper=k,
                                      other=r))
        elif keeper == r and mover == k:
            _room_taken(walk, moment, k, r)


def _cause(walk: Walk, moment: Moment, keeper: str, other: str) -> str:
    """How ``other`` came to have the keeper in her way with right of way: "15" if she
    acquired right of way by her own action or by a wind shift (not by the keeper's action),
    "16.1" if she changed course, else ""."""
    shifted = isinstance(moment.event, Shift)
    if not shifted and (moment.mover != other or moment.before is None):
        return ""
    before = walk.moments[moment.index - 1]
    if relation(before, walk.seen[-2], keeper, other)[0] != keeper:
        return "15"
    if shifted or moment.before is None:
        return ""
    return "16.1" if moment.before.heading != moment.boat(other).heading else ""


def _resolve(walk: Walk, moment: Moment, keeper: str, other: str, cause: str) -> None:
    """``keeper`` ends her turn in ``other``'s way: who broke which rule?"""
    seen, index = walk.seen[-1], moment.index
    rule = "13" if keeper in seen.tacked else relation(moment, seen, keeper, other)[1]
    words = _rule_words(rule, keeper, other)
    giver = _owing_room(walk, moment, keeper)
    if not _had_a_way_out(walk, moment, keeper, other):
        rule_g = "18.2(a)"
        if giver is None:
            rule_g = "19.2(b)"
            giver = _obstruction_giver(walk, moment, keeper)
        if giver is not None:
            walk.breach(giver, rule_g, keeper, index, _(
                "{giver} did not give {keeper} the mark-room she was entitled to: she had no "
                "way to keep clear", giver=giver, keeper=keeper) if rule_g == "18.2(a)" else _(
                "{giver} did not give {keeper} the room between her and the obstruction she "
                "was entitled to: she had no way to keep clear", giver=giver, keeper=keeper))
            walk.breach(keeper, rule, other, index, words, exonerated="43.1(b)")
        elif cause:
            walk.breach(other, cause, keeper, index, _(
                "{other} acquired right of way without giving {keeper} room to keep clear: "
                "every turn left her in the way", other=other, keeper=keeper) if cause == "15"
                else _("{other} changed course without giving {keeper} room to keep clear: "
                       "every turn left her in the way", other=other, keeper=keeper))
            walk.breach(keeper, rule, other, index, words, exonerated="43.1(a)")
        else:
            walk.breach(keeper, rule, other, index, words)
        return
    room = seen.room(other, keeper)
    if room is not None and _within_room(moment, keeper, room.mark):
        walk.breach(keeper, rule, other, index, words, exonerated="43.1(b)")
    else:
        walk.breach(keeper, rule, other, index, words)


def _obstruction_giver(walk: Walk, moment: Moment, name: str) -> str | None:
    """Rule 19.2(b): a boat overlapped outside ``name`` at an obstruction (within two lengths
    of her, the outside boat farther from it) owes her room between her and the obstruction."""
    seen, boat = walk.seen[-1], moment.boat(name)
    for obstruction in walk.encounter.obstructions:
        near = rrs.distance(boat.position, obstruction)
        if near > rrs.NEAR + 1e-9:
            continue
        for other in moment.boats:
            if other.name != name and seen.overlapped(name, other.name) and \
                    rrs.distance(other.position, obstruction) > near:
                return other.name
    return None


KEEPING_CLEAR = {"10": N_("on port tack"), "11": N_("to windward, overlapped on the same tack"),
                 "12": N_("clear astern on the same tack"), "13": N_("tacking"),
                 "21.1": N_("sailing back to start"), "21.2": N_("taking a penalty")}
"""Why a boat had to keep clear, by the rule (shown as ``_(KEEPING_CLEAR[rule])``)."""


def _rule_words(rule: str, keeper: str, other: str) -> str:
    return _("{keeper}, {why}, did not keep clear of {other}: {other} could not sail on "
             "without changing course", keeper=keeper, why=_(KEEPING_CLEAR[rule]), other=other)


def _switched(walk: Walk, tacker: str, other: str) -> bool:
    return frozenset((tacker, other)) in walk.switched_off and \
        other in walk.starboard_since_zone


def _owing_room(walk: Walk, moment: Moment, name: str) -> str | None:
    seen = walk.seen[-1]
    return next((r.giver for r in seen.rooms if r.taker == name and
                 _within_room(moment, name, r.mark)), None)


def _within_room(moment: Moment, name: str, mark: Point) -> bool:
    """Sailing within mark-room: in the zone, her turn brought her no farther from the mark."""
    boat = moment.boat(name)
    start = moment.before.position if moment.mover == name and moment.before else boat.position
    return rrs.in_zone(boat.position, mark) and \
        rrs.distance(boat.position, mark) <= rrs.distance(start, mark) + 1e-9


def _had_a_way_out(walk: Walk, moment: Moment, keeper: str, other: str) -> bool:
    """Some end of ``keeper``'s turn would have left ``other``'s way free."""
    before = walk.moments[moment.index - 1]
    if keeper in before.becalmed or before.umpire.moves_left(keeper):
        return False
    blocked = course_point(moment.boat(other), moment.wind)
    return any(end.position != blocked
               for end in turn_ends(walk.encounter, before, before.boat(keeper)))


def _room_taken(walk: Walk, moment: Moment, boat: str, entitled: str) -> None:
    """``boat``, with right of way, ended her turn in the way of a boat she owes mark-room,
    sailing to the mark: she did not give mark-room (rule 18.2(a))."""
    room = walk.seen[-1].room(boat, entitled)
    if room is None:
        return
    heading_for = course_point(moment.boat(entitled), moment.wind)
    here = moment.boat(entitled).position
    if heading_for is not None and rrs.distance(heading_for, room.mark) <= \
            rrs.distance(here, room.mark):
        walk.breach(boat, "18.2(a)", entitled, moment.index,
                    _("{boat} stood in the way of {entitled}, sailing to the mark, to which "
                      "she owed mark-room", boat=boat, entitled=entitled))


def _proper_course(walk: Walk, moment: Moment) -> None:
    """Rule 17: a leeward boat restricted to her proper course luffs above it. Before her
    starting signal a boat has no proper course (definition Proper Course), so none then."""
    mover, previous = moment.mover, walk.seen[-2]
    restricted = dict(previous.restricted)
    before = walk.moments[moment.index - 1]
    if mover not in restricted or moment.before is None or not walk.encounter.marks or \
            before.starting:
        return
    boat, wind = moment.boat(mover), moment.wind
    proper = rrs.proper_heading(moment.before, walk.encounter.marks[0].at, wind)
    if rrs.above(boat.heading, moment.before.heading, wind) and \
            rrs.above(boat.heading, proper, wind):
        walk.breach(mover, "17", restricted[mover], moment.index,
                    _("{boat} sailed above her proper course (heading {heading}, straight for "
                      "the mark) while overlapped to leeward of {other}, having become "
                      "overlapped from clear astern within two hull lengths", boat=mover,
                      heading=compass_name(proper), other=restricted[mover]))


# ----- penalties (rule 44) ----------------------------------------------------------------------
def _penalties(walk: Walk) -> Iterator[Penalty]:
    """For each breach not exonerated, the turns its boat made afterwards, and whether she began
    them at her first turn well clear of the other boats (44.2: 'as soon after the incident as
    possible')."""
    for breach in walk.breaches:
        if breach.exonerated:
            continue
        spins, began, chance = 0, None, None
        for moment in walk.moments[breach.moment + 1:]:
            event = moment.event
            if not isinstance(event, Turn) or event.boat != breach.boat:
                continue
            before = walk.moments[moment.index - 1]
            clear = all(chebyshev(b.position, before.boat(breach.boat).position) >=
                        rrs.WELL_CLEAR for b in before.boats if b.name != breach.boat)
            if chance is None and clear:
                chance = moment.index
            if event.spin is not None:
                began = moment.index if began is None else began
                spins += 1
            elif began is not None:
                break
        if began is not None:
            yield Penalty(breach.boat, breach.moment, began, spins // 4, began == chance)
