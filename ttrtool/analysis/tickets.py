"""Destination tickets: can each be completed, what does it cost, is it priced right.

A ticket is completed by a chain of routes joining its two places (R-TIX-2);
a multi-destination ticket is looked at once per destination (R-CH-3).  A
country is reached through any of its border points and a chain never
passes through one (R-CH-9): that is :func:`ttrtool.graph.cheapest_tree`.

The suggested value is the cheapest path in train spaces; whether the
points are fair is judged by :func:`ttrtool.ticket_value.ticket_value`, the
same definition ``validate`` uses (TTR406, TTR407).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ttrtool.graph import CheapestTree, cheapest_tree, usable_tracks
from ttrtool.model import Board, Destination, Ticket
from ttrtool.ticket_value import (
    POINTS_BAND,
    PointsBand,
    TicketValue,
    points_band,
    ticket_costs,
    ticket_value,
)

# points - cheapest spaces outside which a leg is flagged, as a (low, high) pair, derived from
# the one definition (ttrtool/ticket_value.py); Leg.value also tells a warning from an error.
SUGGESTED_BAND = (-POINTS_BAND.below, POINTS_BAND.above)


@dataclass(frozen=True)
class Leg:
    """One destination of a ticket: the ticket's origin joined to that destination."""

    ticket: Ticket
    destination: Destination
    spaces: int | None  # cheapest completion in train spaces; None: cannot be completed
    routes: int | None  # routes on ``path``: the fewest among the paths cheapest in spaces
    fewest_routes: int | None  # fewest routes of any completion, whatever its spaces
    weighted: float | None  # cheapest completion in cards with the tunnel/ferry weights
    path: tuple[int, ...]  # route indices of one cheapest path (in spaces), origin first
    places: tuple[str, ...]  # the places along that path
    band: PointsBand = POINTS_BAND  # what counts as fair points (ttrtool/ticket_value.py)

    @property
    def completable(self) -> bool:
        return self.spaces is not None

    @property
    def points(self) -> int:
        return self.destination.points

    @property
    def delta(self) -> int | None:
        """Points minus the cheapest cost in train spaces."""
        return None if self.spaces is None else self.points - self.spaces

    @property
    def suggested(self) -> int | None:
        return self.spaces

    @property
    def value(self) -> TicketValue | None:
        """Are the points fair for the cost?  None when there is no cost to judge by: the leg
        cannot be completed, or it joins a place to itself (TTR402)."""
        if not self.spaces:
            return None
        return ticket_value(self.points, self.spaces, self.band)

    @property
    def flag(self) -> str:
        """'' when priced fairly; else what is off."""
        if self.spaces is None:
            return "cannot be completed"
        if self.spaces == 0:
            return "goes to its own origin"
        value = self.value
        return "" if value is None else value.phrase


@dataclass(frozen=True)
class TicketCompletion:
    ticket: Ticket
    legs: tuple[Leg, ...]

    @property
    def completable(self) -> bool:
        return any(leg.completable for leg in self.legs)


class PathFinder:
    """Cheapest trees on one board, cached by source set and track mask."""

    def __init__(self, board: Board, weights: Sequence[float]) -> None:
        self.board = board
        self.weights = tuple(weights)
        # a ticket's cost: spaces, plus mountain trains and forced substitutes (ticket_value)
        self.spaces = tuple(float(c) for c in ticket_costs(board))
        self.ones = tuple(1.0 for _ in board.routes)
        # spaces first, routes second: exact in floats while a path has < 1024 routes
        self.spaces_then_routes = tuple(c * 1024.0 + 1.0 for c in self.spaces)
        self._cache: dict[tuple[str, frozenset[int], tuple[bool, ...] | None], CheapestTree] = {}

    def tree(self, kind: str, sources: frozenset[int],
             usable: tuple[bool, ...] | None = None) -> CheapestTree:
        """``kind``: 'spaces', 'routes', 'path' (spaces, then routes) or 'weighted'."""
        key = (kind, sources, usable)
        found = self._cache.get(key)
        if found is None:
            weight = {"spaces": self.spaces, "routes": self.ones, "weighted": self.weights,
                      "path": self.spaces_then_routes}[kind]
            found = cheapest_tree(self.board, sources, weight, usable)
            self._cache[key] = found
        return found


def _whole(cost: float) -> int:
    return int(round(cost))


def place_name(board: Board, node: int) -> str:
    n = board.nodes[node]
    return f"{n.name} ({n.border_point})" if n.border_point else n.name


def _places(board: Board, start: int, path: tuple[int, ...]) -> tuple[str, ...]:
    names = [place_name(board, start)]
    node = start
    for ri in path:
        node = board.routes[ri].other(node)
        names.append(place_name(board, node))
    return tuple(names)


def leg(finder: PathFinder, ticket: Ticket, destination: Destination,
        usable: tuple[bool, ...] | None = None, costs_only: bool = False) -> Leg:
    """One destination of a ticket; ``costs_only`` skips fewest routes and cards."""
    board = finder.board
    path_tree = finder.tree("path", ticket.origin_nodes, usable)
    best = path_tree.best(destination.nodes)
    if best is None:
        return Leg(ticket, destination, None, None, None, None, (), (), points_band(board))
    cost, end = best
    spaces, routes = divmod(_whole(cost), 1024)
    path = path_tree.chain_to(board, end)
    start = end
    for ri in reversed(path):
        start = board.routes[ri].other(start)
    fewest = weighted = None
    if not costs_only:
        fewest = finder.tree("routes", ticket.origin_nodes, usable).best(destination.nodes)
        weighted = finder.tree("weighted", ticket.origin_nodes, usable).best(destination.nodes)
    return Leg(
        ticket, destination, spaces, routes, _whole(fewest[0]) if fewest else None,
        weighted[0] if weighted else None, path, _places(board, start, path), points_band(board),
    )


def complete_tickets(finder: PathFinder, usable: tuple[bool, ...] | None = None,
                     costs_only: bool = False) -> tuple[TicketCompletion, ...]:
    """Every ticket card of the board, each destination on its own."""
    return tuple(
        TicketCompletion(t, tuple(leg(finder, t, d, usable, costs_only) for d in t.destinations))
        for t in finder.board.tickets
    )


@dataclass(frozen=True)
class PlayerCount:
    """Tickets with the tracks a game of ``players`` can use (R-CLAIM-5, R-CH-5)."""

    players: int
    both_tracks: bool
    usable_tracks: int
    usable_spaces: int
    tickets: tuple[TicketCompletion, ...]

    @property
    def completable(self) -> int:
        return sum(t.completable for t in self.tickets)


def by_player_count(finder: PathFinder,
                    every_track: tuple[TicketCompletion, ...] | None = None,
                    ) -> tuple[PlayerCount, ...]:
    """Every allowed player count; tickets are recomputed once per distinct track mask.

    ``every_track``: the tickets already completed with every track open, if known.
    Legs computed here carry costs in spaces only (no fewest routes, no cards).
    """
    board = finder.board
    rules = board.rules
    out: list[PlayerCount] = []
    computed: dict[tuple[bool, ...], tuple[TicketCompletion, ...]] = {}
    if every_track is not None:
        computed[tuple(True for _ in board.routes)] = every_track
    for players in range(rules.min_players, rules.max_players + 1):
        mask = usable_tracks(board, players, lambda r: finder.weights[r.index])
        if mask not in computed:
            computed[mask] = complete_tickets(finder, None if all(mask) else mask, True)
        out.append(PlayerCount(
            players, rules.both_tracks_usable(players), sum(mask),
            sum(r.length for r in board.routes if mask[r.index]), computed[mask],
        ))
    return tuple(out)
