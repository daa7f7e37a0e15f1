"""Lanes: what is drawn between two places, and the board they are laid out on.

A *lane* is one track, or the parallel tracks of a double route (or a triple),
from one place to another.  This module holds the records (:class:`Shape`,
:class:`Space`, :class:`Lane`) and :class:`LaneGeometry`, the fixed part of a
layout: where every place lies in mm, how big its marker is, which lanes meet
there and how much room each lane's cars need.  The layers above it choose
shapes (:mod:`ttrtool.render.shapes`), place cars (:mod:`ttrtool.render.cars`)
and score conflicts (:mod:`ttrtool.render.conflicts`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from ttrtool.model import Board, Route
from ttrtool.render.geometry import Box, Grid, Path, Point, board_frame
from ttrtool.render.theme import Sizes


class Shape(NamedTuple):
    """How a lane bends: the turn away from the straight line at each end (degrees; equal
    signs bulge to one side, opposite signs make an S), or for a tight lane the signed turn
    from one car to the next."""

    a: float
    b: float
    tight: bool = False


STRAIGHT = Shape(0.0, 0.0)



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



def track_offsets(tracks: int, sizes: Sizes) -> list[float]:
    """How far (mm) each track of a bundle of ``tracks`` parallel tracks lies to the left of
    the lane's centre line, first track first (one track: on it)."""
    if tracks == 1:
        return [0.0]
    pitch = sizes.car_width + sizes.double_gap
    return [(k - (tracks - 1) / 2) * pitch for k in range(tracks)]


def bundle_half_width(tracks: int, sizes: Sizes) -> float:
    """Half the width of a bundle of ``tracks`` parallel tracks, cars included."""
    if tracks == 1:
        return sizes.car_width / 2
    return sizes.car_width / 2 + (tracks - 1) * (sizes.car_width + sizes.double_gap) / 2


def _apart(positions: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """``positions``, with each place at the very position of an earlier one moved 0.01 mm
    to the right: a route between two such places (a TTR114 warning) has a direction to be
    drawn in, where a chord of length zero left the layout dividing by zero.  Boards
    without such places keep every position."""
    seen: set[tuple[float, float]] = set()
    out = []
    for x, y in positions:
        while (x, y) in seen:
            x += 0.01
        seen.add((x, y))
        out.append((x, y))
    return out


class LaneGeometry:
    """The places of a board in mm, their markers and the lanes between them."""

    def __init__(self, board: Board, sizes: Sizes) -> None:
        self.board, self.sizes = board, sizes
        self.frame = board_frame(board, sizes)
        self.pos = _apart([self.frame.to_mm(n.pos) for n in board.nodes])
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
        self.lanes = self._make_lanes()
        self.at_node: dict[int, list[tuple[int, int]]] = {}  # node -> (lane, end 0|1)
        for lane in self.lanes:
            lane.fixed = self.cars_length(lane) + self.end_min(lane.a) + self.end_min(lane.b)
            self.at_node.setdefault(lane.a, []).append((lane.index, 0))
            self.at_node.setdefault(lane.b, []).append((lane.index, 1))

    def _make_lanes(self) -> list[Lane]:
        """One lane per route, or per bundle of parallel tracks between the same two places:
        the tracks of a ``double`` group (a double route, a triple, R-VAR-4) and any other
        route between those places without waypoints of its own are drawn side by side as
        one bundle, in the order the map lists them.  (A converted map may write a triple as
        a double group and a third route, or as three routes; drawn apart they would have
        to bend round each other.)  An unequal bundle whose longest tracks do not fit the
        straight line while the others do is drawn as two lanes (:meth:`_parted`)."""
        lanes: list[Lane] = []
        drawn: set[int] = set()
        routes = self.board.routes
        for r in routes:
            if r.index in drawn:
                continue
            group: tuple[Route, ...] = (r,)
            if r.double is not None or not r.waypoints:
                group += tuple(o for o in routes
                               if o.index != r.index and o.index not in drawn
                               and {o.a, o.b} == {r.a, r.b}
                               and ((r.double is not None and o.double == r.double)
                                    or (not r.waypoints and not o.waypoints)))
            drawn.update(g.index for g in group)
            wps = tuple(self.frame.to_mm(p) for p in r.waypoints)
            for part in self._parted(group) if not wps else (group,):
                lanes.append(Lane(len(lanes), tuple(g.index for g in part), r.a, r.b,
                                  tuple(g.length for g in part), wps,
                                  bundle_half_width(len(part), self.sizes)))
        return lanes

    def _parted(self, group: tuple[Route, ...]) -> tuple[tuple[Route, ...], ...]:
        """``group`` as one bundle, or as two when its tracks are unequal (R-VAR-5) and its
        longest ones do not fit the straight line between its places while the shorter
        ones do: the shorter tracks then take the gentlest shape that holds them, as one
        bundle, and the longest a lane of their own, which bends round them.  Kept in one
        bundle, every track follows the longest tracks' curve, often a tight arc rising
        beside both markers, and a shorter track's cars, spread over that stretch, turn
        sharply from one to the next and stop short of the markers (Kristiansand-Stavanger
        on Nordic Countries, 2 and 3 spaces, turned 57 degrees between its two cars)."""
        longest = max(g.length for g in group)
        shorter = tuple(g for g in group if g.length < longest)
        if not shorter:
            return (group,)
        r = group[0]
        chord = math.dist(self.pos[r.a], self.pos[r.b])
        ends = self.end_min(r.a) + self.end_min(r.b) + 0.5

        def need(tracks: tuple[Route, ...]) -> float:  # as LaneGeometry.need
            n = max(g.length for g in tracks)
            return n * self.sizes.car_length + (n - 1) * self.sizes.car_gap + ends

        if need(group) <= chord or need(shorter) > chord:
            return (group,)
        return (shorter, tuple(g for g in group if g.length == longest))

    def marker(self, node: int) -> float:
        return self.radius.get(node, 0.0)

    def end_min(self, node: int) -> float:
        return self._end_min[node]

    def cars_length(self, lane: Lane) -> float:
        n = max(lane.spaces)
        return n * self.sizes.car_length + (n - 1) * self.sizes.car_gap

    def stretched(self, lane: Lane, extra: float, room: float) -> float:
        """How long ``lane``'s cars are when, at the theme's ``car_length``, ``extra`` mm of
        its length are spare and its two ends have ``room`` mm between them to take more
        (before a car stops farther than ``end_gap_max`` from its marker).

        ``car_length`` itself where that spare reads well: what the gaps do not take (widened
        up to ``car_gap_max``, as the placing does) is at most two cars' length, and for a
        one-car route no more than its ends hold.  Otherwise the route would be drawn too
        short for its places (TTR205) or stop short of one (TTR208), so every car grows by
        the same amount, until what is left is half what the ends hold (a one-car route then
        sits halfway between reaching its markers and the limit), and by no more than
        ``car_stretch_max`` times ``car_length``: beyond that the checks warn, measured with
        the longest car.  The least room a lane needs (:meth:`need`) is measured with
        ``car_length``: cars only grow into length that would otherwise be left empty."""
        s = self.sizes
        c = s.car_length
        n = max(lane.spaces)
        rest = self.gap_share(n, extra)[1]
        if rest <= 2 * c and (n > 1 or rest <= room) or s.car_stretch_max <= 1.0:
            return c
        return min(c + max(0.0, (rest - room / 2) / n), c * s.car_stretch_max)

    def gap_share(self, n: int, extra: float) -> tuple[float, float]:
        """How ``extra`` mm of spare length along ``n`` cars goes first into the gaps between
        them: (more in each gap, up to ``car_gap_max``; what the gaps leave)."""
        s = self.sizes
        grow = max(min(extra / (n - 1), s.car_gap_max - s.car_gap), 0.0) if n > 1 else 0.0
        return grow, extra - grow * (n - 1)

    def need(self, lane: Lane) -> float:
        return self.cars_length(lane) + self.end_min(lane.a) + self.end_min(lane.b) + 0.5

    def walk_extra(self, lane: Lane, turn: float) -> float:
        """Length the walk adds between cars turning ``turn`` degrees (inner corners)."""
        n = max(lane.spaces)
        inner = 2 * lane.half_width * math.tan(math.radians(min(turn, 60.0)) / 2) + 0.9
        return (n - 1) * max(0.0, inner - self.sizes.car_gap) if turn > 0.5 else 0.0



__all__ = ["STRAIGHT", "Lane", "LaneGeometry", "Shape", "Space", "bundle_half_width",
           "track_offsets"]
