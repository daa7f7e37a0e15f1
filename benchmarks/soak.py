"""The long verification run (``make soak``): many seeded games per map and player count.

For every bundled map and every allowed player count it plays
``SOAK_GAMES`` games (default 10,000) with the default table of bots,
``SOAK_STYLE_GAMES`` (default 2,000) with each other table the verdict plays
(:data:`ttrtool.verdict.styles.STYLES`: four experts, the casual table) and
``SOAK_RANDOM`` games (default 1,000) with random bots, and after every
action checks the engine's invariants (cards, trains and stations conserved,
no route owned twice, double-route rules, running score equals a recount).
Every finished game is re-scored by the independent re-scorer.  Nothing
stops at the first problem: the run reports every kind of failure it found
with the seeds to reproduce them, writes ``out/soak.json`` and exits 1 if
anything was found.

    SOAK_GAMES=200 SOAK_STYLE_GAMES=50 SOAK_RANDOM=20 SOAK_JOBS=2 python -m benchmarks.soak
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MAPS = ("usa", "europe", "switzerland", "nordiccountries", "india")
CHUNK = 50


def soak_chunk(job: tuple[str, int, tuple[str, ...], int, int, int]) -> dict[str, Any]:
    """Play games ``start..stop-1`` with checks; return counts and problem lines."""
    import ttrtool
    from ttrtool.simulate.playout import Table
    from ttrtool.simulate.rescore import rescore

    map_id, players, bots, run_seed, start, stop = job
    board = ttrtool.load_map(map_id)
    table = Table(board, players, bots)
    ends: Counter[str] = Counter()
    problems: list[str] = []
    turns = 0
    for g in range(start, stop):
        try:
            record = table.play(run_seed, g, check_invariants=True)
        except Exception as e:  # every failure is a finding, with its seed
            problems.append(f"{map_id} {players}p {','.join(bots)} game {g}: {e}")
            continue
        ends[record["end"]] += 1
        turns += record["turns"]
        for line in rescore(record):
            problems.append(f"{map_id} {players}p seed {record['seed']}: re-score: {line}")
    return {"games": stop - start, "ends": dict(ends), "problems": problems, "turns": turns}


def main() -> int:
    import ttrtool
    from ttrtool.verdict.styles import MAIN, STYLES

    games = int(os.environ.get("SOAK_GAMES", "10000"))
    style_games = int(os.environ.get("SOAK_STYLE_GAMES", "2000"))
    randoms = int(os.environ.get("SOAK_RANDOM", "1000"))
    # (name, bots, games): the default table, the verdict's other styles, random bots
    tables = [(MAIN, STYLES[MAIN], games)]
    tables += [(name, bots, style_games) for name, bots in STYLES.items() if name != MAIN]
    tables.append(("random", ("random",), randoms))
    kind_of = {bots: name for name, bots, _ in tables}
    jobs = int(os.environ.get("SOAK_JOBS", str(os.cpu_count() or 1)))
    seed = int(os.environ.get("SOAK_SEED", "20261122"))
    work: list[tuple[str, int, tuple[str, ...], int, int, int]] = []
    for map_id in MAPS:
        rules = ttrtool.load_map(map_id).rules
        for players in range(rules.min_players, rules.max_players + 1):
            for _, bots, n in tables:
                work += [(map_id, players, bots, seed, s, min(s + CHUNK, n))
                         for s in range(0, n, CHUNK)]
    totals: dict[tuple[str, int, str], dict[str, Any]] = {}
    start = time.monotonic()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs) as pool:
        for done, (job, out) in enumerate(zip(work, pool.imap(soak_chunk, work), strict=True), 1):
            key = (job[0], job[1], kind_of[job[2]])
            t = totals.setdefault(key, {"games": 0, "ends": Counter(), "problems": [], "turns": 0})
            t["games"] += out["games"]
            t["ends"].update(out["ends"])
            t["problems"] += out["problems"]
            t["turns"] += out["turns"]
            if done % 20 == 0 or done == len(work):
                print(f"soak: {done}/{len(work)} chunks, {time.monotonic() - start:.0f} s",
                      file=sys.stderr, flush=True)
    print(f"{'map':<15} {'players':>7} {'bots':<10} {'games':>7} {'normal':>7} {'stalled':>7} "
          f"{'turn cap':>8} {'mean turns':>10} {'problems':>8}")
    found = 0
    summary = []
    for (map_id, players, kind), t in sorted(totals.items()):
        ends = t["ends"]
        played = sum(ends.values())
        print(f"{map_id:<15} {players:>7} {kind:<10} {t['games']:>7} {ends['normal']:>7} "
              f"{ends['stalled']:>7} {ends['turn_cap']:>8} "
              f"{t['turns'] / max(played, 1):>10.1f} {len(t['problems']):>8}")
        found += len(t["problems"])
        summary.append({"map": map_id, "players": players, "bots": kind, "games": t["games"],
                        "ends": dict(ends), "problems": t["problems"][:50],
                        "problem_count": len(t["problems"])})
    out = ROOT / "out"
    out.mkdir(exist_ok=True)
    (out / "soak.json").write_text(json.dumps({"seed": seed, "results": summary}, indent=2) + "\n")
    for item in summary:
        for line in item["problems"][:5]:
            print(f"  {line}")
    print(f"soak: {found} problems in {sum(t['games'] for t in totals.values())} games, "
          f"{time.monotonic() - start:.0f} s; details in out/soak.json")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
