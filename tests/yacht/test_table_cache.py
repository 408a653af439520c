"""The optimal tables kept in the cache folder: read back exactly as written, and every file that
is not (damaged, hostile, another table's, not a file at all) refused, solved again and replaced,
the table returned being the solver's own."""

from __future__ import annotations

import os

import numpy as np
import pytest

from sailing_kit.core.cache import MAGIC, CacheRefused, load_array, save_array
from sailing_kit.yacht.rules import rule_set
from sailing_kit.yacht.solver import build_table, exact_key, solve
from sailing_kit.yacht.table_cache import cached_table, table_path

RULES = rule_set("jacht")
KEY = exact_key(RULES)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SAILING_KIT_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def fresh():
    return build_table(RULES)


def builds(counter: list[int]):
    def build(rules):
        counter.append(1)
        return build_table(rules)
    return build


def test_a_table_is_built_once_then_read_back_exactly(cache, fresh):
    built: list[int] = []
    first = cached_table(RULES, KEY, builds(built))
    again = cached_table(RULES, KEY, builds(built))
    assert built == [1] and table_path(RULES, KEY).parent == cache
    assert np.array_equal(first, fresh) and np.array_equal(again, fresh)
    assert not again.flags.writeable


def test_the_solver_reads_its_table_from_the_cache(cache, monkeypatch, fresh):
    solve.cache_clear()
    solve(RULES)
    solve.cache_clear()
    monkeypatch.setattr("sailing_kit.yacht.solver.build_table", lambda rules: pytest.fail("built"))
    try:
        assert np.array_equal(solve(RULES).table, fresh)
    finally:
        solve.cache_clear()


def damaged(data: bytes) -> bytes:
    return data[:-3] + bytes([data[-3] ^ 1]) + data[-2:]


def rewritten(values) -> callable:
    """A hostile file with a valid checksum: values changed by ``values`` and saved by the kit's
    own writer."""
    def write(path, fresh):
        table = fresh.copy()
        values(table)
        save_array(path, f"v1 {KEY}", table)
    return write


def raw(change) -> callable:
    def write(path, fresh):
        save_array(path, f"v1 {KEY}", fresh)
        path.write_bytes(change(path.read_bytes()))
    return write


HOSTILE = {
    "truncated": (raw(lambda data: data[:-8]), "bytes"),
    "one bit flipped": (raw(damaged), "checksum"),
    "longer": (raw(lambda data: data + b"\0" * 8), "bytes"),
    "not the kit's": (raw(lambda data: b"\x93NUMPY" + data[6:]), "not a cache file"),
    "another table's": (lambda path, fresh: save_array(path, "v1 other rules", fresh), "checksum"),
    "another value at the start": (rewritten(lambda t: t.__setitem__((0, 0), 300.0)), "equation"),
    "not a number": (rewritten(lambda t: t.__setitem__((5, 0), np.nan)), "not points"),
    "negative": (rewritten(lambda t: t.__setitem__((9, 0), -1.0)), "not points"),
    "huge": (rewritten(lambda t: t.__setitem__((9, 0), 1e300)), "not points"),
    "points on a full card": (rewritten(lambda t: t.__setitem__((-1, 0), 1.0)), "full card"),
    "a folder": (lambda path, fresh: path.mkdir(), "plain file"),
    "a link": (lambda path, fresh: (save_array(path.with_name("elsewhere"), f"v1 {KEY}", fresh),
                                    path.symlink_to(path.with_name("elsewhere"))), "plain file"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_file_not_as_written_is_refused_solved_again_and_replaced(cache, fresh, name):
    write, reason = HOSTILE[name]
    path = table_path(RULES, KEY)
    path.parent.mkdir(parents=True)
    write(path, fresh)
    built: list[int] = []
    with pytest.warns(UserWarning, match=f"refused \\(.*({reason})") as warned:
        if name == "a folder":  # left alone: the table cannot be kept either
            with pytest.warns(UserWarning, match="could not be kept"):
                table = cached_table(RULES, KEY, builds(built))
        else:
            table = cached_table(RULES, KEY, builds(built))
    assert built == [1] and np.array_equal(table, fresh), "the refusal changed the table"
    assert str(path) in str(warned[0].message)
    if name != "a folder":
        assert np.array_equal(load_array(path, f"v1 {KEY}", fresh.shape), fresh)


def test_load_refuses_without_reading_a_file_of_the_wrong_size(tmp_path):
    path = tmp_path / "big"
    with open(path, "wb") as file:
        file.truncate(10**12)  # a sparse file: a terabyte that is never read
    with pytest.raises(CacheRefused, match="bytes"):
        load_array(path, "key", (4, 4))
    assert load_array(tmp_path / "absent", "key", (4, 4)) is None
    assert MAGIC == b"SKARRAY1"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes any folder")
def test_an_unwritable_cache_folder_still_gives_the_table(tmp_path, monkeypatch, fresh):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    monkeypatch.setenv("SAILING_KIT_CACHE", str(locked))
    with pytest.warns(UserWarning, match="could not be kept"):
        assert np.array_equal(cached_table(RULES, KEY, build_table), fresh)


def test_a_cache_path_that_is_a_file_still_gives_the_table(tmp_path, monkeypatch, fresh):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SAILING_KIT_CACHE", str(blocker / "cache"))
    with pytest.warns(UserWarning, match="could not be kept"):
        assert np.array_equal(cached_table(RULES, KEY, build_table), fresh)
