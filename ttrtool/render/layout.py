"""Where every train space goes: tracks from place to place at physical scale.

A *lane* is what is drawn between two places: one track, or the two parallel
tracks of a double route.  Each lane follows its waypoints, a straight line,
or a curve made of circular arcs (one arc, two arcs of different bend, or an
S) whose bend is the same all along each arc, so that its cars turn evenly,
never more than ``car_turn_max`` degrees from one car to the next.  Cars
(``car_length`` x ``car_width`` mm) are laid along the lane, starting next to
the place's marker (farther out only where a neighbouring lane needs the room,
never more than ``end_gap_max`` mm from the marker); spare length goes first
into the gaps between cars (up to ``car_gap_max``), then evenly into the gaps
and both ends.  Two places too close for their cars to bend between them at
that limit get a *tight* lane: the cars run along an arc at the limit that
rises beside both markers.

Which shape each lane takes is decided by :mod:`ttrtool.render.search`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from ttrtool.model import Board, Route
from ttrtool.render.geometry import (
    Box,
    Grid,
    Path,
    Point,
    biarc,
    board_frame,
    box_circle_overlap,
    boxes_overlap,
    point_box_distance,
    polylines_cross,
    smooth_points,
)
from ttrtool.render.theme import Sizes


class Shape(NamedTuple):
    """How a lane bends: the turn away from the straight line at each end (degrees; equal
    signs bulge to one side, opposite signs make an S), or for a tight lane the signed turn
    from one car to the next."""

    a: float
    b: float
    tight: bool = False


STRAIGHT = Shape(0.0, 0.0)
# Families of curves, with a cost that orders them after the bend itself: one arc, two arcs
# of different bend, an arc that arrives straight, an S.
FAMILIES = ((0.0, 1.0, 1.0), (4.0, 1.0, 0.5), (4.0, 0.5, 1.0), (8.0, 1.0, 0.0), (8.0, 0.0, 1.0),
            (12.0, 1.0, -1.0))
LEVELS = (8.0, 18.0, 30.0, 45.0, 62.0, 80.0)  # end turns tried, degrees
HARD = 10.0  # the cost of one conflict


@dataclass(frozen=True)
class Space:
    route: int
    index: int
    box: Box
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    cells: tuple[tuple[int, int], ...] = ()  # of the layout's grid


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
    turn: float = 0.0  # largest turn from one car to the next, degrees
    gaps: tuple[float, float] = (0.0, 0.0)  # mm from each end's marker to the nearest car
    fixed: float = 0.0  # length of the cars and the least room at both ends


_Placed = tuple[tuple[float, float], list[Space], list[Point], str, float, int, float,
                tuple[float, float]]


class RouteLayout:
    """Lanes, cars and place markers of a board, laid out in mm."""

    def __init__(self, board: Board, sizes: Sizes) -> None:
        self.board, self.sizes = board, sizes
        self.frame = board_frame(board, sizes)
        self.pos = [self.frame.to_mm(n.pos) for n in board.nodes]
        self.cities = [i for i, n in enumerate(board.nodes) if n.kind == "city"]
        # Markers: city discs and border-point discs, which cars must not cover either.
        self.radius = {i: sizes.city_radius if n.kind == "city" else sizes.border_radius
                       for i, n in enumerate(board.nodes) if n.kind in ("city", "border")}
        self.grid = Grid(30.0)
        self.marker_grid = Grid(30.0)
        for i, r in self.radius.items():
            x, y = self.pos[i]
            self.marker_grid.add(i, (x - r, y - r, x + r, y + r))
        self._end_min = [self.marker(i) + sizes.clearance for i in range(len(board.nodes))]
        self._owns: dict[int, tuple[float, list[Space]]] = {}
        self._pairs: dict[tuple[int, int], tuple[float, list[Space], list[Space]]] = {}
        self.lanes = self._make_lanes()
        self._curves: dict[tuple[int, Shape], tuple[Path, tuple[float, float] | None]] = {}
        self._options: dict[int, list[Shape]] = {}
        self._fan: dict[tuple[int, int], float] | None = None
        self._directions: dict[tuple[int, Shape, int], Point] = {}
        self._fits: dict[tuple[int, Shape], tuple[bool, float]] = {}
        self._folded: set[tuple[int, Shape]] = set()  # tight shapes whose cars loop
        self._clears: dict[tuple[int, Shape, int, int, int], tuple[float, list[Space]]] = {}
        self._walks: dict[tuple[int, Shape, float, float], list[float]] = {}
        self._placed: dict[tuple[int, Shape, tuple[float, float]], _Placed] = {}
        self.at_node: dict[int, list[tuple[int, int]]] = {}  # node -> (lane, end 0|1)
        for lane in self.lanes:
            lane.fixed = self.cars_length(lane) + self.end_min(lane.a) + self.end_min(lane.b)
            self.at_node.setdefault(lane.a, []).append((lane.index, 0))
            self.at_node.setdefault(lane.b, []).append((lane.index, 1))

    # -- setting up ---------------------------------------------------------------------------

    def _make_lanes(self) -> list[Lane]:
        s = self.sizes
        lanes: list[Lane] = []
        drawn: set[int] = set()  # a triple's third track gets a lane of its own (R-VAR-4)
        for r in self.board.routes:
            if r.index in drawn:
                continue
            partner = next((o for o in self.board.routes if o.double is not None
                            and o.double == r.double and o.index not in drawn
                            and o.index != r.index), None)
            group: tuple[Route, ...] = (r,)
            if partner is not None and {partner.a, partner.b} == {r.a, r.b}:
                group = (r, partner)
            drawn.update(g.index for g in group)
            half = s.car_width / 2 if len(group) == 1 else s.car_width + s.double_gap / 2
            wps = tuple(self.frame.to_mm(p) for p in r.waypoints)
            lanes.append(Lane(len(lanes), tuple(g.index for g in group), r.a, r.b,
                              tuple(g.length for g in group), wps, half))
        return lanes

    def marker(self, node: int) -> float:
        return self.radius.get(node, 0.0)

    def end_min(self, node: int) -> float:
        return self._end_min[node]

    def cars_length(self, lane: Lane) -> float:
        n = max(lane.spaces)
        return n * self.sizes.car_length + (n - 1) * self.sizes.car_gap

    def need(self, lane: Lane) -> float:
        return self.cars_length(lane) + self.end_min(lane.a) + self.end_min(lane.b) + 0.5

    def walk_extra(self, lane: Lane, turn: float) -> float:
        """Length the walk adds between cars turning ``turn`` degrees (inner corners)."""
        n = max(lane.spaces)
        inner = 2 * lane.half_width * math.tan(math.radians(min(turn, 60.0)) / 2) + 0.9
        return (n - 1) * max(0.0, inner - self.sizes.car_gap) if turn > 0.5 else 0.0

    # -- shapes -----------------------------------------------------------------------------

    def curve(self, lane: Lane, shape: Shape) -> tuple[Path, tuple[float, float] | None]:
        """The lane's centre line in ``shape`` and, for a tight lane, its fixed trims."""
        key = (lane.index, shape)
        known = self._curves.get(key)
        if known is None:
            a, b = self.pos[lane.a], self.pos[lane.b]
            if lane.waypoints:
                known = (Path(smooth_points([a, *lane.waypoints, b])), None)
            elif shape.tight:
                known = self._tight(lane, shape.a, shape.b)
            else:
                c = biarc(a, b, shape.a, shape.b)
                known = (Path(c.points if c is not None else [a, b]), None)
            self._curves[key] = known
        return known

    def car_turn(self, lane: Lane, bend: float) -> float:
        """Degrees between consecutive cars on an arc of curvature ``bend`` (their gap widened
        by the walk where inner corners would touch)."""
        s = self.sizes
        turn = math.degrees((s.car_length + s.car_gap) * bend)
        inner = 2 * lane.half_width * math.tan(math.radians(min(turn, 60.0)) / 2) + 0.9
        return math.degrees((s.car_length + max(s.car_gap, inner)) * bend)

    def fits(self, lane: Lane, shape: Shape) -> tuple[bool, float]:
        """Whether the curve ``shape`` is long enough for the lane's cars, and how many
        degrees they turn from one to the next on it."""
        key = (lane.index, shape)
        known = self._fits.get(key)
        if known is None:
            c = biarc(self.pos[lane.a], self.pos[lane.b], shape.a, shape.b, points=False)
            if c is None:
                known = (False, 0.0)
            else:
                turn = self.car_turn(lane, c.bend)
                known = (c.length >= self.need(lane) + 1.0 + self.walk_extra(lane, turn), turn)
            self._fits[key] = known
        return known

    def turned_away(self, lane: Lane, node: int, other: Lane, degrees: float) -> list[Shape]:
        """``lane``'s shape with its end at ``node`` turned ``degrees`` further away from
        ``other``: its far end as it is, or turned as little as makes the curve long enough,
        and turned a little more for spare length (to give way with); none when the cars do
        not fit such a curve."""
        if lane.waypoints or lane.shape.tight:
            return []
        end = 0 if lane.a == node else 1
        oend = 0 if other.a == node else 1
        u, v = self._direction(lane, end), self._direction(other, oend)
        sign = 1.0 if v[0] * u[1] - v[1] * u[0] > 0 else -1.0
        cap = self.sizes.car_turn_max - 1.0

        def make(extra: float) -> Shape:
            if end == 0:
                return Shape(round(lane.shape.a + sign * degrees, 1),
                             round(lane.shape.b + extra, 1))
            return Shape(round(lane.shape.a + extra, 1), round(lane.shape.b - sign * degrees, 1))

        for extra in (0.0, 4.0, -4.0, 8.0, -8.0, 13.0, -13.0, 19.0, -19.0, 26.0, -26.0):
            ok, turn = self.fits(lane, make(extra))
            if ok and turn <= cap:
                turned = make(0.0).a if end == 0 else make(0.0).b
                more = extra + 6.0 * (1.0 if (extra or turned) > 0 else -1.0)
                ok, turn = self.fits(lane, make(more))
                return [make(extra)] + ([make(more)] if more != extra and ok and turn <= cap
                                        else [])
        return []

    def options(self, lane: Lane) -> list[Shape]:
        """Candidate shapes, gentlest first: straight (when the cars fit), then for each family
        of curves the one just long enough and those that bulge more, as long as the cars
        turn no more than ``car_turn_max`` from one to the next; tight shapes when no curve
        between the markers is long enough at that limit."""
        known = self._options.get(lane.index)
        if known is not None:
            return known
        if lane.waypoints:
            self._options[lane.index] = [STRAIGHT]
            return self._options[lane.index]
        a, b = self.pos[lane.a], self.pos[lane.b]
        need = self.need(lane)
        cap = self.sizes.car_turn_max
        scored: list[tuple[float, Shape]] = []
        if math.dist(a, b) >= need:
            scored.append((0.0, STRAIGHT))

        def fits(shape: Shape) -> tuple[bool, float]:
            return self.fits(lane, shape)

        for cost, fa, fb in FAMILIES:
            for sign in (1.0, -1.0):
                def make(t: float, fa: float = fa, fb: float = fb, sign: float = sign) -> Shape:
                    return Shape(round(sign * t * fa, 3), round(sign * t * fb, 3))

                turns = list(LEVELS)
                if math.dist(a, b) < need and fits(make(150.0))[0]:
                    lo, hi = 0.0, 150.0  # the gentlest member of the family that is long enough
                    for _ in range(10):
                        mid = (lo + hi) / 2
                        lo, hi = (lo, mid) if fits(make(mid))[0] else (mid, hi)
                    turns = [hi] + [t for t in LEVELS if t > hi + 2]
                for t in turns:
                    shape = make(t)
                    ok, turn = fits(shape)
                    if ok and turn <= cap - 1.0:
                        scored.append((turn + cost + 0.1 * t, shape))
        fan = self.fan_shape(lane)
        if fan != STRAIGHT:
            ok, turn = fits(fan)
            if ok and turn <= cap - 1.0:
                scored.append((turn * 0.5, fan))
        if not scored:
            for delta in (0.9, 0.75):
                for sign in (1.0, -1.0):
                    for tilt in (0.0, 12.0, -12.0, 24.0, -24.0):
                        scored.append((30 + 30 * (1 - delta) + abs(tilt) / 4,
                                       Shape(sign * cap * delta, tilt, True)))
        scored.sort(key=lambda x: x[0])
        self._options[lane.index] = [s for _c, s in scored]
        return self._options[lane.index]

    def _separation(self, i: Lane, j: Lane, node: int) -> float:
        """Least angle (degrees) between two lanes leaving ``node`` for the cars of one of
        them to keep out of the other's way no farther than ``end_gap_max`` out."""
        hi = i.half_width + self.sizes.clearance
        hj = j.half_width + self.sizes.clearance
        limit = self.marker(node) + self.sizes.end_gap_max - 1.0
        for deg in range(10, 121, 2):
            t = math.radians(deg)
            if min(hi * math.cos(t) + hj, hj * math.cos(t) + hi) / math.sin(t) <= limit:
                return float(deg)
        return 120.0

    def fan_shape(self, lane: Lane) -> Shape:
        """The shape that turns the lane's ends away from neighbours that leave its places
        at too narrow an angle (the lanes at every place fanned out evenly)."""
        if self._fan is None:
            self._fan = self._fan_out()
        base = Shape(round(self._fan.get((lane.index, 0), 0.0), 1),
                     round(-self._fan.get((lane.index, 1), 0.0), 1))
        if lane.waypoints or self.fits(lane, base)[0]:
            return base
        # A lane that must bend bulges as little as it needs to, to the side its ends turn.
        first = 1.0 if base.a + base.b >= 0 else -1.0
        cap = self.sizes.car_turn_max - 1.0
        for e in range(4, 91, 3):
            for sign in (first, -first):
                shape = Shape(round(base.a + sign * e, 1), round(base.b + sign * e, 1))
                ok, turn = self.fits(lane, shape)
                if ok and turn <= cap:
                    return shape
        return base

    def _fan_out(self) -> dict[tuple[int, int], float]:
        turns: dict[tuple[int, int], float] = {}
        for node, ends in sorted(self.at_node.items()):
            if len(ends) < 2:
                continue
            px, py = self.pos[node]
            base = {}
            for li, end in ends:
                lane = self.lanes[li]
                if lane.waypoints:
                    continue
                far = self.pos[lane.b if end == 0 else lane.a]
                base[(li, end)] = math.degrees(math.atan2(far[1] - py, far[0] - px))
            keys = sorted(base)
            if len(keys) < 2:
                continue
            need = {(x, y): self._separation(self.lanes[x[0]], self.lanes[y[0]], node)
                    for x in keys for y in keys if x != y}
            tau = dict.fromkeys(keys, 0.0)
            for _ in range(24):
                order = sorted(keys, key=lambda k: ((base[k] + tau[k]) % 360, k))
                moved = False
                for x, y in zip(order, order[1:] + order[:1], strict=True):
                    sep = (base[y] + tau[y] - base[x] - tau[x]) % 360
                    short = need[(x, y)] + 3.0 - sep
                    if short > 0.5:
                        tau[x] = max(-35.0, tau[x] - short / 2)
                        tau[y] = min(35.0, tau[y] + short / 2)
                        moved = True
                if not moved:
                    break
            turns.update(tau)
        return turns

    def _tight(self, lane: Lane, delta: float, tilt: float
               ) -> tuple[Path, tuple[float, float]]:
        """Cars along an arc turning ``delta`` degrees from one car to the next (the sign
        gives the side), its chord turned ``tilt`` degrees from the places' and raised beside
        both markers just enough that the first and last cars clear them; short straight
        stubs join the markers to the arc."""
        s = self.sizes
        a, b = self.pos[lane.a], self.pos[lane.b]
        d = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        side = 1.0 if delta >= 0 else -1.0
        nx, ny = -uy * side, ux * side  # towards the bulge
        turn = abs(delta)
        pitch = s.car_length + s.car_gap
        k = math.radians(turn) / pitch
        length = self.cars_length(lane) + self.walk_extra(lane, turn) + 0.5
        theta = k * length
        chord = 2 * math.sin(theta / 2) / k
        sag = (1 - math.cos(theta / 2)) / k
        cr, sr = math.cos(math.radians(tilt)), math.sin(math.radians(tilt))

        def at(h: float, t: float) -> Point:  # arc point ``t`` mm along, in the chord frame
            x = -chord / 2 + (math.sin(theta / 2) - math.sin(theta / 2 - k * t)) / k
            y = h + (math.cos(theta / 2 - k * t) - math.cos(theta / 2)) / k
            return (x * cr - y * sr, x * sr + y * cr)

        def car(p: Point, q: Point) -> Box:
            dx, dy = q[0] - p[0], q[1] - p[1]
            n = math.hypot(dx, dy)
            return Box((p[0] + q[0]) / 2, (p[1] + q[1]) / 2, dx / n, dy / n, n / 2,
                       lane.half_width)

        ra, rb = self.end_min(lane.a) + 0.2, self.end_min(lane.b) + 0.2

        def clears(h: float) -> bool:
            first = car(at(h, 0.0), at(h, s.car_length))
            last = car(at(h, length - s.car_length), at(h, length))
            return not box_circle_overlap(first, (-d / 2, 0.0), ra) \
                and not box_circle_overlap(last, (d / 2, 0.0), rb)

        h = -sag / 2
        while h < 60 and not clears(h):
            h += 0.25
        if theta > math.radians(200) or h >= 60:
            self._folded.add((lane.index, Shape(delta, tilt, True)))  # the chain loops
        n = max(2, math.ceil(math.degrees(theta) / 6))
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        arc = []
        for i in range(n + 1):
            x, y = at(h, length * i / n)
            arc.append((mx + ux * x + nx * y, my + uy * x + ny * y))
        return Path([a, *arc, b]), (math.dist(a, arc[0]), math.dist(arc[-1], b))

    # -- placing cars ---------------------------------------------------------------------------

    def _direction(self, lane: Lane, end: int) -> Point:
        """Where the lane's first cars at ``end`` lie as seen from its place: towards the
        point three quarters of a car beyond the marker (on a curve the cars swing away from
        the direction the lane leaves in)."""
        key = (lane.index, lane.shape, end)
        known = self._directions.get(key)
        if known is None:
            node = lane.a if end == 0 else lane.b
            reach = self.end_min(node) + 0.75 * self.sizes.car_length
            p = lane.path.at(reach if end == 0 else lane.path.length - reach)
            q = self.pos[node]
            dx, dy = p[0] - q[0], p[1] - q[1]
            n = math.hypot(dx, dy)
            known = self._directions[key] = (dx / n, dy / n) if n > 1e-9 else (1.0, 0.0)
        return known

    def slack(self, lane: Lane) -> float:
        return lane.path.length - lane.fixed

    def free(self, lane: Lane, end: int) -> float:
        """Spare length of ``lane`` left for giving way at ``end`` (what it gives at the other
        end is taken)."""
        other = lane.b if end == 0 else lane.a
        return self.slack(lane) - (lane.trim[1 - end] - self.end_min(other))

    def desired_trim(self, lane: Lane, end: int) -> float:
        """Distance from the place to the first car so that no neighbouring lane is touched.

        Two lanes leaving a place at an angle share a lozenge next to it; one of them keeps
        its cars out of that lozenge and the other may then start at the marker.  The one
        with the spare length for it gives way (what it gives at its other end taken); when
        both or neither have it, the one that needs less room to keep out (the wider lane, as a
        rule), between equals the one with more spare length.  A lozenge reaching farther than
        ``end_gap_max`` from the marker is not given way to: the lanes must bend apart."""
        node = lane.a if end == 0 else lane.b
        need = self.end_min(node)
        limit = self.marker(node) + self.sizes.end_gap_max
        u = self._direction(lane, end)
        hi = lane.half_width + self.sizes.clearance
        for other, oend in self.at_node.get(node, ()):
            if other == lane.index:
                continue
            o = self.lanes[other]
            v = self._direction(o, oend)
            cos = max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))
            sin = max(math.sqrt(1 - cos * cos), 0.05)
            hj = o.half_width + self.sizes.clearance
            if cos <= 0:
                want, theirs = hj / sin, hi / sin
            else:
                want, theirs = (hi * cos + hj) / sin, (hj * cos + hi) / sin
            if not self._gives_way(want - need, (self.free(lane, end), -lane.index),
                                   theirs - need, (self.free(o, oend), -o.index)):
                continue  # the other lane gives way
            if o.cars:
                want = self._clear_of(lane, end, o, node, limit)
            if want <= limit:
                need = max(need, want)
        return need

    @staticmethod
    def _gives_way(mine: float, my_free: tuple[float, int], theirs: float,
                   their_free: tuple[float, int]) -> bool:
        """Whether a lane that needs ``mine`` mm more to keep out of the other's way (the
        other ``theirs``) is the one to give way: the one that has the spare length for it,
        else the one that needs less, else the one with more spare length."""
        can, they_can = mine <= my_free[0], theirs <= their_free[0]
        if can != they_can:
            return can
        if abs(mine - theirs) > 1e-9:
            return mine < theirs
        return my_free > their_free

    def _clear_of(self, lane: Lane, end: int, other: Lane, node: int, limit: float) -> float:
        """The least distance from ``node`` at which the first two cars of ``lane`` clear the
        cars ``other`` has near the node now (``limit`` + 1 when none up to ``limit`` does)."""
        key = (lane.index, lane.shape, end, other.index, id(other.cars))
        known = self._clears.get(key)
        if known is not None:
            return known[0]
        s = self.sizes
        c = s.car_length
        q = self.pos[node]
        reach = (limit + 2.5 * c) ** 2
        boxes = [sp.box for sp in other.cars
                 if (sp.box.cx - q[0]) ** 2 + (sp.box.cy - q[1]) ** 2 < reach]
        total = lane.path.length

        def clear(t: float) -> bool:
            units = (self._unit(lane, t if end == 0 else total - t - c),
                     self._unit(lane, t + c + s.car_gap if end == 0 else total - t - 2 * c
                                - s.car_gap))
            return not any(boxes_overlap(u, b, s.clearance) for u in units for b in boxes)

        found = limit + 1.0
        t = self.end_min(node)
        while t <= limit + 2.0:  # coarse steps, then back in half millimetres
            if clear(t):
                found = t
                while found - 0.5 >= self.end_min(node) and clear(found - 0.5):
                    found -= 0.5
                break
            t += 2.0
        self._clears[key] = (found, other.cars)  # kept, so that its id is never reused
        return found

    def place(self, lane: Lane) -> None:
        """Lay the cars of ``lane`` along its path with its current trims (memoised)."""
        key = (lane.index, lane.shape, lane.trim)
        known = self._placed.get(key)
        if known is not None:
            (lane.trim, lane.cars, lane.track, lane.fit, lane.deficit, lane.kinks, lane.turn,
             lane.gaps) = known
            return
        self._place_anew(lane)
        self._placed[key] = (lane.trim, lane.cars, lane.track, lane.fit, lane.deficit,
                             lane.kinks, lane.turn, lane.gaps)

    def _place_anew(self, lane: Lane) -> None:
        """Place the cars, moving them off the markers of the lane's own places where the
        path curves back towards them."""
        for _ in range(6):
            self._place(lane)
            if not lane.cars or lane.fit == "long" or len(lane.path.points) == 2 \
                    or lane.shape.tight:
                return
            ta, tb = lane.trim
            firsts = [sp for sp in lane.cars if sp.index == 0]
            lasts = [sp for sp in lane.cars if sp.index == lane.spaces[lane.routes.index(
                sp.route)] - 1]
            hit_a = any(box_circle_overlap(sp.box, self.pos[lane.a], self.end_min(lane.a))
                        for sp in firsts) if lane.a in self.radius else False
            hit_b = any(box_circle_overlap(sp.box, self.pos[lane.b], self.end_min(lane.b))
                        for sp in lasts) if lane.b in self.radius else False
            if not (hit_a or hit_b):
                return
            lane.trim = (ta + 2.0 * hit_a, tb + 2.0 * hit_b)

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
        key = (lane.index, lane.shape, round(start, 3), round(gap, 3))
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
                pos += max(0.5, 2 * lane.half_width * math.tan(min(turn, 1.2) / 2) + 0.9 - gap)
                box = self._unit(lane, pos)
            while prev is not None and tries < 12 and boxes_overlap(prev, box, 0.4):
                pos += 0.5
                box = self._unit(lane, pos)
                tries += 1
            out.append(pos)
            prev = box
            pos += c + gap
        return out

    def _spread(self, lane: Lane, extra: float) -> tuple[float, float, float, str]:
        """How ``extra`` mm of spare length is shared: (more at the start, more at the end,
        more in each gap between cars, fit)."""
        s = self.sizes
        n = max(lane.spaces)
        grow = max(min(extra / (n - 1), s.car_gap_max - s.car_gap), 0.0) if n > 1 else 0.0
        rest = extra - grow * (n - 1)
        fit = "short" if rest > 2 * s.car_length else "ok"
        room_a = max(0.0, self.marker(lane.a) + s.end_gap_max - lane.trim[0])
        room_b = max(0.0, self.marker(lane.b) + s.end_gap_max - lane.trim[1])
        if n == 1:
            ea = eb = rest / 2
            # What one end has no room for goes to the other, as far as that one has room.
            if ea > room_a and eb < room_b:
                m = min(ea - room_a, room_b - eb)
                ea, eb = ea - m, eb + m
            elif eb > room_b and ea < room_a:
                m = min(eb - room_b, room_a - ea)
                ea, eb = ea + m, eb - m
            return ea, eb, 0.0, fit
        share = rest / (n + 1)  # the ends and the gaps alike, the ends no farther than allowed
        ea, eb = min(share, room_a), min(share, room_b)
        return ea, eb, grow + (rest - ea - eb) / (n - 1), fit

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
            ea, eb, grow, lane.fit = self._spread(lane, extra)
            for _ in range(4):
                spread = self._walk(lane, ta + ea, gap + grow)
                over = spread[-1] + c - (total - tb - eb)
                if over <= 0.01:
                    break
                # Cars walk apart where the lane turns: take it back from the gaps and ends.
                if n > 1 and grow > 0:
                    cut = min(grow, over / (n - 1))
                    grow -= cut
                    over -= cut * (n - 1)
                ea = max(0.0, ea - over / 2)
                eb = max(0.0, eb - over / 2)
            starts = spread
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
        if (lane.index, lane.shape) in self._folded:
            lane.fit = "long"
        lane.track = lane.path.slice(starts[0], starts[-1] + c)
        offsets = [0.0] if len(lane.routes) == 1 else [
            -(s.car_width + s.double_gap) / 2, (s.car_width + s.double_gap) / 2]
        out: list[Space] = []
        for route, count, off in zip(lane.routes, lane.spaces, offsets, strict=True):
            skip = (n - count) // 2
            for i in range(count):
                u = self._unit(lane, starts[i + skip])
                box = Box(u.cx + u.uy * off, u.cy - u.ux * off, u.ux, u.uy, c / 2,
                          s.car_width / 2)
                bbox = box.bbox()
                out.append(Space(route, i, box, bbox, self.grid.cells_of(bbox)))
        lane.cars = out
        self._measure(lane)

    def _measure(self, lane: Lane) -> None:
        """Turns between cars, gaps at the ends, double-route tracks touching on a curve."""
        out = lane.cars
        lane.turn = 0.0
        if len(lane.path.points) > 2:
            units = [sp.box for sp in out if sp.route == lane.routes[0]]
            for p, q in zip(units, units[1:], strict=False):
                cos = max(-1.0, min(1.0, p.ux * q.ux + p.uy * q.uy))
                lane.turn = max(lane.turn, math.degrees(math.acos(cos)))
        gaps = [0.0, 0.0]
        for end, node in ((0, lane.a), (1, lane.b)):
            for r, count in zip(lane.routes, lane.spaces, strict=True):
                i = 0 if end == 0 else count - 1
                box = next(sp.box for sp in out if sp.route == r and sp.index == i)
                gaps[end] = max(gaps[end], point_box_distance(box, self.pos[node])
                                - self.marker(node))
        lane.gaps = (gaps[0], gaps[1])
        lane.kinks = 0
        if len(lane.routes) == 2 and len(lane.path.points) > 2:
            # On a tight curve the inner track's cars can reach the outer track's.
            one = [sp for sp in out if sp.route == lane.routes[0]]
            two = [sp for sp in out if sp.route == lane.routes[1]]
            lane.kinks = sum(1 for p in one for q in two if boxes_overlap(p.box, q.box, 0.2))

    def reshape(self, lane: Lane, shape: Shape) -> None:
        lane.shape = shape
        lane.path, fixed = self.curve(lane, shape)
        lane.trim = fixed or (self.desired_trim(lane, 0), self.desired_trim(lane, 1))
        self.place(lane)

    # -- conflicts ------------------------------------------------------------------------------

    def register(self, lane: Lane) -> None:
        for k, sp in enumerate(lane.cars):
            self.grid.add_cells(lane.index * 64 + k, sp.cells)

    def unregister(self, lane: Lane) -> None:
        for k in range(len(lane.cars)):
            self.grid.remove(lane.index * 64 + k)

    def conflicts(self, lane: Lane) -> float:
        """Weighted count of what is wrong with ``lane`` against the rest of the board
        (``HARD`` per conflict), plus a little for how much it bends and gaps."""
        near: set[int] = set()
        for sp in lane.cars:
            near.update(self.grid.near_cells(sp.cells))
        others = {key // 64 for key in near} - {lane.index}
        return self._own(lane) + sum(self._pair(lane, self.lanes[o]) for o in sorted(others))

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

    def _pair(self, lane: Lane, other: Lane) -> float:
        """Cars of two lanes touching, and their tracks crossing."""
        key = (id(lane.cars), id(other.cars))
        known = self._pairs.get(key)
        if known is not None:
            return known[0]
        m = self.sizes.clearance
        cost = 0.0
        for sp in lane.cars:
            b = sp.bbox
            for o in other.cars:
                ob = o.bbox
                if b[0] - m > ob[2] or ob[0] - m > b[2] or b[1] - m > ob[3] or ob[1] - m > b[3]:
                    continue
                if boxes_overlap(sp.box, o.box, m):
                    cost += HARD
        if polylines_cross(lane.track, other.track):
            cost += HARD
        self._pairs[key] = (cost, lane.cars, other.cars)
        return cost

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
        return sorted({o for node in (lane.a, lane.b) for o, _ in self.at_node[node]}
                      - {lane.index})

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
