"""The board model: frozen, typed records built once from a schema-valid document.

Everything downstream (checks, analysis, rendering, the engine) reads a
:class:`Board`; nothing re-reads YAML.  Places are numbered: cities first,
then border points (each its own node, R-CH-9) or, when the rules make
countries junctions, one node per country.  Routes are numbered in file
order.  Every record keeps the JSON path of the entry it came from, so a
check can point at the right line of the file.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ttrtool.codes import (
    BORDER_POINT_ON_CITY,
    COUNTRY_AS_FIRST_END,
    MISSING_BORDER_POINT,
    PROJECTION,
    UNKNOWN_BORDER_POINT,
    UNKNOWN_PLACE,
)
from ttrtool.diagnostics import Diagnostic, JsonPath, Severity, describe_invisible, visible
from ttrtool.geo import BASEMAP_LAYERS
from ttrtool.geo.projection import MapProjection, ProjectionError, board_size, fit_projection
from ttrtool.rules import Rules, resolve_rules

GRAY = "gray"
Point = tuple[float, float]


def without_accents(text: str) -> str:
    """``Zürich`` -> ``Zurich``: compatibility-decomposed, combining marks dropped."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(name: str) -> str:
    """Case- and accent-folded form of a name, for near-duplicate checks: letters and digits
    of any script (``Москва`` and ``москва`` fold alike), without accents or punctuation."""
    return re.sub(r"[\W_]+", "", without_accents(name).casefold())


# Scripts with letters that look like Latin ones (or each other's); scripts mixed by design,
# such as Japanese kanji with kana, are not listed.
LOOKALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "COPTIC", "CHEROKEE"})


def scripts(name: str) -> dict[str, tuple[int, str]]:
    """The look-alike scripts a name's letters come from, each with its first (index, letter)."""
    found: dict[str, tuple[int, str]] = {}
    for i, ch in enumerate(name):
        script = unicodedata.name(ch, "").split(" ", 1)[0]
        if script in LOOKALIKE_SCRIPTS:
            found.setdefault(script, (i, ch))
    return found


def _latin(text: str) -> str:
    """Letters of other scripts written in Latin ones by anyascii (``Йошкар-Ола`` ->
    ``Yoshkar-Ola``, ``東京`` -> ``DongJing``); Latin letters kept for :func:`without_accents`
    (so ``Tromsø`` keeps its ``ø`` and the ids of the maps written so far stay)."""
    from anyascii import anyascii

    return "".join(ch if ch.isascii() or unicodedata.name(ch, "").startswith("LATIN")
                   else anyascii(ch) for ch in text)


def slug(name: str) -> str:
    """An id made from a name: lower case, accents dropped, other scripts transliterated
    (anyascii), words joined by '-' (``St. Gallen`` -> ``st-gallen``, ``Москва`` ->
    ``moskva``, ``Йошкар-Ола`` -> ``yoshkar-ola``, not ``иошкар-ола``)."""
    return re.sub(r"[\W_]+", "-", without_accents(_latin(name)).lower()).strip("-") or "x"


@dataclass(frozen=True)
class City:
    index: int
    name: str
    pos: Point
    aliases: tuple[str, ...] = ()
    country: str | None = None
    path: JsonPath = ()
    geo: tuple[float, float] | None = None  # [lat, lon] when the map gives it; pos is projected


@dataclass(frozen=True)
class BorderPoint:
    id: str
    country: str
    pos: Point
    path: JsonPath = ()


@dataclass(frozen=True)
class Country:
    name: str
    code: str | None
    pos: Point | None
    border_points: tuple[BorderPoint, ...]
    path: JsonPath = ()


@dataclass(frozen=True)
class Node:
    """A vertex of the route graph: a city, a border point, or a whole country."""

    index: int
    name: str  # city name, or country name for border points and countries
    kind: str  # "city" | "border" | "country"
    pos: Point
    border_point: str | None = None


@dataclass(frozen=True)
class Route:
    """One track.  ``a``/``b`` are node indices; ``a_name``/``b_name`` the place names."""

    index: int
    id: str
    a: int
    b: int
    a_name: str
    b_name: str
    length: int
    color: str
    kind: str  # "normal" | "tunnel" | "ferry"
    locomotives: int
    double: str | None
    border_point: str | None
    waypoints: tuple[Point, ...]
    path: JsonPath = ()
    mountains: int = 0  # trains discarded beyond the length when claimed (R-VAR-10)

    @property
    def is_gray(self) -> bool:
        return self.color == GRAY

    def other(self, node: int) -> int:
        return self.b if node == self.a else self.a

    def label(self) -> str:
        end = f"{self.b_name} ({self.border_point})" if self.border_point else self.b_name
        kind = "" if self.kind == "normal" else f" {self.kind}"
        return f"{self.a_name}–{end} {self.length} {self.color}{kind}"


@dataclass(frozen=True)
class Destination:
    """One end of a ticket: a place name and the graph nodes that reach it."""

    name: str
    nodes: frozenset[int]
    points: int


@dataclass(frozen=True)
class Ticket:
    """A destination ticket.  City-city tickets have one destination (R-TIX-2);
    multi-destination tickets several, scored by the rules' policy (R-CH-3)."""

    index: int
    id: str
    deck: str
    origin: str
    origin_nodes: frozenset[int]
    destinations: tuple[Destination, ...]
    copy: int = 1  # 1..copies for identical cards
    path: JsonPath = ()

    @property
    def is_multi(self) -> bool:
        return len(self.destinations) > 1

    @property
    def points(self) -> int:
        """Largest value on the card."""
        return max(d.points for d in self.destinations)

    def label(self) -> str:
        if self.is_multi:
            dests = "/".join(f"{d.name} {d.points}" for d in self.destinations)
            return f"{self.origin}–{dests}"
        d = self.destinations[0]
        return f"{self.origin}–{d.name} {d.points}"


@dataclass(frozen=True)
class Meta:
    id: str
    name: str
    version: str = ""
    author: str = ""
    licence: str = ""
    description: str = ""


@dataclass(frozen=True)
class BoardGeometry:
    width: float
    height: float
    units: str = "px"
    print_width_mm: float | None = None  # None: the renderer derives it from the aspect
    # Boards whose cities give geo: the fitted projection, the basemap layers drawn and the
    # region the board is about (board.region: ISO country codes, [south, west, north, east]).
    projection: MapProjection | None = None
    basemap: frozenset[str] = frozenset()
    region_countries: tuple[str, ...] = ()
    region_bbox: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class Board:
    """A complete map: what is on the board and the rules it is played with."""

    meta: Meta
    geometry: BoardGeometry
    rules: Rules
    cities: tuple[City, ...]
    countries: tuple[Country, ...]
    nodes: tuple[Node, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]  # every physical card, copies expanded, in file order
    decks: tuple[str, ...]
    source: str = ""
    adjacency: tuple[tuple[int, ...], ...] = field(default=(), repr=False)  # node -> route indices
    # node -> (route index, node at its other end) pairs, for the searches in ttrtool.graph
    links: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), repr=False)

    @cached_property
    def border_nodes(self) -> tuple[bool, ...]:
        """Per node, is it a border point (an end of a chain, never a junction: R-CH-9)?
        Worked out once, for the searches in ttrtool.graph."""
        return tuple(n.kind == "border" for n in self.nodes)

    @cached_property
    def route_ends(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each route's two end nodes, as two tuples by route index (for walking a chain
        back in ttrtool.graph)."""
        return tuple(r.a for r in self.routes), tuple(r.b for r in self.routes)

    @property
    def train_spaces(self) -> int:
        return sum(r.length for r in self.routes)

    def deck(self, name: str) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if t.deck == name)

    def city(self, name: str) -> City | None:
        for c in self.cities:
            if c.name == name:
                return c
        return None

    def routes_at(self, node: int) -> tuple[Route, ...]:
        return tuple(self.routes[i] for i in self.adjacency[node])

    def double_groups(self) -> dict[str, tuple[Route, ...]]:
        groups: dict[str, list[Route]] = {}
        for r in self.routes:
            if r.double is not None:
                groups.setdefault(r.double, []).append(r)
        return {k: tuple(v) for k, v in groups.items()}

    def partner(self, route: Route) -> Route | None:
        """The other track of a double route, if any."""
        if route.double is None:
            return None
        for r in self.routes:
            if r.double == route.double and r.index != route.index:
                return r
        return None


def _pos(value: Any) -> Point:
    return (float(value[0]), float(value[1]))


class _Builder:
    def __init__(self, data: dict[str, Any], file: str) -> None:
        self.data = data
        self.file = file
        self.diagnostics: list[Diagnostic] = []

    def error(self, code: str, name: str, message: str, path: JsonPath) -> None:
        self.diagnostics.append(Diagnostic(code, name, Severity.ERROR, message, path, self.file))

    def place_geo_cities(self, geometry: BoardGeometry, board_data: dict[str, Any]
                         ) -> tuple[BoardGeometry, dict[int, Point]]:
        """Board positions of the cities given by ``geo``, by the fitted projection; the
        geometry gains the projection, basemap layers and region.  Without ``board.width`` or
        ``board.height`` the board takes the cities' shape, 1000 units on its longer side."""
        geo = {i: (float(c["geo"][0]), float(c["geo"][1]))
               for i, c in enumerate(self.data["cities"]) if "geo" in c}
        if not geo:
            return geometry, {}
        places = list(geo.values())
        named = board_data.get("projection")
        try:
            if "width" not in board_data or "height" not in board_data:
                width, height = board_size(places, named)  # shaped like the cities
                geometry = replace(geometry, width=float(board_data.get("width", width)),
                                   height=float(board_data.get("height", height)))
            projection = fit_projection(places, geometry.width, geometry.height, named)
        except ProjectionError as e:
            where: JsonPath = ("board", "projection") if named else ("cities", min(geo), "geo")
            self.error(PROJECTION, "projection", str(e), where)
            try:  # go on with the default projection, so later checks still see the board
                projection = fit_projection(places, geometry.width, geometry.height)
            except ProjectionError:
                middle = (geometry.width / 2, geometry.height / 2)
                return geometry, dict.fromkeys(geo, middle)
        region = board_data.get("region") or {}
        bbox = region.get("bbox")
        geometry = replace(
            geometry, projection=projection,
            basemap=_basemap_layers(board_data.get("basemap", True)),
            region_countries=tuple(region.get("countries", ())),
            region_bbox=(float(bbox[0]), float(bbox[1]), float(bbox[2]), float(bbox[3]))
            if bbox else None,
        )
        return geometry, {i: projection.to_board(*ll) for i, ll in geo.items()}

    def build(self) -> Board:
        d = self.data
        rules_data = resolve_rules(d.get("rules"))
        rules = Rules.from_data(rules_data, (d.get("rules") or {}).get("preset"))
        meta = Meta(**{k: str(v) for k, v in d["meta"].items()})
        geo_data = d.get("board") or {}
        geometry = BoardGeometry(
            width=float(geo_data.get("width", 1000)),
            height=float(geo_data.get("height", 1000)),
            units=geo_data.get("units", "px"),
            print_width_mm=(float(geo_data["print_width_mm"]) if "print_width_mm" in geo_data
                            else None),
        )
        geometry, placed = self.place_geo_cities(geometry, geo_data)
        cities = tuple(
            City(
                i,
                c["name"],
                placed[i] if i in placed else _pos(c["pos"]),
                tuple(c.get("aliases", ())),
                c.get("country"),
                ("cities", i),
                (float(c["geo"][0]), float(c["geo"][1])) if "geo" in c else None,
            )
            for i, c in enumerate(d["cities"])
        )
        countries = tuple(
            Country(
                c["name"],
                c.get("code"),
                _pos(c["pos"]) if "pos" in c else None,
                tuple(
                    BorderPoint(
                        bp["id"], c["name"], _pos(bp["pos"]), ("countries", i, "border_points", j)
                    )
                    for j, bp in enumerate(c["border_points"])
                ),
                ("countries", i),
            )
            for i, c in enumerate(d.get("countries", ()))
        )
        nodes: list[Node] = []
        city_node: dict[str, int] = {}
        for c in cities:
            if c.name not in city_node:  # duplicates are reported by a check
                city_node[c.name] = len(nodes)
            nodes.append(Node(len(nodes), c.name, "city", c.pos))
        country_nodes: dict[str, list[int]] = {}
        border_node: dict[tuple[str, str], int] = {}
        for country in countries:
            if rules.countries_junction:
                pos = country.pos or country.border_points[0].pos
                idx = len(nodes)
                nodes.append(Node(idx, country.name, "country", pos))
                country_nodes.setdefault(country.name, []).append(idx)
                for bp in country.border_points:
                    border_node[(country.name, bp.id)] = idx
            else:
                for bp in country.border_points:
                    idx = len(nodes)
                    nodes.append(Node(idx, country.name, "border", bp.pos, bp.id))
                    country_nodes.setdefault(country.name, []).append(idx)
                    border_node[(country.name, bp.id)] = idx
        self.city_node = city_node
        self.alias_of = {a: c.name for c in cities for a in c.aliases}
        self.country_nodes = {k: frozenset(v) for k, v in country_nodes.items()}

        routes: list[Route] = []
        for i, r in enumerate(d["routes"]):
            path: JsonPath = ("routes", i)
            a = self._route_end(r["a"], None, path + ("a",), border_node)
            b = self._route_end(r["b"], r.get("border_point"), path + ("b",), border_node)
            if a is None or b is None:
                continue
            routes.append(
                Route(
                    index=len(routes),
                    id=r.get("id", ""),
                    a=a,
                    b=b,
                    a_name=r["a"],
                    b_name=r["b"],
                    length=r["length"],
                    color=r["color"],
                    kind=r.get("kind", "normal"),
                    locomotives=r.get("locomotives", 0),
                    double=r.get("double"),
                    border_point=r.get("border_point"),
                    waypoints=tuple(_pos(p) for p in r.get("waypoints", ())),
                    path=path,
                    mountains=r.get("mountains", 0),
                )
            )
        routes = _assign_route_ids(routes)

        tickets: list[Ticket] = []
        decks = tuple(d["tickets"])
        for deck in decks:
            for j, t in enumerate(d["tickets"][deck]):
                path = ("tickets", deck, j)
                origin = self._place(t["from"], path + ("from",))
                specs: list[tuple[str, int, JsonPath]]
                if "destinations" in t:
                    specs = [
                        (x["to"], x["points"], path + ("destinations", k, "to"))
                        for k, x in enumerate(t["destinations"])
                    ]
                else:
                    specs = [(t["to"], t["points"], path + ("to",))]
                dests = []
                for name, points, p in specs:
                    nodes_ = self._place(name, p)
                    if nodes_ is not None:
                        dests.append(Destination(name, nodes_, points))
                if origin is None or len(dests) != len(specs):
                    continue
                base_id = t.get("id") or f"{deck}-{j + 1}"
                copies = t.get("copies", 1)
                for k in range(copies):
                    tickets.append(
                        Ticket(
                            index=len(tickets),
                            id=base_id if copies == 1 else f"{base_id}.{k + 1}",
                            deck=deck,
                            origin=t["from"],
                            origin_nodes=origin,
                            destinations=tuple(dests),
                            copy=k + 1,
                            path=path,
                        )
                    )
        adjacency: list[list[int]] = [[] for _ in nodes]
        for r in routes:
            adjacency[r.a].append(r.index)
            if r.b != r.a:
                adjacency[r.b].append(r.index)
        return Board(
            meta=meta,
            geometry=geometry,
            rules=rules,
            cities=cities,
            countries=countries,
            nodes=tuple(nodes),
            routes=tuple(routes),
            tickets=tuple(tickets),
            decks=decks,
            source=self.file,
            adjacency=tuple(tuple(a) for a in adjacency),
            links=tuple(tuple((ri, routes[ri].other(n)) for ri in a)
                        for n, a in enumerate(adjacency)),
        )

    def _route_end(
        self,
        name: str,
        border_point: str | None,
        path: JsonPath,
        border_node: dict[tuple[str, str], int],
    ) -> int | None:
        if name in self.city_node:
            if border_point is not None:
                self.error(
                    BORDER_POINT_ON_CITY,
                    "border-point-on-city",
                    f"'{name}' is a city, so the route cannot name a border point: "
                    "remove border_point, or make 'b' the country",
                    path[:-1] + ("border_point",),
                )
            return self.city_node[name]
        if name in self.country_nodes:
            if path[-1] == "a":
                self.error(
                    COUNTRY_AS_FIRST_END,
                    "country-as-first-end",
                    f"'{name}' is a country: put the city in 'a' and the country in 'b' "
                    "with the border_point where the track meets the edge",
                    path,
                )
                return None
            if border_point is None:
                self.error(
                    MISSING_BORDER_POINT,
                    "missing-border-point",
                    f"route to country '{name}' needs border_point: one of "
                    + ", ".join(sorted(bp for (c, bp) in border_node if c == name)),
                    path,
                )
                return None
            if (name, border_point) not in border_node:
                self.error(
                    UNKNOWN_BORDER_POINT,
                    "unknown-border-point",
                    f"country '{name}' has no border point '{border_point}': use one of "
                    + ", ".join(sorted(bp for (c, bp) in border_node if c == name)),
                    path[:-1] + ("border_point",),
                )
                return None
            return border_node[(name, border_point)]
        self.error(UNKNOWN_PLACE, "unknown-place",
                   _unknown(name, self.city_node, self.country_nodes, self.alias_of), path)
        return None

    def _place(self, name: str, path: JsonPath) -> frozenset[int] | None:
        if name in self.city_node:
            return frozenset((self.city_node[name],))
        if name in self.country_nodes:
            return self.country_nodes[name]
        self.error(UNKNOWN_PLACE, "unknown-place",
                   _unknown(name, self.city_node, self.country_nodes, self.alias_of), path)
        return None


def _unknown(name: str, cities: dict[str, int], countries: dict[str, Any],
             alias_of: dict[str, str]) -> str:
    if name in alias_of:  # aliases are other spellings for people, not keys
        return (f"'{name}' is an alias of '{alias_of[name]}': routes and tickets use the "
                f"name, write '{alias_of[name]}'")
    known = list(cities) + list(countries)
    folded = fold(name)
    close = [k for k in known if fold(k) == folded]
    if not close:  # a typo rather than a case or accent slip
        import difflib

        close = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
    hint = (
        f": did you mean '{visible(close[0])}'?"
        if close
        else ": add it to 'cities' (or 'countries') or fix the spelling"
    )
    if close and len(scripts(close[0])) > 1:
        hint += f" ('{close[0]}' mixes letters of several scripts: retype it, see TTR112)"
    if describe_invisible(name):  # two names that look alike: say which character differs
        hint += f" The name holds an invisible character, {describe_invisible(name)}: delete it."
    if close and describe_invisible(close[0]):
        hint += (f" '{visible(close[0])}' holds an invisible character, "
                 f"{describe_invisible(close[0])}: delete it there (TTR115).")
    return f"unknown place '{visible(name)}'{hint}"


def _assign_route_ids(routes: list[Route]) -> list[Route]:
    """Give routes without an explicit id one made from their endpoints.

    ``atlanta-charleston``; when several tracks share endpoints the colour is
    added (``boston-new-york-red``), then a counter if still needed.
    """
    from dataclasses import replace

    def base(r: Route) -> str:
        b = slug(r.b_name) + (f"-{slug(r.border_point)}" if r.border_point else "")
        return f"{slug(r.a_name)}-{b}"

    counts: dict[str, int] = {}
    for r in routes:
        counts[base(r)] = counts.get(base(r), 0) + 1
    used = {r.id for r in routes if r.id}
    out = []
    for r in routes:
        if not r.id:
            rid = base(r) if counts[base(r)] == 1 else f"{base(r)}-{r.color}"
            n = 2
            candidate = rid
            while candidate in used:
                candidate = f"{rid}-{n}"
                n += 1
            used.add(candidate)
            r = replace(r, id=candidate)
        out.append(r)
    return out


def _basemap_layers(value: Any) -> frozenset[str]:
    """``board.basemap``: true (or absent) every layer, false none, a mapping the layers not
    turned off."""
    if value is False:
        return frozenset()
    if isinstance(value, dict):
        return frozenset(k for k in BASEMAP_LAYERS if value.get(k, True))
    return frozenset(BASEMAP_LAYERS)


def build_board(data: dict[str, Any], file: str = "") -> tuple[Board, list[Diagnostic]]:
    """Build the model from schema-valid data.  Unresolvable references are
    returned as diagnostics and the items that hold them are left out."""
    builder = _Builder(data, file)
    board = builder.build()
    return board, builder.diagnostics
