"""End-game bonuses as a list (R-VAR-6..9 of docs/variants.md; R-SCORE-2, R-SCORE-3).

Each bonus of ``rules.bonuses`` measures every player (longest path in
trains, completed tickets, cities in the largest network, tickets joined by
two paths) and turns the measures into points: the contested bonuses go to
the player(s) with the top measure (all tied players, or none of them when
the bonus says ``ties: none``), the multi-path bonus scores each player by a
table.  The measures come from :mod:`ttrtool.engine.scoring`; the awards from
:func:`award`, which the re-scorer's own code mirrors.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.engine.tables import BoardTables
from ttrtool.engine.tickets import TicketResult
from ttrtool.graph import UnionFind
from ttrtool.rules import CONTESTED, Bonus


def award(bonus: Bonus, measures: Sequence[int]) -> list[int]:
    """Points of one bonus for each player, from each player's measure (R-VAR-6).

    A contested bonus goes to the top measure when it is above 0; on a tie to
    every tied player (``ties: all``, R-SCORE-3) or to nobody (``ties: none``).
    ``multi_path_tickets`` scores every player by its table (R-VAR-9).
    """
    if bonus.type not in CONTESTED:
        return [bonus.points_for_count(m) for m in measures]
    top = max(measures, default=0)
    if top <= 0:
        return [0] * len(measures)
    holders = [m == top for m in measures]
    if sum(holders) > 1 and bonus.ties == "none":
        return [0] * len(measures)
    return [bonus.points if h else 0 for h in holders]


def largest_network(g: BoardTables, routes: Sequence[int]) -> int:
    """Places in the player's largest connected network of own routes (R-VAR-8): cities,
    and countries where the rules make them junctions.  A border point is not a place of
    the network and joins nothing (R-CH-9): each route's end there is its own node.
    """
    network = UnionFind(g.uf_size)
    places: set[int] = set()
    for r in routes:
        a, b = g.end_a[r], g.end_b[r]
        network.union(a, b)
        places.update((a, b))
    sizes: dict[int, int] = {}
    for node in places:
        if node < g.n_nodes and g.board.nodes[node].kind != "border":
            root = network.find(node)
            sizes[root] = sizes.get(root, 0) + 1
    return max(sizes.values(), default=0)


def _two_edge_joined(edges: Sequence[tuple[int, int]], sources: frozenset[int],
                     targets: frozenset[int]) -> bool:
    """Are ``sources`` and ``targets`` joined by two paths sharing no edge?

    The sources are merged into one node and so are the targets; then they
    are two-edge-joined exactly when they are joined and no single edge of one
    path between them cuts them apart (a cut edge lies on every path).
    """
    src, dst = -1, -2

    def node(x: int) -> int:
        return src if x in sources else dst if x in targets else x

    merged = [(node(a), node(b)) for a, b in edges]
    path = _path(merged, src, dst, skip=-1)
    if path is None:
        return False
    return all(_path(merged, src, dst, skip=e) is not None for e in path)


def _path(edges: Sequence[tuple[int, int]], start: int, goal: int,
          skip: int) -> list[int] | None:
    """Edge indices of some path from ``start`` to ``goal`` avoiding edge ``skip``."""
    incident: dict[int, list[int]] = {}
    for i, (a, b) in enumerate(edges):
        if i != skip and a != b:
            incident.setdefault(a, []).append(i)
            incident.setdefault(b, []).append(i)
    via: dict[int, int] = {start: -1}
    queue = [start]
    for x in queue:
        if x == goal:
            out = []
            while via[x] >= 0:
                e = via[x]
                out.append(e)
                a, b = edges[e]
                x = a if b == x else b
            return out
        for e in incident.get(x, ()):
            a, b = edges[e]
            y = b if a == x else a
            if y not in via:
                via[y] = e
                queue.append(y)
    return None


def _place_nodes(g: BoardTables, nodes: Sequence[int], routes: Sequence[int]) -> frozenset[int]:
    """Graph nodes of a place: a border point is the own node of each route ending there."""
    out: set[int] = set()
    for n in nodes:
        if g.terminal[n]:
            out.update(g.n_nodes + r for r in routes if n in (g.route_a[r], g.route_b[r]))
        else:
            out.add(n)
    return frozenset(out)


def multi_path_tickets(g: BoardTables, routes: Sequence[int],
                       results: Sequence[TicketResult]) -> int:
    """Completed tickets whose places are joined by two paths of the owner's routes that
    share no route (they may cross at cities) (R-VAR-9).  With several destinations, any
    joined destination may give the two paths."""
    edges = [(g.end_a[r], g.end_b[r]) for r in routes]
    count = 0
    for t in results:
        if not t.completed:
            continue
        origin = _place_nodes(g, g.ticket_origin[t.ticket], routes)
        for nodes, _points in g.ticket_dests[t.ticket]:
            dest = _place_nodes(g, nodes, routes)
            if dest & origin:
                continue
            if _two_edge_joined(edges, origin, dest):
                count += 1
                break
    return count
