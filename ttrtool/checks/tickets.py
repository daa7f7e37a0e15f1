"""Checks TTR401-TTR407: destination tickets can be completed and are worth what they cost
(their price: :mod:`ttrtool.ticket_value`)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

from ttrtool.checks.registry import CheckContext, Problem, check
from ttrtool.codes import (
    DUPLICATE_TICKET,
    TICKET_BLOCKED_BY_DOUBLES,
    TICKET_LONGER_THAN_TRAINS,
    TICKET_POINTS,
    TICKET_POINTS_FAR_OFF,
    TICKET_TO_ITSELF,
    TICKET_UNREACHABLE,
)
from ttrtool.diagnostics import JsonPath, Severity
from ttrtool.graph import UnionFind, components, joined
from ttrtool.model import Board, Destination, Ticket
from ttrtool.ticket_value import (
    Pricing,
    TicketPrice,
    TicketPricer,
    TicketValue,
    points_band,
    price_message,
    price_value,
)


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
        self.pricer = TicketPricer(board)  # the one price of a ticket (ttrtool/ticket_value.py)

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

    def cost(self, sources: frozenset[int], targets: frozenset[int]) -> int | None:
        """The cheapest completion in train spaces (mountain trains included)."""
        found = self.pricer.price(sources, targets, cards=False)
        return None if found is None else found.spaces


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


@check(DUPLICATE_TICKET, Severity.WARNING,
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


@check(TICKET_TO_ITSELF, Severity.ERROR,
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


@check(TICKET_UNREACHABLE, Severity.ERROR,
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


@check(TICKET_BLOCKED_BY_DOUBLES, Severity.ERROR,
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


@check(TICKET_LONGER_THAN_TRAINS, Severity.ERROR,
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


Priced = tuple[Ticket, Destination, JsonPath, TicketPrice, TicketValue]


def _values(ctx: CheckContext) -> list[Priced]:
    """Every completable destination with its price and the verdict on its points (shared
    by TTR406 and TTR407, which split the verdicts between them)."""
    found = ctx.cache.get("ticket-values")
    if isinstance(found, list):
        return found
    out = _priced(ctx.board, _network(ctx))
    ctx.cache["ticket-values"] = out
    return out


def priced_destinations(board: Board) -> list[Priced]:
    """Every completable destination of ``board``: its ticket, itself, the JSON path of its
    points, its price and the verdict on its points, as TTR406 and TTR407 judge them
    (``ttrtool fix --tickets`` sets the points they find off to a fair value)."""
    return _priced(board, _Network(board))


def _priced(board: Board, net: _Network) -> list[Priced]:
    band = points_band(board)
    out = []
    for t in _cards(board):
        for k, d in _reachable(net, t):
            price = net.pricer.price(t.origin_nodes, d.nodes)
            if price is None:
                continue
            where = t.path + (("destinations", k, "points") if t.is_multi else ("points",))
            out.append((t, d, where, price, price_value(d.points, price, band)))
    return out


def _points_finding(board: Board, priced: Priced) -> Problem:
    t, d, where, price, v = priced
    return Problem(price_message(board, f"{t.origin}–{d.name}", price, v), where)


@check(TICKET_POINTS, Severity.WARNING,
       "Ticket points lie between their cheapest path in train spaces and in expected cards on "
       "the official maps (from 2 under the spaces to 2 over the cards); further out a ticket "
       "is too easy or too hard.",
       whole_board=True, autofix="unsafe")
def ticket_points(ctx: CheckContext) -> Iterator[Problem]:
    """Every destination's points lie from 2 under its cheapest path in train spaces up to
    2 over its cheapest path in expected cards (tunnel surcharge and ferry locomotives
    counted, R-EU-6, R-EU-7; and at least 1), and the path cheapest in cards costs at most
    1.5 times the points or at most 4 more.  Every official ticket does: most are worth
    exactly the spaces, a few 1 or 2 more, one Swiss country destination 1 less, and
    none leaves out more than 1.41 times its points in cards with 3.3 cards over them.
    The trains a mountain route discards count as spaces (R-VAR-10), and a variant whose
    tickets are priced otherwise sets its own band in ``rules.tickets.points_band``.
    ``ttrtool analyze`` flags the same tickets and shows both paths (docs/analyze.md);
    gross mispricing is TTR407.

    Passing::

        routes: [{a: Bern, b: Basel, length: 3, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 4}]}

    Passing (2 locomotives on the ferry: 4.7 cards expected)::

        routes: [{a: Bern, b: Basel, length: 3, color: gray, kind: ferry, locomotives: 2}]
        tickets: {regular: [{from: Bern, to: Basel, points: 6}]}

    Failing::

        routes: [{a: Bern, b: Basel, length: 3, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 6}]}
    """
    for priced in _values(ctx):
        if priced[4].pricing in (Pricing.LOW, Pricing.HIGH):
            yield _points_finding(ctx.board, priced)


@check(TICKET_POINTS_FAR_OFF, Severity.ERROR,
       "Ticket points less than half the cheapest path in train spaces or more than twice its "
       "expected cards (and more than 4 away), or 0, are a slip: such a ticket is a free gift "
       "or a trap.",
       whole_board=True, autofix="unsafe")
def ticket_points_far_off(ctx: CheckContext) -> Iterator[Problem]:
    """No destination is worth 0 points; none is worth less than half its cheapest path in
    train spaces while more than 4 under it, or more than twice its cheapest path in
    expected cards while more than 4 over it.  A ticket too cheap for its cards alone is
    a warning (TTR406), never this error: the cards are an expectation.

    Passing::

        routes: [{a: Bern, b: Basel, length: 6, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 9}]}   # TTR406 only

    Failing::

        routes: [{a: Bern, b: Basel, length: 6, color: red}]
        tickets: {regular: [{from: Bern, to: Basel, points: 40}]}
    """
    for priced in _values(ctx):
        if priced[4].gross:
            yield _points_finding(ctx.board, priced)
