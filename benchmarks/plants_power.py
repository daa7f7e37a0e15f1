"""How often each designer mistake of the catalogue (benchmarks/plants.py) is named at
warning severity: the power table of benchmarks/notes/analyze.md.

Static part (always): every kind at the strengths of SWEEP (its default when not listed),
named or not by ``analyze``'s findings; deterministic, so one run is every seed.
Play part (``--games N --seeds A-B``): the same kinds through ``simulate``'s report at
2, 3 and 4 players (those the map allows), N games per count and seed, counting the seeds
whose report names the kind at warning severity.

    python -m benchmarks.plants_power                      # static table (seconds)
    python -m benchmarks.plants_power --games 20 --seeds 1-1 long-route   # and play

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from benchmarks import plant, plants
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.verdict.report import build_report

ROOT = Path(__file__).resolve().parent.parent

# strengths tried beside the default: where each finding starts to name the mistake
SWEEP: dict[str, tuple[float, ...]] = {
    "long-route-usa": (18, 20, 25),
    "trains-many": (50, 55, 60),
    "long-route-europe": (24, 28, 35),
    "jackpot-short": (2, 3, 4, 8),
    "bonus-large": (15, 20, 30),
    "ticket-deck-short": (26, 24, 22, 20),
    "station-points": (5, 6, 15),
    "dead-corner": (2, 3, 4, 6),
    "ferry-region": (1, 2),
    "colour-thin": (5, 4, 3, 2),
    "ticket-calgary-phoenix": (15, 16, 17),
    "detour-route": (5, 6),
    "hand-large": (6, 7, 8),
    "end-early": (4, 5, 8),
    "locomotives-few": (8, 6, 4),
}


def board_of(p: plants.Plant, strength: float, tmp: Path) -> Board:
    return plant.built(p.document(strength), tmp, p.name)


def static_row(p: plants.Plant, tmp: Path) -> tuple[str, list[str]]:
    """The strengths tried, each marked named (✓ with the code) or not (✗)."""
    cells = []
    for strength in SWEEP.get(p.name, (p.strength,)):
        lines = plants.naming(p, static_findings(analyze(board_of(p, strength, tmp))),
                              strength)
        code = lines[0].split()[1].rstrip(":") if lines else ""
        cells.append(f"{strength:g}: {'✓ ' + code if lines else '✗'}")
    return p.name, cells


def play_named(p: plants.Plant, games: int, seeds: range, tmp: Path) -> int:
    """Seeds whose simulate report names the plant at warning severity."""
    board = board_of(p, p.strength, tmp)
    counts = [n for n in (2, 3, 4) if board.rules.min_players <= n <= board.rules.max_players]
    static = static_findings(analyze(board))
    named = 0
    for seed in seeds:
        report = build_report(board, play_tallies(board, counts, games, seed), {"seed": seed},
                              "bench", static)
        named += bool(plants.naming(p, report["findings"]))
    return named


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("only", nargs="*", help="kinds whose name contains one of these")
    ap.add_argument("--games", type=int, default=0, help="games per player count (0: no play)")
    ap.add_argument("--seeds", default="1-3", help="seeds A-B for the play part")
    args = ap.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    tmp = Path(tempfile.mkdtemp())
    chosen = [p for p in plants.PLANTS if not args.only or any(o in p.name for o in args.only)]
    play = f" | simulate, {args.games} games × seeds {args.seeds}" if args.games else ""
    print(f"| kind | mistake | strengths tried: named at warning | late{play} |")
    print("|---|---|---|---|" + ("---|" if args.games else ""))
    for p in chosen:
        name, cells = static_row(p, tmp)
        row = f"| {name} | {p.what} | {'; '.join(cells)} | {'yes' if p.late else ''}"
        if args.games:
            seeds = range(first, last + 1)
            row += f" | {play_named(p, args.games, seeds, tmp)}/{len(seeds)}"
        print(row + " |", flush=True)


if __name__ == "__main__":
    main()
