"""How many games each class of finding from play needs (the power table of docs/simulate.md).

For each planted imbalance (built as the sensitivity tests build them, from
tests/findings/plant.py), seeded runs with the default bots are counted after
50, 100, 200, 300 and 400 games; the table gives, per game count, in how many
of the seeds the finding named the planted subject at warning level.
POWER_SEEDS changes the number of seeds (default 5); an argument keeps only the
plants whose label contains it (``python benchmarks/power.py ticket``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.findings import plant  # noqa: E402
from ttrtool.bots import DEFAULT_BOTS  # noqa: E402
from ttrtool.model import Board  # noqa: E402
from ttrtool.simulate.playout import Table  # noqa: E402
from ttrtool.simulate.report import Tally, build_report  # noqa: E402

MARKS = (50, 100, 200, 300, 400)


def seat_map(d: plant.Data) -> str:
    d["rules"].update(trains_per_player=8, end_trigger_trains=2)
    d["tickets"]["regular"] = [{**t, "copies": 3} for t in d["tickets"]["regular"]
                               if t["points"] <= 7]
    return "seats"


def idle_map(d: plant.Data) -> str:
    d["cities"].append({"name": "Key West", "pos": [1650, 1100]})
    d["routes"].append({"a": "Miami", "b": "Key West", "length": 2, "color": "black"})
    return "routes"


def ticket_map(points: int) -> Callable[[plant.Data], str]:
    def change(d: plant.Data) -> str:
        plant.ticket(d, "Denver", "El Paso")["points"] = points
        return "tickets"
    return change


def subject(board: Board, kind: str) -> Any:
    if kind == "seats":
        return [1]
    if kind == "routes":
        return [next(r.id for r in board.routes if r.b_name == "Key West")]
    return [next(t.id for t in board.tickets if t.label().startswith("Denver–El Paso"))]


# (label, code, players, change to the USA map)
PLANTS: list[tuple[str, str, int, Callable[[plant.Data], str]]] = [
    ("seat: 8 trains, short tickets (seat 1 wins ~50% at 3p)", "TTR601", 3, seat_map),
    ("route never claimed: Miami–Key West 2 (dead end)", "TTR602", 2, idle_map),
    ("ticket: Denver–El Paso (4 spaces) worth 60", "TTR604", 4, ticket_map(60)),
    ("ticket: Denver–El Paso (4 spaces) worth 45", "TTR604", 4, ticket_map(45)),
    ("ticket: Denver–El Paso (4 spaces) worth 30", "TTR604", 4, ticket_map(30)),
    ("ticket: Denver–El Paso (4 spaces) worth 8, twice its path", "TTR604", 4, ticket_map(8)),
]


def main() -> int:
    seeds = int(os.environ.get("POWER_SEEDS", "5"))
    tmp = Path(tempfile.mkdtemp())
    print("| planted imbalance | players | " + " | ".join(f"{m} games" for m in MARKS) + " |")
    print("|---|---:|" + "---:|" * len(MARKS))
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    for label, code, players, change in PLANTS:
        if only not in label:
            continue
        data = plant.bundled("usa")
        kind = change(data)
        board = plant.built(data, tmp)  # a 60-point ticket is a validate error
        want = subject(board, kind)
        hits = dict.fromkeys(MARKS, 0)
        for seed in range(1, seeds + 1):
            table, tally = Table(board, players, DEFAULT_BOTS), Tally(players)
            for g in range(max(MARKS)):
                tally.add(table.play(seed, g))
                if g + 1 in MARKS:
                    report = build_report(board, [tally], {}, "power")
                    hits[g + 1] += any(f["code"] == code and f["severity"] == "warning"
                                       and f["subjects"].get(kind) == want
                                       for f in report["findings"])
        cells = " | ".join(f"{hits[m]}/{seeds}" for m in MARKS)
        print(f"| {label} | {players} | {cells} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
