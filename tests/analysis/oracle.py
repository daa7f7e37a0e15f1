"""Independent figures for the analysis tests, computed from the reference CSVs.

Nothing here imports ttrtool: the graph is read from tests/reference (a copy of ../shared/reference)
and solved with a plain Floyd-Warshall, so a test compares two separate
computations.  A border point is a node of its own named ``Country#POINT``;
it may start or end a path but is never an intermediate node (R-CH-9).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

REFERENCE = Path(__file__).resolve().parents[2] / "tests" / "reference"
INF = float("inf")


def rows(name: str, file: str) -> list[dict[str, str]]:
    with open(REFERENCE / name / file, encoding="utf-8") as f:
        return list(csv.DictReader(f))


@dataclass(frozen=True)
class Edge:
    index: int
    a: str
    b: str
    length: int
    color: str
    kind: str
    locomotives: int
    group: str  # double_group, or '' for a single track


@dataclass(frozen=True)
class RefTicket:
    origin: str
    to: str
    points: int
    multi: bool


class RefMap:
    def __init__(self, name: str) -> None:
        self.name = name
        self.edges = []
        for i, r in enumerate(rows(name, "routes.csv")):
            b = f"{r['b']}#{r['border_point']}" if r.get("border_point") else r["b"]
            self.edges.append(Edge(i, r["a"], b, int(r["length"]), r["color"], r["kind"],
                                   int(r["locomotives"] or 0), r["double_group"]))
        self.nodes = sorted({e.a for e in self.edges} | {e.b for e in self.edges})
        places = rows(name, "cities.csv")
        self.cities = [r["name"] for r in places if r.get("kind", "city") == "city"]
        self.countries = {r["name"] for r in places if r.get("kind") == "country"}
        self.tickets: list[RefTicket] = []
        for r in rows(name, "tickets.csv"):
            if r["points_list"]:
                dests = zip(r["to_list"].split(";"), r["points_list"].split(";"), strict=True)
                for to, pts in dests:
                    self.tickets.append(RefTicket(r["from"], to, int(pts), True))
            else:
                self.tickets.append(RefTicket(r["from"], r["to_list"], int(r["points"]), False))

    def places(self, place: str) -> list[str]:
        """The nodes of a place: a city, or every border point of a country."""
        if place in self.countries:
            return [n for n in self.nodes if n.startswith(place + "#")]
        return [place]

    @staticmethod
    def passable(node: str) -> bool:
        return "#" not in node

    def floyd(self, weight: dict[int, float] | None = None) -> dict[str, dict[str, float]]:
        """All-pairs cheapest costs; intermediate nodes exclude border points."""
        d = {u: {v: (0.0 if u == v else INF) for v in self.nodes} for u in self.nodes}
        for e in self.edges:
            w = weight[e.index] if weight else float(e.length)
            if w < d[e.a][e.b]:
                d[e.a][e.b] = d[e.b][e.a] = w
        for k in self.nodes:
            if not self.passable(k):
                continue
            dk = d[k]
            for i in self.nodes:
                dik = d[i][k]
                if dik == INF:
                    continue
                di = d[i]
                for j in self.nodes:
                    if dik + dk[j] < di[j]:
                        di[j] = dik + dk[j]
        return d

    def cost(self, d: dict[str, dict[str, float]], a: str, b: str) -> float:
        return min(d[u][v] for u in self.places(a) for v in self.places(b))

    def hops(self, a: str, b: str) -> int | None:
        """Fewest routes from a to b by breadth-first search (R-CH-9 respected)."""
        starts = set(self.places(a))
        goals = set(self.places(b))
        frontier = sorted(starts)
        seen = set(starts)
        steps = 0
        while frontier:
            if any(n in goals for n in frontier):
                return steps
            nxt = []
            for u in frontier:
                if not self.passable(u) and u not in starts:
                    continue
                for e in self.edges:
                    if u in (e.a, e.b):
                        v = e.b if u == e.a else e.a
                        if v not in seen:
                            seen.add(v)
                            nxt.append(v)
            frontier = nxt
            steps += 1
        return None

    def cheapest_paths(self, d: dict[str, dict[str, float]], a: str, b: str) -> list[list[int]]:
        """Every cheapest path (as edge indices) by depth-first search pruned with ``d``."""
        goals = set(self.places(b))
        best = self.cost(d, a, b)
        found: list[list[int]] = []

        def walk(node: str, spent: float, path: list[int], seen: set[str]) -> None:
            if node in goals:
                if spent == best:
                    found.append(list(path))
                return
            if not self.passable(node) and path:
                return
            for e in self.edges:
                if node not in (e.a, e.b):
                    continue
                nxt = e.b if node == e.a else e.a
                if nxt in seen:
                    continue
                rest = min(d[nxt][g] for g in goals)
                if spent + e.length + rest > best:
                    continue
                seen.add(nxt)
                path.append(e.index)
                walk(nxt, spent + e.length, path, seen)
                path.pop()
                seen.remove(nxt)

        for s in self.places(a):
            walk(s, 0.0, [], {s})
        return found


def cost_without(ref: RefMap, a: str, b: str, removed: set[int]) -> float:
    """Cheapest cost from a to b without the ``removed`` edges (Bellman-Ford, R-CH-9)."""
    starts = set(ref.places(a))
    cost = {n: (0.0 if n in starts else INF) for n in ref.nodes}
    for _ in range(len(ref.nodes)):
        changed = False
        for e in ref.edges:
            if e.index in removed:
                continue
            for u, v in ((e.a, e.b), (e.b, e.a)):
                if cost[u] == INF or not (ref.passable(u) or u in starts):
                    continue
                if cost[u] + e.length < cost[v]:
                    cost[v] = cost[u] + e.length
                    changed = True
        if not changed:
            break
    return min(cost[n] for n in ref.places(b))
