"""Variant boards drawn right (R-VAR-4, R-VAR-10): triples as one bundle, coloured ferries
with their locomotive symbols, mountain marks, tracks of one group with different lengths."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.render.conftest import ROOT
from ttrtool import load_map
from ttrtool.model import Board
from ttrtool.render.board import mountain_space, plan, render_board
from ttrtool.render.geometry import point_box_distance
from ttrtool.render.plan import BoardPlan
from ttrtool.render.theme import Theme

SVG = "{http://www.w3.org/2000/svg}"
CASES = ROOT / "tests" / "cases" / "valid"


def _drawn(path: Path, theme: Theme) -> tuple[Board, BoardPlan, ET.Element]:
    board = load_map(path)
    p = plan(board, theme)
    return board, p, ET.fromstring(render_board(board, theme, None, p))


@pytest.fixture(scope="module")
def mountains(theme: Theme) -> tuple[Board, BoardPlan, ET.Element]:
    return _drawn(CASES / "mountains.yaml", theme)


@pytest.fixture(scope="module")
def nordic(theme: Theme) -> tuple[Board, BoardPlan, ET.Element]:
    return _drawn(ROOT / "maps" / "nordiccountries.yaml", theme)


def _route_group(root: ET.Element, route_id: str) -> ET.Element:
    return next(e for e in root.iter(f"{SVG}g") if e.get("id") == f"route-{route_id}")


def test_a_triple_is_one_bundle_of_three_parallel_lanes(theme: Theme) -> None:
    """R-VAR-4: the three tracks of a ``double`` group are drawn side by side, like a double."""
    board, p, root = _drawn(CASES / "triple.yaml", theme)
    triple = [r.index for r in board.routes if r.double == "AB"]
    lanes = [lane for lane in p.routes.lanes if set(lane.routes) & set(triple)]
    assert len(lanes) == 1 and sorted(lanes[0].routes) == triple
    s = theme.sizes
    pitch = s.car_width + s.double_gap
    firsts = {sp.route: sp.box for sp in lanes[0].cars if sp.index == 0}
    boxes = [firsts[r] for r in lanes[0].routes]
    for one, two in zip(boxes, boxes[1:], strict=False):
        assert math.dist((one.cx, one.cy), (two.cx, two.cy)) == pytest.approx(pitch, abs=0.05)
        assert abs(one.ux * two.ux + one.uy * two.uy) == pytest.approx(1.0, abs=1e-6)
    tracks = [e for e in root.iter(f"{SVG}path") if e.get("class") == "track"
              and e.get("id", "").startswith("track-aston-bury")]
    assert len(tracks) == 3 and len({e.get("d") for e in tracks}) == 3


def test_coloured_ferries_show_their_colour_and_locomotive_symbols(
        nordic: tuple[Board, BoardPlan, ET.Element], theme: Theme) -> None:
    """R-VAR-2: a coloured ferry is drawn in its colour and keeps its locomotive symbols."""
    board, _p, root = nordic
    coloured = [r for r in board.routes if r.kind == "ferry" and not r.is_gray]
    assert len(coloured) >= 10
    for r in coloured:
        g = _route_group(root, r.id)
        fills = {e.get("fill") for e in g.iter(f"{SVG}rect")}
        assert fills == {theme.route_color(r.color)}, r.id
        locos = [e for e in g.iter(f"{SVG}use") if e.get("class") == "loco"]
        assert len(locos) == r.locomotives > 0, r.id


def test_every_mountain_route_carries_one_mark_with_its_count(
        mountains: tuple[Board, BoardPlan, ET.Element]) -> None:
    """R-VAR-10: a mountain route shows a mountain mark and how many extra trains it takes."""
    board, _p, root = mountains
    marked = [r for r in board.routes if r.mountains]
    assert len(marked) == 2
    for r in board.routes:
        marks = [e for e in _route_group(root, r.id).iter(f"{SVG}g")
                 if e.get("class") == "mountain"]
        assert len(marks) == (1 if r.mountains else 0), r.id
        if r.mountains:
            assert marks[0].get("data-mountains") == str(r.mountains)
            assert "".join(marks[0].itertext()) == str(r.mountains)
    assert any(e.get("id") == "sym-mountain" for e in root.iter(f"{SVG}g"))
    keys = [e for e in root.iter(f"{SVG}g") if "key-mountain" in e.get("class", "")]
    assert len(keys) == 1


def test_boards_without_mountains_have_no_mountain_mark_or_key(svgs: dict[str, bytes]) -> None:
    for name, data in svgs.items():
        root = ET.fromstring(data)
        assert not any("mountain" in e.get("class", "") or e.get("id") == "sym-mountain"
                       for e in root.iter()), name


def test_the_mountain_mark_avoids_a_ferrys_locomotive_spaces(
        mountains: tuple[Board, BoardPlan, ET.Element]) -> None:
    board, _p, _root = mountains
    ferry = next(r for r in board.routes if r.kind == "ferry")
    route = type(ferry)(**{**ferry.__dict__, "mountains": 1, "length": 3, "locomotives": 2})
    assert mountain_space(route) == 2
    plain = next(r for r in board.routes if r.mountains and r.kind == "normal")
    assert mountain_space(plain) == (plain.length - 1) // 2


def test_a_shorter_track_of_a_bundle_reaches_both_markers(
        nordic: tuple[Board, BoardPlan, ET.Element], theme: Theme) -> None:
    """R-VAR-5: Nordic Countries pairs tracks of 5 and 6 (Mo i Rana-Trondheim): the shorter
    one's cars are spread over the same stretch, so both its ends stay next to the markers."""
    board, p, _root = nordic
    lay = p.routes
    short = next(r for r in board.routes if r.id == "mo-i-rana-trondheim-green")
    lane = next(lane for lane in lay.lanes if short.index in lane.routes)
    assert len(set(lane.spaces)) == 2
    cars = sorted((sp for sp in lane.cars if sp.route == short.index), key=lambda sp: sp.index)
    assert len(cars) == short.length
    start = lay.pos[lane.a] if lane.a == short.a else lay.pos[lane.b]
    end = lay.pos[short.b] if start == lay.pos[short.a] else lay.pos[short.a]
    near = min(point_box_distance(cars[0].box, start), point_box_distance(cars[-1].box, start))
    far = min(point_box_distance(cars[0].box, end), point_box_distance(cars[-1].box, end))
    limit = theme.sizes.city_radius + theme.sizes.end_gap_max
    assert near <= limit and far <= limit


@pytest.mark.parametrize("groups", [
    ("double: AB", "double: AB", "double: AB"),  # one group of three
    ("double: AB", "double: AB", ""),  # a double and a third route, as converted maps write it
    ("", "", ""),  # three routes between the same places
    ("", "double: AB", "double: AB"),
])
@pytest.mark.parametrize("lengths", [(2, 2, 2), (4, 4, 5)])
def test_parallel_routes_between_two_places_are_one_bundle(
        theme: Theme, tmp_path: Path, groups: tuple[str, str, str],
        lengths: tuple[int, int, int]) -> None:
    """However a map writes three tracks between the same two places (a triple, a double and
    a third route, three routes; of equal or unequal lengths, R-VAR-5), they are drawn as one
    bundle of three parallel tracks, like a double, and do not overlap."""
    from ttrtool.render.problems import layout_problems

    text = (CASES / "triple.yaml").read_text(encoding="utf-8")
    text = text.replace("players: {min: 2, max: 4}",
                        "players: {min: 2, max: 4}\n  double_routes: {tracks_may_differ: true}")
    text = text.replace("trains_per_player: 4", "trains_per_player: 9")
    for color, group, n in zip(("red", "blue", "pink"), groups, lengths, strict=True):
        tag = f", {group}" if group else ""
        text = text.replace(f"length: 2, color: {color}, double: AB}}",
                            f"length: {n}, color: {color}{tag}}}")
    path = tmp_path / "triple.yaml"
    path.write_text(text, encoding="utf-8")
    board, p, _root = _drawn(path, theme)
    three = [r.index for r in board.routes if {r.a, r.b} == {0, 1}]
    assert [board.routes[r].length for r in three] == list(lengths)
    lanes = [lane for lane in p.routes.lanes if set(lane.routes) & set(three)]
    assert len(lanes) == 1 and sorted(lanes[0].routes) == three
    assert [q for q in layout_problems(p) if q.code in ("TTR201", "TTR203")] == []
