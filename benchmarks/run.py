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
from typing import Any

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
    simulate_rates()
    engine_share()
    engine_rates()
    longest_paths()
    expert_targets()
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


# (map, players, bots, games per round, goal in games/s on one core): the archetypes'
# goals are issue 13's "Targets" (set when they were simulate's default table), the
# expert's in every seat issue 22's; "default" is the table simulate seats today
# (ttrtool.bots.DEFAULT_BOTS), reported without a goal of its own.
SIMULATIONS: list[tuple[str, int, str, int, float]] = [
    ("usa", 4, "archetypes", 100, 300.0),
    ("europe", 4, "archetypes", 50, 250.0),
    ("switzerland", 3, "archetypes", 100, 300.0),
    ("usa", 4, "expert", 50, 25.0),
    ("usa", 4, "default", 50, 0.0),
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
    sys.path.insert(0, str(ROOT))
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
    sys.path.insert(0, str(ROOT))
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

    sys.path.insert(0, str(ROOT))
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
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from longest import report

    report()


def game_figures(record: dict[str, Any]) -> dict[str, float]:
    """One game's figures for the table against strong humans (docs/bots.md): the
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


def mean_figures(map_id: str, players: int, bots: tuple[str, ...], games: int,
                 seed: int) -> dict[str, float]:
    """Mean :func:`game_figures` over ``games`` seeded games."""
    import ttrtool
    from ttrtool.simulate.playout import Table

    table = Table(ttrtool.load_map(map_id), players, bots)
    totals: dict[str, float] = {}
    for g in range(games):
        for key, value in game_figures(table.play(seed, g, log_actions=True)).items():
            totals[key] = totals.get(key, 0.0) + value
    return {key: value / games for key, value in totals.items()}


# Strong humans, USA 4 players: the WBC 2025 online tournament's 27 semifinal and final
# games on Board Game Arena with the Mega option, which deals more tickets (docs/bots.md,
# "Against strong humans", cites the page).  The page gives the winner's total tickets
# and turns spent taking tickets, not completed tickets or draws per player.
HUMANS = {"turns per player": 35.4, "winner's route points": 69.8, "winning score": 157,
          "winner's total tickets": 6.4, "winner's ticket points": 73,
          "winner's turns drawing tickets": 1.9, "longest path": 38}


def expert_targets() -> None:
    """The expert bot's goals (issue 22; docs/bots.md) and the table against strong humans.

    * 2 players against ``route-focus`` on USA, seats rotating, 400 games:
      the expert wins at least 72%;
    * 4-player expert self-play on USA: the winner averages 145 points or more
      and 5 completed tickets or more, the longest path is 35 or more, players
      take fewer than 37 turns and draw tickets in play at least once a game;
    * 4-player expert self-play on USA runs at 25 games/s or more on one core
      (reported with the other simulation rates, :func:`simulate_rates`).
    The 2-player goals against ``expert-2025`` are measured by
    ``benchmarks/tune_goals.py`` (paired deals on three maps).
    """
    import math

    sys.path.insert(0, str(ROOT))
    import ttrtool
    from ttrtool.bots import ARCHETYPES
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
    print(f"\n{'expert goals (USA)':<52} {'measured':>10} {'goal':>8}  verdict")
    print(f"{'2p win rate vs route-focus, 400 games (95% CI)':<52} "
          f"{f'{rate:.3f}±{half:.3f}':>10} {'>= 0.72':>8}  {'ok' if rate >= 0.72 else 'MISSED'}")

    expert = mean_figures("usa", 4, ("expert",), 200, 0)
    for key, goal, at_least in (
            ("winning score", 145.0, True), ("winner's completed tickets", 5.0, True),
            ("longest path", 35.0, True), ("turns per player", 37.0, False),
            ("ticket draws per player in play", 1.0, True)):
        label = f"4p self-play (200): {key}"
        met = expert[key] >= goal if at_least else expert[key] < goal
        bar = f">= {goal:g}" if at_least else f"< {goal:g}"
        print(f"{label:<52} {expert[key]:>10.2f} {bar:>8}  {'ok' if met else 'MISSED'}")

    archetypes = mean_figures("usa", 4, ARCHETYPES, 200, 0)
    print(f"\n{'external validity, USA 4p, 200 games':<36} {'archetypes':>10} {'expert':>8} "
          f"{'humans':>8}")
    for key, human in HUMANS.items():
        print(f"{key:<36} {archetypes[key]:>10.1f} {expert[key]:>8.1f} {human:>8}")


if __name__ == "__main__":
    sys.exit(main())
