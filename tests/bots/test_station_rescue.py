"""R-EU-4: a station rescues a blocked ticket only where one borrowed route closes the gap,
and only a ticket worth more than the station kept (R-EU-5)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

import ttrtool
import ttrtool.bots.claiming as claiming
from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.simulate.playout import Table
from ttrtool.validate import validate_text

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


def europe_with_station_points(points: int) -> Board:
    """Europe with each station never built worth ``points`` (R-EU-5; the map's 4)."""
    doc = yaml.safe_load(bundled_map_path("europe").read_text(encoding="utf-8"))
    doc["rules"]["stations"] = {"per_player": 3, "unused_points": points}
    result = validate_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))
    assert result.board is not None, result.errors
    return result.board


def stations_built(board: Board, games: int = 40) -> int:
    table = Table(board, 4, ("expert", "route-focus", "expert", "long-route-junkie"))
    return sum(1 for g in range(games)
               for _, text in table.play(5, g, log_actions=True)["actions"]
               if text.startswith("station"))


def test_a_station_worth_more_kept_rescues_only_tickets_worth_more() -> None:
    """R-EU-4, R-EU-5: a rescue turns a lost ticket into a won one (twice its points)
    and gives up the station's points for one never built; where the map makes a kept
    station worth 40, the bots rescue only the long tickets (20 and 21 points)."""
    usual = stations_built(ttrtool.load_map("europe"))
    dear = stations_built(europe_with_station_points(40))
    assert usual >= 3  # the control builds stations at all
    assert dear < usual
