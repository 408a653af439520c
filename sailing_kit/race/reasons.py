""""Why?" as a choice of facts: statements about the situation, each true or not, one deciding.

:func:`reasons` offers, for the quiz's current question, the fact that decides the answer
beside facts about other rules (some true, some not), all computed from the same moment the
question is asked or from the umpires' findings; :func:`decisive_rule` names the rule the
answer turns on (the quiz's summary links a missed rule to a situation that teaches it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sailing_kit.core.i18n import N_, Text, _
from sailing_kit.race import rrs
from sailing_kit.race.encounter import Moment, Question, umpire_called
from sailing_kit.race.rightofway import (
    Rule,
    engaged_from_astern,
    in_zone,
    leeward_depth,
)
from sailing_kit.race.rrs_seen import Seen
from sailing_kit.race.sailing import PointOfSail, Tack, point_of_sail, tack
from sailing_kit.race.verdicts import NO_ONE, Rules, Verdicts

CHOICES = 4
"""How many facts the "why" step offers."""


@dataclass(frozen=True)
class Reason:
    """A fact offered as the reason: its words, whether it is true, whether it decides."""

    text: str
    true: bool
    decides: bool

    @property
    def feedback(self) -> str:
        if self.decides:
            return _("Yes: {fact}.", fact=self.text)
        if self.true:
            return _("True ({fact}), but that is not what decides it here.", fact=self.text)
        return _("That is not so: it is not true that {fact}.", fact=_lower(self.text))


def _lower(text: str) -> Text:
    """``text`` with a small first letter (not a boat's name), its English too."""
    def small(words: str) -> str:
        return words[:1].lower() + words[1:] if not words[:2].isupper() else words
    return Text(small(text), small(getattr(text, "english", text)))


def decisive_rule(found: Verdicts, rules: Rules) -> str:
    """The rule the question's answer turns on, under ``rules``."""
    verdict, question = found.of(rules), found.encounter.ask.question
    if question is Question.KEEP_CLEAR:
        return verdict.rule
    if question is Question.MARK_ROOM:
        if rules is Rules.RRS:
            return "18.2(a)" if verdict.mark_room != NO_ONE else "18.1"
        return verdict.rule if verdict.mark_room != NO_ONE else "zone"
    if rules is Rules.RRS:
        breaches = found.record.breaches
        first = next((b for b in breaches if not b.exonerated), None)
        if first is not None:
            return first.rule
        exonerated = next((b for b in breaches if b.exonerated), None)
        return exonerated.exonerated if exonerated else verdict.rule
    fouls = [f for m in found.timeline.moments for f in m.fouls]
    if not fouls:
        return verdict.rule
    return verdict.broke[0].split()[1]


RULE_NAMES: dict[Rules, dict[str, str]] = {
    Rules.RRS: {
        "10": N_("rule 10 (port keeps clear of starboard)"),
        "11": N_("rule 11 (windward keeps clear of leeward)"),
        "12": N_("rule 12 (clear astern keeps clear of clear ahead)"),
        "13": N_("rule 13 (a boat tacking keeps clear)"),
        "15": N_("rule 15 (room to keep clear after acquiring right of way)"),
        "16.1": N_("rule 16.1 (room to keep clear when changing course)"),
        "17": N_("rule 17 (proper course after an overlap from astern)"),
        "18.1": N_("rule 18.1 (when rule 18 applies)"),
        "18.2(a)": N_("rule 18.2(a) (mark-room)"),
        "18.3": N_("rule 18.3 (tacking in the zone)"),
        "19.2(b)": N_("rule 19.2(b) (room at an obstruction)"),
        "20.1": N_("rule 20.1 (when to hail for room to tack)"),
        "20.2(c)": N_("rule 20.2(c) (responding to a hail)"),
        "20.2(d)": N_("rule 20.2(d) (the hailing boat tacks)"),
        "21.1": N_("rule 21.1 (a boat returning to start keeps clear)"),
        "21.2": N_("rule 21.2 (a boat taking a penalty keeps clear)"),
        "43.1(a)": N_("rule 43.1(a) (exoneration when compelled)"),
        "43.1(b)": N_("rule 43.1(b) (exoneration within room or mark-room)"),
    },
    Rules.RACE: {
        "starboard": N_("§3.4 starboard over port"),
        "head_to_wind": N_("§3.4 head to wind keeps clear"),
        "leeward": N_("§3.4 leeward over windward"),
        "faster": N_("§3.4 the faster point of sail"),
        "turn_order": N_("§3.4 the first to arrive"),
        "inside": N_("§3.6 the inside boat in the zone"),
        "astern_in_zone": N_("§3.6 engaged from astern in the zone"),
        "zone": N_("§3.6 when the zone does not decide"), "start": N_("§3.1 the start procedure"),
    },
}


def rule_name(rules: Rules, rule: str) -> str:
    """The rule's number and name in words, in the language spoken now."""
    name = RULE_NAMES[rules].get(rule)
    return _(name) if name else rule


def reasons(found: Verdicts, rules: Rules, pair: tuple[str, str], seed: int = 0
            ) -> tuple[Reason, ...]:
    """The facts offered for "why", in a seeded order: the deciding one and up to three more."""
    question = found.encounter.ask.question
    if question is Question.PENALISED:
        found_reasons = _penalty_reasons(found, rules)
    else:
        found_reasons = _position_reasons(found, rules, pair, question)
    deciding = [r for r in found_reasons if r.decides][:1]
    others = [r for r in found_reasons if not r.decides and r.text not in
              {d.text for d in deciding}]
    rng = random.Random(f"{found.encounter.id}:{seed}")
    rng.shuffle(others)
    chosen = deciding + others[:CHOICES - len(deciding)]
    rng.shuffle(chosen)
    return tuple(chosen)


# ----- keep clear and mark-room ------------------------------------------------------------------
def _position_reasons(found: Verdicts, rules: Rules, pair: tuple[str, str],
                      question: Question) -> list[Reason]:
    moment = found.timeline.moments[found.encounter.ask.after]
    seen = found.record.seen[found.encounter.ask.after]
    verdict = found.of(rules)
    a, b = pair
    if question is Question.KEEP_CLEAR:
        keeper = verdict.keep_clear
        other = b if keeper == a else a
        bank = _rrs_bank(moment, seen, keeper, other) if rules is Rules.RRS else \
            _game_bank(found, moment, keeper, other)
        return [Reason(text, true, true and rule == verdict.rule) for rule, text, true in bank]
    taker = verdict.mark_room if verdict.mark_room != NO_ONE else a
    giver = b if taker == a else a
    decisive = decisive_rule(found, rules)
    bank = _rrs_room_bank(found, seen, taker, giver) if rules is Rules.RRS else \
        _game_room_bank(found, moment, taker, giver)
    return [Reason(text, true, true and rule == decisive) for rule, text, true in bank]


def _rrs_bank(moment: Moment, seen: Seen, keeper: str, other: str
              ) -> list[tuple[str, str, bool]]:
    k, o = moment.boat(keeper), moment.boat(other)
    same = seen.tack(keeper) is seen.tack(other)
    overlapped = seen.overlapped(keeper, other)
    leeward = rrs.leeward_boat(k, o, seen.tack(keeper), moment.wind).name if same else None
    return [
        ("10", _("{keeper} is on port tack and {other} on starboard tack", keeper=keeper,
                 other=other),
         seen.tack(keeper) is Tack.PORT and seen.tack(other) is Tack.STARBOARD),
        ("11", _("{a} and {b} are overlapped on the same tack, {a} to windward", a=keeper,
                 b=other),
         same and overlapped and leeward == other),
        ("12", _("{keeper} is clear astern of {other} on the same tack", keeper=keeper,
                 other=other),
         same and rrs.clear_astern(k, o)),
        ("11", _("{a} and {b} are overlapped on the same tack, {a} to windward", a=other,
                 b=keeper),
         same and overlapped and leeward == keeper),
        ("21.2", _("{keeper} is taking a penalty", keeper=keeper), keeper in seen.serving),
        ("21.1", _("{keeper} is sailing back to start after being over the line",
                   keeper=keeper),
         keeper in seen.returning),
    ]


def _game_bank(found: Verdicts, moment: Moment, keeper: str, other: str
               ) -> list[tuple[str, str, bool]]:
    k, o = moment.boat(keeper), moment.boat(other)
    wind = moment.wind
    same = tack(k.heading, wind) is tack(o.heading, wind)
    deeper = leeward_depth(o.position, wind) > leeward_depth(k.position, wind)
    level = leeward_depth(o.position, wind) == leeward_depth(k.position, wind)
    faster = point_of_sail(o.heading, wind).speed > point_of_sail(k.heading, wind).speed
    marks = [m.at for m in found.encounter.marks]
    inside = any(in_zone(o.position, m) or in_zone(k.position, m) for m in marks) and \
        not moment.starting
    return [
        ("starboard", _("{other} is on starboard tack and {keeper} on port tack", other=other,
                        keeper=keeper),
         tack(o.heading, wind) is Tack.STARBOARD and tack(k.heading, wind) is Tack.PORT),
        ("head_to_wind", _("{keeper} is head to wind", keeper=keeper),
         point_of_sail(k.heading, wind) is PointOfSail.HEAD_TO_WIND),
        ("leeward", _("{other} is further to leeward than {keeper}, on the same tack",
                      other=other, keeper=keeper),
         same and deeper),
        ("faster", _("{other} sails a faster point of sail on the same wind line and tack",
                     other=other),
         same and level and faster),
        ("turn_order", _("{other} got there first, all else being equal", other=other),
         same and level and not faster and
         point_of_sail(o.heading, wind).speed == point_of_sail(k.heading, wind).speed),
        ("inside", _("{boat} is nearer the mark, inside the zone of the 2 lengths", boat=other),
         inside),
        ("astern_in_zone", _("{a} engaged {b} from astern inside the zone", a=other, b=keeper),
         inside and engaged_from_astern(k, o, wind)),
    ]


def _rrs_room_bank(found: Verdicts, seen: Seen, taker: str, giver: str
                   ) -> list[tuple[str, str, bool]]:
    room = seen.room(giver, taker)
    how = getattr(room.why, "english", room.why) if room else ""
    in_zone_now = bool(seen.in_zone(taker) or seen.in_zone(giver))
    return [
        ("18.2(a)", _("{taker} was overlapped inside {giver} when the first of them reached "
                      "the zone", taker=taker, giver=giver), "(1)" in how),
        ("18.2(a)", _("{taker} reached the zone first, not overlapped with {giver}",
                      taker=taker, giver=giver),
         "(2)" in how),
        ("18.1", _("{taker} and {giver} are on opposite tacks on a beat to windward, where "
                   "rule 18 does not apply", taker=taker, giver=giver),
         in_zone_now and room is None),
        ("18.1", _("neither boat is in the three-length zone"), not in_zone_now),
    ]


def _game_room_bank(found: Verdicts, moment: Moment, taker: str, giver: str
                    ) -> list[tuple[str, str, bool]]:
    t, g = moment.boat(taker), moment.boat(giver)
    marks = [m.at for m in found.encounter.marks]
    zone = any(in_zone(t.position, m) or in_zone(g.position, m) for m in marks) and \
        not moment.starting
    decided = found.race.mark_room != NO_ONE
    rule = found.race.rule
    return [
        ("inside", _("{boat} is nearer the mark, inside the zone of the 2 lengths", boat=taker),
         decided and rule == Rule.INSIDE.value),
        ("astern_in_zone", _("{a} engaged {b} from astern inside the zone", a=taker, b=giver),
         decided and rule == Rule.ASTERN_IN_ZONE.value),
        ("zone", _("the zone of the 2 lengths does not decide between them (neither boat is in "
                   "it, they are equally near the mark, or it is the start)"),
         not zone or not decided),
        ("starboard", _("{boat} is on starboard tack", boat=taker),
         tack(t.heading, moment.wind) is Tack.STARBOARD),
    ]


# ----- who is penalised -------------------------------------------------------------------------
def _penalty_reasons(found: Verdicts, rules: Rules) -> list[Reason]:
    decisive = decisive_rule(found, rules)
    names = found.encounter.names
    mirror: Callable[[str], str] = lambda text: _swap(text, names[0], names[1])  # noqa: E731
    if rules is Rules.RRS:
        said = [(b.rule if not b.exonerated else b.exonerated,
                 _("{why} (she is exonerated by rule {rule})", why=b.why, rule=b.exonerated)
                 if b.exonerated else b.why)
                for b in found.record.breaches]
    else:
        said = [(b.split()[1], m_said.split(": ", 1)[-1]) for b, m_said in zip(
            found.race.broke, (w for m in found.timeline.moments for w in m.said
                               if umpire_called(w)), strict=False)]
    bank = [Reason(text, True, rule == decisive and i == 0) for i, (rule, text) in
            enumerate(said)]
    bank += [Reason(mirror(text), False, False) for _, text in said if mirror(text) != text]
    clean = not said
    bank.append(Reason(_("No boat broke a rule"), clean, clean))
    bank.append(Reason(_("The boats touched"), False, False))
    return bank


def _swap(text: str, a: str, b: str) -> str:
    """``text`` with the boat names ``a`` and ``b`` swapped (whole words only)."""
    words = text.split(" ")
    swapped = {a: b, b: a}
    out = []
    for word in words:
        core = word.rstrip(",.:;)")
        tail = word[len(core):]
        out.append(swapped.get(core, core) + tail)
    return " ".join(out)
