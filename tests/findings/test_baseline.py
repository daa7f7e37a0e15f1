"""``--baseline``: what changed between two versions of a map, named by subject."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.findings import plant
from ttrtool.model import Board
from ttrtool.simulate.baseline import compare_reports
from ttrtool.simulate.report import build_report, play_tallies


def _report(board: Board, players: int, games: int, seed: int = 1) -> dict[str, Any]:
    return build_report(board, play_tallies(board, (players,), games, seed), {"seed": seed},
                        "test")


def test_recoloured_routes_are_named_against_the_original(tmp_path: Path) -> None:
    original = plant.bundled("usa")
    data = plant.bundled("usa")
    moved = 0
    for r in data["routes"]:
        if r.get("color") == "pink" and moved < 5:
            r["color"] = "red"
            moved += 1
    old = _report(plant.board(original, tmp_path, "old"), 3, 150)
    new = _report(plant.board(data, tmp_path, "new"), 3, 150)
    found = compare_reports(new, old)
    assert all(f.source == "baseline" and f.test is not None for f in found)
    [red] = [f for f in found if f.code == "TTR624" and f.subjects["colours"] == ("red",)]
    # red now has 12 tracks where it had 7, and its tracks are claimed less
    assert "of its 12 tracks" in red.message and "of 7 tracks" in red.message
    assert red.effect is not None and red.effect.value < 0 and red.players == (3,)


def test_a_map_against_itself_changes_nothing(boards: dict[str, Board]) -> None:
    report = _report(boards["usa"], 2, 40)
    assert compare_reports(report, report) == []
