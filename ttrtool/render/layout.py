"""Where every train space goes: tracks from place to place at physical scale.

:class:`RouteLayout` is the whole layout of a board, built in layers, each its
own module: the places and lanes (:mod:`ttrtool.render.lanes`), the shapes a
lane may take (:mod:`ttrtool.render.shapes`), the placing of its cars
(:mod:`ttrtool.render.cars`) and the scoring of conflicts
(:mod:`ttrtool.render.conflicts`).  Which shape each lane takes is decided by
:mod:`ttrtool.render.search`; after it, a lane left too short for its places gets
longer cars (:meth:`RouteLayout.stretch`).
"""

from __future__ import annotations

from ttrtool.render.conflicts import HARD, ConflictScore
from ttrtool.render.lanes import STRAIGHT, Lane, Shape, Space


class RouteLayout(ConflictScore):
    """Lanes, cars and place markers of a board, laid out in mm."""

    def problems(self) -> list[str]:
        """Ids of the routes left touching something, bending or gapping too much, or too
        short or long to draw."""
        bad = [lane for lane in self.lanes
               if self.conflicts(lane) - self.blemish(lane) >= 1 or lane.fit != "ok"]
        return sorted(self.board.routes[r].id for lane in bad for r in lane.routes)

    def stretch(self) -> int:
        """Give longer cars to each lane the search left too short for its places: its cars
        leave more than two cars' length of track empty (TTR205) or stop farther than
        ``end_gap_max`` from a marker (TTR208).  The lane keeps its shape and trims; its cars
        grow as :meth:`LaneGeometry.stretched` says, up to ``car_stretch_max`` times
        ``car_length``.  Kept where that leaves the lane no more problems and touches no other
        lane more than before, so that every other lane is drawn as it was; a lane still too
        short at the longest cars is kept stretched, and the checks measure it so.  The
        number of lanes stretched.

        After the search rather than in it: a placement stretched during the search changes
        what the search weighs, and with it the shapes of routes far from any stretched one
        (on a dense board of 207 routes, six more routes left touching)."""
        stretched = 0
        for lane in self.lanes:
            if lane.shape.tight or not (lane.fit == "short" or self.faults(lane)):
                continue
            before = self._judged(lane)
            kept = (lane.trim, lane.cars, lane.track, lane.fit, lane.deficit, lane.kinks,
                    lane.turn, lane.gaps)
            self.unregister(lane)
            self.place_stretched(lane)
            self.register(lane)
            after = self._judged(lane)
            if self.car_length(lane) > self.sizes.car_length \
                    and after[0] <= before[0] + 1e-9 and after[1] <= before[1] + 1e-9:
                stretched += 1
                continue
            self.unregister(lane)
            (lane.trim, lane.cars, lane.track, lane.fit, lane.deficit, lane.kinks, lane.turn,
             lane.gaps) = kept
            self.register(lane)
        return stretched

    def _judged(self, lane: Lane) -> tuple[float, float]:
        """What is wrong with ``lane`` as placed: (its cost against the other lanes, the cost
        of its own problems, a route too short for its places counted as one)."""
        own = self._own(lane)
        pairs = self.conflicts(lane) - own
        return pairs, own - self.blemish(lane) + HARD * (lane.fit == "short")

    def spaces(self) -> list[Space]:
        return sorted((sp for lane in self.lanes for sp in lane.cars),
                      key=lambda sp: (sp.route, sp.index))


__all__ = ["STRAIGHT", "Lane", "RouteLayout", "Shape", "Space"]
