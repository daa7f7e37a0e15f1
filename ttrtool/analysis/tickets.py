"""Destination tickets: can each be completed, what does it cost, is it priced right.

A ticket is completed by a chain of routes joining its two places (R-TIX-2);
a multi-destination ticket is looked at once per destination (R-CH-3).  A
country is reached through any of its border points and a chain never
passes through one (R-CH-9): that is :func:`ttrtool.graph.cheapest_tree`.

A leg's price (its cheapest path in train spaces and its cheapest path in
expected cards, each with its own routes) and the verdict on its points come
from :mod:`ttrtool.ticket_value`, the same definition ``validate`` uses (TTR406,
TTR407); the suggested value is the cheapest path in train spaces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ttrtool.graph import CheapestTree, cheapest_tree, usable_tracks
from ttrtool.model import Board, Destination, Ticket
from ttrtool.ticket_value import (
    POINTS_BAND,
    PointsBand,
    PricedPath,
    TicketPrice,
    TicketPricer,
    TicketValue,
    points_band,
    price_value,
    ticket_costs,
)

# points - cheapest spaces outside which a leg is flagged when no tunnel or ferry is on its
# paths, as a (low, high) pair, from the one definition (ttrtool/ticket_value.py);
# Leg.value gives the verdict with the cards too and tells a warning from an error.
SUGGESTED_BAND = (-POINTS_BAND.below, POINTS_BAND.above)


@dataclass(frozen=True)
class Leg:
    """One destination of a ticket: the ticket's origin joined to that destination."""

    ticket: Ticket
    destination: Destination
    price: TicketPrice | None  # None: cannot be completed
    fewest_routes: int | None  # fewest routes of any completion, whatever its spaces
    places: tuple[str, ...]  # the places along the path cheapest in spaces
    cards_places: tuple[str, ...]  # the places along the path cheapest in cards
    band: PointsBand = POINTS_BAND  # what counts as fair points (ttrtool/ticket_value.py)

    @property
    def completable(self) -> bool:
        return self.price is not None

    @property
    def spaces(self) -> int | None:
        """The cheapest completion in train spaces; None: it cannot be completed."""
        return None if self.price is None else self.price.spaces

    @property
    def routes(self) -> int | None:
        """Routes on ``path``: the fewest among the paths cheapest in spaces."""
        return None if self.price is None else len(self.price.by_spaces.routes)

    @property
    def weighted(self) -> float | None:
        """The cheapest completion in expected cards (on ``cards_path``); None when it
        cannot be completed or only the spaces were asked for."""
        return None if self.price is None else self.price.cards

    @property
    def path(self) -> tuple[int, ...]:
        """Route indices of the path cheapest in spaces, origin first."""
        return () if self.price is None else self.price.by_spaces.routes

    @property
    def cards_path(self) -> tuple[int, ...]:
        """Route indices of the path cheapest in expected cards (``path`` when that one is)."""
        found = None if self.price is None else self.price.by_cards
        return () if found is None else found.routes

    @property
    def one_path(self) -> bool:
        """Is one path cheapest both in spaces and in cards?"""
        return self.price is None or self.price.one_path

    @property
    def points(self) -> int:
        return self.destination.points

    @property
    def delta(self) -> int | None:
        """Points minus the cheapest cost in train spaces."""
        return None if self.spaces is None else self.points - self.spaces

    @property
    def suggested(self) -> int | None:
        """The cheapest path in train spaces, as the official maps price; raised to the
        lowest fair points when that is too cheap for the cards (ttrtool/ticket_value.py)."""
        value = self.value
        return self.spaces if value is None else max(value.spaces, value.fair[0])

    @property
    def value(self) -> TicketValue | None:
        """Are the points fair for the price?  None when there is no cost to judge by: the
        leg cannot be completed, or it joins a place to itself (TTR402)."""
        if self.price is None or not self.price.spaces:
            return None
        return price_value(self.points, self.price, self.band)

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
    """Cheapest trees on one board, cached by source set and track mask, and the legs'
    prices (:class:`ttrtool.ticket_value.TicketPricer`)."""

    def __init__(self, board: Board, weights: Sequence[float]) -> None:
        self.board = board
        self.weights = tuple(weights)
        # the legs' prices: the one definition validate uses, with these card weights
        self.pricer = TicketPricer(board, self.weights)
        # a ticket's cost in spaces, mountain trains included (ticket_value.ticket_costs)
        self.spaces = tuple(float(c) for c in ticket_costs(board))
        self.ones = tuple(1.0 for _ in board.routes)
        self._cache: dict[tuple[str, frozenset[int], tuple[bool, ...] | None], CheapestTree] = {}

    def tree(self, kind: str, sources: frozenset[int],
             usable: tuple[bool, ...] | None = None) -> CheapestTree:
        """``kind``: 'spaces' or 'routes' (the fewest)."""
        key = (kind, sources, usable)
        found = self._cache.get(key)
        if found is None:
            weight = {"spaces": self.spaces, "routes": self.ones}[kind]
            found = cheapest_tree(self.board, sources, weight, usable)
            self._cache[key] = found
        return found


def _whole(cost: float) -> int:
    return int(round(cost))


def place_name(board: Board, node: int) -> str:
    n = board.nodes[node]
    return f"{n.name} ({n.border_point})" if n.border_point else n.name


def _places(board: Board, path: PricedPath | None) -> tuple[str, ...]:
    return () if path is None else tuple(place_name(board, n) for n in path.places(board))


def leg(finder: PathFinder, ticket: Ticket, destination: Destination,
        usable: tuple[bool, ...] | None = None, costs_only: bool = False) -> Leg:
    """One destination of a ticket; ``costs_only`` skips fewest routes and cards."""
    board = finder.board
    price = finder.pricer.price(ticket.origin_nodes, destination.nodes, usable, not costs_only)
    if price is None:
        return Leg(ticket, destination, None, None, (), (), points_band(board))
    fewest = None
    if not costs_only:
        fewest = finder.tree("routes", ticket.origin_nodes, usable).best(destination.nodes)
    places = _places(board, price.by_spaces)
    cards_places = places if price.one_path else _places(board, price.by_cards)
    return Leg(ticket, destination, price, _whole(fewest[0]) if fewest else None, places,
               cards_places, points_band(board))


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
