"""The printed size of a board: derived from its longer side unless the map gives it, and
named in the layout hints when it is the likely cause of the warnings."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from ttrtool.checks.layout import layout_findings
from ttrtool.loader import parse_map_text
from ttrtool.model import Board, build_board
from ttrtool.render.geometry import board_frame
from ttrtool.render.theme import default_theme

REFERENCE = Path(__file__).resolve().parent.parent / "reference"


def reference_board(name: str, board_line: str) -> Board:
    """A map file made from the reference tables of an official board (cities, routes and
    tickets as transcribed; ``board_line`` gives its size)."""
    folder = REFERENCE / name
    lines = ["format: 1", f"meta: {{id: {name}, name: '{name} (reference)'}}", board_line,
             "cities:"]
    with (folder / "cities.csv").open(encoding="utf-8") as f:
        lines += [f"  - {{name: \"{c['name']}\", pos: [{c['x']}, {c['y']}]}}"
                  for c in csv.DictReader(f)]
    lines.append("routes:")
    with (folder / "routes.csv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            extra = f", double: \"{r['double_group']}\"" if r["double_group"] else ""
            if r["kind"] == "ferry":
                extra += f", kind: ferry, locomotives: {r['locomotives']}"
            lines.append(f"  - {{a: \"{r['a']}\", b: \"{r['b']}\", length: {r['length']}, "
                         f"color: {r['color']}{extra}}}")
    lines += ["tickets:", "  regular:"]
    with (folder / "tickets.csv").open(encoding="utf-8") as f:
        lines += [f"    - {{from: \"{t['from']}\", to: \"{t['to']}\", points: {t['points']}}}"
                  for t in csv.DictReader(f) if t["deck"] == "regular"]
    doc = parse_map_text("\n".join(lines) + "\n", f"{name}.yaml")
    board, errors = build_board(doc.data, doc.file)
    assert errors == []
    return board


PORTRAIT = "board: {width: 1125, height: 1744, units: px}"


def test_a_portrait_board_prints_800_mm_tall_by_default() -> None:
    frame = board_frame(reference_board("india", PORTRAIT), default_theme().sizes)
    width, height = frame.page
    assert height == pytest.approx(800.0)
    assert width == pytest.approx(22 + 778 * 1125 / 1744)


def test_a_landscape_board_keeps_800_mm_wide_and_a_given_width_wins() -> None:
    sizes = default_theme().sizes
    landscape = reference_board("india", "board: {width: 1744, height: 1125, units: px}")
    assert board_frame(landscape, sizes).page[0] == pytest.approx(800.0)
    given = reference_board("india", PORTRAIT[:-1] + ", print_width_mm: 600}")
    assert board_frame(given, sizes).page[0] == pytest.approx(600.0)


def test_the_portrait_reference_board_draws_without_bogus_length_warnings() -> None:
    """Printed 800 mm wide (1.55 times too large) the India board had 112 routes too short
    for their distance or stopping short of a city; at its derived size one was left,
    Calcutta-Madras, 8 spaces along the coast, drawn bent on the printed board: its cars
    are now stretched to fill it (docs/render.md), and none is left."""
    found = layout_findings(reference_board("india", PORTRAIT))
    assert [f.message.split(" ")[0] for f in found["TTR205"] + found["TTR208"]] == []


def grid_board(board_line: str) -> Board:
    """Twelve cities 100 px apart on a 300 x 400 portrait board, three cars between
    neighbours: lengths that suit a board about 330 mm wide."""
    cities = [(f"C{r}{c}", 50 + 100 * c, 50 + 100 * r) for r in range(4) for c in range(3)]
    lines = ["format: 1", "meta: {id: grid, name: Grid}", board_line, "cities:"]
    lines += [f"  - {{name: {n}, pos: [{x}, {y}]}}" for n, x, y in cities]
    lines.append("routes:")
    for r in range(4):
        for c in range(3):
            if c < 2:
                lines.append(f"  - {{a: C{r}{c}, b: C{r}{c + 1}, length: 3, color: red}}")
            if r < 3:
                lines.append(f"  - {{a: C{r}{c}, b: C{r + 1}{c}, length: 3, color: blue}}")
    lines += ["tickets:", "  regular:", "    - {from: C00, to: C32, points: 15}"]
    doc = parse_map_text("\n".join(lines) + "\n", "grid.yaml")
    board, errors = build_board(doc.data, doc.file)
    assert errors == []
    return board


def test_hints_name_the_print_size_when_it_is_the_likely_cause() -> None:
    found = layout_findings(grid_board("board: {width: 300, height: 400, print_width_mm: 800}"))
    messages = [f.message for f in found["TTR205"] + found["TTR208"]]
    assert messages
    assert all("the print size is the likely cause: the board prints 800 mm wide "
               "(board.print_width_mm)" in m for m in messages)
    assert all("set board.print_width_mm to about 3" in m for m in messages)
    assert all("move the" not in m and "lengthen" not in m for m in messages)


def test_at_the_size_its_routes_suit_the_grid_draws_without_warning() -> None:
    found = layout_findings(grid_board("board: {width: 300, height: 400, print_width_mm: 330}"))
    assert {code: [f.message for f in fs] for code, fs in found.items() if fs} == {}
