"""Soak run: many seeded random games with every invariant checked after every action.

Run as a script (``make soak`` or ``python tests/engine/soak.py --games 10000``).
Prints one line per map and player count and a summary; exits 1 if any
invariant failed, any game raised, or a rescored result disagreed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import ttrtool
from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game
from ttrtool.engine.invariants import check_invariants
from ttrtool.engine.scoring import rescore

CASES = [("usa", n) for n in range(2, 6)] + [("europe", n) for n in range(2, 6)] + [
    ("switzerland", 2), ("switzerland", 3)]


def run_chunk(args: tuple[str, int, int, int, int]) -> dict[str, Any]:
    """Play seeds [start, stop) of one case; check every position."""
    map_id, players, start, stop, every = args
    game = Game(ttrtool.load_map(map_id), players)
    reasons: Counter[str] = Counter()
    failures: list[str] = []
    decisions = wipes = withdrawn = paid = 0
    for seed in range(start, stop):
        try:
            st = game.new_state(seed)
            bots = [RandomBot(game, p, random.Random(seed * 100 + p)) for p in range(players)]
            n = 0
            while not st.is_over:
                p = st.current_player
                st.apply(bots[p].choose(st.view(p), st.legal_actions()))
                n += 1
                if n % every == 0 or st.is_over:
                    problems = check_invariants(st)
                    if problems:
                        failures.append(f"{map_id} {players}p seed {seed} action {n}: {problems}")
                        break
            if not st.is_over:
                continue
            res = st.result()
            if [pr.score for pr in res.players] != rescore(game.board, res):
                failures.append(f"{map_id} {players}p seed {seed}: rescore disagrees")
            reasons[res.end_reason] += 1
            decisions += n
            wipes += res.market_wipes
            withdrawn += res.tunnels_withdrawn
            paid += res.tunnels_paid
        except Exception as exc:  # report every crash with its seed, keep going
            failures.append(f"{map_id} {players}p seed {seed}: {type(exc).__name__}: {exc}")
    return {"case": (map_id, players), "reasons": reasons, "failures": failures,
            "decisions": decisions, "wipes": wipes, "withdrawn": withdrawn, "paid": paid}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10000, help="games per map and player count")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--every", type=int, default=1, help="check invariants every N actions")
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--maps", default="usa,europe,switzerland")
    a = ap.parse_args(argv)
    maps = set(a.maps.split(","))
    chunk = 250
    work = [(m, n, s, min(s + chunk, a.seed + a.games), a.every)
            for m, n in CASES if m in maps
            for s in range(a.seed, a.seed + a.games, chunk)]
    totals: dict[tuple[str, int], dict[str, Any]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as pool:
        for out in pool.map(run_chunk, work):
            t = totals.setdefault(out["case"], {"reasons": Counter(), "failures": [],
                                                "decisions": 0, "wipes": 0, "withdrawn": 0,
                                                "paid": 0})
            t["reasons"].update(out["reasons"])
            t["failures"] += out["failures"]
            for k in ("decisions", "wipes", "withdrawn", "paid"):
                t[k] += out[k]
    failures = 0
    for (m, n), t in totals.items():
        games = sum(t["reasons"].values())
        print(f"{m:<12} {n}p  games {games:>6}  end {dict(t['reasons'])}  "
              f"decisions/game {t['decisions'] / max(games, 1):.0f}  wipes {t['wipes']}  "
              f"tunnels paid {t['paid']} withdrawn {t['withdrawn']}  "
              f"failures {len(t['failures'])}")
        for f in t["failures"][:5]:
            print("   ", f)
        failures += len(t["failures"])
    print(f"total {failures} failures in {time.perf_counter() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
