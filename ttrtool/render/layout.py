"""Where every train space goes: tracks from city to city at physical scale.

A *lane* is what is drawn between two places: one track, or the two parallel
tracks of a double route.  Each lane follows its waypoints, a straight line,
or a circular arc whose bend is chosen here.  Cars (``car_length`` x
``car_width`` mm) are laid along the lane, away from the cities far enough
that the lanes meeting at a city do not touch (the distance follows from the
angle between neighbouring lanes), with the spare length spread first into the
gaps between cars and then into both ends.

The bends are found by a small deterministic local search: start straight (or
with the least bend that fits the cars), then move each lane whose cars touch
another lane, a city marker or the board edge, or whose track crosses another,
to the candidate bend with the fewest such conflicts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ttrtool.model import Board
from ttrtool.render.geometry import (
    Box,
    Grid,
    Path,
    Point,
    arc_length,
    arc_points,
    box_circle_overlap,
    boxes_overlap,
    polylines_cross,
    sagitta_for_length,
    smooth_points,
)
from ttrtool.render.theme import Sizes

PASSES = 8
_SHAPE_STEPS = (0.0, 0.07, 0.14, 0.22, 0.32)


@dataclass(frozen=True)
class Space:
    route: int
    index: int
    box: Box


@dataclass
class Lane:
    index: int
    routes: tuple[int, ...]
    a: int
    b: int
    spaces: tuple[int, ...]  # number of cars per track
    waypoints: tuple[Point, ...]
    half_width: float
    bend: float = 0.0
    path: Path = field(default_factory=lambda: Path([(0.0, 0.0), (0.0, 0.0)]))
    trim: tuple[float, float] = (0.0, 0.0)
    cars: list[Space] = field(default_factory=list)
    track: list[Point] = field(default_factory=list)
    fit: str = "ok"  # "ok", "short" (cars cannot fill it), "long" (cars do not fit)


@dataclass(frozen=True)
class Frame:
    """The page in mm: map positions are scaled by ``scale`` and moved by ``offset``."""

    scale: float
    offset: float
    map_width: float
    map_height: float

    def to_mm(self, p: Point) -> Point:
        return (self.offset + p[0] * self.scale, self.offset + p[1] * self.scale)

    @property
    def page(self) -> tuple[float, float]:
        return (self.map_width + 2 * self.offset, self.map_height + 2 * self.offset)


def board_frame(board: Board, sizes: Sizes) -> Frame:
    """The whole printed board is ``print_width_mm`` wide, score-track frame included."""
    g = board.geometry
    inner = max(g.print_width_mm - 2 * sizes.frame, 1.0)
    scale = inner / g.width
    return Frame(scale, sizes.frame, inner, g.height * scale)


class RouteLayout:
    """Lanes, cars and city markers of a board, laid out in mm."""

    def __init__(self, board: Board, sizes: Sizes) -> None:
        self.board, self.sizes = board, sizes
        self.frame = board_frame(board, sizes)
        self.pos = [self.frame.to_mm(n.pos) for n in board.nodes]
        self.cities = [i for i, n in enumerate(board.nodes) if n.kind == "city"]
        self.grid = Grid(30.0)
        self.city_grid = Grid(30.0)
        r = sizes.city_radius
        for i in self.cities:
            x, y = self.pos[i]
            self.city_grid.add(i, (x - r, y - r, x + r, y + r))
        self.lanes = self._make_lanes()
        self.at_node: dict[int, list[tuple[int, int]]] = {}  # node -> (lane, end 0|1)
        for lane in self.lanes:
            self.at_node.setdefault(lane.a, []).append((lane.index, 0))
            self.at_node.setdefault(lane.b, []).append((lane.index, 1))

    # -- setting up ---------------------------------------------------------------------------

    def _make_lanes(self) -> list[Lane]:
        s = self.sizes
        lanes: list[Lane] = []
        seen: set[str] = set()
        for r in self.board.routes:
            partner = self.board.partner(r)
            if r.double is not None and r.double in seen:
                continue
            group = (r,)
            if partner is not None and {partner.a, partner.b} == {r.a, r.b}:
                seen.add(r.double or "")
                group = (r, partner)
            half = s.car_width / 2 if len(group) == 1 else s.car_width + s.double_gap / 2
            wps = tuple(self.frame.to_mm(p) for p in r.waypoints)
            lanes.append(Lane(len(lanes), tuple(g.index for g in group), r.a, r.b,
                              tuple(g.length for g in group), wps, half))
        return lanes

    def end_min(self, node: int) -> float:
        s = self.sizes
        if self.board.nodes[node].kind == "border":
            return s.clearance
        return s.city_radius + s.clearance

    def cars_length(self, lane: Lane) -> float:
        n = max(lane.spaces)
        return n * self.sizes.car_length + (n - 1) * self.sizes.car_gap

    def base_points(self, lane: Lane, bend: float) -> list[Point]:
        a, b = self.pos[lane.a], self.pos[lane.b]
        if lane.waypoints:
            return smooth_points([a, *lane.waypoints, b])
        return arc_points(a, b, bend)

    def least_bend(self, lane: Lane) -> float:
        chord = math.dist(self.pos[lane.a], self.pos[lane.b])
        need = self.cars_length(lane) + self.end_min(lane.a) + self.end_min(lane.b) + 0.5
        return sagitta_for_length(chord, need) if chord > 1e-6 else 0.0

    def candidates(self, lane: Lane) -> list[float]:
        if lane.waypoints:
            return [0.0]
        chord = math.dist(self.pos[lane.a], self.pos[lane.b])
        least = self.least_bend(lane)
        limit = chord / 2 * math.tan(math.radians(self.sizes.max_arc_degrees) / 4)
        out: list[float] = []
        for step in _SHAPE_STEPS:
            k = least + step * chord
            if k > limit + 1e-9 and out:
                break
            out.extend((k,) if k < 1e-9 else (k, -k))
        return out

    # -- placing cars ---------------------------------------------------------------------------

    def _direction(self, lane: Lane, end: int) -> Point:
        return lane.path.direction_at_start() if end == 0 else lane.path.direction_at_end()

    def desired_trim(self, lane: Lane, end: int) -> float:
        """Distance from the place to the first car so that no neighbouring lane is touched."""
        node = lane.a if end == 0 else lane.b
        need = self.end_min(node)
        u = self._direction(lane, end)
        hi = lane.half_width + self.sizes.clearance
        for other, oend in self.at_node.get(node, ()):
            if other == lane.index:
                continue
            o = self.lanes[other]
            v = self._direction(o, oend)
            cos = max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))
            sin = math.sqrt(1 - cos * cos)
            if cos <= 0:
                continue
            hj = o.half_width + self.sizes.clearance
            need = max(need, (hi * cos + hj) / max(sin, 0.05))
        return need

    def place(self, lane: Lane) -> None:
        """Lay the cars of ``lane`` along its path with its current trims."""
        s = self.sizes
        path = lane.path
        total = path.length
        cars = self.cars_length(lane)
        ta, tb = lane.trim
        ma, mb = self.end_min(lane.a), self.end_min(lane.b)
        free = total - cars
        lane.fit = "ok"
        gap = s.car_gap
        n = max(lane.spaces)
        if free >= ta + tb:
            extra = free - ta - tb
            if n > 1:
                grow = min(extra / (n - 1), s.car_gap_max - s.car_gap)
                gap += max(grow, 0.0)
                extra -= max(grow, 0.0) * (n - 1)
            if extra > 2 * s.car_length:
                lane.fit = "short"
            start = ta + extra / 2
        elif free >= ma + mb:
            room = free - ma - mb
            want = (ta - ma) + (tb - mb)
            start = ma + (ta - ma) * room / want if want > 0 else ma
        else:
            lane.fit = "long"
            start = ma + (free - ma - mb) / 2
        used = n * s.car_length + (n - 1) * gap
        lane.track = path.slice(start, start + used)
        offsets = [0.0] if len(lane.routes) == 1 else [
            -(s.car_width + s.double_gap) / 2, (s.car_width + s.double_gap) / 2]
        out: list[Space] = []
        for route, count, off in zip(lane.routes, lane.spaces, offsets, strict=True):
            pad = (n - count) * (s.car_length + gap) / 2
            for i in range(count):
                s0 = start + pad + i * (s.car_length + gap)
                p, q = path.at(s0), path.at(s0 + s.car_length)
                dx, dy = q[0] - p[0], q[1] - p[1]
                d = math.hypot(dx, dy) or 1.0
                ux, uy = dx / d, dy / d
                cx = (p[0] + q[0]) / 2 + uy * off
                cy = (p[1] + q[1]) / 2 - ux * off
                out.append(Space(route, i, Box(cx, cy, ux, uy, s.car_length / 2, s.car_width / 2)))
        lane.cars = out

    def shape(self, lane: Lane, bend: float) -> None:
        lane.bend = bend
        lane.path = Path(self.base_points(lane, bend))
        lane.trim = (self.desired_trim(lane, 0), self.desired_trim(lane, 1))
        self.place(lane)

    # -- conflicts ------------------------------------------------------------------------------

    def _register(self, lane: Lane) -> None:
        for k, sp in enumerate(lane.cars):
            self.grid.add(lane.index * 64 + k, sp.box.bbox())

    def _unregister(self, lane: Lane) -> None:
        for k in range(len(lane.cars)):
            self.grid.remove(lane.index * 64 + k)

    def conflicts(self, lane: Lane) -> float:
        """Weighted count of what is wrong with ``lane`` against the rest of the board."""
        s = self.sizes
        cost = 0.0
        near_lanes: set[int] = set()
        w, h = self.frame.page
        lo, hi_x, hi_y = self.frame.offset, w - self.frame.offset, h - self.frame.offset
        r = s.city_radius + s.clearance
        ends = (lane.a, lane.b)
        for sp in lane.cars:
            bb = sp.box.bbox()
            if bb[0] < lo or bb[1] < lo or bb[2] > hi_x or bb[3] > hi_y:
                cost += 3
            for key in self.grid.near(bb):
                other = key // 64
                if other == lane.index:
                    continue
                near_lanes.add(other)
                o = self.lanes[other].cars[key % 64]
                if boxes_overlap(sp.box, o.box, s.clearance):
                    cost += 10
            for c in self.city_grid.near(bb):
                if box_circle_overlap(sp.box, self.pos[c], r if c not in ends else r - 0.3):
                    cost += 10
        for other in near_lanes:
            if polylines_cross(lane.track, self.lanes[other].track):
                cost += 10
        if lane.fit == "long":
            cost += 20
        chord = math.dist(self.pos[lane.a], self.pos[lane.b]) or 1.0
        return cost + abs(lane.bend) / chord + (0.001 if lane.bend < 0 else 0.0)

    def neighbours(self, lane: Lane) -> list[int]:
        return sorted({o for node in (lane.a, lane.b) for o, _ in self.at_node[node]}
                      - {lane.index})

    def reshape_neighbours(self, lane: Lane) -> None:
        for o in self.neighbours(lane):
            other = self.lanes[o]
            self._unregister(other)
            other.trim = (self.desired_trim(other, 0), self.desired_trim(other, 1))
            self.place(other)
            self._register(other)

    def _snapshot(self, lane: Lane) -> tuple[float, Path, tuple[float, float], list[Space],
                                            list[Point], str]:
        return (lane.bend, lane.path, lane.trim, lane.cars, lane.track, lane.fit)

    def _restore(self, lane: Lane, snap: tuple[float, Path, tuple[float, float], list[Space],
                                               list[Point], str]) -> None:
        self._unregister(lane)
        lane.bend, lane.path, lane.trim, lane.cars, lane.track, lane.fit = snap
        self._register(lane)

    def evaluate(self, lane: Lane, bend: float) -> float:
        """Cost of ``lane`` at ``bend`` including how its neighbours fare around it
        (the board is left with the candidate applied)."""
        self._unregister(lane)
        self.shape(lane, bend)
        self._register(lane)
        self.reshape_neighbours(lane)
        cost = self.conflicts(lane)
        for o in self.neighbours(lane):
            cost += self.conflicts(self.lanes[o]) // 1
        return cost

    def solve(self) -> None:
        for lane in self.lanes:
            lane.bend = self.least_bend(lane)
            lane.path = Path(self.base_points(lane, lane.bend))
        for lane in self.lanes:
            lane.trim = (self.desired_trim(lane, 0), self.desired_trim(lane, 1))
            self.place(lane)
            self._register(lane)
        for _ in range(PASSES):
            bad = sorted(((self.conflicts(lane), lane.index) for lane in self.lanes),
                         reverse=True)
            bad = [(c, i) for c, i in bad if c >= 1]
            if not bad:
                break
            changed = False
            for _cost, i in bad:
                lane = self.lanes[i]
                if self.conflicts(lane) < 1:
                    continue
                group = [lane] + [self.lanes[o] for o in self.neighbours(lane)]
                saved = [self._snapshot(x) for x in group]
                start = self.evaluate(lane, lane.bend)
                best = (start, lane.bend)
                for k in self.candidates(lane):
                    if k == saved[0][0]:
                        continue
                    for x, snap in zip(group, saved, strict=True):
                        self._restore(x, snap)
                    c = self.evaluate(lane, k)
                    if c < best[0] - 1e-9:
                        best = (c, k)
                for x, snap in zip(group, saved, strict=True):
                    self._restore(x, snap)
                if best[1] != lane.bend:
                    changed = True
                self.evaluate(lane, best[1])
            if not changed:
                break

    def spaces(self) -> list[Space]:
        return sorted((sp for lane in self.lanes for sp in lane.cars),
                      key=lambda sp: (sp.route, sp.index))

    def route_lane(self) -> dict[int, Lane]:
        return {r: lane for lane in self.lanes for r in lane.routes}


def layout_routes(board: Board, sizes: Sizes) -> RouteLayout:
    lay = RouteLayout(board, sizes)
    lay.solve()
    return lay


def arc_degrees(chord: float, sagitta: float) -> float:
    """Angle turned by an arc (for reporting how strongly a lane bends)."""
    return math.degrees(4 * math.atan(2 * abs(sagitta) / chord)) if chord > 0 else 0.0


__all__ = ["Frame", "Lane", "RouteLayout", "Space", "arc_degrees", "arc_length",
           "board_frame", "layout_routes"]
