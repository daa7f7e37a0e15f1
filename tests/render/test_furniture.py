"""The title block and the legend never cover anything in play: they find free room on the
map, or the page grows below the board for them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from shapely.geometry import LineString, Point, Polygon, box

from tests.render.conftest import HEADER, tiny_board
from ttrtool.render.board import plan, render_board
from ttrtool.render.theme import Theme

SVG = "{http://www.w3.org/2000/svg}"


def crowded() -> str:
    """Seven by five cities from edge to edge, every neighbour joined: no free room on the map
    for a title block (cities in every corner, as on the Pennsylvania board)."""
    cols, rows = 7, 5
    body = ["cities:"]
    body += [f"  - {{name: P{r}{c}, pos: [{15 + 370 * c / 6:g}, {15 + 67.5 * r:g}]}}"
             for r in range(rows) for c in range(cols)]
    body.append("routes:")
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                body.append(f"  - {{a: P{r}{c}, b: P{r}{c + 1}, length: 2, color: red}}")
            if r + 1 < rows:
                body.append(f"  - {{a: P{r}{c}, b: P{r + 1}{c}, length: 2, color: blue}}")
    body += ["tickets:", "  regular:", "    - {from: P00, to: P46, points: 10}"]
    return "\n".join(body) + "\n"


def block(root: ET.Element, ident: str) -> Polygon:
    """The box of the furniture group ``ident`` (its first rectangle, moved into place)."""
    g = next(e for e in root.iter(f"{SVG}g") if e.get("id") == ident)
    m = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform", ""))
    assert m is not None
    x, y = float(m[1]), float(m[2])
    rect = next(g.iter(f"{SVG}rect"))
    return box(x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0")))


def test_title_block_and_legend_cover_nothing_in_play(theme: Theme) -> None:
    board = tiny_board(crowded())
    p = plan(board, theme)
    lay = p.routes
    things = [("space", Polygon(sp.box.corners())) for sp in lay.spaces()]
    things += [("marker", Point(lay.pos[i]).buffer(lay.radius[i])) for i in lay.radius]
    things += [("label", box(*lab.box)) for lab in p.labels]
    things += [("track", LineString(lane.path.slice(lay.marker(lane.a),
                                                    lane.path.length - lay.marker(lane.b))))
               for lane in lay.lanes]
    root = ET.fromstring(render_board(board, theme, None, p))
    for ident in ("title-block", "legend"):
        where = block(root, ident)
        covered = [what for what, shape in things if where.intersects(shape)]
        assert covered == [], f"{ident} covers {covered}"
    # There was no room on the map for the title: the page grew below the board for it.
    width, height = lay.frame.page
    title = block(root, "title-block")
    assert title.bounds[1] > height
    page = root.get("viewBox", "").split()
    assert float(page[2]) == width and float(page[3]) >= title.bounds[3]
    assert next(e for e in root.iter(f"{SVG}rect") if e.get("id") == "page").get(
        "height") == page[3]


def test_a_board_with_room_keeps_its_size(theme: Theme) -> None:
    board = tiny_board(HEADER.split("\n", 3)[3] + """cities:
  - {name: A, pos: [100, 100]}
  - {name: B, pos: [250, 100]}
routes:
  - {a: A, b: B, length: 5, color: red}
tickets:
  regular:
    - {from: A, to: B, points: 5}
""")
    p = plan(board, theme)
    root = ET.fromstring(render_board(board, theme, None, p))
    width, height = p.routes.frame.page
    assert root.get("viewBox") == f"0 0 {width:g} {height:g}"
