"""An independent re-scorer: recompute every score of a logged game.

It reads one game-log record (``schemas/game-log.schema.json``) — nothing
else: the scoring rules come from the record's own ``scoring`` block, not
from the map or this version's presets.  It does not import the engine, nor
:mod:`ttrtool.graph`, nor the rules: its own small graph of place names, its own ticket
connectivity (R-TIX-2, R-CH-3), its own longest-trail search (R-SCORE-2, a
brute-force depth-first search over edges, cities may repeat, routes may
not), its own best use of stations (R-EU-4).  Agreement between this and the
engine is evidence that both are right.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from typing import Any

Record = Mapping[str, Any]
Edge = tuple[str, str]  # (node key, node key)


def _ends(route: Mapping[str, Any], junction_countries: bool) -> Edge:
    """Node keys of a logged route.

    A border point is an end of the network (R-CH-9): two routes that reach
    the same border point do not meet there, so each route gets its own key.
    """
    b = route["b"]
    if route.get("border_point") and not junction_countries:
        b = f"{b}\x00{route['border_point']}\x00{route['id']}"
    return route["a"], b


def _place(key: str) -> str:
    return key.split("\x00", 1)[0]


def _is_border(key: str) -> bool:
    return "\x00" in key


def _components(edges: Iterable[Edge]) -> dict[str, str]:
    """Place key → component label, by repeated merging (small graphs)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra
    return {k: find(k) for k in list(parent)}


def _joined(comp: Mapping[str, str], origin: str, destination: str) -> bool:
    """Is any node of place ``origin`` in one component with a node of ``destination``?"""
    roots = {r for k, r in comp.items() if _place(k) == origin}
    return any(r in roots for k, r in comp.items() if _place(k) == destination)


def ticket_points(ticket: Mapping[str, Any], comp: Mapping[str, str]) -> tuple[bool, int]:
    """(completed, points) of a ticket: the best joined destination, else minus
    the lowest (R-TIX-2, R-CH-3)."""
    joined = [d["points"] for d in ticket["to"] if _joined(comp, ticket["from"], d["name"])]
    if joined:
        return True, max(joined)
    return False, -min(d["points"] for d in ticket["to"])


def longest_trail_weighted(edges: Sequence[tuple[str, str, int]]) -> int:
    """Longest trail in trains: routes used at most once, places may repeat.

    A border point ends a trail: a trail may reach it but not leave it (R-CH-9).
    Brute force from every start; a player's network is small enough.
    """
    incident: dict[str, list[int]] = {}
    for i, (a, b, _) in enumerate(edges):
        incident.setdefault(a, []).append(i)
        incident.setdefault(b, []).append(i)
    used = [False] * len(edges)
    best = 0

    def walk(node: str, total: int) -> None:
        nonlocal best
        best = max(best, total)
        for i in incident[node]:
            if used[i]:
                continue
            a, b, length = edges[i]
            nxt = b if a == node else a
            used[i] = True
            if _is_border(nxt):
                best = max(best, total + length)
            else:
                walk(nxt, total + length)
            used[i] = False

    for node in incident:
        if not _is_border(node):
            walk(node, 0)
        else:  # a trail may start at a border point too
            for i in incident[node]:
                a, b, length = edges[i]
                nxt = b if a == node else a
                used[i] = True
                if _is_border(nxt):
                    best = max(best, length)
                else:
                    walk(nxt, length)
                used[i] = False
    return best


def _station_options(
    city: str, own: int, players: Sequence[Mapping[str, Any]], junction: bool
) -> dict[str | None, Edge | None]:
    """Routes of other players touching ``city`` that a station there may use (R-EU-4),
    by route id; ``None`` is the choice of using no route."""
    options: dict[str | None, Edge | None] = {None: None}
    for p in players:
        if p["seat"] == own:
            continue
        for r in p["claimed"]:
            a, b = _ends(r, junction)
            if city in (a, b):
                options[r["id"]] = (a, b)
    return options


def _outcomes(player: Mapping[str, Any], own: list[Edge],
              borrowed: Iterable[Edge | None]) -> list[tuple[bool, int]]:
    comp = _components(own + [e for e in borrowed if e is not None])
    return [ticket_points(t, comp) for t in player["tickets"]]


def _station_tickets(
    player: Mapping[str, Any], players: Sequence[Mapping[str, Any]], junction: bool,
    who: str, problems: list[str],
) -> tuple[int, list[tuple[bool, int]]]:
    """The best ticket total over every choice of station routes (R-EU-4), and the
    ticket outcomes of the choice the log records.

    Several choices may tie for the best total; the log's own choice must be
    one of the routes allowed at its station and must reach that best total.
    """
    own = [_ends(r, junction) for r in player["claimed"]]
    options = [_station_options(s["city"], player["seat"], players, junction)
               for s in player["stations"]]
    best = max(sum(p for _, p in _outcomes(player, own, pick))
               for pick in product(*(o.values() for o in options)))
    logged: list[Edge | None] = []
    for station, allowed in zip(player["stations"], options, strict=True):
        if station["route"] not in allowed:
            problems.append(f"{who}: the station at {station['city']} uses route "
                            f"{station['route']}, which no other player owns there")
        logged.append(allowed.get(station["route"]))
    outcomes = _outcomes(player, own, logged)
    if sum(p for _, p in outcomes) != best:
        problems.append(f"{who}: the logged station routes score {sum(p for _, p in outcomes)} "
                        f"for tickets, the best choice {best} (R-EU-4)")
    return best, outcomes


def _winners(scores: list[dict[str, int]], tie_breakers: Sequence[str]) -> list[int]:
    """Seats with the most points, ties broken by the map's tie-breakers (R-SCORE-4, R-EU-9)."""
    def key(s: dict[str, int], name: str) -> int:
        if name == "completed_tickets":
            return s["completed"]
        if name == "fewest_stations_used":
            return -s["stations_used"]
        if name == "longest_path_length":  # the longer own path among the tied (R-SCORE-4)
            return s["length"]
        return 1 if s["longest"] > 0 else 0  # longest_path: holds the bonus (R-EU-9)

    def rank(s: dict[str, int]) -> tuple[int, ...]:
        return (s["score"], *(key(s, t) for t in tie_breakers))

    top = max(rank(s) for s in scores)
    return [s["seat"] for s in scores if rank(s) == top]


SCORING_KEYS = ("route_points", "trains_per_player", "longest_path_bonus", "stations_per_player",
                "station_unused_points", "countries_junction", "multi_destination",
                "tie_breakers")
TIE_BREAKERS = ("completed_tickets", "fewest_stations_used", "longest_path",
                "longest_path_length")


def _scoring_problems(scoring: Any) -> list[str]:
    """What is missing or unknown in a record's ``scoring`` block."""
    if not isinstance(scoring, Mapping):
        return ["the record has no scoring rules (a log written before format 2?)"]
    problems = [f"scoring: {key} missing" for key in SCORING_KEYS if key not in scoring]
    if scoring.get("multi_destination", "best_connected") != "best_connected":
        problems.append(f"scoring: unknown multi_destination {scoring['multi_destination']!r}")
    for name in scoring.get("tie_breakers", ()):
        if name not in TIE_BREAKERS:
            problems.append(f"scoring: unknown tie-breaker {name!r}")
    return problems


def rescore(record: Record) -> list[str]:
    """Recompute a logged game's scores and winners from the record and its own
    ``scoring`` rules; return every disagreement (empty = exact)."""
    problems = _scoring_problems(record.get("scoring"))
    if problems:
        return problems
    scoring: Mapping[str, Any] = record["scoring"]
    junction = bool(scoring["countries_junction"])
    players = record["results"]
    points = {int(k): v for k, v in scoring["route_points"].items()}
    lengths = []
    for p in players:
        edges = [(*_ends(r, junction), r["length"]) for r in p["claimed"]]
        lengths.append(longest_trail_weighted(edges))
    bonus_len = max(lengths, default=0)
    seats: list[dict[str, int]] = []
    for p, length in zip(players, lengths, strict=True):
        who = f"game {record['game']} seat {p['seat']}"
        routes = 0
        for r in p["claimed"]:
            if r["length"] not in points:
                problems.append(f"{who}: route {r['id']} has length {r['length']}, "
                                "not in the scoring table")
            routes += points.get(r["length"], 0)
        trains = scoring["trains_per_player"] - sum(r["length"] for r in p["claimed"])
        if p["trains_left"] != trains:
            problems.append(f"{who}: trains left logged {p['trains_left']}, re-counted {trains} "
                            f"({scoring['trains_per_player']} minus the claimed lengths)")
        tickets, outcomes = _station_tickets(p, players, junction, who, problems)
        stations = ((scoring["stations_per_player"] - len(p["stations"]))
                    * scoring["station_unused_points"])
        longest = scoring["longest_path_bonus"] if length == bonus_len and bonus_len > 0 else 0
        mine = {"routes": routes, "tickets": tickets, "stations": stations, "longest": longest}
        for key, value in mine.items():
            if p["breakdown"][key] != value:
                problems.append(f"{who}: {key} points logged {p['breakdown'][key]}, "
                                f"re-scored {value}")
        total = sum(mine.values())
        if p["score"] != total:
            problems.append(f"{who}: score logged {p['score']}, re-scored {total}")
        if p["longest_path"] != length:
            problems.append(f"{who}: longest path logged {p['longest_path']}, re-scored {length}")
        for t, (done, pts) in zip(p["tickets"], outcomes, strict=True):
            if (t["completed"], t["scored"]) != (done, pts):
                problems.append(f"{who}: ticket {t['id']} logged {t['completed']}/{t['scored']}, "
                                f"re-scored {done}/{pts}")
        completed = sum(1 for done, _ in outcomes if done)
        if p["completed_tickets"] != completed:
            problems.append(f"{who}: completed tickets logged {p['completed_tickets']}, "
                            f"re-scored {completed}")
        used = len(p["stations"])  # stations on the board (R-EU-9 tie-breaker)
        seats.append({"seat": p["seat"], "score": total, "completed": completed,
                      "stations_used": used, "longest": longest, "length": length})
    winners = _winners(seats, scoring["tie_breakers"])
    if sorted(record["winners"]) != winners:
        problems.append(f"game {record['game']}: winners logged {record['winners']}, "
                        f"re-scored {winners}")
    return problems
