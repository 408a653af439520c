"""Reviews in class mode (#25.3): a finished table's review is one click from its replay and is
the very review a notebook makes of the same game; unknown codes and tables without a review are
answered alike; the review is made once, off the event loop, and a class seat's Review button
shows the same; the dashboard's class tournament sums each student's reviews."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sailing_kit.classroom import Classroom
from sailing_kit.classroom import reviews as class_reviews
from sailing_kit.classroom.reviews import ClassReviews, NoReview, tournament_html
from sailing_kit.classroom.seatboard import seat_board
from sailing_kit.classroom.table import Seat, Table
from sailing_kit.core.bots import random_bot
from sailing_kit.core.info import game_package
from sailing_kit.trireme import review as trireme_review
from sailing_kit.yacht import review as yacht_review
from tests.browser.boards import status_text
from tests.classroom.live import Browser, LiveServer, store_dump

DICE = {"players": 2, "rules": "jacht"}
"""Jacht: its strategy table is solved in a fraction of a second."""


def play_to_end(seats: list[Seat], seed: int) -> None:
    """The students play at random (so their choices cost something) until the game ends."""
    chooser = random_bot(seed)
    table = seats[0].table
    for _ in range(2000):
        for seat in seats:
            seat.refresh()
            if seat.my_turn:
                seat.play(chooser(seat.state))
        if table.state.is_over():
            return
    raise AssertionError("the game did not end")


def finished(room: Classroom, game: str, names: list[str], seed: int,
             **options: Any) -> tuple[Table, list[Seat]]:
    """A table of ``game`` whose students ``names`` played it to its end."""
    table = room.open_table(game, seed=seed, **options)
    seats = [room.join(table.code, name) for name in names]
    play_to_end(seats, seed)
    table.refresh()
    return table, seats


def notebook_copy(table: Table) -> Any:
    """The same game as a notebook has it: its saved game loaded."""
    return type(table.state).from_json(table.state.to_json())


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_the_review_served_in_class_mode_is_the_notebooks(room: Classroom,
                                                         server: LiveServer) -> None:
    duel, _ = finished(room, "trireme", ["Ana"], 2, map="small")
    dice, _ = finished(room, "yacht", ["Ben"], 3, bots=1, **DICE)
    browser = Browser(server)
    for table, weighed in ((duel, trireme_review(notebook_copy(duel))),
                           (dice, yacht_review(notebook_copy(dice), players=[0]))):
        status, frame = browser.get(f"/class/api/replay/{table.code}")
        assert status == 200 and frame["review"] is True  # the replay page links to it
        status, answer = browser.get(f"/class/api/review/{table.code}")
        assert status == 200 and answer["code"] == table.code
        assert answer["review"] == plain(weighed.to_json()) and weighed.decisions
        assert answer["html"] == weighed.to_html()
        assert browser.get(f"/class/review/{table.code}")[0] == 200
    assert [p["seat"] for p in answer["review"]["players"]] == [0]  # the bot is not weighed
    assert sum(d["cost"] for d in answer["review"]["decisions"]) > 0


def test_unknown_codes_and_tables_without_a_review_get_the_same_answer_shape(
        room: Classroom, server: LiveServer) -> None:
    calm = room.open_table("calm", players=2, seed=2)
    room.close_table(calm.code)
    playing = room.open_table("yacht", seed=3, **DICE)
    before = store_dump(room)
    eve = Browser(server)
    assert eve.get(f"/class/api/replay/{calm.code}")[1]["review"] is False
    for code, words in ((calm.code, "has no review"), (playing.code, "still being played"),
                        ("ZZZZZ", "No table has this code")):
        status, answer = eve.get(f"/class/api/review/{code}")
        assert status == 404 and set(answer) == {"error"} and words in answer["error"]
    for attempt in range(9):  # ten wrong codes in all: this browser waits, at every endpoint
        assert eve.get(f"/class/api/review/ZZZZ{attempt}")[0] == 404
    assert eve.get(f"/class/api/review/{playing.code}")[0] == 429
    assert eve.get(f"/class/api/replay/{calm.code}")[0] == 429
    assert Browser(server).get(f"/class/api/review/{calm.code}")[0] == 404  # another browser
    assert store_dump(room) == before


def test_a_review_is_made_once_and_a_reopened_table_is_weighed_again(room: Classroom) -> None:
    table = room.open_table("yacht", seed=3, **DICE)
    seats = [room.join(table.code, name) for name in ("Ana", "Ben")]
    reviews = ClassReviews(room)
    with pytest.raises(NoReview, match="still being played"):
        reviews.weighed(table.row)
    seats[0].refresh()
    mover = next(seat for seat in seats if seat.my_turn)
    mover.play(random_bot(1)(mover.state))
    room.close_table(table.code)
    closed = room.table_row(table.code)
    first = reviews.weighed(closed)
    assert reviews.weighed(closed) is first  # kept: a closed game does not change
    room.reopen_table(table.code)
    play_to_end(seats, 4)
    again = reviews.weighed(room.table_row(table.code))
    assert again is not first and again.review.moves > first.review.moves
    reviews.stop()


def test_a_class_seats_review_button_shows_the_tables_review_made_off_the_board(
        room: Classroom) -> None:
    table, (ana, _) = finished(room, "yacht", ["Ana", "Ben"], 5, **DICE)
    board = seat_board(room.rejoin(ana.token))
    assert not board.review_button.disabled and board.review_button.layout.display != "none"
    asked: list[Any] = []
    board.review_source = asked.append  # as a class server sets it
    board.review_button.click()
    assert board.review is None and len(asked) == 1  # weighed elsewhere: the board waits
    weighed = ClassReviews(room).weighed(table.row).review
    asked[0](weighed)
    assert board.review is weighed and board.replaying is not None
    assert weighed.to_json() == yacht_review(notebook_copy(table)).to_json()  # both students
    board.review_source = None  # no class server: the board weighs the same itself
    board.review_button.click()
    assert board.review is not weighed and board.review.to_json() == weighed.to_json()
    board.end_review()
    board.review_source = asked.append
    board.review_button.click()
    asked[-1](NoReview("the server is busy"))
    assert board.review is None and "the server is busy" in status_text(board)


def test_the_tournament_sums_each_students_reviews_over_finished_tables(room: Classroom) -> None:
    first, _ = finished(room, "yacht", ["Ana", "Ben"], 6, **DICE)
    second, _ = finished(room, "yacht", ["Ana"], 7, bots=1, **DICE)
    duel, _ = finished(room, "trireme", ["Ben"], 8, map="small")
    playing = room.open_table("yacht", seed=9, **DICE)
    room.join(playing.code, "Cleo")
    room.close_table(room.open_table("trireme", seed=1, map="small").code)  # closed, unplayed
    weighed = {"first": yacht_review(notebook_copy(first)),
               "second": yacht_review(notebook_copy(second), players=[0]),
               "duel": trireme_review(notebook_copy(duel))}
    totals = {key: {t.seat: t for t in review.totals} for key, review in weighed.items()}
    expected = {
        ("Ana", "first"): [totals["first"][0], totals["second"][0]],
        ("Ben", "first"): [totals["first"][1]],
        ("Ben", "duel"): [totals["duel"][0]]}
    reviews = ClassReviews(room)
    standings = reviews.tournament()
    assert reviews.tournament() == standings  # (the second time from what was kept)
    found = {(row.name, row.game): row for row in standings}
    titles = {"first": game_package("yacht").INFO.title, "duel": game_package("trireme").INFO.title}
    assert set(found) == {(name, titles[key]) for name, key in expected}
    for (name, key), seats in expected.items():
        row = found[(name, titles[key])]
        assert row.tables == len(seats)
        assert row.decisions == sum(t.decisions for t in seats) > 0
        assert row.total == pytest.approx(sum(t.total for t in seats), abs=1e-9)
        assert row.mean == pytest.approx(row.total / row.decisions, abs=1e-12)
    shown = tournament_html(standings)
    ana = found[("Ana", titles["first"])]
    assert f"<td>Ana</td><td>2</td><td>{ana.decisions}</td>" in shown
    assert ana.scale.cost(ana.mean) in shown and "Cleo" not in shown
    reviews.stop()


def test_the_tournament_lists_a_bounded_number_of_rows(room: Classroom,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    finished(room, "yacht", ["Ana", "Ben"], 6, **DICE)
    reviews = ClassReviews(room)
    monkeypatch.setattr(class_reviews, "MOST_ROWS", 1)
    shown = tournament_html(reviews.tournament())
    assert shown.count("<td>Ana</td>") + shown.count("<td>Ben</td>") == 1
    assert "and 1 more row." in shown  # one row: the singular
    reviews.stop()


def test_over_the_websockets_a_seat_reviews_its_game_and_the_dashboard_ranks_the_class(
        tmp_path: Path) -> None:
    room = Classroom(f"sqlite:///{tmp_path / 'class.db'}", teacher_key_file=tmp_path / "key")
    server = LiveServer(room)
    try:
        table = room.open_table("yacht", seed=6, **DICE)
        browser = Browser(server)
        ana = room.rejoin(browser.join(table.code, "Ana")["token"])
        play_to_end([ana, room.join(table.code, "Ben")], 6)
        page = browser.page(f"/class/ws/seat/{table.code}")
        page.kind("status")
        review = page.find("button", "Review")[0]
        page.send({"t": "click", "id": review})
        summary = page.until(lambda m: m.get("t") == "ui" and "<b>Review</b>" in json.dumps(m))
        weighed = yacht_review(notebook_copy(room.table(table.code)))
        mean = weighed.scale.cost(weighed.totals[0].mean)
        assert mean in json.dumps(summary)
        teacher = Browser(server)
        teacher.login((tmp_path / "key").read_text().strip())
        dashboard = teacher.page("/class/ws/teacher")
        dashboard.until(lambda m: m.get("t") == "ui" and "<td>Ana</td>" in json.dumps(m))
        assert mean in dashboard.text()
    finally:
        server.stop()
        room.store.close()
