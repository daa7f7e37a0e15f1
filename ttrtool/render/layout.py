"""Where every train space goes: tracks from place to place at physical scale.

:class:`RouteLayout` is the whole layout of a board, built in layers, each its
own module: the places and lanes (:mod:`ttrtool.render.lanes`), the shapes a
lane may take (:mod:`ttrtool.render.shapes`), the placing of its cars
(:mod:`ttrtool.render.cars`) and the scoring of conflicts
(:mod:`ttrtool.render.conflicts`).  Which shape each lane takes is decided by
:mod:`ttrtool.render.search`.
"""

from __future__ import annotations

from ttrtool.render.conflicts import ConflictScore
from ttrtool.render.lanes import STRAIGHT, Lane, Shape, Space


class RouteLayout(ConflictScore):
    """Lanes, cars and place markers of a board, laid out in mm."""

    def problems(self) -> list[str]:
        """Ids of the routes left touching something, bending or gapping too much, or too
        short or long to draw."""
        bad = [lane for lane in self.lanes
               if self.conflicts(lane) - self.blemish(lane) >= 1 or lane.fit != "ok"]
        return sorted(self.board.routes[r].id for lane in bad for r in lane.routes)

    def spaces(self) -> list[Space]:
        return sorted((sp for lane in self.lanes for sp in lane.cars),
                      key=lambda sp: (sp.route, sp.index))


__all__ = ["STRAIGHT", "Lane", "RouteLayout", "Shape", "Space"]
