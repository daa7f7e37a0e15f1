"""Where every train space goes: tracks from city to city at physical scale.

A *lane* is what is drawn between two places: one track, or the two parallel
tracks of a double route.  Each lane follows its waypoints, a straight line,
or a smooth cubic curve whose shape (how far it turns away from the straight
line at each end) is chosen here and whose length fits its cars.  Cars (``car_length`` x
``car_width`` mm) are laid along the lane, away from the cities far enough
that the lanes meeting at a city do not touch (the distance follows from the
angle between neighbouring lanes), with the spare length spread first into the
gaps between cars and then into both ends.

Which shape each lane takes is decided by :mod:`ttrtool.render.search`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ttrtool.model import Board, Route
from ttrtool.render.geometry import (
    Box,
    CurveTable,
    Grid,
    Path,
    Point,
    board_frame,
    box_circle_overlap,
    boxes_overlap,
    polylines_cross,
    smooth_points,
)
from ttrtool.render.theme import Sizes

Shape = tuple[float, float]  # turn at each end, degrees (0, 0: straight)
STRAIGHT: Shape = (0.0, 0.0)
SHARP_LIMIT = 90.0  # degrees of sharp turning (beyond 20 per car) that make a lane look broken




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
    shape: Shape = STRAIGHT
    path: Path = field(default_factory=lambda: Path([(0.0, 0.0), (0.0, 0.0)]))
    trim: tuple[float, float] = (0.0, 0.0)
    cars: list[Space] = field(default_factory=list)
    track: list[Point] = field(default_factory=list)
    fit: str = "ok"  # "ok", "short" (cars cannot fill it), "long" (cars do not fit)
    deficit: float = 0.0  # mm missing for the cars and the trims the neighbours want
    kinks: int = 0  # cars of the two tracks of a double route touching on a tight curve
    sharp: float = 0.0  # degrees by which consecutive cars turn more than 20 degrees


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
        self._curves: dict[tuple[int, Shape, float], Path] = {}
        self._walks: dict[tuple[int, Shape, float, float, float], list[float]] = {}
        self._tables: dict[tuple[int, Shape], CurveTable] = {}
        self._placed: dict[tuple[int, Shape, float, tuple[float, float]], tuple[
            tuple[float, float], list[Space], list[Point], str, float, int, float]] = {}
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
            group: tuple[Route, ...] = (r,)
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

    def need(self, lane: Lane) -> float:
        return self.cars_length(lane) + self.end_min(lane.a) + self.end_min(lane.b) + 0.5

    def base_path(self, lane: Lane, shape: Shape, need: float = 0.0) -> Path:
        """The lane's centre line in ``shape``, at least ``need`` mm long if it can be."""
        a, b = self.pos[lane.a], self.pos[lane.b]
        if lane.waypoints:
            key = (lane.index, shape, 0.0)
            if key not in self._curves:
                self._curves[key] = Path(smooth_points([a, *lane.waypoints, b]))
            return self._curves[key]
        key = (lane.index, shape, float(math.ceil(max(need, self.need(lane)))))
        path = self._curves.get(key)
        if path is None:
            table = self._tables.get((lane.index, shape))
            if table is None:
                # Long handles fold the S of a double route into a cusp its pairs cannot follow.
                top = 0.8 if shape[0] * shape[1] < 0 and len(lane.routes) == 2 else 1.3
                table = self._tables[(lane.index, shape)] = CurveTable(a, b, shape[0], shape[1],
                                                                       top)
            path = self._curves[key] = Path(table.points(key[2]))
        return path

    # -- placing cars ---------------------------------------------------------------------------

    def _direction(self, lane: Lane, end: int) -> Point:
        return lane.path.direction_at_start() if end == 0 else lane.path.direction_at_end()

    def slack(self, lane: Lane) -> float:
        return lane.path.length - self.cars_length(lane) - self.end_min(lane.a) \
            - self.end_min(lane.b)

    def desired_trim(self, lane: Lane, end: int) -> float:
        """Distance from the place to the first car so that no neighbouring lane is touched.

        Two lanes leaving a city at an angle share a lozenge next to it; one of them
        (the one with more spare length) keeps its cars out of that lozenge and the
        other may then start at the marker."""
        node = lane.a if end == 0 else lane.b
        need = self.end_min(node)
        u = self._direction(lane, end)
        hi = lane.half_width + self.sizes.clearance
        mine = (self.slack(lane), -lane.index)
        for other, oend in self.at_node.get(node, ()):
            if other == lane.index:
                continue
            o = self.lanes[other]
            if (self.slack(o), -o.index) > mine:
                continue  # the other lane gives way
            v = self._direction(o, oend)
            cos = max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))
            sin = math.sqrt(1 - cos * cos)
            hj = o.half_width + self.sizes.clearance
            want = hj / max(sin, 0.05) if cos <= 0 else (hi * cos + hj) / max(sin, 0.05)
            if want <= 2.5 * self.sizes.car_length:  # beyond that only a new shape helps
                need = max(need, want)
        return need

    def place(self, lane: Lane) -> None:
        """Lay the cars of ``lane`` along its path with its current trims, moving them
        off the markers of its own cities where the path curves back towards them."""
        key = (lane.index, lane.shape, lane.path.length, lane.trim)
        known = self._placed.get(key)
        if known is not None:
            (lane.trim, lane.cars, lane.track, lane.fit, lane.deficit, lane.kinks,
             lane.sharp) = known
            return
        self._place_anew(lane)
        self._placed[key] = (lane.trim, lane.cars, lane.track, lane.fit, lane.deficit,
                             lane.kinks, lane.sharp)

    def _place_anew(self, lane: Lane) -> None:
        for _ in range(6):
            self._place(lane)
            if not lane.cars or lane.fit == "long" or len(lane.path.points) == 2:
                return
            ta, tb = lane.trim
            r = self.sizes.city_radius + self.sizes.clearance
            firsts = [sp for sp in lane.cars if sp.index == 0]
            lasts = [sp for sp in lane.cars if sp.index == lane.spaces[lane.routes.index(
                sp.route)] - 1]
            hit_a = self.board.nodes[lane.a].kind == "city" and any(
                box_circle_overlap(sp.box, self.pos[lane.a], r) for sp in firsts)
            hit_b = self.board.nodes[lane.b].kind == "city" and any(
                box_circle_overlap(sp.box, self.pos[lane.b], r) for sp in lasts)
            if not (hit_a or hit_b):
                return
            lane.trim = (ta + 3.0 * hit_a, tb + 3.0 * hit_b)

    def _unit(self, lane: Lane, pos: float) -> Box:
        """The box of all tracks' cars starting ``pos`` mm along the lane."""
        c = self.sizes.car_length
        p, q = lane.path.at(pos), lane.path.at(pos + c)
        dx, dy = q[0] - p[0], q[1] - p[1]
        d = math.hypot(dx, dy) or 1.0
        return Box((p[0] + q[0]) / 2, (p[1] + q[1]) / 2, dx / d, dy / d, c / 2, lane.half_width)

    def _walk(self, lane: Lane, start: float, gap: float) -> list[float]:
        """Where each car starts: ``gap`` mm after the one before, further on where the
        lane turns so sharply that the cars would touch."""
        c = self.sizes.car_length
        if len(lane.path.points) == 2:
            return [start + i * (c + gap) for i in range(max(lane.spaces))]
        key = (lane.index, lane.shape, round(lane.path.length, 3), round(start, 3), round(gap, 3))
        known = self._walks.get(key)
        if known is None:
            known = self._walks[key] = self._walk_curve(lane, start, gap)
        return known

    def _walk_curve(self, lane: Lane, start: float, gap: float) -> list[float]:
        c = self.sizes.car_length
        out: list[float] = []
        prev: Box | None = None
        pos = start
        for _ in range(max(lane.spaces)):
            box = self._unit(lane, pos)
            tries = 0
            if prev is not None and boxes_overlap(prev, box, 0.4):
                # Inner corners meet where the lane turns: jump by what the turn needs.
                cos = max(-1.0, min(1.0, prev.ux * box.ux + prev.uy * box.uy))
                turn = math.acos(cos)
                pos += max(1.0, 2 * lane.half_width * math.tan(min(turn, 1.2) / 2) + 0.9 - gap)
                box = self._unit(lane, pos)
            while prev is not None and tries < 12 and boxes_overlap(prev, box, 0.4):
                pos += 1.0
                box = self._unit(lane, pos)
                tries += 1
            out.append(pos)
            prev = box
            pos += c + gap
        return out

    def _place(self, lane: Lane) -> None:
        s = self.sizes
        c = s.car_length
        total = lane.path.length
        ta, tb = lane.trim
        ma, mb = self.end_min(lane.a), self.end_min(lane.b)
        n = max(lane.spaces)
        lane.fit = "ok"
        gap = s.car_gap
        starts = self._walk(lane, ta, gap)
        extra = total - tb - (starts[-1] + c)
        lane.deficit = -extra
        if extra >= 0:
            grow = max(min(extra / (n - 1), s.car_gap_max - gap), 0.0) if n > 1 else 0.0
            rest = extra - grow * (n - 1)
            if rest > 2 * c:
                lane.fit = "short"
            spread = self._walk(lane, ta + rest / 2, gap + grow)
            # Cars walk apart where the lane turns; keep the tight spacing if that overflows.
            starts = spread if spread[-1] + c <= total - tb + 0.01 else \
                self._walk(lane, ta + extra / 2, gap)
        else:
            used = starts[-1] + c - ta
            room = total - used - ma - mb
            if room >= 0:
                want = (ta - ma) + (tb - mb)
                start = ma + (ta - ma) * room / want if want > 0 else ma
            else:
                lane.fit = "long"
                start = ma + room / 2
            starts = self._walk(lane, start, gap)
        lane.track = lane.path.slice(starts[0], starts[-1] + c)
        offsets = [0.0] if len(lane.routes) == 1 else [
            -(s.car_width + s.double_gap) / 2, (s.car_width + s.double_gap) / 2]
        out: list[Space] = []
        for route, count, off in zip(lane.routes, lane.spaces, offsets, strict=True):
            skip = (n - count) // 2
            for i in range(count):
                u = self._unit(lane, starts[i + skip])
                out.append(Space(route, i, Box(u.cx + u.uy * off, u.cy - u.ux * off, u.ux, u.uy,
                                               c / 2, s.car_width / 2)))
        lane.cars = out
        lane.sharp = 0.0
        if len(lane.path.points) > 2:
            units = [sp.box for sp in out if sp.route == lane.routes[0]]
            for p, q in zip(units, units[1:], strict=False):
                turn = math.degrees(math.acos(max(-1.0, min(1.0, p.ux * q.ux + p.uy * q.uy))))
                lane.sharp += max(0.0, turn - 20.0)
        lane.kinks = 0
        if len(lane.routes) == 2 and len(lane.path.points) > 2:
            # On a tight curve the inner track's cars can reach the outer track's.
            one = [sp for sp in out if sp.route == lane.routes[0]]
            two = [sp for sp in out if sp.route == lane.routes[1]]
            lane.kinks = sum(1 for p in one for q in two if boxes_overlap(p.box, q.box, 0.2))

    def reshape(self, lane: Lane, shape: Shape) -> None:
        lane.shape = shape
        lane.path = self.base_path(lane, shape)
        lane.trim = (self.desired_trim(lane, 0), self.desired_trim(lane, 1))
        for _ in range(3):
            want = self.cars_length(lane) + lane.trim[0] + lane.trim[1] + 0.5
            if shape == STRAIGHT or lane.path.length >= want:
                break
            # A longer curve has more spare length, so it may have to give way to more
            # neighbours: recompute the trims and try again.
            lane.path = self.base_path(lane, shape, want)
            lane.trim = (self.desired_trim(lane, 0), self.desired_trim(lane, 1))
        self.place(lane)
        for _ in range(4):
            if shape == STRAIGHT or lane.waypoints or lane.deficit <= 0:
                break
            # Cars walk further apart where the curve turns: ask for a longer curve.
            want = lane.path.length + lane.deficit + 1.0
            lane.path = self.base_path(lane, shape, want)
            self.place(lane)

    # -- conflicts ------------------------------------------------------------------------------

    def register(self, lane: Lane) -> None:
        for k, sp in enumerate(lane.cars):
            self.grid.add(lane.index * 64 + k, sp.box.bbox())

    def unregister(self, lane: Lane) -> None:
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
        cost += 10 * lane.kinks + self.ugliness(lane)
        return cost + (abs(lane.shape[0]) + abs(lane.shape[1])) / 360

    @staticmethod
    def ugliness(lane: Lane) -> float:
        """Cars turning sharply from one to the next: a little is a blemish; a lot
        (a folded curve) counts like a conflict, so that the search moves the lane."""
        return 10.0 if lane.sharp > SHARP_LIMIT else min(0.5, 0.01 * lane.sharp)

    def neighbours(self, lane: Lane) -> list[int]:
        return sorted({o for node in (lane.a, lane.b) for o, _ in self.at_node[node]}
                      - {lane.index})

    def reshape_neighbours(self, lane: Lane) -> None:
        for o in self.neighbours(lane):
            other = self.lanes[o]
            self.unregister(other)
            other.trim = (self.desired_trim(other, 0), self.desired_trim(other, 1))
            self.place(other)
            self.register(other)

    def problems(self) -> list[str]:
        """Ids of the routes left touching something, or too short or long to draw."""
        bad = [lane for lane in self.lanes
               if self.conflicts(lane) - self.ugliness(lane) >= 1 or lane.fit != "ok"]
        return sorted(self.board.routes[r].id for lane in bad for r in lane.routes)

    def spaces(self) -> list[Space]:
        return sorted((sp for lane in self.lanes for sp in lane.cars),
                      key=lambda sp: (sp.route, sp.index))



__all__ = ["STRAIGHT", "Lane", "RouteLayout", "Shape", "Space"]
