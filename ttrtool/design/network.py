"""The network as the tickets see it: every pair of places and its price.

A place is a city, or a country beyond the board's edge reached through any of its border
points (R-CH-9).  Each pair of cities, and each city with each country, is priced once by
the one pricer (:class:`ttrtool.ticket_value.TicketPricer`: the cheapest path in train
spaces, fewest routes on ties, and the cheapest in expected cards).  ``colour`` reads how
busy each route is (on how many pairs' cheapest paths it lies); ``deck`` chooses its
tickets among the pairs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from ttrtool.model import Board
from ttrtool.ticket_value import TicketPrice, TicketPricer


@dataclass(frozen=True)
class Pair:
    """Two places and the price of joining them: ``a`` a city's node, ``b`` another city's
    (``a < b``) or a country's first node; ``b_nodes`` the nodes that reach ``b``."""

    a: int
    b: int
    price: TicketPrice
    b_nodes: frozenset[int] = frozenset()

    @property
    def spaces(self) -> int:
        return self.price.spaces

    @property
    def cards(self) -> float:
        cards = self.price.cards
        return float(self.spaces) if cards is None else cards

    @property
    def routes(self) -> tuple[int, ...]:
        """Route indices of the path cheapest in spaces."""
        return self.price.by_spaces.routes


def city_nodes(board: Board, exclude: Collection[str] = ()) -> tuple[int, ...]:
    """The node index of every city not in ``exclude``, in file order."""
    return tuple(n.index for n in board.nodes if n.kind == "city" and n.name not in exclude)


def countries(board: Board) -> tuple[frozenset[int], ...]:
    """The nodes of each country beyond the edge (its border points), in file order."""
    out: dict[str, set[int]] = {}
    for n in board.nodes:
        if n.kind in ("border", "country"):
            out.setdefault(n.name, set()).add(n.index)
    return tuple(frozenset(v) for v in out.values())


def city_pairs(board: Board, cities: Collection[int] | None = None) -> tuple[Pair, ...]:
    """Every pair of ``cities`` (all cities when None) that a chain of routes joins, then
    every such city with every country it reaches."""
    nodes = sorted(city_nodes(board) if cities is None else cities)
    pricer = TicketPricer(board)
    out = []
    for i, a in enumerate(nodes):
        for b in nodes[i + 1:]:
            price = pricer.price(frozenset({a}), frozenset({b}))
            if price is not None and price.spaces > 0:
                out.append(Pair(a, b, price, frozenset({b})))
    for country in countries(board):
        for a in nodes:
            price = pricer.price(frozenset({a}), country)
            if price is not None and price.spaces > 0:
                out.append(Pair(a, min(country), price, country))
    return tuple(out)


def links(board: Board) -> tuple[tuple[int, ...], ...]:
    """For each route, the tracks of its link: the route and the other tracks of its
    double (the route alone when it is single)."""
    groups = {k: tuple(r.index for r in v) for k, v in board.double_groups().items()}
    return tuple((r.index,) if r.double is None else groups[r.double] for r in board.routes)


def route_use(board: Board, pairs: Collection[Pair]) -> Counter[int]:
    """How many of ``pairs`` have each route on their cheapest path, counted for every
    track of its link (a double route's two tracks are equally busy)."""
    tracks = links(board)
    use: Counter[int] = Counter()
    for pair in pairs:
        for ri in pair.routes:
            for track in tracks[ri]:
                use[track] += 1
    return use
