"""What a route would cost the other players: the expert's sense for blocking.

A player's visible need is a gap in its own network: an open route whose two
ends already hold that player's routes, in two parts not yet joined.  Taking
it forces that player round, or cuts it off.  :class:`Detours` works out how
many trains the way round costs, from public information only (the claims on
the board), and remembers the answers until someone claims again.  What it reads
is the same for every bot of the table: each player's network and the cost of each
way round are kept once a position (:class:`PositionNetworks`, one per thread), and
each bot leaves out its own.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ttrtool.engine.game import Game
from ttrtool.graph import INF, UnionFind, cheapest_path


class PositionNetworks:
    """Every player's network in the position of one ``route_owner`` tuple, and what
    the loss of a route would cost each player there, shared by the bots of the table
    (route owners are public: each expert worked the same out for every other player).
    Grown claim by claim from the last position; started afresh on a new game or a
    position that does not extend the last one."""

    __slots__ = ("game", "owner", "seen", "networks", "gaps", "costs")

    def __init__(self) -> None:
        self.game: Game | None = None
        self.owner: tuple[int, ...] = ()
        self.seen: list[int] = []  # the owner of each route, as far as the networks hold
        # each player's network: its parts, the places it touches
        self.networks: list[tuple[UnionFind, set[int]]] = []
        # in this position: per (routes asked about, player) the routes joining two of
        # its parts; per (player, route) what the route's loss costs it (None: nothing)
        self.gaps: dict[tuple[frozenset[int], int], frozenset[int]] = {}
        self.costs: dict[tuple[int, int], float | None] = {}

    def sync(self, game: Game, owner: Sequence[int]) -> None:
        """Move to the position ``owner`` (a view's ``route_owner``)."""
        if game is not self.game:
            self.game = game
            self.owner = ()
            self._start()
        if owner is self.owner or owner == self.owner:
            return
        self.owner = tuple(owner)
        self.gaps = {}
        self.costs = {}
        if not self._absorb(owner):
            self._start()
            self._absorb(owner)

    def _start(self) -> None:
        g = self.game
        assert g is not None
        self.seen = [-1] * g.n_routes
        self.networks = [(UnionFind(g.uf_size), set()) for _ in range(g.players)]

    def _absorb(self, owner: Sequence[int]) -> bool:
        """Add the new claims; False if ``owner`` does not extend the last look."""
        g = self.game
        assert g is not None
        seen, networks = self.seen, self.networks
        ends_a, ends_b = g.end_a, g.end_b
        for r, o in enumerate(owner):
            was = seen[r]
            if was == o:
                continue
            if was >= 0:
                return False
            seen[r] = o
            uf, touched = networks[o]
            uf.union(ends_a[r], ends_b[r])
            touched.add(ends_a[r])
            touched.add(ends_b[r])
        return True

    def gaps_of(self, routes: frozenset[int], player: int) -> frozenset[int]:
        """The open ``routes`` whose two ends lie in two parts of ``player``'s network."""
        key = (routes, player)
        found = self.gaps.get(key)
        if found is None:
            g = self.game
            assert g is not None
            ends_a, ends_b = g.end_a, g.end_b
            owner = self.owner
            uf, touched = self.networks[player]
            found = self.gaps[key] = frozenset(
                r for r in routes
                if owner[r] < 0 and ends_a[r] in touched and ends_b[r] in touched
                and uf.find(ends_a[r]) != uf.find(ends_b[r]))
        return found

    def cost_to(self, player: int, r: int) -> float | None:
        """The trains ``player`` would need, beyond route ``r``, to join the two parts of
        its network that ``r`` joins (``inf``: nothing else would); None where ``r``
        joins no two of its parts.  (Another track left open is the caller's.)"""
        key = (player, r)
        if key in self.costs:
            return self.costs[key]
        g = self.game
        assert g is not None
        owner = self.owner
        a, b = g.end_a[r], g.end_b[r]  # a border point's end is its own (R-CH-9)
        uf, touched = self.networks[player]
        cost: float | None = None
        if a in touched and b in touched and uf.find(a) != uf.find(b):
            lengths = g.route_len
            weights = [0.0 if o == player else (INF if o >= 0 else float(n))
                       for o, n in zip(owner, lengths, strict=True)]
            weights[r] = INF
            for o in g.partners[r]:  # this claim fills the group: its other tracks close
                weights[o] = INF
            around = cheapest_path(g.board, (a,), (b,), weight=weights)
            cost = INF if around is None else around[0] - lengths[r]
        self.costs[key] = cost
        return cost


class _Local(threading.local):
    position: PositionNetworks | None = None


_LOCAL = _Local()


def position_networks() -> PositionNetworks:
    """This thread's :class:`PositionNetworks` (each thread plays its own games)."""
    known = _LOCAL.position
    if known is None:
        known = _LOCAL.position = PositionNetworks()
    return known


class Detours:
    """Per route, the extra trains its loss would cost the other players (of the shared
    :class:`PositionNetworks`)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._key: tuple[int, ...] | None = None  # the owners when the memo was filled
        self._memo: dict[int, float] = {}
        self._gaps: frozenset[int] | None = None  # gaps(): routes joining others' parts
        self._net = position_networks()

    def cost(self, owner: Sequence[int], route: int) -> float:
        """The most trains some other player would need, beyond ``route`` itself,
        to join the two parts of its network that ``route`` joins (0 when it
        joins none, or another track of it stays open; ``inf`` when nothing
        else would)."""
        self.sync(owner)
        return self.known_cost(owner, route)

    def sync(self, owner: Sequence[int]) -> None:
        """Forget the answers if anyone claimed since they were worked out."""
        if owner is not self._key and owner != self._key:
            self._key = tuple(owner)
            self._memo.clear()
            self._gaps = None
        self._net = position_networks()
        self._net.sync(self.game, owner)

    def known_cost(self, owner: Sequence[int], route: int) -> float:
        """:meth:`cost` for the ``owner`` last passed to :meth:`sync` (a caller
        asking about many routes at once counts the claims only once)."""
        found = self._memo.get(route)
        if found is None:
            self._net.sync(self.game, owner)  # (another game's bots may have moved it)
            found = self._memo[route] = self._detour(owner, route)
        return found

    def gaps(self, owner: Sequence[int], routes: frozenset[int]) -> frozenset[int]:
        """The open ``routes`` whose two ends lie in two parts of some other
        player's network: the only ones whose :meth:`cost` can be above 0.
        ``owner`` as last passed to :meth:`sync`; ``routes`` the same set on
        every call (the answer is remembered until someone claims)."""
        if self._gaps is None:
            net = self._net
            net.sync(self.game, owner)
            found: frozenset[int] = frozenset()
            for q in range(self.game.players):
                if q != self.seat:
                    found = found | net.gaps_of(routes, q)
            self._gaps = found
        return self._gaps

    def _detour(self, owner: Sequence[int], r: int) -> float:
        g = self.game
        partners = g.partners[r]
        if any(owner[o] < 0 for o in partners) and \
                1 + sum(owner[o] >= 0 for o in partners) < g.group_cap[r]:
            return 0.0  # another track stays open after this claim (R-CLAIM-5, R-VAR-4)
        worst = 0.0
        net = self._net
        for q in range(g.players):
            if q == self.seat:
                continue
            cost = net.cost_to(q, r)
            if cost is not None:
                worst = max(worst, cost)
        return worst
