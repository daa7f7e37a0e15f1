"""Tracks moved alone after the search (render/stagger.py): a bundle's tracks start at their
own distance from a crowded place.  Judged on the drawn geometry with shapely (car polygons,
marker discs), not with the layout's own tests."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon

from tests.render.conftest import benchmark_board, tiny_board, triples_board
from ttrtool.render import search
from ttrtool.render.board import plan
from ttrtool.render.lanes import Lane, LaneGeometry
from ttrtool.render.layout import RouteLayout
from ttrtool.render.plan import BoardPlan
from ttrtool.render.problems import layout_problems
from ttrtool.render.stagger import Stagger
from ttrtool.render.theme import default_theme


def clashes(p: BoardPlan) -> list[str]:
    """What shapely finds wrong with the drawn cars: polygons of two routes that overlap, a
    polygon over a marker, an end car farther than ``end_gap_max`` from its marker."""
    lay = p.routes
    polys = [(sp.route, Polygon(sp.box.corners())) for sp in lay.spaces()]
    out = []
    for i, (r, a) in enumerate(polys):
        for o, b in polys[i + 1:]:
            if o != r and a.intersection(b).area > 1e-6:
                out.append(f"{lay.board.routes[r].id} x {lay.board.routes[o].id}")
    for n, rad in lay.radius.items():
        disc = SPoint(lay.pos[n]).buffer(rad, 64)
        out += [f"{lay.board.routes[r].id} over {lay.board.nodes[n].name}"
                for r, a in polys if a.intersection(disc).area > 1e-6]
    for route in lay.board.routes:
        mine = [a for r, a in polys if r == route.index]
        for n in (route.a, route.b):
            gap = min(a.distance(SPoint(lay.pos[n])) for a in mine) - lay.radius[n]
            if gap > lay.sizes.end_gap_max + 0.5:
                out.append(f"{route.id} stops {gap:.0f} mm short of {lay.board.nodes[n].name}")
    return sorted(set(out))


# A 4 x 3 grid, half of its routes triples: after the search three problems are left where
# bundles leave crowded places; moving single tracks clears them.
SMALL = {"cols": 4, "rows": 3, "seed": 2, "triples": 0.5, "tickets": 4}


def test_tracks_moved_alone_clear_a_crowded_triple_board() -> None:
    board = triples_board(**SMALL)
    assert sum(1 for r in board.routes
               if sum(1 for o in board.routes if {o.a, o.b} == {r.a, r.b}) == 3) >= 9
    drawn = plan(board, default_theme())
    assert clashes(drawn) == []
    assert layout_problems(drawn) == []


def test_without_moving_tracks_alone_the_same_board_has_clashes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above can fail: the search alone leaves cars over cars or short of a marker."""
    monkeypatch.setattr(search.Stagger, "run", lambda self: 0)
    drawn = plan(triples_board(**SMALL), default_theme())
    assert clashes(drawn) != []
    assert layout_problems(drawn) != []


def _unevenness(p: BoardPlan) -> dict[str, float]:
    """Per route of three cars or more: its widest gap between cars less its narrowest."""
    lay = p.routes
    out = {}
    for lane in lay.lanes:
        for route in lane.routes:
            boxes = [sp.box for sp in lane.cars if sp.route == route]
            gaps = [math.dist((a.cx, a.cy), (b.cx, b.cy)) - 2 * a.hl
                    for a, b in zip(boxes, boxes[1:], strict=False)]
            if len(gaps) > 1:
                out[lay.board.routes[route].id] = max(gaps) - min(gaps)
    return out


def test_a_moved_track_keeps_its_gaps_as_even_as_before(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A track moved alone spreads its cars evenly between its first and last: no route's
    gaps are less even than the search left them, and some track of a bundle was moved."""
    drawn = plan(triples_board(**SMALL), default_theme())
    lay = drawn.routes
    moved = [lane.routes[k] for lane in lay.lanes
             for k, at in enumerate(lay.track_starts(lane))
             if lane.spaces[k] == lane.spaces[0] and at != lay.track_starts(lane)[0]]
    assert moved
    after = _unevenness(drawn)
    monkeypatch.setattr(search.Stagger, "run", lambda self: 0)
    before = _unevenness(plan(triples_board(**SMALL), default_theme()))
    assert all(after[r] <= before[r] + 0.5 for r in after), \
        {r: (before[r], after[r]) for r in after if after[r] > before[r] + 0.5}


UNEQUAL = """cities:
  - {name: Bombay, pos: [100, 150]}
  - {name: Madras, pos: [262, 150]}
  - {name: Delhi, pos: [100, 40]}
  - {name: Goa, pos: [100, 260]}
  - {name: Surat, pos: [10, 150]}
  - {name: Pune, pos: [190, 60]}
routes:
  - {a: Bombay, b: Madras, length: 4, color: red, double: BM}
  - {a: Bombay, b: Madras, length: 4, color: blue, double: BM}
  - {a: Bombay, b: Madras, length: 5, color: green}
  - {a: Bombay, b: Delhi, length: 3, color: gray}
  - {a: Bombay, b: Goa, length: 3, color: yellow}
  - {a: Bombay, b: Surat, length: 3, color: black}
  - {a: Bombay, b: Pune, length: 3, color: white}
tickets:
  regular:
    - {from: Delhi, to: Goa, points: 6}
"""


def test_an_unequal_triple_is_one_bundle_of_three_lanes_at_a_hub() -> None:
    """A Legendary-Asia-like triple of 4, 4 and 5 spaces, written as a double group and a
    route of its own, leaving a hub of five routes: one bundle, its three tracks parallel
    and side by side, each reaching both markers, nothing overlapping."""
    board = tiny_board("rules: {double_routes: {tracks_may_differ: true}}\n" + UNEQUAL)
    drawn = plan(board, default_theme())
    lay = drawn.routes
    lane = next(ln for ln in lay.lanes if len(ln.routes) > 1)
    assert len(lane.routes) == 3 and sorted(lane.spaces) == [4, 4, 5]
    firsts = [next(sp.box for sp in lane.cars if sp.route == r and sp.index == 0)
              for r in lane.routes]
    for b in firsts:  # parallel
        assert abs(b.ux * firsts[0].ux + b.uy * firsts[0].uy) > 0.99
    # side by side: the tracks lie one pitch (car width and the gap) apart across the lane
    ux, uy = firsts[0].ux, firsts[0].uy
    across = sorted(-(b.cx - firsts[0].cx) * uy + (b.cy - firsts[0].cy) * ux for b in firsts)
    pitch = lay.sizes.car_width + lay.sizes.double_gap
    assert across[1] - across[0] == pytest.approx(pitch, abs=0.5)
    assert across[2] - across[1] == pytest.approx(pitch, abs=0.5)
    assert clashes(drawn) == []
    assert layout_problems(drawn) == []


def test_long_ferries_on_a_crowded_board_keep_even_gaps() -> None:
    """The issue's Greece case: ferries of four to six cars among the islands, measured car
    to car on the drawn board: their gaps differ by less than half a millimetre."""
    drawn = plan(benchmark_board("dense_crowded", "greece_board"), default_theme())
    lay = drawn.routes
    ferries = {lay.board.routes[r].id for lane in lay.lanes for r in lane.routes
               if lay.board.routes[r].kind == "ferry" and lay.board.routes[r].length >= 4}
    assert any(lay.board.routes[r].length == 6 for lane in lay.lanes for r in lane.routes
               if lay.board.routes[r].kind == "ferry")
    uneven = _unevenness(drawn)
    assert ferries and all(uneven[f] < 0.5 for f in ferries), {f: uneven[f] for f in ferries}


def test_tracks_of_a_curved_bundle_are_evened_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cars spaced evenly along a curved bundle's centre line leave its outer and inner
    tracks with uneven gaps; evened out along each track, fewer routes have gaps differing
    by 2 mm or more, and no route's gaps are less even."""
    after = _unevenness(plan(triples_board(**SMALL), default_theme()))
    monkeypatch.setattr(Stagger, "_even_out", lambda self, lane, track: False)
    before = _unevenness(plan(triples_board(**SMALL), default_theme()))
    assert sum(v >= 2.0 for v in after.values()) < sum(v >= 2.0 for v in before.values())
    assert all(after[r] <= before[r] + 1e-6 for r in after)


def _staircases(p: BoardPlan) -> set[str]:
    """Routes two of whose consecutive cars, as drawn, turn more than ``car_turn_max``."""
    lay = p.routes
    out = set()
    for lane in lay.lanes:
        for route in lane.routes:
            boxes = [sp.box for sp in lane.cars if sp.route == route]
            for a, b in zip(boxes, boxes[1:], strict=False):
                turn = math.degrees(math.acos(max(-1.0, min(1.0, a.ux * b.ux + a.uy * b.uy))))
                if turn > lay.sizes.car_turn_max + 0.5:
                    out.add(lay.board.routes[route].id)
    return out


# A 5 x 4 grid with unequal bundles on curves: two cars beside three, spread over the longer
# track's stretch, turn 40 degrees and more from one to the other.
UNEQUAL_CURVES = {"cols": 5, "rows": 4, "seed": 6, "triples": 0.3, "tickets": 4}


def test_a_shorter_track_on_a_curve_draws_its_ends_in(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """Drawn in at both ends, a shorter track's cars lie closer and turn less; they still
    reach both markers (``clashes`` measures that), and nothing else gets worse.  The
    unequal groups are kept in one bundle here, as they were before render/lanes.py parted
    those the straight line cannot hold, so that their shorter tracks ride a curve."""
    monkeypatch.setattr(LaneGeometry, "_parted", lambda self, group: (group,))
    drawn = plan(triples_board(**UNEQUAL_CURVES), default_theme())
    monkeypatch.setattr(Stagger, "draw_in", False)
    before = plan(triples_board(**UNEQUAL_CURVES), default_theme())
    assert _staircases(drawn) < _staircases(before)
    assert set(clashes(drawn)) <= set(clashes(before))
    assert len(layout_problems(drawn)) < len(layout_problems(before))


def test_the_line_judged_for_crossings_spans_the_moved_cars(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """TTR203 judges where tracks cross on the stretch of a lane its cars cover: after tracks
    move alone, that stretch runs from the nearest car's start to the farthest car's end."""

    def wrong(lay: RouteLayout) -> list[str]:
        out = []
        for lane in lay.lanes:
            starts = lay.track_starts(lane)
            lo = min(t[0] for t in starts)
            hi = max(t[-1] for t in starts) + lay.sizes.car_length
            if math.dist(lane.track[0], lane.path.at(lo)) > 1e-6 \
                    or math.dist(lane.track[-1], lane.path.at(hi)) > 1e-6:
                out.append(lay.board.routes[lane.routes[0]].id)
        return out

    assert wrong(plan(triples_board(**SMALL), default_theme()).routes) == []
    # Left as the search placed them, the stretches of the moved lanes would be wrong.
    monkeypatch.setattr(Stagger, "_stretch", lambda self, lane, per_track: lane.track)
    assert wrong(plan(triples_board(**SMALL), default_theme()).routes) != []


def _laid_out(remember: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[list[tuple[
        float, ...]]], int]:
    """The cars of SMALL once laid out, and how many times a track was tried alone."""
    monkeypatch.setattr(Stagger, "remember", remember)
    tried = 0
    improve = Stagger._improve

    def counted(self: Stagger, lane: Lane, track: int) -> bool:
        nonlocal tried
        tried += 1
        return improve(self, lane, track)

    monkeypatch.setattr(Stagger, "_improve", counted)
    lay = RouteLayout(triples_board(**SMALL), default_theme().sizes)
    search.Search(lay).solve()
    return [[tuple(sp.box) for sp in lane.cars] for lane in lay.lanes], tried


def test_a_track_left_as_it_was_is_not_tried_again_and_nothing_moves_for_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A track that stayed where it was is passed over in the next round while no move came
    near its lane: the board's cars are the same as when every track is tried every round,
    with fewer tracks tried."""
    cars, tried = _laid_out(True, monkeypatch)
    every_cars, every_tried = _laid_out(False, monkeypatch)
    assert cars == every_cars
    assert tried < every_tried


def test_a_move_counts_as_near_a_lane_within_a_cars_reach_of_its_path() -> None:
    lay = RouteLayout(triples_board(**SMALL), default_theme().sizes)
    search.Search(lay).solve()
    stagger = Stagger(lay)
    lane = max(lay.lanes, key=lambda ln: ln.path.length)
    x, y = lane.path.at(lane.path.length / 2)
    reach = lane.half_width + lay.sizes.car_length  # a car of the lane can reach this far
    stagger.moves = [(x + reach - 1, y, x + reach + 9, y + 10)]
    assert stagger._moved_near(lane, 0)
    assert not stagger._moved_near(lane, 1)  # no move since the first
    x1 = max(p[0] for p in lane.path.points)
    stagger.moves = [(x1 + reach + 20, y, x1 + reach + 30, y + 10)]
    assert not stagger._moved_near(lane, 0)
