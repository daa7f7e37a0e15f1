"""The routes of a draft: which cities are linked, how long each link is, which are ferries,
and the colours of their tracks.

* :func:`neighbour_pairs`: each city linked to its neighbours of the Delaunay triangulation
  (planar, connected, near neighbours all round); :func:`spanning_pairs` are the links the
  board cannot lose, :func:`open_angles` drops those leaving a city too close to another;
* :func:`spaces_for`: a link's length in official train spaces at print size;
* :func:`is_ferry`: a link is a ferry when much of it lies at sea and its cities are on
  different land masses, or most of it lies at sea (a fjord, a gulf): the rule checks TTR125
  and TTR126 hold boards to (:mod:`ttrtool.geo.land` measures);
* :func:`shortest_paths`: the cheapest paths, which tell the busy links (doubles) and price the
  tickets;
* :func:`track_colours`: gray for ferries and the least used links, the rest spread over the
  eight card colours.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ttrtool.graph import UnionFind

CARD_COLORS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
SPACE_MM = 24.0 + 1.6  # the official car and the gap between two cars, at print size
MARKER_ROOM_MM = 11.0  # track a route leaves free at its two ends for the city markers
SEA_SHARE = 1 / 3  # more than this of a link at sea, between two land masses: a ferry
OPEN_SEA = 2 / 3  # more than this at sea: a ferry even within one land mass (a fjord, a gulf)
MIN_ANGLE = 25.0  # degrees: two links leaving a city closer than this crowd its cars
GRAY_SHARE = 0.25  # of the links, gray (ferries first, then the least used)


@dataclass(frozen=True)
class Link:
    a: int
    b: int
    length: int
    ferry: bool = False
    locomotives: int = 0


def neighbour_pairs(pts: Sequence[tuple[float, float]]) -> list[tuple[int, int]]:
    """Pairs (i < j) of the Delaunay triangulation: each city linked to its near neighbours
    all round, the links never crossing (denser than the Gabriel graph, about three links a
    city before :func:`open_angles`, as the official boards' two to three)."""
    import shapely

    index = {(round(x, 6), round(y, 6)): i for i, (x, y) in enumerate(pts)}
    if len(index) < len(pts) or len(pts) < 3:  # two cities at one spot: no triangulation
        return [(i, j) for i in range(len(pts)) for j in range(i + 1, len(pts))][:1] \
            if len(pts) == 2 else []
    edges = shapely.delaunay_triangles(shapely.MultiPoint(list(pts)), only_edges=True)
    out = set()
    for edge in shapely.get_parts(edges):
        (x1, y1), (x2, y2) = edge.coords
        i, j = index[(round(x1, 6), round(y1, 6))], index[(round(x2, 6), round(y2, 6))]
        out.add((min(i, j), max(i, j)))
    return sorted(out)


def spanning_pairs(pts: Sequence[tuple[float, float]], pairs: Sequence[tuple[int, int]]
                    ) -> set[tuple[int, int]]:
    """The pairs of a minimum spanning tree (Kruskal): the links the board cannot lose."""
    joined = UnionFind(len(pts))
    tree = set()
    for i, j in sorted(pairs, key=lambda p: (math.dist(pts[p[0]], pts[p[1]]), p)):
        if joined.union(i, j):
            tree.add((i, j))
    return tree


def open_angles(pts: Sequence[tuple[float, float]], pairs: Sequence[tuple[int, int]],
                 tree: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pairs less those leaving a city within :data:`MIN_ANGLE` degrees of a shorter
    one (their cars would overlap at the city); the spanning tree's links always stay."""
    dropped: set[tuple[int, int]] = set()
    by_city: dict[int, list[tuple[int, int]]] = {}
    for p in pairs:
        by_city.setdefault(p[0], []).append(p)
        by_city.setdefault(p[1], []).append(p)
    for c, around in sorted(by_city.items()):
        around = sorted(around, key=lambda p: (math.dist(pts[p[0]], pts[p[1]]), p))
        for k, p in enumerate(around):
            if p in tree or p in dropped:
                continue
            if any(q not in dropped and _angle(pts, c, p, q) < MIN_ANGLE for q in around[:k]):
                dropped.add(p)
    return [p for p in pairs if p not in dropped]


def _angle(pts: Sequence[tuple[float, float]], c: int, p: tuple[int, int],
           q: tuple[int, int]) -> float:
    """Degrees between links ``p`` and ``q`` where they leave city ``c``."""
    u, v = (p[0] + p[1] - c), (q[0] + q[1] - c)
    a = math.atan2(pts[u][1] - pts[c][1], pts[u][0] - pts[c][0])
    b = math.atan2(pts[v][1] - pts[c][1], pts[v][0] - pts[c][0])
    d = abs(math.degrees(a - b)) % 360
    return min(d, 360 - d)


def spaces_for(distance_mm: float) -> int:
    return max(1, math.floor((distance_mm - MARKER_ROOM_MM) / SPACE_MM + 0.5))


def is_ferry(sea: float, same_land: bool) -> bool:
    """Is a link with this share at sea a ferry?  Between two land masses from a third at sea;
    within one (a land route exists) only from two thirds, so a short cut over a gulf (Athens
    to Corinth) stays a land route."""
    return sea > (OPEN_SEA if same_land else SEA_SHARE)


def shortest_paths(n: int, links: Sequence[Link]) -> list[list[tuple[int, list[int]]]]:
    """For every city, the cheapest cost in spaces to every other and the links on the way
    (Dijkstra; ties broken by link order, so the result is the same on every machine)."""
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for k, link in enumerate(links):
        adj[link.a].append((link.b, k))
        adj[link.b].append((link.a, k))
    out = []
    for s in range(n):
        best: list[tuple[int, list[int]]] = [(10**9, []) for _ in range(n)]
        best[s] = (0, [])
        heap = [(0, s)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > best[u][0]:
                continue
            for v, k in adj[u]:
                nd = d + links[k].length
                if nd < best[v][0]:
                    best[v] = (nd, best[u][1] + [k])
                    heapq.heappush(heap, (nd, v))
        out.append(best)
    return out


def track_colours(links: Sequence[Link], doubles: set[int], use: Counter[int]
                  ) -> dict[tuple[int, int], str]:
    """(link, track) -> colour: gray for ferries and the least used links, else the card colour
    with the fewest spaces so far, avoiding a colour already at either end of the link."""
    gray_links = {k for k, link in enumerate(links) if link.ferry}
    by_use = sorted((k for k in range(len(links)) if k not in gray_links and k not in doubles),
                    key=lambda k: (use[k], k))
    want = round(GRAY_SHARE * len(links))
    gray_links |= set(by_use[:max(0, want - len(gray_links))])
    spaces = dict.fromkeys(CARD_COLORS, 0)
    at_city: dict[int, set[str]] = {}
    out: dict[tuple[int, int], str] = {}
    order = sorted(((k, t) for k in range(len(links)) for t in range(1 + (k in doubles))),
                   key=lambda kt: (-links[kt[0]].length, kt))
    for k, track in order:
        link = links[k]
        if k in gray_links:
            out[(k, track)] = "gray"
            continue
        near = at_city.get(link.a, set()) | at_city.get(link.b, set())
        partner = out.get((k, 1 - track))
        colour = min((c for c in CARD_COLORS if c != partner),
                     key=lambda c: (spaces[c] + (3 if c in near else 0), CARD_COLORS.index(c)))
        out[(k, track)] = colour
        spaces[colour] += link.length
        at_city.setdefault(link.a, set()).add(colour)
        at_city.setdefault(link.b, set()).add(colour)
    return out

