"""How a strategic bot claims: the route and its payment, tunnels, stations.

:class:`Claiming` is the part of :class:`~ttrtool.bots.planning.StrategicBot`
that picks among the claims and stations of its
:class:`~ttrtool.engine.board_menu.BoardMenu`, asked for by route and by city
(docs/engine.md, "Claims and stations on demand").  Each choice is the one the
bot made when it read them from the full list: where a search stops early or
asks routes in another order, its key still ends with the route, so the first
of equal keys is the first the list would have given (docs/bots.md, "Claims
and stations read from a menu").

Rules: R-CLAIM-1, R-EU-4, R-EU-7, R-EU-8.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ttrtool.engine.actions import Action, BuildStation, ClaimRoute, TunnelPay
from ttrtool.engine.board_menu import BoardMenu
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView
from ttrtool.graph import cheapest_path
from ttrtool.model import Board

LOCO = "locomotive"


class _NoMenu:
    """The menu outside the main phase: no claim or station is legal then."""

    def of(self, route: int) -> tuple[ClaimRoute, ...]:
        return ()

    def every(self, route: int) -> tuple[ClaimRoute, ...]:
        return ()

    def __iter__(self) -> Iterator[ClaimRoute]:
        return iter(())

    def routes(self) -> list[int]:
        return []

    def claimable(self) -> frozenset[int]:
        return frozenset()

    def stations_at(self, city: int) -> tuple[BuildStation, ...]:
        return ()

    def can_build(self) -> bool:
        return False


NO_MENU: BoardMenu | _NoMenu = _NoMenu()


class Claiming:
    """Claim, tunnel and station choices; mixed into StrategicBot, which sets what
    they read (below) and plans the routes they serve."""

    game: Game
    seat: int
    loco: int
    board: Board
    lengths: tuple[int, ...]
    points: tuple[int, ...]
    tunnel_routes: tuple[bool, ...]
    menu: BoardMenu | _NoMenu  # the claims and stations open this decision
    blocked_tickets: list[int]  # kept tickets with no path left
    _rescued: set[int]  # tickets a station was built for
    _withdrawn: set[int]  # tunnels it once withdrew from
    _by_points: dict[int, tuple[int, ...]]  # points_order(), by least length
    # the plan's missing cards, the plan's cards a claim would spend, and the routes
    # closed to it (StrategicBot)
    wishes: Callable[[PlayerView], list[int]]
    plan_loss: Callable[[PlayerView, ClaimRoute], int]
    closed_routes: Callable[[Sequence[int]], list[bool]]
    # Pay claims with the fewest cards the open plan still takes (every payment of a
    # route paid with "any N" sets, R-VAR-3, so a held locomotive can pay a ferry's
    # symbol), and claim for points before the endgame only with cards the plan can
    # spare (StrategicBot.plan_guard).  False: each colour's first payment and points
    # claims with any cards, the way of expert-2025 (and of the expert, whose own
    # keep_plan guards its claims for points).
    keep_plan_cards = True

    def payment_key(self, view: PlayerView, a: ClaimRoute,
                    missing: Sequence[int]) -> tuple[int, int]:
        """Fewest locomotives, then the colour the plan misses least."""
        spent = 0 if a.color == LOCO else missing[self.game.card_index[a.color]]
        return (a.locomotives, spent)

    def claims_of(self, route: int) -> tuple[ClaimRoute, ...]:
        """The claims of ``route`` to choose among: the menu's default payments (one per
        colour, the fewest locomotives, then the fewest sets), and with
        ``keep_plan_cards`` every payment of a route that takes "any N" sets (R-VAR-3):
        there the default pays a ferry's symbols with sets of three cards, the engine
        taking them from the colour held most, even with a locomotive in hand."""
        g = self.game
        if self.keep_plan_cards and g.pay_keys[g.route_pay_key[route]].substitutes:
            return self.menu.every(route)
        return self.menu.of(route)

    def cards_spent(self, a: ClaimRoute) -> int:
        """Cards the claim lays down: its colour, locomotives and any sets."""
        return a.cards + a.locomotives + sum(n for _, n in a.substitutes)

    def spent_by_card(self, a: ClaimRoute) -> list[int]:
        """The cards the claim takes from the hand, per card index (locomotives last):
        its colour's, its locomotives and the cards of its "any N" sets (R-VAR-3)."""
        index = self.game.card_index
        spent = [0] * (self.loco + 1)
        spent[index[a.color]] += a.cards
        spent[self.loco] += a.locomotives
        for name, n in a.substitutes:
            spent[index[name]] += n
        return spent

    def best_claim(self, view: PlayerView, actions: Sequence[Action],
                   routes: set[int]) -> ClaimRoute | None:
        """The longest route of ``routes`` that can be claimed now, paid as cheaply as
        possible: with ``keep_plan_cards``, the fewest cards the rest of the plan takes,
        then the fewest cards; then the fewest locomotives and the colour the plan
        misses least."""
        if not routes:
            return None
        if self.keep_plan_cards:
            return self._best_claim_keeping(view, routes)
        best: ClaimRoute | None = None
        best_key: tuple[int, int, int, int] | None = None
        missing: list[int] | None = None
        tunnels = self.tunnel_routes
        of = self.menu.of
        for r in routes:  # the key ends with the route: the order of the routes does not matter
            for a in of(r):
                if not tunnels[r] or self.tunnel_ok(view, a):
                    if missing is None:
                        missing = self.wishes(view)
                    locos, spent = self.payment_key(view, a, missing)
                    key = (-self.lengths[r], locos, spent, r)
                    if best_key is None or key < best_key:
                        best, best_key = a, key
        return best

    def _best_claim_keeping(self, view: PlayerView, routes: set[int]) -> ClaimRoute | None:
        best: ClaimRoute | None = None
        best_key: tuple[int, int, int, int, int, int] | None = None
        missing: list[int] | None = None
        tunnels = self.tunnel_routes
        for r in routes:  # the key ends with the route: the order of the routes does not matter
            for a in self.claims_of(r):
                if not tunnels[r] or self.tunnel_ok(view, a):
                    if missing is None:
                        missing = self.wishes(view)
                    locos, spent = self.payment_key(view, a, missing)
                    key = (-self.lengths[r], self.plan_loss(view, a), self.cards_spent(a),
                           locos, spent, r)
                    if best_key is None or key < best_key:
                        best, best_key = a, key
        return best

    def points_claim(self, view: PlayerView, actions: Sequence[Action], min_length: int,
                     allowed: Callable[[ClaimRoute], bool] | None = None) -> ClaimRoute | None:
        """The claimable route worth most points (at least ``min_length`` long), among the
        claims ``allowed`` accepts (every claim without it)."""
        best: ClaimRoute | None = None
        best_key: tuple[int, ...] | None = None
        points, tunnels = self.points, self.tunnel_routes
        keeping = self.keep_plan_cards
        of = self.claims_of if keeping else self.menu.of
        claimable = self.menu.claimable()  # the others have no claim now: of() is empty
        for r in self.points_order(min_length):
            if best_key is not None and -points[r] > best_key[0]:
                break  # fewer points than the best: no route further on can win
            if r not in claimable:
                continue
            for a in of(r):
                if allowed is not None and not allowed(a):
                    continue
                if not tunnels[r] or self.tunnel_ok(view, a):
                    # with keep_plan_cards, of a route's payments the one that spends
                    # fewest of the plan's cards, then fewest cards
                    key = ((-points[r], self.plan_loss(view, a), self.cards_spent(a),
                            a.locomotives, r) if keeping else (-points[r], a.locomotives, r))
                    if best_key is None or key < best_key:
                        best, best_key = a, key
        return best

    def points_order(self, min_length: int) -> tuple[int, ...]:
        """The routes at least ``min_length`` long, most points first (the lowest
        index first on ties): a search for the claim worth most stops at the first
        route worth less than its best."""
        order = self._by_points.get(min_length)
        if order is None:
            g = self.game
            order = self._by_points[min_length] = tuple(sorted(
                (r for r in range(g.n_routes) if g.route_len[r] >= min_length),
                key=lambda r: (-g.route_points[r], r)))
        return order

    # --- tunnels and stations ---------------------------------------------

    def tunnel_ok(self, view: PlayerView, a: ClaimRoute) -> bool:
        """Lay cards for a tunnel only with spare cards to pay extras (R-EU-7): two
        spare, three after withdrawing from it once; anything goes in the last round."""
        if not self.tunnel_routes[a.route] or view.final_round:
            return True
        hand = view.hand
        if a.color == LOCO:
            spare = hand[self.loco] - a.locomotives
        else:
            spare = hand[self.game.card_index[a.color]] - a.cards + hand[self.loco] - a.locomotives
        return spare >= (3 if a.route in self._withdrawn else 2)

    def pay_tunnel(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """Pay the extras when it can (fewest locomotives); else withdraw (R-EU-7)."""
        pays = [a for a in actions if isinstance(a, TunnelPay)]
        if not pays:
            if view.tunnel is not None:
                self._withdrawn.add(view.tunnel.route)
            return next(a for a in actions if not isinstance(a, TunnelPay))
        return min(pays, key=lambda a: (a.locomotives, -a.cards))

    def station_rescue(self, view: PlayerView, actions: Sequence[Action]) -> Action | None:
        """R-EU-4: a blocked ticket whose gap is one opponent's route gets a station."""
        if not self.blocked_tickets or view.stations_left[self.seat] <= 0:
            return None
        menu = self.menu
        if not menu.can_build():
            return None
        owner = view.route_owner
        g = self.game
        borrowed = [owner[r] >= 0 and owner[r] != self.seat for r in range(g.n_routes)]
        kept = g.rules.station_unused_points  # a station never built scores (R-EU-5)
        for t in self.blocked_tickets:
            if t in self._rescued:
                continue
            for nodes, points in g.ticket_dests[t]:
                if 2 * points <= kept:
                    continue  # from lost to won is worth no more than the station kept
                found = cheapest_path(
                    self.board, g.ticket_origin[t], nodes,
                    weight=lambda r: 0.0 if owner[r.index] == self.seat else (
                        50.0 if borrowed[r.index] else float(r.length)),
                    usable=[not c or b for c, b in zip(self.closed_routes(owner), borrowed,
                                                      strict=True)])
                if found is None or found[0] != 50.0:
                    continue  # only when one borrowed route closes the gap
                gap = [r for r in found[1] if borrowed[r]]
                if len(gap) != 1:
                    continue  # a path of open routes whose lengths add up to 50
                r = self.board.routes[gap[0]]
                for city in sorted((r.a, r.b)):  # the engine lists stations by city
                    stations = menu.stations_at(city)
                    if stations:
                        self._rescued.add(t)
                        return min(stations, key=lambda s: (s.locomotives, s.cards))
        return None
