"""Measure how long the official maps play under each table of bots: the range TTR610
judges a map's tempo against (``python -m benchmarks.official_tempo``).

For each table of :data:`ttrtool.verdict.styles.STYLES` and each official map at each
player count it is played at, TEMPO_GAMES seeded games (default 200, seed TEMPO_SEED,
default 1) give the mean turns per player and the mean trains left per player
(TEMPO_STYLES, a comma-separated list, measures only those styles again).  The
figures are written to ttrtool/verdict/official_tempo.json, which TTR610 reads: per
table and player count, each map's mean and its standard error (the range runs from the
lowest to the highest, each widened by three standard errors of its own measurement).
Games are played in this process, one after the other (a few minutes on one core).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from ttrtool.resources import bundled_map_path
from ttrtool.simulate.session import play_tallies
from ttrtool.validate import validate_file
from ttrtool.verdict.styles import STYLES

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "ttrtool" / "verdict" / "official_tempo.json"
MAPS = {"usa": (2, 3, 4, 5), "europe": (2, 3, 4, 5), "switzerland": (2, 3),
        "nordiccountries": (2, 3), "india": (2, 3, 4)}


def main() -> int:
    games = int(os.environ.get("TEMPO_GAMES", "200"))
    seed = int(os.environ.get("TEMPO_SEED", "1"))
    only = [s for s in os.environ.get("TEMPO_STYLES", "").split(",") if s]
    # measuring some styles again keeps the others' figures
    kept = json.loads(OUT.read_text(encoding="utf-8"))["tables"] if only else {}
    tables: dict[str, dict[str, object]] = {s: t for s, t in kept.items() if s in STYLES}
    for style, bots in STYLES.items():
        if only and style not in only:
            continue
        counts: dict[str, dict[str, dict[str, list[float]]]] = {}
        for name, players in MAPS.items():
            board = validate_file(bundled_map_path(name)).board
            assert board is not None, name
            start = time.perf_counter()
            for tally in play_tallies(board, players, games, seed, bots):
                n = tally.players
                turns, left = tally.turns.summary(), tally.trains_left.summary()
                row = counts.setdefault(str(n), {"turns per player": {},
                                                 "trains left per player": {}})
                # the mean and its standard error, per player
                row["turns per player"][name] = [
                    round(turns["mean"] / n, 3), round(turns["stdev"] / n / turns["n"] ** 0.5, 3)]
                row["trains left per player"][name] = [
                    round(left["mean"], 3), round(left["stdev"] / left["n"] ** 0.5, 3)]
            print(f"{style} {name}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
        tables[style] = {"bots": list(bots), "players": counts}
    OUT.write_text(json.dumps({"games": games, "seed": seed, "tables": tables}, indent=1)
                   + "\n", encoding="utf-8")
    for style, table in tables.items():
        for n, row in table["players"].items():  # type: ignore[attr-defined]
            spans = "; ".join(f"{m} {min(x[0] for x in v.values()):.1f}–"
                              f"{max(x[0] for x in v.values()):.1f}" for m, v in row.items())
            print(f"{style} {n} players: {spans}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
