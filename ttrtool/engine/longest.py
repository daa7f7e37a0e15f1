"""The longest continuous path (R-SCORE-2, R-SCORE-3, R-EU-9, R-CH-8, R-CH-9).

Exact: the longest *trail* — each route used at most once, cities may repeat,
so loops and figure-eights count in full (a search that never revisits a
city is wrong for TTR).  A border point ends a trail: a path may arrive at
one but never continues through it, so a country never joins two routes
(R-CH-9).  That is modelled by giving each route end at a border point a
node of its own.

A plain search over every trail from every city is exponential: it took up
to half a second on legal 45-train networks of twenty-odd short routes.
This one is exact and stays within a few milliseconds, by facts that each
keep at least one longest trail:

* A trail never leaves its connected piece of the network: each piece is
  solved alone.
* A piece whose nodes all have an even number of routes holds a closed
  trail over all its routes (Euler): that is its answer.
* A city with exactly two routes is passed straight through by some longest
  trail (one that stopped there could go on), so a chain of such cities
  is one edge of the summed length.
* A connected set of routes with at most two odd nodes is one trail
  (Euler), so instead of walking trails the search chooses which routes to
  leave out, starting only from the odd nodes that must become even or be
  the trail's two ends (:class:`OmissionSearch`), with a bound and a memo.
"""

from __future__ import annotations

from collections.abc import Sequence

Edge = tuple[int, int, int]  # (node, node, trains)


def longest_trail(
    routes: Sequence[int],
    route_a: Sequence[int],
    route_b: Sequence[int],
    route_len: Sequence[int],
    terminal: Sequence[bool],
) -> int:
    """Trains in the longest edge-simple trail over ``routes`` (route indices)."""
    if not routes:
        return 0
    edges: list[Edge] = []
    private = -1  # border point ends get nodes of their own, numbered down from -1
    for r in routes:
        a, b = route_a[r], route_b[r]
        if terminal[a]:
            a, private = private, private - 1
        if terminal[b]:
            b, private = private, private - 1
        edges.append((a, b, route_len[r]))
    return max(longest_in_piece(piece) for piece in pieces(edges))


def pieces(edges: Sequence[Edge]) -> list[list[Edge]]:
    """The edges split by connected piece of the network."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent.setdefault(root, root) != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    for a, b, _ in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    out: dict[int, list[Edge]] = {}
    for e in edges:
        out.setdefault(find(e[0]), []).append(e)
    return list(out.values())


def longest_in_piece(edges: Sequence[Edge]) -> int:
    """The longest trail in one connected piece."""
    total = sum(w for _, _, w in edges)
    degree: dict[int, int] = {}
    for a, b, _ in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    if all(d % 2 == 0 for d in degree.values()):
        return total  # a closed trail over every route (Euler)
    return OmissionSearch(contract(edges), total).run()


def contract(edges: Sequence[Edge]) -> list[Edge]:
    """Chains through nodes with two routes joined into single edges.

    A node's edge list holds a loop twice, so its length is the node's
    degree.  Only called on pieces with odd nodes, so contraction never
    swallows a whole piece.
    """
    ends: list[list[int]] = [[a, b, w] for a, b, w in edges]
    alive = [True] * len(ends)
    inc: dict[int, list[int]] = {}
    for i, (a, b, _) in enumerate(edges):
        inc.setdefault(a, []).append(i)
        inc.setdefault(b, []).append(i)
    todo = [v for v, es in inc.items() if len(es) == 2 and es[0] != es[1]]
    while todo:
        v = todo.pop()
        es = inc.get(v)
        if es is None or len(es) != 2 or es[0] == es[1]:
            continue
        e1, e2 = es
        x = ends[e1][1] if ends[e1][0] == v else ends[e1][0]
        y = ends[e2][1] if ends[e2][0] == v else ends[e2][0]
        new = len(ends)
        ends.append([x, y, ends[e1][2] + ends[e2][2]])
        alive.append(True)
        alive[e1] = alive[e2] = False
        del inc[v]
        inc[x][inc[x].index(e1)] = new
        inc[y][inc[y].index(e2)] = new
        for u in (x, y):
            if len(inc[u]) == 2 and inc[u][0] != inc[u][1]:
                todo.append(u)
    return [(a, b, w) for (a, b, w), ok in zip(ends, alive, strict=True) if ok]


class OmissionSearch:
    """The longest trail of a contracted piece, as the lightest set of edges to leave out.

    A set of edges that is connected and has at most two nodes of odd degree
    is one trail (Euler), and every trail is such a set.  So the search
    leaves edges out until at most two odd nodes remain; each connected part
    of what is left is then a trail, and leaving out more never lengthens
    one.  Each step takes the undecided odd node with the fewest edges left
    and either names it an end of the trail (two at most) or leaves out one of
    its edges; any best trail is reached along one branch.  A branch stops
    when even the cheapest way to make its remaining odd nodes even cannot
    beat the best trail found; a state reached twice is searched once.
    """

    def __init__(self, ends: Sequence[Edge], total: int) -> None:
        index: dict[int, int] = {}
        for a, b, _ in ends:
            index.setdefault(a, len(index))
            index.setdefault(b, len(index))
        order = sorted(range(len(ends)), key=lambda e: ends[e][2])  # lightest first
        self.a = [index[ends[e][0]] for e in order]
        self.b = [index[ends[e][1]] for e in order]
        self.w = [ends[e][2] for e in order]
        # Per node: its non-loop edges, lightest first (a loop never changes a parity).
        self.inc: list[list[int]] = [[] for _ in index]
        odd = 0
        for e, (a, b) in enumerate(zip(self.a, self.b, strict=True)):
            if a != b:
                self.inc[a].append(e)
                self.inc[b].append(e)
                odd ^= (1 << a) ^ (1 << b)
        self.odd = odd
        self.total = total
        self.best = 0
        self.seen: set[tuple[int, int]] = set()

    def run(self) -> int:
        self.search(0, 0, self.odd, 0)
        return self.best

    def search(self, out: int, out_w: int, odd: int, named: int) -> None:
        key = (out, named)
        if key in self.seen:
            return
        self.seen.add(key)
        if self.total - out_w <= self.best:
            return
        free = odd & ~named
        need = free.bit_count() - (2 - named.bit_count())
        if need <= 0:  # the odd nodes left can all be ends: each part is a trail
            self.best = max(self.best, self.heaviest_part(out))
            return
        # The cheapest edge left at each undecided odd node; one edge left out
        # evens at most two of them, so it costs at least half of their sum.
        pick, pick_edges, cheapest = -1, 0, []
        v, rest = 0, free
        while rest:
            if rest & 1:
                edges = [e for e in self.inc[v] if not out >> e & 1]
                cheapest.append(self.w[edges[0]])
                if pick < 0 or len(edges) < pick_edges:
                    pick, pick_edges = v, len(edges)
            rest >>= 1
            v += 1
        cheapest.sort()
        if self.total - out_w - (sum(cheapest[:need]) + 1) // 2 <= self.best:
            return
        if named.bit_count() < 2:
            self.search(out, out_w, odd, named | 1 << pick)
        for e in self.inc[pick]:
            if not out >> e & 1:
                self.search(out | 1 << e, out_w + self.w[e],
                            odd ^ (1 << self.a[e]) ^ (1 << self.b[e]), named)

    def heaviest_part(self, out: int) -> int:
        """Trains in the heaviest connected part of the edges not left out."""
        parent = list(range(len(self.inc)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for e in range(len(self.w)):
            if not out >> e & 1:
                ra, rb = find(self.a[e]), find(self.b[e])
                if ra != rb:
                    parent[ra] = rb
        weight: dict[int, int] = {}
        for e in range(len(self.w)):
            if not out >> e & 1:
                r = find(self.a[e])
                weight[r] = weight.get(r, 0) + self.w[e]
        return max(weight.values(), default=0)
