"""Connectivity on the route graph: one module for checks, analysis, scoring and bots.

Nodes and routes are the integer indices of :class:`ttrtool.model.Board`.
Routes are undirected edges; a node may be joined by several routes
(double routes, parallel tracks).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence

from ttrtool.model import Board, Route


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
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        return True

    def connected(self, a: int, b: int) -> bool:
        return self.find(a) == self.find(b)


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
    weight: Callable[[Route], float] = route_length,
    usable: Sequence[bool] | None = None,
) -> tuple[float, tuple[int, ...]] | None:
    """Cheapest chain of routes from any source node to any target node.

    Returns ``(cost, route indices in order)`` or None when no chain exists.
    Border points are ends of the network (R-CH-9): a path may finish at one
    but never passes through it.  ``usable[i]`` False leaves route ``i`` out.
    Ties are broken by route index, so the answer is deterministic.
    """
    target_set = set(targets)
    dist: dict[int, float] = {}
    prev: dict[int, tuple[int, int]] = {}
    heap: list[tuple[float, int]] = []
    starts = set(sources)
    for s in sorted(starts):
        dist[s] = 0.0
        heap.append((0.0, s))
    heapq.heapify(heap)
    done: set[int] = set()
    while heap:
        d, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        if node in target_set:
            chain = []
            while node in prev:
                node, route = prev[node]
                chain.append(route)
            return d, tuple(reversed(chain))
        if board.nodes[node].kind == "border" and node not in starts:
            continue  # a border point is an end, never a junction
        for ri in board.adjacency[node]:
            if usable is not None and not usable[ri]:
                continue
            r = board.routes[ri]
            other = r.other(node)
            nd = d + weight(r)
            if other not in dist or nd < dist[other]:
                dist[other] = nd
                prev[other] = (node, ri)
                heapq.heappush(heap, (nd, other))
    return None
