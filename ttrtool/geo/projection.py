"""Latitude and longitude to board units: a map projection fitted to the board.

A board whose cities give ``geo: [lat, lon]`` is drawn through a real map projection
(PROJ, by way of pyproj), never through hand-written formulas.  Unless ``board.projection``
names one, the projection is chosen for the cities: a Lambert conformal conic centred on
them with its standard parallels at one sixth and five sixths of their span of latitude
(shapes and angles kept, areas close to true over a country or a continent), or a Mercator
for boards near the equator, where a cone degenerates.  The projected cities are then
scaled alike in both directions and centred on the board, a margin of
:data:`MARGIN` of the shorter side kept free on every edge for labels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyproj

Point = tuple[float, float]
LatLon = tuple[float, float]

MARGIN = 0.08  # of the board's shorter side, on every edge
TROPICS = 15.0  # below this mean latitude a conic is poorly defined: Mercator instead


class ProjectionError(ValueError):
    """The projection cannot be made or cannot place the cities (the message says why)."""


@cache
def _crs(text: str) -> pyproj.CRS:
    import pyproj

    from ttrtool.geo.projection_text import FileReference, refuse_file_access

    try:  # before PROJ sees it: +init and grids would make PROJ read (or wait on) a file
        refuse_file_access(text)
    except FileReference as e:
        raise ProjectionError(str(e)) from None
    # Whatever PROJ_NETWORK says, no grid is downloaded (pyproj's stubs do not list it).
    pyproj.network.set_network_enabled(False)  # type: ignore[attr-defined]
    try:
        crs = pyproj.CRS.from_user_input(text)
    except pyproj.exceptions.CRSError as e:
        raise ProjectionError(f"PROJ does not know the projection '{text}' ({e}); write a "
                              "PROJ string such as '+proj=lcc +lat_1=45 +lat_2=55 +lat_0=50 "
                              "+lon_0=10' or a code such as 'EPSG:3035'") from e
    if not crs.is_projected:
        raise ProjectionError(f"'{text}' is a geographic coordinate system, not a map "
                              "projection: name a projected one (for Europe, 'EPSG:3035')")
    return crs


@cache
def _forward(text: str) -> pyproj.Transformer:
    import pyproj

    crs = _crs(text)
    try:
        return pyproj.Transformer.from_crs("EPSG:4326", crs, always_xy=True)
    except pyproj.exceptions.ProjError as e:  # a scale of 0, a sphere of another planet...
        raise _unusable(text, e) from None


@cache
def _inverse(text: str) -> pyproj.Transformer:
    import pyproj

    crs = _crs(text)
    try:
        return pyproj.Transformer.from_crs(crs, "EPSG:4326", always_xy=True)
    except pyproj.exceptions.ProjError as e:
        raise _unusable(text, e) from None


def _unusable(text: str, e: Exception) -> ProjectionError:
    reason = str(e).split("Internal Proj Error: ")[-1].rstrip(")")
    return ProjectionError(f"PROJ cannot project with '{text}' ({reason}): write a projection "
                           "of the Earth with ordinary parameters, such as '+proj=lcc +lat_1=45 "
                           "+lat_2=55 +lat_0=50 +lon_0=10' or 'EPSG:3035'")


def check_projection(text: str) -> None:
    """Raise :class:`ProjectionError` unless ``text`` names a projection PROJ can use."""
    _forward(text)


def project(text: str, lons: Any, lats: Any) -> tuple[Any, Any]:
    """Longitudes and latitudes (scalars or arrays) to projected metres, east and north."""
    import pyproj

    try:
        return _forward(text).transform(lons, lats)
    except pyproj.exceptions.ProjError as e:
        raise _unusable(text, e) from None


def unproject(text: str, xs: Any, ys: Any) -> tuple[Any, Any]:
    """Projected metres back to (longitudes, latitudes)."""
    import pyproj

    try:
        return _inverse(text).transform(xs, ys)
    except pyproj.exceptions.ProjError as e:
        raise _unusable(text, e) from None


def central_longitude(lons: Sequence[float]) -> float:
    """The middle of the longitudes' span, across the antimeridian when that is shorter
    (Fiji, the Bering Strait): the longitude a projection is best centred on."""
    ordered = sorted(x % 360.0 for x in lons)
    gaps = [(ordered[(i + 1) % len(ordered)] - ordered[i]) % 360.0 for i in range(len(ordered))]
    widest = max(range(len(gaps)), key=lambda i: gaps[i])
    start = ordered[(widest + 1) % len(ordered)]
    span = 360.0 - gaps[widest] if len(ordered) > 1 else 0.0
    middle = (start + span / 2.0) % 360.0
    return middle - 360.0 if middle > 180.0 else middle


def default_projection(places: Sequence[LatLon]) -> str:
    """A PROJ string suited to ``places``: a conformal conic centred on them, or a Mercator
    near the equator.  Parameters are rounded to 0.01 degree so the string reads well."""
    lats = [p[0] for p in places]
    lon0 = round(central_longitude([p[1] for p in places]), 2)
    south, north = min(lats), max(lats)
    middle = (south + north) / 2.0
    if abs(middle) < TROPICS or south * north < 0 and min(abs(south), abs(north)) > 5.0:
        return f"+proj=merc +lon_0={lon0:g} +lat_ts={round(middle, 2):g} +ellps=WGS84 +units=m"
    span = north - south
    lat1, lat2 = round(south + span / 6.0, 2), round(north - span / 6.0, 2)
    return (f"+proj=lcc +lat_1={lat1:g} +lat_2={lat2:g} +lat_0={round(middle, 2):g} "
            f"+lon_0={lon0:g} +ellps=WGS84 +units=m")


@dataclass(frozen=True)
class MapProjection:
    """A projection and where it puts the board: board = (metres - origin) * scale, y down."""

    crs: str  # the PROJ string or code, as named by the map or chosen for it
    scale: float  # board units per projected metre
    left: float  # projected easting at the board's left edge
    top: float  # projected northing at the board's top edge
    width: float  # the board's size in board units
    height: float

    def to_board(self, lat: float, lon: float) -> Point:
        x, y = project(self.crs, lon, lat)
        return ((x - self.left) * self.scale, (self.top - y) * self.scale)

    def to_board_many(self, lons: Any, lats: Any) -> tuple[Any, Any]:
        """Arrays of longitudes and latitudes to arrays of board x and y."""
        xs, ys = project(self.crs, lons, lats)
        return (xs - self.left) * self.scale, (self.top - ys) * self.scale

    def to_geo(self, x: float, y: float) -> LatLon:
        lon, lat = unproject(self.crs, self.left + x / self.scale, self.top - y / self.scale)
        return (float(lat), float(lon))

    def geo_bounds(self, samples: int = 24) -> tuple[float, float, float, float]:
        """(west, south, east, north) in degrees around the whole board: its edges sampled and
        taken back to latitude and longitude, one degree added on every side.  West may be
        more than east where the board spans the antimeridian."""
        import numpy as np

        t = np.linspace(0.0, 1.0, samples)
        xs = np.concatenate([t * self.width, np.full(samples, self.width),
                             t * self.width, np.zeros(samples)])
        ys = np.concatenate([np.zeros(samples), t * self.height,
                             np.full(samples, self.height), t * self.height])
        lons, lats = unproject(self.crs, self.left + xs / self.scale, self.top - ys / self.scale)
        ok = np.isfinite(lons) & np.isfinite(lats)
        lons, lats = lons[ok], lats[ok]
        centre = self.to_geo(self.width / 2.0, self.height / 2.0)[1]
        rel = (lons - centre + 180.0) % 360.0 - 180.0  # unwrapped around the board's centre
        west, east = centre + float(rel.min()) - 1.0, centre + float(rel.max()) + 1.0
        south, north = max(-90.0, float(lats.min()) - 1.0), min(90.0, float(lats.max()) + 1.0)
        return (west, south, east, north)


def fit_projection(places: Sequence[LatLon], width: float, height: float,
                   crs: str | None = None, margin: float = MARGIN) -> MapProjection:
    """The projection named ``crs`` (or :func:`default_projection`) scaled and centred so that
    ``places`` fill the board less a margin.  Raises :class:`ProjectionError`."""
    if not places:
        raise ProjectionError("no city gives geo: [lat, lon] to fit the board to")
    text = crs or default_projection(places)
    check_projection(text)
    xs, ys = project(text, [p[1] for p in places], [p[0] for p in places])
    xs, ys = [float(x) for x in xs], [float(y) for y in ys]
    if not all(math.isfinite(v) for v in xs + ys):
        bad = next(i for i, (x, y) in enumerate(zip(xs, ys, strict=True))
                   if not (math.isfinite(x) and math.isfinite(y)))
        raise ProjectionError(f"the projection '{text}' cannot place {places[bad]}: choose one "
                              "that covers every city")
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    if span_x <= 0.0 and span_y <= 0.0:
        raise ProjectionError("every city with geo is at the same place: a board needs at least "
                              "two places apart to be fitted")
    free = margin * min(width, height)
    scale = min((width - 2 * free) / span_x if span_x > 0 else math.inf,
                (height - 2 * free) / span_y if span_y > 0 else math.inf)
    cx, cy = (max(xs) + min(xs)) / 2.0, (max(ys) + min(ys)) / 2.0
    if not (math.isfinite(scale) and scale > 0.0 and math.isfinite(cx) and math.isfinite(cy)):
        raise ProjectionError(f"the projection '{text}' shrinks or stretches the cities beyond "
                              "what a board can show: use ordinary parameters (a scale near 1)")
    return MapProjection(text, scale, cx - width / 2.0 / scale, cy + height / 2.0 / scale,
                         width, height)


def board_size(places: Sequence[LatLon], crs: str | None = None,
               long_side: float = 1000.0) -> tuple[float, float]:
    """A board shaped like the projected ``places`` (margins included), ``long_side`` units on
    its longer side: the size of a board whose map gives no ``board``."""
    text = crs or default_projection(places)
    xs, ys = project(text, [p[1] for p in places], [p[0] for p in places])
    span_x = float(max(xs) - min(xs)) if len(places) > 1 else 0.0
    span_y = float(max(ys) - min(ys)) if len(places) > 1 else 0.0
    if not (math.isfinite(span_x) and math.isfinite(span_y)) or max(span_x, span_y) <= 0.0:
        return (long_side, long_side)
    # The margin is a share of the shorter side: solve w = span_x*s + 2m, h = span_y*s + 2m.
    ratio = min(span_x, span_y) / max(span_x, span_y)
    short = long_side * (ratio * (1 - 2 * MARGIN) + 2 * MARGIN)
    short = max(short, long_side * 0.5)  # never a sliver: a long coast still gets room
    return (long_side, round(short)) if span_x >= span_y else (round(short), long_side)
