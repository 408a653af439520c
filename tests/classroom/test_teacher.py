"""The teacher's controls on both stores (#21): free a seat, seat a bot, skip a turn, close,
reopen and rematch a table, pause and resume, broadcast; who is connected; one seat per device;
a full table refused without replaying its game."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from sailing_kit.calm import bots as calm_bots
from sailing_kit.classroom import (
    Classroom,
    JoinRefused,
    TableClosed,
    TablePaused,
    UnknownSeat,
)
from sailing_kit.classroom.table import Table
from sailing_kit.core.errors import ConfigError


@pytest.fixture
def room(store_url: str) -> Iterator[Classroom]:
    room = Classroom(store_url)
    yield room
    room.store.close()


def test_a_freed_seat_stops_its_token_and_the_next_student_takes_its_cards(room: Classroom) -> None:
    table = room.open_table("calm", players=2, seed=4)
    ana, ben = room.join(table.code, "Ana"), room.join(table.code, "Ben")
    ana.play(calm_bots.make("planner")(ana.state))
    hand = ben.state.hand(1)
    room.free_seat(table.code, 1)
    with pytest.raises(UnknownSeat):
        room.rejoin(ben.token)
    cleo = room.join(table.code, "Cleo")
    assert cleo.number == 1 and cleo.state.hand(1) == hand and cleo.my_turn
    assert table.names() == {0: "Ana", 1: "Cleo"}


def test_a_bot_seated_by_the_teacher_plays_from_its_next_turn_and_free_gives_it_back(
        room: Classroom) -> None:
    table = room.open_table("calm", players=2, seed=4)
    ana, ben = room.join(table.code, "Ana"), room.join(table.code, "Ben")
    room.seat_bot(table.code, 1, "greedy")
    with pytest.raises(UnknownSeat):
        room.rejoin(ben.token)  # the student left the seat to the bot
    ana.play(calm_bots.make("planner")(ana.state))  # then the bot answers at once
    ana.refresh()
    assert ana.my_turn and ana.table.moves_played >= 2
    assert {m.seat for m in room.store.moves(table.id)} == {0, None}
    room.free_seat(table.code, 1)
    assert room.table(table.code).bots == {}
    assert room.join(table.code, "Ben again").number == 1
    with pytest.raises(ConfigError, match="no bot 'grandmaster'"):
        room.seat_bot(table.code, 0, "grandmaster")
    with pytest.raises(ConfigError, match="seats 0 to 1"):
        room.seat_bot(table.code, 2)


def test_a_closed_table_refuses_joins_and_moves_and_reopens(room: Classroom) -> None:
    table = room.open_table("calm", players=2, seed=4)
    ana = room.join(table.code, "Ana")
    room.close_table(table.code)
    with pytest.raises(JoinRefused, match="is closed"):
        room.join(table.code, "Ben")
    with pytest.raises(TableClosed):
        ana.play(calm_bots.make("planner")(ana.state))
    ana.table.reload()
    with pytest.raises(TableClosed):
        ana.play(calm_bots.make("planner")(ana.state))
    assert room.store.moves(table.id) == []
    room.reopen_table(table.code)
    ana.table.reload()
    ana.play(calm_bots.make("planner")(ana.state))
    assert len(room.store.moves(table.id)) == 1


def test_a_rematch_moves_every_player_and_their_tokens_to_a_new_table(room: Classroom) -> None:
    table = room.open_table("calm", players=3, bots=1, seed=4, rocks="manual")
    ana, ben = room.join(table.code, "Ana"), room.join(table.code, "Ben")
    again = room.rejoin(ana.token)
    fresh = room.rematch(table.code)
    assert fresh.code != table.code and fresh.names() == {0: "Ana", 1: "Ben"}
    assert fresh.bots == {2: "planner"}
    assert fresh.state.options == again.state.options
    assert room.rejoin(ana.token).code == fresh.code == room.rejoin(ben.token).code
    old = room.table(table.code)
    assert old.closed and old.row.next_code == fresh.code
    with pytest.raises(JoinRefused, match=f"goes on at table {fresh.code}"):
        room.join(table.code, "Cleo")


def test_pause_stops_moves_and_bots_of_a_table_or_the_class_until_resume(room: Classroom) -> None:
    table = room.open_table("calm", players=2, bots=1, seed=4)
    other = room.open_table("calm", players=2, seed=5)
    ana = room.join(table.code, "Ana")
    room.pause(table.code)
    ana.table.reload()
    with pytest.raises(TablePaused, match="Paused by your teacher"):
        ana.play(calm_bots.make("planner")(ana.state))
    room.resume(table.code)
    ana.table.reload()
    room.pause()  # the whole class: another Classroom on the store (a server) sees it too
    with pytest.raises(TablePaused):
        ana.play(calm_bots.make("planner")(ana.state))
    ben = room.join(other.code, "Ben")
    with pytest.raises(TablePaused):
        ben.play(calm_bots.make("planner")(ben.state))
    assert room.store.moves(table.id) == [] and room.store.moves(other.id) == []
    room.resume()
    ana.play(calm_bots.make("planner")(ana.state))
    assert len(room.store.moves(table.id)) >= 2  # the bot answered after the resume


def test_a_paused_store_refuses_a_move_from_a_server_that_has_not_heard_yet(room: Classroom) -> None:
    """The pause is checked by the store itself, in the same statement as the move: a server
    that has not yet heard of it cannot slip a move in."""
    table = room.open_table("calm", players=2, seed=4)
    ana = room.join(table.code, "Ana")
    action = calm_bots.make("planner")(ana.state)
    Classroom(room.store.url).pause(table.code)  # another process
    with pytest.raises(TablePaused):
        ana.play(action)
    assert room.store.moves(table.id) == []


def test_a_broadcast_is_short_plain_text_for_every_seat(room: Classroom) -> None:
    room.broadcast("  Five minutes   left  ")
    later = Classroom(room.store.url)
    assert later.message[0] == "Five minutes left"
    for bad in ("x" * 201, "\u202egnirts", "\x07bell", 12):
        with pytest.raises(ValueError):
            room.broadcast(bad)  # type: ignore[arg-type]
    assert Classroom(room.store.url).message[0] == "Five minutes left"
    room.broadcast("")
    assert Classroom(room.store.url).message[0] == ""


def test_connections_say_who_sits_where_and_whether_their_page_is_connected(room: Classroom) -> None:
    table = room.open_table("calm", players=3, bots=1, seed=4)
    ana = room.join(table.code, "Ana")
    room.join(table.code, "Ben")
    room.store.mark_presence({ana.row.id: 1}, time.time() - 3)
    seats = table.connections()
    assert (seats[0].name, seats[0].connected) == ("Ana", True) and 2 < seats[0].last_seen < 10
    assert (seats[1].name, seats[1].connected, seats[1].last_seen) == ("Ben", False, None)
    assert (seats[2].name, seats[2].bot, seats[2].connected) == (None, "planner", False)
    room.store.mark_presence({ana.row.id: 0}, time.time())
    assert not table.connections()[0].connected


def test_one_browser_gets_its_own_seat_back_instead_of_a_second_one(room: Classroom) -> None:
    table = room.open_table("calm", players=2, seed=4)
    first = room.join(table.code, "Ana", device="browser-1")
    second = room.join(table.code, "Ana again", device="browser-1")
    assert second.number == first.number == 0 and second.token != first.token
    with pytest.raises(UnknownSeat):
        room.rejoin(first.token)  # the seat's token is the new one now
    assert room.join(table.code, "Ben", device="browser-2").number == 1


def test_a_full_table_is_refused_without_replaying_its_game(room: Classroom,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    table = room.open_table("calm", players=2, seed=4)
    room.join(table.code, "Ana")
    seat = room.join(table.code, "Ben")
    seat.play
    replays: list[str] = []
    original = Table.__init__
    monkeypatch.setattr(Table, "__init__",
                        lambda self, *a: (replays.append("replay"), original(self, *a))[1])
    with pytest.raises(JoinRefused, match="is full"):
        room.join(table.code, "Cleo")
    assert replays == []
