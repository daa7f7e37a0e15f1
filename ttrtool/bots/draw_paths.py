"""The paths of the tickets a draw may bring, found from the bot's network (the expert's
ticket draw, :meth:`~ttrtool.bots.ticket_worth.TicketWorth.ticket_draw_worth`).

A ticket a draw may bring is priced by its cheapest chain with the bot's own routes and
its plan free.  A search from each ticket's origin (expert-2025's way) costs one path
search per place; most of them settle the whole board again.  A chain that uses the
free network is, instead, the cheapest way from the origin to one piece of the network
and from that piece to the destination: one search from each piece answers every
ticket (:func:`network_paths`).  A chain that keeps off the network is the board's own
cheapest chain when none of its routes is taken (:func:`plain_paths`, worked out once a
board); only when that one is cut and the network's chain may be dearer than a way round
is the ticket searched from its origin, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ttrtool.graph import INF, PathSearch, UnionFind
from ttrtool.model import Board

Found = tuple[float, tuple[int, ...], int]  # (cost, routes, points), as ticket_path gives
# Per ticket, per destination: the board's cheapest (cost, chain), None if there is none.
Plain = dict[int, list[tuple[float, tuple[int, ...]] | None]]

# plain_paths() by board (checked by identity) and weights: a few boards a process
_PLAIN: dict[tuple[int, tuple[float, ...]], tuple[Board, Plain]] = {}
PLAIN_BOARDS = 8


def plain_paths(board: Board, weights: tuple[float, ...], origins: Sequence[tuple[int, ...]],
                dests: Sequence[tuple[tuple[tuple[int, ...], int], ...]],
                tickets: Iterable[int]) -> Plain:
    """Each ticket's cheapest chain to each destination on the board with nothing
    claimed, with ``weights``; remembered for the board (the same for every game)."""
    key = (id(board), weights)
    known = _PLAIN.get(key)
    if known is not None and known[0] is board:
        return known[1]
    table: Plain = {}
    searches: dict[tuple[int, ...], PathSearch] = {}
    for t in tickets:
        origin = origins[t]
        search = searches.get(origin)
        if search is None:
            search = searches[origin] = PathSearch(board, origin, weights)
        table[t] = [search.path(nodes) for nodes, _ in dests[t]]
    if len(_PLAIN) >= PLAIN_BOARDS:
        del _PLAIN[next(iter(_PLAIN))]
    _PLAIN[key] = (board, table)
    return table


def pieces(board: Board, free: Iterable[int]) -> list[list[int]]:
    """The places of each connected piece of the ``free`` routes (border points are
    ends, never junctions: R-CH-9, so they join no piece)."""
    border = board.border_nodes
    route_a, route_b = board.route_ends
    uf = UnionFind(len(border))
    places: set[int] = set()
    for r in free:
        a, b = route_a[r], route_b[r]
        if not border[a]:
            places.add(a)
        if not border[b]:
            places.add(b)
        if not border[a] and not border[b]:
            uf.union(a, b)
    out: dict[int, list[int]] = {}
    for x in sorted(places):
        out.setdefault(uf.find(x), []).append(x)
    return list(out.values())


def network_paths(board: Board, weights: Sequence[float], free: Iterable[int],
                  tickets: Sequence[int], origins: Sequence[tuple[int, ...]],
                  dests: Sequence[tuple[tuple[tuple[int, ...], int], ...]],
                  plain: Plain, floor: float) -> dict[int, Found | None]:
    """Each ticket's cheapest (cost, routes, points) with ``weights`` (the ``free``
    routes cost nothing), from one search per piece of the free network:

    * through a piece: the cheapest way from the origin to the piece and on to the
      destination (each of the two the cheapest to or from any place of the piece);
    * off the network: the board's plain chain (``plain``), when none of its routes is
      taken; its weights now are at least ``floor`` times the plain ones, so a chain
      through the network no dearer than that share of the plain one is the cheapest;
    * else a search from the origin, no farther than the chain through the network and
      kept off its places (a chain touching a piece costs at least as much as the
      chain through it).

    The best destination is the one scoring most beyond its cost (R-CH-3), as
    :meth:`~ttrtool.bots.planning.StrategicBot.ticket_path` chooses."""
    parts = pieces(board, [r for r in free if weights[r] == 0.0])  # free indeed
    found = [PathSearch(board, places, weights) for places in parts]
    on_network = {x for places in parts for x in places}
    off_weights: list[float] = []  # weights with every route at a piece's place closed
    searches: dict[tuple[int, ...], PathSearch] = {}  # from an origin, when needed
    out: dict[int, Found | None] = {}
    for t in tickets:
        origin = origins[t]
        # each piece's way to the origin: the place it ends at (its cost is the search's
        # dist there); the chains are built only for the way kept
        starts = [(s, s.nearest(origin)) for s in found]
        best: Found | None = None
        for (nodes, points), way in zip(dests[t], plain[t], strict=True):
            if way is None:  # no chain even on the empty board
                continue
            cost: float = INF
            path: tuple[int, ...] | None = None
            via: tuple[PathSearch, int, int] | None = None  # the piece's search, its two ends
            for s, start in starts:
                if start < 0:
                    continue
                end = s.nearest(nodes)
                if end >= 0 and s.dist[start] + s.dist[end] < cost:
                    cost = s.dist[start] + s.dist[end]
                    via = (s, start, end)
            if cost > floor * way[0]:  # a way off the network may be cheaper
                now = sum(weights[r] for r in way[1])
                if now < INF:
                    if now < cost:
                        cost, path = now, way[1]
                elif on_network.isdisjoint(origin) and on_network.isdisjoint(nodes):
                    if not off_weights:
                        off_weights.extend(weights)
                        for x in on_network:
                            for ri, _other in board.links[x]:
                                off_weights[ri] = INF
                    search = searches.get(origin)
                    if search is None:
                        search = searches[origin] = PathSearch(board, origin, off_weights)
                    off = search.path_within(nodes, cost)
                    if off is not None:
                        cost, path = off
            if cost < INF and (best is None or points - cost > best[2] - best[0]):
                if path is None:
                    assert via is not None  # the cost is the piece's
                    s, start, end = via
                    path = tuple(dict.fromkeys(s.chain(start) + s.chain(end)))
                best = (cost, path, points)
        out[t] = best
    return out
