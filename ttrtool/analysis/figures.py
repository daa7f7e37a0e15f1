"""The board's balance figures: colours and lengths, capacity, structure.

Counts are per track: each track of a double route is a route of its own
colour, as on the printed board (official USA: 7 routes and 27 train spaces
of each colour; Europe: 8 routes and 22-23 spaces).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ttrtool.model import GRAY, Board


@dataclass(frozen=True)
class ColourCount:
    colour: str
    routes: int
    spaces: int


@dataclass(frozen=True)
class ColourFigures:
    colours: tuple[ColourCount, ...]  # the deck's colours in rules order, then any other, gray last
    tracks: int
    spaces: int
    lengths: tuple[tuple[int, int], ...]  # (length, tracks), by length
    double_routes: int  # double routes (pairs of tracks)
    double_tracks: int
    tunnels: int
    tunnel_spaces: int
    ferries: int
    ferry_spaces: int
    locomotive_symbols: int

    def count(self, colour: str) -> ColourCount:
        for c in self.colours:
            if c.colour == colour:
                return c
        return ColourCount(colour, 0, 0)

    @property
    def gray(self) -> ColourCount:
        return self.count(GRAY)

    @property
    def gray_share_routes(self) -> float:
        return self.gray.routes / self.tracks if self.tracks else 0.0

    @property
    def gray_share_spaces(self) -> float:
        return self.gray.spaces / self.spaces if self.spaces else 0.0

    @property
    def coloured(self) -> tuple[ColourCount, ...]:
        return tuple(c for c in self.colours if c.colour != GRAY)


def colour_figures(board: Board) -> ColourFigures:
    routes = Counter(r.color for r in board.routes)
    spaces: Counter[str] = Counter()
    for r in board.routes:
        spaces[r.color] += r.length
    order = list(board.rules.colors) + sorted(set(routes) - set(board.rules.colors) - {GRAY})
    order.append(GRAY)
    doubles = board.double_groups()
    return ColourFigures(
        colours=tuple(ColourCount(c, routes[c], spaces[c]) for c in order),
        tracks=len(board.routes),
        spaces=board.train_spaces,
        lengths=tuple(sorted(Counter(r.length for r in board.routes).items())),
        double_routes=len(doubles),
        double_tracks=sum(len(t) for t in doubles.values()),
        tunnels=sum(r.kind == "tunnel" for r in board.routes),
        tunnel_spaces=sum(r.length for r in board.routes if r.kind == "tunnel"),
        ferries=sum(r.kind == "ferry" for r in board.routes),
        ferry_spaces=sum(r.length for r in board.routes if r.kind == "ferry"),
        locomotive_symbols=sum(r.locomotives for r in board.routes),
    )


@dataclass(frozen=True)
class Capacity:
    """Train spaces against the trains the players bring (R-SET-1)."""

    players: int
    trains: int  # players x trains per player
    usable_spaces: int  # one track per double route below the double-route threshold

    @property
    def ratio(self) -> float:
        """Usable spaces per train in play: below 1 the board can fill up."""
        return self.usable_spaces / self.trains if self.trains else 0.0


@dataclass(frozen=True)
class CityDegree:
    name: str
    tracks: int  # tracks that end at the city
    neighbours: int  # distinct places one route away


@dataclass(frozen=True)
class Chokepoint:
    """A link on many cheapest ticket paths (``tracks``: both tracks of a double)."""

    tracks: tuple[int, ...]
    on_some: int  # ticket legs with the link on at least one cheapest path
    on_every: int  # ticket legs whose every cheapest path uses it


@dataclass(frozen=True)
class Structure:
    degrees: tuple[CityDegree, ...]  # every city, in file order
    chokepoints: tuple[Chokepoint, ...]  # links on some cheapest path, most used first
    no_ticket: tuple[str, ...]  # cities that are no ticket's origin or destination
    ticket_ends: tuple[tuple[str, int], ...]  # (place, ticket cards it ends), most first
    off_paths: tuple[str, ...]  # cities on no cheapest ticket path and no ticket's end

    @property
    def degree_histogram(self) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(Counter(d.tracks for d in self.degrees).items()))


def city_degrees(board: Board) -> tuple[CityDegree, ...]:
    out = []
    for city in board.cities:
        node = next((n.index for n in board.nodes if n.kind == "city" and n.name == city.name),
                    None)
        if node is None:
            continue
        at = board.routes_at(node)
        others = {board.nodes[r.other(node)].name for r in at}
        out.append(CityDegree(city.name, len(at), len(others)))
    return tuple(out)


def structure(board: Board, links: dict[tuple[int, ...], tuple[int, int]]) -> Structure:
    """``links``: link -> (legs on some, on every cheapest path), from
    :func:`ttrtool.analysis.blocking.link_usage`."""
    ends: set[int] = set()
    for t in board.tickets:
        ends |= t.origin_nodes
        for d in t.destinations:
            ends |= d.nodes
    per_place: Counter[str] = Counter()
    for t in board.tickets:
        per_place[t.origin] += 1
        for name in {d.name for d in t.destinations}:
            per_place[name] += 1
    on_paths = set(ends)
    for tracks in links:
        for ri in tracks:
            on_paths.update((board.routes[ri].a, board.routes[ri].b))
    city_nodes = [n for n in board.nodes if n.kind == "city"]
    chokepoints = sorted(
        (Chokepoint(tracks, some, every) for tracks, (some, every) in links.items()),
        key=lambda c: (-c.on_some, -c.on_every, c.tracks),
    )
    return Structure(
        degrees=city_degrees(board),
        chokepoints=tuple(chokepoints),
        no_ticket=tuple(n.name for n in city_nodes if n.index not in ends),
        ticket_ends=tuple(sorted(per_place.items(), key=lambda kv: (-kv[1], kv[0]))),
        off_paths=tuple(n.name for n in city_nodes if n.index not in on_paths),
    )
