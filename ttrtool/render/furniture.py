"""Page furniture: the score track around the edge, the title block and the legend.

The title block and the legend are SVG fragments in ``templates/`` filled with
the map's values; they are put where they cover no train space, track line, city,
label or country band (corners first).  When the map has no such room they go in
a strip added below the board, so that the page grows rather than a block
covering anything in play.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ttrtool.render.labels import place_block, text_width
from ttrtool.render.plan import BoardPlan
from ttrtool.render.svg import el, fill_template, load_template, num, repeat
from ttrtool.render.theme import Theme

TRACK_CELLS = 100


def track_cells(width: float, height: float, f: float) -> list[tuple[float, float, float, float]]:
    """``TRACK_CELLS`` cells (x, y, w, h) clockwise from the top-left corner (score 0)."""
    iw, ih = width - 2 * f, height - 2 * f
    side = TRACK_CELLS - 4
    across = round(side / 2 * iw / (iw + ih))
    down = side // 2 - across
    cw, ch = iw / across, ih / down
    cells = [(0.0, 0.0, f, f)]
    cells += [(f + i * cw, 0.0, cw, f) for i in range(across)]
    cells.append((width - f, 0.0, f, f))
    cells += [(width - f, f + i * ch, f, ch) for i in range(down)]
    cells.append((width - f, height - f, f, f))
    cells += [(width - f - (i + 1) * cw, height - f, cw, f) for i in range(across)]
    cells.append((0.0, height - f, f, f))
    cells += [(0.0, height - f - (i + 1) * ch, f, ch) for i in range(down)]
    return cells


def score_track(p: BoardPlan, theme: Theme) -> ET.Element:
    w, h = p.routes.frame.page
    f = p.routes.frame.offset
    g = el(None, "g", {"id": "layer-score-track", "font-family": theme.font_family,
                       "fill": theme.colors["text"]})
    if f <= 0:
        return g
    size = min(f * 0.42, 4.0)
    for n, (x, y, cw, ch) in enumerate(track_cells(w, h, f)):
        fill = theme.colors["track_cell_five"] if n % 5 == 0 else theme.colors["track_cell"]
        el(g, "rect", {"id": f"score-{n}", "x": x, "y": y, "width": cw, "height": ch,
                       "fill": fill, "stroke": theme.colors["frame"], "stroke-width": 0.35})
        label = "0/100" if n == 0 else str(n)
        # A bold digit is about 0.62 em wide: the corner's "0/100" shrinks to fit its cell.
        fit = min(size, 0.9 * cw / (0.62 * len(label)))
        el(g, "text", {"x": x + cw / 2, "y": y + ch / 2 + fit * 0.36, "font-size": fit,
                       "text-anchor": "middle",
                       "font-weight": "bold" if n % 5 == 0 else "normal"}, label)
    return g


class Strip:
    """Room below the board, for the blocks the map has no free room for: they stand side
    by side ``GAP`` mm apart (a new row when one is full), and the page grows by ``height``."""

    GAP = 3.0

    def __init__(self, p: BoardPlan) -> None:
        self.left = p.routes.frame.offset
        self.right = p.routes.frame.page[0] - p.routes.frame.offset
        self.bottom = p.routes.frame.page[1]  # of the board
        self.top = self.bottom + self.GAP  # of the row being filled
        self.x = self.left
        self.row = 0.0  # height of the row being filled
        self.height = 0.0  # that the page grows by

    def take(self, width: float, height: float) -> tuple[float, float]:
        if self.x > self.left and self.x + width > self.right:
            self.top += self.row + self.GAP
            self.x, self.row = self.left, 0.0
        spot = (self.x, self.top)
        self.x += width + self.GAP
        self.row = max(self.row, height)
        self.height = self.top + self.row + self.GAP - self.bottom
        return spot


def _place(p: BoardPlan, width: float, height: float, prefer: tuple[float, float],
           strip: Strip) -> tuple[float, float]:
    spot = place_block(p.obstacles, width, height, prefer)
    if spot is not None:
        return spot
    return strip.take(width, height)


def title_block(p: BoardPlan, theme: Theme, strip: Strip) -> ET.Element:
    board = p.routes.board
    size = theme.sizes.title_size
    title = board.meta.name
    bits = [b for b in (board.meta.author, f"version {board.meta.version}"
                        if board.meta.version else "") if b]
    subtitle = " · ".join(bits)
    width = max(text_width(title, size), text_width(subtitle, 3.0, False)) + 10
    x, y = _place(p, width, 19, (p.routes.frame.offset, p.routes.frame.offset), strip)
    values = {"width": num(width), "mid": num(width / 2), "size": num(size), "title": title,
              "subtitle": subtitle, "fill": theme.colors["legend_fill"],
              "stroke": theme.colors["legend_stroke"], "text": theme.colors["text"]}
    g = el(None, "g", {"id": "title-block", "transform": f"translate({num(x)} {num(y)})",
                       "font-family": theme.font_family})
    g.extend(list(fill_template(load_template("title.svg"), values)))
    return g


def legend_block(p: BoardPlan, theme: Theme, strip: Strip) -> ET.Element:
    tpl = load_template("legend.svg")
    top, row, bottom, keys_top, key_step, keys_bottom = (
        float(tpl.get(k, "0")) for k in ("data-top", "data-row", "data-bottom", "data-keys",
                                          "data-key-step", "data-keys-bottom"))
    # The lengths the board has: a preset's table may go further (Europe's lists 5 and 7).
    lengths = {r.length for r in p.routes.board.routes}
    table = [(n, pts) for n, pts in p.routes.board.rules.route_points if n in lengths]
    kinds = {r.kind for r in p.routes.board.routes}
    if any(r.mountains for r in p.routes.board.routes):
        kinds.add("mountain")
    shown = _keep_keys(tpl, kinds, key_step)
    height = top + row * len(table) + (
        keys_top + key_step * (shown - 1) + 3.6 + keys_bottom if shown else bottom)
    w, h = p.routes.frame.page
    x, y = _place(p, float(tpl.get("width", "44")), height, (w, h), strip)
    colors = theme.colors
    rows = [{"length": str(n), "points": str(pts), "bar": num(min(n, 8) * 2.2),
             "after": num(5.5 + min(n, 8) * 2.2)} for n, pts in table]
    repeat(tpl, "rows", rows)
    values = {"height": num(height), "keys": num(top + row * len(table) + keys_top),
              "fill": colors["legend_fill"], "stroke": colors["legend_stroke"],
              "text": colors["text"], "car": theme.route_color("gray"),
              "tunnel": colors["tunnel_stroke"]}
    g = el(None, "g", {"id": "legend", "transform": f"translate({num(x)} {num(y)})",
                       "font-family": theme.font_family})
    g.extend(list(fill_template(tpl, values)))
    return g


def _keep_keys(tpl: ET.Element, kinds: set[str], step: float) -> int:
    """Drop the legend keys (``data-key``) of route kinds the map does not have and stack
    the others ``step`` mm apart; returns how many are left."""
    shown = 0
    for parent in list(tpl.iter()):
        for child in list(parent):
            kind = child.get("data-key")
            if kind is None:
                continue
            if kind not in kinds:
                parent.remove(child)
                continue
            child.attrib.pop("data-key")
            child.set("class", f"key key-{kind}")
            child.set("transform", f"translate(0 {num(shown * step)})")
            shown += 1
    return shown


def legend_layer(p: BoardPlan, theme: Theme, heat: bool = False) -> tuple[ET.Element, float]:
    """The title block, the legend and (with ``heat``) the heatmap's scale, and how many mm
    the page grows below the board for those the map has no free room for."""
    g = el(None, "g", {"id": "layer-legend"})
    strip = Strip(p)
    g.append(title_block(p, theme, strip))
    g.append(legend_block(p, theme, strip))
    if heat:
        from ttrtool.render.heatmap import HEAT_HEIGHT, HEAT_WIDTH, heat_legend

        w, _h = p.routes.frame.page
        x, y = _place(p, HEAT_WIDTH, HEAT_HEIGHT, (w, 0.0), strip)
        g.append(heat_legend(theme, x, y))
    return g, strip.height
