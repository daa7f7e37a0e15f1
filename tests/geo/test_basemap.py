"""The basemap under a board of geo cities: layers, clipping, switches, every output format."""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.geo import BASEMAP_LAYERS
from ttrtool.model import Board
from ttrtool.render.board import plan, render_board
from ttrtool.render.theme import default_theme
from ttrtool.validate import validate_text

ROOT = Path(__file__).resolve().parent.parent.parent
BENELUX = ROOT / "tests" / "cases" / "valid" / "geo-benelux.yaml"
SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _board(edit: tuple[str, str] | None = None) -> Board:
    text = BENELUX.read_text(encoding="utf-8")
    if edit:
        assert edit[0] in text
        text = text.replace(*edit)
    board = validate_text(text, "benelux.yaml").board
    assert board is not None
    return board


@pytest.fixture(scope="module")
def benelux_svg() -> bytes:
    return render_board(_board(), default_theme())


def _ids(svg: bytes) -> dict[str, ET.Element]:
    return {e.get("id", ""): e for e in ET.fromstring(svg).iter() if e.get("id")}


def test_every_layer_is_drawn_under_the_routes(benelux_svg: bytes) -> None:
    root = ET.fromstring(benelux_svg)
    order = [g.get("id") for g in root if g.tag == f"{SVG}g"]
    assert order.index("layer-basemap") == order.index("layer-background") + 1
    assert order.index("layer-basemap") < order.index("layer-routes")
    ids = _ids(benelux_svg)
    for layer in ("sea", "land", "lakes", "rivers", "borders", "coastline"):
        assert f"basemap-{layer}" in ids, layer
    names = {t.text for t in ids["basemap-land"].iter(f"{SVG}title")}
    assert {"Netherlands", "Belgium", "Luxembourg", "Germany"} <= names
    assert "Brazil" not in names and "Switzerland" not in names  # cut to the board
    # The region's countries in the land colour, their neighbours a shade darker.
    theme = default_theme()
    fills = {p.find(f"{SVG}title").text: p.get("fill")  # type: ignore[union-attr]
             for p in ids["basemap-land"].iter(f"{SVG}path")}
    assert fills["Netherlands"] is None and fills["Germany"] == theme.colors["land_abroad"]
    # The IJsselmeer is drawn as a lake, the sea in the sea colour.
    assert ids["basemap-sea"].get("fill") == theme.colors["sea"]
    # The Benelux has no first-level borders at Natural Earth's 1:50m: none drawn, no empty path.
    assert "basemap-regions" not in ids


def test_everything_is_cut_to_the_map_area(benelux_svg: bytes) -> None:
    root = ET.fromstring(benelux_svg)
    area = next(e for e in root.iter(f"{SVG}rect") if e.get("id") == "map-area")
    x0, y0 = float(area.get("x", 0)), float(area.get("y", 0))
    x1, y1 = x0 + float(area.get("width", 0)), y0 + float(area.get("height", 0))
    layer = next(e for e in root.iter(f"{SVG}g") if e.get("id") == "layer-basemap")
    numbers = [float(v) for p in layer.iter(f"{SVG}path")
               for v in re.findall(r"-?\d+(?:\.\d+)?", p.get("d", ""))]
    xs, ys = numbers[0::2], numbers[1::2]
    assert len(xs) > 1000
    assert min(xs) >= x0 - 0.06 and max(xs) <= x1 + 0.06
    assert min(ys) >= y0 - 0.06 and max(ys) <= y1 + 0.06


def test_board_basemap_turns_layers_off() -> None:
    off = _board(("region: {countries: [BE, NL, LU]}",
                  "region: {countries: [BE, NL, LU]}\n  basemap: false"))
    assert "layer-basemap" not in _ids(render_board(off, default_theme()))
    some = _board(("region: {countries: [BE, NL, LU]}",
                   "region: {countries: [BE, NL, LU]}\n  basemap: {rivers: false, lakes: false}"))
    assert some.geometry.basemap == frozenset(BASEMAP_LAYERS) - {"rivers", "lakes"}
    ids = _ids(render_board(some, default_theme()))
    assert "basemap-land" in ids and "basemap-rivers" not in ids and "basemap-lakes" not in ids
    no_land = _board(("region: {countries: [BE, NL, LU]}",
                      "region: {countries: [BE, NL, LU]}\n  basemap: {land: false}"))
    ids = _ids(render_board(no_land, default_theme()))
    assert "basemap-land" not in ids and "basemap-coastline" in ids
    assert ids["basemap-sea"].get("fill") == default_theme().colors["map"]


def test_boards_of_pos_cities_have_no_basemap(boards: dict[str, Board]) -> None:
    board = boards["switzerland"]
    assert board.geometry.projection is None and not board.geometry.basemap
    from ttrtool.render.basemap import basemap_layer

    assert basemap_layer(plan(board, default_theme()), default_theme()) is None


# The geo board as drawn today, pinned as the bundled boards' drawings are
# (tests/render/test_board.py): a change meant to move something updates it and says why.
BENELUX_DIGEST = "a04f191381a20d2ca88705b2c7d4aa1c16f1cfae88fb3dd69885a267b3288421"


def test_the_geo_board_draws_the_pinned_bytes(benelux_svg: bytes) -> None:
    assert render_board(_board(), default_theme()) == benelux_svg
    assert hashlib.sha256(benelux_svg).hexdigest() == BENELUX_DIGEST


def test_svg_pdf_png_and_tiles_with_the_basemap(tmp_path: Path) -> None:
    out = tmp_path / "benelux.svg"
    result = runner.invoke(app, ["render", str(BENELUX), "-o", str(out), "--pdf",
                                 "--tiles", "a4"])
    assert result.exit_code == 0, result.output
    assert b'id="layer-basemap"' in out.read_bytes()
    assert (tmp_path / "benelux.pdf").read_bytes()[:5] == b"%PDF-"
    tiles = list(tmp_path.glob("*tiles*.pdf"))
    assert tiles and tiles[0].read_bytes()[:5] == b"%PDF-"
    png = tmp_path / "benelux.png"
    result = runner.invoke(app, ["render", str(BENELUX), "-o", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (ROOT / "out").mkdir(exist_ok=True)
    (ROOT / "out" / "test-board-geo-benelux.png").write_bytes(png.read_bytes())


def test_a_line_of_no_length_is_left_out_not_a_crash() -> None:
    """Natural Earth holds coastline arcs of one point repeated (one on Spain's coast at
    35.2N 3.9W), and a cut can leave a point: shapely.segmentize refused both, so every board
    reaching one (Spain, Russia, the USA, China ...) failed to render."""
    import shapely

    from ttrtool.render.basemap import _drawable

    dot = shapely.LineString([(-3.9, 35.2), (-3.9, 35.2)])
    assert _drawable(dot).is_empty
    line = shapely.LineString([(0, 0), (1, 1)])
    mixed = shapely.GeometryCollection([line, dot, shapely.Point(2, 2)])
    assert shapely.equals(_drawable(mixed), shapely.GeometryCollection([line]))
    assert _drawable(line) is line  # a drawable shape is passed on as it is (same bytes)


@pytest.mark.parametrize("edit", [
    # a city at the pole (validate only warns: TTR121, TTR123)
    ("{name: Groningen, geo: [53.22, 6.57]}", "{name: Groningen, geo: [90, 6.57]}"),
    # a projection whose scale runs away towards the pole
    ("  region: {countries: [BE, NL, LU]}",
     "  region: {countries: [BE, NL, LU]}\n  projection: '+proj=eqc +lat_ts=89.9999999'"),
])
def test_boards_reaching_the_pole_draw_their_basemap(edit: tuple[str, str]) -> None:
    svg = render_board(_board(edit), default_theme())
    assert "basemap-land" in _ids(svg)
