"""Small hand-made maps that trigger each layout warning (TTR201-TTR208), and one that is clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.render.conftest import HEADER, tiny_board
from ttrtool.checks.layout import layout_findings
from ttrtool.validate import validate_text

TICKET = "tickets:\n  regular:\n    - {from: A, to: B, points: 5}\n"

CLEAN = """cities:
  - {name: A, pos: [100, 100]}
  - {name: B, pos: [250, 100]}
  - {name: C, pos: [175, 220]}
routes:
  - {a: A, b: B, length: 5, color: red}
  - {a: B, b: C, length: 5, color: blue}
  - {a: C, b: A, length: 5, color: gray}
""" + TICKET

# Both diagonals of a square, pinned straight by a waypoint at the centre.
CROSSING = """cities:
  - {name: A, pos: [100, 100]}
  - {name: B, pos: [260, 260]}
  - {name: C, pos: [100, 260]}
  - {name: D, pos: [260, 100]}
routes:
  - {a: A, b: B, length: 8, color: red, waypoints: [[180, 180]]}
  - {a: C, b: D, length: 8, color: blue, waypoints: [[180, 180]]}
""" + TICKET

# A track pinned through the middle of another city.
THROUGH_CITY = """cities:
  - {name: A, pos: [60, 150]}
  - {name: B, pos: [200, 150]}
  - {name: C, pos: [340, 150]}
routes:
  - {a: A, b: C, length: 10, color: red, waypoints: [[200, 150]]}
  - {a: A, b: B, length: 1, color: blue, waypoints: [[130, 100]]}
""" + TICKET

TOO_SHORT = """cities:
  - {name: A, pos: [40, 150]}
  - {name: B, pos: [370, 150]}
routes:
  - {a: A, b: B, length: 1, color: red}
""" + TICKET

TOO_LONG = """cities:
  - {name: A, pos: [190, 150]}
  - {name: B, pos: [210, 150]}
routes:
  - {a: A, b: B, length: 12, color: red}
""" + TICKET

# Twenty long-named cities on one spot: their labels cannot all find room.
CROWD = "cities:\n" + "".join(
    f"  - {{name: 'A long city name number {i}', pos: [{200 + i % 2}, {150 + i % 3}]}}\n"
    for i in range(20)) + """  - {name: A, pos: [60, 60]}
  - {name: B, pos: [340, 60]}
routes:
  - {a: A, b: B, length: 10, color: red}
""" + TICKET


# A route pinned over a border point's disc (border points are markers too).
OVER_BORDER = """cities:
  - {name: A, pos: [100, 150]}
  - {name: B, pos: [300, 150]}
countries:
  - name: Nord
    border_points:
      - {id: N1, pos: [200, 150]}
      - {id: N2, pos: [200, 25]}
routes:
  - {a: A, b: B, length: 7, color: red, waypoints: [[200, 150]]}
  - {a: A, b: Nord, border_point: N2, length: 5, color: blue}
""" + TICKET

# Waypoints that fold a three-car route into a V: its cars turn 75 degrees.
STAIRCASE = """cities:
  - {name: A, pos: [100, 150]}
  - {name: B, pos: [200, 150]}
routes:
  - {a: A, b: B, length: 3, color: red, waypoints: [[125, 150], [150, 200], [175, 150]]}
""" + TICKET

# One car between cities 80 mm apart: 24 mm of empty track at each end at car_length, still
# 17 mm with the car stretched as far as the theme allows (38.4 mm).
END_GAP = """cities:
  - {name: A, pos: [100, 150]}
  - {name: B, pos: [180, 150]}
routes:
  - {a: A, b: B, length: 1, color: red}
""" + TICKET


def codes(body: str) -> set[str]:
    return {code for code, found in layout_findings(tiny_board(body)).items() if found}


def test_clean_map_has_no_layout_warning() -> None:
    assert codes(CLEAN) == set()


@pytest.mark.parametrize(("body", "code"), [
    (CROSSING, "TTR201"),
    (THROUGH_CITY, "TTR202"),
    (CROSSING, "TTR203"),
    (CROWD, "TTR204"),
    (TOO_SHORT, "TTR205"),
    (TOO_LONG, "TTR206"),
    (OVER_BORDER, "TTR202"),
    (STAIRCASE, "TTR207"),
    (END_GAP, "TTR208"),
])
def test_each_layout_warning_fires(body: str, code: str) -> None:
    assert code in codes(body)


def test_validate_reports_layout_warnings_with_line_and_column() -> None:
    result = validate_text(HEADER + TOO_SHORT, "short.yaml", select=("TTR2",))
    found = [d for d in result.diagnostics if d.code == "TTR205"]
    assert len(found) == 1
    assert not found[0].is_error
    assert (found[0].location.line, found[0].location.column) == (8, 26)


def test_validate_layout_flag_adds_the_layout_checks_to_the_others(tmp_path: Path) -> None:
    from ttrtool.commands.validate import fast_main

    # Too short to draw (TTR205; its one car also stops short of both cities, TTR208) and a
    # ticket whose points are far from its cost (TTR406).
    path = tmp_path / "short.yaml"
    path.write_text(HEADER + TOO_SHORT.replace("points: 5", "points: 4"), encoding="utf-8")

    def found(*options: str) -> set[str]:
        import contextlib
        import io
        import json

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            fast_main(["validate", "-f", "json", *options, str(path)])
        return {d["code"] for f in json.loads(out.getvalue())["files"]
                for d in f["diagnostics"]}

    assert "TTR406" in found() and not any(c.startswith("TTR2") for c in found())
    # The map has an error (TTR316, too few tickets): the layout is not made, TTR200 says so.
    assert {"TTR200", "TTR406", "TTR316"} <= found("--layout")
    assert "TTR205" not in found("--layout")
    assert {"TTR205", "TTR208"} <= found("--select", "TTR2")  # asked for alone: laid out
    assert found("--layout", "--select", "TTR4") == {"TTR205", "TTR208", "TTR406"}
    assert found("--layout", "--select", "TTR4", "--ignore", "TTR205,TTR208") == {"TTR406"}


def test_messages_name_the_border_point_the_turn_and_the_gap() -> None:
    def messages(body: str, code: str) -> list[str]:
        return [f.message for f in layout_findings(tiny_board(body))[code]]

    assert any("border point N1 of Nord" in m for m in messages(OVER_BORDER, "TTR202"))
    assert any("turn 7" in m and "33°" in m for m in messages(STAIRCASE, "TTR207"))
    gaps = messages(END_GAP, "TTR208")
    assert len(gaps) == 2 and all(
        "(38.4 mm, stretched as far as car_stretch_max (1.6) allows) stop 17 mm short of" in m
        for m in gaps)


def test_straight_routes_neither_turn_nor_gap() -> None:
    found = layout_findings(tiny_board(CLEAN))
    assert found["TTR207"] == [] and found["TTR208"] == []
