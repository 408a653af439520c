"""Answers as a protest committee writes them: facts found, rules that apply, decision.

:func:`answers` turns an encounter's :class:`~sailing_kit.race.verdicts.Verdicts` into two
:class:`Answer`s, one under this game's rules and one under the Racing Rules of Sailing; every
sentence comes from what the umpires computed (the moments played, the RRS record, the game
umpire's incidents), none is typed for a particular situation. The RRS rules are summed up in
the kit's own words (docs/rules-rrs.md lists them with what was checked against the 2025-2028
text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sailing_kit.core.grid import chebyshev
from sailing_kit.core.i18n import N_, Text, _, n_
from sailing_kit.race.encounter import Moment, Question, Timeline, Turn, umpire_called
from sailing_kit.race.engagement import Infringement
from sailing_kit.race.rightofway import ZONE_RADIUS, Rule
from sailing_kit.race.rrs_umpire import PART_2_TURNS, RrsRecord
from sailing_kit.race.sailing import point_of_sail, tack
from sailing_kit.race.situation import tack_words
from sailing_kit.race.start import StartFoul
from sailing_kit.race.verdicts import NO_ONE, Rules, Verdicts
from sailing_kit.race.wind import compass_name

RRS_RULES = {
    "10": N_("RRS 10, on opposite tacks: a port-tack boat keeps clear of a starboard-tack boat"),
    "11": N_("RRS 11, on the same tack, overlapped: a windward boat keeps clear of a leeward boat"),
    "12": N_("RRS 12, on the same tack, not overlapped: a boat clear astern keeps clear of a boat "
          "clear ahead"),
    "13": N_("RRS 13, while tacking: after passing head to wind a boat keeps clear of others until "
          "she is on a close-hauled course"),
    "14": N_("RRS 14, avoiding contact: every boat avoids contact if reasonably possible"),
    "15": N_("RRS 15, acquiring right of way: a boat that acquires right of way initially gives the "
          "other room to keep clear, unless she acquired it because of the other's actions"),
    "16.1": N_("RRS 16.1, changing course: a right-of-way boat changing course gives the other "
            "boat room to keep clear"),
    "17": N_("RRS 17, proper course: a boat that became overlapped to leeward from clear astern "
          "within two hull lengths may not sail above her proper course while that lasts"),
    "18.1": N_("RRS 18.1: rule 18 applies when at least one boat is in the zone, but not between "
            "boats on opposite tacks on a beat to windward"),
    "18.2(a)": N_("RRS 18.2(a): when the first of two boats reaches the zone, the outside boat (if "
               "overlapped) or the boat that has not reached the zone (if not) gives the other "
               "mark-room, and goes on doing so"),
    "18.3": N_("RRS 18.3, tacking in the zone: a boat passing head to wind from port to starboard "
            "in the zone of a mark left to port does not make a boat that has been on starboard "
            "since entering the zone, fetching the mark, sail above close-hauled"),
    "19.2(b)": N_("RRS 19.2(b): at an obstruction the outside overlapped boat gives the inside boat "
               "room between her and the obstruction"),
    "20.1": N_("RRS 20.1: a boat may hail for room to tack only when, close-hauled or above, she "
            "approaches an obstruction she must soon change course for"),
    "20.2(c)": N_("RRS 20.2(c): a hailed boat responds by tacking as soon as possible, or by "
               "replying 'You tack' and then giving room"),
    "20.2(d)": N_("RRS 20.2(d): once the hailed boat responds, the hailing boat tacks as soon as "
               "possible"),
    "21.1": N_("RRS 21.1: a boat sailing back to the pre-start side to start keeps clear of boats "
            "that are not"),
    "21.2": N_("RRS 21.2: a boat taking a penalty keeps clear of one that is not"),
    "43.1(a)": N_("RRS 43.1(a): a boat compelled to break a rule by another boat's breach is "
               "exonerated"),
    "43.1(b)": N_("RRS 43.1(b): a boat sailing within the room or mark-room she is entitled to is "
               "exonerated for breaking a rule of Section A, 15 or 16"),
    "44": N_("RRS 44.1 and 44.2: the penalty for breaking a rule of Part 2 is a Two-Turns Penalty, "
          "each turn with one tack and one gybe, taken as soon as possible after getting well "
          "clear"),
    "start": N_("Section C preamble and definition Start: no room at a starting mark while boats "
             "approach it to start; a boat on the course side at her starting signal has not "
             "started"),
}
"""The rules the RRS umpire applies, in the kit's words (docs/rules-rrs.md cites each), shown
as ``_(RRS_RULES[rule])``."""


KEEP_CLEAR_RULES = frozenset({"10", "11", "12", "13", "15", "16.1", "18.2(a)", "18.3",
                              "19.2(b)", "21.1", "21.2"})
"""The rules broken by a boat in another's way: rule 14 (avoiding contact) is cited beside them."""


@dataclass(frozen=True)
class Answer:
    """A protest committee's answer under one rulebook."""

    rules: Rules
    facts: tuple[str, ...]
    apply: tuple[str, ...]
    decision: str

    def text(self) -> str:
        return "\n".join([_("{under}:", under=self.rules.under), _("Facts found:"),
                          *(f"  {i}. {f}" for i, f in enumerate(self.facts, 1)),
                          _("Rules that apply:"), *(f"  - {r}" for r in self.apply),
                          _("Decision: {decision}", decision=self.decision)])


def answers(found: Verdicts) -> tuple[Answer, Answer]:
    """The game's and the RRS's answers on one encounter."""
    return _game_answer(found), _rrs_answer(found)


def moment_words(index: int) -> str:
    return _("as the situation begins") if index == 0 else _("at event {index}", index=index)


def _when(index: int, words: str) -> str:
    """A fact found at moment ``index``: "At event 2: ..."."""
    return _("{when}: {fact}", when=_capital(moment_words(index)), fact=words)


def _capital(text: str) -> Text:
    """``text`` with a capital first letter, its English too."""
    return Text(text.capitalize(), getattr(text, "english", text).capitalize())


def _joined(separator: str, texts: Sequence[str]) -> Text:
    """``texts`` joined, their English joined the same way."""
    return Text(separator.join(texts),
                separator.join(getattr(text, "english", text) for text in texts))


def _boats_line(moment: Moment, tacks: dict[str, str]) -> str:
    parts = [_("{boat} heading {heading} ({sailing}, {tack})", boat=boat.name,
               heading=compass_name(boat.heading), sailing=_(point_of_sail(boat.heading,
                                                                   moment.wind).label),
               tack=tacks[boat.name]) for boat in moment.boats]
    return _("Wind from {wind}. {boats}.", wind=compass_name(moment.wind), boats=_joined("; ", parts))


# ----- the RRS -----------------------------------------------------------------------------------
def _rrs_answer(found: Verdicts) -> Answer:
    record, timeline = found.record, found.timeline
    asked = found.encounter.ask.after
    seen = record.seen[asked]
    tacks = {name: tack_words(side) for name, side in seen.tacks}
    facts = [_when(asked, _boats_line(timeline.moments[asked], tacks))]
    facts += [_("{when}, {fact}.", when=_capital(moment_words(i)), fact=words)
              for i, words in record.facts]
    facts += _rrs_incidents(record)
    facts += _penalty_facts(record)
    cited = _rrs_cited(found)
    return Answer(Rules.RRS, tuple(facts), tuple(_(RRS_RULES[r]) for r in cited),
                  _rrs_decision(found))


def _rrs_incidents(record: RrsRecord) -> list[str]:
    if not record.breaches:
        return [_("There was no contact, and no boat had to change course to avoid a boat that "
                  "was required to keep clear of her.")]
    said: list[str] = [_("There was no contact (the grid never lets two boats touch).")]
    for breach in record.breaches:
        said.append(_when(breach.moment, f"{breach.why}."))
    return said


def _penalty_facts(record: RrsRecord) -> list[str]:
    said: list[str] = []
    for penalty in record.penalties:
        when = moment_words(penalty.began)
        if not penalty.turns:
            said.append(_("{boat} began penalty turns {when} but had not completed a turn by "
                          "the end.", boat=penalty.boat, when=when))
        elif penalty.prompt:
            said.append(n_("{boat} began her penalty turns {when}, at her first turn well clear "
                           "of the other boats, and made {count} full turn (each with a tack "
                           "and a gybe).",
                           "{boat} began her penalty turns {when}, at her first turn well clear "
                           "of the other boats, and made {count} full turns (each with a tack "
                           "and a gybe).", penalty.turns, boat=penalty.boat, when=when))
        else:
            said.append(n_("{boat} began her penalty turns {when}, later than her first turn "
                           "well clear of the other boats, and made {count} full turn (each "
                           "with a tack and a gybe).",
                           "{boat} began her penalty turns {when}, later than her first turn "
                           "well clear of the other boats, and made {count} full turns (each "
                           "with a tack and a gybe).", penalty.turns, boat=penalty.boat,
                           when=when))
    return said


def _rrs_cited(found: Verdicts) -> list[str]:
    record, encounter = found.record, found.encounter
    cited = [found.rrs.rule]
    for breach in record.breaches:
        cited.append(breach.rule)
        if breach.exonerated:
            cited.append(breach.exonerated)
    if any(b.rule in KEEP_CLEAR_RULES for b in record.breaches):
        cited.append("14")
    if any(seen.rooms for seen in record.seen) or found.rrs.mark_room != NO_ONE or \
            encounter.ask.question is Question.MARK_ROOM:
        cited += ["18.1", "18.2(a)"]
    if any(seen.restricted for seen in record.seen):
        cited.append("17")
    if any(isinstance(e, Turn) and e.hail for e in encounter.events):
        cited += ["20.1", "20.2(c)", "20.2(d)"]
    if encounter.line is not None:
        cited.append("start")
    if record.penalties or any(not b.exonerated for b in record.breaches):
        cited.append("44")
    return [rule for i, rule in enumerate(cited) if rule in RRS_RULES and rule not in cited[:i]]


def _rrs_decision(found: Verdicts) -> str:
    record = found.record
    said = []
    for breach in record.breaches:
        boat, rule = breach.boat, breach.rule
        if breach.exonerated:
            said.append(_("{boat} broke rule {rule} but is exonerated by rule {by}.",
                          boat=boat, rule=rule, by=breach.exonerated))
            continue
        penalty = record.penalty_for(breach)
        if record.settled(breach):
            said.append(_("{boat} broke rule {rule} and took the penalty rule 44 asks for: no "
                          "further penalty.", boat=boat, rule=rule))
        elif penalty is not None:
            short = _("too late") if not penalty.prompt else \
                _("only {turns} of the {needed} turns", turns=penalty.turns, needed=PART_2_TURNS)
            said.append(_("{boat} broke rule {rule}; her penalty turns do not meet rule 44 "
                          "({short}), so she is disqualified.", boat=boat, rule=rule,
                          short=short))
        else:
            said.append(_("{boat} broke rule {rule}: she is disqualified unless she took a "
                          "Two-Turns Penalty at the time (rule 44.1).", boat=boat, rule=rule))
    return " ".join(said) or _("No boat broke a rule: no penalty.")


# ----- the game ---------------------------------------------------------------------------------
GAME_RULES = {
    "starboard": Rule.STARBOARD.text, "head_to_wind": Rule.HEAD_TO_WIND.text,
    "leeward": Rule.LEEWARD.text, "faster": Rule.FASTER.text,
    "turn_order": Rule.TURN_ORDER.text, "inside": Rule.INSIDE.text,
    "astern_in_zone": Rule.ASTERN_IN_ZONE.text,
    "engaged": N_("§3.4 (rules-decisions): a boat infringes another when, at the end of her turn "
               "or after a wind change, she stands on the point the other sails to next and the "
               "other has right of way"),
    "penalty": N_("§3.4: the infringed boat claims a penalty: a declared 360° turn in four 90° "
               "moves, at least 2 intersections from every buoy and every other boat"),
    "start": N_("§3.1: during the start no boat manoeuvres on the same intersection for more "
             "than 2 moves, nor touches the starting line in the 6th and 7th moves"),
    "lull": N_("§3.2: a boat that meets a yellow token stands still for a turn; the boat ahead "
            "forced onto it cannot incur a penalty"),
    "cover": N_("§3.5: a boat on another's cover point places its yellow token two intersections "
             "ahead on its course"),
}


def _game_answer(found: Verdicts) -> Answer:
    timeline, encounter = found.timeline, found.encounter
    asked = timeline.moments[encounter.ask.after]
    tacks = {b.name: (tack_words(side) if (side := tack(b.heading, asked.wind)) else
                      _("no tack")) for b in asked.boats}
    facts = [_when(asked.index, _boats_line(asked, tacks))]
    facts += _game_zone_facts(timeline)
    for moment in timeline.moments[1:]:
        facts += [_when(moment.index, words) for words in moment.said
                  if not umpire_called(words)]
        facts += [_when(moment.index, foul.explain()) for foul in moment.fouls]
    if not any(m.fouls for m in timeline.moments):
        facts.append(_("No boat stood on the point another boat with right of way sails to "
                       "next."))
    cited = [found.race.rule, "engaged"]
    if any(isinstance(f, StartFoul) for m in timeline.moments for f in m.fouls):
        cited.append("start")
    if encounter.lulls or any(m.cover for m in timeline.moments):
        cited += ["lull"] + (["cover"] if encounter.cover else [])
    if found.race.broke:
        cited.append("penalty")
    cited = [c for i, c in enumerate(cited) if c not in cited[:i]]
    return Answer(Rules.RACE, tuple(facts), tuple(_(GAME_RULES[c]) for c in cited),
                  _game_decision(timeline))


def _game_zone_facts(timeline: Timeline) -> list[str]:
    said, inside = [], set()
    for moment in timeline.moments:
        for mark in timeline.encounter.marks:
            for boat in moment.boats:
                key = (boat.name, mark.at)
                if chebyshev(boat.position, mark.at) <= ZONE_RADIUS and key not in inside:
                    inside.add(key)
                    said.append(_when(moment.index, _(
                        "{boat} is in the zone of the 2 lengths round the mark at {mark}.",
                        boat=boat.name, mark=mark.at)))
    return said


def _game_decision(timeline: Timeline) -> str:
    said = []
    last = timeline.moments[-1].umpire
    for moment in timeline.moments:
        for foul in moment.fouls:
            still = last.owes(foul.offender) or last.moves_left(foul.offender)
            served = _("a 360° turn in four moves, not yet served.") if still else \
                _("she served her 360° turn.")
            when = moment_words(moment.index)
            said.append(_("Penalty to {boat} against {other} ({when}): {served}",
                          boat=foul.offender, other=foul.wronged, when=when, served=served)
                        if isinstance(foul, Infringement) else
                        _("Penalty to {boat} ({when}): {served}", boat=foul.offender,
                          when=when, served=served))
    return " ".join(said) or _("No boat infringed another: no penalty.")
