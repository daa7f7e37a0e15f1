"""Today's expert against the expert of a git revision, in paired seats (issue 37's strength).

    .venv/bin/python -m benchmarks.versus [--ref 552eef7] [--deals2 300] [--deals4 150]
                                          [--maps europe,nordiccountries,...] [--deals-maps 150]
                                          [--route-focus 400] [--seed 1] [--check N]

The bots of ``--ref`` (``ttrtool/bots/`` at that revision) are copied into a temporary
package of their own (``bots_<ref>``), their imports of ``ttrtool.bots`` pointed at the
copy; the engine, the graph and the rest are today's, shared by both.  So the copy's
expert, named ``expert@<ref>``, plays as the expert of that revision did on today's engine.

Every deal is played once with today's expert in each seat and the other seats the old
one's (USA, 2 players: the seats swapped; USA, 4 players: one of today's among three old,
in every seat; each map of ``--maps``, 2 players, the seats swapped), so the deal's luck
cancels out.  A change that is even on USA may not be elsewhere: a keep that read the
routes' points was even on USA and lost 9 points of share on Europe (benchmarks/notes/
bots.md, "Mega pace, a fourth round"), so a change to the expert is played on the other
bundled maps too (``--maps all``).  The figure is today's expert's share of
the wins (a shared win counts a share), with a 95% interval from the spread of the deals'
shares (the seatings of one deal are one sample): 1/2 and 1/4 are even.

It also plays today's expert against ``route-focus`` as ``make bench`` does (USA, 2 players,
seats rotating, ``--route-focus`` games, run seed 0): issue 37 keeps that at 80% or more.

``--check N`` plays N deals of each table with the copy beside today's expert and again
with today's expert alone, and says whether every action of every game is the same: run
at ``--ref`` itself, it shows the copy is faithful (it must say "identical").
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ttrtool
from ttrtool.resources import BUNDLED_MAPS
from ttrtool.simulate.playout import Table
from ttrtool.simulate.seating import game_seed

ROOT = Path(__file__).resolve().parent.parent
REF = "552eef7"  # main when issue 37's cost round began: "expert@552eef7"
BOTS = "ttrtool/bots"


@contextmanager
def old_bots(ref: str = REF) -> Iterator[str]:
    """The bots of ``ref`` as an importable package, for as long as the context lasts;
    yields the package's name."""
    sha = subprocess.run(["git", "rev-parse", "--short=7", ref], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    package = f"bots_{sha}"
    files = subprocess.run(["git", "ls-tree", "--name-only", f"{sha}:{BOTS}"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()
    with tempfile.TemporaryDirectory(prefix="versus-") as tmp:
        folder = Path(tmp) / package
        folder.mkdir()
        for name in files:
            if not name.endswith(".py"):
                continue
            text = subprocess.run(["git", "show", f"{sha}:{BOTS}/{name}"], cwd=ROOT,
                                  check=True, capture_output=True, text=True).stdout
            (folder / name).write_text(text.replace("ttrtool.bots", package), encoding="utf-8")
        sys.path.insert(0, tmp)
        try:
            yield package
        finally:
            sys.path.remove(tmp)
            for module in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
                del sys.modules[module]


def expert_class(package: str) -> Any:
    """The ``expert`` of a package of bots (its registry's entry)."""
    import importlib

    registry = importlib.import_module(package)
    return registry.resolve_bot("expert")


def win_share(record: dict[str, Any], seat: int) -> float:
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def paired(table: Table, new: str, old: str, deals: int, run_seed: int) -> list[float]:
    """``new``'s mean share of the wins on each deal, played with it in every seat."""
    players = table.game.players
    shares = []
    for number in range(deals):
        seed = game_seed(run_seed, players, number)
        share = 0.0
        for seat in range(players):
            names = [old] * players
            names[seat] = new
            share += win_share(table.play_seed(seed, tuple(names), number), seat)
        shares.append(share / players)
    return shares


def interval(shares: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    mean = statistics.fmean(shares)
    sd = statistics.stdev(shares) if len(shares) > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(len(shares))


# the bundled maps other than USA, each played at 2 players by --maps
OTHER_MAPS = tuple(m for m in BUNDLED_MAPS if m != "usa")


def tables(old_cls: Any, old: str, maps: tuple[str, ...] = ()) -> list[tuple[str, Table]]:
    """USA at 2 and 4 players, then each of ``maps`` at 2 players, the old expert known
    by the name ``old``."""
    usa = ttrtool.load_map("usa")
    seated = [("USA", usa, 2), ("USA", usa, 4)] + [(m, ttrtool.load_map(m), 2) for m in maps]
    out = []
    for label, board, players in seated:
        table = Table(board, players, ("expert",))
        table.classes[old] = old_cls
        out.append((f"{label} {players}p", table))
    return out


def check(old_cls: Any, old: str, deals: int, run_seed: int,
          maps: tuple[str, ...] = ()) -> bool:
    """Are the games of the copy beside today's expert those of today's expert alone?"""
    same = True
    for label, table in tables(old_cls, old, maps):
        players = table.game.players
        for number in range(deals):
            seed = game_seed(run_seed, players, number)
            names = tuple(old if s % 2 else "expert" for s in range(players))
            mixed = table.play_seed(seed, names, number, log_actions=True)
            alone = table.play_seed(seed, ("expert",) * players, number, log_actions=True)
            if mixed["actions"] != alone["actions"]:
                print(f"{label}, deal {number}: the games differ")
                same = False
    return same


def against_route_focus(games: int) -> tuple[float, float]:
    """Today's expert's share of the wins against ``route-focus`` (benchmarks/run.py's
    ``expert_targets``: USA, 2 players, seats rotating, run seed 0)."""
    table = Table(ttrtool.load_map("usa"), 2, ("expert", "route-focus"))
    shares = []
    for number in range(games):
        record = table.play(0, number)
        shares.append(sum(win_share(record, s) for s, name in enumerate(record["bots"])
                          if name == "expert"))
    return interval(shares)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", default=REF, help="the revision of the old expert")
    parser.add_argument("--deals2", type=int, default=300, help="USA 2p deals (2 games each)")
    parser.add_argument("--deals4", type=int, default=150, help="USA 4p deals (4 games each)")
    parser.add_argument("--maps", default="", metavar="M,M",
                        help="other bundled maps played at 2 players ('all': "
                             + ", ".join(OTHER_MAPS) + ")")
    parser.add_argument("--deals-maps", type=int, default=150,
                        help="2p deals on each of --maps (2 games each)")
    parser.add_argument("--route-focus", type=int, default=400, metavar="GAMES",
                        help="USA 2p games against route-focus (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=0, metavar="N",
                        help="only check that the copy plays as today's expert, on N deals")
    args = parser.parse_args(argv)
    maps = OTHER_MAPS if args.maps == "all" else tuple(m for m in args.maps.split(",") if m)
    unknown = [m for m in maps if m not in OTHER_MAPS]
    if unknown:
        parser.error(f"--maps: not a bundled map other than USA: {', '.join(unknown)} "
                     f"(choose from {', '.join(OTHER_MAPS)}, or 'all')")
    with old_bots(args.ref) as package:
        old = f"expert@{package.removeprefix('bots_')}"
        old_cls = expert_class(package)
        if args.check:
            same = check(old_cls, old, args.check, args.seed, maps)
            print(f"{old} beside today's expert, {args.check} deals a table: "
                  + ("identical" if same else "DIFFERENT"))
            return 0 if same else 1
        print(f"today's expert against {old}, paired seats, seed {args.seed}")
        deals_of = (args.deals2, args.deals4) + (args.deals_maps,) * len(maps)
        for (label, table), deals in zip(tables(old_cls, old, maps), deals_of, strict=True):
            if deals <= 0:
                continue
            players = table.game.players
            mean, half = interval(paired(table, "expert", old, deals, args.seed))
            print(f"  {label}: {deals} deals x {players} seatings = {deals * players} games: "
                  f"win share {mean:.3f} ± {half:.3f} (even {1 / players:.3f})", flush=True)
    if args.route_focus > 0:
        mean, half = against_route_focus(args.route_focus)
        print(f"today's expert against route-focus, USA 2p, {args.route_focus} games: "
              f"win share {mean:.3f} ± {half:.3f} (goal 0.80)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
