"""Shortcuts of the layout search that must not change what it draws.

The pair cost of two placements is memoised both ways round, so the tests it is made of must
be symmetric; an escape that gives up early in a crowd must only drop shapes that fail.
"""

from __future__ import annotations

import gc
import math
import random

import pytest

from tests.render.conftest import dense_board
from ttrtool.model import Board
from ttrtool.render import search
from ttrtool.render.geometry import (
    Box,
    Path,
    boxes_overlap,
    overlaps_any,
    polyline_bbox,
    polylines_cross,
    tracks_cross,
)
from ttrtool.render.lanes import Lane
from ttrtool.render.layout import RouteLayout
from ttrtool.render.theme import Theme


def _box(rng: random.Random) -> Box:
    a = rng.uniform(0, 6.3)
    return Box(rng.uniform(0, 40), rng.uniform(0, 40), math.cos(a), math.sin(a),
               rng.uniform(2, 14), rng.uniform(2, 6))


def test_the_overlap_of_two_cars_is_the_same_either_way_round() -> None:
    rng = random.Random(1)
    hits = 0
    for _ in range(20000):
        a, b, m = _box(rng), _box(rng), rng.choice((0.0, 0.4, 1.5))
        assert boxes_overlap(a, b, m) == boxes_overlap(b, a, m)
        hits += boxes_overlap(a, b, m)
    assert 1000 < hits < 19000  # both answers were tested


def test_a_car_against_many_is_the_box_test_with_each_in_turn() -> None:
    rng = random.Random(3)
    hits = 0
    for _ in range(5000):
        a, m = _box(rng), rng.choice((0.0, 0.4, 1.5))
        boxes = [_box(rng) for _ in range(rng.randint(0, 4))]
        one = overlaps_any(a, boxes, m)
        assert one == any(boxes_overlap(a, b, m) for b in boxes)
        hits += one
    assert 500 < hits < 4500


def test_a_cars_chord_is_the_path_at_both_its_ends() -> None:
    """Path.chord(s, length) is (at(s), at(s + length)), written out for the give-way
    search: on paths with repeated points (zero-length steps), and for cars starting
    before the path, on it and past its end."""
    rng = random.Random(4)
    for _ in range(2000):
        points = [(rng.uniform(0, 80), rng.uniform(0, 80)) for _ in range(rng.randint(2, 6))]
        if rng.random() < 0.3:
            i = rng.randrange(len(points))
            points.insert(i, points[i])  # a step of length zero
        path = Path(points)
        for _ in range(5):
            s = rng.uniform(-10, path.length + 10)
            length = rng.choice((rng.uniform(0.1, 30), 24.0))
            assert path.chord(s, length) == (path.at(s), path.at(s + length))
        for s in (0.0, path.length, *path.cum):
            assert path.chord(s, 24.0) == (path.at(s), path.at(s + 24.0))


def test_two_tracks_cross_the_same_either_way_round() -> None:
    rng = random.Random(2)
    crossing = 0
    for _ in range(5000):
        a = [(rng.uniform(0, 50), rng.uniform(0, 50)) for _ in range(rng.randint(2, 6))]
        b = [(rng.uniform(0, 50), rng.uniform(0, 50)) for _ in range(rng.randint(2, 6))]
        one = polylines_cross(a, b)
        assert one == polylines_cross(b, a)
        assert one == tracks_cross(b, polyline_bbox(b), a, polyline_bbox(a))
        crossing += one
    assert 500 < crossing < 4500


def test_the_pair_cost_of_laid_out_lanes_is_the_same_either_way_round(
        usa: Board, theme: Theme) -> None:
    lay = search.layout_routes(usa, theme.sizes)
    pairs = 0
    for lane in lay.lanes:
        for o in lay.neighbours(lane):
            other = lay.lanes[o]
            assert lay._pair(other, lane) == lay._pair(lane, other)
            pairs += 1
    assert pairs > 200


def test_an_escape_gives_up_after_two_shapes_in_a_crowd(
        usa: Board, theme: Theme, monkeypatch: pytest.MonkeyPatch) -> None:
    lay = RouteLayout(usa, theme.sizes)
    s = search.Search(lay)
    s._search()
    grids: list[int] = []

    def crowded_pair(self: search.Search, x: Lane, y: Lane, lanes: list[Lane],
                     saved: list[search._Snap], cost_now: float
                     ) -> tuple[tuple[float, object, object], float]:
        grids.append(x.index)
        return (cost_now, x.shape, y.shape), search.CROWD  # no better combination, crowded

    monkeypatch.setattr(search.Search, "_best_pair", crowded_pair)
    tried = [s.escape(lane) for lane in lay.lanes if s._partner(lane) is not None]
    assert tried and not any(tried)
    lanes = set(grids)
    assert lanes and all(grids.count(i) <= 2 for i in lanes)
    assert any(grids.count(i) == 2 for i in lanes)


def test_giving_up_in_a_crowd_draws_the_same_board(
        theme: Theme, monkeypatch: pytest.MonkeyPatch) -> None:
    # A dense board with escapes that stay in a crowd for two shapes: their other shapes
    # would have failed too, so the board is drawn the same with less work.
    board = dense_board(cols=8, rows=5, doubles=0.5, seed=2)
    quick = search.Search(RouteLayout(board, theme.sizes))
    quick.solve()
    monkeypatch.setattr(search, "CROWD", float("inf"))
    full = search.Search(RouteLayout(board, theme.sizes))
    full.solve()
    assert quick.work < full.work  # the rule was used
    assert [ln.shape for ln in quick.lay.lanes] == [ln.shape for ln in full.lay.lanes]
    assert [sp.box for sp in quick.lay.spaces()] == [sp.box for sp in full.lay.spaces()]


def test_the_search_puts_the_garbage_collector_back_as_it_was(usa: Board, theme: Theme) -> None:
    try:
        for running in (True, False):
            if running:
                gc.enable()
            else:
                gc.disable()
            search.layout_routes(usa, theme.sizes)
            assert gc.isenabled() == running
            assert gc.get_freeze_count() == 0
    finally:
        gc.enable()


def _trim_worked_out(lay: RouteLayout, lane: Lane, end: int) -> float:
    """The give-way distance as the loop worked it out before the terms were kept: every
    other lane at the place looked at anew, ``need`` raised as it goes."""
    node = lane.a if end == 0 else lane.b
    need = lay.end_min(node)
    limit = lay.marker(node) + lay.sizes.end_gap_max
    other_end = lane.b if end == 0 else lane.a
    my_free = lane.path.length - lane.fixed - (lane.trim[1 - end] - lay.end_min(other_end))
    for o, oend in lay.at_node[node]:
        if o == lane.index:
            continue
        other = lay.lanes[o]
        want, theirs = lay._lozenge(lane, end, other, oend)
        their_free = other.path.length - other.fixed - (
            other.trim[1 - oend] - lay.end_min(other.b if oend == 0 else other.a))
        mine, them = want - need, theirs - need
        can, they_can = mine <= my_free, them <= their_free
        if can != they_can:
            gives = can
        elif abs(mine - them) > 1e-9:
            gives = mine < them
        else:
            gives = (my_free, -lane.index) > (their_free, -other.index)
        if not gives:
            continue
        if other.cars:
            want = lay._clear_of(lane, end, other, node, limit)
        if want <= limit:
            need = max(need, want)
    return need


def test_the_kept_give_way_terms_give_what_the_loop_works_out(
        theme: Theme, monkeypatch: pytest.MonkeyPatch) -> None:
    """What each other placement adds to a lane's give-way distance is kept per free length
    while the distance is still the marker's; every give-way distance asked for while a
    dense board is laid out is the one worked out from scratch."""
    asked = {"calls": 0, "raised": 0}
    kept = RouteLayout.desired_trim

    def checked(self: RouteLayout, lane: Lane, end: int) -> float:
        got = kept(self, lane, end)
        assert got == _trim_worked_out(self, lane, end)
        asked["calls"] += 1
        asked["raised"] += got > self.end_min(lane.a if end == 0 else lane.b)
        return got

    monkeypatch.setattr(RouteLayout, "desired_trim", checked)
    search.layout_routes(dense_board(cols=8, rows=5, doubles=0.5, seed=2), theme.sizes)
    assert asked["calls"] > 1000
    assert 100 < asked["raised"] < asked["calls"]  # both answers were checked
