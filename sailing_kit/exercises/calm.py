"""Auto-checked questions for the Calm lesson: the sea as one line, costs, legal cells, the hand
limit, natural slots, the Start's split, and a puzzle to win.

``q1(answer)`` ... ``q7(answer)`` each return a :class:`~sailing_kit.exercises.feedback.Feedback`.
Every expected answer is computed by the rules engine (:mod:`sailing_kit.calm`), never typed in;
a wrong answer's feedback says what was wrong and why, in the engine's words where it refuses a
move. Answers are read as data only. ``QUESTIONS`` lists the questions in order and ``PROMPTS``
maps each name (``"q1"``, ...) to its prompt in Markdown.
"""

from __future__ import annotations

from math import ceil

from sailing_kit.calm import CalmState, Sea, Split, natural_slot
from sailing_kit.calm.cards import hand_text
from sailing_kit.calm.puzzle import new_puzzle, puzzle_from_decks, solve
from sailing_kit.calm.sea import Cell
from sailing_kit.core.errors import IllegalAction
from sailing_kit.exercises.feedback import (
    AnswerError,
    Feedback,
    NotAnswered,
    correct,
    is_blank,
    not_yet,
    question,
    read_choice,
    read_dict,
    read_int,
    read_point,
    read_points,
    read_set,
    show,
)

SIZE, TOP, HAND_LIMIT = 36, 80, 4


def _verdict(mistakes: list[str], praise: str) -> Feedback:
    return not_yet("\n".join(mistakes)) if mistakes else correct(praise)


def _letter_reader(letters):
    return lambda value: read_choice(value, {letter: letter for letter in letters}, "letter")


def _neighbours_in_words(sea: Sea, index: int) -> str:
    """The filled neighbours of a cell and their differences, in words."""
    filled = [(sea.position(n), sea.cells[n]) for n in sea.neighbours(index) if sea.cells[n]]
    if not filled:
        return "no neighbour in the sequence holds a card"
    return " and ".join(f"{value} at {cell}" for cell, value in filled)


# ----- question 1: the sea as one line ------------------------------------------------------------

Q1_CELLS: tuple[Cell, ...] = ((0, 5), (1, 0), (3, 2), (5, 5))


@question(
    "Question 1 · The sea as one line",
    "Cells are written `(row, col)`: row 0 is the bottom row, column 0 the left column. Reading "
    "the sea as one line of 36 slots — the bottom row left to right, then the row above — which "
    "slot (1 to 36) is each cell?\n\n"
    "Answer with a dict from cell to slot, like `{(0, 5): 6, ...}`.",
)
def q1(answer: object) -> Feedback:
    sea = Sea.empty()
    said = read_dict(answer, Q1_CELLS, read_point, lambda v: read_int(v, "slot", low=1), "cell")
    return _verdict(
        [_slot_mistake(cell, said[cell]) for cell in Q1_CELLS
         if said[cell] != sea.index(*cell) + 1],
        "slot = row × 6 + column + 1: each full row below comes first.",
    )


def _slot_mistake(cell: Cell, said: int) -> str:
    row, col = cell
    slot = Sea.empty().index(row, col) + 1
    below = ("No row lies below it" if row == 0 else "The row below it holds 6 slots" if row == 1
             else f"The {row} rows below it hold {6 * row} slots")
    return (f"Cell {cell}: you said slot {said}. {below}; then it is number {col + 1} in its own "
            f"row: slot {slot}.")


# ----- question 2: what does it cost? -------------------------------------------------------------

Q2_SEA = Sea.from_cells({(0, 2): 12, (0, 4): 20, (0, 5): 23, (1, 3): 31})
Q2_PLACEMENTS: dict[str, tuple[int, Cell]] = {"A": (15, (0, 3)), "B": (26, (1, 0)),
                                              "C": (29, (1, 2)), "D": (27, (1, 1))}
"""Letter: (card, cell)."""


def q2_picture():
    """The sea of question 2, each placement's cell marked with its letter."""
    from sailing_kit.calm.drawing import draw_sea

    labels = {cell: f"{letter}: {card}" for letter, (card, cell) in Q2_PLACEMENTS.items()}
    return draw_sea(Q2_SEA, labels, title="The sea of question 2")


@question(
    "Question 2 · What does it cost?",
    "In the sea pictured above, how many cards must you discard for each placement?\n\n"
    + "\n".join(f"- {letter}: {card} at {cell}" for letter, (card, cell) in Q2_PLACEMENTS.items())
    + '\n\nAnswer with a dict, like `{"A": 0, ...}`.',
)
def q2(answer: object) -> Feedback:
    said = read_dict(answer, Q2_PLACEMENTS, _letter_reader(list(Q2_PLACEMENTS)),
                     lambda v: read_int(v, "number of cards", low=0), "placement")
    mistakes = []
    for letter, (card, cell) in Q2_PLACEMENTS.items():
        cost = Q2_SEA.cost(card, *cell)
        if said[letter] != cost:
            index = Q2_SEA.index(*cell)
            mistakes.append(f"{letter} ({card} at {cell}): you said {said[letter]}. Its neighbours "
                            f"in the sequence: {_neighbours_in_words(Q2_SEA, index)}"
                            + (f"; the smaller difference is {cost}." if cost else
                               ", so it costs nothing."))
    return _verdict(mistakes, "next to a card you pay the difference, between two the smaller "
                              "one, and across a row break too.")


# ----- question 3: where may it go? ---------------------------------------------------------------

Q3_SEA = Sea.from_cells({(0, 1): 5, (1, 4): 24, (2, 2): 40, (3, 0): 52})
Q3_CARD = 30


@question(
    "Question 3 · Where may it go?",
    f"In the sea pictured above, in which cells may **{Q3_CARD}** be placed (whatever it costs)?"
    "\n\nAnswer with a set of cells, like `{(0, 0), (1, 2)}`.",
)
def q3(answer: object) -> Feedback:
    said = read_points(answer)
    legal = set(Q3_SEA.legal_cells(Q3_CARD))
    a, b = Q3_SEA.gap(Q3_CARD)
    between = (f"between {Q3_SEA.cells[a]} at {Q3_SEA.position(a)} and {Q3_SEA.cells[b]} at "
               f"{Q3_SEA.position(b)}")
    missing = [f"You left out {cell}: it is empty and lies {between} in reading order."
               for cell in sorted(legal - said)]
    extra = [f"Not {cell}: {_refusal(Q3_SEA, Q3_CARD, cell)}." for cell in sorted(said - legal)]
    return _verdict(missing + extra,
                    f"{Q3_CARD} must lie {between}: exactly the empty cells there.")


def _refusal(sea: Sea, card: int, cell: Cell) -> str:
    try:
        sea.cost(card, *cell)
    except IllegalAction as refusal:
        return str(refusal)
    return "it is allowed"  # pragma: no cover - only called for refused cells


# ----- question 4: the hand limit -----------------------------------------------------------------

Q4_SEA = Sea.from_cells({(0, 0): 3, (0, 2): 10, (1, 0): 20, (1, 2): 30, (2, 0): 45})
Q4_HAND = (2, 8, 25, 38, 46)


def _playable(card: int) -> bool:
    """True if ``card`` fits somewhere in question 4's sea at a cost the hand can pay."""
    return any(cost <= HAND_LIMIT for _, cost in Q4_SEA.placements(card))


@question(
    "Question 4 · The hand limit",
    f"You hold {', '.join(map(str, Q4_HAND))} and the sea is as pictured above. Which of your "
    "cards could you play this turn? (You may not place a card that costs more discards than "
    f"the {HAND_LIMIT} cards left in your hand.)\n\nAnswer with a set of cards, like `{{8, 25}}`.",
)
def q4(answer: object) -> Feedback:
    said = read_set(answer, _read_hand_card, "{8, 25}")
    playable = {card for card in Q4_HAND if _playable(card)}
    missing = [f"{card} can be played: {_cheapest(card)}." for card in sorted(playable - said)]
    extra = [f"{card} cannot be played: {_why_not(card)}." for card in sorted(said - playable)]
    return _verdict(missing + extra, "each of these fits the order at a cost you can pay.")


def _read_hand_card(value: object) -> int:
    card = read_int(value, "card")
    if card not in Q4_HAND:
        raise AnswerError(f"{card} is not in your hand ({', '.join(map(str, Q4_HAND))}).")
    return card


def _cheapest(card: int) -> str:
    index, cost = min(Q4_SEA.placements(card), key=lambda option: option[1])
    return f"at {Q4_SEA.position(index)} it costs {cost}"


def _why_not(card: int) -> str:
    options = Q4_SEA.placements(card)
    if not options:
        a, b = Q4_SEA.gap(card)
        edge = (f"before {Q4_SEA.cells[b]} at {Q4_SEA.position(b)}" if a < 0
                else f"between {Q4_SEA.cells[a]} and {Q4_SEA.cells[b]}")
        return f"it would have to go {edge}, and no cell is left there"
    cheapest = min(cost for _, cost in options)
    cells = ", ".join(str(Q4_SEA.position(i)) for i, _ in options)
    return (f"it fits only at {cells}, where the cheapest costs {cheapest} discards — more "
            f"than the {HAND_LIMIT} cards left in your hand")


# ----- question 5: where does a number want to go? ------------------------------------------------

Q5_CARDS = (9, 50, 71)


@question(
    "Question 5 · Where does each number want to go?",
    f"If the {TOP} islands were spread evenly over the {SIZE} cells, island *n* would sit near "
    f"slot n × {SIZE} / {TOP}, rounded up. Which slot (1 to {SIZE}) is the natural slot of each "
    "card?\n\nAnswer with a dict, like `{9: 1, ...}`.",
)
def q5(answer: object) -> Feedback:
    said = read_dict(answer, Q5_CARDS, lambda v: read_int(v, "card"),
                     lambda v: read_int(v, "slot", low=1), "card")
    mistakes = []
    for card in Q5_CARDS:
        slot = natural_slot(card, SIZE, TOP) + 1
        if said[card] != slot:
            exact = card * SIZE / TOP
            mistakes.append(f"Card {card}: you said {said[card]}. {card} × {SIZE} / {TOP} = "
                            f"{exact:g}, rounded up: slot {ceil(exact)}.")
    return _verdict(mistakes, "a card far from its natural slot squeezes the numbers around it.")


# ----- question 6: the Start's split --------------------------------------------------------------

def q6_game() -> CalmState:
    """Three players; Player 1 has just played the Start card."""
    state = puzzle_from_decks([["start", 1, 2, 3, 4], [20, 21, 22, 23, 24, 25, 26, 27, 28, "start"],
                               [30, 31, "start"]], rows=6, cols=6, top=80, hand_size=5,
                              start_discards=8, finishes=5)
    state.apply("start")
    return state


def _q6_prompt() -> str:
    most = q6_game().capacities()
    can = ", ".join(f"Player {seat + 1} at most {n}" for seat, n in enumerate(most))
    return ("Player 1 has played the Start card, so the team must discard 8 cards between them. "
            f"Counting hand and deck, {can}. Give a split the rules allow, as a list "
            "`[player 1, player 2, player 3]`.\n\nAnswer with a list of three numbers, like "
            "`[3, 3, 2]`.")


@question("Question 6 · The Start's split", _q6_prompt())
def q6(answer: object) -> Feedback:
    if not isinstance(answer, (list, tuple)) or len(answer) != 3:
        raise AnswerError(f"{show(answer)} is not a split: write a list of three numbers, like "
                          "[3, 3, 2].")
    shares = tuple(read_int(share, "number of cards", low=0) for share in answer)
    trial = q6_game()
    try:
        trial.apply(Split(shares))
    except IllegalAction as refusal:
        return not_yet(f"The rules refuse the split {list(shares)}: {refusal}.")
    return correct(f"{list(shares)} adds up to 8 and asks no player for more than they have.")


# ----- question 7: a puzzle to win ----------------------------------------------------------------

Q7_OPTIONS = {"rows": 1, "cols": 3, "top": 9, "start_discards": 1}


def q7_puzzle() -> CalmState:
    """The deal of question 7: one player, a sea of three cells, every card face up."""
    return new_puzzle(22, **Q7_OPTIONS)


def _q7_prompt() -> str:
    puzzle = q7_puzzle()
    return (f"The deal pictured above is open: your hand is {hand_text(puzzle.hand(0))} and your "
            f"deck, top card first, is {hand_text(puzzle.deck(0))}. The sea has three cells; the "
            "Start asks for one discard; hands hold three cards. Win the game: give every move, "
            "in order.\n\nAnswer with a list of moves written as in the game, like "
            "`[\"play 5 at (0, 1)\", \"discard 6 7\", \"start\", \"split 1\", \"finish\"]`.")


@question("Question 7 · Win the puzzle", _q7_prompt())
def q7(answer: object) -> Feedback:
    if not isinstance(answer, (list, tuple)):
        raise AnswerError(f"{show(answer)} is not a list of moves: write them like "
                          "[\"play 5 at (0, 1)\", \"start\"].")
    if not answer or any(is_blank(move) for move in answer):
        raise NotAnswered("not answered yet: replace the ... with your moves, in order, run that "
                          "cell, then run this check again.")
    game = q7_puzzle()
    for number, move in enumerate(answer, start=1):
        if game.is_over():
            return not_yet(f"The game was already over before move {number}: "
                           f"{game.result.reason}.")
        try:
            game.apply(game.parse_action(move))
        except IllegalAction as refusal:
            return not_yet(f"Move {number} ({show(move)}) is refused: {refusal}. Before it: "
                           f"{game.expected()}; you hold {hand_text(game.hand(0))}.")
    if game.won:
        return correct(f"won in {len(answer)} moves.")
    if game.is_over():
        return not_yet(f"After your {len(answer)} moves the team has lost: {game.result.reason}.")
    hope = solve(game).winnable
    return not_yet(f"All {len(answer)} moves are legal, but the game is not won yet: next, "
                   f"{game.expected()}. " + ("It can still be won from here." if hope else
                                             "From here it can no longer be won: go back a few "
                                             "moves."))


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7)
PROMPTS = {f"q{number}": q.prompt for number, q in enumerate(QUESTIONS, 1)}
