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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ttrtool.model import Board

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
    """Wall-clock seconds of each run; a run that fails stops the benchmark (a command
    that exits at once, say for want of out/, would otherwise look fast)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(TTRTOOL + args, cwd=ROOT, check=True, capture_output=True)
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
    (ROOT / "out").mkdir(exist_ok=True)
    print(f"{'command':<28} {'best s':>8} {'median s':>9} {'goal s':>7}  verdict")
    for label, args, goal in COMMANDS:
        times = time_command(args)
        best, median = min(times), statistics.median(times)
        verdict = "ok" if median <= goal else "SLOW"
        print(f"{label:<28} {best:8.3f} {median:9.3f} {goal:7.2f}  {verdict}")
    dense_render()
    robust_verdict()
    simulate_rates()
    engine_share()
    engine_rates()
    longest_paths()
    expert_targets()
    return 0


# A robust verdict (issue 36): every play style of ``--styles``, USA at 2, 3 and 4 players,
# 400 games per count per style, on both cores, within this many seconds.
ROBUST_ARGS = ["simulate", "usa", "-p", "2,3,4", "--games", "400", "--styles", "--jobs", "2",
               "--quiet"]
ROBUST_GOAL = 90.0


def robust_verdict() -> None:
    """Wall-clock and CPU seconds (all processes) of one robust verdict, as a user runs
    it; the wall-clock time is the goal's, and on a shared machine it says as much
    about the other jobs (the CPU time over two cores is the floor)."""
    (ROOT / "out").mkdir(exist_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(TTRTOOL + ROBUST_ARGS + ["--out", "out/bench-robust.json"], cwd=ROOT,
                   check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    verdict = "ok" if wall <= ROBUST_GOAL else "SLOW"
    print(f"\n{'robust verdict (--styles)':<28} {'wall s':>8} {'cpu s':>9} {'goal s':>7}  "
          "verdict")
    print(f"{'usa 2,3,4p x400 x3 styles':<28} {wall:8.1f} {cpu:9.1f} {ROBUST_GOAL:7.0f}  "
          f"{verdict}")


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
    from benchmarks.dense_board import dense_board

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


# (map, players, bots, games per round, goal in games/s on one core): the archetypes'
# goals are issue 13's "Targets" (set when they were simulate's default table); the
# expert's in every seat and the table simulate seats today (ttrtool.bots.DEFAULT_BOTS)
# issue 37's floors.
SIMULATIONS: list[tuple[str, int, str, int, float]] = [
    ("usa", 4, "archetypes", 100, 300.0),
    ("europe", 4, "archetypes", 50, 250.0),
    ("switzerland", 3, "archetypes", 100, 300.0),
    ("usa", 4, "expert", 50, 80.0),
    ("usa", 4, "default", 50, 120.0),
    ("europe", 4, "default", 30, 0.0),
    ("usa", 4, "random", 200, 0.0),
]
ROUNDS = 5


def cpu_rates(play: Callable[[int], object], games: int) -> list[float]:
    """Games per second of CPU time (this process only: the machine may be shared),
    one figure per round of the same ``games`` games."""
    play(0)  # warm the memo tables
    rates = []
    for _ in range(ROUNDS):
        start = time.process_time()
        for g in range(games):
            play(g)
        rates.append(games / (time.process_time() - start))
    return rates


def simulate_rates() -> None:
    """Games per second on one core through ``simulate``'s table (board loading excluded)."""
    import ttrtool
    from ttrtool.bots import ARCHETYPES, DEFAULT_BOTS
    from ttrtool.simulate.playout import Table

    tables = {"archetypes": ARCHETYPES, "default": DEFAULT_BOTS}
    print(f"\n{f'simulate (one core, CPU time), {ROUNDS} rounds':<36} {'games':>6} {'best/s':>8} "
          f"{'median/s':>9} {'goal':>6}  verdict")
    for map_id, players, bots, games, goal in SIMULATIONS:
        table = Table(ttrtool.load_map(map_id), players, tables.get(bots, (bots,)))
        rates = cpu_rates(lambda g, t=table: t.play(1, g), games)
        best, median = max(rates), statistics.median(rates)
        label = f"{map_id} {players}p {bots}"
        verdict = ("ok" if median >= goal else "SLOW") if goal else "-"
        print(f"{label:<36} {games:>6} {best:8.1f} {median:9.1f} {goal:6.0f}  {verdict}")
    memory_growth()


def engine_share() -> None:
    """How much of a game with the archetypes is the engine's, and what that leaves the
    bots under issue 13's goals.  The same games are played twice: once as ``simulate``
    plays them, and once replaying the actions the bots chose, doing per decision only
    what ``simulate`` asks of the engine (the list, the view, applying) and the final
    scoring, with no bot deciding.  The goal's time per game less the engine's is what
    is left for the rest (the bots' decisions, and the game record simulate writes);
    "bots x" is how many times faster that rest would have to be to fit it ("never":
    the engine alone takes longer than the goal allows)."""
    import ttrtool
    from ttrtool.bots import ARCHETYPES
    from ttrtool.simulate.playout import Table, make_bots, uses_board_menu
    from ttrtool.simulate.seating import game_seed, seating

    print(f"\n{'engine share of archetype games (CPU)':<36} {'games':>6} {'whole/s':>8} "
          f"{'engine/s':>9} {'share':>6} {'goal':>6} {'bots x':>7}")
    for map_id, players, bots, games, goal in SIMULATIONS:
        if bots != "archetypes":
            continue
        table = Table(ttrtool.load_map(map_id), players, ARCHETYPES)
        game = table.game
        played = []  # (seed, seats reading a menu, the actions chosen)
        for g in range(games):
            seed = game_seed(1, players, g)
            seated = make_bots(game, seating(ARCHETYPES, players, g), seed, table.classes)
            menu = [uses_board_menu(b) for b in seated]
            state, chosen = game.new_state(seed), []
            while not state.is_over:
                p = state.current_player
                action = seated[p].choose(state.view(p), state.default_actions(menu=menu[p]))
                state.apply(action)
                chosen.append(action)
            played.append((seed, menu, chosen))
        start = time.process_time()
        for g in range(games):
            table.play(1, g)
        whole = (time.process_time() - start) / games
        start = time.process_time()
        for seed, menu, chosen in played:
            state = game.new_state(seed)
            for action in chosen:
                p = state.current_player
                state.default_actions(menu=menu[p])
                state.view(p)
                state.apply(action)
            state.result()
        engine = (time.process_time() - start) / games
        budget = 1 / goal - engine
        needed = f"{(whole - engine) / budget:7.1f}" if budget > 0 else f"{'never':>7}"
        print(f"{f'{map_id} {players}p archetypes':<36} {games:>6} {1 / whole:8.1f} "
              f"{1 / engine:9.1f} {engine / whole:6.0%} {goal:6.0f} {needed}")


def memory_growth(first: int = 300, then: int = 400) -> None:
    """Memory held after ``first`` games and again after ``then`` more (USA 4p,
    the default table): what a long run keeps should not grow with its games.  The
    engine's memo of claim rows (one per colour group and count of that colour's
    cards and locomotives, so at most groups x 13 x 15 on USA) fills towards that
    bound; the expert's long hoards reach the rarer counts slowly, so the first
    100 games are too few to judge (+547 B/game from game 100 to 400, +216 from
    300 to 700, measured when the expert joined the default table)."""
    import gc
    import tracemalloc

    import ttrtool
    from ttrtool.bots import DEFAULT_BOTS
    from ttrtool.simulate.playout import Table

    table = Table(ttrtool.load_map("usa"), 4, DEFAULT_BOTS)
    tracemalloc.start()
    for g in range(first):
        table.play(2, g)
    gc.collect()  # count what is held, not garbage the collector has yet to visit
    before = tracemalloc.get_traced_memory()[0]
    for g in range(first, first + then):
        table.play(2, g)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    per_game = (after - before) / then
    verdict = "ok" if per_game < 256 else "GROWS"
    print(f"{'memory held, usa 4p strategic':<36} {first:>6} {before / 1024:7.0f}K "
          f"-> {after / 1024:.0f}K after {then} more ({per_game:+.0f} B/game)  {verdict}")


# (map, players, games per round, goal) for the engine alone with random bots (issue 13).
ENGINE_RUNS: list[tuple[str, int, int, float]] = [("usa", 4, 200, 1000.0),
                                                  ("europe", 4, 100, 0.0),
                                                  ("switzerland", 3, 200, 0.0)]


def engine_rates() -> None:
    """Random-bot games per second on one core: the engine's own cost per game
    (legal actions, views, apply, final scoring), without the simulate layer."""
    import random

    import ttrtool
    from ttrtool.bots.random_bot import RandomBot
    from ttrtool.engine import Game

    print(f"\n{f'engine, random bots (one core, CPU), {ROUNDS} rounds':<36} {'games':>6} "
          f"{'best/s':>8} {'median/s':>9} {'goal':>6}  verdict  {'decisions/s':>11}")
    for map_id, players, games, goal in ENGINE_RUNS:
        game = Game(ttrtool.load_map(map_id), players)
        decisions = [0]

        def play(seed: int, game: Game = game, players: int = players,
                 decisions: list[int] = decisions) -> None:
            st = game.new_state(seed)
            bots = [RandomBot(game, p, random.Random(seed * 100 + p)) for p in range(players)]
            while not st.is_over:
                p = st.current_player
                st.apply(bots[p].choose(st.view(p), st.legal_actions()))
            st.result()
            decisions[0] += len(st.history)

        rates = cpu_rates(play, games)
        best, median = max(rates), statistics.median(rates)
        per_game = decisions[0] / (ROUNDS * games + 1)
        verdict = ("ok" if median >= goal else "SLOW") if goal else "-"
        print(f"{map_id + f' {players}p':<36} {games:>6} {best:8.1f} {median:9.1f} {goal:6.0f}"
              f"  {verdict:<7}  {median * per_game:11.0f}")


def longest_paths() -> None:
    """The longest-path routine on the hardest legal networks a randomised
    search finds, against the plain search it replaced (benchmarks/longest.py)."""
    from benchmarks.longest import report

    report()


def game_figures(record: dict[str, Any]) -> dict[str, float]:
    """One game's figures for the table against strong humans (benchmarks/notes/bots.md): the
    winner is the first of the winners; ticket draws count the ``tickets``
    actions after the deal, per player."""
    players = record["results"]
    seat = record["winners"][0]
    winner = players[seat]
    draws = sum(1 for _seat, text in record["actions"] if text == "tickets")
    return {
        "turns per player": record["turns"] / record["players"],
        "winner's route points": winner["breakdown"]["routes"],
        "winning score": winner["score"],
        "winner's completed tickets": winner["completed_tickets"],
        "winner's ticket points": winner["breakdown"]["tickets"],
        "ticket draws per player in play": draws / record["players"],
        "winner's total tickets": len(winner["tickets"]),
        "winner's turns drawing tickets": sum(
            1 for s, text in record["actions"] if s == seat and text == "tickets"),
        "longest path": max(p["longest_path"] for p in players),
    }


def mean_figures(board: Board, players: int, bots: tuple[str, ...], games: int,
                 seed: int) -> dict[str, float]:
    """Mean :func:`game_figures` over ``games`` seeded games."""
    from ttrtool.simulate.playout import Table

    table = Table(board, players, bots)
    totals: dict[str, float] = {}
    for g in range(games):
        for key, value in game_figures(table.play(seed, g, log_actions=True)).items():
            totals[key] = totals.get(key, 0.0) + value
    return {key: value / games for key, value in totals.items()}


# Strong humans, USA 4 players: the WBC 2025 online tournament's 27 semifinal and final
# games on Board Game Arena with the USA 1910 Mega option (boardgamers.org's pbem TTR
# page; benchmarks/notes/bots.md, "Against strong humans").  The page gives the winner's
# total tickets and turns spent taking tickets, not completed tickets or draws per player.
HUMANS = {"turns per player": 35.4, "winner's route points": 69.8, "winning score": 157.1,
          "winner's total tickets": 6.4, "winner's ticket points": 73.4,
          "winner's turns drawing tickets": 1.9, "longest path": 38}
# Issue 37: four experts on the humans' own rules (benchmarks/usa_mega.py) play at their
# pace: (figure, low, high); the winner's score within the humans' sample.
MEGA_GOALS: list[tuple[str, float | None, float | None]] = [
    ("turns per player", None, 36.5), ("longest path", 36.0, None),
    ("winning score", 148.0, 166.0)]


def expert_targets() -> None:
    """The expert bot's goals (issues 22 and 37; benchmarks/notes/bots.md):

    * 2 players against ``route-focus`` on USA, seats rotating, 400 games:
      the expert wins at least 80%;
    * four experts on USA with BGA's Mega option (benchmarks/usa_mega.py, the rules the
      strong humans played), 200 games: at most 36.5 turns a player, a longest path of
      36 or more, the winner's score within the humans' sample (148-166), beside the
      humans' figures and four experts on the base game's tickets.
    The speed goals are reported with the other simulation rates (:func:`simulate_rates`).
    """
    import math

    import ttrtool
    from benchmarks.usa_mega import mega_board
    from ttrtool.simulate.playout import Table

    table = Table(ttrtool.load_map("usa"), 2, ("expert", "route-focus"))
    games = 400
    wins = 0.0
    for g in range(games):
        record = table.play(0, g)
        winners = record["winners"]
        wins += sum(1 for s in winners if record["bots"][s] == "expert") / len(winners)
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(f"\n{'expert goals (USA)':<52} {'measured':>10} {'goal':>9}  verdict")
    print(f"{'2p win rate vs route-focus, 400 games (95% CI)':<52} "
          f"{f'{rate:.3f}±{half:.3f}':>10} {'>= 0.80':>9}  {'ok' if rate >= 0.80 else 'MISSED'}")

    mega = mean_figures(mega_board(), 4, ("expert",), 200, 7)
    for key, low, high in MEGA_GOALS:
        value = mega[key]
        met = (low is None or value >= low) and (high is None or value <= high)
        bar = (f"{low:g}-{high:g}" if low is not None and high is not None
               else f">= {low:g}" if low is not None else f"<= {high:g}")
        print(f"{f'4 experts, Mega rules (200): {key}':<52} {value:>10.2f} {bar:>9}  "
              f"{'ok' if met else 'MISSED'}")

    base = mean_figures(ttrtool.load_map("usa"), 4, ("expert",), 200, 0)
    print(f"\n{'USA 4p, four experts, 200 games':<36} {'base':>8} {'Mega':>8} {'humans':>8}")
    for key, human in HUMANS.items():
        print(f"{key:<36} {base[key]:>8.1f} {mega[key]:>8.1f} {human:>8}")
    print("(humans: WBC 2025 semifinals and finals on BGA, USA 1910 Mega option, 27 games;"
          " winner's score range 120-233)")


if __name__ == "__main__":
    sys.exit(main())
