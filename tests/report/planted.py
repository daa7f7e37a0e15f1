"""A copy of the USA map with three static flaws planted, for the page's tests: a colour
short of spaces (TTR505, green), a long route beside a short path (TTR503,
Houston–Oklahoma City) and a ticket worth twice its cheapest path (TTR501,
Denver–El Paso).  Each finding names a different kind of subject."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks import plant


def planted_usa(folder: Path) -> Path:
    data = plant.bundled("usa")
    for r in [r for r in data["routes"] if r["color"] == "green"][:3]:
        r["color"] = "gray"
    data["routes"].append({"a": "Houston", "b": "Oklahoma City", "length": 6, "color": "gray"})
    plant.ticket(data, "Denver", "El Paso")["points"] = 8
    return plant.write(data, folder, "planted-usa")


def played(source: Path, players: str = "2,3", games: int = 6) -> dict[str, Any]:
    """The report ``simulate --out`` would write for a few games on ``source``."""
    from ttrtool import simulate
    from ttrtool.simulate.session import RunRequest

    result = simulate.run(RunRequest(map_name=str(source), games=games, players=players,
                                     seed=5, jobs=1, quiet=True))
    assert result.report is not None
    return result.report


# A finding about a seat, added to a played report by hand: a short run shows no real seat
# edge, and the page is tested here, not the statistics (tests/findings plants those).
SEAT_FINDING: dict[str, Any] = {
    "code": "TTR601", "name": "seat-advantage", "severity": "warning", "source": "play",
    "players": [2], "message": "seat 1 wins 70% of 6 games at 2 players", "subjects": {
        "seats": [1]}, "evidence": {}}
