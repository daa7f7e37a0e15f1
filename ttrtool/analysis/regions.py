"""Static findings about parts of the board: regions no ticket needs (TTR511), regions
entered only by tunnels or only by ferries (TTR514) and a ticket deck crowded into one
half of the board (TTR516).

A region is a connected group of cities.  A city is *needed* when it ends a
ticket or lies on a path of some ticket leg at most :attr:`RegionLimits.slack`
train spaces dearer than the leg's cheapest: a city a few spaces off the
cheapest path is still where a blocked player goes (Switzerland's Yverdon, on
no cheapest path, is two spaces off Genève–Neuchâtel's).  The limits were set
on the five official maps (USA, Europe, Switzerland, Nordic Countries, India),
which give neither finding; the figures are in docs/analyze.md.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass

from ttrtool.analysis import Analysis
from ttrtool.codes import (
    REGION_BEHIND_TUNNELS_OR_FERRIES,
    REGION_WITHOUT_TICKETS,
    TICKETS_CLUSTERED,
)
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding
from ttrtool.graph import INF, UnionFind, cheapest_tree
from ttrtool.model import Board, Route


@dataclass(frozen=True)
class RegionLimits:
    slack: int = 2  # train spaces over a leg's cheapest path that still use a city
    # a region entered only by tunnels (or only by ferries) is a warning when this share
    # of the ticket legs must cross into it: 12% for a region of cities (official: Europe's
    # London and Edinburgh, 4 of 46 legs behind ferries, 9%), 20% for one city (official:
    # Nordic Countries' København, 7 of 46 legs, 15%); docs/analyze.md
    crossing_share: float = 0.12
    crossing_share_city: float = 0.2
    # a half or third of the board (west to east, north to south) whose share of the ticket
    # ends is under this fraction of its share of the cities (official: 0.70 at least, the
    # middle third north to south of USA and the north third of Nordic Countries), or a
    # third over ``third_crowded`` times its share (official: 1.40 at most, Nordic
    # Countries' south)
    half_share: float = 0.5
    third_crowded: float = 1.6


REGION_LIMITS = RegionLimits()


def _city_nodes(board: Board) -> list[int]:
    return [n.index for n in board.nodes if n.kind == "city"]


def needed_nodes(a: Analysis, slack: int) -> set[int]:
    """Nodes that end a ticket or lie on a path of a leg within ``slack`` spaces of its
    cheapest (every track open)."""
    board = a.board
    weights = [float(r.length) for r in board.routes]
    trees: dict[frozenset[int], tuple[float, ...]] = {}

    def cost_from(nodes: frozenset[int]) -> tuple[float, ...]:
        if nodes not in trees:
            trees[nodes] = cheapest_tree(board, nodes, weights).cost
        return trees[nodes]

    needed: set[int] = set()
    for t in board.tickets:
        needed |= t.origin_nodes
        start = cost_from(t.origin_nodes)
        for d in t.destinations:
            needed |= d.nodes
            end = cost_from(d.nodes)
            best = min((start[n] for n in d.nodes), default=INF)
            if best == INF:
                continue
            needed.update(n for n in range(len(board.nodes))
                          if start[n] + end[n] <= best + slack)
    return needed


def _groups(board: Board, members: set[int]) -> list[list[int]]:
    """``members`` in connected groups (routes between members only), in file order."""
    uf = UnionFind(len(board.nodes))
    for r in board.routes:
        if r.a in members and r.b in members:
            uf.union(r.a, r.b)
    groups: dict[int, list[int]] = {}
    for n in sorted(members):
        groups.setdefault(uf.find(n), []).append(n)
    return list(groups.values())


def _route_names(routes: list[Route], most: int = 6) -> str:
    names = [r.label() for r in routes[:most]]
    return ", ".join(names) + (f" and {len(routes) - most} more" if len(routes) > most else "")


def dead_regions(a: Analysis, limits: RegionLimits = REGION_LIMITS) -> Iterator[Finding]:
    """TTR511: cities no ticket needs, and the routes that lead only to them.

    Their routes are claimed, if at all, for route points at the end of a game
    (docs/analyze.md): a designer gives the region a ticket or removes it.
    """
    board = a.board
    needed = needed_nodes(a, limits.slack)
    dead = {n for n in _city_nodes(board) if n not in needed}
    for group in _groups(board, dead):
        inside = set(group)
        routes = [r for r in board.routes if r.a in inside or r.b in inside]
        spaces = sum(r.length for r in routes)
        names = [board.nodes[n].name for n in group]
        listed = ", ".join(names)
        yield Finding(
            REGION_WITHOUT_TICKETS, Severity.WARNING,
            f"{'cities' if len(names) > 1 else 'city'} {listed}: no ticket ends there and no "
            f"ticket's path within {limits.slack} train spaces of its cheapest passes through; "
            f"the {len(routes)} routes ({spaces} train spaces) that reach "
            f"{'them' if len(names) > 1 else 'it'} ({_route_names(routes)}) serve no ticket, "
            "so they are claimed late for points or never",
            {"cities": tuple(names), "routes": tuple(r.id for r in routes)},
            {"cities": names, "routes": len(routes), "spaces": spaces, "slack": limits.slack})
    # the report's structure lists every city on no cheapest path: those a slightly dearer
    # path uses are said here too (info), so the findings never read clean above that list
    dead_names = {board.nodes[n].name for n in dead}
    near = [name for name in a.structure.off_paths if name not in dead_names]
    if near:
        yield Finding(
            REGION_WITHOUT_TICKETS, Severity.INFO,
            f"{'cities' if len(near) > 1 else 'city'} {', '.join(near)}: on no cheapest "
            f"ticket path, but on a path at most {limits.slack} train spaces dearer (where "
            "a blocked player goes)",
            {"cities": tuple(near)}, {"cities": near, "slack": limits.slack})


def _legs_crossing(board: Board, inside: set[int]) -> list[str]:
    """Ticket legs with exactly one end inside the region (a ticket leg, by its label)."""
    out = []
    for t in board.tickets:
        for d in t.destinations:
            if bool(t.origin_nodes & inside) != bool(d.nodes & inside):
                out.append(f"{t.origin}–{d.name}")
    return out


def entered_only_by(a: Analysis, limits: RegionLimits = REGION_LIMITS) -> Iterator[Finding]:
    """TTR514: a region whose every way in is a tunnel (or every way in a ferry), with
    many tickets to cross into it.

    Every player bound there pays the tunnels' extra cards or the ferries'
    locomotives; the tickets' points rarely say so (they are priced by spaces).
    """
    board = a.board
    legs = sum(len(t.destinations) for t in board.tickets)
    if not legs:
        return
    cities = set(_city_nodes(board))
    for kind, word in (("tunnel", "tunnels"), ("ferry", "ferries")):
        gates = [r for r in board.routes if r.kind == kind]
        if not gates:
            continue
        uf = UnionFind(len(board.nodes))
        for r in board.routes:
            if r.kind != kind:
                uf.union(r.a, r.b)
        parts: dict[int, set[int]] = {}
        for n in range(len(board.nodes)):
            parts.setdefault(uf.find(n), set()).add(n)
        if len(parts) < 2:
            continue
        main = max(parts.values(), key=lambda p: (len(p & cities), -min(p)))
        for part in sorted(parts.values(), key=min):
            if part is main or not part & cities:
                continue
            entries = [r for r in gates if (r.a in part) != (r.b in part)]
            crossing = _legs_crossing(board, part)
            share = len(crossing) / legs
            names = [board.nodes[n].name for n in sorted(part & cities)]
            limit = limits.crossing_share if len(names) > 1 else limits.crossing_share_city
            if not entries or share < limit:
                continue
            extra = (f", {sum(r.locomotives for r in entries)} locomotive symbols among them"
                     if kind == "ferry" else "")
            yield Finding(
                REGION_BEHIND_TUNNELS_OR_FERRIES, Severity.WARNING,
                f"{', '.join(names)} can be reached only by {word} ({_route_names(entries)}"
                f"{extra}): {len(crossing)} of the {legs} ticket legs ({100 * share:.0f}%) "
                f"cross into it ({', '.join(crossing[:5])}{'…' if len(crossing) > 5 else ''}), "
                f"each paying what the {word} cost beyond their spaces",
                {"cities": tuple(names), "routes": tuple(r.id for r in entries)},
                {"kind": kind, "cities": names, "entries": len(entries),
                 "legs_crossing": len(crossing), "legs": legs, "share": round(share, 4),
                 "limit": limit})


def _ends(board: Board) -> list[int]:
    """The city nodes that end tickets, once per ticket end."""
    out: list[int] = []
    for t in board.tickets:
        for nodes in (t.origin_nodes, *(d.nodes for d in t.destinations)):
            out.extend(n for n in sorted(nodes) if board.nodes[n].kind == "city")
    return out


def _parts(board: Board, cities: list[int], axis: int, names: tuple[str, str, str]
           ) -> list[tuple[str, list[int], float]]:
    """The board's halves (at the median city) and thirds along one axis: (name, cities,
    the share of ticket ends they would have in proportion)."""
    ordered = sorted(cities, key=lambda n: (board.nodes[n].pos[axis], n))
    k = len(ordered)
    middle = statistics.median(board.nodes[n].pos[axis] for n in cities)
    out = [(f"{names[0]} half", [n for n in cities if board.nodes[n].pos[axis] < middle]),
           (f"{names[2]} half", [n for n in cities if board.nodes[n].pos[axis] > middle]),
           (f"{names[0]} third", ordered[:k // 3]), (f"{names[1]} third", ordered[k // 3:
                                                                              2 * k // 3]),
           (f"{names[2]} third", ordered[2 * k // 3:])]
    return [(name, part, len(part) / k) for name, part in out if part]


def clustered_tickets(a: Analysis, limits: RegionLimits = REGION_LIMITS) -> Iterator[Finding]:
    """TTR516: a half or third of the board (west to east, north to south) ends far fewer
    tickets than its share of the cities, or a third far more: the deck is crowded on one
    side (one finding per axis, naming its most crowded and its emptiest part)."""
    board = a.board
    cities = _city_nodes(board)
    ends = _ends(board)
    if len(cities) < 6 or not ends:
        return
    ending = {board.nodes[n].name for n in ends}
    for axis, words in ((0, ("west", "middle (west to east)", "east")),
                        (1, ("north", "middle (north to south)", "south"))):
        crowded: list[tuple[float, str, list[int], float]] = []
        empty: list[tuple[float, str, list[int], float]] = []
        for name, part, city_share in _parts(board, cities, axis, words):
            members = set(part)
            ratio = sum(n in members for n in ends) / len(ends) / city_share
            if ratio < limits.half_share:
                empty.append((ratio, name, part, city_share))
            elif name.endswith("third") and ratio > limits.third_crowded:
                crowded.append((-ratio, name, part, city_share))
        if not crowded and not empty:
            continue
        said, subjects, evidence = [], [], {}
        for key, verb, found in (("crowded", "crowd into", crowded),
                                 ("empty", "crowd away from", empty)):
            if not found:
                continue
            ratio, name, part, city_share = min(found)
            ratio = abs(ratio)
            names = [board.nodes[n].name for n in part]
            quiet = [x for x in names if x not in ending]
            said.append(
                f"the tickets {verb} the {name} of the board: its {len(part)} cities "
                f"({100 * city_share:.0f}% of them: {', '.join(names[:8])}"
                f"{'…' if len(names) > 8 else ''}) end {100 * ratio * city_share:.0f}% of "
                f"the tickets" + (f", {len(quiet)} of them none" if quiet else ""))
            subjects += names
            evidence[key] = {"part": name, "cities": len(part),
                             "city_share": round(city_share, 4),
                             "end_share": round(ratio * city_share, 4),
                             "ratio": round(ratio, 4)}
        yield Finding(
            TICKETS_CLUSTERED, Severity.WARNING, "; ".join(said),
            {"cities": tuple(dict.fromkeys(subjects))},
            {**evidence, "limits": [limits.half_share, limits.third_crowded]})
