"""The expert's goals of issue 22, measured (benchmarks/notes/bots.md, "The expert against
its goals").

    .venv/bin/python -m benchmarks.tune_goals [--games N] [--seed S] [--only PART]

Parts (all by default):

* ``table`` — USA, 4 players, the expert in every seat, against the default
  table (``DEFAULT_BOTS``) and the strong humans' figures: winner's score,
  completed and total tickets, ticket points, route points, turns spent
  drawing tickets, longest path, turns per player, with 95% intervals;
* ``duels`` — 2 players, seats rotating: the expert's win rate against
  ``route-focus`` on USA and against the kept baseline ``expert-2025`` on
  USA, Europe, Switzerland, Nordic Countries and India (a tie shares the win);
* ``fours`` — 4 players: one expert among three ``expert-2025`` on USA and
  Europe, each deal played with the expert in every seat (its fair share of
  the wins is 25%);
* ``where`` — where four experts on USA lose turns and tickets: the cards
  and trains each holds at its last decision (cards drawn and never used),
  how its failed tickets stood (a path still open, or none), and how the
  turns it expected to have compared with the turns it played;
* ``deal`` — the ``table`` figures of four experts on USA with the deal of the
  humans' games (the Mega option: five tickets dealt, three kept at least), on the
  base game's 30 tickets: how much of the humans' lead the deal alone explains;
* ``sweep`` — the ``table`` figures of four experts on USA with one weight of the
  expert moved at a time (``SWEEP``), and the straight line of the winner's score
  on the turns per player through them: how far the goals' point (145 points in
  fewer than 37 turns) lies above what moving the weights reaches;
* ``speed`` — CPU games per second of four experts on USA on one core,
  played in alternating rounds with four ``expert-2025`` so that the ratio of
  the two survives a shared machine.

Every game is seeded (``Table.play(seed, number)``): the same command prints
the same figures, except the speed.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

import ttrtool
from ttrtool.bots import DEFAULT_BOTS
from ttrtool.bots.expert import Expert
from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.simulate.playout import Table
from ttrtool.simulate.seating import game_seed
from ttrtool.validate import validate_file

ROOT = Path(__file__).resolve().parent.parent

# Strong humans, USA 4 players: WBC 2025 online semifinals and finals, 27 games with the
# Mega option (more tickets dealt); benchmarks/notes/bots.md, "Against strong humans",
# cites the page.
HUMANS: dict[str, str] = {
    "winner's score": "157",
    "winner's completed tickets": "-",
    "winner's total tickets": "6.4",
    "winner's ticket points": "73",
    "winner's route points": "69.8",
    "winner's turns drawing tickets": "1.9",
    "longest path": "38",
    "turns per player": "35.4",
}
# Issue 22's goals for four experts on USA: (figure, bound, at least?).
GOALS_4P: list[tuple[str, float, bool]] = [
    ("winner's score", 145.0, True),
    ("winner's completed tickets", 5.0, True),
    ("longest path", 35.0, True),
    ("turns per player", 37.0, False),
]
# One weight of the expert moved at a time (``sweep``): (attribute, value).  Each value
# is one that self-play or a seated-alone run tried (benchmarks/notes/bots.md, "The seventh round:
# the plateau at four players").
SWEEP: list[tuple[str, Any]] = [
    ("draw_worth", -6.0), ("draw_worth", -3.0), ("draw_worth", 3.0),
    ("slack_open", -3.0), ("slack_open", 3.0),
    ("train_cost", 2.0), ("train_cost", 1.5),
    ("hand_bias", 0.1), ("deny_weight", 0.0), ("block_gain", 100.0),
    ("stuck_turns", 12.0), ("loco_turns", 12.0), ("plan_on", 10.0), ("ahead", None),
    ("path_weight", 3.0),
]
# (opponent, map, goal): 2 players, seats rotating.
DUELS: list[tuple[str, str, float]] = [
    ("route-focus", "usa", 0.72),
    ("expert-2025", "usa", 0.60),
    ("expert-2025", "europe", 0.60),
    ("expert-2025", "switzerland", 0.60),
    ("expert-2025", "nordiccountries", 0.0),
    ("expert-2025", "india", 0.0),
]


def figures(record: dict[str, Any]) -> dict[str, float]:
    """One game's figures; the winner is the first of the winners."""
    seat = record["winners"][0]
    winner = record["results"][seat]
    return {
        "winner's score": winner["score"],
        "winner's completed tickets": winner["completed_tickets"],
        "winner's total tickets": len(winner["tickets"]),
        "winner's ticket points": winner["breakdown"]["tickets"],
        "winner's route points": winner["breakdown"]["routes"],
        "winner's turns drawing tickets": sum(
            1 for s, text in record["actions"] if s == seat and text == "tickets"),
        "longest path": max(p["longest_path"] for p in record["results"]),
        "turns per player": record["turns"] / record["players"],
    }


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    m = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(values))


def table_figures(bots: tuple[str, ...], games: int, seed: int,
                  board: Board | None = None, players: int = 4) -> dict[str, tuple[float, float]]:
    table = Table(board or ttrtool.load_map("usa"), players, bots)
    rows: dict[str, list[float]] = {}
    for g in range(games):
        for key, value in figures(table.play(seed, g, log_actions=True)).items():
            rows.setdefault(key, []).append(float(value))
    return {key: mean_ci(values) for key, values in rows.items()}


def win_rate(bot: str, other: str, map_id: str, games: int, seed: int) -> tuple[float, float]:
    """``bot``'s share of the wins against ``other``, 2 players, seats rotating."""
    table = Table(ttrtool.load_map(map_id), 2, (bot, other))
    wins = 0.0
    for g in range(games):
        record = table.play(seed, g)
        winners = record["winners"]
        wins += sum(1 for s in winners if record["bots"][s] == bot) / len(winners)
    rate = wins / games
    return rate, 1.96 * math.sqrt(rate * (1 - rate) / games)


def show_table(games: int, seed: int) -> None:
    expert = table_figures(("expert",), games, seed)
    default = table_figures(DEFAULT_BOTS, games, seed)
    print(f"\nUSA, 4 players, {games} games, seed {seed} (mean ± 95% CI)")
    print(f"{'figure':<32} {'4 experts':>14} {'default table':>14} {'humans':>8}")
    for key, human in HUMANS.items():
        e, d = expert[key], default[key]
        print(f"{key:<32} {e[0]:>7.1f} ± {e[1]:<4.1f} {d[0]:>7.1f} ± {d[1]:<4.1f} {human:>8}")
    print(f"\n{'goal, 4 experts on USA':<32} {'measured':>10} {'goal':>8}  verdict")
    for key, bound, at_least in GOALS_4P:
        value = expert[key][0]
        ok = value >= bound if at_least else value < bound
        goal = f"{'>=' if at_least else '<'} {bound:g}"
        print(f"{key:<32} {value:>10.2f} {goal:>8}  {'ok' if ok else 'MISSED'}")


def mega_deal_board() -> Board:
    """USA with the Mega option's deal (five tickets dealt, at least three kept) and the
    base game's tickets, loaded as every command loads a map."""
    data = yaml.safe_load(bundled_map_path("usa").read_text(encoding="utf-8"))
    data["rules"]["tickets"] = {"setup_deal": {"regular": 5}, "setup_keep_min": 3}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "usa-mega-deal.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                        encoding="utf-8")
        result = validate_file(path)
    assert result.board is not None, [d.message for d in result.errors]
    return result.board


def show_deal(games: int, seed: int) -> None:
    base = table_figures(("expert",), games, seed)
    mega = table_figures(("expert",), games, seed, mega_deal_board())
    print(f"\nUSA, 4 experts, {games} games, seed {seed}: the base deal (3 dealt, 2 kept) and the"
          " Mega option's (5 dealt, 3 kept)")
    print(f"{'figure':<32} {'base deal':>14} {'Mega deal':>14} {'humans':>8}")
    for key, human in HUMANS.items():
        b, m = base[key], mega[key]
        print(f"{key:<32} {b[0]:>7.1f} ± {b[1]:<4.1f} {m[0]:>7.1f} ± {m[1]:<4.1f} {human:>8}")


def show_sweep(games: int, seed: int) -> None:
    """The ``sweep`` part: four experts on USA with one weight moved at a time."""
    board = ttrtool.load_map("usa")
    keys = ("winner's score", "winner's completed tickets", "longest path", "turns per player")
    print(f"\nUSA, 4 experts, {games} games a row, seed {seed}: one weight moved at a time")
    print(f"{'expert':<24} {'score':>13} {'tickets':>6} {'longest':>7} {'turns':>6} {'a turn':>7}")
    points: list[tuple[float, float]] = []
    for name, value in [("", None), *SWEEP]:
        table = Table(board, 4, ("expert",))
        label = "today's weights"
        if name:
            table.classes["expert"] = type("Moved", (Expert,), {name: value})
            label = f"{name} {value}"
        rows: dict[str, list[float]] = {}
        for g in range(games):
            for key, figure in figures(table.play(seed, g, log_actions=True)).items():
                rows.setdefault(key, []).append(float(figure))
        score, half = mean_ci(rows[keys[0]])
        tickets, longest, turns = (statistics.fmean(rows[k]) for k in keys[1:])
        points.append((turns, score))
        print(f"{label:<24} {score:>6.1f} ± {half:<4.1f} {tickets:>6.2f} {longest:>7.1f} "
              f"{turns:>6.2f} {score / turns:>7.2f}")
    # least squares: score = a + b * turns
    mt = statistics.fmean(t for t, _ in points)
    ms = statistics.fmean(s for _, s in points)
    b = (sum((t - mt) * (s - ms) for t, s in points)
         / sum((t - mt) ** 2 for t, _ in points))
    goal = {key: bound for key, bound, _ in GOALS_4P}
    score_goal, turns_goal = goal["winner's score"], goal["turns per player"]
    at_goal = ms + b * (turns_goal - mt)
    print(f"line through the rows: {b:.1f} points a turn; at {turns_goal:g} turns "
          f"{at_goal:.1f} points, {score_goal - at_goal:.1f} short of the goal of {score_goal:g}")


def show_duels(games: int, seed: int) -> None:
    print(f"\n{'2 players, seats rotating, ' + str(games) + ' games':<40} "
          f"{'expert wins':>14} {'goal':>6}  verdict")
    for other, map_id, goal in DUELS:
        rate, half = win_rate("expert", other, map_id, games, seed)
        verdict = ("ok" if rate >= goal else "MISSED") if goal else "-"
        print(f"{'vs ' + other + ' on ' + map_id:<40} {rate:>7.1%} ± {half:<4.1%} "
              f"{goal:>6.0%}  {verdict}")


def show_fours(deals: int, seed: int) -> None:
    print(f"\n4 players, one expert among three expert-2025, {deals} deals x 4 seats")
    for map_id in ("usa", "europe"):
        table = Table(ttrtool.load_map(map_id), 4, ("expert", "expert-2025"))
        shares = []
        for number in range(deals):
            seed_ = game_seed(seed, 4, number)
            for seat in range(4):
                names = ["expert-2025"] * 4
                names[seat] = "expert"
                winners = table.play_seed(seed_, tuple(names), number)["winners"]
                shares.append(1 / len(winners) if seat in winners else 0.0)
        share, half = mean_ci(shares)
        print(f"{map_id:<12} expert's share of the wins {share:.1%} ± {half:.1%} (fair 25%)")


def show_where(games: int, seed: int) -> None:
    """Where four experts on USA lose turns and tickets (the docstring's ``where``)."""
    last: dict[int, tuple[int, int, int, int, int]] = {}
    expected: dict[int, list[float]] = {}

    class Watched(Expert):
        def choose(self, view: Any, actions: Any) -> Any:
            action = super().choose(view, actions)
            if self._valid:
                missing = sum(self.wishes(view)) if self.open_tickets else 0
                last[self.seat] = (sum(view.hand), view.trains[self.seat],
                                   len(self.open_tickets), len(self.blocked_tickets), missing)
            return action

        def main_turn(self, view: Any, actions: Any) -> Any:
            expected.setdefault(self.seat, []).append(self.turns(view))
            return super().main_turn(view, actions)

    table = Table(ttrtool.load_map("usa"), 4, ("expert",))
    table.classes["expert"] = Watched
    rows: dict[str, list[float]] = {}
    by_estimate: dict[int, list[int]] = {}
    for g in range(games):
        last.clear()
        expected.clear()
        table.play(seed, g)
        for hand, trains, open_, blocked, missing in last.values():
            for key, value in (("cards in hand at its last decision", hand),
                               ("trains at its last decision", trains),
                               ("open tickets with a path at the end", open_),
                               ("open tickets with no path at the end", blocked),
                               ("cards the open tickets still missed", missing)):
                rows.setdefault(key, []).append(value)
        for estimates in expected.values():
            for i, estimate in enumerate(estimates):
                if estimate <= 12:
                    by_estimate.setdefault(round(estimate), []).append(len(estimates) - i)
    print(f"\nwhere four experts on USA lose turns and tickets, {games} games, seed {seed}"
          " (a player's mean)")
    for key, values in rows.items():
        m, half = mean_ci(values)
        print(f"{key:<40} {m:>6.2f} ± {half:.2f}")
    print("turns it expected to have (this one included) -> turns it played, mean")
    pairs = sorted(by_estimate.items())
    print("  " + "  ".join(f"{k}: {statistics.fmean(v):.1f}" for k, v in pairs))


def show_speed(games: int, rounds: int = 5) -> None:
    tables = {bot: Table(ttrtool.load_map("usa"), 4, (bot,)) for bot in ("expert", "expert-2025")}
    rates: dict[str, list[float]] = {bot: [] for bot in tables}
    for table in tables.values():
        table.play(0, 0)  # warm the memo tables
    for _ in range(rounds):
        for bot, table in tables.items():
            start = time.process_time()
            for g in range(games):
                table.play(3, g)
            rates[bot].append(games / (time.process_time() - start))
    new, old = statistics.median(rates["expert"]), statistics.median(rates["expert-2025"])
    print(f"\nspeed, USA 4p, CPU games/s, median of {rounds} alternating rounds of {games}")
    print(f"expert {new:.1f}  expert-2025 {old:.1f}  ratio {new / old:.2f}  "
          f"goal >= 25: {'ok' if new >= 25 else 'MISSED'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("table", "duels", "fours", "where", "deal", "sweep",
                                                 "speed"))
    args = parser.parse_args()
    if args.only in (None, "table"):
        show_table(args.games, args.seed)
    if args.only in (None, "duels"):
        show_duels(args.games, args.seed)
    if args.only in (None, "fours"):
        show_fours(args.games // 4, args.seed)
    if args.only in (None, "where"):
        show_where(args.games // 2, args.seed)
    if args.only in (None, "deal"):
        show_deal(args.games, args.seed)
    if args.only in (None, "sweep"):
        show_sweep(args.games // 2, args.seed)
    if args.only in (None, "speed"):
        show_speed(50)
    return 0


if __name__ == "__main__":
    sys.exit(main())
