"""Each player's longest trail in one position, worked out once for every bot that asks.

The expert prices a route by what it adds to its own longest trail and bounds that by
the other players' longest (R-SCORE-3): at a table of experts, every player's network
was searched by every bot.  Route owners are public, and a view's ``route_owner`` is one
tuple for every seat until the next claim, so :data:`POSITION` keeps each player's
:class:`~ttrtool.engine.longest.TrailGains` for the last position asked about, grown
from the player's network before it.  It answers exactly what a search of its own would.
"""

from __future__ import annotations

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


POSITION = PositionTrails()
