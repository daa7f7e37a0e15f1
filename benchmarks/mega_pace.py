"""Four experts on the Mega rules, and where the turns of the player who ends the game go.

    .venv/bin/python -m benchmarks.mega_pace [--games N] [--seeds 7,8] [name=value ...]

Plays ``games`` games per seed (default 100 on seeds 7 and 8: the 200 games of the
notes' pace rounds) of four experts on :func:`benchmarks.usa_mega.mega_board`, each
``name=value`` set on the expert's class for the run (``trunk_min=5``, ``long_bias=1.0``,
``plan_on=None``), and prints:

* the figures issue 37 judges beside the humans' (``benchmarks.run.game_figures``:
  turns a player, the longest path, the winner's score and its parts);
* the turns of the **ender**, the player whose claim first leaves it the trains that
  start the final round (R-END-1): claims by length, drawing turns, ticket draws, the
  cards it never spent, and how often it wins.  The table's pace is the ender's.

The figures are read from each game's logged actions (one entry per decision: a turn
is a seat's decisions in a row).  Everything is seeded: the same command prints the
same figures.  benchmarks/notes/bots.md, "Mega pace, a third round", was measured so.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from typing import Any

from benchmarks.run import game_figures
from benchmarks.usa_mega import mega_board
from ttrtool.bots.expert import Expert
from ttrtool.simulate.playout import Table

CLAIM = re.compile(r"claim r(\d+) \S+ x(\d+) loco(\d+)")
SHOWN = ("turns per player", "longest path", "winning score", "winner's route points",
         "winner's ticket points", "winner's completed tickets",
         "ticket draws per player in play")


def weight(text: str) -> tuple[str, Any]:
    """``name=value`` as the class attribute it sets (None, True, False, int, float)."""
    name, _, raw = text.partition("=")
    if not name or not raw:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    value: Any
    if raw in ("None", "True", "False"):
        value = {"None": None, "True": True, "False": False}[raw]
    else:
        try:
            value = int(raw)
        except ValueError:
            value = float(raw)
    if not hasattr(Expert, name):
        raise argparse.ArgumentTypeError(f"the expert has no weight {name!r}")
    return name, value


def ender_turns(record: dict[str, Any], lengths: tuple[int, ...], trains: int,
                trigger: int) -> tuple[int, Counter[str]]:
    """The ender's seat and the counts of its turns, from the logged actions."""
    left = [trains] * record["players"]
    counts: dict[int, Counter[str]] = {s: Counter(cards=4) for s in range(record["players"])}
    ender = -1
    last = -1
    for seat, text in record["actions"]:
        c = counts[seat]
        if text.startswith("keep"):
            last = -1
        elif text == "tickets":
            c["ticket draws"] += 1
            last = -1
        elif (m := CLAIM.match(text)) is not None:
            n = lengths[int(m.group(1))]
            c["claims"] += 1
            c[f"length {n}"] += 1
            c["cards"] -= int(m.group(2)) + int(m.group(3))
            left[seat] -= n
            if ender < 0 and left[seat] <= trigger:
                ender = seat
            last = -1
        elif text.startswith("draw"):
            c["cards"] += 1
            if last != seat:
                c["drawing turns"] += 1
            last = -1 if last == seat else seat
    return ender, counts[ender] if ender >= 0 else Counter()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mega_pace",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seeds", default="7,8")
    parser.add_argument("weights", nargs="*", type=weight, metavar="name=value")
    args = parser.parse_args(argv)
    cls = type("Tried", (Expert,), dict(args.weights)) if args.weights else Expert
    table = Table(mega_board(), 4, ("expert",))
    table.classes = {"expert": cls}
    game = table.game
    rules = game.board.rules
    figures: Counter[str] = Counter()
    ender: Counter[str] = Counter()
    played = 0
    for seed in (int(s) for s in args.seeds.split(",")):
        for g in range(args.games):
            record = table.play(seed, g, log_actions=True)
            figures.update(game_figures(record))
            seat, counts = ender_turns(record, game.route_len, rules.trains_per_player,
                                       rules.end_trigger_trains)
            ender.update(counts)
            ender["wins"] += seat in record["winners"]
            played += 1
    print(f"four experts, Mega rules, {played} games"
          + (f" ({', '.join(f'{k}={v}' for k, v in args.weights)})" if args.weights else ""))
    for key in SHOWN:
        print(f"  {key:<34} {figures[key] / played:8.2f}")
    print("the player who ends the game, a game's mean:")
    for key in ("claims", *(f"length {n}" for n in range(1, max(game.route_len) + 1)),
                "drawing turns", "ticket draws", "cards", "wins"):
        label = "cards never spent" if key == "cards" else key
        print(f"  {label:<34} {ender[key] / played:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
