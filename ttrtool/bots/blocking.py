"""What a route would cost the other players: the expert's sense for blocking.

A player's visible need is a gap in its own network: an open route whose two
ends already hold that player's routes, in two parts not yet joined.  Taking
it forces that player round, or cuts it off.  :class:`Detours` works out how
many trains the way round costs, from public information only (the claims on
the board), and remembers the answers until someone claims again.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.engine.game import Game
from ttrtool.graph import INF, UnionFind, cheapest_path


class Detours:
    """Per route, the extra trains its loss would cost the other players."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._key: tuple[int, ...] = ()  # the owners when the memo was filled
        self._memo: dict[int, float] = {}
        # Every seat's network (its parts, the places it touches), grown claim
        # by claim from the owners last seen.
        self._seen: list[int] = []
        self._networks: list[tuple[UnionFind, set[int]]] = []
        self._start()
        self._gaps: frozenset[int] | None = None  # gaps(): routes joining others' parts

    def cost(self, owner: Sequence[int], route: int) -> float:
        """The most trains some other player would need, beyond ``route`` itself,
        to join the two parts of its network that ``route`` joins (0 when it
        joins none, or another track of it stays open; ``inf`` when nothing
        else would)."""
        self.sync(owner)
        return self.known_cost(owner, route)

    def sync(self, owner: Sequence[int]) -> None:
        """Forget the answers if anyone claimed since they were worked out."""
        now = tuple(owner)
        if now != self._key:
            self._key = now
            self._memo.clear()
            self._gaps = None
            self._grow(owner)

    def _grow(self, owner: Sequence[int]) -> None:
        """Add the claims made since the last look to each seat's network
        (started afresh if a route lost or changed its owner: a new position)."""
        if not self._absorb(owner):
            self._start()
            self._absorb(owner)

    def _start(self) -> None:
        g = self.game
        self._seen = [-1] * g.n_routes
        self._networks = [(UnionFind(g.uf_size), set()) for _ in range(g.players)]

    def _absorb(self, owner: Sequence[int]) -> bool:
        """Add the new claims; False if ``owner`` does not extend the last look."""
        g = self.game
        seen, networks = self._seen, self._networks
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

    def known_cost(self, owner: Sequence[int], route: int) -> float:
        """:meth:`cost` for the ``owner`` last passed to :meth:`sync` (a caller
        asking about many routes at once counts the claims only once)."""
        found = self._memo.get(route)
        if found is None:
            found = self._memo[route] = self._detour(owner, route)
        return found

    def gaps(self, owner: Sequence[int], routes: frozenset[int]) -> frozenset[int]:
        """The open ``routes`` whose two ends lie in two parts of some other
        player's network: the only ones whose :meth:`cost` can be above 0.
        ``owner`` as last passed to :meth:`sync`; ``routes`` the same set on
        every call (the answer is remembered until someone claims)."""
        if self._gaps is None:
            g = self.game
            ends_a, ends_b = g.end_a, g.end_b
            found: set[int] = set()
            unclaimed = [r for r in routes if owner[r] < 0]
            for q in range(g.players):
                if q == self.seat:
                    continue
                uf, touched = self._networks[q]
                for r in unclaimed:
                    a, b = ends_a[r], ends_b[r]
                    if (a in touched and b in touched and r not in found
                            and uf.find(a) != uf.find(b)):
                        found.add(r)
            self._gaps = frozenset(found)
        return self._gaps

    def _detour(self, owner: Sequence[int], r: int) -> float:
        g = self.game
        partners = g.partners[r]
        if any(owner[o] < 0 for o in partners) and \
                1 + sum(owner[o] >= 0 for o in partners) < g.group_cap[r]:
            return 0.0  # another track stays open after this claim (R-CLAIM-5, R-VAR-4)
        a, b = g.end_a[r], g.end_b[r]  # a border point's end is its own (R-CH-9)
        lengths = g.route_len
        worst = 0.0
        for q in range(g.players):
            if q == self.seat:
                continue
            uf, touched = self._networks[q]
            if a not in touched or b not in touched or uf.find(a) == uf.find(b):
                continue  # only where both ends already hold that player's routes
            weights = [0.0 if o == q else (INF if o >= 0 else float(n))
                       for o, n in zip(owner, lengths, strict=True)]
            weights[r] = INF
            for o in partners:  # this claim fills the group: its other tracks close
                weights[o] = INF
            around = cheapest_path(g.board, (a,), (b,), weight=weights)
            worst = max(worst, INF if around is None else around[0] - lengths[r])
        return worst
