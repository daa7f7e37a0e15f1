"""Each player's longest trail in one position, worked out once for every bot that asks.

The expert prices a route by what it adds to its own longest trail and bounds that by
the other players' longest (R-SCORE-3): at a table of experts, every player's network
was searched by every bot.  Route owners are public, and a view's ``route_owner`` is one
tuple for every seat until the next claim, so :func:`position_trails` keeps each player's
:class:`~ttrtool.engine.longest.TrailGains` for the last position asked about, grown
from the player's network before it.  It answers exactly what a search of its own would.

:class:`TrailWorth` is what one bot makes of that: the points a route is worth to its own
longest trail, a weight a space it adds, bounded by how far it would lead the others.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ttrtool.engine.game import Game
from ttrtool.engine.longest import TrailGains


class PositionTrails:
    """Each player's :class:`TrailGains` in the position of one ``route_owner`` tuple."""

    __slots__ = ("game", "latest", "owner", "routes", "trails")

    def __init__(self) -> None:
        self.game: Game | None = None
        self.owner: Sequence[int] | None = None
        self.trails: dict[int, TrailGains] = {}  # in this position, by player
        self.routes: dict[int, list[int]] = {}  # each player's routes in this position
        self.latest: dict[int, TrailGains] = {}  # the last known, by player: grown from

    def of(self, game: Game, owner: Sequence[int], player: int) -> TrailGains:
        """``player``'s network in the position ``owner`` (a view's ``route_owner``)."""
        if owner is not self.owner or game is not self.game:
            if game is not self.game:
                self.game = game
                self.latest = {}
            self.owner = owner
            self.trails = {}
            self.routes = {}
            for r, o in enumerate(owner):  # every player's routes, in one walk
                if o >= 0:
                    self.routes.setdefault(o, []).append(r)
        known = self.trails.get(player)
        if known is None:
            routes = self.routes.get(player, [])
            last = self.latest.get(player)
            known = (TrailGains(routes, game.route_a, game.route_b, game.route_len, game.terminal)
                     if last is None else last.grown(routes))
            self.trails[player] = self.latest[player] = known
        return known


class _Local(threading.local):
    position: PositionTrails | None = None


_LOCAL = _Local()


def position_trails() -> PositionTrails:
    """This thread's :class:`PositionTrails`: each thread plays its own games, and a
    position shared between threads would be moved under a bot's feet."""
    known = _LOCAL.position
    if known is None:
        known = _LOCAL.position = PositionTrails()
    return known


class TrailWorth:
    """What each route is worth to one player's longest trail (R-SCORE-3), in points.

    ``weight`` points a space the route adds to the player's longest trail, counting only
    the spaces up to ``lead`` beyond the longest of another player's (None: all of them;
    beyond that the bonus is won).  What a route adds is remembered while the player's
    network stays the same: most claims are other players', and they change only the bound.
    """

    __slots__ = ("game", "seat", "weight", "lead", "_others", "_gains")

    def __init__(self, game: Game, seat: int, weight: float, lead: float | None) -> None:
        self.game, self.seat, self.weight, self.lead = game, seat, weight, lead
        # others(): (route owners, the other players' longest trail) of one position
        self._others: tuple[Sequence[int], int] = ((), 0)
        # what each route adds to the network of one TrailGains (own())
        self._gains: tuple[TrailGains | None, dict[int, int]] = (None, {})

    def own(self, owner: Sequence[int]) -> TrailGains:
        """The player's longest trail and what each route would add to it, shared with
        the other bots of the position (:func:`position_trails`)."""
        return position_trails().of(self.game, owner, self.seat)

    def gain(self, owner: Sequence[int], route: int) -> int:
        """Spaces the route would add to the player's longest trail."""
        g = self.game
        return self.own(owner).gain(g.route_a[route], g.route_b[route], g.route_len[route])

    def others(self, owner: Sequence[int]) -> int:
        """The longest trail of any other player (public: their claimed routes)."""
        seen, best = self._others
        if owner is seen:
            return best
        g, seat = self.game, self.seat
        position = position_trails()
        best = max((position.of(g, owner, o).longest for o in range(g.players) if o != seat),
                   default=0)
        self._others = (owner, best)
        return best

    def _gains_of(self, trails: TrailGains) -> dict[int, int]:
        seen, gains = self._gains
        if seen is not trails:
            gains = {}
            self._gains = (trails, gains)
        return gains

    def worth(self, owner: Sequence[int], route: int) -> float:
        """Points the route is worth towards the longest path (none at weight 0)."""
        if not self.weight:
            return 0.0
        trails = self.own(owner)
        gains = self._gains_of(trails)
        gain = gains.get(route)
        if gain is None:
            g = self.game
            gain = gains[route] = trails.gain(g.route_a[route], g.route_b[route],
                                              g.route_len[route])
        if gain and self.lead is not None:
            room = self.others(owner) + self.lead - trails.longest
            return self.weight * max(0.0, min(gain, room))
        return self.weight * gain

    def worths(self, owner: Sequence[int], routes: Sequence[int]) -> list[float]:
        """:meth:`worth` of each of ``routes``: the trail, its gains and the bound looked
        up once."""
        weight = self.weight
        if not weight:
            return [0.0] * len(routes)
        trails = self.own(owner)
        gains = self._gains_of(trails)
        g, lead = self.game, self.lead
        room: float | None = None
        out = []
        for r in routes:
            gain = gains.get(r)
            if gain is None:
                gain = gains[r] = trails.gain(g.route_a[r], g.route_b[r], g.route_len[r])
            if gain and lead is not None:
                if room is None:
                    room = self.others(owner) + lead - trails.longest
                out.append(weight * max(0.0, min(gain, room)))
            else:
                out.append(weight * gain)
        return out
