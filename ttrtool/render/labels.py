"""City labels and page furniture placed where they cover nothing.

Text width is estimated from per-character advance widths of a sans-serif
face (no font files are read, so the result is the same everywhere).  Each
label tries positions around its marker, nearest first, and takes the first
that touches no train space, marker, board edge or label already placed;
when none is free it takes the one that covers least.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ttrtool.render.geometry import (
    Box,
    Grid,
    Point,
    axis_box,
    box_circle_overlap,
    boxes_overlap,
    segment_hits_rect,
)
from ttrtool.render.lanes import track_offsets
from ttrtool.render.layout import RouteLayout

_NARROW = set("il.,:;'|!ijtfrI()[] ")
_WIDE = set("mwMW@%")


def text_width(text: str, size: float, bold: bool = True) -> float:
    """Estimated advance width in mm of ``text`` at font ``size`` mm."""
    w = 0.0
    for ch in text:
        if ch in _NARROW:
            w += 0.32
        elif ch in _WIDE:
            w += 0.9
        elif ch.isupper() or ch.isdigit():
            w += 0.7
        else:
            w += 0.6
    return w * size * (1.06 if bold else 1.0)


@dataclass(frozen=True)
class Label:
    """A label box (axis-aligned) and where its text baseline starts."""

    text: str
    node: int
    box: tuple[float, float, float, float]
    x: float
    y: float
    angle: float = 0.0  # degrees the text is turned about the box's centre (country labels)


class Obstacles:
    """Everything a label or a furniture block must not cover."""

    def __init__(self, lay: RouteLayout) -> None:
        self.lay = lay
        spaces = lay.spaces()
        self.boxes: list[Box] = [sp.box for sp in spaces]
        self.owner = [sp.route for sp in spaces]  # of the first boxes: the train spaces'
        self.grid = Grid(30.0)
        self._tracks: list[tuple[Point, Point, float]] | None = None
        for k, b in enumerate(self.boxes):
            self.grid.add(k, b.bbox())

    def hits(self, bbox: tuple[float, float, float, float], margin: float = 0.4
             ) -> list[int]:
        """The boxes (by index) a block at ``bbox`` would touch."""
        box = axis_box(*bbox)
        return [k for k in sorted(self.grid.near(bbox))
                if boxes_overlap(box, self.boxes[k], margin)]

    def move_route(self, route: int, boxes: list[Box]) -> None:
        """The train spaces of ``route`` are now at ``boxes`` (moved for a label)."""
        for k, b in zip([k for k, r in enumerate(self.owner) if r == route], boxes,
                        strict=True):
            self.grid.remove(k)
            self.boxes[k] = b
            self.grid.add(k, b.bbox())

    def tracks(self) -> list[tuple[Point, Point, float]]:
        """The segments of every route's track line from marker to marker, with how far
        its line reaches to either side (the tracks of a double route or a triple are apart)."""
        if self._tracks is None:
            s = self.lay.sizes
            self._tracks = []
            for lane in self.lay.lanes:
                line = lane.path.slice(self.lay.marker(lane.a),
                                       lane.path.length - self.lay.marker(lane.b))
                reach = 0.35 + max(abs(o) for o in track_offsets(len(lane.routes), s))
                self._tracks += [(p, q, reach) for p, q in zip(line, line[1:], strict=False)]
        return self._tracks

    def on_track(self, bbox: tuple[float, float, float, float], margin: float) -> bool:
        """Whether a block at ``bbox`` would cover a piece of a track line."""
        for p, q, reach in self.tracks():
            m = margin + reach
            if segment_hits_rect(p, q, (bbox[0] - m, bbox[1] - m, bbox[2] + m, bbox[3] + m)):
                return True
        return False

    def add(self, bbox: tuple[float, float, float, float]) -> None:
        self.boxes.append(axis_box(*bbox))
        self.grid.add(len(self.boxes) - 1, bbox)

    def cost(self, bbox: tuple[float, float, float, float], margin: float = 0.4) -> float:
        box = axis_box(*bbox)
        cost = 0.0
        for k in self.grid.near(bbox):
            if boxes_overlap(box, self.boxes[k], margin):
                cost += 1
        for c in self.lay.marker_grid.near(bbox):
            if box_circle_overlap(box, self.lay.pos[c], self.lay.marker(c) + margin):
                cost += 1
        f = self.lay.frame
        w, h = f.page
        if bbox[0] < f.offset or bbox[1] < f.offset or bbox[2] > w - f.offset \
                or bbox[3] > h - f.offset:
            cost += 5
        return cost


RINGS = (0.6, 2.0, 4.0, 7.0, 11.0, 16.0, 22.0)  # mm from a marker to its label's box


def place_labels(lay: RouteLayout, obstacles: Obstacles) -> list[Label]:
    """A label for every city, at the nearest free spot around its marker; where there is
    none, the cars of its routes make room (:func:`make_room`), else the spot that covers
    least."""
    s = lay.sizes
    size, pad = s.label_size, s.label_pad
    height = size * 1.25 + 2 * pad
    order = sorted(lay.cities, key=lambda i: (-len(lay.at_node.get(i, ())), i))
    out: list[Label] = []
    for i in order:
        text = lay.board.nodes[i].name
        width = text_width(text, size) + 2 * pad
        best: tuple[float, tuple[float, float, float, float]] | None = None
        for ring in RINGS:
            for k, bbox in enumerate(_spots(lay, i, width, height, (ring,))):
                c = obstacles.cost(bbox) + ring * 0.01 + k * 0.0001
                if best is None or c < best[0]:
                    best = (c, bbox)
            if best is not None and best[0] < 1:
                break
        assert best is not None
        bbox = best[1]
        if best[0] >= 1:
            bbox = make_room(lay, obstacles, i, width, height, out) or bbox
        obstacles.add(bbox)
        out.append(Label(text, i, bbox, (bbox[0] + bbox[2]) / 2,
                         bbox[3] - pad - size * 0.28))
    return sorted(out, key=lambda lab: lab.node)


def _spots(lay: RouteLayout, node: int, width: float, height: float,
           rings: tuple[float, ...]) -> list[tuple[float, float, float, float]]:
    """Boxes of ``width`` x ``height`` around the marker of ``node``, nearest first: in
    each ring, 24 directions, the box's edge facing the marker ``ring`` mm beyond it."""
    s = lay.sizes
    cx, cy = lay.pos[node]
    out = []
    for ring in rings:
        for k in range(24):
            ang = math.radians(k * 15.0)
            dx, dy = math.cos(ang), math.sin(ang)
            rr = s.city_radius + ring
            bx = cx + dx * (rr + width / 2) if abs(dx) > 0.38 else cx + dx * rr
            by = cy + dy * (rr + height / 2) if abs(dy) > 0.38 else cy + dy * rr
            if abs(dx) <= 0.38:
                by = cy + math.copysign(rr + height / 2, dy)
            out.append((bx - width / 2, by - height / 2, bx + width / 2, by + height / 2))
    return out


def make_room(lay: RouteLayout, obstacles: Obstacles, node: int, width: float,
              height: float, placed: list[Label]) -> tuple[float, float, float, float] | None:
    """Where a city's label has no free place: a spot next to its marker that covers only
    cars of routes leaving the city, whose tracks then start farther out (their first car
    up to ``end_gap_max`` from the marker, the last kept, the cars spread evenly; each
    track no worse drawn than before, :meth:`Stagger.keep_clear`).  The moved cars are
    written into the lanes and ``obstacles``; the spot, or None when no spot's cars can
    move (the label then covers least, as before)."""
    from ttrtool.render.stagger import Stagger

    lanes = {r: lane for lane in lay.lanes for r in lane.routes}
    others = [axis_box(*lab.box) for lab in placed]
    stagger: Stagger | None = None
    for bbox in _spots(lay, node, width, height, RINGS[:4]):
        f = lay.frame
        w, h = f.page
        if bbox[0] < f.offset or bbox[1] < f.offset or bbox[2] > w - f.offset \
                or bbox[3] > h - f.offset:
            continue
        hits = obstacles.hits(bbox)
        if any(k >= len(obstacles.owner) for k in hits) or any(
                box_circle_overlap(axis_box(*bbox), lay.pos[c], lay.marker(c) + 0.4)
                for c in lay.marker_grid.near(bbox)):
            continue  # a label, a country band or a marker: cars moving cannot help
        routes = sorted({obstacles.owner[k] for k in hits})
        if not routes or any(node not in (lanes[r].a, lanes[r].b) for r in routes):
            continue
        stagger = stagger or Stagger(lay)
        avoid = [axis_box(*bbox), *others]
        undo = []
        for r in routes:  # one after the other, each judged with those moved before
            lane, track = lanes[r], lanes[r].routes.index(r)
            found = stagger.keep_clear(lane, track, node, avoid)
            if found is None:
                break
            undo.append((lane, track, lay.track_starts(lane)[track],
                         [sp.box for sp in lane.cars if sp.route == r]))
            stagger.move(lane, track, *found)
        else:
            for r in routes:
                obstacles.move_route(r, [sp.box for sp in lanes[r].cars if sp.route == r])
            return bbox
        for lane, track, at, boxes in reversed(undo):
            stagger.move(lane, track, at, boxes)
    return None


def place_block(obstacles: Obstacles, width: float, height: float,
                prefer: tuple[float, float]) -> tuple[float, float] | None:
    """Top-left corner for a ``width`` x ``height`` block that covers nothing (no train
    space, marker, label, country band or track line), nearest to ``prefer``; ``None`` when
    the map has no such room."""
    f = obstacles.lay.frame
    pw, ph = f.page
    step = 8.0
    spots: list[tuple[float, float, float]] = []
    y = f.offset + 2
    while y + height <= ph - f.offset - 2:
        x = f.offset + 2
        while x + width <= pw - f.offset - 2:
            spots.append((math.hypot(x - prefer[0], y - prefer[1]), x, y))
            x += step
        y += step
    spots.sort()
    for _d, x, y in spots:
        bbox = (x, y, x + width, y + height)
        if obstacles.cost(bbox, 1.5) == 0 and not obstacles.on_track(bbox, 1.5):
            obstacles.add(bbox)
            return (x, y)
    return None
