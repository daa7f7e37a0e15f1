"""The bundled boards drawn at print size: counts, overlaps, determinism, PNG artifacts."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET

import pytest
from shapely import STRtree
from shapely.geometry import Polygon

from tests.render.conftest import OUT
from ttrtool.checks.layout import layout_findings
from ttrtool.model import Board
from ttrtool.render.pdf import svg_to_png
from ttrtool.render.plan import BoardPlan

SVG = "{http://www.w3.org/2000/svg}"
SPACES = {"usa": 309, "europe": 300, "switzerland": 205}
MAPS = list(SPACES)


@pytest.mark.parametrize("name", MAPS)
def test_board_parses_and_has_every_train_space(svgs: dict[str, bytes], name: str) -> None:
    root = ET.fromstring(svgs[name])
    assert root.tag == f"{SVG}svg"
    spaces = [e for e in root.iter(f"{SVG}rect") if "space" in e.get("class", "").split()]
    assert len(spaces) == SPACES[name]
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "ids must be unique"


@pytest.mark.parametrize("name", MAPS)
def test_train_spaces_of_different_routes_do_not_intersect(plans: dict[str, BoardPlan],
                                                           name: str) -> None:
    spaces = plans[name].routes.spaces()
    polys = [Polygon(sp.box.corners()) for sp in spaces]
    left, right = STRtree(polys).query(polys, predicate="intersects")
    clashes = {(spaces[i].route, spaces[j].route) for i, j in zip(left, right, strict=True)
               if spaces[i].route != spaces[j].route}
    assert clashes == set()


@pytest.mark.parametrize("name", MAPS)
def test_bundled_board_has_no_layout_warning(boards: dict[str, Board],
                                             plans: dict[str, BoardPlan], name: str) -> None:
    found = layout_findings(boards[name], plans[name])
    assert {code: [f.message for f in fs] for code, fs in found.items() if fs} == {}


@pytest.mark.parametrize("name", MAPS)
def test_tunnels_ferries_and_gray_are_drawn(boards: dict[str, Board], svgs: dict[str, bytes],
                                           name: str) -> None:
    board = boards[name]
    root = ET.fromstring(svgs[name])
    tunnels = [e for e in root.iter(f"{SVG}rect") if "tunnel" in e.get("class", "").split()]
    assert len(tunnels) == sum(r.length for r in board.routes if r.kind == "tunnel")
    locos = [e for e in root.iter(f"{SVG}use") if e.get("class") == "loco"]
    assert len(locos) == sum(r.locomotives for r in board.routes if r.kind == "ferry")
    gray = next(r for r in board.routes if r.is_gray)
    first = next(e for e in root.iter(f"{SVG}rect") if e.get("id") == f"space-{gray.id}-1")
    assert first.get("fill") == "#a6a6a6"


def test_same_board_gives_the_same_bytes(boards: dict[str, Board], svgs: dict[str, bytes]
                                         ) -> None:
    from ttrtool.render.board import render_board
    from ttrtool.render.theme import default_theme

    assert render_board(boards["switzerland"], default_theme()) == svgs["switzerland"]


# The digests of the bundled boards as drawn today.  A refactoring of the renderer must leave
# them as they are; a change that is meant to move something on the board updates them, and
# its commit says what moved and why.
DIGESTS = {
    "usa": "502ef2bb55f3244cafe5f715518b08847f4c80aa60c2ffb4d2b80e6bfcab03c3",
    "europe": "42f66e2da096d30c8378d3a08785007c0f9bb23005d755598c3e9facb90c6cbc",
    "switzerland": "4dc53040a660dbb086ce0588170dacfaa26871cf82d152aafb1176c8185b2c2b",
}


@pytest.mark.parametrize("name", MAPS)
def test_bundled_boards_draw_the_pinned_bytes(svgs: dict[str, bytes], name: str) -> None:
    assert hashlib.sha256(svgs[name]).hexdigest() == DIGESTS[name]


@pytest.mark.parametrize("name", MAPS)
def test_png_artifacts_for_people_to_look_at(svgs: dict[str, bytes], name: str) -> None:
    OUT.mkdir(exist_ok=True)
    target = OUT / f"test-board-{name}.png"
    svg_to_png(svgs[name], target, 1600)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("name", MAPS)
def test_legend_keys_only_for_kinds_the_map_has(boards: dict[str, Board], svgs: dict[str, bytes],
                                                name: str) -> None:
    root = ET.fromstring(svgs[name])
    keys = {e.get("class", "").split()[-1] for e in root.iter()
            if "key" in e.get("class", "").split()}
    kinds = {r.kind for r in boards[name].routes} - {"normal"}
    assert keys == {f"key-{k}" for k in kinds}
    assert name != "usa" or keys == set()


@pytest.mark.parametrize("name", MAPS)
def test_legend_lists_the_lengths_the_board_has(boards: dict[str, Board], svgs: dict[str, bytes],
                                                name: str) -> None:
    """Europe's preset scores lengths 1..8 (R-SCORE-1); its board has no 5 or 7 to explain."""
    root = ET.fromstring(svgs[name])
    legend = next(e for e in root.iter() if e.get("id") == "legend")
    texts = [t.text for t in legend.iter(f"{SVG}text")][3:]  # after the heading and captions
    pairs = [(int(a), int(b)) for a, b in zip(texts[0::2], texts[1::2], strict=False)
             if a and a.isdigit() and b and b.isdigit()]
    points = dict(boards[name].rules.route_points)
    assert pairs == [(n, points[n]) for n in sorted({r.length for r in boards[name].routes})]


@pytest.mark.parametrize("name", MAPS)
def test_a_track_line_joins_the_two_places_of_every_route(boards: dict[str, Board],
                                                          plans: dict[str, BoardPlan],
                                                          svgs: dict[str, bytes],
                                                          name: str) -> None:
    import math
    import re

    lay = plans[name].routes
    root = ET.fromstring(svgs[name])
    tracks = {e.get("id", "")[6:]: e.get("d", "") for e in root.iter(f"{SVG}path")
              if e.get("class") == "track"}
    assert len(tracks) == len(boards[name].routes)
    reach = lay.sizes.car_width + lay.sizes.double_gap  # a double route's track sits aside
    for r in boards[name].routes:
        pts = [(float(x), float(y)) for x, y in re.findall(r"([-\d.]+),([-\d.]+)", tracks[r.id])]
        for end, node in ((pts[0], r.a), (pts[-1], r.b)):
            assert math.dist(end, lay.pos[node]) <= lay.marker(node) + reach, (r.id, node)


def test_countries_are_labelled_bands_along_the_edge(plans: dict[str, BoardPlan],
                                                     svgs: dict[str, bytes]) -> None:
    from shapely.geometry import LineString, Point
    from shapely.geometry import box as rect

    p = plans["switzerland"]
    root = ET.fromstring(svgs["switzerland"])
    bands = [e for e in root.iter(f"{SVG}path") if e.get("class") == "band"]
    assert len(bands) == len(p.countries) == 4, "one continuous band per country"
    shapes = [LineString(c.band).buffer(c.depth / 2, cap_style="flat", join_style="mitre")
              for c in p.countries]
    for i, a in enumerate(shapes):
        for b in shapes[i + 1:]:
            assert a.intersection(b).area < 1e-6, "bands do not overlap"
    f = p.routes.frame
    w, h = f.page
    for c, shape in zip(p.countries, shapes, strict=True):
        # The name is written in the band, and the band lies along the edge of the map.
        assert shape.buffer(0.01).contains(rect(*c.label.box)), c.name
        assert shape.distance(rect(f.offset, f.offset, w - f.offset, h - f.offset).exterior) \
            < 0.01
        # Every border point is on its band or joined to it by a line that ends on the band.
        for bp, x, y in c.points:
            joined = [b for a, b in c.joins if a == (x, y)]
            assert shape.distance(Point(x, y)) < 4 or joined, (c.name, bp)
            assert all(shape.buffer(0.5).contains(Point(b)) for b in joined)
    texts = {e.text for g in root.iter(f"{SVG}g") if g.get("class") == "label country-label"
             for e in g.iter(f"{SVG}text")}
    assert texts == {"Deutschland", "France", "Italia", "Österreich"}


def test_cars_close_to_the_map_colour_get_a_heavier_outline(svgs: dict[str, bytes]) -> None:
    """White and yellow cars on the cream map (contrast ratios 1.2 and 1.3) are outlined at
    0.7 mm, the other colours at 0.3 mm; a tunnel keeps its dashed 0.8 mm outline."""
    from ttrtool.render.theme import LOW_CONTRAST, contrast_ratio, default_theme

    theme = default_theme()
    low = {c for c, v in theme.routes.items()
           if (contrast_ratio(v, theme.colors["map"]) or 99) < LOW_CONTRAST}
    assert low == {"white", "yellow"}
    root = ET.fromstring(svgs["usa"])
    widths: dict[str, set[str | None]] = {}
    for e in root.iter(f"{SVG}rect"):
        if e.get("class") == "space":
            widths.setdefault(e.get("fill") or "", set()).add(e.get("stroke-width"))
    assert widths[theme.routes["white"]] == widths[theme.routes["yellow"]] == {"0.7"}
    assert widths[theme.routes["red"]] == widths[theme.routes["gray"]] == {"0.3"}
