"""R-EU-4: a station rescues a blocked ticket only where one borrowed route closes the gap."""

from __future__ import annotations

from typing import Any

import pytest

import ttrtool
import ttrtool.bots.claiming as claiming
from ttrtool.simulate.playout import Table

BORROWED = 50.0  # the rescue search's weight of another player's route


def test_open_routes_that_add_up_to_a_borrowed_routes_weight_are_no_gap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-EU-4.  The rescue's path search weighs another player's route 50 and an open
    route its length: a path of open routes 50 spaces long costs the same and borrows
    nothing, so it is no gap a station closes.  Found by `simulate europe --styles -p 5
    --seed 3` (the default table's game 45), where the expert stopped with
    StopIteration."""
    board = ttrtool.load_map("europe")
    unborrowed: list[tuple[int, ...]] = []  # paths costing 50 with no borrowed route
    search = claiming.cheapest_path

    def spy(*args: Any, **kwargs: Any) -> Any:
        found = search(*args, **kwargs)
        if found is not None and found[0] == BORROWED:
            weights = [kwargs["weight"](board.routes[r]) for r in found[1]]
            if BORROWED not in weights:
                unborrowed.append(found[1])
        return found

    monkeypatch.setattr(claiming, "cheapest_path", spy)
    table = Table(board, 5, ("expert", "route-focus", "expert", "long-route-junkie"))
    record = table.play(3, 45)
    assert record["end"] == "normal"
    assert unborrowed, "the game no longer meets the case: find another game that does"
