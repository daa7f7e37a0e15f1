"""Whole-process timings of ttrtool commands on the bundled maps (``make bench``).

Each command is run several times as a fresh process; the best and median
wall-clock times are reported against the goal.  No unit test is timed.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The console script users run, installed beside this interpreter by `make setup`.
TTRTOOL = [str(Path(sys.executable).with_name("ttrtool"))]

# (label, arguments, goal in seconds)
COMMANDS: list[tuple[str, list[str], float]] = [
    ("validate europe", ["validate", "maps/europe.yaml"], 0.3),
    ("validate 3 maps", ["validate", "maps/usa.yaml", "maps/europe.yaml",
                         "maps/switzerland.yaml"], 0.4),
    ("validate europe --format sarif", ["validate", "--format", "sarif", "maps/europe.yaml"], 0.3),
    ("analyze europe", ["analyze", "maps/europe.yaml"], 0.5),
    ("render europe (svg)", ["render", "maps/europe.yaml", "-o", "out/bench-europe.svg"], 1.0),
]


def time_command(args: list[str], runs: int = 7) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(TTRTOOL + args, cwd=ROOT, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def cpu_command(args: list[str], runs: int) -> list[float]:
    """CPU seconds (user + system) of each run of a fresh process: on a shared, loaded
    machine the wall-clock time says more about the other jobs than about ttrtool."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(TTRTOOL + args, cwd=ROOT, check=False, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return times


def main() -> int:
    print(f"{'command':<28} {'best s':>8} {'median s':>9} {'goal s':>7}  verdict")
    for label, args, goal in COMMANDS:
        times = time_command(args)
        best, median = min(times), statistics.median(times)
        verdict = "ok" if median <= goal else "SLOW"
        print(f"{label:<28} {best:8.3f} {median:9.3f} {goal:7.2f}  {verdict}")
    dense_render()
    simulate_rates()
    engine_rates()
    longest_paths()
    return 0


# Dense boards (issue 11, item 13): `render` of a board of up to ~200 routes within this many
# times the USA board's time.  benchmarks/dense_board.py makes them (no such map is bundled).
DENSE_BOARDS: list[tuple[str, dict[str, float]]] = [
    ("dense 174 routes", {}),
    ("dense 207 routes", {"doubles": 0.5}),
    ("dense 196 routes", {"cols": 11, "seed": 3, "doubles": 0.45, "diagonals": 0.5}),
]
DENSE_GOAL = 3.0


def dense_render() -> None:
    """Whole-process `render` of the dense boards against `render` of the USA board, in CPU
    time."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from dense_board import dense_board

    (ROOT / "out").mkdir(exist_ok=True)
    usa = statistics.median(cpu_command(["render", "maps/usa.yaml", "-o", "out/bench-usa.svg"],
                                        runs=5))
    print(f"\n{'render, dense boards':<28} {'median cpu s':>12} {'x usa':>7} {'goal':>6}  verdict")
    print(f"{'usa (100 routes)':<28} {usa:12.3f} {1.0:7.1f} {'':>6}")
    for label, args in DENSE_BOARDS:
        name = "bench-" + label.replace(" ", "-")
        path = ROOT / "out" / f"{name}.yaml"
        path.write_text(dense_board(**{k: (int(v) if k in ("cols", "rows", "seed") else v)
                                       for k, v in args.items()}), encoding="utf-8")
        took = statistics.median(cpu_command(["render", str(path), "-o", f"out/{name}.svg"],
                                             runs=3))
        ratio = took / usa
        verdict = "ok" if ratio <= DENSE_GOAL else "SLOW"
        print(f"{label:<28} {took:12.3f} {ratio:7.1f} {DENSE_GOAL:6.1f}  {verdict}")


# (map, players, bots, games, goal in games/s on one core) — issue 4, "Performance".
SIMULATIONS: list[tuple[str, int, tuple[str, ...] | None, int, float]] = [
    ("usa", 4, None, 200, 100.0),
    ("europe", 4, None, 100, 0.0),
    ("switzerland", 3, None, 100, 0.0),
    ("usa", 4, ("random",), 100, 0.0),
]


def simulate_rates() -> None:
    """Games per second on one core, in this process (board loading excluded)."""
    sys.path.insert(0, str(ROOT))
    import ttrtool
    from ttrtool.bots import DEFAULT_BOTS
    from ttrtool.simulate.playout import Table

    print(f"\n{'simulate (one core), 3 rounds':<36} {'games':>6} {'best/s':>8} {'median/s':>9} "
          f"{'goal':>6}  verdict")
    for map_id, players, bots, games, goal in SIMULATIONS:
        table = Table(ttrtool.load_map(map_id), players, bots or DEFAULT_BOTS)
        table.play(0, 0)  # warm caches
        rates = []
        for _ in range(3):  # the same games each round: the spread is the machine's noise
            start = time.perf_counter()
            for g in range(games):
                table.play(1, g)
            rates.append(games / (time.perf_counter() - start))
        best, median = max(rates), statistics.median(rates)
        label = f"{map_id} {players}p {'random' if bots else 'strategic'}"
        verdict = ("ok" if median >= goal else "SLOW") if goal else "-"
        print(f"{label:<36} {games:>6} {best:8.1f} {median:9.1f} {goal:6.0f}  {verdict}")


# (map, players, games) for the engine alone with random bots (issue 4, "Performance").
ENGINE_RUNS: list[tuple[str, int, int]] = [("usa", 4, 200), ("europe", 4, 100),
                                           ("switzerland", 3, 200)]


def engine_rates() -> None:
    """Random-bot games per second on one core: the engine's own cost per game
    (legal actions, views, apply, final scoring), without the simulate layer."""
    import random

    sys.path.insert(0, str(ROOT))
    import ttrtool
    from ttrtool.bots.random_bot import RandomBot
    from ttrtool.engine import Game

    print(f"\n{'engine, random bots (one core)':<36} {'games':>6} {'games/s':>8} "
          f"{'ms/game':>8} {'decisions/s':>12}")
    for map_id, players, games in ENGINE_RUNS:
        game = Game(ttrtool.load_map(map_id), players)
        decisions = 0
        start = time.perf_counter()
        for seed in range(games):
            st = game.new_state(seed)
            bots = [RandomBot(game, p, random.Random(seed * 100 + p)) for p in range(players)]
            while not st.is_over:
                p = st.current_player
                st.apply(bots[p].choose(st.view(p), st.legal_actions()))
            st.result()
            decisions += len(st.history)
        took = time.perf_counter() - start
        print(f"{map_id + f' {players}p':<36} {games:>6} {games / took:8.1f} "
              f"{1000 * took / games:8.2f} {decisions / took:12.0f}")


def longest_paths() -> None:
    """The longest-path routine on the hardest legal networks a randomised
    search finds, against the plain search it replaced (benchmarks/longest.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from longest import report

    report()


if __name__ == "__main__":
    sys.exit(main())
