"""The board as SVG: one function per layer, drawn in a fixed z-order.

Layers: background, score track, countries, tracks, routes, (heatmap), cities,
labels, and the title and legend.  Each returns an SVG group with an explicit id;
colours and sizes come from the :class:`~ttrtool.render.theme.Theme`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from ttrtool.model import Board, Route
from ttrtool.render.furniture import legend_layer, score_track
from ttrtool.render.geometry import offset_polyline
from ttrtool.render.lanes import track_offsets
from ttrtool.render.plan import BoardPlan, plan_board
from ttrtool.render.search import layout_routes
from ttrtool.render.svg import clean, document, el, num, path_d, to_bytes
from ttrtool.render.theme import Theme

LOCO_PATH = ("M-6,2.2 L-6,-1.6 L-1.5,-1.6 L-1.5,-3.6 L3.2,-3.6 L3.2,-1.6 L6,-1.6 L6,2.2 Z "
             "M-7,2.2 L7,2.2 L7,3 L-7,3 Z")


def plan(board: Board, theme: Theme) -> BoardPlan:
    """Lay out routes, countries and labels (no SVG yet)."""
    return plan_board(layout_routes(board, theme.sizes), theme.countries)


# The mountain badge, in mm on a car: a light plate with two dark peaks (the higher one
# capped) at its left; the number of extra trains is written at its right (R-VAR-10).
MOUNTAIN_PEAKS = "M-5.7,2 L-3.3,-2.3 L-2.2,-0.5 L-1.4,-1.6 L0.9,2 Z"
MOUNTAIN_CAP = "M-4.1,-0.9 L-3.3,-2.3 L-2.5,-0.9 Z"


def _defs(root: ET.Element, board: Board, theme: Theme) -> None:
    defs = el(root, "defs")
    sym = el(defs, "g", {"id": "sym-loco"})
    el(sym, "circle", {"cx": 0, "cy": 0, "r": 9.2, "fill": theme.colors["label_box"],
                       "stroke": theme.colors["loco"], "stroke-width": 0.8})
    el(sym, "path", {"d": LOCO_PATH, "fill": theme.colors["loco"]})
    for x in (-3.5, 0.0, 3.5):
        el(sym, "circle", {"cx": x, "cy": 4.6, "r": 1.4, "fill": theme.colors["loco"]})
    if any(r.mountains for r in board.routes):  # only boards with mountain routes carry it
        sym = el(defs, "g", {"id": "sym-mountain"})
        el(sym, "rect", {"x": -6.5, "y": -3, "width": 13, "height": 6, "rx": 1.2,
                         "fill": theme.colors["label_box"], "stroke": theme.colors["loco"],
                         "stroke-width": 0.3})
        el(sym, "path", {"d": MOUNTAIN_PEAKS, "fill": theme.colors["loco"]})
        el(sym, "path", {"d": MOUNTAIN_CAP, "fill": theme.colors["label_box"]})


def background_layer(p: BoardPlan, theme: Theme, strip: float = 0.0) -> ET.Element:
    """The page (``strip`` mm taller than the board when the furniture needs it) and the
    map area inside the score track."""
    w, h = p.routes.frame.page
    f = p.routes.frame.offset
    g = el(None, "g", {"id": "layer-background"})
    el(g, "rect", {"id": "page", "x": 0, "y": 0, "width": w, "height": h + strip,
                   "fill": theme.colors["background"]})
    el(g, "rect", {"id": "map-area", "x": f, "y": f, "width": w - 2 * f, "height": h - 2 * f,
                   "fill": theme.colors["map"]})
    return g


def countries_layer(p: BoardPlan, theme: Theme) -> ET.Element:
    """One band per neighbouring country along its stretch of the map's edge (its name is
    drawn with the labels), a thin line from each border point to it, and the points' discs."""
    g = el(None, "g", {"id": "layer-countries"})
    s = p.routes.sizes
    for i, c in enumerate(p.countries):
        cg = el(g, "g", {"id": f"country-{i}", "class": "country"})
        el(cg, "path", {"id": f"country-{i}-band", "class": "band", "d": path_d(c.band),
                        "fill": "none", "stroke": theme.colors["frame"],
                        "stroke-width": c.depth + 0.8, "stroke-linejoin": "miter"})
        el(cg, "path", {"d": path_d(c.band), "fill": "none", "stroke": c.color,
                        "stroke-width": c.depth, "stroke-linejoin": "miter"})
        for a, b in c.joins:
            el(cg, "path", {"class": "join", "d": path_d([a, b]), "stroke": c.color,
                            "stroke-width": 1.6, "stroke-linecap": "round", "fill": "none"})
        for j, (bp, x, y) in enumerate(c.points):
            el(cg, "circle", {"id": f"country-{i}-point-{j}", "cx": x, "cy": y,
                              "r": s.border_radius, "fill": c.color,
                              "stroke": theme.colors["city_stroke"], "stroke-width": 0.5},
               ).append(_title(f"{c.name} {bp}"))
    return g


def _title(text: str) -> ET.Element:
    return el(None, "title", text=text)


def tracks_layer(p: BoardPlan, theme: Theme) -> ET.Element:
    """A thin line under every route from marker to marker, so that the places a route joins
    show even where its cars leave room at the ends (a one-car route, a tight lane's stub)."""
    lay = p.routes
    s = lay.sizes
    g = el(None, "g", {"id": "layer-tracks", "fill": "none", "stroke": theme.colors["track"],
                       "stroke-width": 0.7, "stroke-linecap": "round",
                       "stroke-linejoin": "round"})
    lines: dict[int, str] = {}
    for lane in lay.lanes:
        path = lane.path
        line = path.slice(lay.marker(lane.a), path.length - lay.marker(lane.b))
        offsets = track_offsets(len(lane.routes), s)
        for r, off in zip(lane.routes, offsets, strict=True):
            # The tracks of a double route or a triple: ``off`` mm left of the centre line.
            pts = offset_polyline(line, off)
            lines[r] = path_d(pts if lay.board.routes[r].a == lane.a else pts[::-1])
    for r in sorted(lines):
        el(g, "path", {"id": f"track-{lay.board.routes[r].id}", "class": "track", "d": lines[r]})
    return g


def routes_layer(p: BoardPlan, theme: Theme) -> ET.Element:
    board = p.routes.board
    g = el(None, "g", {"id": "layer-routes"})
    per_route: dict[int, list[ET.Element]] = {}
    colors = theme.colors
    for sp in p.routes.spaces():
        r = board.routes[sp.route]
        b = sp.box
        tunnel = r.kind == "tunnel"
        attrs: dict[str, str | float] = {
            "id": f"space-{r.id}-{sp.index + 1}",
            "class": "space tunnel" if tunnel else "space",
            "x": -b.hl, "y": -b.hw, "width": 2 * b.hl, "height": 2 * b.hw, "rx": 0.9,
            "transform": f"translate({num(b.cx)} {num(b.cy)}) rotate({num(b.angle)})",
            "fill": theme.route_color(r.color),
            "stroke": colors["tunnel_stroke"] if tunnel else colors["space_stroke"],
            "stroke-width": 0.8 if tunnel else theme.space_outline(r.color),
        }
        if tunnel:
            attrs["stroke-dasharray"] = "1.6 0.9"
        items = per_route.setdefault(sp.route, [])
        items.append(el(None, "rect", attrs))
        if r.kind == "ferry" and sp.index < r.locomotives:
            scale = b.hw / 10.5
            items.append(el(None, "use", {
                "href": "#sym-loco", "class": "loco",
                "transform": f"translate({num(b.cx)} {num(b.cy)}) rotate({num(b.angle)}) "
                             f"scale({num(scale)})"}))
        if r.mountains and sp.index == mountain_space(r):
            items.append(_mountain_mark(r.mountains, b.cx, b.cy, b.angle, theme))
    for ri in sorted(per_route):
        r = board.routes[ri]
        rg = el(g, "g", {"id": f"route-{r.id}", "class": "route", "data-route": r.id})
        rg.append(_title(r.label()))
        rg.extend(per_route[ri])
    return g


def mountain_space(route: Route) -> int:
    """The space that carries a mountain route's mark (R-VAR-10): the middle one, or the
    nearest to it without a ferry's locomotive symbol."""
    free = [i for i in range(route.length) if not (route.kind == "ferry"
                                                     and i < route.locomotives)]
    middle = (route.length - 1) // 2
    return min(free, key=lambda i: (abs(i - middle), i)) if free else route.length - 1


def _mountain_mark(count: int, cx: float, cy: float, angle: float, theme: Theme
                   ) -> ET.Element:
    """The mountain badge on a car, with the number of extra trains the route takes, turned
    with the car but never upside down."""
    upright = (angle + 90.0) % 180.0 - 90.0
    g = el(None, "g", {"class": "mountain", "data-mountains": str(count),
                       "transform": f"translate({num(cx)} {num(cy)}) rotate({num(upright)})"})
    el(g, "use", {"href": "#sym-mountain"})
    el(g, "text", {"x": 3.6, "y": 1.9, "font-size": 5.2, "font-weight": "bold",
                   "text-anchor": "middle", "font-family": theme.font_family,
                   "fill": theme.colors["loco"]}, str(count))
    return g


def cities_layer(p: BoardPlan, theme: Theme) -> ET.Element:
    g = el(None, "g", {"id": "layer-cities"})
    s = p.routes.sizes
    for i in p.routes.cities:
        x, y = p.routes.pos[i]
        c = el(g, "circle", {"id": f"city-{i}", "class": "city", "cx": x, "cy": y,
                             "r": s.city_radius, "fill": theme.colors["city_fill"],
                             "stroke": theme.colors["city_stroke"], "stroke-width": 0.9})
        c.append(_title(p.routes.board.nodes[i].name))
    return g


def labels_layer(p: BoardPlan, theme: Theme) -> ET.Element:
    g = el(None, "g", {"id": "layer-labels", "font-family": theme.font_family,
                       "fill": theme.colors["text"]})
    s = p.routes.sizes
    for lab in [c.label for c in p.countries] + p.labels:
        country = lab.node < 0
        ident = f"label-{lab.node}" if not country else f"country-label-{-1 - lab.node}"
        lg = el(g, "g", {"id": ident, "class": "label country-label" if country else "label"})
        x0, y0, x1, y1 = lab.box
        if not country:  # a country's name is written straight on its band
            el(lg, "rect", {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0, "rx": 1.2,
                            "fill": theme.colors["label_box"], "fill-opacity": 0.85})
        attrs: dict[str, str | float] = {"x": lab.x, "y": lab.y, "font-size": s.label_size,
                                         "font-weight": "bold", "text-anchor": "middle"}
        if lab.angle:
            attrs["transform"] = (f"rotate({num(lab.angle)} {num((x0 + x1) / 2)} "
                                  f"{num((y0 + y1) / 2)})")
        el(lg, "text", attrs, lab.text)
    return g


def draft_layers(p: BoardPlan, theme: Theme, errors: int) -> tuple[ET.Element, ET.Element]:
    """The marks of a draft (``render --draft``): DRAFT across the map in light letters under
    everything in play (drawn just above the background), and a banner in the top band of
    the score track, above everything, saying why."""
    w, h = p.routes.frame.page
    f = p.routes.frame.offset
    mark = el(None, "g", {"id": "layer-draft", "class": "draft",
                          "font-family": theme.font_family, "font-weight": "bold",
                          "text-anchor": "middle", "fill": theme.colors["city_fill"],
                          "fill-opacity": 0.12})
    size = min(w, h) / 4
    angle = -math.degrees(math.atan2(h, w))
    el(mark, "text", {"x": w / 2, "y": h / 2 + size * 0.35, "font-size": size,
                      "transform": f"rotate({num(angle)} {num(w / 2)} {num(h / 2)})"}, "DRAFT")
    banner = el(None, "g", {"id": "draft-banner", "class": "draft",
                            "font-family": theme.font_family, "font-weight": "bold",
                            "text-anchor": "middle", "fill": theme.colors["city_fill"]})
    el(banner, "rect", {"x": w / 2 - 60, "y": f + 2, "width": 120, "height": 7, "rx": 1.2,
                        "fill": theme.colors["label_box"], "stroke": theme.colors["city_fill"],
                        "stroke-width": 0.5})
    el(banner, "text", {"x": w / 2, "y": f + 7.2, "font-size": 4.2},
       f"DRAFT: the map has {errors} error{'s' if errors != 1 else ''}; not for print")
    return mark, banner



def _basemap(p: BoardPlan, theme: Theme) -> ET.Element | None:
    """The basemap layer of a board of ``geo`` cities, else None.

    The basemap module is imported only here: it loads numpy, shapely and the Natural
    Earth reader (about 0.12 s), which a board of drawn positions never needs."""
    geometry = p.routes.board.geometry
    if geometry.projection is None or not geometry.basemap:
        return None
    from ttrtool.render.basemap import basemap_layer

    return basemap_layer(p, theme)

def render_board(board: Board, theme: Theme, heat: Mapping[str, float] | None = None,
                 the_plan: BoardPlan | None = None, draft: int | None = None) -> bytes:
    """The whole board as SVG bytes (deterministic for a given board and theme); ``draft``,
    the number of errors of a map drawn all the same, marks the sheet as a draft."""
    p = the_plan or plan(board, theme)
    w, h = p.routes.frame.page
    # The furniture first: where the map has no room for it the page grows below the board.
    legend, strip = legend_layer(p, theme, heat is not None)
    root = document(w, h + strip, clean(board.meta.name))
    _defs(root, board, theme)
    root.append(background_layer(p, theme, strip))
    basemap = _basemap(p, theme)  # boards of geo cities: the real map (render/basemap.py)
    if basemap is not None:
        root.append(basemap)
    marks = draft_layers(p, theme, draft) if draft is not None else None
    if marks is not None:
        root.append(marks[0])
    root.append(score_track(p, theme))
    root.append(countries_layer(p, theme))
    root.append(tracks_layer(p, theme))
    root.append(routes_layer(p, theme))
    if heat is not None:
        from ttrtool.render.heatmap import heatmap_layer

        root.append(heatmap_layer(p, theme, heat))
    root.append(cities_layer(p, theme))
    root.append(labels_layer(p, theme))
    root.append(legend)
    if marks is not None:
        root.append(marks[1])
    return to_bytes(root)
