"""The reviews of a class's tables (issue #25): every decision of the students weighed against
optimal play by the game's own ``review(state, players)``, the very review a notebook and a
board show. They serve the review page (one click from a table's replay), the Review button at
a class seat, and the teacher's class tournament: each student's mean loss per decision.

A finished game never changes: its review is made once and kept. Reviews are made on a thread
of their own, never on the server's event loop (a first Yahtzee review may solve the strategy
table for seconds) nor on the bots' threads, which go on meanwhile; at most
:data:`MAX_WAITING` requests wait for it, and the tournament counts at most
:data:`MOST_TABLES` tables and lists at most :data:`MOST_ROWS` students.
"""

from __future__ import annotations

import html
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from sailing_kit.classroom.languages import carried, game_title
from sailing_kit.classroom.table import Table
from sailing_kit.core.errors import ConfigError, SavedGameError
from sailing_kit.core.i18n import _, language, n_
from sailing_kit.core.info import game_package
from sailing_kit.core.review import Review, Scale

if TYPE_CHECKING:
    from sailing_kit.classroom.room import Classroom
    from sailing_kit.classroom.schema import TableRow

KEEP = 16
"""Whole reviews kept (each with its answer: a few hundred KB)."""
MAX_WAITING = 64
"""Requests that may wait for the review thread at once; more are refused as busy."""
MOST_TABLES = 200
"""The newest tables of games with a review that the tournament follows."""
MOST_ROWS = 40
"""The most rows the tournament lists (the smallest mean loss first, per game)."""

T = TypeVar("T")


class NoReview(ValueError):
    """No review of this table: its game has no exact solver, or it is still being played."""


class Busy(ValueError):
    """Too many reviews are asked at once: try again in a moment."""


def reviewer(game: str) -> Callable[..., Review] | None:
    """The game's ``review(state, players)``, or None for a game without an exact solver."""
    found: Callable[..., Review] | None = getattr(game_package(game), "review", None)
    return found


def student_seats(row: TableRow) -> list[int] | None:
    """The seats students play (no bot fills them), as a board reviews the people at its
    screen: None (every seat) when bots play them all."""
    return [seat for seat in range(row.players) if seat not in row.bots] or None


@dataclass(frozen=True)
class Weighed:
    """A table's review, and the review endpoint's answers (JSON text) made from it, one per
    language asked."""

    review: Review
    code: str
    game: str
    answers: dict[str, str] = field(default_factory=dict)

    @property
    def answer(self) -> str:
        """The review endpoint's answer, in the language spoken now."""
        said = language()
        if said not in self.answers:
            self.answers[said] = json.dumps(
                {"code": self.code, "game": game_title(self.game),
                 "review": self.review.to_json(), "html": self.review.to_html()},
                ensure_ascii=False)
        return self.answers[said]


@dataclass(frozen=True)
class SeatLoss:
    """One student's decisions at one finished table."""

    game: str
    scale: Scale
    name: str
    decisions: int
    total: float


@dataclass(frozen=True)
class StudentLoss:
    """One student's decisions at the finished tables of one game, summed: a row of the class
    tournament."""

    game: str
    scale: Scale
    name: str
    tables: int
    decisions: int
    total: float

    @property
    def mean(self) -> float:
        """The mean loss per decision (0 with no decision)."""
        return self.total / self.decisions if self.decisions else 0.0


class ClassReviews:
    """The reviews of one class: made on the review thread, the last :data:`KEEP` kept, and
    each finished table's losses per student for the tournament."""

    def __init__(self, room: Classroom):
        self.room = room
        self._kept: OrderedDict[tuple[Any, ...], Weighed] = OrderedDict()
        self._losses: dict[int, tuple[SeatLoss, ...]] = {}
        """Finished tables (by id) -> each student seat's losses."""
        self._following: dict[int, Table] = {}
        """Tables still being played, caught up move by move until they end."""
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="sailing-kit-reviews")
        self._waiting = 0
        self._lock = threading.Lock()

    def stop(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)

    def submit(self, work: Callable[[], T]) -> Future[T]:
        """Run ``work`` on the review thread, in the language spoken now; :class:`Busy` if too
        many requests wait."""
        with self._lock:
            if self._waiting >= MAX_WAITING:
                raise Busy(_("The class server is weighing many games: try again in a moment."))
            self._waiting += 1
        future = self._worker.submit(carried(work))
        future.add_done_callback(self._finished)
        return future

    def _finished(self, _: Future[Any]) -> None:
        with self._lock:
            self._waiting -= 1

    # ----- on the review thread -------------------------------------------------------------------
    def weighed(self, row: TableRow, table: Table | None = None) -> Weighed:
        """The review of table ``row``'s students (``table``: the table already replayed), made
        once; :class:`NoReview` for a game without one or a table still being played."""
        weigh = reviewer(row.game)
        if weigh is None:
            raise NoReview(_("{game} has no review: only the games with an exact solver "
                             "(Jacht, Yahtzee, the trireme duel) are weighed.",
                             game=game_title(Table.info_of(row).title)))
        bots = tuple(sorted(row.bots.items()))
        key = (row.id, table.moves_played if table else self.room.store.move_count(row.id), bots)
        if key not in self._kept:
            table = table or Table(self.room, row)
            if not (row.closed or table.state.is_over()):
                raise NoReview(_("Table {code} is still being played: its review comes at "
                                 "the end.", code=row.code))
            review = weigh(table.state, student_seats(row))
            key = (row.id, table.moves_played, bots)
            self._kept[key] = Weighed(review, row.code, table.info.title)
            while len(self._kept) > KEEP:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return self._kept[key]

    def tournament(self) -> list[StudentLoss]:
        """Per game and student, over the finished tables of the games with a review (the
        newest :data:`MOST_TABLES`): tables, decisions and total loss; the smallest mean loss
        first within each game."""
        rows = [row for row in self.room.store.tables() if reviewer(row.game)][-MOST_TABLES:]
        followed = {row.id for row in rows}
        for gone in [table_id for table_id in self._following if table_id not in followed]:
            del self._following[gone]
        for gone in [table_id for table_id in self._losses if table_id not in followed]:
            del self._losses[gone]
        summed: dict[tuple[str, str], StudentLoss] = {}
        for row in rows:
            for loss in self._table_losses(row):
                key = (loss.game, loss.name)
                before = summed.get(key, StudentLoss(loss.game, loss.scale, loss.name, 0, 0, 0.0))
                summed[key] = StudentLoss(loss.game, loss.scale, loss.name, before.tables + 1,
                                          before.decisions + loss.decisions,
                                          before.total + loss.total)
        return sorted(summed.values(), key=lambda s: (s.game, s.mean, s.name))

    def _table_losses(self, row: TableRow) -> tuple[SeatLoss, ...]:
        """Each named student's decisions and loss at table ``row`` once it is finished (none
        while it is played, or if its stored game no longer replays)."""
        if row.id in self._losses:
            return self._losses[row.id]
        try:
            table = self._following.get(row.id) or Table(self.room, row)
            for move in table.fetch():
                table.apply_stored(move)
        except (ConfigError, SavedGameError):
            return ()
        if not table.state.is_over():
            self._following[row.id] = table
            return ()
        self._following.pop(row.id, None)
        review = self.weighed(row, table).review
        names = table.names()
        self._losses[row.id] = tuple(
            SeatLoss(table.info.title, review.scale, names[totals.seat], totals.decisions,
                     totals.total)
            for totals in review.totals if totals.seat in names)
        return self._losses[row.id]


def tournament_html(standings: Iterable[StudentLoss]) -> str:
    """The class tournament as an HTML table (escaped; at most :data:`MOST_ROWS` rows)."""
    rows = list(standings)
    if not rows:
        return "<i>{}</i>".format(html.escape(_(
            "No finished table of a game with a review yet (Jacht, Yahtzee, the trireme duel).")))
    body = "".join(
        f"<tr><td>{html.escape(game_title(s.game))}</td><td>{html.escape(s.name)}</td><td>{s.tables}</td>"
        f"<td>{s.decisions}</td><td>{html.escape(s.scale.cost(s.total))}</td>"
        f"<td><b>{html.escape(s.scale.cost(s.mean))}</b></td></tr>" for s in rows[:MOST_ROWS])
    hidden = len(rows) - MOST_ROWS
    more = ("<div>" + html.escape(n_("… and {count} more row.", "… and {count} more rows.",
                                     hidden)) + "</div>" if hidden > 0 else "")
    heads = (_("game"), _("student"), _("tables"), _("decisions"), _("total loss"),
             _("mean loss per decision"))
    return ("<table border='1' style='border-collapse:collapse'><tr>"
            + "".join(f"<th>{html.escape(head)}</th>" for head in heads)
            + f"</tr>{body}</table>{more}<div style='font-size:0.8em'>"
            + html.escape(_("as of {time}", time=time.strftime('%H:%M:%S'))) + "</div>")
