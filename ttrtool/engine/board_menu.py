"""Claims and stations asked for by route and by city, from a player's view
(docs/engine.md, "Claims and stations on demand").

A main-phase decision offers many claims and stations: with the archetypes
playing, 72 default claims on average on USA, and on Europe 41 claims and 225
stations (every free city times every payment); a bot that follows a plan
looks at a handful of them.  :class:`BoardMenu` answers "how
may I claim route r now?" and "how may I build a station in city c?" one
place at a time, with the actions :meth:`GameState.default_actions` lists
(claims: one per route and colour, the fewest locomotives, then the fewest
substitute sets; stations: every payment), in the same order and as the
same shared values.  It reads only the view: the player's own hand, trains
and stations left, who owns which route and where stations stand; so a bot
may build one for itself, and the engine need not list those actions at all
(``GameState.default_actions(menu=True)``).  Playing one is checked by
:func:`~ttrtool.engine.claims.claim_is_legal` or
:func:`~ttrtool.engine.stations.station_is_legal`: membership in the full
legal list without building it.

Rules: R-CLAIM-1, R-CLAIM-2, R-CLAIM-4 (enough trains), R-CLAIM-5, R-CH-5,
R-EU-3, R-EU-6, R-CH-7, R-VAR-1..4, R-VAR-10.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ttrtool.engine.actions import BuildStation, ClaimRoute
from ttrtool.engine.claims import (
    Payable,
    group_open,
    hand_row,
    key_payments,
    payable_claims,
    payments,
    picker,
    substitute_claims,
)
from ttrtool.engine.payments import default_offsets
from ttrtool.engine.stations import next_station_cost, station_picker
from ttrtool.engine.tables import BoardTables
from ttrtool.engine.view import PlayerView

_UNSEEN = object()  # a payment key not looked at yet


class BoardMenu:
    """The claims and stations open to the player of ``view``, one place at a time.

    ``menu.of(r)`` is the claims of route ``r`` that ``default_actions`` lists,
    in its order (empty when the route cannot be claimed now); iterating the
    menu gives all of them by route index, as the list does; ``routes()`` the
    routes that have any.  ``stations_at(city)`` is the stations the list
    offers in that city.  Outside the player's own main-phase decision it
    offers nothing (neither is legal then).

    What the hand can pay is worked out per payment key when a route of the key is
    first asked about, the way the list is made (``claims.claim_actions``): a
    coloured group of keys at once from the engine's memo of its rows
    (``claims.hand_row``), a gray key from its default offsets.
    """

    __slots__ = ("game", "view", "hand", "trains", "owner", "seat", "_take", "_routes",
                 "_claimable", "_stations")

    def __init__(self, game: BoardTables, view: PlayerView) -> None:
        self.game = game
        self.view = view
        self.hand = view.hand
        self.seat = view.seat
        mine = view.phase == "main" and view.current_player == view.seat
        self.trains = view.trains[view.seat] if mine else -1  # -1: no route fits
        self.owner = view.route_owner
        # per payment key: the picker of its default payments from a claim-table row
        # (for a key with substitute sets or mountains, its payments themselves), None
        # when the hand cannot pay for it, _UNSEEN until asked
        self._take: list[Any] = [_UNSEEN] * len(game.pay_keys)
        self._routes: list[int] | None = None  # routes()
        self._claimable: frozenset[int] | None = None  # claimable()
        self._stations: tuple[Any, int, set[int]] | None = None  # stations_at()

    def of(self, route: int) -> tuple[ClaimRoute, ...]:
        """The default claims of ``route``: one per colour it may be paid in."""
        g = self.game
        key = g.route_pay_key[route]
        take = self._take[key]
        if take is _UNSEEN:
            take = self._load(key)
        if take is None or self.owner[route] >= 0 or g.route_trains[route] > self.trains:
            return ()
        partners = g.partners[route]
        if partners and not group_open(self.owner, partners, g.group_cap[route], self.seat):
            return ()
        if key in g.sub_key_set:
            return substitute_claims(g, route, take)
        result: tuple[ClaimRoute, ...] = take(g.claim_table[route])
        return result

    def every(self, route: int) -> tuple[ClaimRoute, ...]:
        """Every legal claim of ``route`` now, not only the default ones: each number of
        locomotives and of substitute sets (R-VAR-3) per colour, in the engine's payment
        order (the full list's claims of the route); empty when :meth:`of` is."""
        if not self.of(route):
            return ()
        g = self.game
        key = g.route_pay_key[route]
        if key in g.sub_key_set:
            return substitute_claims(g, route, key_payments(g, key, self.hand))
        row = g.claim_table[route]
        return tuple(row[o] for o in payments(g, key, self.hand))

    def __iter__(self) -> Iterator[ClaimRoute]:
        of = self.of
        for r in self.routes():
            yield from of(r)

    def routes(self) -> list[int]:
        """The routes with a claim now, by index (every payment key looked at once;
        a new list each call)."""
        if self._routes is None:
            self._routes = self._find_routes()
        return list(self._routes)

    def claimable(self) -> frozenset[int]:
        """:meth:`routes` as a set, for a caller that walks routes in an order of its own
        and asks :meth:`of` only of those with a claim (the same set each call)."""
        found = self._claimable
        if found is None:
            if self._routes is None:
                self._routes = self._find_routes()
            found = self._claimable = frozenset(self._routes)
        return found

    def _find_routes(self) -> list[int]:
        """:meth:`routes`, by the walk ``claims.claim_actions`` takes
        (:func:`~ttrtool.engine.claims.payable_claims`) over every route of each key:
        the keys the hand can pay (their default payments kept for :meth:`of`), then
        their routes the player may claim now."""
        g = self.game
        take = self._take
        owner, trains, seat = self.owner, self.trains, self.seat
        partners, cap, route_trains = g.partners, g.group_cap, g.route_trains
        payable: Payable = []
        payable_claims(g, self.hand, trains, True, g.key_routes, payable, payable)
        found: list[int] = []
        for key, pay, routes in payable:
            take[key] = pay
            found.extend([r for r in routes if owner[r] < 0 and route_trains[r] <= trains
                          and (not partners[r] or group_open(owner, partners[r], cap[r], seat))])
        found.sort()
        return found

    def stations_at(self, city: int) -> tuple[BuildStation, ...]:
        """The stations the player may build in ``city`` now, by payment (R-EU-3)."""
        found = self._stations
        if found is None:
            found = self._stations = self._station_offer()
        take, cost, free = found
        if take is None or city not in free:
            return ()
        result: tuple[BuildStation, ...] = take(self.game.station_table(cost)[city])
        return result

    def can_build(self) -> bool:
        """Can the player build a station anywhere now?"""
        found = self._stations
        if found is None:
            found = self._stations = self._station_offer()
        return found[0] is not None and bool(found[2])

    def _station_offer(self) -> tuple[Any, int, set[int]]:
        """The picker of the next station's payments, its cost and the free cities."""
        g, view = self.game, self.view
        cost = next_station_cost(g, view.stations_left[self.seat]) if self.trains >= 0 else None
        if cost is None:
            return None, 0, set()
        take = station_picker(g, self.hand, cost)
        return take, cost, set(g.station_cities).difference(city for city, _ in view.stations)

    def _load(self, key: int) -> Any:
        """What the hand can pay for ``key`` (and the other keys of its coloured group)."""
        g = self.game
        hand, loco = self.hand, g.loco
        take = self._take
        gi = g.key_colour_group[key]
        if gi < 0:
            if key in g.sub_key_set:
                pays = key_payments(g, key, hand, True)
                take[key] = pays if pays else None
            else:
                take[key] = picker(default_offsets(g.pay_keys[key], hand, loco))
            return take[key]
        for k in g.key_groups[gi][2]:
            take[k] = None
        for _length, k, pick in hand_row(g, gi, hand, True):
            take[k] = pick
        return take[key]
