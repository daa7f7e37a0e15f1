"""The Natural Earth data shipped with ttrtool, read as shapes in latitude and longitude.

Two gzipped TopoJSON files in ``ttrtool/geo/data/`` (made by ``tools/naturalearth_data.py``
from public-domain Natural Earth 4.1.0; docs/map-format.md says where each comes from):

* ``countries-10m``: admin-0 countries at 1:10m.  Their union is the land; an arc that bounds
  one country is coastline, an arc shared by two is a border between them.
* ``physical-50m``: lakes, major rivers, and the first-level regions (states, provinces) that
  Natural Earth gives at 1:50m (Australia, Brazil, Canada, the United States); an arc shared
  by two regions is a border between them.

Everything is read once per process and kept; nothing is fetched from the network.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

Arcs = list[np.ndarray]  # each arc an (n, 2) array of longitude, latitude


def _data_path(name: str) -> Path:
    found = resources.files("ttrtool.geo.data").joinpath(name)
    return Path(str(found))


@cache
def _topology(name: str) -> tuple[dict[str, Any], Arcs]:
    """The topology ``name`` (objects as in TopoJSON) and its arcs decoded to degrees."""
    with gzip.open(_data_path(name), "rb") as f:
        raw = f.read()
    head, _, body = raw.partition(b"\n")
    topo: dict[str, Any] = json.loads(head)
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    points = np.frombuffer(body, dtype="<i4").reshape(-1, 2).astype(np.float64)
    ends = np.cumsum(topo["arc_sizes"])
    total = np.cumsum(points, axis=0)  # an arc's points are its first point plus deltas
    before = np.vstack([np.zeros((1, 2)), total[ends[:-1] - 1]])
    degrees = total * (sx, sy)
    start = 0
    arcs = []
    for k, end in enumerate(ends):
        arcs.append(degrees[start:end] - before[k] * (sx, sy) + (tx, ty))
        start = int(end)
    return topo, arcs


def _ring(indices: list[int], arcs: Arcs) -> np.ndarray:
    parts = []
    for k, i in enumerate(indices):
        a = arcs[i] if i >= 0 else arcs[~i][::-1]
        parts.append(a if k == 0 else a[1:])  # consecutive arcs share their end point
    return np.concatenate(parts)


def _jumps(a: np.ndarray) -> np.ndarray:
    """Where consecutive points jump across the antimeridian (more than 180 degrees)."""
    return np.nonzero(np.abs(np.diff(a[:, 0])) > 180.0)[0]


def _unwrapped(ring: np.ndarray) -> np.ndarray:
    """The ring with longitudes made continuous (past 180 or below -180 where it crosses)."""
    out = ring.copy()
    steps = np.diff(out[:, 0])
    shift = np.concatenate([[0.0], np.cumsum(-360.0 * np.round(steps / 360.0))])
    out[:, 0] += shift
    return out


def _across_antimeridian(shell: np.ndarray, holes: list[np.ndarray]) -> list[shapely.Polygon]:
    """A polygon the data stitches across the antimeridian (Fiji, eastern Russia,
    Antarctica), cut back into pieces within -180..180 that shapely can test."""
    ring = _unwrapped(shell)
    drift = ring[-1, 0] - ring[0, 0]
    if abs(drift) > 180.0:  # it goes round a pole (Antarctica): close it along the pole
        pole = -90.0 if ring[:, 1].mean() < 0 else 90.0
        ring = np.vstack([ring, [[ring[-1, 0], pole], [ring[0, 0], pole]], ring[:1]])
    whole = shapely.make_valid(shapely.Polygon(ring, [_unwrapped(h) for h in holes]))
    pieces = []
    for k in (-1, 0, 1):
        cut = shapely.clip_by_rect(whole, -180.0 + 360.0 * k, -90.0, 180.0 + 360.0 * k, 90.0)
        cut = shapely.transform(cut, lambda c, k=k: c - (360.0 * k, 0.0))
        pieces += [p for p in getattr(cut, "geoms", [cut])
                   if p.geom_type == "Polygon" and not p.is_empty]
    return pieces


def _polygons(g: dict[str, Any], arcs: Arcs) -> list[shapely.Polygon]:
    polys = g["arcs"] if g["type"] == "MultiPolygon" else [g["arcs"]]
    out = []
    for rings in polys:
        shell, *holes = (_ring(r, arcs) for r in rings)
        holes = [h for h in holes if len(h) >= 4]
        if len(shell) < 4:
            continue
        if len(_jumps(shell)):
            out += _across_antimeridian(shell, holes)
        else:
            out.append(shapely.Polygon(shell, holes))
    return out


def _split(line: np.ndarray) -> list[np.ndarray]:
    """A line cut where it jumps across the antimeridian (no stroke across the world)."""
    cuts = _jumps(line) + 1
    return [part for part in np.split(line, cuts) if len(part) >= 2]


def _lines(g: dict[str, Any], arcs: Arcs) -> list[np.ndarray]:
    parts = g["arcs"] if g["type"] == "MultiLineString" else [g["arcs"]]
    return [piece for p in parts for piece in _split(_ring(p, arcs))]


@dataclass(frozen=True)
class CountryShape:
    code: str  # ISO 3166 alpha-2, '' for the few places without one
    name: str
    shape: BaseGeometry  # a Polygon or MultiPolygon in degrees


def _shared_arcs(geometries: list[dict[str, Any]]) -> Counter[int]:
    """How many geometries each arc bounds."""
    uses: Counter[int] = Counter()
    for g in geometries:
        seen: set[int] = set()
        stack: list[Any] = [g["arcs"]]
        while stack:
            item = stack.pop()
            if isinstance(item, int):
                seen.add(item if item >= 0 else ~item)
            else:
                stack.extend(item)
        uses.update(seen)
    return uses


@dataclass(frozen=True)
class WorldLayers:
    """Every basemap layer, in degrees: polygons for land and lakes, lines for the rest."""

    countries: tuple[CountryShape, ...]
    coastline: tuple[np.ndarray, ...]
    borders: tuple[np.ndarray, ...]
    lakes: tuple[shapely.Polygon, ...]
    rivers: tuple[np.ndarray, ...]
    regions: tuple[np.ndarray, ...]


@cache
def world() -> WorldLayers:
    """The shipped Natural Earth layers (read once)."""
    topo, arcs = _topology("countries-10m.bin.gz")
    geometries = topo["objects"]["countries"]["geometries"]
    countries = []
    for g in geometries:
        polys = _polygons(g, arcs)
        shape = polys[0] if len(polys) == 1 else shapely.MultiPolygon(polys)
        countries.append(CountryShape(g["properties"]["code"], g["properties"]["name"], shape))
    uses = _shared_arcs(geometries)
    coast = tuple(p for i in sorted(uses) if uses[i] == 1 for p in _split(arcs[i]))
    borders = tuple(p for i in sorted(uses) if uses[i] >= 2 for p in _split(arcs[i]))
    ptopo, parcs = _topology("physical-50m.bin.gz")
    lakes = tuple(p for g in ptopo["objects"]["lakes"]["geometries"] for p in _polygons(g, parcs))
    rivers = tuple(line for g in ptopo["objects"]["rivers"]["geometries"]
                   for line in _lines(g, parcs))
    sub = ptopo["objects"]["subunits"]["geometries"]
    sub_uses = _shared_arcs(sub)
    regions = tuple(p for i in sorted(sub_uses) if sub_uses[i] >= 2 for p in _split(parcs[i]))
    return WorldLayers(tuple(countries), coast, borders, lakes, rivers, regions)


@cache
def _country_tree() -> shapely.STRtree:
    shapes = [c.shape for c in world().countries]
    shapely.prepare(shapes)  # point-in-country tests several times faster
    return shapely.STRtree(shapes)


def on_land(lats: Sequence[float], lons: Sequence[float]) -> np.ndarray:
    """For each place, is it on land (in some country)?  One query for them all."""
    xs, ys = np.asarray(lons, dtype=float), np.asarray(lats, dtype=float)
    tree = _country_tree()
    # The tree finds the countries whose boxes hold each point; the prepared countries then
    # answer for their candidates in one vectorised call each.
    near_point, near_country = tree.query(shapely.points(xs, ys))
    land = np.zeros(len(xs), dtype=bool)
    for k in np.unique(near_country):
        which = near_point[near_country == k]
        inside = shapely.intersects_xy(tree.geometries[k], xs[which], ys[which])
        land[which[inside]] = True
    return land


def country_at(lat: float, lon: float) -> str | None:
    """The ISO code of the country at a place (its name where it has none), None at sea."""
    tree = _country_tree()
    for i in sorted(int(k) for k in tree.query(shapely.Point(lon, lat))):
        if shapely.intersects_xy(tree.geometries[i], lon, lat):
            c = world().countries[i]
            return c.code or c.name
    return None


def country_names() -> dict[str, str]:
    """ISO code to name, for every country with a code."""
    return {c.code: c.name for c in world().countries if c.code}


def distance_to_land_km(lat: float, lon: float) -> float:
    """0 on land, else the distance to the nearest coast along the Earth (WGS 84)."""
    if not (-90.0 <= lat <= 90.0 and -180.0 <= lon <= 180.0):
        return float("inf")
    if bool(on_land([lat], [lon])[0]):
        return 0.0
    point = shapely.Point(lon, lat)
    tree = _country_tree()
    nearest = world().countries[int(tree.nearest(point))].shape
    (_, _), (x, y) = shapely.get_coordinates(shapely.shortest_line(point, nearest))
    from ttrtool.geo.geodesy import distance_km

    return distance_km((lat, lon), (float(y), float(x)))
