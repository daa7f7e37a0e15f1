"""What the map's points table makes of each route: the expert's reading of R-SCORE-1.

The expert's weights were fitted on boards that score routes by the usual table
(1, 2, 4, 7, 10, 15 ... points), where a longer route always scores more per train
and the longest routes score most.  A designer's table may not: a short route may
score like a long one.  :class:`RoutePrices` reads the table as the board gives it:

* the **going rate** — the most points a train earns on the long routes (at least
  ``long_min`` trains), what a train spent elsewhere can expect to earn late in a
  game;
* each route's **surplus** — the points it scores beyond its trains at that rate.
  On the usual table no route has one (the long routes set the rate); a route
  that has one is a *bargain*: a player takes it early, before another does;
* the **points scale** — the going rate against the usual table's rate for the
  same lengths (1.0 on the usual table): what a train is worth in points, so that
  a ticket's trains cost more when routes score more.

Pure numbers of the board, worked out once per game (docs/bots.md, "How the expert
reads the map").
"""

from __future__ import annotations

from ttrtool.engine.game import Game

# The usual route-points table (R-SCORE-1: USA, Europe, and the longer routes of
# Nordic Countries): the table the expert's weights were fitted on.
USUAL_POINTS: dict[int, int] = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}


class RoutePrices:
    """The going rate, each route's surplus and the points scale of one game."""

    __slots__ = ("rate", "surplus", "bargains", "scale")

    def __init__(self, game: Game, long_min: int, bargain_min: float,
                 read: bool = True) -> None:
        """``read`` False: every route priced as on the usual table (no bargain, scale 1)."""
        points, lengths, trains = game.route_points, game.route_len, game.route_trains

        routes = range(game.n_routes)
        long = [r for r in routes if lengths[r] >= long_min] or list(routes)
        self.rate = max((points[r] / trains[r] for r in long if trains[r] > 0), default=0.0)
        self.surplus = tuple(points[r] - self.rate * trains[r] for r in routes)
        # most surplus first (the lowest index on ties)
        self.bargains = tuple(sorted((r for r in routes if self.surplus[r] >= bargain_min),
                                     key=lambda r: (-self.surplus[r], r)))
        usual = max((USUAL_POINTS.get(lengths[r], points[r]) / trains[r]
                     for r in long if trains[r] > 0), default=0.0)
        self.scale = self.rate / usual if usual > 0 and self.rate > 0 else 1.0
        if not read:  # priced as the usual table would price them
            self.bargains, self.scale = (), 1.0

    def planning_discount(self, route: int, train_cost: float) -> float:
        """Planning cost (in the trains of :meth:`StrategicBot.path_weights`) a bargain's
        surplus takes off its route: the surplus over what a unit of cost is worth."""
        surplus = self.surplus[route]
        return surplus / train_cost if surplus > 0 and train_cost > 0 else 0.0
