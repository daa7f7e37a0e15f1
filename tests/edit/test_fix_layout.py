"""``ttrtool fix --layout``: waypoints and small city moves on a crowded board."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from ttrtool.edit.fixing import FixRequest, fix_map
from ttrtool.render.problems import not_clean
from ttrtool.validate import validate_file

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def greece_text() -> str:
    """The Greece-like board of benchmarks/dense_crowded.py, with comments to keep."""
    from benchmarks.dense_crowded import greece_board

    text: str = greece_board()
    return ("# A fan board: Greece, crowded round Larissa and Athina.\n" + text
            .replace("cities:\n", "cities:\n  # the mainland first\n", 1)
            .replace("routes:\n", "routes:  # as printed\n", 1))


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "greece.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def _positions(text: str) -> dict[str, list[float]]:
    return {c["name"]: c["pos"] for c in yaml.safe_load(text)["cities"]}


def _drawn_badly(path: Path) -> list[str]:
    """The routes `render` and `validate --layout` name for the file as written."""
    from ttrtool.render.board import plan
    from ttrtool.render.problems import layout_problems
    from ttrtool.render.theme import default_theme

    board = validate_file(path).board
    assert board is not None
    p = plan(board, default_theme())
    return not_clean(p.routes, layout_problems(p))


@pytest.mark.slow  # over 8 s: make test-slow and CI
def test_unsafe_layout_fix_leaves_few_routes_and_moves_no_city_far(
        greece_text: str, tmp_path: Path) -> None:
    p = _write(tmp_path, greece_text)
    before = _drawn_badly(p)
    assert len(before) >= 4
    report = fix_map(FixRequest(p, layout=True, unsafe=True))
    assert report.written and report.layout is not None
    text = p.read_text(encoding="utf-8")
    after = _drawn_badly(p)
    assert list(report.layout.after.routes) == after  # what the fix reports is what render sees
    assert len(after) <= 3 < len(before)
    old, new = _positions(greece_text), _positions(text)
    moved = {k: math.dist(old[k], new[k]) * report.layout.after.scale
             for k in old if old[k] != new[k]}
    assert moved and max(moved.values()) <= 15.0
    assert moved.keys() == report.layout.moved.keys()
    for line in greece_text.splitlines():
        if line.lstrip().startswith("#") or "# as printed" in line:
            assert line in text
    assert not validate_file(p).errors
    # idempotent: a second run changes nothing
    again = fix_map(FixRequest(p, layout=True, unsafe=True))
    assert not again.written and p.read_text(encoding="utf-8") == text


def test_safe_layout_fix_moves_no_city(greece_text: str, tmp_path: Path) -> None:
    p = _write(tmp_path, greece_text)
    report = fix_map(FixRequest(p, layout=True))
    assert report.layout is not None
    assert all(c.safe for c in report.changes)
    assert report.layout.held_back > 0  # the moves the messages suggest, left for --unsafe
    assert _positions(p.read_text(encoding="utf-8")) == _positions(greece_text)
    assert len(report.layout.after.routes) <= len(report.layout.before.routes)


def test_max_move_bounds_every_move(greece_text: str, tmp_path: Path) -> None:
    p = _write(tmp_path, greece_text)
    report = fix_map(FixRequest(p, layout=True, unsafe=True, max_move_mm=2.0, write=False))
    assert report.layout is not None
    assert all(mm <= 2.0 for mm in report.layout.moved.values())
    assert p.read_text(encoding="utf-8") == greece_text  # write=False: --diff


def test_tracks_that_cross_get_a_city_moved_across_the_other_line(
        greece_text: str, tmp_path: Path) -> None:
    from ttrtool.edit.layout import UNCROSS_MM, _uncross, draw
    from ttrtool.edit.roundtrip import MapFile
    from ttrtool.render.theme import default_theme

    drawn = draw(MapFile.read(_write(tmp_path, greece_text)), default_theme())
    assert drawn is not None
    crossing = next(p for p in drawn.problems if p.code == "TTR203")
    assert crossing.fixes == ()  # the message names no fix: the loop finds one
    fixes = _uncross(drawn, crossing)
    assert fixes and [f.mm for f in fixes] == sorted(f.mm for f in fixes)
    board = drawn.board
    for fix in fixes:
        route = next(board.routes[r] for r in crossing.routes
                     if fix.subject in (board.routes[r].a, board.routes[r].b))
        other = next(board.routes[r] for r in crossing.routes if board.routes[r] is not route)
        line = (board.nodes[other.a].pos, board.nodes[other.b].pos)
        far_end = route.b if fix.subject == route.a else route.a
        before, after = _side(line, board.nodes[fix.subject].pos), _side(line, fix.at)
        assert before * after < 0  # now on the other side of the other track's line
        assert after * _side(line, board.nodes[far_end].pos) > 0  # ... with its other end
        assert abs(abs(after) * drawn.scale - UNCROSS_MM) < 1.0  # rounded to whole pixels


def _side(line: tuple[tuple[float, float], tuple[float, float]], p: tuple[float, float]
          ) -> float:
    """The signed distance of ``p`` from the line through ``line``'s two points."""
    (x1, y1), (x2, y2) = line
    return ((p[0] - x1) * (y1 - y2) + (p[1] - y1) * (x2 - x1)) / math.dist(*line)


GAP = """\
# Two cities a little too far apart for their one-space route.
format: 1
meta: {id: gap, name: Gap}
board: {width: 400, height: 300, units: px, print_width_mm: 422}
rules:
  players: {min: 2, max: 2}
  trains_per_player: 3
  end_trigger_trains: 0
  tickets: {setup_deal: {regular: 1}, setup_keep_min: 1, draw: 1}
cities:
  - {name: Aston, pos: [100, 150]}
  - {name: Bury, pos: [186, 150]}  # placed by hand
  - {name: Crewe, pos: [137, 260]}
routes:
  - {a: Aston, b: Bury, length: 1, color: red}
  - {a: Bury, b: Crewe, length: 3, color: gray}
  - {a: Aston, b: Crewe, length: 3, color: green}
tickets:
  regular:
    - {from: Aston, to: Bury, points: 1}
    - {from: Bury, to: Crewe, points: 3}
"""


def test_a_route_that_stops_short_brings_its_places_closer(tmp_path: Path) -> None:
    p = tmp_path / "gap.yaml"
    p.write_text(GAP, encoding="utf-8")
    codes = [d.code for d in validate_file(p, select=["TTR2"]).diagnostics]
    assert codes == ["TTR208", "TTR208"]  # one car, stopping short of both places
    report = fix_map(FixRequest(p, layout=True, unsafe=True))
    assert report.written and report.layout is not None
    assert [d.code for d in validate_file(p, select=["TTR2"]).diagnostics] == []
    text = p.read_text(encoding="utf-8")
    assert "# placed by hand" in text and text.startswith("# Two cities")
    assert 0 < max(report.layout.moved.values()) <= 8.0
    assert _positions(text)["Crewe"] == [137, 260]
    assert not fix_map(FixRequest(p, layout=True, unsafe=True)).written
    p.write_text(GAP, encoding="utf-8")
    safe = fix_map(FixRequest(p, layout=True))  # a move is unsafe: nothing without --unsafe
    assert safe.layout is not None and not safe.written and safe.layout.held_back == 2


def test_a_run_that_reaches_its_bound_says_so(greece_text: str, tmp_path: Path) -> None:
    p = _write(tmp_path, greece_text)
    short = fix_map(FixRequest(p, layout=True, unsafe=True, write=False, max_layouts=1))
    assert short.layout is not None and short.layout.stopped_early
    assert short.layout.layouts == 1 and not short.changes
    assert any("stopped after 1 layouts" in line for line in short.summary())
