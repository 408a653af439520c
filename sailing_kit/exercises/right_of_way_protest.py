"""Questions 9 to 11 of the right-of-way exercises: situations of the trainer, judged by the game
and by the Racing Rules of Sailing, as a protest committee would.

Each student's situation is drawn from the trainer's library and made new for her: moved across
the board and, where the engine allows it, mirrored east-west (which swaps port and starboard,
so the answers may change). Every expected answer is computed by the umpires
(:func:`sailing_kit.race.verdicts.verdicts`), never typed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import N_, _
from sailing_kit.draw.scene import Scene
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import AnswerError, read_choice, read_dict
from sailing_kit.exercises.verdicts import Verdict, by_part, right, wrong
from sailing_kit.race.committee import answers
from sailing_kit.race.encounter import Encounter
from sailing_kit.race.encounter import Question as Asked
from sailing_kit.race.encounter_drawing import Board, frame_scene
from sailing_kit.race.encounter_variants import mirrored, moved, room_to_move
from sailing_kit.race.quiz import library
from sailing_kit.race.reasons import RULE_NAMES, decisive_rule, rule_name
from sailing_kit.race.verdicts import NO_ONE, Rules, Verdicts, verdicts

EXERCISE = "02_right_of_way"
BOX = (460, 420)
RULEBOOKS = {"game": Rules.RACE, "rrs": Rules.RRS}
SIDES = {"port": N_("to port"), "starboard": N_("to starboard")}
"""The side a mark is left to, as the prompt names it."""


@dataclass(frozen=True)
class Drawn:
    """One student's situation: the encounter and its verdicts."""

    encounter: Encounter
    found: Verdicts


def _draw(rng: random.Random, pool: list[Encounter]) -> Drawn:
    """A situation of ``pool``, mirrored (if the engine accepts it) and moved, judged anew."""
    base = rng.choice(pool)
    if rng.random() < 0.5:
        try:
            verdicts(mirrored(base))
            base = mirrored(base)
        except ConfigError:
            pass
    across, up = room_to_move(base)
    dx = rng.choice([d for d in across if abs(d) <= 6] or [0])
    dy = rng.choice([d for d in up if abs(d) <= 6] or [0])
    encounter = moved(base, dx, dy)
    return Drawn(encounter, verdicts(encounter))


def _pool(question: Asked, rules_differ: bool | None = None) -> list[Encounter]:
    return [e for e in library() if e.ask.question is question and
            (rules_differ is None or verdicts(e).differ == rules_differ)]


def moves_in_words(drawn: Drawn, upto: int | None = None) -> str:
    """The boats, the marks and each event, in words (the prompt's account of the picture)."""
    encounter = drawn.encounter
    boats = "; ".join(_("**{boat}** at {point} heading {heading}", boat=b.name,
                        point=b.position, heading=b.heading.value) for b in encounter.boats)
    lines: list[str] = [_("Wind from **{wind}**. The boats, in turn order: {boats}.",
                          wind=encounter.wind.value, boats=boats)]
    for mark in encounter.marks:
        lines.append(_("A mark at {point}, to be left {side}.", point=mark.at,
                       side=_(SIDES[mark.leave.value])))
    if encounter.obstructions:
        lines.append(_("Obstructions at {points}.",
                       points=", ".join(map(str, encounter.obstructions))))
    if encounter.lulls:
        lines.append(_("Lulls (yellow tokens) at {points}.",
                       points=", ".join(map(str, encounter.lulls))))
    if encounter.line is not None:
        lines.append(_("The starting line runs from the committee boat at {boat} to the pin at "
                       "{pin}; the situation begins in move {move} of the start procedure.",
                       boat=encounter.line[0], pin=encounter.line[1], move=encounter.start_move))
    events = encounter.events[:upto]
    lines += [f"{i}. {e.words()}." for i, e in enumerate(events, 1)]
    return "\n".join(lines)


def picture(drawn: Drawn, moment: int | None = None, *, reveal: bool = False) -> Scene:
    """The situation at ``moment`` (default: when the question is asked), tracks so far; with
    ``reveal``, who keeps clear and the incidents."""
    timeline, record = drawn.found.timeline, drawn.found.record
    at = drawn.encounter.ask.after if moment is None else moment
    overlays = {"tacks", "zone", "keep_clear"} if reveal else {"zone"}
    return frame_scene(timeline, record, Board.fitted(timeline, BOX), timeline.frame_of(at),
                       overlays=overlays, reveal=reveal)


def _boat(drawn: Drawn, with_no_one: bool) -> dict[str, str]:
    names = {name: name for name in drawn.encounter.names}
    return {**names, NO_ONE: NO_ONE} if with_no_one else names


def _both(drawn: Drawn, answer: object, with_no_one: bool) -> dict[str, str]:
    choices = _boat(drawn, with_no_one)
    return read_dict(answer, RULEBOOKS, lambda key: read_choice(key, {k: k for k in RULEBOOKS},
                                                              N_("rulebook")),
                     lambda value: read_choice(value, choices, N_("boat")), N_("rulebook"))


def _why(drawn: Drawn, rules: Rules) -> str:
    return f"{rule_name(rules, decisive_rule(drawn.found, rules))}."


def _expected(drawn: Drawn, rules: Rules) -> str:
    value = drawn.found.of(rules).answer(drawn.encounter.ask.question)
    if isinstance(value, str):
        return value
    return value[0] if value else NO_ONE


# ----- question 9: who must keep clear, in the game and under the RRS -------------------------------
def _q9_check(drawn: Drawn, answer: object) -> Verdict:
    said = _both(drawn, answer, with_no_one=False)
    mistakes = {}
    for key, rules in RULEBOOKS.items():
        expected = _expected(drawn, rules)
        if said[key] != expected:
            mistakes[key] = _("under {rules} it is not {said}: look at {hint}", rules=rules.label,
                              said=said[key], hint=_hint(rules))
    return by_part(RULEBOOKS, mistakes, _("right under both rulebooks: {reasons}",
                                          reasons="; ".join(f"{rules.label}: {_why(drawn, rules)}"
                                                            for rules in RULEBOOKS.values())))


def _hint(rules: Rules) -> str:
    return (_("the boats' tacks, who is to leeward, the zone of the 2 lengths")
            if rules is Rules.RACE else
            _("the tacks (by the mainsail on a run), the overlap lines, the three-length zone"))


q9 = Question(
    EXERCISE, 9, N_("The game and the RRS: who keeps clear?"),
    draw=lambda rng: _draw(rng, _pool(Asked.KEEP_CLEAR, rules_differ=True)),
    prompt=lambda d: (_("A situation of the trainer, made new for you. The boats sail as below; "
                        "after event {event} (`q9.picture()` draws that moment), who must keep "
                        "clear, **{a}** or **{b}** — by the game's rules, and by the Racing Rules "
                        "of Sailing?", event=d.encounter.ask.after, a=d.encounter.ask.boats[0],
                        b=d.encounter.ask.boats[1]) + "\n\n"
                      + moves_in_words(d, d.encounter.ask.after) + "\n\n"
                      + _("Answer like `{example}`.", example='{"game": "A", "rrs": "B"}')),
    check=_q9_check,
    solution=lambda d: {key: _expected(d, rules) for key, rules in RULEBOOKS.items()},
    template='answer_9 = {"game": ..., "rrs": ...}',
    hint=N_("the two rulebooks differ here: one of them asks about overlap or the mainsail, the "
            "other about depth to leeward or the zone of the 2 lengths."),
    picture=picture, worked=lambda d: picture(d, reveal=True), forced=True)


# ----- question 10: who is penalised (the protest committee) ------------------------------------------
def _q10_check(drawn: Drawn, answer: object) -> Verdict:
    said = _both(drawn, answer, with_no_one=True)
    mistakes = {}
    for key, rules in RULEBOOKS.items():
        expected = _expected(drawn, rules)
        if said[key] != expected:
            mistakes[key] = _("under {rules}, {said} is not the answer: follow the moves and ask "
                              "at each one whether a boat stood on the point another sails to "
                              "next, and who had to keep clear then", rules=rules.label,
                              said=said[key])
    game, rrs = answers(drawn.found)
    return by_part(RULEBOOKS, mistakes, _("right. The game: {game} The RRS: {rrs}",
                                          game=game.decision, rrs=rrs.decision))


q10 = Question(
    EXERCISE, 10, N_("The protest committee: who is penalised?"),
    draw=lambda rng: _draw(rng, [e for e in _pool(Asked.PENALISED) if
                                 len(verdicts(e).race.penalised) <= 1 and
                                 len(verdicts(e).rrs.penalised) <= 1 and
                                 verdicts(e).race.penalised + verdicts(e).rrs.penalised]),
    prompt=lambda d: (_("You sit on the protest committee. The boats sailed as below "
                        "(`q10.picture()` draws the end). Which boat is penalised at the end (or "
                        "no one) — by the game's rules, and by the Racing Rules of Sailing?")
                      + "\n\n" + moves_in_words(d) + "\n\n"
                      + _("Answer like `{example}`.", example='{"game": "A", "rrs": "no one"}')),
    check=_q10_check,
    solution=lambda d: {key: _expected(d, rules) for key, rules in RULEBOOKS.items()},
    template='answer_10 = {"game": ..., "rrs": ...}',
    hint=N_("the game penalises a boat that ends her turn on the point another boat with right of "
            "way sails to next; the RRS also asks who changed course, who had room, and whether a "
            "penalty turn was enough."),
    picture=picture, worked=lambda d: picture(d, reveal=True), forced=True)


# ----- question 11: which RRS rule decides ----------------------------------------------------------
_RRS_RULES = {rule: rule for rule in RULE_NAMES[Rules.RRS]}
_ALIASES = {**{f"rule {r}": r for r in _RRS_RULES}, **{f"rrs {r}": r for r in _RRS_RULES}}


def _q11_check(drawn: Drawn, answer: object) -> Verdict:
    said = read_choice(answer, _RRS_RULES, N_("rule of the RRS"), _ALIASES)
    expected = decisive_rule(drawn.found, Rules.RRS)
    if said == expected:
        return right(_("yes: {rule}.", rule=rule_name(Rules.RRS, expected)))
    if said not in RULE_NAMES[Rules.RRS]:
        raise AnswerError(_("{said} is not one of the rules this question asks about",
                            said=repr(said)))
    return wrong(_("rule {said} does not decide it here; it says: {rule}.", said=said,
                   rule=rule_name(Rules.RRS, said)),
                 hint=N_("find the moment that matters, then ask who had to keep clear and why"))


def _q11_pool() -> list[Encounter]:
    wanted = {"11", "12", "15", "16.1", "17", "18.2(a)", "18.3", "20.2(c)", "21.1", "21.2"}
    return [e for e in library() if decisive_rule(verdicts(e), Rules.RRS) in wanted]


q11 = Question(
    EXERCISE, 11, N_("Which rule of the RRS decides?"), draw=lambda rng: _draw(rng, _q11_pool()),
    prompt=lambda d: (_("{question} Which rule of the Racing Rules of Sailing decides it? "
                        "(`q11.picture()` draws the moment asked.)", question=_q11_question(d))
                      + "\n\n" + moves_in_words(
                          d, d.encounter.ask.after if d.encounter.ask.question is not
                          Asked.PENALISED else None) + "\n\n"
                      + _("Answer with the rule's number as a text, like {examples}.",
                          examples='`"10"` or `"18.2(a)"`')),
    check=_q11_check, solution=lambda d: decisive_rule(d.found, Rules.RRS),
    template="answer_11 = ...",
    hint=N_("the rules of the lesson's table: 10, 11, 12 (who keeps clear), 15, 16.1, 17 (limits "
            "on the right-of-way boat), 18.2(a), 18.3 (marks), 20 (room to tack), 21 (keeping "
            "clear while returning or taking a penalty)."),
    picture=picture, worked=lambda d: picture(d, reveal=True), forced=True)


def _q11_question(drawn: Drawn) -> str:
    a, b = drawn.encounter.ask.boats
    question = drawn.encounter.ask.question
    if question is Asked.KEEP_CLEAR:
        return _("After the events below, {a} or {b} must keep clear.", a=a, b=b)
    if question is Asked.MARK_ROOM:
        return _("After the events below, is {a} or {b} entitled to mark-room?", a=a, b=b)
    return _("After the events below, the protest committee decides who is penalised.")


QUESTIONS = (q9, q10, q11)
__all__ = ["QUESTIONS", "moves_in_words", "picture", "q9", "q10", "q11"]
