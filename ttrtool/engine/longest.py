"""The longest continuous path (R-SCORE-2, R-SCORE-3, R-EU-9, R-CH-8, R-CH-9).

Exact: the longest *trail* — each route used at most once, cities may repeat,
so loops and figure-eights count in full (a search that never revisits a
city is wrong for TTR).  A border point ends a trail: a path may arrive at
one but never continues through it, so a country never joins two routes
(R-CH-9).  That is modelled by giving each route end at a border point a
node of its own.

A plain search over every trail from every city is exponential: it took
about a quarter of a second on some legal 45-train networks of twenty-odd
short routes.  This one is exact and much faster on such networks, by facts
that each keep at least one longest trail:

* A trail never leaves its connected piece of the network: each piece is
  solved alone.
* A piece with no more than two nodes with an odd number of routes holds a
  trail over all its routes (Euler): that is its answer.
* A city with exactly two routes is passed straight through by some longest
  trail (one that stopped there could go on), so a chain of such cities
  is one edge of the summed length.
* A longest trail starts and ends at nodes with an odd number of routes, so
  walks start only there (:class:`TrailSearch`).
* A connected set of routes with at most two odd nodes is one trail
  (Euler), so a second search chooses which routes to leave out instead
  (:class:`OmissionSearch`), with a bound and a memo.  It wins where the
  walks have too many trails to try; the two take turns (:func:`search_piece`).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from ttrtool.graph import UnionFind

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
    return max(longest_in_piece(piece)
               for piece in pieces(trail_edges(routes, route_a, route_b, route_len, terminal)))


def trail_edges(
    routes: Sequence[int],
    route_a: Sequence[int],
    route_b: Sequence[int],
    route_len: Sequence[int],
    terminal: Sequence[bool],
) -> list[Edge]:
    """The routes as edges; each end at a border point is a node of its own,
    numbered down from -1, so that no trail goes on through it (R-CH-9)."""
    edges: list[Edge] = []
    private = -1
    for r in routes:
        a, b = route_a[r], route_b[r]
        if terminal[a]:
            a, private = private, private - 1
        if terminal[b]:
            b, private = private, private - 1
        edges.append((a, b, route_len[r]))
    return edges


def pieces(edges: Sequence[Edge]) -> list[list[Edge]]:
    """The edges split by connected piece of the network."""
    index: dict[int, int] = {}
    for a, b, _ in edges:
        index.setdefault(a, len(index))
        index.setdefault(b, len(index))
    joined = UnionFind(len(index))
    for a, b, _ in edges:
        joined.union(index[a], index[b])
    out: dict[int, list[Edge]] = {}
    for e in edges:
        out.setdefault(joined.find(index[e[0]]), []).append(e)
    return list(out.values())


def longest_in_piece(edges: Sequence[Edge]) -> int:
    """The longest trail in one connected piece."""
    return search_piece(edges)[0]


def search_piece(edges: Sequence[Edge]) -> tuple[int, int]:
    """The longest trail in one connected piece, and the work it took: states
    searched, a walk's step counted as 1/WALK_STEPS of one (benchmarks/longest.py)."""
    total = sum(w for _, _, w in edges)
    degree: dict[int, int] = {}
    for a, b, _ in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    odd = 0
    for d in degree.values():
        odd += d & 1
    if odd <= 2:
        return total, 0  # a trail over every route, closed when no node is odd (Euler)
    ends = contract(edges)
    walk = TrailSearch(ends, total)
    budget = FIRST_BUDGET
    if walk.run(WALK_STEPS * budget):
        return walk.best, walk.steps // max(WALK_STEPS, 1)  # most real networks end here
    # Two exact searches take turns with growing budgets, each resuming where
    # it stopped and sharing the best trail found; the first to finish has
    # the answer.  Walking trails wins when the longest is short beside the
    # whole piece (many dead ends); choosing routes to leave out wins when it
    # uses almost everything.
    omission = OmissionSearch(ends, total)
    walk.ceiling = total - omission.join_bound(omission.odd, 2, 0)
    while True:
        omission.best = max(walk.best, omission.best)
        finished = omission.run(budget)
        budget *= 2
        walk.best = max(walk.best, omission.best)
        if finished or walk.run(WALK_STEPS * budget):
            work = walk.steps // max(WALK_STEPS, 1) + len(omission.done)
            return max(walk.best, omission.best), work


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


FIRST_BUDGET = 32  # states the search for routes to leave out may visit in its first turn
WALK_STEPS = 60  # a walk's step costs about a sixtieth of such a state


class TrailSearch:
    """Depth-first walks from the odd nodes of a contracted piece.

    The walk keeps its own stack of trails to extend, so it can stop after a
    budget of steps and go on later from where it was.  It stops early once
    the best trail reaches ``ceiling``, a proven upper bound.
    """

    def __init__(self, ends: Sequence[Edge], ceiling: int) -> None:
        index: dict[int, int] = {}
        for a, b, _ in ends:
            index.setdefault(a, len(index))
            index.setdefault(b, len(index))
        self.adj: list[list[tuple[int, int, int]]] = [[] for _ in index]
        for e, (a, b, w) in enumerate(ends):
            self.adj[index[a]].append((1 << e, index[b], w))
            if a != b:
                self.adj[index[b]].append((1 << e, index[a], w))
        for steps in self.adj:
            steps.sort(key=lambda step: step[2])  # the stack pops the heaviest first
        # (node, edges used, trains): trails still to extend.
        self.stack = [(v, 0, 0) for v, steps in enumerate(self.adj)
                      if sum(2 if other == v else 1 for _, other, _ in steps) % 2]
        self.ceiling = ceiling
        self.best = 0
        self.steps = 0

    def run(self, budget: int) -> bool:
        """Walk on for up to ``budget`` steps; True once every trail is walked
        (or the ceiling reached), False to be resumed."""
        stack, adj = self.stack, self.adj
        best = self.best
        steps = 0
        while stack and steps < budget and best < self.ceiling:
            steps += 1
            node, used, length = stack.pop()
            if length > best:
                best = length
            for bit, other, w in adj[node]:
                if not used & bit:
                    stack.append((other, used | bit, length + w))
        self.steps += steps
        self.best = best
        return not stack or best >= self.ceiling


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
        self.done: set[tuple[int, int]] = set()
        self.budget = 0
        self.dist: dict[int, list[int]] = {}
        self.near: dict[int, list[tuple[int, int]]] = {}
        self.joins: dict[tuple[int, int, int], int] = {}

    def run(self, budget: int) -> bool:
        """Search on for up to ``budget`` states; True once finished, False to
        be resumed (branches searched to the end are not searched again)."""
        self.budget = budget
        return self.search(0, 0, self.odd, 0)

    def search(self, out: int, out_w: int, odd: int, named: int) -> bool:
        """Every way on from leaving out ``out``; False when stopped before the end."""
        key = (out, named)
        if key in self.done or self.total - out_w <= self.best:
            return True
        if self.budget <= 0:
            return False
        self.budget -= 1
        free = odd & ~named
        need = free.bit_count() - (2 - named.bit_count())
        if need <= 0:  # the odd nodes left can all be ends: each part is a trail
            self.best = max(self.best, self.heaviest_part(out))
            self.done.add(key)
            return True
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
        if (self.total - out_w - (sum(cheapest[:need]) + 1) // 2 <= self.best
                or self.total - out_w - self.join_bound(free, 2 - named.bit_count(), named)
                <= self.best):
            self.done.add(key)
            return True
        if named.bit_count() < 2 and not self.search(out, out_w, odd, named | 1 << pick):
            return False
        for e in self.inc[pick]:
            if not out >> e & 1 and not self.search(
                    out | 1 << e, out_w + self.w[e],
                    odd ^ (1 << self.a[e]) ^ (1 << self.b[e]), named):
                return False
        self.done.add(key)
        return True

    def join_bound(self, odd: int, ends: int, named: int) -> int:
        """A lower bound of the weight still to leave out: of :meth:`join`, exact
        for a few odd nodes; for more, each odd node's distance to its nearest
        odd or named node, halved (one path evens at most two odd nodes)."""
        if odd.bit_count() <= 8:
            return self.join(odd, ends, named)
        nearest = []
        v, rest = 0, odd
        while rest:
            if rest & 1:
                targets = (odd ^ (1 << v)) | named
                for d, u in self.by_distance(v):
                    if targets >> u & 1:
                        nearest.append(d)
                        break
            rest >>= 1
            v += 1
        nearest.sort()
        return (sum(nearest[:len(nearest) - ends]) + 1) // 2

    def join(self, odd: int, ends: int, named: int) -> int:
        """The least weight of paths that even every node of ``odd`` but
        ``ends`` of them, each path joining two of them or one of them to a
        ``named`` end (whose parity is free).  Distances are in the whole
        piece: a lower bound for what is left, which has fewer edges."""
        key = (odd, ends, named)
        known = self.joins.get(key)
        if known is not None:
            return known
        if odd.bit_count() <= ends:
            best = 0
        else:
            low = odd & -odd
            v = low.bit_length() - 1
            rest = odd ^ low
            best = self.join(rest, ends - 1, named) if ends else self.total
            dist = self.distances(v)
            if named:
                to_named = min(dist[u] for u in range(len(dist)) if named >> u & 1)
                best = min(best, to_named + self.join(rest, ends, named))
            u, bits = 0, rest
            while bits:
                if bits & 1:
                    best = min(best, dist[u] + self.join(rest ^ (1 << u), ends, named))
                bits >>= 1
                u += 1
        self.joins[key] = best
        return best

    def by_distance(self, source: int) -> list[tuple[int, int]]:
        """(trains, node) for every other node, nearest first."""
        known = self.near.get(source)
        if known is None:
            dist = self.distances(source)
            known = sorted((d, u) for u, d in enumerate(dist) if u != source)
            self.near[source] = known
        return known

    def distances(self, source: int) -> list[int]:
        """Trains on the shortest path from ``source`` to every node (Dijkstra)."""
        known = self.dist.get(source)
        if known is not None:
            return known
        dist = [self.total + 1] * len(self.inc)
        dist[source] = 0
        queue = [(0, source)]
        while queue:
            d, v = heapq.heappop(queue)
            if d > dist[v]:
                continue
            for e in self.inc[v]:
                u = self.b[e] if self.a[e] == v else self.a[e]
                if d + self.w[e] < dist[u]:
                    dist[u] = d + self.w[e]
                    heapq.heappush(queue, (dist[u], u))
        self.dist[source] = dist
        return dist

    def heaviest_part(self, out: int) -> int:
        """Trains in the heaviest connected part of the edges not left out."""
        joined = UnionFind(len(self.inc))
        union, find = joined.union, joined.find
        a, b = self.a, self.b
        kept = [e for e in range(len(self.w)) if not out >> e & 1]
        for e in kept:
            union(a[e], b[e])
        weight: dict[int, int] = {}
        for e in kept:
            r = find(a[e])
            weight[r] = weight.get(r, 0) + self.w[e]
        return max(weight.values(), default=0)


END_BUDGET = 4000  # walk steps for one node's longest trail before the exact fallback

Steps = dict[int, list[tuple[int, int, int]]]  # node: (edge bit, other end, trains)


class TrailGains:
    """One network's longest trail, and exactly how much one more route would add.

    :meth:`gain` equals ``longest_trail`` of the routes and the new one, less
    :attr:`longest`, without a search over the whole network for every route
    asked about (a bot asks about dozens per turn):

    * a route touching no piece of the network adds ``max(0, trains - longest)``;
    * a route with one end on a piece makes it no longer than that end's
      longest trail (:meth:`end`, walked once per node and remembered) plus
      the route: the route's other end is new, so a trail over the route
      stops there;
    * a route joining two pieces is crossed at most once: the longest trail
      ending at one end, the route, and the longest ending at the other;
    * a route joining two nodes of one piece: the search for that piece alone.

    :meth:`grown` gives the network with more routes the same way, searching
    again only a piece that a new route closes a loop in.
    """

    def __init__(
        self,
        routes: Sequence[int],
        route_a: Sequence[int],
        route_b: Sequence[int],
        route_len: Sequence[int],
        terminal: Sequence[bool],
    ) -> None:
        self.routes = frozenset(routes)
        self.route_a, self.route_b, self.route_len = route_a, route_b, route_len
        self.terminal = terminal
        edges = trail_edges(routes, route_a, route_b, route_len, terminal)
        self.private = min((min(a, b, 0) for a, b, _ in edges), default=0) - 1  # next border end
        self.pieces = dict(enumerate(pieces(edges)))  # by piece number
        self.next_piece = len(self.pieces)
        self.piece_of: dict[int, int] = {}  # node: piece number
        for i, piece in self.pieces.items():
            for a, b, _ in piece:
                self.piece_of[a] = self.piece_of[b] = i
        self.piece_best = {i: longest_in_piece(piece) for i, piece in self.pieces.items()}
        self.longest = max(self.piece_best.values(), default=0)
        self.ends: dict[int, int] = {}  # node: its longest trail (end)
        self.steps: dict[int, Steps] = {}  # piece number: its walk steps
        self.within: dict[tuple[int, int, int], int] = {}  # a route in one piece: its longest

    def gain(self, a: int, b: int, trains: int) -> int:
        """Trains the route from ``a`` to ``b`` would add to the longest trail."""
        terminal, piece_of = self.terminal, self.piece_of
        pa = -1 if terminal[a] else piece_of.get(a, -1)
        pb = -1 if terminal[b] else piece_of.get(b, -1)
        if pa < 0 and pb < 0:
            longest = trains
        elif pb < 0:
            longest = self.end(a) + trains
        elif pa < 0:
            longest = self.end(b) + trains
        elif pa != pb:
            longest = self.end(a) + trains + self.end(b)
        else:
            longest = self.closed(pa, a, b, trains)
        return longest - self.longest if longest > self.longest else 0

    def closed(self, i: int, a: int, b: int, trains: int) -> int:
        """The longest trail of piece ``i`` with a route from ``a`` to ``b`` in it."""
        key = (a, b, trains)
        known = self.within.get(key)
        if known is None:
            known = self.within[key] = longest_in_piece([*self.pieces[i], (a, b, trains)])
        return known

    def end(self, node: int) -> int:
        """Trains in the longest trail of the network that ends at ``node`` (on it)."""
        known = self.ends.get(node)
        if known is None:
            i = self.piece_of[node]
            found = longest_from(self.piece_steps(i), node, self.piece_best[i], END_BUDGET)
            if found is None:
                # Too many trails to walk: a route from the node to a new one, heavier
                # than the whole piece, is on every longest trail, which ends with it.
                piece = self.pieces[i]
                heavy = sum(w for _, _, w in piece) + 1
                new = min(min(a, b) for a, b, _ in piece) - 1
                found = longest_in_piece([*piece, (node, new, heavy)]) - heavy
            known = self.ends[node] = found
        return known

    def piece_steps(self, i: int) -> Steps:
        """Per node of piece ``i``: (edge bit, other end, trains), lightest first."""
        steps = self.steps.get(i)
        if steps is None:
            steps = self.steps[i] = {}
            for e, (a, b, w) in enumerate(self.pieces[i]):
                steps.setdefault(a, []).append((1 << e, b, w))
                if a != b:
                    steps.setdefault(b, []).append((1 << e, a, w))
            for out in steps.values():
                out.sort(key=lambda step: step[2])  # the stack pops the heaviest first
        return steps

    def grown(self, routes: Sequence[int]) -> TrailGains:
        """The same for the network of ``routes``: built on this one when it holds
        all of this one's routes, else anew."""
        if not self.routes.issubset(routes):
            return TrailGains(routes, self.route_a, self.route_b, self.route_len, self.terminal)
        out = self
        for r in routes:
            if r not in out.routes:
                out = out.plus(r)
        return out

    def plus(self, route: int) -> TrailGains:
        """The network with ``route`` added; what is known of the pieces it does
        not touch is kept."""
        out = type(self).__new__(type(self))  # a shallow copy (copy.copy is slower)
        out.__dict__.update(self.__dict__)
        out.routes = self.routes | {route}
        a, b, w = self.route_a[route], self.route_b[route], self.route_len[route]
        if self.terminal[a]:
            a, out.private = out.private, out.private - 1
        if self.terminal[b]:
            b, out.private = out.private, out.private - 1
        piece_of = self.piece_of
        pa, pb = piece_of.get(a, -1), piece_of.get(b, -1)
        edges: list[Edge] = [(a, b, w)]
        gone: tuple[int, ...] = ()
        if pa < 0 and pb < 0:
            best = w
        elif pb < 0:
            gone, best = (pa,), max(self.piece_best[pa], self.end(a) + w)
        elif pa < 0:
            gone, best = (pb,), max(self.piece_best[pb], self.end(b) + w)
        elif pa != pb:
            gone = (pa, pb)
            best = max(self.piece_best[pa], self.piece_best[pb],
                       self.end(a) + w + self.end(b))
        else:
            gone, best = (pa,), self.closed(pa, a, b, w)
        out.pieces, out.piece_best = dict(self.pieces), dict(self.piece_best)
        out.steps = dict(self.steps)
        for i in gone:
            edges += out.pieces.pop(i)
            del out.piece_best[i]
            out.steps.pop(i, None)
        i = out.next_piece
        out.next_piece += 1
        out.pieces[i], out.piece_best[i] = edges, best
        out.piece_of = dict(piece_of)
        for x, y, _ in edges:
            out.piece_of[x] = out.piece_of[y] = i
        out.longest = max(self.longest, best)
        out.ends = {v: n for v, n in self.ends.items() if piece_of[v] not in gone}
        out.within = {k: n for k, n in self.within.items() if piece_of[k[0]] not in gone}
        return out


def longest_from(steps: Steps, start: int, ceiling: int,
                 budget: int) -> int | None:
    """Trains in the longest trail from ``start`` (every trail walked, stopping at
    ``ceiling``, a proven bound); None after ``budget`` steps."""
    stack = [(start, 0, 0)]
    best = 0
    while stack:
        budget -= 1
        if budget < 0:
            return None
        node, used, length = stack.pop()
        if length > best:
            best = length
            if best >= ceiling:
                break
        for bit, other, w in steps[node]:
            if not used & bit:
                stack.append((other, used | bit, length + w))
    return best
