"""The class API on both stores: tables are their saved games, a move lands only at the next
number and only if the engine accepts it, seats rejoin by token, nobody acts out of turn."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator

import pytest
import sqlalchemy as sa

from sailing_kit.calm import bots as calm_bots
from sailing_kit.classroom import (
    Classroom,
    JoinRefused,
    NotRegistered,
    NotYourTurn,
    PositionChanged,
    UnknownSeat,
)
from sailing_kit.classroom.store import moves
from sailing_kit.core.bots import random_bot
from sailing_kit.core.errors import ActionError, ConfigError, SavedGameError


@pytest.fixture
def connect(store_url: str) -> Iterator[Callable[[], Classroom]]:
    """Open the class store as a new process would (each call its own connections)."""
    opened: list[Classroom] = []

    def open_room() -> Classroom:
        opened.append(Classroom(store_url))
        return opened[-1]

    yield open_room
    for room in opened:
        room.store.close()


@pytest.fixture
def room(connect: Callable[[], Classroom]) -> Classroom:
    return connect()


def stored_moves(room: Classroom, table_id: int) -> int:
    return len(room.store.moves(table_id))


def test_a_table_has_a_short_code_and_seats_fill_in_order_bots_last(room: Classroom) -> None:
    table = room.open_table("calm", players=4, bots=2)
    assert len(table.code) == 5 and table.code.isalnum() and table.code.isupper()
    assert table.bots == {2: "planner", 3: "planner"}
    ana, ben = room.join(table.code, "Ana"), room.join(table.code.lower(), "  Ben ")
    assert (ana.number, ben.number) == (0, 1)
    assert ben.name == "Ben"
    assert table.names() == {0: "Ana", 1: "Ben"}
    with pytest.raises(JoinRefused, match="full"):
        room.join(table.code, "Cleo")


def test_bad_tables_and_names_are_refused_in_words(room: Classroom) -> None:
    with pytest.raises(ConfigError, match="no game 'chess'"):
        room.open_table("chess")
    with pytest.raises(ConfigError, match="unknown option"):
        room.open_table("calm", colours=3)
    with pytest.raises(ConfigError, match="0 to 1 bots"):
        room.open_table("calm", players=2, bots=2)
    table = room.open_table("calm", players=2)
    for name in ("", "   ", "x" * 31, "a\x00b", None):
        with pytest.raises(JoinRefused):
            room.join(table.code, name)  # type: ignore[arg-type]


def test_a_move_lands_for_every_seat_and_a_second_refresh_finds_nothing(
        connect: Callable[[], Classroom]) -> None:
    teacher = connect()
    table = teacher.open_table("calm", players=2, seed=5)
    ana = connect().join(table.code, "Ana")
    ben = connect().join(table.code, "Ben")
    assert ana.my_turn and not ben.my_turn
    ana.play(calm_bots.make("planner")(ana.state))
    assert ben.refresh() is True
    assert ben.refresh() is False
    assert ben.state.to_json() == ana.state.to_json()
    assert table.refresh() and table.state.to_json() == ana.state.to_json()


def test_an_illegal_move_and_a_move_out_of_turn_store_nothing(room: Classroom) -> None:
    table = room.open_table("calm", players=2, seed=5)
    ana, ben = room.join(table.code, "Ana"), room.join(table.code, "Ben")
    before = ana.state.to_json()
    with pytest.raises(ActionError):
        ana.play({"card": 999, "at": [0, 0]})
    with pytest.raises(NotYourTurn, match="Player 1 \\(Ana\\) is to move") as refused:
        ben.play(calm_bots.make("planner")(ana.state))
    assert isinstance(refused.value, ValueError)
    assert stored_moves(room, table.id) == 0
    assert ana.state.to_json() == before


def test_two_devices_acting_at_once_cannot_both_land(connect: Callable[[], Classroom]) -> None:
    """The optimistic rule: the move is stored only at the next number. The same seat open on
    two devices plays two different moves on one position: one lands, the other is told the
    position changed and then shows the move that landed."""
    room = connect()
    table = room.open_table("calm", players=2, seed=5)
    token = room.join(table.code, "Ana").token
    first, second = connect().rejoin(token), connect().rejoin(token)
    assert second.state.to_json() == first.state.to_json()  # both looked at the position
    legal = first.state.legal_actions()
    first.play(legal[0])
    with pytest.raises(PositionChanged, match="another move was played first"):
        second.play(legal[1])
    assert stored_moves(room, table.id) == 1
    assert second.state.to_json() == first.state.to_json()


def test_a_race_of_threads_on_one_position_stores_exactly_one_move(
        connect: Callable[[], Classroom]) -> None:
    room = connect()
    table = room.open_table("calm", players=2, seed=5)
    token = room.join(table.code, "Ana").token
    seats = [connect().rejoin(token) for _ in range(6)]
    assert len({seat.state.to_json() for seat in seats}) == 1  # all looked at the position
    legal = seats[0].state.legal_actions()
    outcomes: list[str] = []
    gate = threading.Barrier(len(seats))

    def act(i: int) -> None:
        gate.wait()
        try:
            seats[i].play(legal[i % len(legal)])
            outcomes.append("landed")
        except PositionChanged:
            outcomes.append("changed")

    threads = [threading.Thread(target=act, args=(i,)) for i in range(len(seats))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["changed"] * 5 + ["landed"]
    assert stored_moves(room, table.id) == 1


def test_a_seat_rejoins_with_its_token_after_a_restart(connect: Callable[[], Classroom]) -> None:
    """A reload or a server restart: a new process opens the store and the token finds the same
    seat at the same position; the teacher key and class code survive too."""
    room = connect()
    table = room.open_table("calm", players=2, seed=3)
    ana = room.join(table.code, "Ana")
    ana.play(calm_bots.make("planner")(ana.state))
    later = connect()
    again = later.rejoin(ana.token)
    assert (again.number, again.name, again.table.code) == (0, "Ana", table.code)
    assert again.state.to_json() == ana.state.to_json()
    assert later.class_code == room.class_code and later.teacher_key is None
    assert later.is_teacher(room.teacher_key) and not later.is_teacher("not the key")
    with pytest.raises(UnknownSeat):
        later.rejoin("not-a-token")


def test_the_store_keeps_only_a_hash_of_each_token(room: Classroom) -> None:
    table = room.open_table("calm", players=2)
    seat = room.join(table.code, "Ana")
    with room.store.engine.begin() as db:
        dump = json.dumps([list(map(str, row)) for row in db.execute(sa.text("SELECT * FROM seats"))])
    assert seat.token not in dump


def test_bots_and_chance_move_on_their_own_from_the_table_seed(
        connect: Callable[[], Classroom]) -> None:
    """Dice: the roll-off and every roll are chance, drawn from the table's seed by whichever
    process finds chance to move; the bot plays its seat; the log replays the same anywhere."""
    room = connect()
    table = room.open_table("yacht", players=2, bots=1, seed=11)
    ana = room.join(table.code, "Ana")
    steps = 0
    while not ana.state.is_over() and steps < 400:
        ana.refresh()
        if ana.my_turn:
            ana.play(random_bot(steps)(ana.state))
        steps += 1
    assert ana.state.is_over()
    log = room.store.moves(table.id)
    assert any(move.entry.get("sampled") for move in log)
    assert {move.seat for move in log} == {None, 0}
    assert connect().rejoin(ana.token).state.to_json() == ana.state.to_json()


def test_a_tampered_chance_outcome_is_caught_on_replay(room: Classroom) -> None:
    table = room.open_table("yacht", players=1, seed=4)
    seat = room.join(table.code, "Ana")
    seat.play(seat.state.legal_actions()[0])
    sampled = next(m for m in room.store.moves(table.id) if m.entry.get("sampled"))
    forged = {**sampled.entry, "move": [6, 6, 6, 6, 6] if sampled.entry["move"] != [6] * 5 else [1] * 5}
    with room.store.engine.begin() as db:
        db.execute(sa.update(moves).where(moves.c.table_id == table.id,
                                          moves.c.number == sampled.number)
                   .values(entry=json.dumps(forged)))
    with pytest.raises(SavedGameError):
        room.rejoin(seat.token).state


@pytest.mark.parametrize("game, options", [
    ("calm", {"players": 3}), ("regatta", {"players": 3}), ("race", {"boats": 3, "course": "short"}),
    ("yacht", {"players": 3}), ("trireme", {}),
])
def test_every_game_plays_through_seats_and_replays_the_same(
        connect: Callable[[], Classroom], game: str, options: dict) -> None:
    room = connect()
    table = room.open_table(game, seed=2, **options)
    seats = [room.join(table.code, f"Student {n}") for n in range(table.state.num_players)]
    chooser = random_bot(7)
    for _ in range(60):
        acting = [seat for seat in seats if seat.my_turn]
        if not acting:
            break
        acting[0].play(chooser(acting[0].state))
        for seat in seats:
            seat.refresh()
    assert len({seat.state.to_json() for seat in seats}) == 1
    assert connect().table(table.code).state.to_json() == seats[0].state.to_json()


def test_a_seat_describes_its_own_hand_and_no_other(room: Classroom) -> None:
    table = room.open_table("calm", players=2, seed=1)
    ana, ben = room.join(table.code, "Ana"), room.join(table.code, "Ben")
    words = ana.describe()
    assert "Player 1 (you): hand" in words and "Player 2: 5 cards in hand" in words
    assert "Player 2 (you): hand" in ben.describe()


def test_listen_calls_back_when_another_process_stores_a_move(
        connect: Callable[[], Classroom]) -> None:
    room = connect()
    table = room.open_table("calm", players=2, seed=5)
    seat = connect().join(table.code, "Ana")
    heard: list[int] = []
    stop = room.store.listen(heard.append)
    try:
        time.sleep(0.3)  # the listener has taken its first look
        seat.play(calm_bots.make("planner")(seat.state))
        deadline = time.monotonic() + 5
        while not heard and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        stop()
    assert table.id in heard


def test_exercise_results_need_a_registered_students_token(room: Classroom) -> None:
    """A result is kept only with a class token, under the name registered with it (whatever
    name the record claims), with points from 0 to max_points."""
    attempt = {"student": "Mallory", "notebook": "03_dice", "question": "q1", "answer": "1/6",
               "ok": True, "try_number": 2, "points": 1, "max_points": 1}
    with pytest.raises(JoinRefused, match="not this class's code"):
        room.register_student("WRONG", "Ana")
    token = room.register_student(room.class_code.lower(), "Ana")
    with pytest.raises(JoinRefused, match="already registered"):
        room.register_student(room.class_code, "ana")
    with pytest.raises(NotRegistered):
        room.record_attempt("not-a-token", attempt)
    room.record_attempt(token, attempt)
    for broken in ({**attempt, "ok": "yes"}, {**attempt, "question": ""}, [1, 2],
                   {**attempt, "points": float("nan")}, {**attempt, "points": 1e308},
                   {**attempt, "points": -1}, {**attempt, "points": 3, "max_points": 2}):
        with pytest.raises(ValueError):
            room.record_attempt(token, broken)
    (kept,) = room.attempts()
    assert (kept["student"], kept["ok"], kept["try_number"]) == ("Ana", True, 2)
