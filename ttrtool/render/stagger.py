"""Each track at its own distance from a crowded place: the last step of the layout.

The search (:mod:`ttrtool.render.search`) moves lanes whole: the tracks of a bundle (a
double route, a triple, R-VAR-4) start at the same distance from a place.  At a crowded
place that is often what is left wrong: a bundle of three is 26 mm wide, and only its outer
track touches the route leaving next to it, or one track of a bundle that gave way stops
farther from its marker than the others need.  So after the search every track that is
still drawn badly (its cars over another route's cars or a marker, its end car stopping
short of a marker) tries its cars anew, alone: its first car nearer to or farther from one
place (the last car kept), its last car so from the other place, or all its cars slid
along together, the cars always spread evenly between its first and last (a ferry keeps
even gaps).  A track takes the placement that leaves it the fewest problems, judged as
:mod:`ttrtool.render.problems` judges the drawn board (other routes its cars overlap,
markers covered, a sharp turn, an end that stops short), then the fewest pairs of cars
touching, then the fewest closer than the clearance; only a placement strictly better than
the one it has, so a board drawn cleanly is left as it is, byte for byte.
"""

from __future__ import annotations

import math

from ttrtool.render.geometry import (
    Box,
    Grid,
    box_circle_overlap,
    boxes_overlap,
    point_box_distance,
    polyline_bbox,
)
from ttrtool.render.lanes import Lane, Space, track_offsets
from ttrtool.render.layout import RouteLayout

ROUNDS = 3  # passes over the tracks still drawn badly
STEP = 0.5  # mm between the starts tried
SLIDE = 8.0  # mm a whole track may slide along its lane, each way
UNEVEN = 2.0  # mm between a track's widest and narrowest gap that is evened out

_Score = tuple[int, int, int]


class Stagger:
    """The tracks of a laid-out board, each moved along its lane where that draws it better."""

    draw_in = True  # whether a track tries both its ends drawn in (a test turns it off)
    remember = True  # whether a track left as it was is passed over while nothing near moved

    def __init__(self, lay: RouteLayout) -> None:
        self.lay = lay
        self.grid = Grid(30.0)
        self.cars: dict[int, Space] = {}  # key in the grid -> the car
        self.keys: dict[int, list[int]] = {}  # route -> its cars' keys
        self._next = 0
        for lane in lay.lanes:
            for sp in lane.cars:
                self._add(sp)
        # What each move changed: the bounding box of the moved track's cars before and after
        # together, in the order of the moves (what :meth:`run` judges a track's
        # surroundings by).
        self.moves: list[tuple[float, float, float, float]] = []

    def _add(self, sp: Space) -> None:
        key = self._next
        self._next += 1
        self.cars[key] = sp
        self.keys.setdefault(sp.route, []).append(key)
        self.grid.add(key, sp.bbox)

    def run(self) -> int:
        """Move the tracks still drawn badly; the number of tracks moved."""
        moved = 0
        # A track left as it was, with its lane's list of cars and how many moves had been
        # made then: while no move since has come near its lane, trying it again would
        # leave it again (what it is judged on is its own lane and the cars near it).
        kept: dict[tuple[int, int], tuple[list[Space], int]] = {}
        for _ in range(ROUNDS):
            before = moved
            for lane in self.lay.lanes:
                for track in range(len(lane.routes)):
                    was = kept.get((lane.index, track))
                    if self.remember and was is not None and was[0] is lane.cars \
                            and not self._moved_near(lane, was[1]):
                        continue
                    if self._improve(lane, track):
                        moved += 1
                    else:
                        kept[(lane.index, track)] = (lane.cars, len(self.moves))
            if moved == before:
                break
        for lane in self.lay.lanes:
            for track in range(len(lane.routes)):
                moved += self._even_out(lane, track)
        return moved

    def _moved_near(self, lane: Lane, since: int) -> bool:
        """Whether a move after the first ``since`` came near enough to ``lane`` to change
        how one of its tracks fares: near the box round its path, widened by what a car
        of the lane can reach from the path and the clearance it is judged with."""
        if since == len(self.moves):
            return False
        s = self.lay.sizes
        x0, y0, x1, y1 = polyline_bbox(lane.path.points)
        reach = lane.half_width + self.lay.car_length(lane) + s.clearance + 1.0
        x0, y0, x1, y1 = x0 - reach, y0 - reach, x1 + reach, y1 + reach
        return any(not (m[0] > x1 or m[2] < x0 or m[1] > y1 or m[3] < y0)
                   for m in self.moves[since:])

    def _even_out(self, lane: Lane, track: int) -> bool:
        """A track beside the middle of a curved bundle, its cars put at even distances along
        the track itself.  The placing spaces cars evenly along the lane's centre line; where
        the lane turns more at one end than the other, an outer track's gaps then widen
        there and an inner one's narrow (7.9 to 12.3 mm on one track of a triple).  Taken
        when its gaps differ by ``UNEVEN`` or more, get at least 0.5 mm more even, none
        wider than the widest now, and it is drawn no worse."""
        lay = self.lay
        starts = lay.track_starts(lane)[track]
        if len(starts) < 3 or len(lane.path.points) <= 2 or lane.fit != "ok" \
                or track_offsets(len(lane.routes), lay.sizes)[track] == 0.0:
            return False
        route = lane.routes[track]
        now = [sp.box for sp in lane.cars if sp.route == route]
        if _unevenness(now) < UNEVEN:
            return False
        # The track's car centres every millimetre along the lane, and how far apart.
        first, last = starts[0], starts[-1]
        steps = max(2, math.ceil(last - first))
        at = [first + (last - first) * j / steps for j in range(steps + 1)]
        centres = [(b.cx, b.cy) for b in (lay.track_car(lane, track, t) for t in at)]
        walked = [0.0]
        for p, q in zip(centres, centres[1:], strict=False):
            walked.append(walked[-1] + math.dist(p, q))
        even, j = [first], 0
        for i in range(1, len(starts) - 1):
            want = walked[-1] * i / (len(starts) - 1)
            while walked[j + 1] < want:
                j += 1
            part = (want - walked[j]) / ((walked[j + 1] - walked[j]) or 1.0)
            even.append(at[j] + part * (at[j + 1] - at[j]))
        even.append(last)
        boxes = self._boxes(lane, track, even, widest=False)  # its own gaps judged below
        if boxes is None or _unevenness(boxes) > _unevenness(now) - 0.5 \
                or _widest(boxes) > _widest(now) + 1e-6:
            return False
        if self.score(lane, route, boxes) > self.score(lane, route, now) \
                or not self._covered(boxes) <= self._covered(now) \
                or any(g > max(g0, lay.sizes.end_gap_max + 0.5) for g, g0 in
                       zip(self._gaps(lane, boxes), self._gaps(lane, now), strict=True)):
            return False
        self._move(lane, track, even, boxes)
        return True

    def _improve(self, lane: Lane, track: int) -> bool:
        lay = self.lay
        route = lane.routes[track]
        starts = lay.track_starts(lane)[track]
        s_max = lay.sizes.end_gap_max + 0.5
        now = [sp.box for sp in lane.cars if sp.route == route]
        score = self.score(lane, route, now)
        if score[0] == 0 and score[1] == 0 or lane.fit != "ok":
            return False  # clean, or too short or long for its places (TTR205, TTR206)
        short = self._gaps(lane, now)
        markers = self._covered(now)
        best: tuple[_Score, float, list[float], list[Box]] | None = None
        for at in self._candidates(lane, starts):
            boxes = self._boxes(lane, track, at)
            if boxes is None or any(g > max(g0, s_max) for g, g0 in
                                    zip(self._gaps(lane, boxes), short, strict=True)) \
                    or not self._covered(boxes) <= markers:
                continue  # never farther short of a marker than allowed or than now, nor
                # over a marker it left clear
            s = self.score(lane, route, boxes)
            shift = sum(abs(x - y) for x, y in zip(at, starts, strict=True))
            if s < score and (best is None or (s, shift) < (best[0], best[1])):
                best = (s, shift, at, boxes)
        if best is None:
            return False
        self._move(lane, track, best[2], best[3])
        return True

    def keep_clear(self, lane: Lane, track: int, node: int, avoid: list[Box]
                   ) -> tuple[list[float], list[Box]] | None:
        """The nearest placement of the track whose cars start farther from ``node`` (the
        last car kept, the cars spread evenly) and keep out of ``avoid`` (a label and the
        labels already placed): no worse by :meth:`score`, over no other marker and no
        farther short of a marker than allowed; None when there is none.  What the
        labels ask for (labels.py) where a label has no free place by a hub."""
        lay, s = self.lay, self.lay.sizes
        route = lane.routes[track]
        starts = lay.track_starts(lane)[track]
        now = [sp.box for sp in lane.cars if sp.route == route]
        score, markers = self.score(lane, route, now), self._covered(now)
        c, total, n = lay.car_length(lane), lane.path.length, len(starts)
        # Distances from ``node``: the first car's now, up to end_gap_max beyond the marker.
        t = starts[0] if node == lane.a else total - starts[-1] - c
        while t <= lay.marker(node) + s.end_gap_max + 1e-9:
            if node == lane.a:
                at = [t] if n == 1 else _spread(t, starts[-1], n)
            else:
                at = [total - t - c] if n == 1 else _spread(starts[0], total - t - c, n)
            t += STEP
            boxes = self._boxes(lane, track, at)
            if boxes is None or any(boxes_overlap(b, x, 0.4) for b in boxes for x in avoid):
                continue
            if self.score(lane, route, boxes) <= score and self._covered(boxes) <= markers \
                    and max(self._gaps(lane, boxes)) <= s.end_gap_max + 0.5:
                return at, boxes
        return None

    def move(self, lane: Lane, track: int, at: list[float], boxes: list[Box]) -> None:
        """Put the track's cars at ``at`` (their ``boxes``), found by :meth:`keep_clear`."""
        self._move(lane, track, at, boxes)

    def _stretch(self, lane: Lane, per_track: list[list[float]]) -> list[tuple[float, float]]:
        """The stretch of the lane the cars at ``per_track`` cover (TTR203 judges where
        tracks cross on it)."""
        return lane.path.slice(min(t[0] for t in per_track),
                               max(t[-1] for t in per_track) + self.lay.car_length(lane))

    def _candidates(self, lane: Lane, starts: list[float]) -> list[list[float]]:
        """The placements a track tries: first car moved (from its place's marker up to
        ``end_gap_max`` beyond it), last car moved, all slid, both drawn in; the cars spread
        evenly."""
        lay, s = self.lay, self.lay.sizes
        c = lay.car_length(lane)
        total = lane.path.length
        first, last = starts[0], starts[-1]
        lo_a = lay.end_min(lane.a)
        hi_a = lay.marker(lane.a) + s.end_gap_max
        out: list[list[float]] = []
        one = len(starts) == 1
        t = lo_a
        while t <= hi_a + 1e-9:
            out.append([t] if one else _spread(t, last, len(starts)))
            t += STEP
        lo_b = lay.end_min(lane.b)
        hi_b = lay.marker(lane.b) + s.end_gap_max
        t = lo_b
        while t <= hi_b + 1e-9:
            out.append([total - t - c] if one else _spread(first, total - t - c, len(starts)))
            t += STEP
        d = STEP
        while d <= SLIDE + 1e-9:
            out.append([x + d for x in starts])
            out.append([x - d for x in starts])
            d += STEP
        d = STEP
        while self.draw_in and not one and d <= s.end_gap_max + 1e-9:
            # Both ends drawn in: a shorter track of a bundle (2 cars beside 3) whose cars,
            # spread over the longer track's stretch of a curve, turn sharply between them.
            out.append(_spread(first + d, last - d, len(starts)))
            d += STEP
        return out

    def _boxes(self, lane: Lane, track: int, at: list[float], widest: bool = True
               ) -> list[Box] | None:
        """The track's cars starting at ``at``; None when two of them touch or (``widest``)
        the gaps along the lane grow wider than ``car_gap_max`` (or than the widest the
        track has now)."""
        lay, s = self.lay, self.lay.sizes
        c = lay.car_length(lane)
        if at[0] < 0 or at[-1] + c > lane.path.length:
            return None
        if widest and len(at) > 1:
            wide = max(b - a for a, b in zip(at, at[1:], strict=False))
            now = lay.track_starts(lane)[track]
            before = max(b - a for a, b in zip(now, now[1:], strict=False))
            if wide > c + max(s.car_gap_max, before - c) + 1e-6:
                return None
        boxes = [lay.track_car(lane, track, t) for t in at]
        for p, q in zip(boxes, boxes[1:], strict=False):
            if boxes_overlap(p, q, 0.4):
                return None
        return boxes

    def score(self, lane: Lane, route: int, boxes: list[Box]) -> _Score:
        """What is wrong with a route's cars at ``boxes``, as the layout checks judge it:
        (problems, pairs of cars overlapping, pairs closer than the clearance)."""
        s = self.lay.sizes
        others: set[int] = set()
        pairs = near = 0
        for b in boxes:
            for key in self.grid.near(b.bbox()):
                o = self.cars[key]
                if o.route == route:
                    continue
                if boxes_overlap(b, o.box, s.clearance):
                    near += 1
                    if boxes_overlap(b, o.box):
                        pairs += 1
                        others.add(o.route)
        covered = self._covered(boxes)
        worst = 0.0
        for p, q in zip(boxes, boxes[1:], strict=False):
            cos = max(-1.0, min(1.0, p.ux * q.ux + p.uy * q.uy))
            worst = max(worst, math.degrees(math.acos(cos)))
        bad = 2 * len(others) + len(covered) + (worst > s.car_turn_max + 0.5)
        bad += sum(g > s.end_gap_max + 0.5 for g in self._gaps(lane, boxes))
        return (bad, pairs, near)

    def _covered(self, boxes: list[Box]) -> set[int]:
        """The places whose markers the cars at ``boxes`` cover (TTR202)."""
        lay = self.lay
        return {n for b in boxes for n in lay.marker_grid.near(b.bbox())
                if box_circle_overlap(b, lay.pos[n], lay.radius[n])}

    def _gaps(self, lane: Lane, boxes: list[Box]) -> tuple[float, float]:
        """How far the cars at ``boxes`` stop short of each end's marker (mm; 0 at a place
        without a marker), as TTR208 measures it."""
        lay = self.lay
        out = [0.0, 0.0]
        for end, node in enumerate((lane.a, lane.b)):
            if node in lay.radius:
                out[end] = min(point_box_distance(b, lay.pos[node]) for b in boxes) \
                    - lay.radius[node]
        return (out[0], out[1])

    def _move(self, lane: Lane, track: int, at: list[float], boxes: list[Box]) -> None:
        """Put the track's cars at ``at``: a new list of cars for the lane (placements are
        kept by the layout's memos, so the old list is never changed)."""
        lay = self.lay
        route = lane.routes[track]
        olds = [sp.bbox for sp in lane.cars if sp.route == route]
        for key in self.keys.pop(route):
            self.grid.remove(key)
            del self.cars[key]
        made = [Space(route, i, b, b.bbox(), lay.grid.cells_of(b.bbox()))
                for i, b in enumerate(boxes)]
        both = olds + [sp.bbox for sp in made]
        self.moves.append((min(b[0] for b in both), min(b[1] for b in both),
                           max(b[2] for b in both), max(b[3] for b in both)))
        for sp in made:
            self._add(sp)
        cars = [sp for sp in lane.cars if sp.route != route]
        cars += made
        cars.sort(key=lambda sp: (lane.routes.index(sp.route), sp.index))
        per_track = list(lay.track_starts(lane))
        per_track[track] = at
        c = lay.car_length(lane)  # the track's cars keep their length
        lay.unregister(lane)
        lane.track = self._stretch(lane, per_track)
        lane.cars = cars
        lay.keep_starts(lane, per_track, c)
        lay.register(lane)


def _gaps_between(boxes: list[Box]) -> list[float]:
    """The gaps between consecutive cars (mm; centre to centre, less a car's length)."""
    return [math.dist((p.cx, p.cy), (q.cx, q.cy)) - 2 * p.hl
            for p, q in zip(boxes, boxes[1:], strict=False)]


def _unevenness(boxes: list[Box]) -> float:
    """The widest gap between consecutive cars less the narrowest."""
    gaps = _gaps_between(boxes)
    return max(gaps) - min(gaps) if gaps else 0.0


def _widest(boxes: list[Box]) -> float:
    return max(_gaps_between(boxes), default=0.0)


def _spread(first: float, last: float, count: int) -> list[float]:
    """``count`` starts from ``first`` to ``last``, evenly apart."""
    if count == 1:
        return [first]
    step = (last - first) / (count - 1)
    return [first + i * step for i in range(count)]
