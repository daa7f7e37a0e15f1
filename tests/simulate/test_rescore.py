"""The independent re-scorer on hand-built log records (no engine involved)."""

from __future__ import annotations

import copy
from typing import Any

from ttrtool.model import Board
from ttrtool.rules import Rules
from ttrtool.simulate.playout import scoring_rules
from ttrtool.simulate.rescore import longest_trail_weighted, rescore


def _route(board: Board, a: str, b: str, border_point: str | None = None) -> dict[str, Any]:
    for i, r in enumerate(board.routes):
        if {r.a_name, r.b_name} == {a, b} and r.border_point == border_point:
            entry: dict[str, Any] = {"id": r.id, "a": r.a_name, "b": r.b_name,
                                     "length": r.length, "color": r.color, "kind": r.kind,
                                     "double": r.double, "turn": i}
            if r.border_point:
                entry["border_point"] = r.border_point
            return entry
    raise AssertionError(f"no route {a}-{b}")


def _ticket(origin: str, *to: tuple[str, int], completed: bool, scored: int) -> dict[str, Any]:
    return {"id": f"{origin}-{to[0][0]}", "from": origin,
            "to": [{"name": n, "points": p} for n, p in to],
            "completed": completed, "scored": scored}


def _player(seat: int, claimed: list[dict[str, Any]], tickets: list[dict[str, Any]],
            breakdown: dict[str, int], longest: int, stations: list[dict[str, Any]] | None = None,
            ) -> dict[str, Any]:
    return {"seat": seat, "bot": "test", "score": sum(breakdown.values()), "trains_left": 10,
            "breakdown": breakdown, "longest_path": longest,
            "completed_tickets": sum(t["completed"] for t in tickets),
            "claimed": claimed, "stations": stations or [], "tickets": tickets}


def _record(players: list[dict[str, Any]], winners: list[int], rules: Rules) -> dict[str, Any]:
    """A record with the map's scoring rules; trains left follow from the claims."""
    scoring = scoring_rules(rules)
    for p in players:
        p["trains_left"] = scoring["trains_per_player"] - sum(r["length"] for r in p["claimed"])
    return {"format": 2, "game": 0, "map": "x", "scoring": scoring, "seed": 1,
            "players": len(players), "bots": ["test"] * len(players), "end": "normal",
            "turns": 50, "winners": winners, "counters": {}, "results": players}


def _usa_loop(usa: Board) -> dict[str, Any]:
    claimed = [_route(usa, "New York", "Pittsburgh"), _route(usa, "Pittsburgh", "Chicago"),
               _route(usa, "Chicago", "Toronto"), _route(usa, "Toronto", "Pittsburgh"),
               _route(usa, "Pittsburgh", "Nashville")]
    tickets = [_ticket("New York", ("Nashville", 9), completed=True, scored=9),
               _ticket("Toronto", ("Miami", 10), completed=False, scored=-10)]
    points = {"routes": 22, "tickets": -1, "stations": 0, "longest": 10}
    p0 = _player(0, claimed, tickets, points, 15)
    p1 = _player(1, [], [], {"routes": 0, "tickets": 0, "stations": 0, "longest": 0}, 0)
    return _record([p0, p1], [0], usa.rules)


def test_r_score_2_longest_path_is_a_trail_that_may_revisit_cities(usa: Board) -> None:
    # The rulebook's example: New York–Pittsburgh–Chicago–Toronto–Pittsburgh–Nashville
    # is one path of 2+3+4+2+4 = 15 trains; a vertex-simple search finds at most 11.
    assert rescore(_usa_loop(usa)) == []


def test_rescore_reports_every_wrong_number(usa: Board) -> None:
    record = _usa_loop(usa)
    bad = copy.deepcopy(record)
    bad["results"][0]["longest_path"] = 11
    bad["results"][0]["score"] += 1
    bad["results"][0]["tickets"][1]["completed"] = True
    bad["winners"] = [1]
    problems = rescore(bad)
    assert any("longest path logged 11, re-scored 15" in p for p in problems)
    assert any("score logged 32, re-scored 31" in p for p in problems)
    assert any("Toronto-Miami" in p for p in problems)
    assert any("winners" in p for p in problems)


def test_longest_trail_counts_each_route_once() -> None:
    # A triangle plus a tail: all four edges form one trail; a route is never reused.
    edges = [("a", "b", 1), ("b", "c", 1), ("c", "a", 1), ("a", "d", 5)]
    assert longest_trail_weighted(edges) == 8
    assert longest_trail_weighted([("a", "b", 3)]) == 3
    assert longest_trail_weighted([]) == 0


def test_r_ch_3_multi_destination_scores_best_joined_or_loses_the_lowest(
        switzerland: Board) -> None:
    claimed = [_route(switzerland, "Kreuzlingen", "Deutschland", "DE3"),
               _route(switzerland, "Kreuzlingen", "St. Gallen")]
    tickets = [_ticket("St. Gallen", ("Deutschland", 4), ("Österreich", 7),
                       completed=True, scored=4),
               _ticket("Kreuzlingen", ("Italia", 10), ("France", 6), completed=False, scored=-6)]
    p0 = _player(0, claimed, tickets, {"routes": 2, "tickets": -2, "stations": 0, "longest": 10}, 2)
    p1 = _player(1, [], [], {"routes": 0, "tickets": 0, "stations": 0, "longest": 0}, 0)
    assert rescore(_record([p0, p1], [0], switzerland.rules)) == []


def test_r_ch_9_a_country_never_joins_two_routes(switzerland: Board) -> None:
    # Basel–Deutschland and Kreuzlingen–Deutschland do not join Basel to Kreuzlingen,
    # and the longest path does not run through Germany.
    claimed = [_route(switzerland, "Basel", "Deutschland", "DE1"),
               _route(switzerland, "Kreuzlingen", "Deutschland", "DE3")]
    tickets = [_ticket("Basel", ("Kreuzlingen", 9), completed=False, scored=-9)]
    p0 = _player(0, claimed, tickets, {"routes": 2, "tickets": -9, "stations": 0, "longest": 10}, 1)
    p1 = _player(1, [], [], {"routes": 0, "tickets": 0, "stations": 0, "longest": 0}, 0)
    assert rescore(_record([p0, p1], [0], switzerland.rules)) == []


def test_r_eu_4_station_uses_the_best_opponent_route(europe: Board) -> None:
    mine = [_route(europe, "Amsterdam", "Essen")]
    theirs = [_route(europe, "Berlin", "Essen")]
    tickets = [_ticket("Amsterdam", ("Berlin", 7), completed=True, scored=7)]
    p0 = _player(0, mine, tickets, {"routes": 4, "tickets": 7, "stations": 8, "longest": 10}, 3,
                 stations=[{"city": "Essen", "route": theirs[0]["id"]}])
    p1 = _player(1, theirs, [], {"routes": 2, "tickets": 0, "stations": 12, "longest": 0}, 2)
    assert rescore(_record([p0, p1], [0], europe.rules)) == []
    # Without the station the ticket fails: the re-scorer notices a logged success.
    p0_no = copy.deepcopy(p0)
    p0_no["stations"] = []
    problems = rescore(_record([p0_no, p1], [0], europe.rules))
    assert any("tickets points logged 7, re-scored -7" in p for p in problems)


def test_tie_breaker_most_completed_tickets(usa: Board) -> None:
    a = _player(0, [], [_ticket("X", ("Y", 5), completed=False, scored=-5)],
                {"routes": 5, "tickets": -5, "stations": 0, "longest": 0}, 0)
    a["claimed"] = [_route(usa, "Pittsburgh", "Toronto"), _route(usa, "Montréal", "Toronto")]
    a["breakdown"] = {"routes": 6, "tickets": -5, "stations": 0, "longest": 10}
    a["longest_path"], a["score"] = 5, 11
    b = _player(1, [_route(usa, "Chicago", "Toronto")],
                [_ticket("Chicago", ("Toronto", 4), completed=True, scored=4)],
                {"routes": 7, "tickets": 4, "stations": 0, "longest": 0}, 4)
    assert a["score"] == b["score"] == 11
    assert rescore(_record([a, b], [1], usa.rules)) == []


def test_r_eu_4_a_tie_between_station_routes_accepts_the_logged_choice(europe: Board) -> None:
    # One station at Berlin can borrow Berlin–Essen (for Amsterdam–Berlin) or
    # Berlin–Wien (for Budapest–Berlin), not both: either choice scores 0 for tickets.
    mine = [_route(europe, "Amsterdam", "Essen"), _route(europe, "Budapest", "Wien")]
    theirs = [_route(europe, "Berlin", "Essen"), _route(europe, "Berlin", "Wien")]
    tickets = [_ticket("Amsterdam", ("Berlin", 5), completed=True, scored=5),
               _ticket("Budapest", ("Berlin", 5), completed=False, scored=-5)]
    p0 = _player(0, mine, tickets, {"routes": 5, "tickets": 0, "stations": 8, "longest": 0}, 3,
                 stations=[{"city": "Berlin", "route": theirs[0]["id"]}])
    p1 = _player(1, theirs, [], {"routes": 6, "tickets": 0, "stations": 12, "longest": 10}, 5)
    assert rescore(_record([p0, p1], [1], europe.rules)) == []
    # The same outcomes with the other route logged do not add up.
    other = copy.deepcopy(p0)
    other["stations"][0]["route"] = theirs[1]["id"]
    assert any("Amsterdam-Berlin" in p for p in rescore(_record([other, p1], [1], europe.rules)))
    # A route nobody owns at the station's city is refused.
    bad = copy.deepcopy(p0)
    bad["stations"][0]["route"] = mine[0]["id"]
    problems = rescore(_record([bad, p1], [1], europe.rules))
    assert any("which no other player owns there" in p for p in problems)


def test_rescore_reads_the_scoring_rules_from_the_record(usa: Board) -> None:
    # A table this version's presets do not have: the record alone decides.
    record = _usa_loop(usa)
    record["scoring"]["route_points"] = {k: 2 * v for k, v in
                                         record["scoring"]["route_points"].items()}
    p0 = record["results"][0]
    p0["breakdown"]["routes"] *= 2
    p0["score"] = sum(p0["breakdown"].values())
    assert rescore(record) == []
    del record["scoring"]
    assert rescore(record) == ["the record has no scoring rules (a log written before format 2?)"]


def test_a_tampered_scoring_table_fails_rescoring(usa: Board) -> None:
    record = _usa_loop(usa)
    record["scoring"]["route_points"]["4"] = 8  # two length-4 routes in the loop
    problems = rescore(record)
    assert any("routes points logged 22, re-scored 24" in p for p in problems)
    record = _usa_loop(usa)
    record["scoring"]["trains_per_player"] = 40
    assert any("trains left logged 30, re-counted 25" in p for p in rescore(record))


def test_a_tampered_claim_or_count_fails_rescoring(usa: Board) -> None:
    from ttrtool.bots import DEFAULT_BOTS
    from ttrtool.simulate.playout import Table

    record = Table(usa, 4, DEFAULT_BOTS).play(5, 0)
    assert rescore(record) == []
    seat = next(p for p in record["results"] if p["claimed"])
    longer = copy.deepcopy(record)
    p = longer["results"][seat["seat"]]
    p["claimed"][0]["length"] += 1
    problems = rescore(longer)
    assert any(f"seat {p['seat']}: trains left logged" in x for x in problems)
    for key, change in (("trains_left", 1), ("completed_tickets", 1)):
        bad = copy.deepcopy(record)
        bad["results"][0][key] += change
        problems = rescore(bad)
        assert len(problems) == 1 and f"seat 0: {key.replace('_', ' ')} logged" in problems[0]


def test_rescore_imports_neither_the_engine_nor_the_graph() -> None:
    import subprocess
    import sys

    code = ("import sys, ttrtool.simulate.rescore;"
            "print(','.join(m for m in sys.modules if m.startswith(('ttrtool.engine',"
            " 'ttrtool.graph', 'ttrtool.bots'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_r_score_4_tie_goes_to_the_longer_own_path_with_the_bonus_elsewhere(usa: Board) -> None:
    """Seats 0 and 1 tie on points and completed tickets; seat 2 holds the bonus.
    Seat 0's own path (5 trains) beats seat 1's (4): seat 0 alone wins."""
    a = _player(0, [_route(usa, "Pittsburgh", "Toronto"), _route(usa, "Montréal", "Toronto")],
                [_ticket("Pittsburgh", ("Montréal", 5), completed=True, scored=5)],
                {"routes": 6, "tickets": 5, "stations": 0, "longest": 0}, 5)
    b = _player(1, [_route(usa, "Chicago", "Toronto")],
                [_ticket("Chicago", ("Toronto", 4), completed=True, scored=4)],
                {"routes": 7, "tickets": 4, "stations": 0, "longest": 0}, 4)
    holder = _usa_loop(usa)["results"][0]
    holder["seat"] = 2
    holder["tickets"][1]["to"][0]["points"], holder["tickets"][1]["scored"] = 35, -35
    holder["breakdown"]["tickets"] = 9 - 35
    holder["score"] = sum(holder["breakdown"].values())
    assert a["score"] == b["score"] == 11 > holder["score"]
    assert rescore(_record([a, b, holder], [0], usa.rules)) == []
    problems = rescore(_record([a, b, holder], [0, 1], usa.rules))
    assert problems == ["game 0: winners logged [0, 1], re-scored [0]"]
