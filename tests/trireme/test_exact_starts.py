"""The table of exact start values (sailing_kit/trireme/exact_starts.json, read so lesson 8
need not wait): every entry is what solve_exact computes."""

import json

from sailing_kit.trireme import Position, load_map, solve, solve_exact
from sailing_kit.trireme.exact import EXACT_STARTS, exact_start_value


def test_every_entry_is_what_the_exact_solver_computes():
    table = json.loads(EXACT_STARTS.read_text(encoding="utf-8"))
    assert table
    for key in table:
        name, honour, steer = (part.split("=")[-1] for part in key.split(", "))
        sea, points = load_map(name), int(honour)
        exact = solve_exact(sea, points, steer == "True").value(Position.start(sea, points))
        assert exact_start_value(name, points, steer == "True") == exact
        assert abs(float(exact) - solve(sea, points).value(Position.start(sea, points))) < 1e-12
