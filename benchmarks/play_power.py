"""Full-scale power of the findings from play: the planted imbalances of issue 21 at 400
games per player count with the default table, and the official maps staying clean.

    .venv/bin/python -m benchmarks.play_power [GAMES] [--seed N | --seeds 1-5]

For each plant (a copy of the bundled USA map made here, never written into the tree)
and each official map it plays 2, 3 and 4 players (Switzerland 2 and 3), builds the report
with the static findings, and prints the warnings from play naming the planted subject;
for the recolouring it runs the baseline comparison against the original.  Over several
seeds it ends with n/seeds per line: each plant named at warning level, each clean map
without a play warning.  Results are recorded in docs/simulate.md ("Power").
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import plant
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.verdict.baseline import compare_reports
from ttrtool.verdict.paired import matching
from ttrtool.verdict.report import Tally, build_report

ROOT = Path(__file__).resolve().parent.parent


def report(board: Board, counts: tuple[int, ...], games: int, seed: int,
           tallies: list[Tally] | None = None) -> dict[str, Any]:
    played = play_tallies(board, counts, games, seed, keep_games=tallies is not None)
    if tallies is not None:
        tallies += played
    return build_report(board, played, {"seed": seed}, "bench", static_findings(analyze(board)))


def warnings(rep: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in rep["findings"] if f["source"] in ("play", "baseline")
            and f["severity"] in ("warning", "error")]


def plants() -> dict[str, tuple[dict[str, Any], str]]:
    """The planted copies of USA: label -> (map document, the subject to be named)."""
    ticket = plant.bundled("usa")
    plant.ticket(ticket, "Chicago", "Santa Fe")["points"] = 18
    shortcut = plant.bundled("usa")
    shortcut["routes"].append({"a": "Denver", "b": "Saint Louis", "length": 1,
                               "color": "gray"})
    return {"ticket 9->18": (ticket, "Chicago–Santa Fe"),
            "shortcut": (shortcut, "Denver–Saint Louis")}


def recoloured() -> dict[str, Any]:
    """USA with five of its seven pink routes red."""
    data = plant.bundled("usa")
    moved = 0
    for r in data["routes"]:
        if r.get("color") == "pink" and moved < 5:
            r["color"], moved = "red", moved + 1
    return data


def one_seed(games: int, seed: int, tmp: Path) -> dict[str, bool]:
    """Plays every map once at ``seed``; prints what it found and returns, per line of the
    power table, whether the run did what it should (a plant named at warning level, a
    clean map without a play warning)."""
    done: dict[str, bool] = {}
    for name in ("usa", "europe", "switzerland"):
        board = plant.board(plant.bundled(name), tmp, name)
        counts = (2, 3) if name == "switzerland" else (2, 3, 4)
        start = time.process_time()
        found = warnings(report(board, counts, games, seed))
        print(f"seed {seed} {name} clean: {len(found)} play warnings "
              f"{[f['code'] for f in found]} ({time.process_time() - start:.0f} s CPU)")
        done[f"{name} clean"] = not found
    for label, (data, subject) in plants().items():
        board = plant.built(data, tmp, label.split()[0])
        found = [f for f in warnings(report(board, (2, 3, 4), games, seed))
                 if subject in f["message"]]
        print(f"seed {seed} {label}: {[(f['code'], f['players']) for f in found]}")
        done[label] = bool(found)
    before: list[Tally] = []
    after: list[Tally] = []
    old = report(plant.board(plant.bundled("usa"), tmp, "usa"), (2, 3, 4), games, seed, before)
    new = report(plant.board(recoloured(), tmp, "recolour"), (2, 3, 4), games, seed, after)
    pairs = {a.players: pair for a, b in zip(after, before, strict=True)
             for pair in [matching(a.games_kept, b.games_kept)] if pair}
    # paired over games, as simulate --baseline tests them
    changes = [f for f in compare_reports(new, old, pairs=pairs) if f.severity.value == "warning"
               and {"red", "pink"} & set(f.subjects.get("colours", ()))]
    print(f"seed {seed} recolour vs baseline: "
          f"{[(f.code, f.players, f.subjects['colours']) for f in changes]}")
    done["recolour vs baseline"] = bool(changes)
    return done


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 400
    seeds = [1]
    if "--seed" in sys.argv:
        seeds = [int(sys.argv[sys.argv.index("--seed") + 1])]
    if "--seeds" in sys.argv:  # --seeds 1-5
        lo, _, hi = sys.argv[sys.argv.index("--seeds") + 1].partition("-")
        seeds = list(range(int(lo), int(hi or lo) + 1))
    tmp = Path(tempfile.mkdtemp())
    runs = [one_seed(games, seed, tmp) for seed in seeds]
    print(f"over seeds {seeds[0]}-{seeds[-1]}, {games} games per count:")
    for line in runs[0]:
        print(f"  {line}: {sum(r[line] for r in runs)}/{len(runs)}")


if __name__ == "__main__":
    main()
