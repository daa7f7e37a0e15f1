"""Escaping, themes, heatmaps, PDF pages, tiles and ticket sheets."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.render.conftest import OUT, tiny_board
from ttrtool.model import Board
from ttrtool.render.board import render_board
from ttrtool.render.heatmap import ReportError, read_report
from ttrtool.render.pdf import pages_to_pdf, svg_to_pdf, tile_grid, tile_pages
from ttrtool.render.theme import Theme, ThemeError, load_theme
from ttrtool.render.tickets import sheets_svg, ticket_sheets

SVG = "{http://www.w3.org/2000/svg}"

NASTY = """cities:
  - {name: "<script>alert(1)</script>", pos: [100, 100]}
  - {name: "Rock & Roll \\"City\\" 'x'", pos: [250, 100]}
  - {name: "C]]>", pos: [175, 220]}
routes:
  - {a: "<script>alert(1)</script>", b: "Rock & Roll \\"City\\" 'x'", length: 5, color: red}
  - {a: "Rock & Roll \\"City\\" 'x'", b: "C]]>", length: 5, color: blue, kind: ferry,
     locomotives: 1}
  - {a: "C]]>", b: "<script>alert(1)</script>", length: 5, color: gray, kind: tunnel}
tickets:
  regular:
    - {from: "<script>alert(1)</script>", to: "C]]>", points: 5}
"""


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.fixture(scope="module")
def nasty() -> Board:
    return tiny_board(NASTY)


def test_names_are_escaped_not_injected(nasty: Board, theme: Theme) -> None:
    svg = render_board(nasty, theme)
    root = ET.fromstring(svg)  # parses: nothing broke out of its text node
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    texts = {e.text for e in root.iter(f"{SVG}text")}
    assert "<script>alert(1)</script>" in texts
    assert "Rock & Roll \"City\" 'x'" in texts
    assert b"<script>" not in svg and b"&lt;script&gt;" in svg


def test_control_characters_never_reach_the_svg(theme: Theme) -> None:
    from dataclasses import replace

    board = tiny_board(NASTY)
    board = replace(board, meta=replace(board.meta, name="Bell\x07 and \x00null"))
    svg = render_board(board, theme)
    ET.fromstring(svg)
    assert b"\x07" not in svg and b"\x00" not in svg


def test_theme_file_overrides_and_rejects_unknown_keys(tmp_path: Path, nasty: Board) -> None:
    good = tmp_path / "theme.yaml"
    good.write_text("routes:\n  red: '#ff0000'\nsizes:\n  car_length: 20\n", encoding="utf-8")
    theme = load_theme(good)
    assert theme.route_color("red") == "#ff0000" and theme.sizes.car_length == 20
    assert b'fill="#ff0000"' in render_board(nasty, theme)
    bad = tmp_path / "bad.yaml"
    bad.write_text("sizes:\n  car_lenght: 20\n", encoding="utf-8")
    with pytest.raises(ThemeError, match="car_lenght"):
        load_theme(bad)
    broken = tmp_path / "broken.yaml"
    broken.write_text("sizes: [1,\n", encoding="utf-8")
    with pytest.raises(ThemeError, match=r"broken.yaml:\d+:\d+"):
        load_theme(broken)
    colour = tmp_path / "colour.json"
    colour.write_text(json.dumps({"colors": {"map": "red\" onload=\"x"}}), encoding="utf-8")
    with pytest.raises(ThemeError, match="colors.map"):
        load_theme(colour)


def test_an_unreadable_theme_says_why_in_words(tmp_path: Path) -> None:
    with pytest.raises(ThemeError, match=r"nope.json: cannot read theme: No such file") as e:
        load_theme(tmp_path / "nope.json")
    assert "Errno" not in str(e.value)
    broken = tmp_path / "broken.json"
    broken.write_text('{"sizes":\n', encoding="utf-8")
    with pytest.raises(ThemeError, match=r"broken.json:2:1: not valid JSON: Expecting value"):
        load_theme(broken)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(ThemeError, match=r"latin.yaml: cannot read theme: not UTF-8 .*UTF-8"):
        load_theme(latin)


def test_heatmap_reads_the_simple_form_and_draws_a_scale(tmp_path: Path, nasty: Board,
                                                         theme: Theme) -> None:
    ids = [r.id for r in nasty.routes]
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"routes": {ids[0]: {"claim_rate": 0.9}, ids[1]: 0.1}}),
                      encoding="utf-8")
    heat = read_report(report, nasty)
    assert heat == {ids[0]: 0.9, ids[1]: 0.1}
    root = ET.fromstring(render_board(nasty, theme, heat))
    cells = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "heat"]
    assert len(cells) == 10
    assert any(e.get("id") == "heat-legend" for e in root.iter())


def test_heatmap_reads_simulate_reports_and_rejects_unknown_routes(tmp_path: Path,
                                                                  nasty: Board) -> None:
    rid = nasty.routes[0].id
    report = tmp_path / "sim.json"
    report.write_text(json.dumps({"configurations": [
        {"games": 10, "routes": [{"id": rid, "claim_rate": 1.0}]},
        {"games": 30, "routes": [{"id": rid, "claim_rate": 0.0}]}]}), encoding="utf-8")
    assert read_report(report, nasty) == {rid: 0.25}
    report.write_text(json.dumps({"routes": {"nowhere": 0.5}}), encoding="utf-8")
    with pytest.raises(ReportError, match="nowhere"):
        read_report(report, nasty)
    report.write_text("{", encoding="utf-8")
    with pytest.raises(ReportError, match=r"sim.json:1:2: not JSON .*ttrtool simulate"):
        read_report(report, nasty)


@pytest.mark.parametrize(("text", "says"), [
    ('{"games": 3}', r"report.json: the report has no 'routes' section: give the report"),
    ("[1, 2]", r"report.json: the report is not a JSON object: give the report"),
    (b"\xff{}", r"report.json: not UTF-8 text .*byte 0.*: give the report"),
])
def test_a_file_that_is_no_report_is_named_with_what_to_give(
        tmp_path: Path, nasty: Board, text: str | bytes, says: str) -> None:
    report = tmp_path / "report.json"
    if isinstance(text, bytes):
        report.write_bytes(text)
    else:
        report.write_text(text, encoding="utf-8")
    with pytest.raises(ReportError, match=says):
        read_report(report, nasty)


def test_pdf_tiles_and_ticket_sheets(boards: dict[str, Board], svgs: dict[str, bytes],
                                     plans: dict[str, object], theme: Theme) -> None:
    OUT.mkdir(exist_ok=True)
    board_pdf = OUT / "test-europe.pdf"
    svg_to_pdf(svgs["europe"], board_pdf)
    data = board_pdf.read_bytes()
    assert data.startswith(b"%PDF-") and page_count(data) == 1
    again = OUT / "test-europe-again.pdf"
    svg_to_pdf(svgs["europe"], again)
    assert again.read_bytes() == data, "the same board gives the same PDF bytes"
    root = ET.fromstring(svgs["europe"])
    width = float(root.get("viewBox", "").split()[2])
    height = float(root.get("viewBox", "").split()[3])
    _size, origins, _w, _h = tile_grid(width, height, "a4", 15)
    tiles = OUT / "test-europe-tiles-a4.pdf"
    pages_to_pdf(tile_pages(svgs["europe"], width, height, "a4", 15), tiles)
    data = tiles.read_bytes()
    assert data.startswith(b"%PDF-") and page_count(data) == len(origins) >= 4
    swiss = boards["switzerland"]
    pages = ticket_sheets(swiss, theme, "a4")
    assert len(pages) == -(-len(swiss.tickets) // 9)
    cards = OUT / "test-switzerland-tickets.pdf"
    pages_to_pdf(pages, cards)
    assert page_count(cards.read_bytes()) == len(pages)
    sheet = ET.fromstring(sheets_svg(pages))
    assert len([e for e in sheet.iter() if e.get("class") == "ticket"]) == len(swiss.tickets)
    multi = next(t for t in swiss.tickets if t.is_multi)
    texts = " ".join(e.text or "" for e in ET.fromstring(pages[multi.index // 9]).iter())
    for d in multi.destinations:
        assert d.name in texts


def _marks(page: bytes) -> list[tuple[float, float, float, float]]:
    """The cut marks of a sheet as (x0, y0, x1, y1) segments."""
    root = ET.fromstring(page)
    d = next(e.get("d", "") for e in root.iter() if e.get("class") == "cut-marks")
    out = []
    for m in re.finditer(r"M([\d.]+),([\d.]+)([VH])([\d.]+)", d):
        x, y, axis, to = float(m[1]), float(m[2]), m[3], float(m[4])
        out.append((x, y, x, to) if axis == "V" else (x, y, to, y))
    return out


def test_cut_marks_only_around_the_cards_on_the_sheet(boards: dict[str, Board],
                                                      theme: Theme) -> None:
    from ttrtool.render.tickets import CARD_H, CARD_W

    europe = boards["europe"]
    pages = ticket_sheets(europe, theme, "a4")
    assert len(europe.tickets) % 9 == 1, "the last Europe sheet holds one card"
    full, last = _marks(pages[0]), _marks(pages[-1])
    assert len(full) == 16  # 4 column lines and 4 row lines, a mark at each end
    assert len(last) == 8  # the two column and two row lines of the one card
    root = ET.fromstring(pages[-1])
    card = next(e for e in root.iter() if e.get("class") == "ticket")
    x0, y0 = (float(v) for v in re.findall(r"[\d.]+", card.get("transform", "")))
    for ax, ay, bx, by in last:
        # No mark reaches into the card, and every one lies on one of its edges.
        assert not (x0 < min(ax, bx) < x0 + CARD_W and y0 < min(ay, by) < y0 + CARD_H)
        on_edge = [abs(ax - bx) < 1e-6 and min(abs(ax - x0), abs(ax - x0 - CARD_W)) < 0.02,
                   abs(ay - by) < 1e-6 and min(abs(ay - y0), abs(ay - y0 - CARD_H)) < 0.02]
        assert any(on_edge), (ax, ay, bx, by)


def test_locator_is_clipped_and_points_fit_their_badge(boards: dict[str, Board],
                                                       theme: Theme) -> None:
    from ttrtool.render.labels import text_width

    pages = ticket_sheets(boards["europe"], theme, "a4")
    root = ET.fromstring(pages[0])
    clips = {e.get("id") for e in root.iter(f"{SVG}clipPath")}
    locators = [e for e in root.iter(f"{SVG}g") if e.get("class") == "locator"]
    assert locators and len(clips) == len(locators)
    for loc in locators:
        inner = [e for e in loc if e.get("clip-path")]
        assert len(inner) == 1 and inner[0].get("clip-path", "")[5:-1] in clips
    badges = [(e.text or "", float(e.get("font-size", "0"))) for e in root.iter(f"{SVG}text")
              if e.get("x") == "54"]
    assert any(len(text) == 2 for text, _size in badges)
    for text, size in badges:
        assert text_width(text, size) <= 2 * 3 - 1.2, (text, size)  # badge radius 3 mm
