"""Playout values of every way of keeping tickets, and keep rules judged on them.

    .venv/bin/python -m benchmarks.keep_values log OUT.jsonl [--games G] [--seed S]
                                               [--samples K] [--keeps every|deal|play] [--fair]
    .venv/bin/python -m benchmarks.keep_values judge LOG.jsonl [...] [--fair FAIR.jsonl ...]

``log``: four experts play USA.  At every keep with a choice, each option is played
out ``samples`` times from the position (:meth:`GameState.resampled`, the same deals
for every option; with ``--fair`` the other players' hands and tickets are dealt anew
too), and a line is written with the option's terms as the expert weighs them
(:meth:`Expert2025.keep_terms`) and the keeper's final scores.  The game goes on
with the expert's own choice, so the positions are those experts meet.  A keep costs
about as many games as it has options times ``samples``.

``judge``: from such logs, for the first deal and for tickets drawn in play:

* **search**: the option best over one half of the playouts, scored on the other
  half, against the expert's choice (each half picks once);
* **fair search**, given ``--fair`` logs of the same deals and seed (``log --fair``):
  the option best over half of a fair log's playouts, scored on the other half of the
  plain log's playouts of the same keep, which played on with the other players' real
  hands and tickets;
* **keep rules**: an option's worth ``sure - c*cost + a*plan - k*added`` over a grid
  of ``c``, ``a`` and ``k`` (the expert's rule is ``c = train_cost``, ``a = 1``,
  ``k = 0``), each scored on every playout against the expert's choice (a rule does
  not look at the playouts), and the best rule on one half of the keeps scored on
  the other half, twenty times.

A rule is judged on thousands of decisions at once, each option on the same deals,
rather than by whole games of changed experts.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from itertools import product
from pathlib import Path
from typing import Any

from benchmarks.keep_search import expert_game, play_out
from benchmarks.tune_goals import mean_ci
from ttrtool.bots.expert import Expert
from ttrtool.engine.actions import KeepTickets
from ttrtool.engine.state import GameState
from ttrtool.engine.view import PlayerView
from ttrtool.simulate.seating import game_seed

ROOT = Path(__file__).resolve().parent.parent

PHASES = {"every": ("setup_tickets", "tickets"), "deal": ("setup_tickets",),
          "play": ("tickets",)}
NAMES = {"setup_tickets": "first deal", "tickets": "tickets drawn in play"}
# The grid of keep rules ``judge`` scores: train cost, plan weight, a ticket added.
COSTS = (1.5, 2.0, Expert.train_cost, 3.5, 4.5, 5.5, 7.0)
PLAN_WEIGHTS = (0.6, 0.8, 1.0, 1.2)
ADDED = (-2.0, 0.0, 2.0, 4.0, 6.0)


def log(path: str, games: int, seed: int, samples: int, keeps: str, fair: bool) -> None:
    """Play ``games`` deals of four experts and write every keep's options and values."""
    with open(path, "a", encoding="utf-8") as out:
        for number in range(games):
            deal = game_seed(seed, 4, number)
            decision = 0

            def at_keep(state: GameState, view: PlayerView, options: list[KeepTickets],
                        action: KeepTickets, bot: Expert, deal: int = deal) -> KeepTickets:
                nonlocal decision
                decision += 1  # every keep counts: a keep's deals are its own
                if state.phase_name not in PHASES[keeps]:
                    return action
                p = state.current_player
                base = deal * 1009 + decision * 104729
                logged = []
                for option, terms in bot.keep_terms(view, options):
                    own = []
                    for k in range(samples):
                        s = state.resampled(base + 7919 * k, p if fair else None)
                        s.apply(option)
                        own.append(play_out(s, base + 7919 * k).players[p].score)
                    logged.append({"tickets": list(option.tickets), "terms": list(terms),
                                   "chosen": option.tickets == action.tickets, "own": own})
                out.write(json.dumps({"deal": deal, "decision": decision, "seat": p,
                                      "phase": state.phase_name, "turns": bot.turns(view),
                                      "options": logged}) + "\n")
                out.flush()
                return action

            expert_game(deal, at_keep)
            print(f"deal {number + 1} of {games}", flush=True)


def keeps_of(paths: Sequence[str]) -> Iterator[dict[str, Any]]:
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                yield json.loads(line)


def chosen(keep: dict[str, Any]) -> int:
    return next(i for i, o in enumerate(keep["options"]) if o["chosen"])


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values)


def search_gain(keep: dict[str, Any], picks: dict[str, Any] | None = None) -> float:
    """The option best over one half of the playouts, scored on the other half of
    ``keep``'s, less the expert's choice so scored; both halves pick once.  The halves
    that pick are ``picks``' playouts of the same keep when given (a fair log: the other
    players' hands and tickets dealt anew), else ``keep``'s own."""
    options, mine = keep["options"], chosen(keep)
    picking = (picks or keep)["options"]
    half = len(options[0]["own"]) // 2
    gains = []
    for pick, score in ((slice(0, half), slice(half, 2 * half)),
                        (slice(half, 2 * half), slice(0, half))):
        best = max(range(len(options)), key=lambda i: mean(picking[i]["own"][pick]))
        gains.append(mean(options[best]["own"][score]) - mean(options[mine]["own"][score]))
    return mean(gains)


def rule_gain(keep: dict[str, Any], c: float, a: float, k: float) -> float:
    """The option a keep rule picks, less the expert's choice, over every playout."""
    options = keep["options"]

    def worth(i: int) -> float:
        sure, cost, plan, added = options[i]["terms"]
        return float(sure - c * cost + a * plan - k * added)

    best = max(range(len(options)), key=worth)  # the first of equals, as the expert
    return mean(options[best]["own"]) - mean(options[chosen(keep)]["own"])


def shown(values: Sequence[float]) -> str:
    m, half = mean_ci(list(values))
    return f"{m:+.2f} ± {half:.2f}"


def fair_gain(keep: dict[str, Any], fair: dict[str, Any]) -> float:
    """:func:`search_gain` with ``fair``'s playouts picking and ``keep``'s, which played on
    with the other players' real hands and tickets, scoring."""
    if [o["tickets"] for o in keep["options"]] != [o["tickets"] for o in fair["options"]]:
        raise ValueError(f"deal {keep['deal']}, keep {keep['decision']}: the logs differ")
    return search_gain(keep, fair)


def judge(paths: Sequence[str], fair_paths: Sequence[str]) -> None:
    keeps = list(keeps_of(paths))
    fair = {(k["deal"], k["decision"]): k for k in keeps_of(fair_paths)}
    grid = list(product(COSTS, PLAN_WEIGHTS, ADDED))
    for phase, name in NAMES.items():
        these = [k for k in keeps if k["phase"] == phase]
        if not these:
            continue
        playouts = len(these[0]["options"][0]["own"])
        print(f"{name}: {len(these)} keeps, {playouts} playouts an option")
        print(f"  the expert's own rule, as a check: "
              f"{shown([rule_gain(k, Expert.train_cost, 1.0, 0.0) for k in these])}")
        print(f"  search (best of half the playouts, scored on the rest): "
              f"{shown([search_gain(k) for k in these])} points a keep")
        both = [k for k in these if (k["deal"], k["decision"]) in fair]
        if both:
            print(f"  on the {len(both)} of them in the fair logs: search that sees "
                  f"{shown([search_gain(k) for k in both])}, fair search "
                  f"{shown([fair_gain(k, fair[k['deal'], k['decision']]) for k in both])}"
                  f" points a keep")
        scored = sorted(((mean([rule_gain(k, *r) for k in these]), r) for r in grid),
                        reverse=True)
        print(f"  keep rules (train cost c, plan weight a, a ticket added k), "
              f"{len(grid)} in the grid; the best five:")
        for _, (c, a, k) in scored[:5]:
            print(f"    c {c:.2f}, a {a:.1f}, k {k:+.1f}: "
                  f"{shown([rule_gain(x, c, a, k) for x in these])} points a keep")
        if len(these) < 4:
            continue
        rng = random.Random(1)
        held: list[float] = []
        for _ in range(20):
            order = list(range(len(these)))
            rng.shuffle(order)
            fit = [these[i] for i in order[::2]]
            test = [these[i] for i in order[1::2]]
            best = max(grid, key=lambda r: mean([rule_gain(k, *r) for k in fit]))
            held.append(mean([rule_gain(k, *best) for k in test]))
        print(f"  the best rule on half the keeps, scored on the other half (20 splits): "
              f"{mean(held):+.2f} points a keep (from {min(held):+.2f} to {max(held):+.2f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_log = sub.add_parser("log")
    p_log.add_argument("out")
    p_log.add_argument("--games", type=int, default=20)
    p_log.add_argument("--seed", type=int, default=900)
    p_log.add_argument("--samples", type=int, default=16)
    p_log.add_argument("--keeps", choices=tuple(PHASES), default="every")
    p_log.add_argument("--fair", action="store_true")
    p_judge = sub.add_parser("judge")
    p_judge.add_argument("logs", nargs="+")
    p_judge.add_argument("--fair", nargs="*", default=[], metavar="FAIR")
    args = parser.parse_args()
    if args.command == "log":
        log(args.out, args.games, args.seed, args.samples, args.keeps, args.fair)
    else:
        judge(args.logs, args.fair)
    return 0


if __name__ == "__main__":
    sys.exit(main())
