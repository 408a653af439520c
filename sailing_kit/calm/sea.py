"""The sea: the grid of islands that must ascend in reading order.

Cells are written ``(row, col)`` with row 0 at the bottom and column 0 at the left. The *reading
order* runs along the bottom row from left to right, then along the row above, and so on: cell
``(row, col)`` is number ``row * cols + col`` in that order (its *index*).

A card may go in an empty cell only if it lies strictly between the nearest filled cells before
and after that cell in reading order. Its cost is the smaller difference to its filled neighbours
("next to" is the reading order by default, the cells above, below, left and right with
``adjacency="physical"``), 0 when it has none.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from math import ceil

from sailing_kit.core.errors import ConfigError, IllegalAction
from sailing_kit.core.i18n import Text, _
from sailing_kit.core.reading import shown

READING = "reading"
PHYSICAL = "physical"
ADJACENCIES = (READING, PHYSICAL)

Cell = tuple[int, int]
"""``(row, col)``: row 0 at the bottom, column 0 at the left."""


def natural_slot(card: int, size: int = 36, top: int = 80) -> int:
    """The index (0-based, in reading order) where ``card`` would sit if the ``top`` islands
    were spread evenly over ``size`` cells: about ``card * size / top``."""
    return min(size, max(1, ceil(card * size / top))) - 1


@cache
def _neighbours(rows: int, cols: int, adjacency: str) -> tuple[tuple[int, ...], ...]:
    """For each index, the indices of the cells "next to" it."""
    size = rows * cols
    if adjacency == READING:
        return tuple(tuple(n for n in (i - 1, i + 1) if 0 <= n < size) for i in range(size))
    table = []
    for i in range(size):
        row, col = divmod(i, cols)
        around = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
        table.append(tuple(r * cols + c for r, c in around if 0 <= r < rows and 0 <= c < cols))
    return tuple(table)


@cache
def _positions(rows: int, cols: int) -> tuple[Cell, ...]:
    return tuple(divmod(i, cols) for i in range(rows * cols))


class Sea:
    """An immutable grid of islands (0 marks an empty cell). Build one with :meth:`empty` or
    :meth:`from_cells`; :meth:`place` and :meth:`without` return new seas."""

    __slots__ = ("_filled", "_values", "adjacency", "cells", "cols", "rows")

    def __init__(self, rows: int, cols: int, cells: tuple[int, ...], adjacency: str = READING):
        filled = tuple(i for i, value in enumerate(cells) if value)
        self._set(rows, cols, cells, adjacency, filled, tuple(cells[i] for i in filled))

    def _set(self, rows: int, cols: int, cells: tuple[int, ...], adjacency: str,
             filled: tuple[int, ...], values: tuple[int, ...]) -> Sea:
        self.rows, self.cols, self.adjacency, self.cells = rows, cols, adjacency, cells
        self._filled, self._values = filled, values
        return self

    def _changed(self, cells: tuple[int, ...], filled: tuple[int, ...],
                 values: tuple[int, ...]) -> Sea:
        """A sea like this one with other contents (the filled indices and values given)."""
        return Sea.__new__(Sea)._set(self.rows, self.cols, cells, self.adjacency, filled, values)

    @classmethod
    def empty(cls, rows: int = 6, cols: int = 6, adjacency: str = READING) -> Sea:
        return _empty(rows, cols, adjacency)

    @classmethod
    def from_cells(cls, cells: Mapping[Cell, int], rows: int = 6, cols: int = 6,
                   adjacency: str = READING) -> Sea:
        """A sea holding ``{(row, col): island, ...}``; ConfigError if it does not ascend."""
        if adjacency not in ADJACENCIES:
            raise ConfigError(_("adjacency must be 'reading' or 'physical', not {given}",
                                given=shown(adjacency)))
        grid = [0] * (rows * cols)
        for cell, value in dict(cells).items():
            if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
                raise ConfigError(_("cell {cell} holds {given}: an island is a whole number "
                                    "from 1", cell=shown(cell), given=shown(value)))
            row, col = _read_cell(cell, rows, cols)
            grid[row * cols + col] = value
        sea = cls(rows, cols, tuple(grid), adjacency)
        for before, after in zip(sea._filled, sea._filled[1:]):
            if sea.cells[before] >= sea.cells[after]:
                raise ConfigError(_(
                    "the sea must ascend in reading order, but {first} at {first_cell} comes "
                    "before {second} at {second_cell}", first=sea.cells[before],
                    first_cell=sea.position(before), second=sea.cells[after],
                    second_cell=sea.position(after)))
        return sea

    # ----- geometry -------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rows * self.cols

    def index(self, row: int, col: int) -> int:
        """The cell's number in reading order (0 is the bottom left)."""
        return row * self.cols + col

    def position(self, index: int) -> Cell:
        """The ``(row, col)`` of the cell with this reading-order index."""
        return _positions(self.rows, self.cols)[index]


    def neighbours(self, index: int) -> tuple[int, ...]:
        """The indices of the cells "next to" this one (by the sea's adjacency)."""
        return _neighbours(self.rows, self.cols, self.adjacency)[index]

    # ----- contents -------------------------------------------------------------------------------
    def __getitem__(self, cell: Cell) -> int | None:
        """The island at ``(row, col)``, or None if the cell is empty."""
        row, col = _read_cell(cell, self.rows, self.cols)
        return self.cells[row * self.cols + col] or None

    def islands(self) -> Iterator[tuple[Cell, int]]:
        """Every ``((row, col), island)`` in reading order."""
        for i in self._filled:
            yield self.position(i), self.cells[i]

    @property
    def filled(self) -> int:
        return len(self._filled)

    def is_full(self) -> bool:
        return len(self._filled) == self.size

    def full_rows(self) -> int:
        """How many rows are completely filled."""
        cols, cells = self.cols, self.cells
        return sum(all(cells[r * cols:(r + 1) * cols]) for r in range(self.rows))

    def row_has_space(self, row: int) -> bool:
        return not all(self.cells[row * self.cols:(row + 1) * self.cols])

    # ----- the rule of the ascending sea ----------------------------------------------------------
    def gap(self, card: int) -> tuple[int, int]:
        """``(a, b)``: the card must go strictly between indices ``a`` and ``b``, the nearest
        filled cells holding a smaller and a larger island (-1 and ``size`` at the ends)."""
        k = bisect_left(self._values, card)
        return (self._filled[k - 1] if k else -1,
                self._filled[k] if k < len(self._filled) else self.size)

    def placements(self, card: int, closed_row: int | None = None) -> list[tuple[int, int]]:
        """Every ``(index, cost)`` where ``card`` may go (skipping ``closed_row``), in reading
        order."""
        if card in self._values:
            return []
        a, b = self.gap(card)
        cols, cells = self.cols, self.cells
        if self.adjacency == READING:
            found = [(i, 0) for i in range(a + 1, b)]
            if found and a >= 0:
                found[0] = (a + 1, card - cells[a])
            if found and b < self.size:
                last = found[-1]
                found[-1] = (b - 1, min(last[1] or cells[b] - card, cells[b] - card))
        else:
            table = _neighbours(self.rows, cols, self.adjacency)
            found = [(i, min([abs(card - cells[n]) for n in table[i] if cells[n]], default=0))
                     for i in range(a + 1, b)]
        if closed_row is not None:
            found = [(i, cost) for i, cost in found if i // cols != closed_row]
        return found

    def affordable(self, card: int, closed_row: int | None, limit: int) -> list[tuple[int, int]]:
        """The runs of indices ``[start, stop)`` where ``card`` may go at a cost of at most
        ``limit``, skipping ``closed_row`` (the fast path of :meth:`placements`)."""
        runs = self.affordable_runs((card,), closed_row, limit)
        return [(start, stop) for _, start, stop in runs]

    def affordable_runs(self, cards: Iterable[int], closed_row: int | None,
                        limit: int) -> list[tuple[int, int, int]]:
        """``(card, start, stop)`` for each island of ``cards`` and each run of indices
        ``[start, stop)`` where it may go at a cost of at most ``limit``. In reading order only
        the two ends of a card's gap have neighbours, so its legal cells are one run (cut in two
        by a closed row)."""
        if self.adjacency != READING:
            return [(card, i, i + 1) for card in cards
                    for i, cost in self.placements(card, closed_row) if cost <= limit]
        values, filled, size = self._values, self._filled, self.rows * self.cols
        count = len(values)
        if closed_row is not None:
            low, high = closed_row * self.cols, (closed_row + 1) * self.cols
        runs = []
        for card in cards:
            k = bisect_left(values, card)
            if k < count and values[k] == card:
                continue
            a = filled[k - 1] if k else -1
            b = filled[k] if k < count else size
            below = card - values[k - 1] if k else 0
            above = values[k] - card if k < count else 0
            if b - a == 2:  # one cell, between two neighbours: the smaller difference counts
                start, stop = a + 1, a + 1 + (min(below or above, above or below) <= limit)
            else:
                start, stop = a + 1 + (below > limit), b - (above > limit)
            if stop <= start:
                continue
            if closed_row is None or stop <= low or start >= high:
                runs.append((card, start, stop))
            else:
                if start < low:
                    runs.append((card, start, low))
                if stop > high:
                    runs.append((card, high, stop))
        return runs

    def legal_cells(self, card: int, closed_row: int | None = None) -> list[Cell]:
        """Every ``(row, col)`` where ``card`` may go, in reading order."""
        return [self.position(i) for i, _ in self.placements(card, closed_row)]

    def cost(self, card: int, row: int, col: int) -> int:
        """The discards that placing ``card`` at ``(row, col)`` costs; IllegalAction (naming the
        rule) if the cell is off the sea or taken, or the ascending order forbids it."""
        row, col = _read_cell((row, col), self.rows, self.cols, IllegalAction)
        index = row * self.cols + col
        refusal = self.refusal(card, index)
        if refusal:
            raise IllegalAction(refusal)
        return self.cost_at(card, index)

    def cost_at(self, card: int, index: int) -> int:
        """The cost at an index already known to be legal: the smallest difference to a filled
        neighbour, 0 with none."""
        cells = self.cells
        if self.adjacency == READING:  # the cells just before and after: the common, fast case
            before = cells[index - 1] if index else 0
            after = cells[index + 1] if index + 1 < len(cells) else 0
            if before and after:
                return min(card - before, after - card)
            return card - before if before else (after - card if after else 0)
        return min([abs(card - cells[n]) for n in self.neighbours(index) if cells[n]], default=0)

    def refusal(self, card: int, index: int) -> str | None:
        """Why ``card`` may not go at ``index`` (the broken rule in words), or None if it may."""
        cells = self.cells
        where = self.position(index)
        if cells[index]:
            return _("cell {cell} already holds island {island}", cell=where, island=cells[index])
        if card in self._values:
            return _("island {card} is already in the sea", card=card)
        a, b = self.gap(card)
        if index <= a:
            return _("the sea must ascend in reading order (bottom row left to right, then the "
                     "row above): {card} cannot come before {other} at {cell}", card=card,
                     other=cells[a], cell=self.position(a))
        if index >= b:
            return _("the sea must ascend in reading order (bottom row left to right, then the "
                     "row above): {card} cannot come after {other} at {cell}", card=card,
                     other=cells[b], cell=self.position(b))
        return None

    # ----- new seas -------------------------------------------------------------------------------
    def placed(self, card: int, index: int) -> Sea:
        """A new sea with ``card`` at the empty cell ``index`` (no checks: use :meth:`refusal`
        first)."""
        cells, filled, values = self.cells, self._filled, self._values
        k = bisect_left(filled, index)
        return self._changed(cells[:index] + (card,) + cells[index + 1:],
                             filled[:k] + (index,) + filled[k:], values[:k] + (card,) + values[k:])

    def place(self, card: int, row: int, col: int) -> Sea:
        """A new sea with ``card`` at ``(row, col)``; IllegalAction if that breaks the order."""
        self.cost(card, row, col)
        return self.placed(card, row * self.cols + col)

    def without(self, index: int) -> Sea:
        """A new sea with the filled cell at ``index`` emptied (a sea monster's work)."""
        cells, filled, values = self.cells, self._filled, self._values
        k = filled.index(index)
        return self._changed(cells[:index] + (0,) + cells[index + 1:],
                             filled[:k] + filled[k + 1:], values[:k] + values[k + 1:])

    # ----- display --------------------------------------------------------------------------------
    def text(self) -> str:
        """The sea as rows of numbers, the top row first (as it lies on the table)."""
        width = max([len(str(v)) for v in self._values] + [2])
        lines = []
        for row in reversed(range(self.rows)):
            values = self.cells[row * self.cols:(row + 1) * self.cols]
            lines.append(f"{row_name(row)}: " + " ".join(str(v).rjust(width) if v else "·".rjust(width)
                                                   for v in values))
        return "\n".join(lines)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sea) and (self.rows, self.cols, self.adjacency, self.cells) == (
            other.rows, other.cols, other.adjacency, other.cells)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.adjacency, self.cells))

    def __repr__(self) -> str:
        cells = ", ".join(f"{cell}: {value}" for cell, value in self.islands())
        extra = "" if (self.rows, self.cols) == (6, 6) else f", rows={self.rows}, cols={self.cols}"
        extra += "" if self.adjacency == READING else f", adjacency={self.adjacency!r}"
        return f"Sea.from_cells({{{cells}}}{extra})"

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str:
        from sailing_kit.calm.drawing import draw_sea

        return draw_sea(self).to_svg()


@cache
def _empty(rows: int, cols: int, adjacency: str) -> Sea:
    """The empty sea of a size (seas never change, so one serves every game)."""
    return Sea(rows, cols, (0,) * (rows * cols), adjacency)


def _read_cell(cell: object, rows: int, cols: int,
               error: type[ValueError] = ConfigError) -> Cell:
    if not (isinstance(cell, (tuple, list)) and len(cell) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in cell)):
        raise error(_("a cell is two whole numbers (row, col), not {cell}", cell=repr(cell)))
    row, col = cell
    if not (0 <= row < rows and 0 <= col < cols):
        raise error(no_cell((row, col), rows, cols))
    return (row, col)


def no_cell(cell: object, rows: int, cols: int) -> Text:
    """The refusal of a cell off the sea."""
    return _("there is no cell {cell}: rows go from 0 (bottom) to {top}, columns from 0 (left) "
             "to {right}", cell=cell, top=rows - 1, right=cols - 1)


def row_name(row: int) -> Text:
    """A row as the engine names it: "row 3" (0 is the bottom row)."""
    return _("row {number}", number=row)


def slot_words(cell: Cell, cols: int) -> Text:
    """A cell as the board numbers it: "slot 5" (the cells count 1, 2, ... in reading order,
    each row left to right from the bottom)."""
    row, col = cell
    return _("slot {number}", number=row * cols + col + 1)


def row_words(row: int, cols: int) -> Text:
    """A row of the sea as the board shows it: "the row of slots 7–12"."""
    return _("the row of slots {first}–{last}", first=row * cols + 1, last=row * cols + cols)
