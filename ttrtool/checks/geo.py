"""Checks TTR121-TTR123 and TTR127: cities given by latitude and longitude.

On a board whose cities give ``geo: [lat, lon]`` the file says where each city really is, so
``validate`` can tell a designer where the board and the world disagree: a city in the sea (a
latitude and longitude swapped, a sign dropped), a city outside the area the board is about
(``board.region``), and a route whose length in train spaces is far from the distance between
its cities compared with the board's other routes.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator

from ttrtool.checks.registry import CheckContext, Problem, check
from ttrtool.codes import (
    CITY_IN_SEA,
    CITY_OUTSIDE_ITS_COUNTRY,
    CITY_OUTSIDE_REGION,
    ROUTE_LENGTH_VS_DISTANCE,
)
from ttrtool.diagnostics import Severity
from ttrtool.geo.geodesy import distance_km
from ttrtool.model import Board, City

# A route is flagged when its kilometres per train space are more than this many times the
# board's median, or less than its inverse (a 1-space route between cities 300 km apart on a
# board of about 100 km a space).
FAR_OFF = 2.0
MIN_ROUTES = 4  # fewer routes between geo cities give no median worth comparing with


def _where(c: City) -> str:
    assert c.geo is not None
    return f"{c.geo[0]:g}, {c.geo[1]:g}"


def _geo_cities(board: Board) -> list[City]:
    return [c for c in board.cities if c.geo is not None]


@check(CITY_OUTSIDE_REGION, Severity.WARNING,
       "A city given by geo lies outside the area board.region names: its latitude and "
       "longitude are likely swapped or mistyped.")
def city_outside_region(ctx: CheckContext) -> Iterator[Problem]:
    """A city's ``geo`` lies outside ``board.region.bbox`` (``[south, west, north, east]``) or
    in none of the countries of ``board.region.countries``: its latitude and longitude are
    most likely swapped or mistyped, or the region is drawn too small.

    Passing::

        board: {width: 1000, height: 700, region: {bbox: [45, 5, 48, 11]}}
        cities:
          - {name: Bern, geo: [46.95, 7.45]}

    Failing::

        # latitude and longitude swapped
        board: {width: 1000, height: 700, region: {bbox: [45, 5, 48, 11]}}
        cities:
          - {name: Bern, geo: [7.45, 46.95]}
    """
    g = ctx.board.geometry
    if g.region_bbox is not None:
        south, west, north, east = g.region_bbox
        for c in _geo_cities(ctx.board):
            lat, lon = c.geo or (0.0, 0.0)
            inside_lon = west <= lon <= east if west <= east else (lon >= west or lon <= east)
            if not (south <= lat <= north and inside_lon):
                swapped = (south <= lon <= north and
                           (west <= lat <= east if west <= east else lat >= west or lat <= east))
                hint = ("its latitude and longitude look swapped: write geo as [lat, lon]"
                        if swapped else "check its geo (latitude first), or widen "
                        "board.region.bbox")
                yield Problem(f"{c.name} at {_where(c)} lies outside board.region.bbox "
                              f"[{south:g}, {west:g}, {north:g}, {east:g}]: {hint}",
                              c.path + ("geo",))
    if g.region_countries:
        from ttrtool.geo.naturalearth import country_at, country_names

        wanted = set(g.region_countries)
        names = country_names()
        for c in _geo_cities(ctx.board):
            lat, lon = c.geo or (0.0, 0.0)
            found = country_at(lat, lon)
            if found is not None and found not in wanted:
                land = f"{names[found]} ({found})" if found in names else found
                yield Problem(f"{c.name} at {_where(c)} lies in {land}, not in the region's "
                              f"countries ({', '.join(g.region_countries)}): check its geo "
                              f"(latitude first), or add '{found}' to board.region.countries",
                              c.path + ("geo",))


@check(CITY_IN_SEA, Severity.WARNING,
       "A city given by geo lies in the sea, more than 10 km from land: its latitude and "
       "longitude are likely swapped or a sign is missing.")
def city_in_sea(ctx: CheckContext) -> Iterator[Problem]:
    """A city's ``geo`` lies in the sea, further from land than a coastal city can be: its
    latitude and longitude are likely swapped or a sign is missing (a city in the west of
    Europe has a negative longitude).  Land is Natural Earth's (1:10m); a city within 10 km of
    the coast is taken to be on it.

    Passing::

        cities:
          - {name: Lisboa, geo: [38.72, -9.14]}

    Failing::

        # the minus sign of the longitude left out
        cities:
          - {name: Lisboa, geo: [38.72, 9.14]}
    """
    cities = _geo_cities(ctx.board)
    if not cities:
        return
    from ttrtool.geo.naturalearth import distance_to_land_km

    for c in cities:
        lat, lon = c.geo or (0.0, 0.0)
        km = distance_to_land_km(lat, lon)
        if km > 10.0:
            hint = ""
            if distance_to_land_km(lon, lat) == 0.0 if abs(lon) <= 90 else False:
                hint = " (swapped, [lon, lat] would be on land)"
            elif distance_to_land_km(lat, -lon) == 0.0:
                hint = " (with the sign of its longitude turned, it would be on land)"
            elif distance_to_land_km(-lat, lon) == 0.0:
                hint = " (with the sign of its latitude turned, it would be on land)"
            yield Problem(f"{c.name} at {_where(c)} lies in the sea, about {km:.0f} km from "
                          f"land: check its geo, [latitude, longitude] in degrees{hint}",
                          c.path + ("geo",))


@check(ROUTE_LENGTH_VS_DISTANCE, Severity.WARNING,
       "A route's length in spaces is far from the distance between its cities, against the "
       "board's other routes.", whole_board=True)
def route_length_vs_distance(ctx: CheckContext) -> Iterator[Problem]:
    """Between cities given by ``geo``, a route's kilometres per train space are more than
    twice, or less than half, the board's median: a 1-space route between cities 300 km apart
    on a board of 100 km a space.  The message gives the length that would match; keep the
    length and ignore the warning where the difference is a design choice (a mountain pass).

    Passing::

        routes:
          - {a: Amsterdam, b: Utrecht, length: 1, color: red}     # 35 km
          - {a: Amsterdam, b: Groningen, length: 4, color: gray}  # 145 km

    Failing::

        routes:
          - {a: Amsterdam, b: Utrecht, length: 1, color: red}
          - {a: Amsterdam, b: Groningen, length: 1, color: gray}  # 145 km in one space
    """
    board = ctx.board
    geo = {c.index: c.geo for c in board.cities if c.geo is not None}
    measured = [(r, distance_km(geo[r.a], geo[r.b])) for r in board.routes
                if r.a in geo and r.b in geo and r.length > 0]
    if len(measured) < MIN_ROUTES:
        return
    per_space = statistics.median(km / r.length for r, km in measured)
    if per_space <= 0.0:
        return
    for r, km in measured:
        ratio = km / r.length / per_space
        if ratio <= FAR_OFF and ratio >= 1.0 / FAR_OFF:
            continue
        suits = max(1, math.floor(km / per_space + 0.5))
        way = "short" if ratio > FAR_OFF else "long"
        fix = (f"make it about {suits} space{'s' if suits != 1 else ''}"
               f"{', or move the cities closer' if way == 'short' else ''}")
        yield Problem(f"route {r.label()} is {r.length} space{'s' if r.length != 1 else ''} "
                      f"for {km:.0f} km, while the board's routes average {per_space:.0f} km a "
                      f"space: it is too {way} for the distance; {fix}", r.path + ("length",))


@check(CITY_OUTSIDE_ITS_COUNTRY, Severity.WARNING,
       "A city given by geo lies in another country than its own `country` code says.")
def city_outside_its_country(ctx: CheckContext) -> Iterator[Problem]:
    """A city with both ``geo`` and ``country`` lies, by Natural Earth's borders (1:10m), in a
    different country: the coordinates belong to another place of the same name (GeoNames
    lists Tokyo's wards in other prefectures), or the code is wrong.  A city at sea off its
    coast passes (TTR121 judges the sea).

    Passing::

        cities:
          - {name: Porto, geo: [41.15, -8.61], country: PT}

    Failing::

        # Porto's coordinates with Spain's code
        cities:
          - {name: Porto, geo: [41.15, -8.61], country: ES}
    """
    cities = [c for c in _geo_cities(ctx.board) if c.country]
    if not cities:
        return
    from ttrtool.geo.naturalearth import country_at, country_names

    names = country_names()
    for c in cities:
        lat, lon = c.geo or (0.0, 0.0)
        found = country_at(lat, lon)
        if found is None or found == c.country or c.country not in names:
            continue
        land = f"{names[found]} ({found})" if found in names else found
        yield Problem(f"{c.name} at {_where(c)} lies in {land}, not in {names[c.country]} "
                      f"({c.country}) as its country says: check its geo (latitude first) "
                      f"or its country code", c.path + ("geo",))
