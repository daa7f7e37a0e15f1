"""Ticket legs of the bundled maps against a plain Floyd-Warshall on the reference CSVs."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from tests.analysis.oracle import INF, RefMap, cost_without
from ttrtool.analysis import Analysis, analyze
from ttrtool.model import Board
from ttrtool.ticket_value import POINTS_BAND, Pricing

MAPS = ["usa", "europe", "switzerland"]


@cache
def ref(name: str) -> RefMap:
    return RefMap(name)


@cache
def floyd(name: str) -> dict[str, dict[str, float]]:
    return ref(name).floyd()


_analyses: dict[str, Analysis] = {}


def analysis(boards: dict[str, Board], name: str) -> Analysis:
    if name not in _analyses:
        _analyses[name] = analyze(boards[name])
    return _analyses[name]


def oracle_deltas(name: str) -> Counter[int]:
    r = ref(name)
    return Counter(t.points - int(r.cost(floyd(name), t.origin, t.to)) for t in r.tickets)


def test_usa_points_match_cheapest_path_25_of_30(boards: dict[str, Board]) -> None:
    deltas = oracle_deltas("usa")
    assert deltas[0] == 25 and sum(deltas.values()) == 30
    assert set(deltas) == {0, 1, 2}
    got = Counter(leg.delta for leg in analysis(boards, "usa").legs)
    assert got == deltas


def test_europe_points_match_cheapest_path_44_of_46(boards: dict[str, Board]) -> None:
    deltas = oracle_deltas("europe")
    assert deltas == Counter({0: 44, 1: 2})
    got = Counter(leg.delta for leg in analysis(boards, "europe").legs)
    assert got == deltas


@pytest.mark.parametrize("name", MAPS)
def test_every_leg_cost_spaces_and_routes(boards: dict[str, Board], name: str) -> None:
    r = ref(name)
    d = floyd(name)
    want = Counter((t.origin, t.to, t.points, int(r.cost(d, t.origin, t.to)),
                    r.hops(t.origin, t.to)) for t in r.tickets)
    got = Counter((g.ticket.origin, g.destination.name, g.points, g.spaces, g.fewest_routes)
                  for g in analysis(boards, name).legs)
    assert got == want


@pytest.mark.parametrize("name", MAPS)
def test_reported_path_is_a_cheapest_chain(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    for leg in analysis(boards, name).legs:
        assert leg.path, leg.ticket.id
        routes = [board.routes[i] for i in leg.path]
        assert sum(r.length for r in routes) == leg.spaces
        assert len(routes) == leg.routes
        assert leg.routes is not None and leg.fewest_routes is not None
        assert leg.routes >= leg.fewest_routes
        node = next(n for n in leg.ticket.origin_nodes if n in (routes[0].a, routes[0].b))
        for i, r in enumerate(routes):
            assert node in (r.a, r.b)
            node = r.other(node)
            if i < len(routes) - 1:
                assert board.nodes[node].kind != "border", "a path went through a country (R-CH-9)"
        assert node in leg.destination.nodes
        assert leg.places[0].startswith(leg.ticket.origin)
        assert leg.places[-1].startswith(leg.destination.name)
        assert len(leg.places) == len(routes) + 1


def test_switzerland_multi_destination_tickets_per_destination(boards: dict[str, Board]) -> None:
    a = analysis(boards, "switzerland")
    r = ref("switzerland")
    multi = [t for t in a.tickets if t.ticket.is_multi]
    assert len(multi) == 12  # 4 city-country + 4 country-country x 2 copies
    assert sum(len(t.legs) for t in multi) == sum(t.multi for t in r.tickets)
    assert len(a.legs) == len(r.tickets) == 74
    bern = next(t for t in multi if t.ticket.origin == "Bern")
    d = floyd("switzerland")
    assert {g.destination.name: g.spaces for g in bern.legs} == {
        to: int(r.cost(d, "Bern", to)) for to in ("France", "Deutschland", "Österreich", "Italia")}


def test_every_official_ticket_is_priced_fairly(boards: dict[str, Board]) -> None:
    """The fair band (ttrtool/ticket_value.py) holds every official ticket: city-city points are
    0..+2 from the cheapest path, the Swiss multi-destination legs -1..+2."""
    deltas = [t.points - int(ref(n).cost(floyd(n), t.origin, t.to))
              for n in MAPS for t in ref(n).tickets if not t.multi]
    assert (min(deltas), max(deltas)) == (0, 2)
    assert (sum(x == 0 for x in deltas), len(deltas)) == (103, 110)  # the module docstring
    multi = [leg.delta for leg in analysis(boards, "switzerland").legs if leg.ticket.is_multi]
    assert (min(d or 0 for d in multi), max(d or 0 for d in multi)) == (-1, 2)
    assert -POINTS_BAND.below <= -1 and POINTS_BAND.above >= 2
    for n in MAPS:
        for leg in analysis(boards, n).legs:
            assert leg.suggested == leg.spaces
            assert leg.value is not None and leg.value.pricing is Pricing.FAIR, leg
            assert leg.flag == ""


@pytest.mark.parametrize("name", ["europe", "switzerland"])
def test_weighted_cost_is_cheapest_with_the_weights(boards: dict[str, Board], name: str) -> None:
    a = analysis(boards, name)
    r = ref(name)
    # the default weights, recomputed from the deck: 3 revealed of 110 cards, 12 per colour,
    # 14 locomotives; a ferry locomotive symbol costs (12 + 14) / 14 - 1 cards more
    tunnel, ferry = 3 * (12 + 14) / 110, (12 + 14) / 14 - 1
    weight = {e.index: e.length + (tunnel if e.kind == "tunnel" else 0.0) + ferry * e.locomotives
              for e in r.edges}
    d = r.floyd(weight)
    want = sorted((t.origin, t.to, round(r.cost(d, t.origin, t.to), 6)) for t in r.tickets)
    got = sorted((g.ticket.origin, g.destination.name, round(g.weighted or 0.0, 6)) for g in a.legs)
    assert got == want


@pytest.mark.parametrize("name", MAPS)
def test_per_player_count_keeps_every_ticket(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    r = ref(name)
    a = analysis(boards, name)
    groups: dict[str, list[int]] = {}
    for e in r.edges:
        if e.group:
            groups.setdefault(e.group, []).append(e.length)
    assert [p.players for p in a.players] == list(range(board.rules.min_players,
                                                         board.rules.max_players + 1))
    for p in a.players:
        closed = 0 if p.players >= board.rules.both_tracks_min_players else len(groups)
        assert p.usable_tracks == len(r.edges) - closed
        spaces = sum(e.length for e in r.edges)
        if closed:
            spaces -= sum(min(lengths) for lengths in groups.values())
        assert p.usable_spaces == spaces
        # one track of a double is enough for one ticket: nothing changes on the official maps
        assert p.completable == len(board.tickets)
        assert [g.spaces for t in p.tickets for g in t.legs] == [g.spaces for g in a.legs]


@pytest.mark.parametrize("name", ["usa", "switzerland"])
def test_chokepoints_count_every_cheapest_path(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    r = ref(name)
    d = floyd(name)

    def ref_link(i: int) -> tuple[object, ...]:
        e = r.edges[i]
        tracks = [x for x in r.edges if e.group and x.group == e.group] or [e]
        return (frozenset((e.a, e.b)), e.length, tuple(sorted(x.color for x in tracks)))

    some: Counter[tuple[object, ...]] = Counter()
    every: Counter[tuple[object, ...]] = Counter()
    for t in r.tickets:
        paths = r.cheapest_paths(d, t.origin, t.to)
        links = [{ref_link(i) for i in p} for p in paths]
        for key in set().union(*links):
            some[key] += 1
            if all(key in ls for ls in links):
                every[key] += 1

    def link(tracks: tuple[int, ...]) -> tuple[object, ...]:
        first = board.routes[tracks[0]]
        b = f"{first.b_name}#{first.border_point}" if first.border_point else first.b_name
        return (frozenset((first.a_name, b)), first.length,
                tuple(sorted(board.routes[i].color for i in tracks)))

    got = analysis(boards, name).structure.chokepoints
    assert {link(c.tracks): (c.on_some, c.on_every) for c in got} == {
        k: (some[k], every[k]) for k in some}
    assert [c.on_some for c in got] == sorted((c.on_some for c in got), reverse=True)


def test_r_ch_9_a_ticket_is_never_completed_through_a_country() -> None:
    from tests.test_graph import THROUGH_COUNTRY, board_from

    board = board_from(THROUGH_COUNTRY.replace(
        "    - {from: Aarau, to: Biel, points: 6}",
        "    - {from: Aarau, to: Biel, points: 6}\n"
        "    - from: Biel\n"
        "      destinations: [{to: Ruritania, points: 3}, {to: Aarau, points: 9}]"))
    a = analyze(board)
    legs = {(g.ticket.origin, g.destination.name): g for g in a.legs}
    direct = legs[("Aarau", "Biel")]
    assert (direct.spaces, direct.routes, direct.places) == (6, 1, ("Aarau", "Biel"))
    assert direct.delta == 0 and direct.flag == ""
    assert legs[("Biel", "Ruritania")].spaces == 1
    assert legs[("Biel", "Aarau")].delta == 3
    assert legs[("Biel", "Aarau")].flag == "worth more than its cheapest path"
    # the border point's routes are on no cheapest path between the cities
    chokes = {board.routes[c.tracks[0]].color: (c.on_some, c.on_every)
              for c in a.structure.chokepoints}
    assert chokes == {"gray": (2, 2), "blue": (1, 0), "green": (1, 0)}


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_one_claim_on_an_unavoidable_link(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    r = ref(name)
    d = floyd(name)

    def tracks_of(i: int) -> frozenset[int]:
        e = r.edges[i]
        together = frozenset(x.index for x in r.edges if e.group and x.group == e.group)
        return together or frozenset({i})

    want = set()
    for t in r.tickets:
        paths = r.cheapest_paths(d, t.origin, t.to)
        links = [{tracks_of(i) for i in p} for p in paths]
        for link in set.intersection(*links):
            after = cost_without(r, t.origin, t.to, set(link))
            want.add((t.origin, t.to, len(link), None if after == INF else int(after)))
    a = analysis(boards, name)
    got = {(b.leg.ticket.origin, b.leg.destination.name, len(b.link), b.spaces) for b in a.blocks}
    assert got == want
    for players in range(board.rules.min_players, board.rules.max_players + 1):
        doubles_close = players < board.rules.both_tracks_min_players
        worst: dict[tuple[str, str], float] = {}
        for origin, to, n, after in want:
            if n == 1 or doubles_close:
                severity = float("inf") if after is None else float(after)
                worst[(origin, to)] = max(worst.get((origin, to), 0.0), severity)
        exposed = a.exposed(players)
        assert {(b.leg.ticket.origin, b.leg.destination.name):
                float("inf") if b.spaces is None else float(b.spaces) for b in exposed} == worst
