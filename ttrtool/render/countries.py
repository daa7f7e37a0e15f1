"""Neighbouring countries as labelled bands along the edge of the map.

Each border point is projected onto the nearest edge of the map area; a
country's band runs along the edge (round corners where it must) over the
stretch that holds all its border points, a little beyond them, and stops
half way to the next country's band, so bands never overlap.  The country's
name is written in its band (turned along the left and right edges), at the
free spot of the band nearest to ``countries[].pos`` (or to the band's middle).
Border points keep their discs where the map puts them, joined to the band by
a thin line of the country's colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ttrtool.render.geometry import Point
from ttrtool.render.labels import Label, Obstacles, text_width
from ttrtool.render.layout import RouteLayout

DEPTH = 8.0  # mm: how far a band reaches into the map area
MARGIN = 12.0  # mm a band runs on beyond its outermost border points


@dataclass(frozen=True)
class CountryMark:
    """A neighbouring country: its band along the edge, its label and border points."""

    name: str
    color: str
    band: tuple[Point, ...]  # the band's centre line (a stroke ``depth`` mm wide)
    depth: float
    label: Label
    points: tuple[tuple[str, float, float], ...]  # border point id and position
    joins: tuple[tuple[Point, Point], ...]  # from each border point to its band


class Edge:
    """The edge of the map area walked clockwise from its top-left corner: a position ``t``
    (mm along the edge) and the point at ``t`` moved ``inset`` mm into the map."""

    def __init__(self, lay: RouteLayout) -> None:
        f = lay.frame
        w, h = f.page
        self.x0, self.y0, self.x1, self.y1 = f.offset, f.offset, w - f.offset, h - f.offset
        self.w, self.h = self.x1 - self.x0, self.y1 - self.y0
        self.length = 2 * (self.w + self.h)
        self.corners = (0.0, self.w, self.w + self.h, 2 * self.w + self.h)

    def place(self, p: Point) -> float:
        """``t`` of the point of the edge nearest to ``p``."""
        x = min(max(p[0], self.x0), self.x1)
        y = min(max(p[1], self.y0), self.y1)
        d = (y - self.y0, self.x1 - x, self.y1 - y, x - self.x0)  # top, right, bottom, left
        side = d.index(min(d))
        return (x - self.x0, self.w + y - self.y0, self.w + self.h + self.x1 - x,
                2 * self.w + self.h + self.y1 - y)[side]

    def at(self, t: float, inset: float) -> Point:
        t %= self.length
        w, h = self.w, self.h
        if t <= w:
            return (self.x0 + min(max(t, inset), w - inset), self.y0 + inset)
        if t <= w + h:
            return (self.x1 - inset, self.y0 + min(max(t - w, inset), h - inset))
        if t <= 2 * w + h:
            return (self.x1 - min(max(t - w - h, inset), w - inset), self.y1 - inset)
        return (self.x0 + inset, self.y1 - min(max(t - 2 * w - h, inset), h - inset))

    def side(self, t: float) -> int:
        """0 top, 1 right, 2 bottom, 3 left."""
        t %= self.length
        return 0 if t < self.w else 1 if t < self.w + self.h else 2 if t < 2 * self.w + self.h \
            else 3

    def walk(self, t0: float, t1: float, inset: float) -> list[Point]:
        """The line ``inset`` mm inside the edge from ``t0`` to ``t1`` (clockwise)."""
        span = (t1 - t0) % self.length
        pts = [self.at(t0, inset)]
        for ahead in sorted((c - t0) % self.length for c in self.corners):
            if 0 < ahead < span:
                pts.append(self.at(t0 + ahead, inset))
        pts.append(self.at(t0 + span, inset))
        return pts


def _stretches(edge: Edge, spots: list[list[float]]) -> list[tuple[float, float]]:
    """For each country, the stretch (start, end; clockwise) of the edge its band covers."""
    spans = []
    for ts in spots:
        ts = sorted(t % edge.length for t in ts)
        # The stretch holding all its points is the edge less the widest gap between them.
        gaps = [((ts[(k + 1) % len(ts)] - ts[k]) % edge.length or edge.length, k)
                for k in range(len(ts))]
        _gap, k = max(gaps)
        spans.append((ts[(k + 1) % len(ts)], ts[k]))
    out = []
    for i, (s0, s1) in enumerate(spans):
        lo, hi = s0 - MARGIN, s1 + MARGIN
        for j, (o0, o1) in enumerate(spans):
            if i == j:
                continue
            ahead = (o0 - s1) % edge.length  # from my end to the next band's start
            behind = (s0 - o1) % edge.length  # from the previous band's end to my start
            if ahead < 2 * MARGIN:
                hi = min(hi, s1 + ahead / 2 - 1.0)
            if behind < 2 * MARGIN:
                lo = max(lo, s0 - behind / 2 + 1.0)
        out.append((lo, hi))
    return out


def _label(lay: RouteLayout, edge: Edge, obstacles: Obstacles, name: str, index: int,
           stretch: tuple[float, float], prefer: Point | None) -> Label:
    """The name in the band: the free spot nearest to ``prefer`` (else the middle)."""
    s = lay.sizes
    size = s.label_size
    length = text_width(name, size) + 2 * s.label_pad
    thick = size * 1.25 + 2 * s.label_pad
    t0, t1 = stretch
    span = (t1 - t0) % edge.length
    aim = (edge.place(prefer) - t0) % edge.length if prefer is not None else span / 2
    if aim > span:
        aim = span / 2
    best: tuple[float, Label] | None = None
    steps = max(1, int(span // 3))
    for k in range(steps + 1):
        t = t0 + span * k / steps
        side = edge.side(t)
        cx, cy = edge.at(t, DEPTH / 2)
        across = side in (1, 3)
        half_l = length / 2
        # Keep the whole label on one side of the band, clear of the corners.
        along = (cy - edge.y0, edge.y1 - cy) if across else (cx - edge.x0, edge.x1 - cx)
        if min(along) < half_l + 1 or (t - t0) % edge.length < half_l - 2 \
                or (t1 - t) % edge.length < half_l - 2:
            continue
        bw, bh = (thick, length) if across else (length, thick)
        box = (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2)
        cost = obstacles.cost(box) + abs((t - t0) % edge.length - aim) * 0.001
        angle = -90.0 if side == 3 else 90.0 if side == 1 else 0.0
        label = Label(name, -1 - index, box, cx, cy + size * 0.36, angle)
        if best is None or cost < best[0]:
            best = (cost, label)
    if best is None:  # a stretch too short for the name: centre it on the stretch
        cx, cy = edge.at(t0 + span / 2, DEPTH / 2)
        across = edge.side(t0 + span / 2) in (1, 3)
        bw, bh = (thick, length) if across else (length, thick)
        angle = (-90.0 if edge.side(t0 + span / 2) == 3 else 90.0) if across else 0.0
        return Label(name, -1 - index, (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2),
                     cx, cy + size * 0.36, angle)
    return best[1]


def plan_countries(lay: RouteLayout, obstacles: Obstacles,
                   colors: tuple[str, ...]) -> list[CountryMark]:
    board = lay.board
    if not board.countries:
        return []
    edge = Edge(lay)
    pts = [[lay.frame.to_mm(bp.pos) for bp in c.border_points] for c in board.countries]
    stretches = _stretches(edge, [[edge.place(p) for p in ps] or [0.0] for ps in pts])
    out: list[CountryMark] = []
    for i, (c, ps, stretch) in enumerate(zip(board.countries, pts, stretches, strict=True)):
        prefer = lay.frame.to_mm(c.pos) if c.pos is not None else None
        label = _label(lay, edge, obstacles, c.name, i, stretch, prefer)
        obstacles.add(label.box)
        joins = []
        for p in ps:
            q = edge.at(edge.place(p), DEPTH)
            if math.dist(p, q) > lay.sizes.border_radius:
                joins.append((p, q))
        marks = tuple((bp.id, *p) for bp, p in zip(c.border_points, ps, strict=True))
        out.append(CountryMark(c.name, colors[i % len(colors)],
                               tuple(edge.walk(stretch[0], stretch[1], DEPTH / 2)), DEPTH,
                               label, marks, tuple(joins)))
    return out
