"""Colours, lengths, capacity and structure against the reference CSVs."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.analysis.oracle import RefMap, rows
from ttrtool.analysis import analyze
from ttrtool.analysis.compare import side_by_side, summary
from ttrtool.analysis.figures import colour_figures
from ttrtool.model import Board

MAPS = ["usa", "europe", "switzerland"]


def test_usa_seven_routes_and_27_spaces_per_colour(usa: Board) -> None:
    c = colour_figures(usa)
    assert {(x.routes, x.spaces) for x in c.coloured} == {(7, 27)}
    assert len(c.coloured) == 8
    assert (c.gray.routes, c.gray.spaces) == (44, 93)


def test_europe_eight_routes_and_22_to_23_spaces_per_colour(europe: Board) -> None:
    c = colour_figures(europe)
    assert {x.routes for x in c.coloured} == {8}
    assert {x.spaces for x in c.coloured} <= {22, 23}


@pytest.mark.parametrize("name", MAPS)
def test_colours_and_lengths_match_the_reference(boards: dict[str, Board], name: str) -> None:
    r = RefMap(name)
    c = colour_figures(boards[name])
    routes = Counter(e.color for e in r.edges)
    spaces: Counter[str] = Counter()
    for e in r.edges:
        spaces[e.color] += e.length
    assert {x.colour: (x.routes, x.spaces) for x in c.colours if x.routes} == {
        k: (routes[k], spaces[k]) for k in routes}
    assert c.colours[-1].colour == "gray"
    assert dict(c.lengths) == dict(Counter(e.length for e in r.edges))
    assert c.tracks == len(r.edges) and c.spaces == sum(e.length for e in r.edges)
    assert c.gray_share_routes == routes["gray"] / len(r.edges)
    assert c.gray_share_spaces == spaces["gray"] / sum(spaces.values())
    assert c.double_routes == len({e.group for e in r.edges if e.group})
    assert c.double_tracks == sum(1 for e in r.edges if e.group)
    assert c.tunnels == sum(e.kind == "tunnel" for e in r.edges)
    assert c.tunnel_spaces == sum(e.length for e in r.edges if e.kind == "tunnel")
    assert c.ferries == sum(e.kind == "ferry" for e in r.edges)
    assert c.locomotive_symbols == sum(e.locomotives for e in r.edges)


@pytest.mark.parametrize("name", MAPS)
def test_capacity_is_usable_spaces_per_train(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    r = RefMap(name)
    single: dict[str, int] = {}
    for e in r.edges:
        single.setdefault(e.group or f"#{e.index}", e.length)
    everything = sum(e.length for e in r.edges)
    caps = analyze(board).capacity
    assert [k.players for k in caps] == list(range(board.rules.min_players,
                                                   board.rules.max_players + 1))
    for k in caps:
        both = k.players >= board.rules.both_tracks_min_players
        assert k.trains == k.players * board.rules.trains_per_player
        assert k.usable_spaces == (everything if both else sum(single.values()))
        assert k.ratio == k.usable_spaces / k.trains


@pytest.mark.parametrize("name", MAPS)
def test_structure_degrees_and_untouched_cities(boards: dict[str, Board], name: str) -> None:
    r = RefMap(name)
    s = analyze(boards[name]).structure
    degree: Counter[str] = Counter()
    neighbours: dict[str, set[str]] = {}
    for e in r.edges:
        for u, v in ((e.a, e.b), (e.b, e.a)):
            degree[u] += 1
            neighbours.setdefault(u, set()).add(v.split("#")[0])
    assert {d.name: (d.tracks, d.neighbours) for d in s.degrees} == {
        c: (degree[c], len(neighbours.get(c, ()))) for c in r.cities}
    ends = {t.origin for t in r.tickets} | {t.to for t in r.tickets}
    assert set(s.no_ticket) == {c for c in r.cities if c not in ends}
    cards: Counter[str] = Counter()
    for row in rows(name, "tickets.csv"):
        cards[row["from"]] += 1
        for to in set(row["to_list"].split(";")):
            cards[to] += 1
    assert dict(s.ticket_ends) == dict(cards)
    assert [n for _, n in s.ticket_ends] == sorted(cards.values(), reverse=True)
    on_paths = set(ends)
    d = r.floyd()
    for t in r.tickets:
        for path in r.cheapest_paths(d, t.origin, t.to):
            for i in path:
                on_paths |= {r.edges[i].a, r.edges[i].b}
    assert set(s.off_paths) == {c for c in r.cities if c not in on_paths}


def test_comparison_lines_up_the_same_figures(usa: Board, europe: Board) -> None:
    a, b = analyze(europe), analyze(usa)
    ra, rb = RefMap("europe"), RefMap("usa")
    rows = {label: (x, y) for label, x, y in side_by_side(a, b)}
    assert rows["route tracks"] == (str(len(ra.edges)), str(len(rb.edges)))
    assert rows["train spaces"] == (str(sum(e.length for e in ra.edges)),
                                    str(sum(e.length for e in rb.edges)))
    assert rows["ticket cards"] == (str(len(rows_of(ra))), str(len(rows_of(rb))))
    lengths_a = Counter(e.length for e in ra.edges)
    lengths_b = Counter(e.length for e in rb.edges)
    for n in set(lengths_a) | set(lengths_b):
        assert rows[f"tracks of length {n}"] == (str(lengths_a[n]), str(lengths_b[n]))
    assert rows["routes per colour"] == ("8", "7")  # the official balance (issue 3)
    assert rows["spaces per colour"] == ("22-23", "27")
    labels = [label for label, _, _ in side_by_side(a, b)]
    lengths = [int(x.split()[-1]) for x in labels if x.startswith("tracks of length")]
    assert lengths == sorted(lengths)
    keys = {f.key for f in summary(a)}
    assert {"exact_share", "mean_delta", "gray_share_spaces", "players"} <= keys


def rows_of(r: RefMap) -> list[dict[str, str]]:
    return rows(r.name, "tickets.csv")
