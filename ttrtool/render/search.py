"""The search for lane shapes: which curve each lane of the board takes.

Deterministic local search.  Every lane starts on its fanned-out shape (or
the gentlest candidate that fits its cars); then each lane whose cars touch another lane, a
marker or the board edge, whose track crosses another, whose cars turn too
sharply or stop short of a marker, moves to the gentlest candidate shape
(:meth:`RouteLayout.options`) that clears it.  A candidate is first looked at
alone (quick), and only the most hopeful are judged together with the lanes
that share its cities (full).  Pairs of lanes that only clear when both move
are then tried together.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ttrtool.model import Board
from ttrtool.render.collector import collector_paused
from ttrtool.render.conflicts import HARD
from ttrtool.render.geometry import Path, Point, boxes_overlap
from ttrtool.render.lanes import STRAIGHT, Lane, Shape, Space
from ttrtool.render.layout import RouteLayout
from ttrtool.render.stagger import Stagger
from ttrtool.render.theme import Sizes

PASSES = 4
FULL_LOOKS = 6  # candidates judged in full per move
ENOUGH_CLEAR = 3  # clear candidates found before the quick scan stops
PAIR_LOOKS = 5  # candidates per lane when a pair moves together
TURNS = (5.0, 10.0, 16.0, 24.0)  # degrees a pair meeting at a place turn apart there
ESCAPES = 3  # other shapes a stuck lane tries before it gives up
# A bundle of three tracks (a triple, R-VAR-4) is 26 mm wide, twice a double's 12: turning it
# and a neighbour apart by 24 degrees seldom clears the two, and one stuck in a crowd needs
# more of its shapes tried.  A pair with such a bundle also turns apart by these wider angles,
# and such a bundle tries more shapes to escape, is not given up for a crowd, and may spend
# more work; boards without triples are searched as before (the same moves, the same bytes).
WIDE_TURNS = TURNS + (34.0, 45.0)
WIDE_ESCAPES = 8
WIDE_WORK = 3  # times LANE_WORK
# An escape gives up when, for two of its shapes in a row, the pair it turned apart kept this
# much cost (two conflicts) on the two lanes however they turned: the lane sits in a crowd
# that turning one pair apart does not clear.
CROWD = 2 * HARD
# Work budgets, counted in moves (a lane put in a shape with its neighbours giving way), never
# in time, so that the same board always gives the same bytes.  A dense board has lanes that
# no shape clears; without a bound the search tries every shape of each, again and again.
LANE_WORK = 200  # moves the pair and escape moves after the search may spend on one lane

_Snap = tuple[Shape, Path, tuple[float, float], list[Space], list[Point], str, int, float,
              tuple[float, float]]


def wide(lane: Lane) -> bool:
    """Whether ``lane`` is a bundle of three tracks or more (searched harder, see above)."""
    return len(lane.routes) >= 3


class Search:
    def __init__(self, lay: RouteLayout) -> None:
        self.lay = lay
        self.work = 0  # moves made so far (each :meth:`apply`)
        self.stretched = 0  # lanes given longer cars after the search (RouteLayout.stretch)
        self.staggered = 0  # tracks moved alone after the search (render/stagger.py)

    def first_shape(self, lane: Lane) -> Shape:
        """The lane fanned out from its neighbours at both places when that shape is a
        candidate, else the gentlest candidate."""
        options = self.lay.options(lane)
        fan = self.lay.fan_shape(lane)
        if fan in options:
            return fan
        return options[0] if options else STRAIGHT

    def candidates(self, lane: Lane) -> list[Shape]:
        return self.lay.options(lane)

    def _snapshot(self, lane: Lane) -> _Snap:
        return (lane.shape, lane.path, lane.trim, lane.cars, lane.track, lane.fit, lane.kinks,
                lane.turn, lane.gaps)

    def _restore(self, lane: Lane, snap: _Snap) -> None:
        if lane.cars is snap[3] and lane.shape == snap[0] and lane.trim == snap[2]:
            return  # as it was (a placement is kept, so its list of cars stands for it)
        self.lay.unregister(lane)
        (lane.shape, lane.path, lane.trim, lane.cars, lane.track, lane.fit, lane.kinks,
         lane.turn, lane.gaps) = snap
        self.lay.register(lane)

    def apply(self, lane: Lane, shape: Shape) -> None:
        """Put ``lane`` in ``shape`` and let the lanes at its places give way again."""
        self.work += 1
        self.lay.unregister(lane)
        self.lay.reshape(lane, shape)
        self.lay.register(lane)
        self.lay.reshape_neighbours(lane)

    def evaluate(self, lane: Lane, shape: Shape) -> float:
        """Cost of ``lane`` in ``shape`` including how the lanes at its cities fare
        around it (the board is left with the candidate applied)."""
        self.apply(lane, shape)
        cost = self.lay.conflicts(lane)
        for o in self.lay.neighbours(lane):
            cost += self.lay.conflicts(self.lay.lanes[o]) // 1
        return cost

    def improve(self, lane: Lane) -> bool:
        """Move ``lane`` to a better shape; True if it moved."""
        group = [lane] + [self.lay.lanes[o] for o in self.lay.neighbours(lane)]
        saved = [self._snapshot(x) for x in group]
        best = (self.evaluate(lane, lane.shape), lane.shape)
        self.lay.unregister(lane)
        # A quick look at the lane alone first; the full cost only for the most hopeful.
        hopeful: list[tuple[float, float, int, Shape]] = []
        for k, shape in enumerate(self.candidates(lane)):
            if shape == saved[0][0]:
                continue
            self.lay.reshape(lane, shape)
            quick = self.lay.conflicts(lane)
            if quick < best[0]:
                hopeful.append((quick // 10, round(quick % 10, 2), k, shape))
                if sum(1 for h in hopeful if h[0] == 0) >= ENOUGH_CLEAR:
                    break
        for _q, _soft, _k, shape in sorted(hopeful)[:FULL_LOOKS]:
            for x, snap in zip(group, saved, strict=True):
                self._restore(x, snap)
            c = self.evaluate(lane, shape)
            self.lay.unregister(lane)
            if c < best[0] - 1e-9:
                best = (c, shape)
                if c < 1:
                    break
        for x, snap in zip(group, saved, strict=True):
            self._restore(x, snap)
        self.apply(lane, best[1])
        return best[1] != saved[0][0]

    def _quick_shapes(self, lane: Lane, count: int) -> list[Shape]:
        saved = self._snapshot(lane)
        self.lay.unregister(lane)
        scored = []
        for k, shape in enumerate(self.candidates(lane)):
            self.lay.reshape(lane, shape)
            scored.append((self.lay.conflicts(lane) // 10, k, shape))
        self._restore(lane, saved)
        return [shape for _c, _k, shape in sorted(scored)[:count]]

    def _partner(self, lane: Lane) -> Lane | None:
        """A lane whose cars or track touch ``lane``'s (the other half of a stuck pair)."""
        s = self.lay.sizes
        for sp in lane.cars:
            near = sorted(set(self.lay.grid.near_cells(sp.cells)) - {lane.index})
            cells = set(sp.cells)
            for o in near:  # their cars that share a cell with this one, in order
                other = self.lay.lanes[o]
                for op in other.cars:
                    if not cells.isdisjoint(op.cells) and boxes_overlap(sp.box, op.box,
                                                                        s.clearance):
                        return other
        return None

    def _pair_shapes(self, x: Lane, y: Lane) -> tuple[list[Shape], list[Shape]]:
        """Shapes to try for two lanes together: lanes touching next to a place they share
        turn their ends there apart; others take their best shapes alone."""
        shared = sorted({x.a, x.b} & {y.a, y.b})
        if shared:
            node = shared[0]
            turns = WIDE_TURNS if wide(x) or wide(y) else TURNS
            return ([x.shape] + [sh for d in turns for sh in self.lay.turned_away(x, node, y, d)],
                    [y.shape] + [sh for d in turns for sh in self.lay.turned_away(y, node, x, d)])
        return self._quick_shapes(x, PAIR_LOOKS), self._quick_shapes(y, PAIR_LOOKS)

    def _group(self, *lanes: Lane) -> list[Lane]:
        ids = {ln.index for ln in lanes}
        for ln in lanes:
            ids |= set(self.lay.neighbours(ln))
        return [self.lay.lanes[i] for i in sorted(ids)]

    def _total(self, lanes: list[Lane]) -> float:
        return sum(self.lay.conflicts(ln) for ln in lanes)

    def _total_below(self, lanes: list[Lane], cap: float) -> float | None:
        """:meth:`_total`, or None as soon as it cannot be below ``cap`` (costs are never
        negative, so a partial sum that reaches it decides)."""
        cost = 0.0
        for ln in lanes:
            cost += self.lay.conflicts(ln)
            if cost >= cap:
                return None
        return cost

    def _best_pair(self, x: Lane, y: Lane, lanes: list[Lane], saved: list[_Snap],
                   cost_now: float) -> tuple[tuple[float, Shape, Shape], float]:
        """The cheapest (cost, shape of x, shape of y) over the pair's candidate shapes,
        starting from the current shapes at ``cost_now``, and the least cost of the two
        lanes themselves over the combinations tried; the group is left as ``saved``."""
        best = (cost_now, x.shape, y.shape)
        floor = float("inf")
        xs, ys = self._pair_shapes(x, y)
        for sx in xs:
            for ln, snap in zip(lanes, saved, strict=True):
                self._restore(ln, snap)
            self.apply(x, sx)
            moved = [self._snapshot(ln) for ln in lanes]  # the group with x in sx
            for sy in ys:
                for ln, snap in zip(lanes, moved, strict=True):
                    self._restore(ln, snap)
                self.apply(y, sy)
                # Costs are never negative: the pair's own bound the group's from below.
                own = self.lay.conflicts(x) + self.lay.conflicts(y)
                floor = min(floor, own)
                if own >= best[0] - 1e-9:
                    continue
                cost = self._total_below(lanes, best[0] - 1e-9)
                if cost is not None:
                    best = (cost, sx, sy)
            if best[0] < len(lanes):
                break  # nothing left to clear in the group
        for ln, snap in zip(lanes, saved, strict=True):
            self._restore(ln, snap)
        return best, floor

    def move_pair(self, x: Lane, y: Lane) -> bool:
        """Try shapes of two lanes together (one at a time cannot clear a tight pair)."""
        lanes = self._group(x, y)
        saved = [self._snapshot(ln) for ln in lanes]
        best, _ = self._best_pair(x, y, lanes, saved, self._total(lanes))
        if (best[1], best[2]) == (x.shape, y.shape):
            return False
        self.apply(x, best[1])
        self.apply(y, best[2])
        return True

    def escape(self, x: Lane) -> bool:
        """Move a stuck lane to another of its best shapes and clear the lane it then
        touches by turning the two apart (the way out when both sides of a lane are taken)."""
        first = self._partner(x)
        crowded = 0  # shapes in a row whose pair stayed in a crowd
        for shape in self._quick_shapes(x, (WIDE_ESCAPES if wide(x) else ESCAPES) + 1):
            if crowded >= 2 and not wide(x):
                return False
            if shape == x.shape:
                continue
            base = [x] + ([first] if first is not None else [])
            lanes = self._group(*base)
            saved = [self._snapshot(ln) for ln in lanes]
            self.apply(x, shape)
            y = self._partner(x)
            for ln, snap in zip(lanes, saved, strict=True):
                self._restore(ln, snap)
            if y is None:
                continue
            lanes = self._group(*base, y)
            saved = [self._snapshot(ln) for ln in lanes]
            before = self._total(lanes)
            self.apply(x, shape)
            best, floor = self._best_pair(x, y, lanes, saved, before)
            if best[0] < before - 1:
                self.apply(x, best[1])
                self.apply(y, best[2])
                return True
            crowded = crowded + 1 if floor >= CROWD else 0
        return False

    def _surroundings(self, *lanes: Lane) -> tuple[int, ...]:
        """The placements (as ids of their lists of cars) of the lanes that share a place
        with ``lanes`` or with one of their neighbours: what a move of ``lanes`` is judged
        against.  While it stays the same a move that failed would fail again."""
        ids = {ln.index for ln in lanes}
        for ln in lanes:
            ids |= set(self.lay.neighbours(ln))
        for i in list(ids):
            ids |= set(self.lay.neighbours(self.lay.lanes[i]))
        return tuple(id(self.lay.lanes[i].cars) for i in sorted(ids))

    def solve(self) -> None:
        """Choose every lane's shape, with the cycle collector paused meanwhile
        (ttrtool/render/collector.py: the memo tables hold millions of small objects that
        each collection walked again for nothing)."""
        with collector_paused():
            self._solve()
            self.stretched = self.lay.stretch()
            self.staggered = Stagger(self.lay).run()

    def _solve(self) -> None:
        self._search()
        # Moves that failed, with the surroundings they failed in: not tried again until
        # something there has moved (a dense board has many lanes no move clears).
        failed: dict[tuple[int, ...], tuple[int, ...]] = {}

        # What the moves have spent on each lane: a lane that has had its share is not
        # tried again (on a dense board some lanes are stuck however long one searches).
        spent = dict.fromkeys(range(len(self.lay.lanes)), 0)

        def attempt(key: tuple[int, ...], move: Callable[[], bool], *lanes: Lane) -> bool:
            if any(spent[ln.index] >= LANE_WORK * (WIDE_WORK if wide(ln) else 1)
                   for ln in lanes) \
                    or failed.get(key) == self._surroundings(*lanes):
                return False
            start = self.work
            done = move()
            for ln in lanes:
                spent[ln.index] += self.work - start
            if done:
                return True
            failed[key] = self._surroundings(*lanes)
            return False

        for _ in range(3):
            bad = [ln for ln in self.lay.lanes if self.lay.conflicts(ln) >= 1]
            moved = False
            tried: set[tuple[int, int]] = set()
            for lane in bad:
                other = self._partner(lane)
                if other is not None and self.lay.conflicts(lane) >= 1:
                    pair = (min(lane.index, other.index), max(lane.index, other.index))
                    if pair not in tried:
                        tried.add(pair)
                        moved |= attempt(pair, partial(self.move_pair, lane, other), lane,
                                         other)
            if not moved:
                for lane in bad:
                    if self.lay.conflicts(lane) >= 1:
                        moved |= attempt((lane.index,), partial(self.escape, lane), lane)
            if not moved:
                break
            self._search(initial=False)

    def _search(self, initial: bool = True) -> None:
        if initial:
            fixed = {}
            for lane in self.lay.lanes:
                lane.shape = self.first_shape(lane)
                lane.path, fixed[lane.index] = self.lay.curve(lane, lane.shape)
            for lane in self.lay.lanes:
                lane.trim = fixed[lane.index] or (self.lay.desired_trim(lane, 0),
                                                  self.lay.desired_trim(lane, 1))
                self.lay.place(lane)
                self.lay.register(lane)
        stuck: set[int] = set()  # lanes no shape helped, until a neighbour moves
        for _ in range(PASSES):
            bad = sorted(((self.lay.conflicts(lane), lane.index) for lane in self.lay.lanes),
                         reverse=True)
            changed = False
            for cost, i in bad:
                if cost < 1 or i in stuck or self.lay.conflicts(self.lay.lanes[i]) < 1:
                    continue
                if self.improve(self.lay.lanes[i]):
                    changed = True
                    stuck -= set(self.lay.neighbours(self.lay.lanes[i]))
                else:
                    stuck.add(i)
            if not changed:
                break


def layout_routes(board: Board, sizes: Sizes) -> RouteLayout:
    """Lay out every lane of ``board``: shapes chosen, cars placed."""
    lay = RouteLayout(board, sizes)
    Search(lay).solve()
    return lay
