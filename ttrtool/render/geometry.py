"""Plain-Python plane geometry for the board layout (millimetres, y down).

Kept free of numpy and shapely so that ``ttrtool render`` starts fast: the
layout tests thousands of candidate positions with the small exact tests
here (separating axes for car rectangles, point-to-rectangle distance for
city markers, orientation tests for track crossings).  The layout checks
(:mod:`ttrtool.checks.layout`) judge the final plan with the same tests.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ttrtool.model import Board
    from ttrtool.render.theme import Sizes

Point = tuple[float, float]


def sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def unit(v: Point) -> Point:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n) if n > 1e-12 else (1.0, 0.0)


def left_normal(u: Point) -> Point:
    """The normal to the left of direction ``u`` (y axis points down)."""
    return (u[1], -u[0])


class Box(NamedTuple):
    """An oriented rectangle: centre, unit direction, half length and half width.

    A named tuple rather than a dataclass: the layout makes tens of thousands."""

    cx: float
    cy: float
    ux: float
    uy: float
    hl: float
    hw: float

    def corners(self) -> tuple[Point, Point, Point, Point]:
        ax, ay = self.ux * self.hl, self.uy * self.hl
        bx, by = -self.uy * self.hw, self.ux * self.hw
        c = (self.cx, self.cy)
        return (
            (c[0] - ax - bx, c[1] - ay - by),
            (c[0] + ax - bx, c[1] + ay - by),
            (c[0] + ax + bx, c[1] + ay + by),
            (c[0] - ax + bx, c[1] - ay + by),
        )

    def bbox(self) -> tuple[float, float, float, float]:
        ex = abs(self.ux) * self.hl + abs(self.uy) * self.hw
        ey = abs(self.uy) * self.hl + abs(self.ux) * self.hw
        return (self.cx - ex, self.cy - ey, self.cx + ex, self.cy + ey)

    @property
    def angle(self) -> float:
        """Direction in degrees, for an SVG ``rotate``."""
        return math.degrees(math.atan2(self.uy, self.ux))


def axis_box(x0: float, y0: float, x1: float, y1: float) -> Box:
    return Box((x0 + x1) / 2, (y0 + y1) / 2, 1.0, 0.0, (x1 - x0) / 2, (y1 - y0) / 2)


def boxes_overlap(a: Box, b: Box, margin: float = 0.0) -> bool:
    """Separating-axis test; ``margin`` is the clearance required between them."""
    # Unpacked once: a named tuple's fields are read through a property each time.
    acx, acy, aux, auy, ahl, ahw = a
    bcx, bcy, bux, buy, bhl, bhw = b
    dx, dy = bcx - acx, bcy - acy
    reach = ahl + ahw + bhl + bhw + margin
    if dx * dx + dy * dy >= reach * reach:
        return False
    c = abs(aux * bux + auy * buy)  # |cos| between the boxes
    s = abs(aux * buy - auy * bux)  # |sin|
    if abs(dx * aux + dy * auy) >= ahl + bhl * c + bhw * s + margin:
        return False
    if abs(dy * aux - dx * auy) >= ahw + bhl * s + bhw * c + margin:
        return False
    if abs(dx * bux + dy * buy) >= bhl + ahl * c + ahw * s + margin:
        return False
    return abs(dy * bux - dx * buy) < bhw + ahl * s + ahw * c + margin


def overlaps_any(a: Box, boxes: Sequence[Box], margin: float) -> bool:
    """Whether ``a`` overlaps one of ``boxes``: :func:`boxes_overlap` with each in turn,
    written out (the give-way search asks it of a car and every car near a place, again
    and again); the same operations in the same order, so the same answers."""
    acx, acy, aux, auy, ahl, ahw = a
    for bcx, bcy, bux, buy, bhl, bhw in boxes:
        dx, dy = bcx - acx, bcy - acy
        reach = ahl + ahw + bhl + bhw + margin
        if dx * dx + dy * dy >= reach * reach:
            continue  # most boxes are far
        c = abs(aux * bux + auy * buy)
        s = abs(aux * buy - auy * bux)
        if abs(dx * aux + dy * auy) >= ahl + bhl * c + bhw * s + margin \
                or abs(dy * aux - dx * auy) >= ahw + bhl * s + bhw * c + margin \
                or abs(dx * bux + dy * buy) >= bhl + ahl * c + ahw * s + margin:
            continue
        if abs(dy * bux - dx * buy) < bhw + ahl * s + ahw * c + margin:
            return True
    return False


def box_circle_overlap(b: Box, c: Point, r: float) -> bool:
    dx, dy = c[0] - b.cx, c[1] - b.cy
    lx = dx * b.ux + dy * b.uy
    ly = -dx * b.uy + dy * b.ux
    qx = max(-b.hl, min(b.hl, lx))
    qy = max(-b.hw, min(b.hw, ly))
    return (lx - qx) ** 2 + (ly - qy) ** 2 < r * r


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Proper crossing of two segments (touching ends do not count)."""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def segment_hits_rect(p: Point, q: Point, rect: tuple[float, float, float, float]) -> bool:
    """Whether the segment ``pq`` meets the axis-aligned rectangle ``rect`` (x0, y0, x1, y1)
    (clipped against its four sides in turn)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for d, lo, hi, s in ((dx, rect[0], rect[2], p[0]), (dy, rect[1], rect[3], p[1])):
        if abs(d) < 1e-12:
            if s < lo or s > hi:
                return False
            continue
        a, b = (lo - s) / d, (hi - s) / d
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            return False
    return True


def polyline_bbox(pts: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def polylines_cross(a: Sequence[Point], b: Sequence[Point]) -> bool:
    return tracks_cross(a, polyline_bbox(a), b, polyline_bbox(b))


def tracks_cross(a: Sequence[Point], ba: tuple[float, float, float, float],
                 b: Sequence[Point], bb: tuple[float, float, float, float]) -> bool:
    """Whether polylines ``a`` and ``b`` (with their bounding boxes ``ba`` and ``bb``) cross."""
    if ba[2] < bb[0] or bb[2] < ba[0] or ba[3] < bb[1] or bb[3] < ba[1]:
        return False
    segs = [(b[j], b[j + 1]) for j in range(len(b) - 1)
            if not (max(b[j][0], b[j + 1][0]) < ba[0] or min(b[j][0], b[j + 1][0]) > ba[2]
                    or max(b[j][1], b[j + 1][1]) < ba[1] or min(b[j][1], b[j + 1][1]) > ba[3])]
    for i in range(len(a) - 1):
        p1, p2 = a[i], a[i + 1]
        x0, x1 = min(p1[0], p2[0]), max(p1[0], p2[0])
        y0, y1 = min(p1[1], p2[1]), max(p1[1], p2[1])
        for q1, q2 in segs:
            if max(q1[0], q2[0]) < x0 or min(q1[0], q2[0]) > x1 \
                    or max(q1[1], q2[1]) < y0 or min(q1[1], q2[1]) > y1:
                continue
            if segments_cross(p1, p2, q1, q2):
                return True
    return False


class Path:
    """A polyline with arc-length parametrisation: the centre line of a track."""

    def __init__(self, points: Sequence[Point]) -> None:
        self.points = list(points)
        self.cum = [0.0]
        # Per segment: start point and the step per mm of arc length.
        self.steps: list[tuple[float, float, float, float]] = []
        for p, q in zip(self.points, self.points[1:], strict=False):
            d = math.dist(p, q)
            self.cum.append(self.cum[-1] + d)
            self.steps.append((p[0], p[1], (q[0] - p[0]) / d if d > 1e-12 else 0.0,
                               (q[1] - p[1]) / d if d > 1e-12 else 0.0))
        self.length = self.cum[-1]

    def at(self, s: float) -> Point:
        if s <= 0.0:
            return self.points[0]
        if s >= self.length:
            return self.points[-1]
        i = bisect_right(self.cum, s) - 1
        x, y, dx, dy = self.steps[i]
        t = s - self.cum[i]
        return (x + dx * t, y + dy * t)

    def chord(self, s: float, length: float) -> tuple[Point, Point]:
        """``at(s)`` and ``at(s + length)`` (``length`` > 0), in one call: the ends of a car."""
        cum = self.cum
        s1 = s + length
        if s <= 0.0:
            p, i = self.points[0], 0
        elif s >= self.length:
            return self.points[-1], self.points[-1]
        else:
            i = bisect_right(cum, s) - 1
            x, y, dx, dy = self.steps[i]
            t = s - cum[i]
            p = (x + dx * t, y + dy * t)
        if s1 <= 0.0:
            return p, self.points[0]
        if s1 >= self.length:
            return p, self.points[-1]
        i = bisect_right(cum, s1, i) - 1  # no earlier than the first point's segment
        x, y, dx, dy = self.steps[i]
        t = s1 - cum[i]
        return p, (x + dx * t, y + dy * t)

    def slice(self, s0: float, s1: float) -> list[Point]:
        """The polyline between arc lengths ``s0`` and ``s1``."""
        inner = [p for p, c in zip(self.points, self.cum, strict=False) if s0 < c < s1]
        return [self.at(s0), *inner, self.at(s1)]


def _rotate(v: Point, degrees: float) -> Point:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


def arc_points(p: Point, tangent: Point, q: Point, step_degrees: float = 7.0
               ) -> tuple[list[Point], float, float]:
    """The circular arc from ``p`` (leaving along the unit ``tangent``) to ``q``: its points
    (a point every ``step_degrees`` of turn at most), signed curvature and length."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    chord = math.hypot(dx, dy)
    tx, ty = tangent
    phi = math.atan2(tx * dy - ty * dx, tx * dx + ty * dy)  # half the turn along the arc
    if abs(phi) < 1e-9 or chord < 1e-9:
        return [p, q], 0.0, chord
    k = 2 * math.sin(phi) / chord
    length = chord * phi / math.sin(phi)
    h0 = math.atan2(ty, tx)
    s0, c0 = math.sin(h0), math.cos(h0)
    n = max(2, math.ceil(abs(math.degrees(2 * phi)) / step_degrees))
    out = [p]
    for i in range(1, n):
        h = h0 + k * length * i / n
        out.append((p[0] + (math.sin(h) - s0) / k, p[1] - (math.cos(h) - c0) / k))
    out.append(q)
    return out, k, length


def _arc_measure(p: Point, tangent: Point, q: Point) -> tuple[float, float]:
    """Curvature and length of :func:`arc_points`' arc, without its points."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    chord = math.hypot(dx, dy)
    tx, ty = tangent
    phi = math.atan2(tx * dy - ty * dx, tx * dx + ty * dy)
    if abs(phi) < 1e-9 or chord < 1e-9:
        return 0.0, chord
    return 2 * math.sin(phi) / chord, chord * phi / math.sin(phi)


class Curve(NamedTuple):
    """A centre line: its points, length and the largest curvature along it (1/mm)."""

    points: list[Point]
    length: float
    bend: float


def biarc(a: Point, b: Point, turn_a: float, turn_b: float, points: bool = True
          ) -> Curve | None:
    """Two circular arcs from ``a`` to ``b`` meeting with a common tangent: leaving ``a``
    turned ``turn_a`` degrees from the chord and reaching ``b`` turned ``turn_b`` degrees
    (equal signs bulge to one side, opposite signs make an S; equal turns give one arc).
    Curvature is constant on each arc, so cars along it turn evenly from one to the next.
    ``None`` when no such pair of arcs goes forward from ``a`` to ``b``.  Without
    ``points`` only the length and bend are worked out (the points are left empty)."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    if abs(turn_a) < 1e-9 and abs(turn_b) < 1e-9:
        return Curve([a, b], math.hypot(vx, vy), 0.0)
    u = unit((vx, vy))
    t1 = _rotate(u, turn_a)
    t2 = _rotate(u, -turn_b)  # direction of travel on arrival
    tx, ty = t1[0] + t2[0], t1[1] + t2[1]
    vt = vx * tx + vy * ty
    vv = vx * vx + vy * vy
    denom = 2 * (1 - (t1[0] * t2[0] + t1[1] * t2[1]))
    if denom < 1e-9:
        vt2 = vx * t2[0] + vy * t2[1]
        if vt2 <= 1e-9:
            return None
        d = vv / (4 * vt2)
    else:
        d = (-vt + math.sqrt(vt * vt + denom * vv)) / denom
    if d <= 1e-9:
        return None
    joint = ((a[0] + b[0] + d * (t1[0] - t2[0])) / 2, (a[1] + b[1] + d * (t1[1] - t2[1])) / 2)
    if not points:
        k1, l1 = _arc_measure(a, t1, joint)
        k2, l2 = _arc_measure(b, (-t2[0], -t2[1]), joint)
        return Curve([], l1 + l2, max(abs(k1), abs(k2)))
    first, k1, l1 = arc_points(a, t1, joint)
    second, k2, l2 = arc_points(b, (-t2[0], -t2[1]), joint)
    return Curve(first + second[-2::-1], l1 + l2, max(abs(k1), abs(k2)))


def point_box_distance(b: Box, c: Point) -> float:
    """Distance from ``c`` to the rectangle ``b`` (0 inside)."""
    dx, dy = c[0] - b.cx, c[1] - b.cy
    lx = abs(dx * b.ux + dy * b.uy) - b.hl
    ly = abs(-dx * b.uy + dy * b.ux) - b.hw
    return math.hypot(max(lx, 0.0), max(ly, 0.0))


def offset_polyline(pts: Sequence[Point], off: float) -> list[Point]:
    """``pts`` moved ``off`` mm to their left (mitred corners, capped at twice ``off``)."""
    if abs(off) < 1e-12 or len(pts) < 2:
        return list(pts)
    normals = [left_normal(unit(sub(q, p))) for p, q in zip(pts, pts[1:], strict=False)]
    out = []
    for i, p in enumerate(pts):
        n1 = normals[max(i - 1, 0)]
        n2 = normals[min(i, len(normals) - 1)]
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        m = math.hypot(mx, my)
        if m < 1e-9:
            mx, my, scale = n2[0], n2[1], 1.0
        else:
            mx, my = mx / m, my / m
            scale = min(2.0, 1 / max(mx * n2[0] + my * n2[1], 0.5))
        out.append((p[0] + mx * off * scale, p[1] + my * off * scale))
    return out


def smooth_points(points: Sequence[Point], samples: int = 8) -> list[Point]:
    """A Catmull-Rom curve through ``points`` (the map's waypoints and both ends)."""
    if len(points) < 3:
        return list(points)
    out: list[Point] = [points[0]]
    ext = [points[0], *points, points[-1]]
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(1, samples + 1):
            t = k / samples
            t2, t3 = t * t, t * t * t
            xy = [0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t
                         + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                         + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in range(2)]
            out.append((xy[0], xy[1]))
    return out


_EMPTY: frozenset[int] = frozenset()


class Grid:
    """A uniform spatial hash of keyed bounding boxes."""

    def __init__(self, cell: float = 30.0) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], set[int]] = {}
        self.where: dict[int, list[tuple[int, int]]] = {}

    def cells_of(self, bbox: tuple[float, float, float, float]) -> tuple[tuple[int, int], ...]:
        """The cells ``bbox`` lies in, column by column (most car boxes lie in one)."""
        c = self.cell
        x0, x1 = math.floor(bbox[0] / c), math.floor(bbox[2] / c)
        y0, y1 = math.floor(bbox[1] / c), math.floor(bbox[3] / c)
        if x0 == x1 and y0 == y1:
            return ((x0, y0),)
        return tuple([(ix, iy) for ix in range(x0, x1 + 1) for iy in range(y0, y1 + 1)])

    def add(self, key: int, bbox: tuple[float, float, float, float]) -> None:
        self.add_cells(key, self.cells_of(bbox))

    def add_cells(self, key: int, cells: tuple[tuple[int, int], ...]) -> None:
        self.where.setdefault(key, []).extend(cells)
        grid = self.cells
        for k in cells:
            keys = grid.get(k)
            if keys is None:  # not setdefault: it would make a set each time
                keys = grid[k] = set()
            keys.add(key)

    def remove(self, key: int) -> None:
        for k in self.where.pop(key, ()):
            self.cells[k].discard(key)

    def near(self, bbox: tuple[float, float, float, float]) -> Set[int]:
        return self.near_cells(self.cells_of(bbox))

    def near_cells(self, cells: tuple[tuple[int, int], ...]) -> Set[int]:
        """Keys near the grid cells ``cells`` (a set the caller must not change)."""
        if len(cells) == 1:
            return self.cells.get(cells[0], _EMPTY)
        out: set[int] = set()
        for k in cells:
            out |= self.cells.get(k, _EMPTY)
        return out


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


PRINT_LONG_SIDE_MM = 800.0  # the printed length of a board's longer side, unless given


def print_width(board: Board, frame: float) -> float:
    """The printed width in mm of the whole board, its ``frame`` (the score track) on both
    sides included: ``print_width_mm`` when the map gives it, else the width at which its
    longer side prints ``PRINT_LONG_SIDE_MM`` long (a landscape board 800 mm wide, as the
    official boards are; a portrait one 800 mm tall)."""
    g = board.geometry
    if g.print_width_mm is not None:
        return g.print_width_mm
    if g.height <= g.width:
        return PRINT_LONG_SIDE_MM
    return (PRINT_LONG_SIDE_MM - 2 * frame) * g.width / g.height + 2 * frame


def board_frame(board: Board, sizes: Sizes) -> Frame:
    """The whole printed board is :func:`print_width` wide, score-track frame included."""
    g = board.geometry
    inner = max(print_width(board, sizes.frame) - 2 * sizes.frame, 1.0)
    scale = inner / g.width
    return Frame(scale, sizes.frame, inner, g.height * scale)
