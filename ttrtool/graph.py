"""Connectivity on the route graph: one module for checks, analysis, scoring and bots.

Nodes and routes are the integer indices of :class:`ttrtool.model.Board`.
Routes are undirected edges; a node may be joined by several routes
(double routes, parallel tracks).  Border points are ends of the network,
never junctions (R-CH-9), everywhere in this module.

* :class:`UnionFind`, :func:`components`, :func:`joined`: is a ticket joined?
* :func:`cheapest_path`: one cheapest chain between two sets of nodes;
  :class:`PathSearch` the same for many target sets from one search.
* :func:`cheapest_tree`: cheapest costs from a set of nodes to every node,
  with one chain per node and the number of cheapest chains (for ties).
* :func:`usable_tracks`: the tracks a game of N players can use (R-CLAIM-5).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ttrtool.model import Board, Route

INF = float("inf")
TOLERANCE = 1e-9  # weights may be fractions (expected tunnel surcharge): compare costs with this


class UnionFind:
    """Disjoint sets over ``n`` integers, with path halving and union by size."""

    __slots__ = ("parent", "size")

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.size = [1] * n

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> bool:
        """Join the sets of ``a`` and ``b``; False when they were one already."""
        parent = self.parent
        while parent[a] != a:  # find, written out: the engine joins in its inner loops
            parent[a] = parent[parent[a]]
            a = parent[a]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        if a == b:
            return False
        size = self.size
        if size[a] < size[b]:
            a, b = b, a
        parent[b] = a
        size[a] += size[b]
        return True

    def connected(self, a: int, b: int) -> bool:
        return self.find(a) == self.find(b)

    def copy(self) -> UnionFind:
        """An independent copy: joining in one leaves the other as it was."""
        new = UnionFind.__new__(UnionFind)
        new.parent = list(self.parent)
        new.size = list(self.size)
        return new

    def labels(self) -> list[int]:
        """The component of each element, named by its smallest member (two
        union-finds over the same elements join alike iff their labels are equal)."""
        roots = [self.find(x) for x in range(len(self.parent))]
        smallest: dict[int, int] = {}
        for x, root in enumerate(roots):
            smallest.setdefault(root, x)
        return [smallest[root] for root in roots]


def components(board: Board, routes: Iterable[Route] | None = None) -> UnionFind:
    """Union-find of the nodes joined by ``routes`` (default: every route)."""
    uf = UnionFind(len(board.nodes))
    for r in board.routes if routes is None else routes:
        uf.union(r.a, r.b)
    return uf


def joined(uf: UnionFind, sources: Iterable[int], targets: Iterable[int]) -> bool:
    """Is any of ``sources`` in the same component as any of ``targets``?"""
    roots = {uf.find(s) for s in sources}
    return any(uf.find(t) in roots for t in targets)


def route_length(route: Route) -> float:
    return float(route.length)


def cheapest_path(
    board: Board,
    sources: Iterable[int],
    targets: Iterable[int],
    weight: Callable[[Route], float] | Sequence[float] = route_length,
    usable: Sequence[bool] | None = None,
) -> tuple[float, tuple[int, ...]] | None:
    """Cheapest chain of routes from any source node to any target node.

    Returns ``(cost, route indices in order)`` or None when no chain exists.
    ``weight`` is a function of a route or a sequence indexed by route index.
    Border points are ends of the network (R-CH-9): a path may finish at one
    but never passes through it.  ``usable[i]`` False leaves route ``i`` out.
    Ties are broken by route index, so the answer is deterministic.
    """
    weights = weight if not callable(weight) else [weight(r) for r in board.routes]
    if usable is not None:  # an unusable route costs infinity: never taken
        weights = [w if ok else INF for w, ok in zip(weights, usable, strict=True)]
    return PathSearch(board, sources, weights).path(targets)


class PathSearch:
    """The search behind :func:`cheapest_path`, from one set of sources with one set
    of weights, that may be asked for many sets of targets: resumed where the last
    answer left it.

    Dijkstra settles the nodes in the same order whatever the targets; a
    target set only decides where the search stops.  So each answer is the
    first settled node among the targets, reached by the same chain of routes
    at the same cost as a fresh search (:func:`cheapest_path`) would give.
    Weights must not be negative, and must not change while the search is used.
    """

    __slots__ = ("board", "weights", "starts", "dist", "via", "rank", "heap", "settled",
                 "border", "route_a", "route_b")

    def __init__(self, board: Board, sources: Iterable[int], weights: Sequence[float]) -> None:
        self.board = board
        self.weights = weights
        self.border = board.border_nodes
        self.route_a, self.route_b = board.route_ends
        n = len(self.border)
        self.starts = set(sources)
        self.dist = [INF] * n
        self.via = [-1] * n  # the route entering each node on the cheapest chain found so far
        self.rank = [-1] * n  # when each node was settled (-1: not yet)
        self.settled = 0
        self.heap: list[tuple[float, int]] = []
        for s in sorted(self.starts):
            self.dist[s] = 0.0
            self.heap.append((0.0, s))
        heapq.heapify(self.heap)

    def path(self, targets: Iterable[int]) -> tuple[float, tuple[int, ...]] | None:
        """``cheapest_path(board, sources, targets, weights)``."""
        found = self.nearest(targets)
        if found < 0:
            return None
        return self.dist[found], self.chain(found)

    def nearest(self, targets: Iterable[int]) -> int:
        """The target :meth:`path` ends at (its cost is ``dist`` of it); -1 if none can
        be reached.  A caller comparing many costs builds only the chains it keeps."""
        rank = self.rank
        wanted = set(targets)
        found = -1
        for t in wanted:
            if rank[t] >= 0 and (found < 0 or rank[t] < rank[found]):
                found = t
        if found < 0:
            found = self._settle_first_of(wanted)
        return found

    def chain(self, node: int) -> tuple[int, ...]:
        """The routes of the cheapest chain found to a settled ``node``, in order."""
        chain = []
        via, route_a, route_b = self.via, self.route_a, self.route_b
        ri = via[node]
        while ri >= 0:
            chain.append(ri)
            node = route_a[ri] if route_b[ri] == node else route_b[ri]
            ri = via[node]
        chain.reverse()
        return tuple(chain)

    def path_within(self, targets: Iterable[int], limit: float,
                    ) -> tuple[float, tuple[int, ...]] | None:
        """:meth:`path` when it costs less than ``limit``, else None; the search goes
        no farther than ``limit`` (a later ask may take it on)."""
        rank, dist = self.rank, self.dist
        wanted = set(targets)
        found = -1
        for t in wanted:
            if rank[t] >= 0 and (found < 0 or rank[t] < rank[found]):
                found = t
        if found < 0:
            found = self._settle_first_of(wanted, limit)
        if found < 0 or dist[found] >= limit:
            return None
        return dist[found], self.chain(found)

    def _settle_first_of(self, targets: set[int], limit: float = INF) -> int:
        """Go on settling nodes until one of ``targets`` is settled; -1 if none can be
        (or none closer than ``limit``: the search stops before the first node as far)."""
        heap, dist, via, rank = self.heap, self.dist, self.via, self.rank
        border, starts, weights = self.border, self.starts, self.weights
        links = self.board.links
        pop, push = heapq.heappop, heapq.heappush
        settled = self.settled
        found = -1
        while heap:
            d, node = pop(heap)
            if rank[node] >= 0:
                continue
            if d >= limit:  # put back: a later ask may take the search on
                push(heap, (d, node))
                break
            rank[node] = settled
            settled += 1
            # a border point is an end, never a junction (R-CH-9), unless the chain starts there
            if not border[node] or node in starts:
                for ri, other in links[node]:
                    nd = d + weights[ri]
                    if nd < dist[other]:
                        dist[other] = nd
                        via[other] = ri
                        push(heap, (nd, other))
            if node in targets:
                found = node
                break
        self.settled = settled
        return found


def passes_through(board: Board, node: int, ends: frozenset[int] | set[int]) -> bool:
    """May a chain of routes continue through ``node``?

    A border point is an end of the network (R-CH-9): a chain may start or
    finish there (``ends``) but never passes through it.  Cities, and
    countries when the rules make them junctions, always pass.
    """
    return board.nodes[node].kind != "border" or node in ends


@dataclass(frozen=True)
class CheapestTree:
    """Cheapest costs from a set of source nodes to every node (one Dijkstra).

    ``cost[n]`` is ``inf`` when ``n`` cannot be reached; ``via[n]`` is the
    route entering ``n`` on one cheapest chain (-1 at a source or when
    unreached); ``chains[n]`` counts the distinct cheapest chains of routes
    from the sources to ``n`` (parallel tracks count as different chains).
    """

    sources: frozenset[int]
    cost: tuple[float, ...]
    via: tuple[int, ...]
    chains: tuple[int, ...]

    def reached(self, node: int) -> bool:
        return self.cost[node] != INF

    def best(self, targets: Iterable[int]) -> tuple[float, int] | None:
        """Cheapest ``(cost, target)`` among ``targets``, lowest index on ties."""
        found = [(self.cost[t], t) for t in sorted(targets) if self.cost[t] != INF]
        return min(found) if found else None

    def chain_to(self, board: Board, node: int) -> tuple[int, ...]:
        """Route indices of one cheapest chain from a source to ``node``, in order."""
        chain: list[int] = []
        while self.via[node] >= 0:
            route = self.via[node]
            chain.append(route)
            node = board.routes[route].other(node)
        return tuple(reversed(chain))




def cheapest_tree(
    board: Board,
    sources: Iterable[int],
    weight: Callable[[Route], float] | Sequence[float] = route_length,
    usable: Sequence[bool] | None = None,
    stop_at: Iterable[int] | None = None,
) -> CheapestTree:
    """Dijkstra from every node of ``sources`` at once, honouring R-CH-9.

    ``weight`` is a function of a route or a sequence indexed by route index;
    every weight must be positive.  ``usable[i]`` False leaves route ``i`` out.
    Ties keep the first chain found, visiting nodes and routes in index order,
    so the chain reported is deterministic.  With ``stop_at`` the search ends
    when the first of those nodes is settled: ``best(stop_at)`` is exact, the
    costs of nodes farther away are not.
    """
    n = len(board.nodes)
    weights = weight if not callable(weight) else [weight(r) for r in board.routes]
    starts = frozenset(sources)
    goals = frozenset(stop_at) if stop_at is not None else frozenset()
    cost = [INF] * n
    via = [-1] * n
    chains = [0] * n
    heap: list[tuple[float, int]] = []
    for s in sorted(starts):
        cost[s] = 0.0
        chains[s] = 1
        heap.append((0.0, s))
    heapq.heapify(heap)
    done = [False] * n
    routes = board.routes
    adjacency = board.adjacency
    # a border point is an end, never a junction (R-CH-9), unless a chain starts there
    end_only = [node.kind == "border" and node.index not in starts for node in board.nodes]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, node = pop(heap)
        if done[node]:
            continue
        done[node] = True
        if node in goals:
            break
        if end_only[node]:
            continue
        here = chains[node]
        for ri in adjacency[node]:
            if usable is not None and not usable[ri]:
                continue
            r = routes[ri]
            other = r.b if node == r.a else r.a
            nd = d + weights[ri]
            old = cost[other]
            if nd < old - TOLERANCE:
                cost[other] = nd
                via[other] = ri
                chains[other] = here
                push(heap, (nd, other))
            elif nd <= old + TOLERANCE and not done[other]:
                chains[other] += here
    return CheapestTree(starts, tuple(cost), tuple(via), tuple(chains))


def usable_tracks(board: Board, players: int,
                  weight: Callable[[Route], float] = route_length) -> tuple[bool, ...]:
    """Which tracks can be used in a game of ``players`` (R-CLAIM-5, R-CH-5, R-VAR-4).

    Of each parallel group only as many tracks as the rules allow at this
    player count can ever be claimed (every track from
    ``rules.both_tracks_min_players`` up, by default); the mask keeps the
    cheapest ones by ``weight`` (lowest index on ties), those players needing
    that link would take.
    """
    mask = [True] * len(board.routes)
    rules = board.rules
    for tracks in board.double_groups().values():
        usable = rules.usable_tracks(players, len(tracks))
        if usable >= len(tracks):
            continue
        keep = {r.index for r in sorted(tracks, key=lambda r: (weight(r), r.index))[:usable]}
        for r in tracks:
            mask[r.index] = r.index in keep
    return tuple(mask)
