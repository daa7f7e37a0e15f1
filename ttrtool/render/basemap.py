"""The basemap: the real map under a board whose cities give ``geo`` (Natural Earth).

Sea under everything, then land (one filled shape per country; those outside
``board.region.countries`` in ``land_abroad``), lakes, major rivers, first-level region
borders, country borders and the coastline.  ``board.basemap`` turns each layer on or off;
the theme colours them (``sea``, ``land``, ``land_abroad``, ``lake``, ``river``,
``region_border``, ``country_border``, ``coastline``: the muted tones of the official boards).
Every shape is cut to the board's lat/lon bounds first (densified there, so the cut edges
follow the projection's curves), projected by the board's own projection, put in millimetres
by the print frame, cut to the map area and simplified to :data:`TOLERANCE` mm, so the SVG
stays small and the same board always gives the same bytes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ttrtool.geo.naturalearth import world
from ttrtool.geo.projection import MapProjection
from ttrtool.render.geometry import Frame
from ttrtool.render.plan import BoardPlan
from ttrtool.render.svg import el
from ttrtool.render.theme import Theme

TOLERANCE = 0.15  # mm: finer detail than this does not show at print size
DENSIFY = 0.25  # degrees: the longest straight step of a cut edge before projecting
Box = tuple[float, float, float, float]


def _to_mm(projection: MapProjection, frame: Frame, geom: BaseGeometry, box: Box
           ) -> BaseGeometry:
    """``geom`` in degrees, cut to ``box`` (degrees), projected and placed on the page in mm."""
    cut = _drawable(shapely.clip_by_rect(geom, *box))
    if cut.is_empty:
        return cut
    cut = shapely.segmentize(cut, DENSIFY)

    def place(coords: np.ndarray) -> np.ndarray:
        xs, ys = projection.to_board_many(coords[:, 0], coords[:, 1])
        out = np.column_stack([frame.offset + np.asarray(xs) * frame.scale,
                               frame.offset + np.asarray(ys) * frame.scale])
        out[~np.isfinite(out)] = 0.0
        return out

    return shapely.transform(cut, place)


def _drawable(geom: BaseGeometry) -> BaseGeometry:
    """``geom`` less its parts of no length: a line of one point repeated (Natural Earth has
    such arcs on Spain's coast) or a point left where a cut touches a shape.  They draw
    nothing, and :func:`shapely.segmentize` refuses them."""
    parts = shapely.get_parts(geom)
    kept = [part for part in parts if part.length > 0.0]
    if len(kept) == len(parts):
        return geom
    return shapely.GeometryCollection(kept)


def _page_box(frame: Frame) -> Box:
    f = frame.offset
    return (f, f, f + frame.map_width, f + frame.map_height)


def _d(geom: BaseGeometry) -> str:
    """SVG path data of the rings or lines of ``geom`` (0.1 mm steps)."""
    parts: list[str] = []
    for part in getattr(geom, "geoms", [geom]):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            rings = [part.exterior, *part.interiors]
            for ring in rings:
                parts.append(_run(np.asarray(ring.coords)[:-1], closed=True))
        elif part.geom_type == "LineString":
            parts.append(_run(np.asarray(part.coords), closed=False))
        else:  # a collection from a cut: draw what it holds
            sub = _d(part)
            if sub:
                parts.append(sub)
    return "".join(p for p in parts if p)


def _run(coords: np.ndarray, closed: bool) -> str:
    if len(coords) < 2:
        return ""
    text = [f"{x:.1f},{y:.1f}" for x, y in np.round(coords, 1)]
    return "M" + "L".join(text) + ("Z" if closed else "")


def _final(geom: BaseGeometry, page: Box) -> BaseGeometry:
    return shapely.simplify(shapely.clip_by_rect(geom, *page), TOLERANCE,
                            preserve_topology=True)


def _lines_near(lines: Sequence[np.ndarray], box: Box) -> Iterable[shapely.LineString]:
    west, south, east, north = box
    for line in lines:
        lo, hi = line.min(axis=0), line.max(axis=0)
        if hi[0] >= west and lo[0] <= east and hi[1] >= south and lo[1] <= north:
            yield shapely.LineString(line)


def _line_layer(parent: ET.Element, name: str, lines: Sequence[np.ndarray], p: BoardPlan,
                box: Box, attrs: dict[str, str | float]) -> None:
    projection = p.routes.board.geometry.projection
    assert projection is not None
    frame, page = p.routes.frame, _page_box(p.routes.frame)
    d = "".join(_d(_final(_to_mm(projection, frame, line, box), page))
                for line in _lines_near(lines, box))
    if d:
        el(parent, "path", {"id": f"basemap-{name}", "class": f"basemap {name}", "d": d,
                            "fill": "none", "stroke-linejoin": "round", "stroke-linecap": "round",
                            **attrs})


def basemap_layer(p: BoardPlan, theme: Theme) -> ET.Element | None:
    """The basemap as one SVG group, or None for a board without ``geo`` cities or with
    ``board.basemap: false``."""
    board = p.routes.board
    projection = board.geometry.projection
    layers = board.geometry.basemap
    if projection is None or not layers:
        return None
    west, south, east, north = projection.geo_bounds()
    box = (max(west, -180.0), south, min(east, 180.0), north)
    frame, page = p.routes.frame, _page_box(p.routes.frame)
    colors = theme.colors
    w = world()
    g = el(None, "g", {"id": "layer-basemap"})
    x0, y0, x1, y1 = page
    el(g, "rect", {"id": "basemap-sea", "class": "basemap sea", "x": x0, "y": y0,
                   "width": x1 - x0, "height": y1 - y0,
                   "fill": colors["sea"] if "land" in layers else colors["map"]})
    if "land" in layers:
        land = el(g, "g", {"id": "basemap-land", "class": "basemap land",
                           "fill": colors["land"], "fill-rule": "evenodd"})
        query = shapely.box(*box)
        abroad = set(board.geometry.region_countries)  # the others a shade darker
        for k, c in enumerate(w.countries):
            if not c.shape.intersects(query):
                continue
            d = _d(_final(_to_mm(projection, frame, c.shape, box), page))
            if not d:
                continue
            attrs = {"id": f"basemap-land-{k}", "d": d}
            if abroad and c.code not in abroad:
                attrs["fill"] = colors["land_abroad"]
            el(land, "path", attrs).append(el(None, "title", text=c.name))
    if "lakes" in layers:
        query = shapely.box(*box)
        d = "".join(_d(_final(_to_mm(projection, frame, lake, box), page))
                    for lake in w.lakes if lake.intersects(query))
        if d:
            el(g, "path", {"id": "basemap-lakes", "class": "basemap lakes", "d": d,
                           "fill": colors["lake"], "fill-rule": "evenodd",
                           "stroke": colors["coastline"], "stroke-width": 0.25})
    thin = {"stroke-width": 0.35}
    if "rivers" in layers:
        _line_layer(g, "rivers", w.rivers, p, box, {"stroke": colors["river"], **thin})
    if "regions" in layers:
        _line_layer(g, "regions", w.regions, p, box,
                    {"stroke": colors["region_border"], "stroke-width": 0.3,
                     "stroke-dasharray": "1.2 0.8"})
    if "borders" in layers:
        _line_layer(g, "borders", w.borders, p, box,
                    {"stroke": colors["country_border"], "stroke-width": 0.6,
                     "stroke-dasharray": "2.4 1.0"})
    if "coastline" in layers:
        _line_layer(g, "coastline", w.coastline, p, box,
                    {"stroke": colors["coastline"], "stroke-width": 0.45})
    return g
