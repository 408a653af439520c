"""Auto-checked questions for the Calm lesson: the sea as one line, costs, legal cells, the hand
limit, natural slots, the Start's split, and a puzzle to win.

``start("Ada")`` names the student; ``q1`` ... ``q7`` then show and check that student's
variant: other seas, cards and deals than the lesson prints. Every expected answer is computed
by the rules engine (:mod:`sailing_kit.calm`), never typed in; a wrong answer's feedback says
what was wrong and why, in the engine's words where it refuses a move. Cells are written
``(row, column)``, as Calm writes them: row 0 at the bottom, column 0 at the left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sailing_kit.calm import CalmState, Sea, Split, natural_slot
from sailing_kit.calm.cards import hand_text
from sailing_kit.calm.drawing import draw_sea
from sailing_kit.calm.puzzle import new_puzzle, puzzle_from_decks, solve
from sailing_kit.calm.sea import Cell
from sailing_kit.core.errors import ActionError
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.draw.scene import Scene
from sailing_kit.exercises import session
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import (
    AnswerError,
    NotAnswered,
    is_blank,
    keys_reader,
    read_dict,
    read_int,
    read_point,
    read_set,
    show,
)
from sailing_kit.exercises.verdicts import Verdict, by_part, joined, right, whole, wrong

EXERCISE = "04_calm"
HAND_LIMIT = 4
HAND_HINT = N_("for each card find where it may go and the cheapest cost there: at most 4.")
"""The hint of question 4 (at most :data:`HAND_LIMIT` discards)."""


def start(student: object, mode: str = "practice", language: object = None) -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name;
    ``language="hu"`` (bg, fr, ru) asks and answers in that language."""
    return session.start(EXERCISE, student, mode, language)


def at(cell: Cell) -> str:
    """A cell in words, as Calm names it: "row 0, column 3"."""
    return _("row {row}, column {column}", row=cell[0], column=cell[1])


def _read_cell(value: object) -> Cell:
    return read_point(value, N_("cell (row, column)"), "(0, 3)")


def _random_sea(rng: random.Random, islands: int, top: int = 80) -> Sea:
    """A 6 × 6 sea of ``islands`` islands, ascending in reading order."""
    indices = sorted(rng.sample(range(36), islands))
    values = sorted(rng.sample(range(1, top + 1), islands))
    return Sea.from_cells({divmod(i, 6): v for i, v in zip(indices, values)})


# ----- question 1: the sea as one line ------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    """A sea of ``rows`` × ``cols`` and four cells to number."""

    rows: int
    cols: int
    cells: dict[str, Cell]


def _q1_draw(rng: random.Random) -> Line:
    rows, cols = rng.choice([(4, 5), (5, 4), (5, 7), (3, 8), (7, 5), (4, 9), (8, 3)])
    chosen = rng.sample(range(rows * cols), 4)
    return Line(rows, cols, {letter: divmod(i, cols) for letter, i in zip("ABCD", chosen)})


def _q1_prompt(v: Line) -> str:
    return (_("A Calm variant plays on a sea of **{rows} rows and {columns} columns**. Cells are "
              "written `(row, column)`: row 0 is the bottom row, column 0 the left column. "
              "Reading the sea as one line of {slots} slots — the bottom row left to right, then "
              "the row above — which slot (1 to {slots}) is each cell?", rows=v.rows,
              columns=v.cols, slots=v.rows * v.cols) + "\n\n"
            + "\n".join(_("- {letter}: cell {cell}", letter=letter, cell=cell)
                        for letter, cell in v.cells.items())
            + "\n\n" + _("Answer with a dict, like `{example}`.", example='{"A": 6, ...}'))


def _slot(v: Line, cell: Cell) -> int:
    return Sea.empty(v.rows, v.cols).index(*cell) + 1


def _q1_check(v: Line, answer: object) -> Verdict:
    said = read_dict(answer, v.cells, keys_reader(v.cells, N_("letter")),
                     lambda value: read_int(value, N_("slot"), low=1), N_("cell"))
    mistakes = {}
    for letter, cell in v.cells.items():
        if said[letter] != _slot(v, cell):
            mistakes[letter] = _("{letter}: you said slot {said}. Count the full rows below its "
                                 "cell (each holds one slot per column), then the cells to its "
                                 "left in its own row, and the cell itself.", letter=letter,
                                 said=said[letter])
    return by_part(v.cells, mistakes, _("slot = row × columns + column + 1: each full row below "
                                        "comes first."))


q1 = Question(
    EXERCISE, 1, N_("The sea as one line"), draw=_q1_draw, prompt=_q1_prompt, check=_q1_check,
    solution=lambda v: {letter: _slot(v, cell) for letter, cell in v.cells.items()},
    template='answer_1 = {"A": ..., "B": ..., "C": ..., "D": ...}',
    hint=N_("count the full rows below the cell (each holds one slot per column), then the "
            "cells to its left in its own row."))


# ----- question 2: what does it cost? -------------------------------------------------------------

@dataclass(frozen=True)
class Costs:
    sea: Sea
    placements: dict[str, tuple[int, Cell]]


def _q2_draw(rng: random.Random) -> Costs:
    while True:
        sea = _random_sea(rng, 5, top=60)
        options = [(card, sea.position(i), cost) for card in range(1, 61)
                   for i, cost in sea.placements(card)]
        free = [o for o in options if o[2] == 0]
        paying = [o for o in options if 0 < o[2] <= 6]
        if free and len(paying) >= 3:
            chosen = rng.sample(paying, 3) + [rng.choice(free)]
            if len({cell for _, cell, _ in chosen}) == 4:
                rng.shuffle(chosen)
                return Costs(sea, {letter: (card, cell) for letter, (card, cell, _)
                                   in zip("ABCD", chosen)})


def _q2_picture(v: Costs) -> Scene:
    labels = {cell: f"{letter}: {card}" for letter, (card, cell) in v.placements.items()}
    return draw_sea(v.sea, labels, title=_("The sea of question {number}", number=2))


def _q2_check(v: Costs, answer: object) -> Verdict:
    said = read_dict(answer, v.placements, keys_reader(v.placements, N_("placement")),
                     lambda value: read_int(value, N_("number of cards"), low=0), N_("placement"))
    mistakes = {}
    for letter, (card, cell) in v.placements.items():
        cost = v.sea.cost(card, *cell)
        if said[letter] != cost:
            index = v.sea.index(*cell)
            beside = sum(1 for n in v.sea.neighbours(index) if v.sea.cells[n])
            sides = (N_("on neither side"), N_("on a single side"), N_("on both sides"))[beside]
            mistakes[letter] = _("{letter}: you said {said}. In reading order (across a row break "
                                 "too) its cell has a card next to it {sides}: next to a card you "
                                 "pay the difference; with cards on both sides, the smaller "
                                 "difference; with none, nothing.", letter=letter,
                                 said=said[letter], sides=_(sides))
    return by_part(v.placements, mistakes, _("next to a card you pay the difference, between two "
                                             "the smaller one, and across a row break too."))


q2 = Question(
    EXERCISE, 2, N_("What does it cost?"), draw=_q2_draw,
    prompt=lambda v: (_("In the sea pictured by `q2.picture()`, how many cards must you discard "
                        "for each placement?") + "\n\n"
                      + "\n".join(_("- {letter}: {card} at cell {cell}", letter=letter,
                                    card=card, cell=cell)
                                  for letter, (card, cell) in v.placements.items()) + "\n\n"
                      + _("Answer with a dict, like `{example}`.", example='{"A": 0, ...}')),
    check=_q2_check,
    solution=lambda v: {letter: v.sea.cost(card, *cell)
                        for letter, (card, cell) in v.placements.items()},
    template='answer_2 = {"A": ..., "B": ..., "C": ..., "D": ...}',
    hint=N_("look at the cells just before and just after in reading order (across a row break "
            "too): next to one card pay the difference, between two the smaller one, none free."),
    picture=_q2_picture)


# ----- question 3: where may it go? ---------------------------------------------------------------

LESSON_SEA = {(0, 1): 5, (1, 4): 24, (2, 2): 40, (3, 0): 52}
"""The sea whose legal cells the lesson lists."""


def _q3_draw(rng: random.Random) -> tuple[Sea, int]:
    while True:
        sea = _random_sea(rng, 4)
        cards = [c for c in range(1, 81) if 2 <= len(sea.legal_cells(c)) <= 5]
        if cards and sea.cells != Sea.from_cells(LESSON_SEA).cells:
            return sea, rng.choice(cards)


def _islands(sea: Sea) -> str:
    """The cards of a sea in words: "5 at (0, 1), 24 at (1, 4)"."""
    return ", ".join(_("{card} at {cell}", card=card, cell=sea.position(i))
                     for i, card in enumerate(sea.cells) if card)


def _q3_check(v: tuple[Sea, int], answer: object) -> Verdict:
    sea, card = v
    said = read_set(answer, _read_cell, "{(0, 0), (1, 2)}", single=_is_cell)
    legal = set(sea.legal_cells(card))
    a, b = sea.gap(card)
    first = (_("after {card} at {cell}", card=sea.cells[a], cell=at(sea.position(a))) if a >= 0
             else _("at the start"))
    then = (_("before {card} at {cell}", card=sea.cells[b], cell=at(sea.position(b)))
            if b < sea.size else _("anywhere up to the end"))
    refused, left_out = sorted(said - legal), len(legal - said)
    extra = [n_("{count} of your cells is refused: a card goes into an empty cell, between the "
                "islands just below and just above it in value, in reading order.",
                "{count} of your cells are refused: a card goes into an empty cell, between the "
                "islands just below and just above it in value, in reading order.",
                len(refused))] if refused else []
    missing = [n_("{count} allowed cell is missing: which islands come just before and just "
                  "after the card in value?", "{count} allowed cells are missing: which islands "
                  "come just before and just after the card in value?", left_out)] \
        if left_out else []
    return whole(extra + missing, _("{card} must lie {first} and {then}: exactly the empty cells "
                                    "there.", card=card, first=first, then=then),
                 hint=N_("find the islands just below and just above the card in value: it must "
                         "lie between them in reading order, in an empty cell."))


def _is_cell(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in value))


q3 = Question(
    EXERCISE, 3, N_("Where may it go?"), draw=_q3_draw,
    prompt=lambda v: (_("The sea pictured by `q3.picture()` holds {islands}. In which cells may "
                        "**{card}** be placed (whatever it costs)?", islands=_islands(v[0]),
                        card=v[1]) + "\n\n"
                      + _("Answer with a set of cells `(row, column)`, like `{example}`.",
                          example="{(0, 0), (1, 2)}")),
    check=_q3_check, solution=lambda v: set(v[0].legal_cells(v[1])), template="answer_3 = ...",
    hint=N_("find the islands just below and just above the card in value: it must lie between "
            "them in reading order, in an empty cell."),
    picture=lambda v: draw_sea(v[0], title=_("The sea of question {number}", number=3)),
    forced=True)


# ----- question 4: the hand limit -----------------------------------------------------------------

def _q4_draw(rng: random.Random) -> tuple[Sea, tuple[int, ...]]:
    while True:
        sea = _random_sea(rng, 6)
        hand = tuple(sorted(rng.sample([c for c in range(1, 81) if c not in sea.cells], 5)))
        playable = [c for c in hand if _playable(sea, c)]
        if 1 <= len(playable) <= 3:
            return sea, hand


def _playable(sea: Sea, card: int) -> bool:
    return any(cost <= HAND_LIMIT for _, cost in sea.placements(card))


def _why_not(sea: Sea, card: int) -> str:
    options = sea.placements(card)
    if not options:
        a, b = sea.gap(card)
        edge = (_("before {card} at {cell}", card=sea.cells[b], cell=at(sea.position(b)))
                if a < 0 else
                _("after {card} at {cell}", card=sea.cells[a], cell=at(sea.position(a)))
                if b >= sea.size else
                _("between {card} and {other}", card=sea.cells[a], other=sea.cells[b]))
        return _("it would have to go {edge}, and no cell is left there", edge=edge)
    cheapest = min(cost for _place, cost in options)
    return _("wherever it fits, it costs at least {cheapest} discards — more than the {limit} "
             "cards left in your hand", cheapest=cheapest, limit=HAND_LIMIT)


def _q4_check(v: tuple[Sea, tuple[int, ...]], answer: object) -> Verdict:
    sea, hand = v

    def read_card(value: object) -> int:
        card = read_int(value, N_("card"))
        if card not in hand:
            raise AnswerError(_("{card} is not in your hand ({hand}).", card=card,
                                hand=", ".join(map(str, hand))))
        return card

    said = read_set(answer, read_card, "{8, 25}")
    playable = {card for card in hand if _playable(sea, card)}
    refused, left_out = sorted(said - playable), len(playable - said)
    extra = [n_("{count} of your cards cannot be played; the rules say of one: {why}.",
                "{count} of your cards cannot be played; the rules say of one: {why}.",
                len(refused), why=_why_not(sea, refused[0]))] if refused else []
    missing = [n_("{count} playable card is missing: for each card of your hand, where may it "
                  "go, and what does it cost there?", "{count} playable cards are missing: for "
                  "each card of your hand, where may it go, and what does it cost there?",
                  left_out)] if left_out else []
    return whole(extra + missing, _("each of these fits the order at a cost you can pay."),
                 hint=HAND_HINT)


q4 = Question(
    EXERCISE, 4, N_("The hand limit"), draw=_q4_draw,
    prompt=lambda v: (_("You hold {hand} and the sea is as `q4.picture()` draws it. Which of your "
                        "cards could you play this turn? (You may not place a card that costs "
                        "more discards than the {limit} cards left in your hand.)",
                        hand=", ".join(map(str, v[1])), limit=HAND_LIMIT) + "\n\n"
                      + _("Answer with a set of cards, like `{example}`.", example="{8, 25}")),
    check=_q4_check, solution=lambda v: {c for c in v[1] if _playable(v[0], c)},
    template="answer_4 = ...",
    hint=HAND_HINT,
    picture=lambda v: draw_sea(v[0], title=_("The sea of question {number}", number=4)))


# ----- question 5: where does a number want to go? ------------------------------------------------

@dataclass(frozen=True)
class Spread:
    size: int
    top: int
    cards: dict[str, int]


def _q5_draw(rng: random.Random) -> Spread:
    size, top = rng.choice([(25, 60), (30, 70), (20, 50), (42, 100), (24, 90), (35, 64)])
    cards = sorted(rng.sample(range(1, top + 1), 3))
    return Spread(size, top, dict(zip("ABC", cards)))


def _q5_check(v: Spread, answer: object) -> Verdict:
    said = read_dict(answer, v.cards, keys_reader(v.cards, N_("letter")),
                     lambda value: read_int(value, N_("slot"), low=1), N_("card"))
    mistakes = {}
    for letter, card in v.cards.items():
        if said[letter] != natural_slot(card, v.size, v.top) + 1:
            down = said[letter] == card * v.size // v.top and (card * v.size) % v.top
            mistakes[letter] = joined(" ", (
                _("{letter}: you said {said}.", letter=letter, said=said[letter]),
                _("That rounds down: a slot partly reached is the next one.") if down else "",
                _("Take the card's share of the islands, spread over the cells, and round up to "
                  "a whole slot.")))
    return by_part(v.cards, mistakes, _("a card far from its natural slot squeezes the numbers "
                                        "around it."))


q5 = Question(
    EXERCISE, 5, N_("Where does each number want to go?"), draw=_q5_draw,
    prompt=lambda v: (_("A variant has **{top} islands** and a sea of **{size} cells**. If the "
                        "islands were spread evenly over the cells, island *n* would sit near "
                        "slot n × {size} / {top}, rounded up. Which slot (1 to {size}) is the "
                        "natural slot of each card?", top=v.top, size=v.size) + "\n\n"
                      + "\n".join(_("- {letter}: card {card}", letter=letter, card=card)
                                  for letter, card in v.cards.items()) + "\n\n"
                      + _("Answer with a dict, like `{example}`.", example='{"A": 1, ...}')),
    check=_q5_check,
    solution=lambda v: {letter: natural_slot(card, v.size, v.top) + 1
                        for letter, card in v.cards.items()},
    template='answer_5 = {"A": ..., "B": ..., "C": ...}',
    hint=N_("n × cells / islands, then round up to a whole slot."))


# ----- question 6: the Start's split --------------------------------------------------------------

@dataclass(frozen=True)
class Deal:
    decks: tuple[tuple[int | str, ...], ...]
    discards: int

    def game(self) -> CalmState:
        state = puzzle_from_decks([list(deck) for deck in self.decks], rows=6, cols=6, top=80,
                                  hand_size=5, start_discards=self.discards, finishes=5)
        state.apply("start")
        return state


def _q6_draw(rng: random.Random) -> Deal:
    while True:
        sizes = [rng.randint(3, 6), rng.randint(4, 11), rng.randint(3, 11)]
        cards = iter(rng.sample(range(1, 81), sum(sizes)))
        decks: tuple[tuple[int | str, ...], ...] = tuple(
            ("start", *(next(cards) for _ in range(sizes[0] - 1))) if seat == 0
            else (*(next(cards) for _ in range(size - 1)), "start")
            for seat, size in enumerate(sizes))
        deal = Deal(decks, rng.randint(6, 9))
        most = deal.game().capacities()
        if sum(most) > deal.discards + 2 and min(most) < deal.discards:
            return deal


def _q6_prompt(deal: Deal) -> str:
    most = deal.game().capacities()
    can = ", ".join(_("Player {seat} at most {count}", seat=seat + 1, count=n)
                    for seat, n in enumerate(most))
    return (_("Player 1 has played the Start card, so the team must discard **{discards}** cards "
              "between them. Counting hand and deck, {can}. Give a split the rules allow, as a "
              "list `[player 1, player 2, player 3]`.", discards=deal.discards, can=can)
            + "\n\n" + _("Answer with a list of three numbers, like `{example}`.",
                          example="[3, 3, 2]"))


def _q6_check(deal: Deal, answer: object) -> Verdict:
    if not isinstance(answer, (list, tuple)) or len(answer) != 3:
        raise AnswerError(_("{value} is not a split: write a list of three numbers, like "
                            "[3, 3, 2].", value=show(answer)))
    if any(is_blank(share) for share in answer):
        raise NotAnswered(_("not answered yet: replace each ... of the split with a number."))
    shares = tuple(read_int(share, N_("number of cards"), low=0) for share in answer)
    try:
        deal.game().apply(Split(shares))
    except ActionError as refusal:
        return wrong(_("The rules refuse the split {split}: {refusal}.", split=list(shares),
                       refusal=refusal))
    return right(_("{split} adds up to {discards} and asks no player for more than they have.",
                   split=list(shares), discards=deal.discards))


def _q6_solution(deal: Deal) -> list[int]:
    shares, left = [], deal.discards
    for most in deal.game().capacities():
        shares.append(min(most, left))
        left -= shares[-1]
    return shares


q6 = Question(
    EXERCISE, 6, N_("The Start's split"), draw=_q6_draw, prompt=_q6_prompt, check=_q6_check,
    solution=_q6_solution, template="answer_6 = [..., ..., ...]", forced=True,
    hint=N_("the shares must add up to the discards asked, and no player can give more than they "
            "hold in hand and deck."),
    picture=lambda deal: deal.game())


# ----- question 7: a puzzle to win ----------------------------------------------------------------

Q7_OPTIONS = {"rows": 1, "cols": 3, "top": 9, "start_discards": 1}


def _q7_draw(rng: random.Random) -> int:
    while True:
        seed = rng.randint(0, 10_000)
        if solve(new_puzzle(seed, **Q7_OPTIONS)).winnable:
            return seed


def q7_puzzle(seed: int) -> CalmState:
    """A deal of question 7: one player, a sea of three cells, every card face up."""
    return new_puzzle(seed, **Q7_OPTIONS)


def _q7_prompt(seed: int) -> str:
    puzzle = q7_puzzle(seed)
    return (_("The deal pictured by `q7.picture()` is open: your hand is {hand} and your deck, "
              "top card first, is {deck}. The sea has three cells; the Start asks for one "
              "discard; hands hold three cards. Win the game: give every move, in order.",
              hand=hand_text(puzzle.hand(0)), deck=hand_text(puzzle.deck(0))) + "\n\n"
            + _("Answer with a list of moves written as in the game, like `{example}`.",
                example='["play 5 at (0, 1)", "discard 6 7", "start", "split 1", "finish"]'))


def _q7_check(seed: int, answer: object) -> Verdict:
    if not isinstance(answer, (list, tuple)):
        raise AnswerError(_("{value} is not a list of moves: write them like {example}.",
                            value=show(answer), example='["play 5 at (0, 1)", "start"]'))
    if not answer or any(is_blank(move) for move in answer):
        raise NotAnswered(_("not answered yet: replace the ... with your moves, in order, run "
                            "that cell, then run this check again."))
    game = q7_puzzle(seed)
    for number, move in enumerate(answer, start=1):
        if game.is_over():
            return wrong(_("The game was already over before move {number}.", number=number))
        try:
            game.apply(game.parse_action(move))
        except ActionError as refusal:
            return wrong(_("Move {number} ({move}) is refused: {refusal}. Before it: {expected}; "
                           "you hold {hand}.", number=number, move=show(move), refusal=refusal,
                           expected=game.expected(), hand=hand_text(game.hand(0))))
    if game.won:
        return right(n_("won in {count} move.", "won in {count} moves.", len(answer)))
    if game.is_over():
        return wrong(n_("After your {count} move the team has lost: {cause}.",
                        "After your {count} moves the team has lost: {cause}.", len(answer),
                        cause=game.result.cause if game.result else _("the game is over")))
    hope = solve(game).winnable
    return wrong(joined(" ", (
        n_("All {count} move is legal, but the game is not won yet: next, {expected}.",
           "All {count} moves are legal, but the game is not won yet: next, {expected}.",
           len(answer), expected=game.expected()),
        _("It can still be won from here.") if hope else
        _("From here it can no longer be won: go back a few moves."))))


def _q7_solution(seed: int) -> list[str]:
    return [str(action) for action in solve(q7_puzzle(seed)).line]


q7 = Question(
    EXERCISE, 7, N_("Win the puzzle"), draw=_q7_draw, prompt=_q7_prompt, check=_q7_check,
    solution=_q7_solution, template="answer_7 = [...]",
    hint=N_("plan from the end: which numbers must go in which cell, and when must the Start come?"
            " Try moves in the scratch cell first."),
    picture=q7_puzzle)


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7)

