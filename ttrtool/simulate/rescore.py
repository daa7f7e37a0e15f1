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
    """Place key → component label, by repeated merging (small graphs).

    Its own union-find over place names on purpose, not ``graph.UnionFind``: the
    re-scorer shares no code with the engine it checks (module docstring)."""
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


def largest_network(edges: Sequence[Edge]) -> int:
    """Places (not border points) in the largest connected network of these routes (R-VAR-8)."""
    comp = _components(edges)
    sizes: dict[str, int] = {}
    for key, root in comp.items():
        if not _is_border(key):
            sizes[root] = sizes.get(root, 0) + 1
    return max(sizes.values(), default=0)


def route_disjoint_paths(edges: Sequence[Edge], origin: str, destination: str) -> int:
    """How many paths sharing no route join two places (counted up to 2), by augmenting
    paths in the residual graph of unit-capacity routes (R-VAR-9)."""
    source, sink = "\x01source", "\x01sink"
    arcs: list[list[Any]] = []  # [from, to, capacity]; arc i^1 is arc i's reverse
    out: dict[str, list[int]] = {}

    def arc(a: str, b: str, cap: int) -> None:
        for x, y, c in ((a, b, cap), (b, a, 0)):
            out.setdefault(x, []).append(len(arcs))
            arcs.append([x, y, c])

    places = {k for e in edges for k in e}
    for key in places:
        if _place(key) == origin:
            arc(source, key, 2)
        if _place(key) == destination:
            arc(key, sink, 2)
    for a, b in edges:
        arc(a, b, 1)
        arc(b, a, 1)
    flow = 0
    while flow < 2:
        back: dict[str, int] = {source: -1}
        queue = [source]
        for x in queue:
            for i in out.get(x, ()):
                y = arcs[i][1]
                if arcs[i][2] > 0 and y not in back:
                    back[y] = i
                    queue.append(y)
        if sink not in back:
            break
        x = sink
        while back[x] >= 0:
            i = back[x]
            arcs[i][2] -= 1
            arcs[i ^ 1][2] += 1
            x = arcs[i][0]
        flow += 1
    return flow


def _bonus_points(bonus: Mapping[str, Any], measures: Sequence[int]) -> list[int]:
    """One bonus's points per seat: the table by each seat's count, or the points to the
    top measure above 0, every tied seat or none by the bonus's tie rule (R-VAR-6)."""
    if bonus["type"] == "multi_path_tickets":
        table = bonus.get("table", [])
        return [table[min(m, len(table)) - 1] if m > 0 and table else 0 for m in measures]
    top = max(measures, default=0)
    holders = [m == top and top > 0 for m in measures]
    if bonus.get("ties", "all") == "none" and sum(holders) > 1:
        return [0] * len(measures)
    return [bonus["points"] if h else 0 for h in holders]


def _winners(scores: list[dict[str, int]], tie_breakers: Sequence[str]) -> list[int]:
    """Seats with the most points, ties broken by the map's tie-breakers (R-SCORE-4, R-EU-9)."""
    def key(s: dict[str, int], name: str) -> int:
        if name == "completed_tickets":
            return s["completed"]
        if name == "fewest_stations_used":
            return -s["stations_used"]
        if name == "longest_path_length":  # the longer own path among the tied (R-SCORE-4)
            return s["length"]
        if name == "multi_path_tickets":
            return s.get("bonus:" + name, 0)
        if name in ("most_tickets", "largest_network"):
            return 1 if s.get("bonus:" + name, 0) > 0 else 0
        return 1 if s["longest"] > 0 else 0  # longest_path: holds the bonus (R-EU-9)

    def rank(s: dict[str, int]) -> tuple[int, ...]:
        return (s["score"], *(key(s, t) for t in tie_breakers))

    top = max(rank(s) for s in scores)
    return [s["seat"] for s in scores if rank(s) == top]


SCORING_KEYS = ("route_points", "trains_per_player", "longest_path_bonus", "stations_per_player",
                "station_unused_points", "countries_junction", "multi_destination",
                "tie_breakers")
TIE_BREAKERS = ("completed_tickets", "fewest_stations_used", "longest_path",
                "longest_path_length", "most_tickets", "largest_network", "multi_path_tickets")
BONUS_TYPES = ("longest_path", "most_tickets", "largest_network", "multi_path_tickets")


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
    for bonus in scoring.get("bonuses", ()):
        if not isinstance(bonus, Mapping) or bonus.get("type") not in BONUS_TYPES:
            problems.append(f"scoring: unknown bonus {bonus!r}")
    return problems


def _bonuses(scoring: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The record's bonus list; a record without one has only the longest-path bonus."""
    if "bonuses" in scoring:
        return list(scoring["bonuses"])
    if scoring["longest_path_bonus"] > 0:
        return [{"type": "longest_path", "points": scoring["longest_path_bonus"], "ties": "all"}]
    return []


def _loop_ticket(ticket: Mapping[str, Any], own: Sequence[Edge]) -> bool:
    """Is a completed ticket's origin joined to one of its joined destinations by two
    paths of the owner's own routes that share no route (R-VAR-9)?"""
    comp = _components(own)
    return any(_joined(comp, ticket["from"], d["name"])
               and route_disjoint_paths(own, ticket["from"], d["name"]) >= 2
               for d in ticket["to"])


def rescore(record: Record) -> list[str]:
    """Recompute a logged game's scores and winners from the record and its own
    ``scoring`` rules; return every disagreement (empty = exact)."""
    problems = _scoring_problems(record.get("scoring"))
    if problems:
        return problems
    scoring: Mapping[str, Any] = record["scoring"]
    junction = bool(scoring["countries_junction"])
    mountain = scoring.get("mountain_points", 0)
    players = record["results"]
    points = {int(k): v for k, v in scoring["route_points"].items()}
    lengths = []
    for p in players:
        edges = [(*_ends(r, junction), r["length"]) for r in p["claimed"]]
        lengths.append(longest_trail_weighted(edges))
    # First pass: every seat's tickets and bonus measures; the bonuses need them all.
    firsts = []
    for p in players:
        who = f"game {record['game']} seat {p['seat']}"
        tickets, outcomes = _station_tickets(p, players, junction, who, problems)
        own = [_ends(r, junction) for r in p["claimed"]]
        firsts.append((tickets, outcomes, own))
    measures: dict[str, list[int]] = {
        "longest_path": lengths,
        "most_tickets": [sum(1 for done, _ in f[1] if done) for f in firsts],
        "largest_network": [largest_network(f[2]) for f in firsts],
        "multi_path_tickets": [
            sum(1 for t, (done, _) in zip(p["tickets"], f[1], strict=True)
                if done and _loop_ticket(t, f[2]))
            for p, f in zip(players, firsts, strict=True)],
    }
    bonus_pts = [[0] * len(players) for _ in BONUS_TYPES]
    for bonus in _bonuses(scoring):
        for seat, pts in enumerate(_bonus_points(bonus, measures[bonus["type"]])):
            bonus_pts[BONUS_TYPES.index(bonus["type"])][seat] += pts
    seats: list[dict[str, int]] = []
    for i, (p, length) in enumerate(zip(players, lengths, strict=True)):
        who = f"game {record['game']} seat {p['seat']}"
        routes = 0
        for r in p["claimed"]:
            if r["length"] not in points:
                problems.append(f"{who}: route {r['id']} has length {r['length']}, "
                                "not in the scoring table")
            # a mountain route scores its discarded trains too (R-VAR-10)
            routes += points.get(r["length"], 0) + r.get("mountains", 0) * mountain
        trains = scoring["trains_per_player"] - sum(r["length"] + r.get("mountains", 0)
                                                    for r in p["claimed"])
        if p["trains_left"] != trains:
            problems.append(f"{who}: trains left logged {p['trains_left']}, re-counted {trains} "
                            f"({scoring['trains_per_player']} minus the claimed lengths)")
        tickets, outcomes, _own = firsts[i]
        stations = ((scoring["stations_per_player"] - len(p["stations"]))
                    * scoring["station_unused_points"])
        longest = bonus_pts[0][i]
        mine = {"routes": routes, "tickets": tickets, "stations": stations, "longest": longest}
        for key, value in mine.items():
            if p["breakdown"][key] != value:
                problems.append(f"{who}: {key} points logged {p['breakdown'][key]}, "
                                f"re-scored {value}")
        others = {t: bonus_pts[k][i] for k, t in enumerate(BONUS_TYPES) if k}
        logged = {b["type"]: b["points"] for b in p["breakdown"].get("bonuses", ())}
        for key, value in others.items():
            if logged.get(key, 0) != value:
                problems.append(f"{who}: {key} bonus logged {logged.get(key, 0)}, "
                                f"re-scored {value}")
        for key, field in (("largest_network", "network"),
                           ("multi_path_tickets", "multi_path_tickets")):
            if field in p and p[field] != measures[key][i]:
                problems.append(f"{who}: {field} logged {p[field]}, re-scored {measures[key][i]}")
        total = sum(mine.values()) + sum(others.values())
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
                      "stations_used": used, "longest": longest, "length": length,
                      **{"bonus:" + k: v for k, v in others.items()}})
    winners = _winners(seats, scoring["tie_breakers"])
    if sorted(record["winners"]) != winners:
        problems.append(f"game {record['game']}: winners logged {record['winners']}, "
                        f"re-scored {winners}")
    return problems
