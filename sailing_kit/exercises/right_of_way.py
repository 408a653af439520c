"""Auto-checked questions for the right-of-way lesson (Race the Wind, sections 3.4-3.6).

``start("Ada")`` names the student; ``q1`` ... ``q8`` then show and check that student's
variant: pairs placed at random until the umpire's rulings are the kind the question asks about,
or the question's own position turned, mirrored and moved (see
:mod:`~sailing_kit.exercises.right_of_way_positions`). Every expected answer is computed by the
rules engine (:meth:`Situation.judge`, :meth:`Situation.infringements`,
:meth:`Situation.contests`, the :class:`Umpire`), never typed in; a wrong answer's feedback says
what was wrong and why, citing the rule (:mod:`~sailing_kit.exercises.right_of_way_words`).
``qN.picture()`` draws the position with the answer hidden.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises import session
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import keys_reader, read_choice, read_dict, read_direction, read_set
from sailing_kit.exercises.right_of_way_more import (
    EXERCISE,
    Q6_START,
    STATEMENTS,
    Statement,
    penalty_verdict,
    q6,
    q7,
    q8,
)
from sailing_kit.exercises.right_of_way_positions import (
    any_move,
    pairs_with,
    picture,
    random_pair,
    rule_of,
)
from sailing_kit.exercises.right_of_way_protest import q9, q10, q11
from sailing_kit.exercises.right_of_way_words import (
    RULE_NAMES,
    boats_line,
    explain,
    facts,
    lower_first,
    option_words,
    read_rule,
    rule_name,
    ruling,
    tack_phrase,
    why_rule_does_not_decide,
)
from sailing_kit.exercises.verdicts import Verdict, by_part, right, whole, wrong
from sailing_kit.race.engagement import Contest
from sailing_kit.race.rightofway import Boat, Rule, course_point, in_zone
from sailing_kit.race.sailing import TurnOption, point_of_sail, turn_options
from sailing_kit.race.situation import Situation

N, NE, E, SE, S, SW, W, NW = Direction
LADDER = (Rule.STARBOARD, Rule.LEEWARD, Rule.FASTER, Rule.TURN_ORDER)


def start(student: object, mode: str = "practice", language: object = None) -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name;
    ``language="hu"`` (bg, fr, ru) asks and answers in that language."""
    return session.start(EXERCISE, student, mode, language)


def _pair_reader(count: int) -> Callable[[object], int]:
    """Reads "pair 1" (or "Pair_1", "pair1", "1", 1) as 1."""
    names = {f"pair {n}": n for n in range(1, count + 1)}
    aliases = {**{f"pair{n}": n for n in names.values()}, **{f"p{n}": n for n in names.values()},
               **{str(n): n for n in names.values()}}
    return lambda value: read_choice(str(value) if isinstance(value, int) else value, names,
                                     N_("pair"), aliases)


def _pairs_listing(pairs: tuple[Situation, ...]) -> str:
    return "\n".join(_("- Pair {number}, wind from **{wind}**: {boats}", number=n, wind=p.wind,
                       boats=boats_line(p)) for n, p in enumerate(pairs, 1))


def _position(title: str, *boats: Boat, marks: tuple[Point, ...] = ()) -> Situation:
    """A position in a wind from N, the boats in turn order."""
    return Situation(title=title, wind=N, boats=boats, marks=marks)


def _pair_verdict(pairs: tuple[Situation, ...], answer: object, read_value: Callable[[object], object],
                  mistake: Callable[[int, Situation, object], str | None], praise: str) -> Verdict:
    said = read_dict(answer, range(1, len(pairs) + 1), _pair_reader(len(pairs)), read_value,
                     N_("pair"))
    mistakes = {f"pair {n}": why for n, p in enumerate(pairs, 1)
                if (why := mistake(n, p, said[n]))}
    return by_part([f"pair {n}" for n in range(1, len(pairs) + 1)], mistakes, praise)


_PAIRS_TEMPLATE = 'answer_{n} = {{"pair 1": ..., "pair 2": ..., "pair 3": ..., "pair 4": ...}}'


# ----- question 1: who must keep clear? ----------------------------------------------------------

def _q1_draw(rng: random.Random) -> tuple[Situation, ...]:
    return pairs_with(rng, 4, lambda r: r.rule_key in LADDER, rule_of)


def _q1_mistake(number: int, position: Situation, said: object) -> str | None:
    decided = ruling(position)
    if said == decided.keep_clear:
        return None
    return _("Pair {number}: you said {said} must keep clear. {facts} Go down the ladder from the "
             "top: the first rung that tells the boats apart decides.", number=number, said=said,
             facts=facts(position, str(said)))


q1 = Question(
    EXERCISE, 1, N_("Who must keep clear?"), draw=_q1_draw,
    prompt=lambda pairs: (_("In each pair below the two boats are engaged: their next movements "
                            "claim the same intersection, or one claims the intersection the "
                            "other occupies. Each pair has its own wind. For each pair, which "
                            "boat **must keep clear**? `q1.picture()` draws them.") + "\n\n"
                          + _pairs_listing(pairs) + "\n\n"
                          + _("Answer with a dict from pair to boat, like `{example}`.",
                              example='{"pair 1": "A", ...}')),
    check=lambda pairs, answer: _pair_verdict(
        pairs, answer, keys_reader("AB", N_("boat")), _q1_mistake,
        _("starboard before port; on equal tacks leeward before windward, whatever the speed "
          "(§3.4).")),
    solution=lambda pairs: {f"pair {n}": ruling(p).keep_clear for n, p in enumerate(pairs, 1)},
    template=_PAIRS_TEMPLATE.format(n=1),
    hint=N_("the ladder, from the top: the tack, then leeward, then speed, then the turn order."),
    picture=picture, worked=lambda pairs: picture(pairs, reveal=True), forced=True)


# ----- question 2: which rung of the ladder decides? ---------------------------------------------

def _q2_draw(rng: random.Random) -> tuple[Situation, ...]:
    return pairs_with(rng, 4, lambda r: True, rule_of, marks=(False, True), head_to_wind=True)


def _q2_mistake(number: int, position: Situation, said: object) -> str | None:
    assert isinstance(said, Rule)
    decided = ruling(position)
    if said is decided.rule_key:
        return None
    return _("Pair {number}: you said {said}, but {why}. Try the rungs in order again.",
             number=number, said=rule_name(said),
             why=why_rule_does_not_decide(position, said, decided))


q2 = Question(
    EXERCISE, 2, N_("Which rung of the ladder decides?"), draw=_q2_draw,
    prompt=lambda pairs: (_("In each pair **A arrived first** (it plays earlier in the turn "
                            "order). The rules of right of way are tried in order, and the first "
                            "that tells the boats apart decides. Which rule decides each pair? "
                            "`q2.picture()` draws them.") + "\n\n" + _pairs_listing(pairs)
                          + "\n\n" + _("The rules: {names}.", names=", ".join(
                              f'`"{name}"`' for name in RULE_NAMES)) + "\n\n"
                          + _("Answer with a dict from pair to rule, like `{example}`.",
                              example='{"pair 1": "starboard", ...}')),
    check=lambda pairs, answer: _pair_verdict(
        pairs, answer, read_rule, _q2_mistake,
        _("the zone of the 2 lengths first (§3.6), then head to wind and the tack, leeward, "
          "speed, and last the turn order (§3.4).")),
    solution=lambda pairs: {f"pair {n}": rule_name(ruling(p).rule_key)
                            for n, p in enumerate(pairs, 1)},
    template=_PAIRS_TEMPLATE.format(n=2),
    forced=True,
    hint=N_("first ask whether a boat is in a mark's zone; then try the rungs from the top and stop "
            "at the first that tells the boats apart."),
    picture=picture, worked=lambda pairs: picture(pairs, reveal=True))


# ----- question 3: the prisoner (an occupied point) ----------------------------------------------

def q3_options(position: Situation) -> dict[Direction, TurnOption]:
    """A's ends of turn (not onto or through B), by the heading each ends on."""
    a = position.boat("A")
    others = {b.position for b in position.boats if b.name != "A"}
    options = [o for o in turn_options(a.position, a.heading, position.wind)
               if not others & set(o.path)]
    return {o.heading: o for o in options}


def q3_after(position: Situation, heading: Direction | str) -> Situation:
    """The position once A ends its turn on ``heading`` (one of :func:`q3_options`)."""
    option = q3_options(position)[Direction.parse(heading)]
    return position.after("A", option.position, option.heading, f"A {option_words(option)}")


def _q3_safe(position: Situation) -> set[Direction]:
    return {h for h in q3_options(position) if not q3_after(position, h).infringements()}


def _q3_draw(rng: random.Random) -> Situation:
    while True:
        heading = rng.choice([d for d in Direction if d is not N])
        dx, dy = heading.vector
        position = _position(N_("Engaged from astern"), Boat("A", (4, 4), heading),
                             Boat("B", (4 - dx, 4 - dy), heading))
        a = position.boat("A")
        options = [o for o in turn_options(a.position, a.heading, N)
                   if position.boat("B").position not in o.path]
        if (len({o.heading for o in options}) == len(options) >= 2
                and 0 < len(_q3_safe(position)) < len(options)):
            return replace(any_move(rng, position), title=N_("Engaged from astern"))


def _q3_prompt(position: Situation) -> str:
    a, b = position.boat("A"), position.boat("B")
    options = q3_options(position)
    moves = [_("advance to {point} heading {heading}", point=o.position, heading=h)
             for h, o in options.items() if o.path]
    turns = [str(h) for h, o in options.items() if not o.path]
    can = moves + ([_("turn on the spot to {headings} or {last}", headings=", ".join(turns[:-1]),
                      last=turns[-1])
                    if len(turns) > 1 else _("turn on the spot to {heading}", heading=turns[0])]
                   if turns else [])
    return (_("The wind blows from **{wind}**. A at {a} and B at {b} both head {heading}, {tack}. "
              "B's next movement leads onto A's intersection: B engages A **from astern**, the "
              "occupied point of fig. 2. `q3.picture()` draws it.", wind=position.wind,
              a=a.position, b=b.position, heading=a.heading, tack=tack_phrase(a, position.wind))
            + "\n\n"
            + _("It is A's turn. A can {choices}. Which of these would bring A **no penalty** (B "
                "could not protest)?", choices=_(", or ").join(can)) + "\n\n"
            + _("Answer with the set of headings A ends its turn on, like `{example}`.",
                example='{"NE", "SE"}'))


def _q3_check(position: Situation, answer: object) -> Verdict:
    said = read_set(answer, read_direction, '{"NE", "SE"}')
    options, safe = q3_options(position), _q3_safe(position)
    sailing = point_of_sail(position.boat("A").heading, position.wind)
    unreachable = [h for h in said if h not in options]
    penalised = [h for h in said if h in options and h not in safe]
    left_out = len(safe - said)
    mistakes = []
    if unreachable:
        mistakes.append(n_("{count} of your headings is not an end of A's turn: a boat {sailing} "
                           "may make {allowance}, never leaving it head to wind, and it may not "
                           "sail onto or through B (§2).", "{count} of your headings are not an "
                           "end of A's turn: a boat {sailing} may make {allowance}, never leaving "
                           "it head to wind, and it may not sail onto or through B (§2).",
                           len(unreachable), sailing=sailing.phrase,
                           allowance=sailing.allowance))
    if penalised:
        mistakes.append(n_("{count} of your headings would leave A on B's course point without "
                           "right of way there: B would protest (§3.4).", "{count} of your "
                           "headings would leave A on B's course point without right of way "
                           "there: B would protest (§3.4).", len(penalised)))
    if left_out:
        mistakes.append(n_("{count} of A's ends with no penalty is missing: try each end A can "
                           "reach.", "{count} of A's ends with no penalty are missing: try each "
                           "end A can reach.", left_out))
    return whole(mistakes, _("only these ends leave B no protest: on any other A stays on B's "
                             "course point without right of way (§3.4)."),
                 hint=N_("for each end of A's turn, ask: does A still stand on B's course point, "
                         "and if so, who has right of way there now?"))


q3 = Question(
    EXERCISE, 3, N_("The prisoner"), draw=_q3_draw, prompt=_q3_prompt, check=_q3_check,
    solution=lambda position: {h.value for h in _q3_safe(position)}, template="answer_3 = ...",
    hint=N_("for each end of A's turn, ask: does A still stand on B's course point, and if so, who "
            "has right of way there now?"),
    picture=picture, worked=lambda position: picture(position, reveal=True), forced=True)


# ----- question 4: the light-blue point (a free point) -------------------------------------------

def _q4_draw(rng: random.Random) -> Situation:
    point = (4, 4)
    while True:
        ways = rng.sample([d for d in Direction if d is not N], 3)
        claimants = [((point[0] - d.vector[0], point[1] - d.vector[1]), d) for d in ways]
        other = Boat("?", (rng.randint(1, 7), rng.randint(1, 7)), rng.choice(list(Direction)))
        boats = [Boat("?", p, d) for p, d in claimants] + [other]
        rng.shuffle(boats)
        boats = [Boat(letter, b.position, b.heading) for letter, b in zip("ABCD", boats)]
        position = _position(N_("The light-blue point"), *boats)
        if len({b.position for b in boats}) == 4 and len(position.contests()) == 1 and \
                len(position.contests()[0].claimants) == 3:
            return replace(any_move(rng, position), title=N_("The light-blue point"))


def _q4_contest(position: Situation) -> Contest:
    (contest,) = position.contests()
    return contest


def _q4_check(position: Situation, answer: object) -> Verdict:
    contest = _q4_contest(position)
    said = keys_reader([b.name for b in position.boats], N_("boat"))(answer)
    if said == contest.entitled:
        reasons = " ".join(
            _("Against {boat}: {reason}", boat=n,
              reason=lower_first(explain(position, ruling(position, said, n))))
            for n in contest.claimants if n != said)
        return right(_("{boat} has right of way over every other boat that claims {point}. "
                       "{reasons}", boat=said, point=contest.point, reasons=reasons))
    if said not in contest.claimants:
        boat = position.boat(said)
        return wrong(_("{boat} does not claim {point}: its next movement leads to {course}. Only "
                       "the boats whose course point is the light-blue point contest it.",
                       boat=said, point=contest.point, course=course_point(boat, position.wind)))
    return wrong(_("{boat} claims {point}, but so does a boat that has right of way over {boat}: "
                   "compare {boat} with each other claimant on the ladder.", boat=said,
                   point=contest.point))


q4 = Question(
    EXERCISE, 4, N_("The light-blue point"), draw=_q4_draw,
    prompt=lambda position: (_("The wind blows from **{wind}**: {boats}, in this turn order. "
                               "Some of their next movements claim the same free intersection "
                               "{point}, the light-blue point of figures 9-11 (`q4.picture()` "
                               "draws it). **Which boat is entitled to it?**",
                               wind=position.wind, boats=boats_line(position),
                               point=_q4_contest(position).point) + "\n\n"
                             + _("Answer with a boat, like `{example}`.", example='"A"')),
    check=_q4_check, solution=lambda position: _q4_contest(position).entitled,
    template="answer_4 = ...",
    hint=N_("only the boats whose course point is the light-blue point contest it; the entitled "
            "one has right of way over each of the others."),
    picture=picture, worked=lambda position: picture(position, reveal=True), forced=True)


# ----- question 5: the zone of the 2 lengths -----------------------------------------------------

Q5_MOMENTS = {"race": False, "start": True}
_Q5_ALIASES = {"the race": "race", "during the race": "race", "in the race": "race",
               "rounding": "race", "at the start": "start", "the start": "start",
               "starting": "start"}
FIG_13 = Situation(title=N_("The zone of the 2 lengths"), wind=N,
                   boats=(Boat("A", (6, 3), NW), Boat("B", (6, 4), W)), marks=((5, 5),))


def at_start(position: Situation, start: bool) -> Situation:
    return replace(position, start=start, title=N_("At the start") if start else position.title)


def _q5_draw(rng: random.Random) -> Situation:
    """Two boats in a mark's zone claiming one point, where the zone decides otherwise than the
    ladder would (as in fig. 13), turned and moved."""
    while True:
        position = random_pair(rng, mark=True, title=FIG_13.title)
        contests = position.contests()
        if (len(contests) == 1 and len(contests[0].claimants) == 2
                and all(in_zone(b.position, position.marks[0]) for b in position.boats)
                and ruling(position).winner != ruling(at_start(position, True)).winner):
            return any_move(rng, position)


def _q5_check(position: Situation, answer: object) -> Verdict:
    said = read_dict(answer, Q5_MOMENTS, keys_reader(Q5_MOMENTS, N_("moment"), _Q5_ALIASES),
                     keys_reader("AB", N_("boat")), N_("moment"))
    mistakes = {}
    for moment, start in Q5_MOMENTS.items():
        judged = at_start(position, start)
        decided = ruling(judged)
        if said[moment] == decided.winner:
            continue
        told = facts(judged, str(said[moment]))
        if start:
            mistakes[moment] = _("Start: you said {said}. At the start the position at the mark "
                                 "does not determine right of way (§3.6): the ladder of §3.4 "
                                 "decides. {facts}", said=said[moment], facts=told)
        else:
            mistakes[moment] = _("Race: you said {said}. {facts} Within the zone, which position "
                                 "counts?", said=said[moment], facts=told)
    return by_part(Q5_MOMENTS, mistakes, _("inside the zone only the inside position counts, "
                                           "except at the start, where the ladder of §3.4 decides "
                                           "as in open water (§3.6)."))


q5 = Question(
    EXERCISE, 5, N_("The zone of the 2 lengths"), draw=_q5_draw,
    prompt=lambda position: (_("The wind blows from **{wind}**: {boats}. Both boats are within "
                               "the mark's zone of the 2 lengths, and both their next movements "
                               "claim {point} (`q5.picture()` draws it).", wind=position.wind,
                               boats=boats_line(position), point=position.contests()[0].point)
                             + "\n\n"
                             + _("Who has **right of way**: (1) during the race, rounding this "
                                 "mark; (2) if this were the starting mark and the boats were "
                                 "starting?") + "\n\n"
                             + _("Answer with a dict, like `{example}`.",
                                 example='{"race": "A", "start": "A"}')),
    check=_q5_check,
    solution=lambda position: {m: ruling(at_start(position, s)).winner
                               for m, s in Q5_MOMENTS.items()},
    template='answer_5 = {"race": ..., "start": ...}',
    hint=N_("in the zone only the inside position counts; at the start the zone counts for "
            "nothing, and the ladder decides."),
    picture=picture, worked=lambda position: picture(position, reveal=True), forced=True)


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11)
"""Questions 6 to 8 live in :mod:`sailing_kit.exercises.right_of_way_more`."""
__all__ = ["FIG_13", "Q6_START", "QUESTIONS", "STATEMENTS", "Statement", "penalty_verdict",
           "picture", "q3_after", "q3_options", "start", *(q.key for q in QUESTIONS)]

