"""``ttrtool fix --layout``: waypoints and small city moves on a crowded board."""

from __future__ import annotations

import math
import sys
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
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from dense_crowded import greece_board
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
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
