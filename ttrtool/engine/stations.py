"""Stations (R-EU-1, R-EU-3, R-EU-4, R-EU-5).

Building one is a turn; at the end each station lends its owner exactly one
route of another player at the station's city, for tickets only.  The engine
chooses the routes that score the owner's tickets best (R-EU-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from operator import itemgetter
from typing import Any

from ttrtool.engine.actions import Action, BuildStation
from ttrtool.engine.claims import picker
from ttrtool.engine.tables import BoardTables
from ttrtool.engine.tickets import TicketResult, score_ticket
from ttrtool.graph import UnionFind

Choice = tuple[int | None, ...]  # per station of the player, the route it borrows, or None


def station_cost(g: BoardTables, built: int) -> int | None:
    """Cards for the next station after ``built`` ones, or None if none is left (R-EU-3)."""
    if built >= g.stations_per_player or built >= len(g.station_costs):
        return None
    return g.station_costs[built]


def next_station_cost(g: BoardTables, left: int) -> int | None:
    """Cards for the next station of a player with ``left`` stations not built, or None
    if none is left (R-EU-3)."""
    return station_cost(g, g.stations_per_player - left)


def station_picker(g: BoardTables, hand: Sequence[int], cost: int) -> itemgetter[Any] | None:
    """The picker of the hand's payments for a station of ``cost`` cards out of a row of
    ``BoardTables.station_rows[cost]``; None when the hand cannot pay."""
    return picker([c * (cost + 1) + n for c, n in station_payments(g, hand, cost)])


def station_payments(g: BoardTables, hand: Sequence[int], cost: int) -> list[tuple[int, int]]:
    """Distinct (colour, locomotives) payments of ``cost`` cards of one colour (R-EU-3)."""
    loco = g.loco
    if cost == 0:
        return [(loco, 0)]
    max_l = min(cost, hand[loco]) if g.stations_locos_ok else 0
    out = []
    for c in range(loco):
        if hand[c]:
            for n in range(max(0, cost - hand[c]), min(max_l, cost - 1) + 1):
                out.append((c, n))
    if max_l >= cost:
        out.append((loco, cost))
    return out


def station_actions(g: BoardTables, hand: Sequence[int], stations_left: int,
                    station_owner: Sequence[int], out: list[Action]) -> None:
    """Every free city x every distinct payment for the player's next station (R-EU-3)."""
    if stations_left <= 0:
        return
    cost = next_station_cost(g, stations_left)
    if cost is None:
        return
    take = station_picker(g, hand, cost)
    if take is None:
        return
    rows = g.station_rows[cost]
    for city in g.station_cities:
        if station_owner[city] < 0:
            out.extend(take(rows[city]))


def station_is_legal(g: BoardTables, hand: Sequence[int], stations_left: int,
                     station_owner: Sequence[int], action: BuildStation) -> bool:
    """Is ``action`` among the player's legal stations now?  The same answer as
    membership in ``legal_actions`` in the main phase, without building it (R-EU-3)."""
    city = action.city
    if type(city) is not int or not 0 <= city < g.n_nodes or station_owner[city] >= 0:
        return False
    cost = next_station_cost(g, stations_left)
    card = g.card_index.get(action.color)
    n = action.locomotives
    if cost is None or card is None or type(n) is not int or not 0 <= n <= cost:
        return False
    row = g.station_rows[cost].get(city)
    return (row is not None and row[card * (cost + 1) + n] == action
            and (card, n) in station_payments(g, hand, cost))


def best_station_routes(
    g: BoardTables, player: int, tickets: list[int], owner: list[int],
    stations: list[tuple[int, int]], network: UnionFind,
) -> tuple[list[tuple[int, int | None]], list[TicketResult]]:
    """R-EU-4: the route each of the player's stations uses, chosen to score the tickets best.

    ``network`` is the player's own union-find (not changed).  Returns the
    stations in build order with their route (or None) and the ticket results.
    Options that join the same components are equivalent, so only one of
    them is tried; on equal scores the earlier option (fewer borrowed
    routes, lower route index) wins, which keeps the choice deterministic.
    """
    own = [city for city, p in stations if p == player]
    base = network.copy()
    find_base = base.find
    options: list[list[int | None]] = []
    for city in own:
        seen: set[int] = {find_base(city)}
        opts: list[int | None] = [None]
        for r in g.adjacency[city]:
            if owner[r] < 0 or owner[r] == player:
                continue
            far = g.end_b[r] if g.route_a[r] == city else g.end_a[r]
            root = find_base(far)
            if root not in seen:
                seen.add(root)
                opts.append(r)
        options.append(opts)

    def score(choice: Choice, which: list[int]) -> list[TicketResult]:
        borrowed = {r for r in choice if r is not None}
        find = _joined(g, base, borrowed).find

        def owned(r: int) -> bool:
            return owner[r] == player or r in borrowed

        return [score_ticket(g, t, owned, find) for t in which]

    none: Choice = (None,) * len(own)
    results = score(none, tickets)
    # Borrowing only adds connections: a completed ticket at its best value
    # cannot improve, so only the others are scored for each combination.
    open_ = [i for i, res in enumerate(results)
             if res.scored < max(points for _, points in g.ticket_dests[res.ticket])]
    best_total, best_choice = sum(results[i].scored for i in open_), none
    best_open = [results[i] for i in open_]
    if open_ and any(len(o) > 1 for o in options):
        which = [tickets[i] for i in open_]
        total_of = _totals(g, base, which)
        for choice in product(*options):
            if total_of is None:
                total = sum(t.scored for t in score(choice, which))
            else:
                total = total_of(choice)
            if total > best_total:
                best_total, best_choice = total, choice
        if best_choice is not none:
            best_open = score(best_choice, which)
    for i, res in zip(open_, best_open, strict=True):
        results[i] = res
    return list(zip(own, best_choice, strict=True)), results


def _joined(g: BoardTables, base: UnionFind, borrowed: set[int]) -> UnionFind:
    """A copy of the union-find ``base`` with the ``borrowed`` routes joined, in route order."""
    joined = base.copy()
    for r in sorted(borrowed):
        joined.union(g.end_a[r], g.end_b[r])
    return joined


def _totals(g: BoardTables, base: UnionFind, which: list[int]) -> Callable[[Choice], int] | None:
    """The ticket total of one choice of borrowed routes, as ``score`` would add it up
    but without building results: a completed ticket scores its best joined
    destination, an open one minus its lowest (R-TIX-2, R-CH-3).  None when a ticket
    names a border point (reached only through owned routes, R-CH-9): then ``score``."""
    terminal = g.terminal
    pairs: list[tuple[int, int, int]] = []
    plans = []
    for t in which:
        dests = g.ticket_dests[t]
        origin = g.ticket_origin[t]
        if any(terminal[n] for n in origin) or any(terminal[n] for nodes, _ in dests
                                                   for n in nodes):
            return None
        if len(origin) == 1 and len(dests) == 1 and len(dests[0][0]) == 1:
            pairs.append((origin[0], dests[0][0][0], dests[0][1]))  # one city to one city
        else:
            plans.append((origin, dests, -min(points for _, points in dests)))

    def total_of(choice: Choice) -> int:
        find = _joined(g, base, {r for r in choice if r is not None}).find
        total = 0
        for a, b, points in pairs:
            total += points if find(a) == find(b) else -points
        for origin, dests, worst in plans:
            roots = {find(n) for n in origin}
            best: int | None = None
            for nodes, points in dests:
                if (best is None or points > best) and any(
                        find(n) in roots for n in nodes):
                    best = points
            total += worst if best is None else best
        return total

    return total_of
