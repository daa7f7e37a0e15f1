"""A copy of the USA map with three static flaws planted, for the page's tests: a colour
short of spaces (TTR505, green), a long route beside a short path (TTR503,
Houston–Oklahoma City) and a ticket worth twice its cheapest path (TTR501,
Denver–El Paso).  Each finding names a different kind of subject."""

from __future__ import annotations

from pathlib import Path

from tests.findings import plant


def planted_usa(folder: Path) -> Path:
    data = plant.bundled("usa")
    for r in [r for r in data["routes"] if r["color"] == "green"][:3]:
        r["color"] = "gray"
    data["routes"].append({"a": "Houston", "b": "Oklahoma City", "length": 6, "color": "gray"})
    plant.ticket(data, "Denver", "El Paso")["points"] = 8
    return plant.write(data, folder, "planted-usa")
