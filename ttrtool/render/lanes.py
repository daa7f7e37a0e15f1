"""Lanes: what is drawn between two places, and the board they are laid out on.

A *lane* is one track, or the two parallel tracks of a double route, from one
place to another.  This module holds the records (:class:`Shape`,
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



class LaneGeometry:
    """The places of a board in mm, their markers and the lanes between them."""

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
        self.lanes = self._make_lanes()
        self.at_node: dict[int, list[tuple[int, int]]] = {}  # node -> (lane, end 0|1)
        for lane in self.lanes:
            lane.fixed = self.cars_length(lane) + self.end_min(lane.a) + self.end_min(lane.b)
            self.at_node.setdefault(lane.a, []).append((lane.index, 0))
            self.at_node.setdefault(lane.b, []).append((lane.index, 1))

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



__all__ = ["STRAIGHT", "Lane", "LaneGeometry", "Shape", "Space"]
