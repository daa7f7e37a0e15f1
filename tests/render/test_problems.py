"""One truth: `render` and `validate --layout` report the problems of one function; hubs
that cannot fit are named with a concrete fix; maps with errors are not laid out by
`validate --layout` unless asked; `render --draft` draws what it can."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tests.render.conftest import HEADER, benchmark_board, dense_board
from tests.render.test_render_command import write_map
from ttrtool.checks.layout import layout_findings
from ttrtool.cli import app
from ttrtool.render.board import plan
from ttrtool.render.problems import layout_problems, not_clean
from ttrtool.render.theme import default_theme
from ttrtool.validate import validate_text

runner = CliRunner()

# A hub: H with five routes, two of them (to E and F) leaving 5 degrees apart between two
# others, so that no bend clears them.
HUB = """cities:
  - {name: H, pos: [200, 150]}
  - {name: E, pos: [330, 150]}
  - {name: F, pos: [328, 162]}
  - {name: P, pos: [315, 110]}
  - {name: Q, pos: [315, 190]}
  - {name: W, pos: [70, 150]}
routes:
  - {a: H, b: E, length: 4, color: red}
  - {a: H, b: F, length: 4, color: blue}
  - {a: H, b: P, length: 4, color: green}
  - {a: H, b: Q, length: 4, color: white}
  - {a: H, b: W, length: 4, color: black}
tickets:
  regular:
    - {from: P, to: Q, points: 7}
    - {from: W, to: E, points: 8}
"""
RULES = ("rules: {tickets: {setup_deal: {regular: 1}, setup_keep_min: 1}, "
         "players: {min: 2, max: 2}}\n")


def _ids(text: str) -> set[str]:
    return set(re.findall(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b", text))


def test_render_names_exactly_the_routes_validate_lists(tmp_path: Path) -> None:
    src = tmp_path / "hub.yaml"
    src.write_text(HEADER + RULES + HUB, encoding="utf-8")
    rendered = runner.invoke(app, ["render", str(src), "-o", str(tmp_path / "hub.svg")])
    assert rendered.exit_code == 0, rendered.output
    line = next(ln for ln in rendered.output.splitlines() if "could not be drawn" in ln)
    found = re.search(r"cleanly \(([^)]*)\)", line)
    assert found is not None
    named = _ids(found.group(1))
    checked = runner.invoke(app, ["validate", "--select", "TTR2", str(src)])
    listed = {m for ln in checked.output.splitlines() if "TTR2" in ln
              for m in _ids(ln.split("]", 1)[1]) if m in {"h-e", "h-f", "h-p", "h-q", "h-w"}}
    assert named == listed == {"h-e", "h-f"}


def test_the_same_set_on_a_dense_board() -> None:
    board = dense_board(cols=6, rows=4, seed=3, doubles=0.5, diagonals=0.6)
    the_plan = plan(board, default_theme())
    problems = layout_problems(the_plan)
    found = layout_findings(board, the_plan)
    ids = {r.id for r in board.routes}
    listed = {i for fs in found.values() for f in fs for i in _ids(f.message) if i in ids}
    assert set(not_clean(the_plan.routes, problems)) == listed
    assert sum(len(fs) for fs in found.values()) == len(problems)


def test_a_hub_that_cannot_fit_is_named_with_a_move_and_a_waypoint() -> None:
    result = validate_text(HEADER + HUB, "hub.yaml", select=("TTR201",))
    messages = [d.message for d in result.diagnostics if d.code == "TTR201"]
    assert len(messages) == 1
    m = messages[0]
    assert "at H the two leave 5° apart and need about 28°" in m
    move = re.search(r"move (E|F) by (\d+) px .* to \[(\d+), (\d+)\]", m)
    assert move is not None and int(move.group(2)) > 5
    assert re.search(r"or give h-[ef] a waypoint at \[\d+, \d+\]", m)


def test_the_suggested_move_and_the_suggested_waypoint_each_clear_the_hub() -> None:
    result = validate_text(HEADER + HUB, "hub.yaml", select=("TTR201",))
    m = next(d.message for d in result.diagnostics if d.code == "TTR201")
    found = re.search(r"move (E|F) by \d+ px .* to \[(\d+), (\d+)\]", m)
    assert found is not None
    city, x, y = found.groups()
    old = {"E": "[330, 150]", "F": "[328, 162]"}[city]
    fixed = HUB.replace(f"{{name: {city}, pos: {old}}}", f"{{name: {city}, pos: [{x}, {y}]}}")
    after = validate_text(HEADER + fixed, "hub.yaml", select=("TTR2",))
    assert [d for d in after.diagnostics if d.code == "TTR201"] == []
    way = re.search(r"give (h-[ef]) a waypoint at (\[\d+, \d+\])", m)
    assert way is not None
    route, at = way.groups()
    b = route[-1].upper()
    pinned = HUB.replace(f"{{a: H, b: {b}, length: 4,",
                         f"{{a: H, b: {b}, waypoints: [{at}], length: 4,")
    assert pinned != HUB
    after = validate_text(HEADER + pinned, "hub.yaml", select=("TTR2",))
    assert [d for d in after.diagnostics if d.code == "TTR201"] == []


def test_a_covered_city_is_told_how_far_to_move() -> None:
    body = """cities:
  - {name: A, pos: [60, 150]}
  - {name: B, pos: [340, 150]}
  - {name: C, pos: [200, 153]}
routes:
  - {a: A, b: B, length: 10, color: red, waypoints: [[200, 150]]}
  - {a: A, b: C, length: 5, color: blue, waypoints: [[130, 100]]}
tickets:
  regular:
    - {from: A, to: B, points: 5}
"""
    result = validate_text(HEADER + body, "c.yaml", select=("TTR202",))
    m = next(d.message for d in result.diagnostics if d.code == "TTR202" and "a-b" in d.message)
    assert re.search(r"move C by \d+ px \(\d+ mm on the printed board\) to \[200, \d+\]", m)


def test_validate_layout_skips_a_map_with_errors_unless_asked(tmp_path: Path) -> None:
    broken = HUB.replace("{from: N, to: S", "{from: Nowhere, to: S")
    with_layout = validate_text(HEADER + broken, "b.yaml", select=("TTR", "TTR2"))
    codes = {d.code for d in with_layout.diagnostics}
    assert "TTR200" in codes and not codes & {"TTR201", "TTR202"}
    alone = validate_text(HEADER + broken, "b.yaml", select=("TTR2",))
    assert "TTR201" in {d.code for d in alone.diagnostics}
    clean = validate_text(HEADER + RULES + HUB, "h.yaml", select=("TTR", "TTR2"))
    assert "TTR200" not in {d.code for d in clean.diagnostics}


def test_draft_draws_a_map_without_tickets_and_still_exits_1(tmp_path: Path) -> None:
    src = tmp_path / "draft.yaml"
    src.write_text(HEADER + RULES + HUB.split("tickets:")[0], encoding="utf-8")
    out = tmp_path / "draft.svg"
    plain = runner.invoke(app, ["render", str(src), "-o", str(out)])
    assert plain.exit_code == 1 and not out.exists()
    drafted = runner.invoke(app, ["render", str(src), "-o", str(out), "--draft"])
    assert drafted.exit_code == 1
    assert "missing 'tickets'" in drafted.output and "draft" in drafted.output
    svg = out.read_text(encoding="utf-8")
    assert 'id="layer-draft"' in svg and "DRAFT: the map has 1 error;" in svg
    assert 'id="route-h-e"' in svg


def test_draft_draws_a_map_with_a_bad_ticket_value(tmp_path: Path) -> None:
    src = tmp_path / "bad.yaml"
    src.write_text(HEADER + RULES + HUB.replace("points: 7", "points: -3"), encoding="utf-8")
    out = tmp_path / "bad.svg"
    drafted = runner.invoke(app, ["render", str(src), "-o", str(out), "--draft"])
    assert drafted.exit_code == 1 and out.exists(), drafted.output


def test_draft_does_not_draw_a_map_whose_routes_are_wrong(tmp_path: Path) -> None:
    src = tmp_path / "wrong.yaml"
    src.write_text(HEADER + RULES + HUB.replace("{a: H, b: E", "{a: H, b: Nowhere"),
                   encoding="utf-8")
    out = tmp_path / "wrong.svg"
    drafted = runner.invoke(app, ["render", str(src), "-o", str(out), "--draft"])
    assert drafted.exit_code == 1 and not out.exists()
    assert "cannot be drawn even as a draft" in drafted.output


def test_a_clean_map_is_not_marked_draft(tmp_path: Path) -> None:
    src = write_map(tmp_path)
    out = tmp_path / "clean.svg"
    result = runner.invoke(app, ["render", str(src), "-o", str(out), "--draft"])
    assert result.exit_code == 0
    assert "layer-draft" not in out.read_text(encoding="utf-8")


def test_a_route_stopping_short_at_a_hub_names_the_route_it_gives_way_to() -> None:
    """On a crowded triple board (USA with every double a triple) a route that stops short
    where it keeps out of another's way (TTR208) names that route, the hub and the fix that
    turns the two apart; a route that stops short for want of length still gets the plain
    advice."""
    board = benchmark_board("dense_crowded", "tripled_board")
    problems = [p for p in layout_problems(plan(board, default_theme())) if p.code == "TTR208"]
    hub = [p for p in problems if "keep out of the way of" in p.message]
    assert hub, [p.message for p in problems]
    for p in hub:
        assert re.search(r"keep out of the way of \S+ at (.+?), where \d+ routes meet; at \1 "
                         r"the two leave \d+° apart and need about \d+°; (move .+? by \d+ px|"
                         r"give \S+ a waypoint at \[)", p.message)
        # Two tracks of one group drawn as two lanes: moving a place would not part them.
        a, c = (board.routes[r] for r in p.routes)
        assert ("move " in p.message) == ({a.a, a.b} != {c.a, c.b}), p.message
