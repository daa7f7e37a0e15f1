"""Fit the expert's weights by self-play: a cross-entropy search against a fixed pool.

    .venv/bin/python -m benchmarks.tune_expert tune [name=value ...] [--rounds R] [--samples K]
                                                [--pairs P] [--seed S]
    .venv/bin/python -m benchmarks.tune_expert try name=value ... [--pairs P] [--seed S]
    (either with --players 4: the big-table pool; or --selfplay: four of it on USA)

``tune`` runs the cross-entropy method over the weights of WEIGHTS, from the
expert's own (or those given as name=value): each round
draws ``samples`` weight sets from a normal distribution per weight (clipped
to its range), scores each by its mean share of the wins against the pool
(POOL: 2-player games against the kept baseline ``expert-2025`` and
``route-focus``, on the maps named there), and moves the distribution to the
mean and spread of the best quarter.  Every candidate of a round plays the
same seeds, each seed twice with the seats swapped (paired games: the deal's
luck cancels out of the comparison).  Rounds use fresh seeds, so the winner of
a round is not fitted to its deals.  ``try`` scores one weight set (the
expert's own when none is given) on the same games; ``try --all`` on Nordic
Countries and India too (CHECKED), maps the fit never saw.

``--selfplay`` scores a candidate by the 4-player goals of issue 22 instead:
four candidates on USA, and the winner's score less what the game's length
explains (``PLATEAU`` points a turn beyond 37 turns a player: the line every
weight of ``tune_goals.py --only sweep`` lies on).  A candidate above that line
scores more points in the same turns.  ``try --selfplay`` plays today's expert
on the same deals and prints both, with the paired difference.

``--players 4`` (or 5) scores a candidate at a big table instead: one
candidate among today's experts on USA and Europe (BIG_POOL), each deal played
with the candidate in every seat, so a fair share of the wins is 1/players
and the current expert scores exactly that against itself.  There both tracks
of a double route are open, so ``slack_open`` is searched in place of
``slack_closed`` (BIG_WEIGHTS).

Everything is seeded: the same command prints the same figures.  The games
run on one core; a round of 12 samples with 50 pairs on the 4 pool tables is
4,800 games (benchmarks/notes/bots.md, "Weights fitted by self-play", gives the runs and
the command that starts from the hand-set weights).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import ttrtool
from benchmarks.tune_goals import GOALS_4P, mean_ci
from ttrtool.bots.expert import Expert
from ttrtool.simulate.playout import Table
from ttrtool.simulate.seating import game_seed

ROOT = Path(__file__).resolve().parent.parent

# The weights searched: name -> (low, high, integer?).  The expert's class
# attributes of the same names are the fitted values.
WEIGHTS: dict[str, tuple[float, float, bool]] = {
    "deny_weight": (0.0, 5.0, False),
    "long_reserve": (0.0, 40.0, False),  # 40: in effect never
    "hand_bias": (0.0, 0.7, False),
    "spare_min": (3.0, 6.0, True),
    "draw_worth": (-2.0, 6.0, False),
    "train_cost": (0.5, 3.5, False),
    "long_bias": (0.3, 0.9, False),
    "slack_closed": (0.0, 12.0, False),
    "block_gain": (2.0, 10.0, False),
    "path_weight": (0.0, 5.0, False),
    "path_lead": (0.0, 20.0, False),
}
# At tables of 4 players or more (``--players``) both tracks of a double route are
# open (R-CLAIM-5), so the slack for closed ones never applies; the slack kept
# where they are open is searched instead.
BIG_WEIGHTS: dict[str, tuple[float, float, bool]] = {
    **{name: span for name, span in WEIGHTS.items() if name != "slack_closed"},
    "slack_open": (0.0, 8.0, False),
}
# The maps only checked after a fit (``try --all``): they must gain too.
CHECKED: list[tuple[str, str]] = [("expert-2025", "nordiccountries"), ("expert-2025", "india")]
# The pool: (opponent, map), 2 players.
POOL: list[tuple[str, str]] = [
    ("expert-2025", "usa"),
    ("expert-2025", "europe"),
    ("expert-2025", "switzerland"),
    ("route-focus", "usa"),
]
# The pool at big tables: one candidate among today's experts, on the maps of 4 and
# 5 players, each deal played with the candidate in every seat.
BIG_POOL: list[tuple[str, str]] = [("expert", "usa"), ("expert", "europe")]


# Self-play (``--selfplay``): the winner's score of four experts on USA rises this many
# points a turn per player that the game lasts, whichever single weight moves
# (benchmarks/notes/bots.md, "The seventh round"); the goals ask for 145 in under 37 turns.
PLATEAU = 4.9
GOAL_TURNS = next(bound for key, bound, _ in GOALS_4P if key == "turns per player")
# ... and the weights searched there: the big table's, and the endgame's.
SELFPLAY_WEIGHTS: dict[str, tuple[float, float, bool]] = {
    **BIG_WEIGHTS,
    "draw_worth": (-6.0, 6.0, False),
    "long_bias": (0.3, 1.0, False),
    "plan_on": (2.0, 12.0, False),
    "stuck_turns": (0.0, 16.0, False),
    "loco_turns": (0.0, 16.0, False),
    "hurry": (1.0, 6.0, False),
    "draw_rate": (1.0, 2.2, False),
}


def space(players: int) -> dict[str, tuple[float, float, bool]]:
    """The weights searched at a table of this many players."""
    return BIG_WEIGHTS if players >= 4 else WEIGHTS


def candidate(weights: dict[str, float]) -> type:
    """An expert class with these weights."""
    return type("Candidate", (Expert,), dict(weights))


def win_share(record: dict[str, Any], seat: int) -> float:
    winners = record["winners"]
    return (1.0 / len(winners)) if seat in winners else 0.0


class Pool:
    """The pool's tables, each playing a candidate class against its opponent."""

    def __init__(self, pool: list[tuple[str, str]] = POOL, players: int = 2) -> None:
        self.players = players
        self.tables: list[tuple[str, str, Table]] = []
        for other, map_id in pool:
            table = Table(ttrtool.load_map(map_id), players, ("expert", other))
            self.tables.append((other, map_id, table))

    def score(self, cls: type, pairs: int, run_seed: int) -> float:
        """Mean share of the wins of ``cls`` over ``pairs`` seeds per table, each
        played once with the candidate in every seat (2 players: the seats
        swapped); 1/players is a fair share."""
        shares = []
        n = self.players
        for other, _map_id, table in self.tables:
            table.classes["candidate"] = cls
            for number in range(pairs):
                seed = game_seed(run_seed, n, number)
                for seat in range(n):
                    names = [other] * n
                    names[seat] = "candidate"
                    record = table.play_seed(seed, tuple(names), number)
                    shares.append(win_share(record, seat))
        return statistics.fmean(shares)


class SelfPlay:
    """Four of a candidate on USA, scored by the 4-player goals (``PLATEAU``)."""

    def __init__(self) -> None:
        self.table = Table(ttrtool.load_map("usa"), 4, ("expert",))

    def games(self, cls: type, games: int, run_seed: int) -> list[dict[str, float]]:
        """Each game's winner's score, completed tickets, longest path, turns per player
        and its score above the plateau line."""
        table = self.table
        table.classes["candidate"] = cls
        out = []
        for number in range(games):
            record = table.play_seed(game_seed(run_seed, 4, number), ("candidate",) * 4, number)
            winner = record["results"][record["winners"][0]]
            turns = record["turns"] / 4
            out.append({
                "winner's score": winner["score"],
                "completed tickets": winner["completed_tickets"],
                "longest path": max(p["longest_path"] for p in record["results"]),
                "turns per player": turns,
                "above the line": winner["score"] - PLATEAU * (turns - GOAL_TURNS),
            })
        return out

    def score(self, cls: type, pairs: int, run_seed: int) -> float:
        """The mean score above the plateau line over ``pairs`` games."""
        return statistics.fmean(g["above the line"] for g in self.games(cls, pairs, run_seed))


def try_selfplay(weights: dict[str, Any], games: int, seed: int) -> None:
    """Today's expert and the candidate on the same deals, and the paired difference."""
    play = SelfPlay()
    today = play.games(Expert, games, seed)
    moved = play.games(candidate(weights), games, seed)
    print(f"four experts on USA, {games} games, seed {seed}: today's, the candidate's, "
          f"the difference (95% interval)")
    for key in today[0]:
        a = [g[key] for g in today]
        b = [g[key] for g in moved]
        diff, half = mean_ci([y - x for x, y in zip(a, b, strict=True)])
        print(f"  {key:<18} {statistics.fmean(a):8.2f} {statistics.fmean(b):8.2f} "
              f"{diff:+7.2f} ± {half:.2f}", flush=True)


def draw(rng: random.Random, mean: dict[str, float], spread: dict[str, float],
         weights: dict[str, tuple[float, float, bool]]) -> dict[str, float]:
    out = {}
    for name, (low, high, integer) in weights.items():
        value = min(high, max(low, rng.gauss(mean[name], spread[name])))
        out[name] = float(round(value)) if integer else round(value, 3)
    return out


def tune(rounds: int, samples: int, pairs: int, seed: int,
         start: dict[str, float], players: int = 2, selfplay: bool = False) -> dict[str, float]:
    """The cross-entropy search, from the expert's weights (``start`` overriding)."""
    rng = random.Random(seed)
    searched = SELFPLAY_WEIGHTS if selfplay else space(players)
    pool: Pool | SelfPlay = (SelfPlay() if selfplay  # else 3 players: the big pool
                             else Pool(POOL if players == 2 else BIG_POOL, players))
    mean = {name: float(start.get(name, getattr(Expert, name))) for name in searched}
    spread = {name: (high - low) / 4 for name, (low, high, _) in searched.items()}
    elite_n = max(2, samples // 4)
    best: tuple[float, dict[str, float]] = (-1.0, dict(mean))
    for round_ in range(rounds):
        run_seed = seed * 1000 + round_
        tried = [dict(mean)] + [draw(rng, mean, spread, searched) for _ in range(samples - 1)]
        scored = sorted(((pool.score(candidate(w), pairs, run_seed), w) for w in tried),
                        key=lambda s: -s[0])
        elite = [w for _, w in scored[:elite_n]]
        for name, (low, high, _) in searched.items():
            values = [w[name] for w in elite]
            mean[name] = statistics.fmean(values)
            # keep some spread so the search does not freeze on one round's luck
            spread[name] = max(statistics.pstdev(values), (high - low) / 20)
        own = scored_mean(scored, tried[0])
        print(f"round {round_}: best {scored[0][0]:.3f}, the mean's own {own:.3f}, "
              f"median {statistics.median(s for s, _ in scored):.3f}", flush=True)
        print("  mean now: " + ", ".join(f"{k}={v:.2f}" for k, v in mean.items()), flush=True)
        if scored[0][0] > best[0]:
            best = scored[0]
    print("final mean: " + " ".join(f"{k}={v:.3f}" for k, v in mean.items()))
    return mean


def scored_mean(scored: list[tuple[float, dict[str, float]]], weights: dict[str, float]) -> float:
    return next(s for s, w in scored if w is weights)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("tune", "try"))
    parser.add_argument("weights", nargs="*", help="name=value (try)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all", action="store_true", help="try: the checked maps too")
    parser.add_argument("--selfplay", action="store_true",
                        help="score by the 4-player goals: four candidates on USA")
    parser.add_argument("--players", type=int, default=2,
                        help="table size; from Expert.big_table up, the big-table pool")
    args = parser.parse_intermixed_args()
    weights: dict[str, Any] = {}
    for item in args.weights:
        name, _, value = item.partition("=")
        weights[name] = None if value == "None" else float(value)
    if args.command == "tune":
        tune(args.rounds, args.samples, args.pairs, args.seed, weights, args.players,
             args.selfplay)
        return 0
    if args.selfplay:
        try_selfplay(weights, args.pairs, args.seed)
        return 0
    players = args.players
    pool = Pool(BIG_POOL, players) if players > 2 else Pool(POOL + CHECKED if args.all else POOL)
    for entry in pool.tables:
        single = Pool.__new__(Pool)
        single.tables, single.players = [entry], players
        share = single.score(candidate(weights), args.pairs, args.seed)
        print(f"vs {entry[0]} on {entry[1]}, {players} players: {share:.3f} "
              f"(fair {1 / players:.3f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
