"""Plant one imbalance of each class found from play in a copy of a bundled map, play a
modest number of seeded games with the default bots, and require the findings to name it.

The game counts are the smallest that detect each plant at these seeds; the power
table in docs/simulate.md gives the counts over several seeds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.findings import plant
from ttrtool.bots import DEFAULT_BOTS
from ttrtool.model import Board
from ttrtool.simulate.playout import Table
from ttrtool.simulate.report import Tally, build_report


def _report(board: Board, players: int, games: int, seed: int) -> dict[str, Any]:
    table = Table(board, players, DEFAULT_BOTS)
    tally = Tally(players)
    for g in range(games):
        tally.add(table.play(seed, g))
    return build_report(board, [tally], {"seed": seed}, "test")


def _warnings(report: dict[str, Any], code: str) -> list[dict[str, Any]]:
    return [f for f in report["findings"]
            if f["code"] == code and f["severity"] in ("warning", "error")]


def test_a_seat_advantage_is_named(tmp_path: Path) -> None:
    # 8 trains each and only short tickets: a game of a few turns, where moving
    # first is worth a whole claim
    data = plant.bundled("usa")
    data["rules"].update(trains_per_player=8, end_trigger_trains=2)
    data["tickets"]["regular"] = [{**t, "copies": 3} for t in data["tickets"]["regular"]
                                  if t["points"] <= 7]
    report = _report(plant.board(data, tmp_path), 3, 150, 2)
    found = _warnings(report, "TTR601")
    assert [f["subjects"]["seats"] for f in found] == [[1]]
    assert found[0]["players"] == [3] and "seat 1 wins" in found[0]["message"]
    assert found[0]["evidence"]["games_to_detect_this_edge"] < 150


def test_a_route_nobody_claims_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    data["cities"].append({"name": "Key West", "pos": [1650, 1100]})
    data["routes"].append({"a": "Miami", "b": "Key West", "length": 2, "color": "black"})
    board = plant.board(data, tmp_path)
    report = _report(board, 2, 300, 1)
    found = _warnings(report, "TTR602")
    key_west = next(r.id for r in board.routes if r.b_name == "Key West")
    assert [f["subjects"]["routes"] for f in found] == [[key_west]]
    assert "Miami–Key West 2 black" in found[0]["message"]


def test_a_ticket_that_wins_games_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    # a 4-space ticket worth 60: validate calls it an error (TTR407); with the default
    # bots, play sees a ticket only when it is this far off (docs/simulate.md, power)
    plant.ticket(data, "Denver", "El Paso")["points"] = 60
    board = plant.built(data, tmp_path)
    report = _report(board, 4, 100, 1)
    found = _warnings(report, "TTR604")
    tid = next(t.id for t in board.tickets if t.label().startswith("Denver–El Paso"))
    assert [f["subjects"]["tickets"] for f in found] == [[tid]]
    evidence = found[0]["evidence"]
    assert evidence["wins"]["ci95"][0] > 0.3  # keepers win far more often
    assert evidence["score"]["diff"] > 0
