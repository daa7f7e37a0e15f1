"""Checks TTR401-TTR407: destination tickets can be completed and are worth what they cost."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

from ttrtool.checks import CheckContext, Problem, check
from ttrtool.diagnostics import JsonPath, Severity
from ttrtool.graph import UnionFind, cheapest_path, components, joined
from ttrtool.model import Board, Destination, Ticket
from ttrtool.ticket_value import Pricing, TicketValue, points_band, ticket_costs, ticket_value


def _cards(board: Board) -> list[Ticket]:
    """One ticket per entry of the file (copies share their entry)."""
    seen: set[tuple[str | int, ...]] = set()
    out = []
    for t in board.tickets:
        if t.path not in seen:
            seen.add(t.path)
            out.append(t)
    return out


def _dest_path(t: Ticket, k: int) -> tuple[str | int, ...]:
    return t.path + (("destinations", k, "to") if t.is_multi else ("to",))


class _Network:
    """Connectivity and cheapest paths of one board, computed once for all ticket checks."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.costs = ticket_costs(board)  # spaces, plus mountain trains and forced substitutes
        self._cost: dict[tuple[frozenset[int], frozenset[int]], float | None] = {}

    @cached_property
    def all_routes(self) -> UnionFind:
        return components(self.board)

    @cached_property
    def one_track_per_double(self) -> UnionFind:
        """The board when only one track of each double route can be used (R-CLAIM-5)."""
        closed: set[str] = set()
        usable = []
        for r in self.board.routes:
            if r.double is not None:
                if r.double in closed:
                    continue
                closed.add(r.double)
            usable.append(r)
        return components(self.board, usable)

    def cost(self, sources: frozenset[int], targets: frozenset[int]) -> float | None:
        key = (sources, targets)
        if key not in self._cost:
            found = cheapest_path(self.board, sources, targets, self.costs)
            self._cost[key] = None if found is None else found[0]
        return self._cost[key]


def _network(ctx: CheckContext) -> _Network:
    net = ctx.cache.get("ticket-network")
    if not isinstance(net, _Network):
        net = _Network(ctx.board)
        ctx.cache["ticket-network"] = net
    return net


def _reachable(net: _Network, t: Ticket) -> list[tuple[int, Destination]]:
    """Destinations of ``t`` that the whole board can join to its origin."""
    return [(k, d) for k, d in enumerate(t.destinations)
            if not (d.nodes & t.origin_nodes) and joined(net.all_routes, t.origin_nodes, d.nodes)]


@check("TTR401", "duplicate-ticket", Severity.WARNING,
       "Two entries for the same ticket are usually a copy-paste slip; identical cards are "
       "written once with 'copies'.")
def duplicate_ticket(ctx: CheckContext) -> Iterator[Problem]:
    """No two entries of a deck join the same places (either direction).

    Passing::

        tickets:
          regular:
            - {from: Bern, to: Basel, points: 3, copies: 2}

    Failing::

        tickets:
          regular:
            - {from: Bern, to: Basel, points: 3}
            - {from: Basel, to: Bern, points: 3}
    """
    seen: dict[tuple[object, ...], Ticket] = {}
    for t in _cards(ctx.board):
        if t.is_multi:
            key: tuple[object, ...] = (t.deck, t.origin, frozenset(d.name for d in t.destinations))
        else:
            key = (t.deck, frozenset((t.origin, t.destinations[0].name)))
        first = seen.get(key)
        if first is None:
            seen[key] = t
            continue
        line = ctx.document.locate(first.path).line
        if first.destinations == t.destinations or (
                not t.is_multi and first.points == t.points):
            fix = "delete this entry and write 'copies: 2' on the first one"
        else:
            fix = "the points differ: keep one entry (with 'copies' if the deck has several cards)"
        yield Problem(f"ticket {t.label()} repeats the ticket at line {line}: {fix}", t.path)


@check("TTR402", "ticket-to-itself", Severity.ERROR,
       "A ticket joins two different places; one to itself is completed for free.")
def ticket_to_itself(ctx: CheckContext) -> Iterator[Problem]:
    """No destination of a ticket is its origin.

    Passing::

        tickets: {regular: [{from: Bern, to: Basel, points: 3}]}

    Failing::

        tickets: {regular: [{from: Bern, to: Bern, points: 3}]}
    """
    for t in _cards(ctx.board):
        for k, d in enumerate(t.destinations):
            if d.name == t.origin or d.nodes & t.origin_nodes:
                yield Problem(f"ticket {t.label()} goes from '{t.origin}' to itself: change the "
                              "destination", _dest_path(t, k))


@check("TTR403", "ticket-unreachable", Severity.ERROR,
       "A ticket whose places no chain of routes joins can never be completed (R-TIX-2).",
       whole_board=True)
def ticket_unreachable(ctx: CheckContext) -> Iterator[Problem]:
    """Some chain of routes joins the origin to each destination (border points are ends,
    R-CH-9).

    Passing::

        routes: [{a: Bern, b: Basel, length: 2, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 2}]}

    Failing::

        routes: [{a: Bern, b: Basel, length: 2, color: red}]
        tickets: {regular: [{from: Bern, to: Olten, points: 2}]}   # no route reaches Olten
    """
    net = _network(ctx)
    for t in _cards(ctx.board):
        for k, d in enumerate(t.destinations):
            if d.nodes & t.origin_nodes:
                continue  # TTR402
            if not joined(net.all_routes, t.origin_nodes, d.nodes):
                yield Problem(f"no chain of routes joins '{t.origin}' to '{d.name}', so ticket "
                              f"{t.label()} can never be completed: add routes between them or "
                              "change the ticket", _dest_path(t, k))


@check("TTR404", "ticket-blocked-by-doubles", Severity.ERROR,
       "With fewer players than rules.double_routes.both_tracks_min_players only one track of "
       "each double route can be used (R-CLAIM-5); tickets must stay completable.",
       whole_board=True)
def ticket_blocked_by_doubles(ctx: CheckContext) -> Iterator[Problem]:
    """Every ticket that the whole board completes can still be completed when only one track
    of each double route is usable, at the smallest player count.

    Passing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
          - {a: Bern, b: Basel, length: 2, color: blue, double: D1}

    Failing::

        routes:   # a malformed group: the second track is closed at 2-3 players
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
          - {a: Bern, b: Olten, length: 2, color: blue, double: D1}
        tickets: {regular: [{from: Bern, to: Olten, points: 2}]}
    """
    board = ctx.board
    rules = board.rules
    if rules.both_tracks_usable(rules.min_players) or not board.double_groups():
        return
    net = _network(ctx)
    players = rules.min_players
    for t in _cards(board):
        for k, d in _reachable(net, t):
            if not joined(net.one_track_per_double, t.origin_nodes, d.nodes):
                yield Problem(f"with {players} players only one track of each double route may be "
                              f"used, and then no chain of routes joins '{t.origin}' to '{d.name}' "
                              f"(ticket {t.label()}): fix the double groups (TTR302) or add a "
                              "route",
                              _dest_path(t, k))


@check("TTR405", "ticket-longer-than-trains", Severity.ERROR,
       "A ticket whose cheapest chain of routes needs more trains than a player has cannot be "
       "completed (R-CLAIM-4, R-TIX-2).",
       whole_board=True)
def ticket_longer_than_trains(ctx: CheckContext) -> Iterator[Problem]:
    """The cheapest path of every destination fits in ``rules.trains_per_player``.

    Passing::

        rules: {trains_per_player: 45}
        tickets: {regular: [{from: Bern, to: Basel, points: 2}]}   # 2 spaces apart

    Failing::

        rules: {trains_per_player: 1}
        tickets: {regular: [{from: Bern, to: Basel, points: 2}]}   # 2 spaces apart
    """
    net = _network(ctx)
    trains = ctx.board.rules.trains_per_player
    for t in _cards(ctx.board):
        for k, d in _reachable(net, t):
            cost = net.cost(t.origin_nodes, d.nodes)
            if cost is not None and cost > trains:
                yield Problem(f"ticket {t.label()} needs at least {cost:g} trains but each player "
                              f"has {trains}: shorten the ticket or raise rules.trains_per_player",
                              _dest_path(t, k))


def _values(ctx: CheckContext) -> list[tuple[Ticket, Destination, JsonPath, TicketValue]]:
    """Every completable destination with the verdict on its points (shared by TTR406 and
    TTR407, which split the verdicts between them)."""
    found = ctx.cache.get("ticket-values")
    if isinstance(found, list):
        return found
    net = _network(ctx)
    band = points_band(ctx.board)
    out = []
    for t in _cards(ctx.board):
        for k, d in _reachable(net, t):
            cost = net.cost(t.origin_nodes, d.nodes)
            if cost is None:
                continue
            where = t.path + (("destinations", k, "points") if t.is_multi else ("points",))
            out.append((t, d, where, ticket_value(d.points, int(round(cost)), band)))
    ctx.cache["ticket-values"] = out
    return out


def _points_finding(t: Ticket, d: Destination, where: JsonPath, v: TicketValue) -> Problem:
    low, high = v.fair
    band = v.band
    if v.points == 0:
        gap = "nothing to win or lose"
    else:
        gap = {Pricing.LOW: f"more than {band.below} below it",
               Pricing.HIGH: f"more than {band.above} above it",
               Pricing.FAR_LOW: f"less than 1/{band.factor:g} of it",
               Pricing.FAR_HIGH: f"more than {band.factor:g} times it"}[v.pricing]
    return Problem(f"ticket {t.origin}–{d.name} is worth {v.points} for a cheapest path of "
                   f"{v.spaces} train spaces, {gap}: make it between {low} and {high} points",
                   where)


@check("TTR406", "ticket-points", Severity.WARNING,
       "Ticket points are close to the cheapest path in train spaces on the official maps "
       "(within 2); a wider gap makes a ticket too easy or too hard.",
       whole_board=True)
def ticket_points(ctx: CheckContext) -> Iterator[Problem]:
    """Every destination's points are within 2 of its cheapest path in train spaces (and at
    least 1).  Every official ticket is: most are exactly the cost, a few 1 or 2 above it,
    and one Swiss country destination 1 below.  The trains a mountain route discards count
    as spaces (R-VAR-10), and a variant whose tickets are priced otherwise sets its own band
    in ``rules.tickets.points_band``.  ``ttrtool analyze`` flags the same tickets
    (docs/analyze.md); gross mispricing is TTR407.

    Passing::

        routes: [{a: Bern, b: Basel, length: 3, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 4}]}

    Failing::

        routes: [{a: Bern, b: Basel, length: 3, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 6}]}
    """
    for t, d, where, v in _values(ctx):
        if v.pricing in (Pricing.LOW, Pricing.HIGH):
            yield _points_finding(t, d, where, v)


@check("TTR407", "ticket-points-far-off", Severity.ERROR,
       "Ticket points less than half or more than twice the cheapest path (and more than 4 "
       "away from it), or 0, are a slip: such a ticket is a free gift or a trap.",
       whole_board=True)
def ticket_points_far_off(ctx: CheckContext) -> Iterator[Problem]:
    """No destination is worth 0 points, and none is worth less than half or more than twice
    its cheapest path in train spaces while also being more than 4 points from it.

    Passing::

        routes: [{a: Bern, b: Basel, length: 6, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 9}]}   # TTR406 only

    Failing::

        routes: [{a: Bern, b: Basel, length: 6, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 40}]}
    """
    for t, d, where, v in _values(ctx):
        if v.gross:
            yield _points_finding(t, d, where, v)
