"""Worst cases for the longest-path search (R-SCORE-2), found by a randomised search.

Real end positions take a few hundredths of a millisecond; the hard inputs
are legal networks of many short routes full of cycles.  :func:`worst_networks`
climbs towards them on a bundled map: a network is a set of routes that one
player may own (at most the map's trains, one track per double route), grown
from a random city by random neighbouring routes, short ones first.  Each
step drops a few routes and regrows; the step is kept when the plain search
(:func:`plain_longest`, an edge-simple depth-first search from every city,
as the engine did before) needs at least as many steps.  Step counts, not
times, steer the climb, so the same seed finds the same networks on any
machine.

``python -m benchmarks.longest`` prints the table ``make bench`` shows;
``python -m benchmarks.longest MAP [NETWORKS] [ROUNDS] [plain|engine]`` climbs
on one map and also prints the route indices of each network found.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ttrtool.engine import Game
from ttrtool.engine.longest import longest_trail, pieces, search_piece

ROOT = Path(__file__).resolve().parent.parent


def plain_longest(game: Game, routes: Sequence[int]) -> tuple[int, int]:
    """(trains, steps): every trail from every city, border points as ends (R-CH-9)."""
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, r in enumerate(routes):
        a, b, n = game.route_a[r], game.route_b[r], game.route_len[r]
        adj.setdefault(a, []).append((1 << i, b, n))
        if b != a:
            adj.setdefault(b, []).append((1 << i, a, n))
    best = steps = 0

    def extend(node: int, used: int, length: int) -> None:
        nonlocal best, steps
        steps += 1
        best = max(best, length)
        if used and game.terminal[node]:
            return
        for bit, other, n in adj[node]:
            if not used & bit:
                extend(other, used | bit, length + n)

    for node in adj:
        extend(node, 0, 0)
    return best, steps


def search_states(game: Game, routes: Sequence[int]) -> int:
    """The engine's search work on a network (states; deterministic)."""
    edges = []
    private = -1
    for r in routes:
        a, b = game.route_a[r], game.route_b[r]
        if game.terminal[a]:
            a, private = private, private - 1
        if game.terminal[b]:
            b, private = private, private - 1
        edges.append((a, b, game.route_len[r]))
    return sum(search_piece(piece)[1] for piece in pieces(edges))


class NetworkSearch:
    """Random legal networks of one player on a board, and a hill climb over them."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.trains = game.rules.trains_per_player
        self.at: dict[int, list[int]] = {}
        for r in range(game.n_routes):
            self.at.setdefault(game.route_a[r], []).append(r)
            self.at.setdefault(game.route_b[r], []).append(r)

    def grow(self, network: list[int]) -> list[int]:
        """Add random routes touching the network, shorter ones more often, while legal."""
        g = self.game
        net = list(network)
        used = sum(g.route_len[r] for r in net)
        if not net:
            start = self.rng.randrange(g.n_nodes)
            nodes = {start}
        else:
            nodes = {g.route_a[r] for r in net} | {g.route_b[r] for r in net}
        while True:
            taken = set(net)
            closed = {p for r in net for p in g.partners[r]}
            options = sorted({r for v in nodes for r in self.at.get(v, ())
                              if r not in taken and r not in closed
                              and used + g.route_len[r] <= self.trains})
            if not options:
                return net
            weights = [1.0 / g.route_len[r] ** 2 for r in options]
            r = self.rng.choices(options, weights)[0]
            net.append(r)
            used += g.route_len[r]
            nodes |= {g.route_a[r], g.route_b[r]}

    def climb(self, rounds: int, cost: Callable[[list[int]], int]) -> tuple[list[int], int]:
        """The costliest network found in ``rounds`` drop-and-regrow steps."""
        best = self.grow([])
        best_cost = cost(best)
        for _ in range(rounds):
            net = list(best)
            for _ in range(self.rng.randint(1, 3)):
                if len(net) > 1:
                    net.pop(self.rng.randrange(len(net)))
            net = self.grow(net)
            c = cost(net)
            if c >= best_cost:
                best, best_cost = net, c
        return best, best_cost


def worst_networks(game: Game, count: int, rounds: int, seed: int = 1,
                   against: str = "plain") -> list[list[int]]:
    """``count`` hard networks, each the best of one climb: hard for the plain
    search (``against="plain"``) or for the engine's own (``"engine"``)."""
    def cost(net: list[int]) -> int:
        if against == "plain":
            return plain_longest(game, net)[1]
        return search_states(game, net)

    out = []
    for k in range(count):
        search = NetworkSearch(game, random.Random(seed * 1000 + k))
        net, _ = search.climb(rounds, cost)
        out.append(sorted(net))
    return out


def timed(fn: Callable[[], object], runs: int = 5) -> float:
    """Median CPU seconds of ``runs`` calls (process time, so that other work on
    a shared machine does not count)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


# (map, players, networks per climb, rounds per climb) for ``make bench``.
CASES: list[tuple[str, int, int, int]] = [("europe", 4, 3, 150), ("switzerland", 3, 2, 150)]
GOAL_MS = 10.0  # issue 13: the engine's routine on the hardest networks found


def report(cases: Sequence[tuple[str, int, int, int]] = CASES) -> None:
    """Worst cases against each routine, timed with both (median of several calls)."""
    import ttrtool

    print(f"\n{'longest path, worst networks':<36} {'routes':>6} {'trains':>6} {'path':>5} "
          f"{'plain ms':>9} {'engine ms':>10} {'goal':>5}  verdict")
    for map_id, players, count, rounds in cases:
        game = Game(ttrtool.load_map(map_id), players)
        for against in ("plain", "engine"):
            for net in worst_networks(game, count, rounds, against=against):
                print(row(game, f"{map_id}, hard for {against}", net))


def row(game: Game, label: str, net: list[int]) -> str:
    g = game
    length, _ = plain_longest(game, net)
    fast = longest_trail(net, g.route_a, g.route_b, g.route_len, g.terminal)
    if fast != length:
        raise AssertionError(f"{label}: engine {fast}, plain search {length} on {net}")
    before = timed(lambda: plain_longest(game, net), runs=3)
    after = timed(lambda: longest_trail(net, g.route_a, g.route_b, g.route_len, g.terminal),
                  runs=15)
    trains = sum(g.route_len[r] for r in net)
    verdict = "ok" if 1000 * after <= GOAL_MS else "SLOW"
    return (f"{label:<36} {len(net):>6} {trains:>6} {length:>5} {1000 * before:9.2f} "
            f"{1000 * after:10.3f} {GOAL_MS:5.0f}  {verdict}")


def main(argv: Sequence[str]) -> int:
    if not argv:
        report()
        return 0
    map_id = argv[0]
    count = int(argv[1]) if len(argv) > 1 else 3
    rounds = int(argv[2]) if len(argv) > 2 else 150
    against = argv[3] if len(argv) > 3 else "plain"
    import ttrtool

    game = Game(ttrtool.load_map(map_id), 4 if map_id != "switzerland" else 3)
    for net in worst_networks(game, count, rounds, against=against):
        print(row(game, f"{map_id}, hard for {against}", net), net)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
