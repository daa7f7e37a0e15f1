"""Unequal parallel tracks (R-VAR-5) between places too close for the longest of them: the
shorter tracks as one bundle, the longest on a lane of their own beside it
(render/lanes.py, ``LaneGeometry._parted``).  Judged on the drawn cars with shapely."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import LineString, Polygon

from tests.render.conftest import tiny_board
from tests.render.test_stagger import clashes
from ttrtool.model import Board
from ttrtool.render.board import plan
from ttrtool.render.lanes import LaneGeometry
from ttrtool.render.plan import BoardPlan
from ttrtool.render.problems import layout_problems
from ttrtool.render.theme import default_theme

COLORS = ("red", "blue", "green")


def _board(lengths: tuple[int, ...], apart: int) -> Board:
    """Bombay and Madras ``apart`` mm apart, joined by one double group of ``lengths``,
    Bombay a hub of two more routes."""
    group = "\n".join(f"  - {{a: Bombay, b: Madras, length: {n}, color: {c}, double: BM}}"
                      for n, c in zip(lengths, COLORS, strict=False))
    return tiny_board(f"""rules: {{double_routes: {{tracks_may_differ: true}}}}
cities:
  - {{name: Bombay, pos: [100, 150]}}
  - {{name: Madras, pos: [{100 + apart}, 150]}}
  - {{name: Delhi, pos: [100, 40]}}
  - {{name: Goa, pos: [100, 260]}}
routes:
{group}
  - {{a: Bombay, b: Delhi, length: 3, color: gray}}
  - {{a: Bombay, b: Goa, length: 3, color: yellow}}
tickets:
  regular:
    - {{from: Delhi, to: Goa, points: 6}}
""")


def _cars(p: BoardPlan) -> dict[str, list[Polygon]]:
    """Each route's car polygons, in order."""
    lay = p.routes
    out: dict[str, list[Polygon]] = {}
    for sp in lay.spaces():
        out.setdefault(lay.board.routes[sp.route].id, []).append(Polygon(sp.box.corners()))
    return out


def _axis(car: Polygon) -> tuple[float, float]:
    """The direction of a car's long side."""
    (x0, y0), (x1, y1), (x2, y2) = list(car.exterior.coords)[:3]
    if math.dist((x0, y0), (x1, y1)) < math.dist((x1, y1), (x2, y2)):
        x0, y0, x1, y1 = x1, y1, x2, y2
    n = math.dist((x0, y0), (x1, y1))
    return (x1 - x0) / n, (y1 - y0) / n


def sharpest_turn(p: BoardPlan) -> float:
    """The largest angle (degrees) between two consecutive cars of any route, as drawn."""
    worst = 0.0
    for cars in _cars(p).values():
        for a, b in zip(cars, cars[1:], strict=False):
            (ax, ay), (bx, by) = _axis(a), _axis(b)
            worst = max(worst, math.degrees(math.acos(min(1.0, abs(ax * bx + ay * by)))))
    return worst


CASES = [((3, 3, 4), 100), ((3, 3, 4), 105), ((4, 4, 5), 120), ((2, 3), 70)]


@pytest.mark.parametrize(("lengths", "apart"), CASES)
def test_the_longest_track_takes_a_lane_of_its_own_beside_the_others(
        lengths: tuple[int, ...], apart: int) -> None:
    """Four cars where three fit the straight line (and five where four do, three where two
    do): the shorter tracks are one bundle, the longest its own lane; every car turns at
    most ``car_turn_max`` from the one before, both ends of every route reach their
    markers, nothing overlaps, and the longest track's line of cars crosses no other
    track's."""
    drawn = plan(_board(lengths, apart), default_theme())
    lay = drawn.routes
    longest = max(lengths)
    assert sorted(ln.spaces for ln in lay.lanes if {ln.a, ln.b} == {0, 1}) == sorted(
        [tuple(n for n in lengths if n < longest), (longest,)])
    assert clashes(drawn) == []
    assert sharpest_turn(drawn) <= lay.sizes.car_turn_max + 0.5
    assert layout_problems(drawn) == []
    cars = _cars(drawn)
    lines = {r: LineString([c.centroid for c in cs]) for r, cs in cars.items()
             if r.startswith("bombay-madras") and len(cs) > 1}
    long_id = next(r for r in lines if len(cars[r]) == longest)
    assert all(not lines[long_id].intersects(line) for r, line in lines.items() if r != long_id)


@pytest.mark.parametrize(("lengths", "apart"), CASES)
def test_kept_in_one_bundle_the_shorter_tracks_turn_sharply(
        monkeypatch: pytest.MonkeyPatch, lengths: tuple[int, ...], apart: int) -> None:
    """The test above can fail: kept in one bundle, the tracks follow the longest one's
    curve, and a shorter track's cars, spread over it, turn more than ``car_turn_max``."""
    monkeypatch.setattr(LaneGeometry, "_parted", lambda self, group: (group,))
    drawn = plan(_board(lengths, apart), default_theme())
    assert sharpest_turn(drawn) > drawn.routes.sizes.car_turn_max + 0.5
    assert layout_problems(drawn) != []


def test_a_group_that_fits_the_straight_line_stays_one_bundle() -> None:
    """Five cars with room for five: one bundle of three, as before."""
    lay = plan(_board((4, 4, 5), 150), default_theme()).routes
    assert [ln.spaces for ln in lay.lanes if {ln.a, ln.b} == {0, 1}] == [(4, 4, 5)]
