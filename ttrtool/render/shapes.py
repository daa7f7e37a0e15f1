"""Candidate shapes of a lane: straight, curves of circular arcs, tight arcs.

A lane follows its waypoints, a straight line, or a curve made of circular
arcs (one arc, two arcs of different bend, or an S) whose bend is the same all
along each arc, so that its cars turn evenly, never more than ``car_turn_max``
degrees from one car to the next.  Two places too close for their cars to
bend between them at that limit get a *tight* lane: the cars run along an arc
at the limit that rises beside both markers.  Before the search the lanes at
every place are fanned out, so that few start on top of each other.
"""

from __future__ import annotations

import math

from ttrtool.model import Board
from ttrtool.render.geometry import Box, Path, Point, biarc, box_circle_overlap, smooth_points
from ttrtool.render.lanes import STRAIGHT, Lane, LaneGeometry, Shape
from ttrtool.render.theme import Sizes

# Families of curves, with a cost that orders them after the bend itself: one arc, two arcs
# of different bend, an arc that arrives straight, an S.
FAMILIES = ((0.0, 1.0, 1.0), (4.0, 1.0, 0.5), (4.0, 0.5, 1.0), (8.0, 1.0, 0.0), (8.0, 0.0, 1.0),
            (12.0, 1.0, -1.0))
LEVELS = (8.0, 18.0, 30.0, 45.0, 62.0, 80.0)  # end turns tried, degrees


class LaneShapes(LaneGeometry):
    """The shapes each lane may take, their curves and whether its cars fit them."""

    def __init__(self, board: Board, sizes: Sizes) -> None:
        super().__init__(board, sizes)
        self._curves: dict[tuple[int, Shape], tuple[Path, tuple[float, float] | None]] = {}
        self._options: dict[int, list[Shape]] = {}
        self._fan: dict[tuple[int, int], float] | None = None
        self._directions: dict[tuple[int, Shape, int], Point] = {}
        self._fits: dict[tuple[int, Shape], tuple[bool, float]] = {}
        self._folded: set[tuple[int, Shape]] = set()  # tight shapes whose cars loop

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

        # The lowest height, in quarter millimetres from the arc's middle, whose end cars clear
        # both markers: found in steps of 2 mm, then back in quarters from the step before
        # (the same height as a walk in quarters wherever a height that clears has none
        # clearing below it in the 2 mm before: checked on the bundled and dense boards).
        start = -sag / 2
        i = 0
        while start + i * 0.25 < 60 and not clears(start + i * 0.25):
            i += 8
        j = max(0, i - 7)
        while j < i and start + j * 0.25 < 60 and not clears(start + j * 0.25):
            j += 1
        h = start + j * 0.25
        if theta > math.radians(200) or h >= 60:
            self._folded.add((lane.index, Shape(delta, tilt, True)))  # the chain loops
        n = max(2, math.ceil(math.degrees(theta) / 6))
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        arc = []
        for i in range(n + 1):
            x, y = at(h, length * i / n)
            arc.append((mx + ux * x + nx * y, my + uy * x + ny * y))
        return Path([a, *arc, b]), (math.dist(a, arc[0]), math.dist(arc[-1], b))

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
