"""Full-scale power of the findings from play: the planted imbalances of issue 21 at 400
games per player count with the default table, and the official maps staying clean.

    .venv/bin/python benchmarks/play_power.py [GAMES] [--seed N]

For each plant (a copy of the bundled USA map made here, never written into the tree)
and each official map it plays 2, 3 and 4 players (Switzerland 2 and 3), builds the report
with the static findings, and prints the warnings from play naming the planted subject;
for the recolouring it runs the baseline comparison against the original.  Results are
recorded in docs/simulate.md ("Power").
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.findings import plant  # noqa: E402
from ttrtool.analysis import analyze  # noqa: E402
from ttrtool.analysis.findings import static_findings  # noqa: E402
from ttrtool.model import Board  # noqa: E402
from ttrtool.simulate.baseline import compare_reports  # noqa: E402
from ttrtool.simulate.report import build_report, play_tallies  # noqa: E402


def report(board: Board, counts: tuple[int, ...], games: int, seed: int) -> dict[str, Any]:
    return build_report(board, play_tallies(board, counts, games, seed), {"seed": seed}, "bench",
                        static_findings(analyze(board)))


def warnings(rep: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in rep["findings"] if f["source"] in ("play", "baseline")
            and f["severity"] in ("warning", "error")]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 400
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    tmp = Path(tempfile.mkdtemp())
    for name in ("usa", "europe", "switzerland"):
        board = plant.board(plant.bundled(name), tmp, name)
        counts = (2, 3) if name == "switzerland" else (2, 3, 4)
        start = time.process_time()
        found = warnings(report(board, counts, games, seed))
        print(f"{name} clean: {len(found)} play warnings {[f['code'] for f in found]} "
              f"({time.process_time() - start:.0f} s CPU)")
    usa = plant.bundled("usa")
    ticket = plant.bundled("usa")
    plant.ticket(ticket, "Chicago", "Santa Fe")["points"] = 18
    shortcut = plant.bundled("usa")
    shortcut["routes"].append({"a": "Denver", "b": "Saint Louis", "length": 1,
                               "color": "gray"})
    recolour = plant.bundled("usa")
    moved = 0
    for r in recolour["routes"]:
        if r.get("color") == "pink" and moved < 5:
            r["color"], moved = "red", moved + 1
    for label, data, subject in (("ticket 9->18", ticket, "Chicago–Santa Fe"),
                                 ("shortcut", shortcut, "Denver–Saint Louis")):
        board = plant.built(data, tmp, label.split()[0])
        found = [f for f in warnings(report(board, (2, 3, 4), games, seed))
                 if subject in f["message"]]
        print(f"{label}: {[(f['code'], f['players']) for f in found]}")
    old = report(plant.board(usa, tmp, "usa"), (2, 3, 4), games, seed)
    new = report(plant.board(recolour, tmp, "recolour"), (2, 3, 4), games, seed)
    changes = [f for f in compare_reports(new, old) if f.severity.value == "warning"
               and {"red", "pink"} & set(f.subjects.get("colours", ()))]
    print(f"recolour vs baseline: {[(f.code, f.players, f.subjects['colours']) for f in changes]}")


if __name__ == "__main__":
    main()
