"""Placing the cars of a lane along its path.

Cars (``car_length`` x ``car_width`` mm) are laid along the lane, starting
next to the place's marker (farther out only where a neighbouring lane needs
the room, never more than ``end_gap_max`` mm from the marker); spare length
goes first into the gaps between cars (up to ``car_gap_max``), then evenly
into the gaps and both ends.  A lane that the search leaves too short for its
places may be placed again with longer cars (:meth:`CarPlacement.place_stretched`,
up to ``car_stretch_max`` times ``car_length``); each placement keeps the
length of its cars (:meth:`CarPlacement.car_length`).  On a curve cars are
moved apart where their inner corners would touch.
"""

from __future__ import annotations

import math

from ttrtool.model import Board
from ttrtool.render.geometry import (
    Box,
    Point,
    box_circle_overlap,
    boxes_overlap,
    overlaps_any,
    point_box_distance,
)
from ttrtool.render.lanes import Lane, Shape, Space, track_offsets
from ttrtool.render.shapes import LaneShapes
from ttrtool.render.theme import Sizes

_NOTHING = float("-inf")  # what a placement adds to a trim when this lane need not give way

_Placed = tuple[tuple[float, float], list[Space], list[Point], str, float, int, float,
                tuple[float, float]]


class CarPlacement(LaneShapes):
    """Where each lane's cars go for its shape, and how far each end gives way."""

    def __init__(self, board: Board, sizes: Sizes) -> None:
        super().__init__(board, sizes)
        # Per lane, shape and end, what each placement of another lane at the place (by the
        # id of its list of cars, kept with the answer) means there: the lozenge both must
        # keep out of, the other's free length, and (when asked for) where this lane's cars
        # clear the other's.
        self._sides: dict[tuple[int, Shape, int],
                          tuple[dict[int, tuple[float, float, float, list[Space]]],
                                dict[int, float], dict[float, dict[int, float]]]] = {}
        self._walks: dict[tuple[int, Shape, float, float, float], list[float]] = {}
        self._placed: dict[tuple[int, Shape, tuple[float, float]], _Placed] = {}
        self._lozenges: dict[tuple[int, Shape, int, int, Shape], tuple[float, float]] = {}
        self._near: dict[tuple[int, int, float], tuple[list[Box], list[Space]]] = {}
        self._peers: dict[tuple[int, int], list[tuple[Lane, int]]] = {}  # the others at an end
        # The first two cars' boxes at each distance from a place, per lane, shape and end:
        # the same for every lane they are tried against.
        self._end_units: dict[tuple[int, Shape, int], dict[float, tuple[Box, Box]]] = {}
        # Where each track's cars start along the lane, and how long the cars are, per
        # placement (by the id of its list of cars, kept with it): what
        # :mod:`ttrtool.render.stagger` moves.
        self._starts: dict[int, tuple[list[list[float]], list[Space], float]] = {}

    def desired_trim(self, lane: Lane, end: int) -> float:
        """Distance from the place to the first car so that no neighbouring lane is touched.

        Two lanes leaving a place at an angle share a lozenge next to it; one of them keeps
        its cars out of that lozenge and the other may then start at the marker.  The one
        with the spare length for it gives way (what it gives at its other end taken); when
        both or neither have it, the one that needs less room to keep out (the wider lane, as a
        rule), between equals the one with more spare length.  A lozenge reaching farther than
        ``end_gap_max`` from the marker is not given way to: the lanes must bend apart.

        Worked out each time (a memo of the whole answer, keyed by the placements of every
        lane at the place, cost more to look up than it saved), from what is memoised per
        other lane: see :meth:`_desired_trim`."""
        peers = self._peers.get((lane.index, end))
        if peers is None:
            node = lane.a if end == 0 else lane.b
            peers = self._peers[(lane.index, end)] = [
                (self.lanes[o], oend) for o, oend in self.at_node.get(node, ())
                if o != lane.index]
        return self._desired_trim(lane, end, peers)

    def _desired_trim(self, lane: Lane, end: int, peers: list[tuple[Lane, int]]) -> float:
        # Written out, without a call per lane or a look-up it need not make: this loop runs
        # for every lane at a place each time a lane there moves.  What each other lane's
        # placement means here is kept per lane, shape and end, keyed by the id of the
        # other's list of cars (a list is only ever made for one shape and trims, and it is
        # kept with the answer, so that its id is never reused).  A lane's free length is
        # what it has to spare for giving way here, what it gives at its other end taken.
        # Of two lanes, the one that needs ``mine`` more mm to keep out of the other's way
        # gives way when it has the free length for it and the other has not; when both or
        # neither have, the one that needs less; then the one with more free length.
        node = lane.a if end == 0 else lane.b
        end_min = self._end_min
        need = end_min[node]
        limit = self.marker(node) + self.sizes.end_gap_max
        my_free = lane.path.length - lane.fixed - (lane.trim[1 - end]
                                                   - end_min[lane.b if end == 0 else lane.a])
        sides = self._sides.get((lane.index, lane.shape, end))
        if sides is None:
            sides = self._sides[(lane.index, lane.shape, end)] = ({}, {}, {})
        seen, clears, by_free = sides
        # What each other placement adds while ``need`` is still the marker's: kept per free
        # length (the lane's other trim), the first look at a placement worked out below.
        terms = by_free.get(my_free)
        if terms is None:
            terms = by_free[my_free] = {}
        fresh = True  # ``need`` is still the marker's
        for o, oend in peers:
            oid = id(o.cars)
            if fresh:
                term = terms.get(oid)
                if term is not None:
                    if term > need:
                        need, fresh = term, False
                    continue
            known = seen.get(oid)
            if known is None:
                want, theirs = self._lozenge(lane, end, o, oend)
                their_free = o.path.length - o.fixed - (o.trim[1 - oend]
                                                        - end_min[o.b if oend == 0 else o.a])
                known = seen[oid] = (want, theirs, their_free, o.cars)
            want, theirs, their_free, _ = known
            mine, them = want - need, theirs - need
            can, they_can = mine <= my_free, them <= their_free
            if can != they_can:
                gives = can
            elif abs(mine - them) > 1e-9:
                gives = mine < them
            else:
                gives = (my_free, -lane.index) > (their_free, -o.index)
            if not gives:
                term = _NOTHING  # the other lane gives way
            else:
                if o.cars:
                    clear = clears.get(oid)
                    if clear is None:
                        clear = clears[oid] = self._clear_of(lane, end, o, node, limit)
                    want = clear
                term = want if want <= limit else _NOTHING
            if fresh:
                terms[oid] = term
            if term > need:  # max(need, want), without the call
                need, fresh = term, False
        return need

    def _lozenge(self, lane: Lane, end: int, o: Lane, oend: int) -> tuple[float, float]:
        """How far from the place ``lane`` and ``o`` must start to keep out of each other's
        way, leaving it at their ends ``end`` and ``oend`` in their shapes (memoised)."""
        key = (lane.index, lane.shape, end, o.index, o.shape)
        known = self._lozenges.get(key)
        if known is None:
            u = self._direction(lane, end)
            v = self._direction(o, oend)
            hi = lane.half_width + self.sizes.clearance
            cos = max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))
            sin = max(math.sqrt(1 - cos * cos), 0.05)
            hj = o.half_width + self.sizes.clearance
            if cos <= 0:
                known = (hj / sin, hi / sin)
            else:
                known = ((hi * cos + hj) / sin, (hj * cos + hi) / sin)
            self._lozenges[key] = known
        return known

    def _clear_of(self, lane: Lane, end: int, other: Lane, node: int, limit: float) -> float:
        """The least distance from ``node`` at which the first two cars of ``lane`` clear the
        cars ``other`` has near the node now (``limit`` + 1 when none up to ``limit`` does;
        :meth:`_desired_trim` keeps the answer).  The cars are taken at ``car_length``: how
        far a lane gives way is settled before its cars are stretched into what is left."""
        s = self.sizes
        c = s.car_length
        boxes = self._near_boxes(other, node, (limit + 2.5 * c) ** 2)
        if not boxes:  # nothing of the other lane near the place: the cars start at once
            return self.end_min(node)
        total = lane.path.length
        units = self._end_units.setdefault((lane.index, lane.shape, end), {})
        m = s.clearance

        def clear(t: float) -> bool:
            pair = units.get(t)
            if pair is None:
                pair = units[t] = (
                    self._unit(lane, t if end == 0 else total - t - c, c),
                    self._unit(lane, t + c + s.car_gap if end == 0 else total - t - 2 * c
                               - s.car_gap, c))
            return not (overlaps_any(pair[0], boxes, m) or overlaps_any(pair[1], boxes, m))

        found = limit + 1.0
        t = self.end_min(node)
        while t <= limit + 2.0:  # coarse steps, then back in half millimetres
            if clear(t):
                found = t
                while found - 0.5 >= self.end_min(node) and clear(found - 0.5):
                    found -= 0.5
                break
            t += 2.0
        return found

    def _near_boxes(self, other: Lane, node: int, reach: float) -> list[Box]:
        """The boxes of ``other``'s cars whose centres lie less than the root of ``reach``
        from ``node`` (memoised on the placement: every lane at the place asks)."""
        key = (id(other.cars), node, reach)
        known = self._near.get(key)
        if known is None:
            q = self.pos[node]
            known = self._near[key] = ([sp.box for sp in other.cars
                                        if (sp.box.cx - q[0]) ** 2 + (sp.box.cy - q[1]) ** 2
                                        < reach], other.cars)
        return known[0]

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

    def place_stretched(self, lane: Lane) -> None:
        """Lay the cars of ``lane`` as :meth:`place` does, but longer where cars of
        ``car_length`` would leave it too short for its places (:meth:`stretched`); not
        memoised (it is asked once per lane, after the search)."""
        self._place_anew(lane, stretch=True)

    def _place_anew(self, lane: Lane, stretch: bool = False) -> None:
        """Place the cars, moving them off the markers of the lane's own places where the
        path curves back towards them."""
        for _ in range(6):
            self._place(lane, stretch)
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

    def _unit(self, lane: Lane, pos: float, c: float) -> Box:
        """The box of all tracks' cars of length ``c`` starting ``pos`` mm along the lane."""
        p, q = lane.path.chord(pos, c)
        dx, dy = q[0] - p[0], q[1] - p[1]
        d = math.hypot(dx, dy) or 1.0
        # Box._make: the named tuple's own constructor is a Python function, this is not.
        return Box._make(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2, dx / d, dy / d, c / 2,
                          lane.half_width))

    def _walk(self, lane: Lane, start: float, gap: float, c: float) -> list[float]:
        """Where each car of length ``c`` starts: ``gap`` mm after the one before, further
        on where the lane turns so sharply that the cars would touch."""
        if len(lane.path.points) == 2:
            return [start + i * (c + gap) for i in range(max(lane.spaces))]
        key = (lane.index, lane.shape, round(start, 3), round(gap, 3), c)
        known = self._walks.get(key)
        if known is None:
            known = self._walks[key] = self._walk_curve(lane, start, gap, c)
        return known

    def _walk_curve(self, lane: Lane, start: float, gap: float, c: float) -> list[float]:
        out: list[float] = []
        prev: Box | None = None
        pos = start
        for _ in range(max(lane.spaces)):
            box = self._unit(lane, pos, c)
            tries = 0
            if prev is not None and boxes_overlap(prev, box, 0.4):
                # Inner corners meet where the lane turns: jump by what the turn needs.
                cos = max(-1.0, min(1.0, prev.ux * box.ux + prev.uy * box.uy))
                turn = math.acos(cos)
                pos += max(0.5, 2 * lane.half_width * math.tan(min(turn, 1.2) / 2) + 0.9 - gap)
                box = self._unit(lane, pos, c)
            while prev is not None and tries < 12 and boxes_overlap(prev, box, 0.4):
                pos += 0.5
                box = self._unit(lane, pos, c)
                tries += 1
            out.append(pos)
            prev = box
            pos += c + gap
        return out

    def _rooms(self, lane: Lane) -> tuple[float, float]:
        """How much farther each end's first car may start than it does now: up to
        ``end_gap_max`` from the marker."""
        s = self.sizes
        return (max(0.0, self.marker(lane.a) + s.end_gap_max - lane.trim[0]),
                max(0.0, self.marker(lane.b) + s.end_gap_max - lane.trim[1]))

    def _spread(self, lane: Lane, extra: float, c: float) -> tuple[float, float, float, str]:
        """How ``extra`` mm of spare length is shared by cars of length ``c``: (more at the
        start, more at the end, more in each gap between cars, fit)."""
        s = self.sizes
        n = max(lane.spaces)
        grow, rest = self.gap_share(n, extra)
        fit = "short" if rest > 2 * c else "ok"
        room_a, room_b = self._rooms(lane)
        if n == 1 and c > s.car_length and room_a + room_b > 0:
            # A stretched car: its ends share the rest as they have room for it, so that it
            # sits as far inside the limit at one end as at the other.
            ea = rest * room_a / (room_a + room_b)
            return ea, rest - ea, 0.0, fit
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

    def _place(self, lane: Lane, stretch: bool = False) -> None:
        s = self.sizes
        c = s.car_length
        total = lane.path.length
        ta, tb = lane.trim
        ma, mb = self.end_min(lane.a), self.end_min(lane.b)
        n = max(lane.spaces)
        lane.fit = "ok"
        gap = s.car_gap
        starts = self._walk(lane, ta, gap, c)
        extra = total - tb - (starts[-1] + c)
        if stretch and extra >= 0 and not lane.shape.tight:
            longer = self.stretched(lane, extra, sum(self._rooms(lane)))
            if longer > c:
                walked = self._walk(lane, ta, gap, longer)
                left = total - tb - (walked[-1] + longer)
                if left >= 0:  # (cars walking apart on a curve could take more than spare)
                    c, starts, extra = longer, walked, left
        lane.deficit = -extra
        if extra >= 0:
            ea, eb, grow, lane.fit = self._spread(lane, extra, c)
            for _ in range(4):
                spread = self._walk(lane, ta + ea, gap + grow, c)
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
            starts = self._walk(lane, start, gap, c)
        if (lane.index, lane.shape) in self._folded:
            lane.fit = "long"
        lane.track = lane.path.slice(starts[0], starts[-1] + c)
        offsets = track_offsets(len(lane.routes), s)
        out: list[Space] = []
        units = [self._unit(lane, at, c) for at in starts]  # the same for every full track
        per_track = [starts if count == n else self._spaced(starts, count)
                     for count in lane.spaces]
        for route, count, off, at in zip(lane.routes, lane.spaces, offsets, per_track,
                                         strict=True):
            for i, u in enumerate(units if count == n else [self._unit(lane, t, c)
                                                            for t in at]):
                box = Box._make((u.cx + u.uy * off, u.cy - u.ux * off, u.ux, u.uy, c / 2,
                                 s.car_width / 2))
                bbox = box.bbox()
                out.append(Space(route, i, box, bbox, self.grid.cells_of(bbox)))
        lane.cars = out
        self._starts[id(out)] = (per_track, out, c)
        self._measure(lane)

    def track_starts(self, lane: Lane) -> list[list[float]]:
        """Where the cars of each track of ``lane`` start along its path (mm), as placed."""
        return self._starts[id(lane.cars)][0]

    def keep_starts(self, lane: Lane, per_track: list[list[float]], c: float) -> None:
        """Record where the tracks of ``lane``'s (new) list of cars, ``c`` mm long, start."""
        self._starts[id(lane.cars)] = (per_track, lane.cars, c)

    def car_length(self, lane: Lane) -> float:
        """How long ``lane``'s cars are as placed: ``car_length``, or longer where the lane
        is stretched (:meth:`LaneGeometry.stretched`); ``car_length`` before it is placed."""
        known = self._starts.get(id(lane.cars))
        return known[2] if known is not None else self.sizes.car_length

    def track_car(self, lane: Lane, track: int, at: float) -> Box:
        """The box of a car of ``lane``'s track ``track`` starting ``at`` mm along the lane."""
        s = self.sizes
        off = track_offsets(len(lane.routes), s)[track]
        c = self.car_length(lane)
        u = self._unit(lane, at, c)
        return Box._make((u.cx + u.uy * off, u.cy - u.ux * off, u.ux, u.uy, c / 2,
                          s.car_width / 2))

    def _spaced(self, starts: list[float], count: int) -> list[float]:
        """Where the ``count`` cars of a shorter track of a bundle start (Nordic Countries pairs
        tracks of 5 and 6): spread evenly over the stretch the longest track's cars cover, so
        that both ends of the shorter track stay next to the markers too."""
        if count == 1:
            return [(starts[0] + starts[-1]) / 2]
        step = (starts[-1] - starts[0]) / (count - 1)
        return [starts[0] + i * step for i in range(count)]

    def _measure(self, lane: Lane) -> None:
        """Turns between cars, gaps at the ends, neighbouring tracks of a bundle touching on a
        curve."""
        out = lane.cars
        lane.turn = 0.0
        if len(lane.path.points) > 2:
            # The tracks of a bundle turn alike, but a shorter one's cars lie farther apart.
            tracks = lane.routes[:1] if len(set(lane.spaces)) == 1 else lane.routes
            for r in tracks:
                units = [sp.box for sp in out if sp.route == r]
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
        if len(lane.routes) > 1 and len(lane.path.points) > 2:
            # On a tight curve the inner track's cars can reach the next track's.
            for r, r2 in zip(lane.routes, lane.routes[1:], strict=False):
                one = [sp for sp in out if sp.route == r]
                two = [sp for sp in out if sp.route == r2]
                lane.kinks += sum(1 for p in one for q in two
                                  if boxes_overlap(p.box, q.box, 0.2))

    def reshape(self, lane: Lane, shape: Shape) -> None:
        lane.shape = shape
        lane.path, fixed = self.curve(lane, shape)
        lane.trim = fixed or (self.desired_trim(lane, 0), self.desired_trim(lane, 1))
        self.place(lane)
