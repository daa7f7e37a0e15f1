"""How many games each class of finding from play needs (the power table of docs/simulate.md).

For each planted imbalance (built as the sensitivity tests build them, from
benchmarks/plant.py), seeded runs with the default bots are counted after
50, 100, 200, 300 and 400 games; the table gives, per game count, in how many
of the seeds the finding named the planted subject at warning level.
POWER_SEEDS changes the number of seeds (default 5); an argument keeps only the
plants whose label contains it (``python -m benchmarks.power ticket``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import plant
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.bots import DEFAULT_BOTS
from ttrtool.model import Board
from ttrtool.simulate.playout import Table
from ttrtool.verdict.report import Tally, build_report

ROOT = Path(__file__).resolve().parent.parent

MARKS = (25, 50, 100, 200, 300, 400)


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


def doubled_map(d: plant.Data) -> str:
    plant.ticket(d, "Chicago", "Santa Fe")["points"] = 18  # issue 21's plant
    return "tickets:Chicago–Santa Fe"


def shortcut_map(d: plant.Data) -> str:
    d["routes"].append({"a": "Denver", "b": "Saint Louis", "length": 1, "color": "gray"})
    return "shortcut"


def scarce_map(d: plant.Data) -> str:
    plant.deck_colours(d, red=2)  # 2 red cards for the red routes (12 in the preset)
    return "colours"


def dead_end_map(d: plant.Data) -> str:
    d["cities"].append({"name": "Key West", "pos": [1650, 1100]})
    d["routes"].append({"a": "Miami", "b": "Key West", "length": 6, "color": "orange"})
    d["tickets"]["regular"].append({"from": "Atlanta", "to": "Key West", "points": 12,
                                    "copies": 8})
    plant.deck_colours(d, orange=2)
    return "tickets:Atlanta–Key West"


def short_routes_map(d: plant.Data) -> str:
    for r in d["routes"]:
        r["length"] = 1
    return "tempo"


def subject(board: Board, kind: str) -> Any:
    if kind == "seats":
        return [1]
    if kind == "routes":
        return [next(r.id for r in board.routes if r.b_name == "Key West")]
    if kind == "shortcut":
        return [next(r.id for r in board.routes
                     if {r.a_name, r.b_name} == {"Denver", "Saint Louis"})]
    if kind == "colours":
        return ["red"]
    if kind == "tempo":
        return None
    name = kind.partition(":")[2] or "Denver–El Paso"
    return [t.id for t in board.tickets if t.label().startswith(name)]


def named(f: dict[str, Any], code: str, kind: str, want: Any) -> bool:
    if f["code"] != code or f["severity"] != "warning":
        return False
    if kind == "tempo":
        return True
    key = "routes" if kind == "shortcut" else kind.partition(":")[0]
    return bool(f["subjects"].get(key) == want)


# (label, code, players, change to the USA map)
PLANTS: list[tuple[str, str, int, Callable[[plant.Data], str]]] = [
    ("seat: 8 trains, short tickets (seat 1 wins ~50% at 3p)", "TTR601", 3, seat_map),
    ("route never claimed: Miami–Key West 2 (dead end)", "TTR602", 2, idle_map),
    ("ticket: Denver–El Paso (4 spaces) worth 60", "TTR604", 4, ticket_map(60)),
    ("ticket: Denver–El Paso (4 spaces) worth 45", "TTR604", 4, ticket_map(45)),
    ("ticket: Denver–El Paso (4 spaces) worth 30", "TTR604", 4, ticket_map(30)),
    ("ticket: Denver–El Paso (4 spaces) worth 8, twice its path", "TTR604", 4, ticket_map(8)),
    ("ticket: Chicago–Santa Fe (9 spaces) 9 -> 18, static price on", "TTR604", 4,
     doubled_map),
    ("route raced: Denver–Saint Louis 1 gray (6 apart before)", "TTR607", 3, shortcut_map),
    ("ticket off its completion line: Atlanta–Key West 12, dead end", "TTR608", 4,
     dead_end_map),
    ("colour under pressure: 2 red cards", "TTR609", 3, scarce_map),
    ("colour under pressure: 2 red cards", "TTR609", 4, scarce_map),
    ("tempo: every route of length 1", "TTR610", 2, short_routes_map),
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
        # the static findings as simulate has them (a ticket finding may confirm a price)
        static = static_findings(analyze(board)) if "static" in label else []
        hits = dict.fromkeys(MARKS, 0)
        for seed in range(1, seeds + 1):
            table, tally = Table(board, players, DEFAULT_BOTS), Tally(players)
            for g in range(max(MARKS)):
                tally.add(table.play(seed, g))
                if g + 1 in MARKS:
                    report = build_report(board, [tally], {}, "power", static)
                    hits[g + 1] += any(named(f, code, kind, want) for f in report["findings"])
        cells = " | ".join(f"{hits[m]}/{seeds}" for m in MARKS)
        print(f"| {label} | {players} | {cells} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
