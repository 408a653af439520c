"""The teacher's Skip turn for every game (#21): the player to move passes where the game's rules
allow it now (the race's ``Wait`` for a becalmed boat, the regatta's heading kept, or its turn
ended after sailing); in the games without a pass, and where the rules allow none now, the
game's default bot plays that one move. Nothing else changes: the other tables, the seats, the
class are as they were."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from sailing_kit.classroom import Classroom, NotYourTurn
from sailing_kit.classroom.table import Table
from sailing_kit.core.info import GAME_NAMES, game_package
from sailing_kit.core.protocol import CHANCE
from sailing_kit.testing import step_randomly
from tests.classroom.live import store_dump

NO_PASS = ("yacht", "calm", "trireme")
"""The games whose rules have no pass (docs/rules-*.md): every turn is a choice."""
BECALMED = {"boats": 2, "positions": [[[3, 8], "NE"], [[11, 8], "NW"]], "yellow": [[4, 9]],
            "blue": [], "start_procedure": False, "flags": False, "cover": False}
"""A race under way whose first boat meets a yellow lull at (4, 9) (§3.2)."""


@pytest.fixture
def room(store_url: str) -> Iterator[Classroom]:
    room = Classroom(store_url)
    yield room
    room.store.close()


def skip(room: Classroom, table: Table) -> dict[str, Any]:
    """Skip the turn at ``table`` and return the one move it stored; every other table, every
    seat and the class are unchanged, and this table's earlier moves too."""
    before = store_dump(room)
    played = len(room.store.moves(table.id))
    room.skip_turn(table.code)
    after = store_dump(room)
    for name in before:
        if name != "moves":
            assert after[name] == before[name], f"skip_turn changed the store's {name}"
    others = [row for row in after["moves"] if row[1] != table.id]
    assert others == [row for row in before["moves"] if row[1] != table.id]
    moves = room.store.moves(table.id)
    assert [m.entry for m in moves[:played]] == [json.loads(row[3]) for row in before["moves"]
                                                if row[1] == table.id]
    move = moves[played]
    assert move.seat is None and move.number == played + 1 and "sampled" not in move.entry
    table.refresh()
    return dict(move.entry["move"]) if isinstance(move.entry["move"], dict) else move.entry["move"]


def bot_choice(room: Classroom, table: Table) -> Any:
    """What the game's default bot of the seat to move plays now (a fresh bot of the table)."""
    fresh = room.table(table.code)
    player = fresh.state.current_player
    action = fresh.bot(player, fresh.info.bots[0])(fresh.state.copy())
    return json.loads(json.dumps(fresh.state.action_to_json(action)))


def test_a_becalmed_boat_waits_and_a_boat_being_placed_is_placed_by_the_bot(
        room: Classroom) -> None:
    race = room.open_table("race", seed=0, **BECALMED)
    other = room.open_table("race", boats=2, seed=1)
    ana, ben = room.join(race.code, "Ana"), room.join(race.code, "Ben")
    ana.play([[4, 9], "NE"])  # into the lull
    ben.play(ben.state.legal_actions()[-1])
    race.refresh()
    assert "A" in race.state.becalmed and race.state.pass_action() is not None
    where = race.state.boats[0]
    assert skip(room, race) == {"wait": True}
    assert race.state.boats[0] == where and race.state.current_player == 1
    assert race.state.pass_action() is None  # B sails: no pass, so the bot plays for it
    expected = bot_choice(room, race)
    assert skip(room, race) == expected and "to" in expected
    assert other.state.pass_action() is None  # boats are placed: no pass either
    expected = bot_choice(room, other)
    assert skip(room, other) == expected and "place" in expected


def test_the_regatta_passes_keeping_the_heading_or_ending_the_turn_after_sailing(
        room: Classroom) -> None:
    """kit (docs/rules-regatta.md): "Turning the yacht may keep its heading: a plain pass"; after
    a movement card, a player holding a special card may end the turn without it."""
    yachts = [{"at": [6, 6], "heading": "N", "legs": 0}, {"at": [0, 0], "heading": "N", "legs": 0}]
    table = room.open_table("regatta", players=2, seed=0, yachts=yachts, hand_size=2,
                            stack=["straight", "nice_handling", "straight", "veer_left",
                                   *["straight"] * 12])
    ana, ben = room.join(table.code, "Ana"), room.join(table.code, "Ben")
    ana.play("straight")
    table.refresh()
    assert table.state.current_player == 0 and table.state.phase == "after"
    assert skip(room, table) == "end_turn"
    assert table.state.current_player == 1 and "nice_handling" in table.state.hand(0)  # kept
    pose, hand = table.state.yachts[1].pose, table.state.hand(1)
    assert bot_choice(room, table) != {"face": "N"}  # the bot would turn: the pass is not its move
    assert skip(room, table) == {"face": "N"}
    assert table.state.yachts[1].pose == pose and table.state.hand(1) == hand
    assert table.state.current_player == 0 and ben.row.number == 1


@pytest.mark.parametrize("game, options", [
    ("yacht", {"players": 2, "rules": "jacht"}), ("calm", {"players": 2}),
    ("trireme", {"map": "small"})])
def test_without_a_pass_the_default_bot_plays_the_one_move(room: Classroom, game: str,
                                                           options: dict[str, Any]) -> None:
    table = room.open_table(game, seed=3, **options)
    room.open_table(game, seed=4, **options)
    seats = [room.join(table.code, name) for name in ("Ana", "Ben")[:table.state.num_players]]
    mover = next(seat for seat in seats if seat.my_turn)
    mover.play(mover.state.legal_actions()[0])  # a roll, a card, a heading: into the game
    table.refresh()  # (the dice and the wind have answered)
    assert table.state.current_player in (0, 1) and table.state.pass_action() is None
    expected = bot_choice(room, table)
    assert skip(room, table) == expected  # (and the other table is as it was)


def test_a_finished_game_has_no_turn_to_skip_and_nothing_changes(room: Classroom) -> None:
    table = room.open_table("trireme", seed=3, map="small")
    seat = room.join(table.code, "Ana")
    while not seat.state.is_over():
        seat.play(seat.state.legal_actions()[0])
    assert seat.state.pass_action() is None
    before = store_dump(room)
    with pytest.raises(NotYourTurn, match="no turn to skip"):
        room.skip_turn(table.code)
    assert store_dump(room) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_pass_is_always_legal_and_only_the_race_and_the_regatta_have_one(name: str) -> None:
    """Along random games: ``pass_action()`` is None at chance, at the end and in the games
    without a pass; otherwise it is one of the legal actions (the regatta's at every turn)."""
    quick = {"race": {"course": "short", "max_rounds": 12}, "regatta": {"rounds": 6},
             "calm": {"players": 2}, "yacht": {"rules": "jacht"}}.get(name, {})
    passes = 0
    for seed in range(2):
        state = game_package(name).new_game(seed=seed, **quick)
        chooser = random.Random(seed)
        for _ in range(400):
            passed = state.pass_action()
            if state.current_player in (None, CHANCE) or name in NO_PASS:
                assert passed is None
            else:
                assert passed is None or passed in state.legal_actions()
                assert passed is not None or name != "regatta"
                passes += passed is not None
            if state.is_over():
                break
            step_randomly(state, chooser)
    if name == "regatta":
        assert passes > 0
