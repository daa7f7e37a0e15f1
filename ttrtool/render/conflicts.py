"""Scoring a layout: what is wrong with each lane against the rest of the board.

A conflict (cars of two lanes touching, tracks crossing, a car over a marker
or off the board, cars that do not fit, turn too sharply or stop short of a
marker) costs ``HARD``; how much a lane bends and how far its cars start out
cost a little less than one, so that among clear shapes the gentlest wins.
"""

from __future__ import annotations

from ttrtool.model import Board
from ttrtool.render.cars import CarPlacement
from ttrtool.render.geometry import (
    Point,
    box_circle_overlap,
    boxes_overlap,
    polyline_bbox,
    tracks_cross,
)
from ttrtool.render.lanes import Lane, Space
from ttrtool.render.theme import Sizes

HARD = 10.0  # the cost of one conflict


class ConflictScore(CarPlacement):
    """The cost of each lane's placement, against the others near it (kept in a grid)."""

    def __init__(self, board: Board, sizes: Sizes) -> None:
        super().__init__(board, sizes)
        self._owns: dict[int, tuple[float, list[Space]]] = {}
        # The pair cost of a placement with each other placement it has met, both ways round
        # (the placement kept with its row, so that its id is never reused).
        self._rows: dict[int, tuple[dict[int, float], list[Space]]] = {}
        self._cells: dict[int, tuple[tuple[tuple[int, int], ...], list[Space]]] = {}
        self._extents: dict[int, tuple[tuple[float, float, float, float], list[Space]]] = {}
        self._track_boxes: dict[int, tuple[tuple[float, float, float, float], list[Point]]] = {}
        self._neighbours: dict[int, list[int]] = {}

    def cells(self, lane: Lane) -> tuple[tuple[int, int], ...]:
        """The grid cells the lane's cars lie in, each once."""
        known = self._cells.get(id(lane.cars))
        if known is None:
            cells = dict.fromkeys(c for sp in lane.cars for c in sp.cells)
            known = self._cells[id(lane.cars)] = (tuple(cells), lane.cars)
        return known[0]

    def register(self, lane: Lane) -> None:
        """Enter the lane in the grid (by its index, in every cell its cars lie in)."""
        self.grid.add_cells(lane.index, self.cells(lane))

    def unregister(self, lane: Lane) -> None:
        self.grid.remove(lane.index)

    def conflicts(self, lane: Lane) -> float:
        """Weighted count of what is wrong with ``lane`` against the rest of the board
        (``HARD`` per conflict), plus a little for how much it bends and gaps.

        The lanes that share a grid cell with it are the ones that can touch it.  The sum is
        worked out each time from the memoised pair costs (a memo of the sum, keyed by the
        placements of all those lanes, cost more to look up than it saved)."""
        me = lane.index
        row = self._row(lane)
        all_lanes = self.lanes
        pairs = 0.0
        for i in sorted(self.grid.near_cells(self.cells(lane))):
            if i == me:
                continue
            o = all_lanes[i]
            cost = row.get(id(o.cars))
            if cost is None:
                cost = row[id(o.cars)] = self._row(o)[id(lane.cars)] = self._pair(lane, o)
            pairs += cost
        return self._own(lane) + pairs  # in this order: the sums are compared exactly

    # Placements are memoised and kept, so the identity of a lane's list of cars stands for
    # its placement; the answers below are kept with the lists, so that no id is reused.

    def _own(self, lane: Lane) -> float:
        """What is wrong with the lane by itself: cars off the board or over a marker, cars
        that do not fit, turn too sharply or stop short (and the small blemishes)."""
        known = self._owns.get(id(lane.cars))
        if known is not None:
            return known[0]
        w, h = self.frame.page
        lo, hi_x, hi_y = self.frame.offset, w - self.frame.offset, h - self.frame.offset
        ends = (lane.a, lane.b)
        cost = 0.0
        for sp in lane.cars:
            bb = sp.bbox
            if bb[0] < lo or bb[1] < lo or bb[2] > hi_x or bb[3] > hi_y:
                cost += 3
            for c in self.marker_grid.near_cells(sp.cells):
                r = self.end_min(c) - (0.3 if c in ends else 0.0)
                if box_circle_overlap(sp.box, self.pos[c], r):
                    cost += HARD
        if lane.fit == "long":
            cost += 2 * HARD
        cost += HARD * lane.kinks + HARD * self.faults(lane) + self.blemish(lane)
        self._owns[id(lane.cars)] = (cost, lane.cars)
        return cost

    def _row(self, lane: Lane) -> dict[int, float]:
        """The pair costs known for the lane's placement, by the id of the other's cars."""
        known = self._rows.get(id(lane.cars))
        if known is None:
            known = self._rows[id(lane.cars)] = ({}, lane.cars)
        return known[0]

    def _pair(self, lane: Lane, other: Lane) -> float:
        """Cars of two lanes touching, and their tracks crossing (the same either way round,
        so :meth:`conflicts` keeps it both ways)."""
        m = self.sizes.clearance
        cost = 0.0
        # Only the cars inside the other lane's bounding box (with the clearance) can touch.
        x0, y0, x1, y1 = self._extent(lane.cars)
        x0, y0, x1, y1 = x0 - m, y0 - m, x1 + m, y1 + m
        near = [o for o in other.cars
                if not (o.bbox[0] > x1 or o.bbox[2] < x0 or o.bbox[1] > y1 or o.bbox[3] < y0)]
        if near:
            # Their bounding boxes less the clearance, worked out once for all of lane's cars.
            others = [(o.bbox[0] - m, o.bbox[1] - m, o.bbox[2], o.bbox[3], o.box) for o in near]
            for sp in lane.cars:
                b0, b1, b2, b3 = sp.bbox
                b0, b1 = b0 - m, b1 - m
                for o0, o1, o2, o3, obox in others:
                    if b0 > o2 or o0 > b2 or b1 > o3 or o1 > b3:
                        continue
                    if boxes_overlap(sp.box, obox, m):
                        cost += HARD
        if tracks_cross(lane.track, self._extent_of_track(lane.track), other.track,
                        self._extent_of_track(other.track)):
            cost += HARD
        return cost

    def _extent(self, cars: list[Space]) -> tuple[float, float, float, float]:
        """The bounding box of a placement's cars (memoised on the placement)."""
        known = self._extents.get(id(cars))
        if known is None:
            box = (min((sp.bbox[0] for sp in cars), default=0.0),
                   min((sp.bbox[1] for sp in cars), default=0.0),
                   max((sp.bbox[2] for sp in cars), default=0.0),
                   max((sp.bbox[3] for sp in cars), default=0.0))
            known = self._extents[id(cars)] = (box, cars)
        return known[0]

    def _extent_of_track(self, track: list[Point]) -> tuple[float, float, float, float]:
        """The bounding box of a track line (memoised on the list, kept with it)."""
        known = self._track_boxes.get(id(track))
        if known is None:
            known = self._track_boxes[id(track)] = (polyline_bbox(track), track)
        return known[0]

    def faults(self, lane: Lane) -> int:
        """Cars turning more than ``car_turn_max`` from one to the next; an end car farther
        than ``end_gap_max`` from its marker."""
        s = self.sizes
        return (lane.turn > s.car_turn_max + 0.5) + sum(
            g > s.end_gap_max + 0.3 for g in lane.gaps)

    @staticmethod
    def blemish(lane: Lane) -> float:
        """Less than a conflict: how much the lane bends and how far its cars start out."""
        return min(0.9, 0.004 * lane.turn + 0.002 * (lane.gaps[0] + lane.gaps[1])
                   + (abs(lane.shape.a) + abs(lane.shape.b)) / 720)

    def neighbours(self, lane: Lane) -> list[int]:
        """The other lanes at the lane's places, in order (the caller must not change it)."""
        known = self._neighbours.get(lane.index)
        if known is None:
            known = self._neighbours[lane.index] = sorted(
                {o for node in (lane.a, lane.b) for o, _ in self.at_node[node]} - {lane.index})
        return known

    def reshape_neighbours(self, lane: Lane) -> None:
        """Give way again at the places ``lane`` shares with its neighbours."""
        for o in self.neighbours(lane):
            other = self.lanes[o]
            if other.shape.tight:
                continue
            trim = (self.desired_trim(other, 0) if other.a in (lane.a, lane.b) else other.trim[0],
                    self.desired_trim(other, 1) if other.b in (lane.a, lane.b) else other.trim[1])
            if trim == other.trim:
                continue
            self.unregister(other)
            other.trim = trim
            self.place(other)
            self.register(other)
