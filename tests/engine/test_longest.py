"""Longest continuous path (R-SCORE-2, R-SCORE-3, R-SET-5, R-CH-8, R-CH-9, R-EU-9)."""

from __future__ import annotations

import random

import pytest

import ttrtool.engine.longest as longest_module
from ttrtool.engine import Game, GameState
from ttrtool.engine.longest import longest_trail
from ttrtool.model import Board

from .helpers import position, route, tiny_board


def own(st: GameState, player: int, routes: list[int]) -> None:
    """Give routes to a player as if claimed (R-CLAIM-3), without paying cards."""
    for r in routes:
        st.complete_claim(player, r)


def longest(board: Board, routes: list[int]) -> int:
    g = Game(board, 2)
    return longest_trail(routes, g.route_a, g.route_b, g.route_len, g.terminal)


def test_r_score_2_longest_is_a_trail_not_a_vertex_simple_path() -> None:
    # Two triangles sharing A (a figure eight): the trail uses all six routes
    # (12 trains); a search that never revisits a city finds at most 8.
    board = tiny_board([route("A", "B", 2), route("B", "C", 2), route("C", "A", 2),
                        route("A", "D", 2), route("D", "E", 2), route("E", "A", 2)])
    assert longest(board, list(range(6))) == 12


def test_r_score_2_rulebook_example_loop_through_pittsburgh() -> None:
    board = tiny_board([route("New York", "Pittsburgh", 2), route("Pittsburgh", "Chicago", 3),
                        route("Chicago", "Toronto", 4), route("Toronto", "Pittsburgh", 2),
                        route("Pittsburgh", "Nashville", 4)])
    assert longest(board, list(range(5))) == 2 + 3 + 4 + 2 + 4


def test_r_score_2_a_route_is_never_used_twice() -> None:
    board = tiny_board([route("A", "B", 5), route("B", "C", 1), route("B", "D", 1)])
    assert longest(board, [0, 1, 2]) == 6  # not 5+1+1+... back over B-C


def test_r_score_2_disconnected_networks_count_separately() -> None:
    board = tiny_board([route("A", "B", 3), route("C", "D", 4)])
    assert longest(board, [0, 1]) == 4


COUNTRY = [{"name": "Italia", "pos": [500, 500],
            "border_points": [{"id": "IT1", "pos": [400, 500]}, {"id": "IT2", "pos": [600, 500]}]}]


def test_r_ch_9_a_country_never_joins_two_routes_for_the_longest_path() -> None:
    board = tiny_board([route("A", "Italia", 3, border_point="IT1"),
                        route("B", "Italia", 4, border_point="IT1"),
                        route("C", "Italia", 5, border_point="IT2")],
                       rules={"preset": "switzerland"}, countries=COUNTRY)
    assert longest(board, [0, 1, 2]) == 5


def test_r_ch_9_a_trail_may_end_at_a_border_point() -> None:
    board = tiny_board([route("A", "B", 2), route("B", "Italia", 3, border_point="IT1")],
                       rules={"preset": "switzerland"}, countries=COUNTRY)
    assert longest(board, [0, 1]) == 5


def test_r_ch_8_trans_alpine_express_follows_r_score_2() -> None:
    board = tiny_board([route("A", "B", 2), route("B", "C", 2), route("C", "A", 2),
                        route("A", "D", 1)], rules={"preset": "switzerland"})
    g = Game(board, 2)
    assert g.rules.longest_path_name == "Trans-Alpine Express"
    st = position(g)
    own(st, 0, [0, 1, 2, 3])
    st._finish("normal")
    res = st.result()
    assert res.players[0].longest_path == 7 and res.players[0].breakdown.longest == 10


def test_r_score_3_and_r_set_5_tied_longest_paths_all_earn_the_bonus() -> None:
    board = tiny_board([route("A", "B", 3), route("C", "D", 3), route("E", "F", 2)])
    g = Game(board, 3)
    st = position(g)
    own(st, 0, [0])
    own(st, 1, [1])
    own(st, 2, [2])
    st._finish("normal")
    res = st.result()
    assert [p.breakdown.longest for p in res.players] == [10, 10, 0]
    assert [p.score for p in res.players] == [14, 14, 2]


def test_r_eu_9_stations_and_borrowed_routes_do_not_count_for_the_longest_path() -> None:
    board = tiny_board([route("A", "B", 2), route("B", "C", 6)], rules={"preset": "europe"})
    g = Game(board, 2)
    st = position(g)
    own(st, 0, [0])
    own(st, 1, [1])
    st.stations.append((1, 0))  # player 0's station in B, next to player 1's long route
    st.station_owner[1] = 0
    st.stations_left[0] -= 1
    st._finish("normal")
    res = st.result()
    assert res.players[0].longest_path == 2 and res.players[0].breakdown.longest == 0
    assert res.players[1].breakdown.longest == 10


def brute_force_trail(ends: list[tuple[int, int, int]], terminal: set[int]) -> int:
    """Every edge-simple trail from every node; a terminal node may only end one."""
    steps: dict[int, list[tuple[int, int, int]]] = {}
    for i, (a, b, n) in enumerate(ends):
        steps.setdefault(a, []).append((1 << i, b, n))
        steps.setdefault(b, []).append((1 << i, a, n))
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        if used and node in terminal:
            return
        for bit, other, n in steps[node]:
            if not used & bit:
                walk(other, used | bit, length + n)

    for node in steps:
        walk(node, 0, 0)
    return best


def random_network(rng: random.Random) -> tuple[list[tuple[int, int, int]], set[int]]:
    """A small random multigraph: parallel routes, chains, cycles and border points."""
    nodes = rng.randint(2, 7)
    terminal = {v for v in range(nodes) if rng.random() < 0.15}
    ends = []
    for _ in range(rng.randint(1, min(9, 2 * nodes))):
        a, b = rng.sample(range(nodes), 2)
        ends.append((a, b, rng.choice((1, 1, 2, 2, 3, 4, 6))))
    return ends, terminal


def cross_check(cases: int, seed: int) -> None:
    rng = random.Random(seed)
    for case in range(cases):
        ends, terminal = random_network(rng)
        route_a = [a for a, _, _ in ends]
        route_b = [b for _, b, _ in ends]
        route_len = [n for _, _, n in ends]
        is_terminal = [v in terminal for v in range(8)]
        got = longest_trail(list(range(len(ends))), route_a, route_b, route_len, is_terminal)
        assert got == brute_force_trail(ends, terminal), (case, ends, terminal)


def test_r_score_2_exact_on_thousands_of_random_networks() -> None:
    """The contracted, bounded search agrees with a brute-force trail search."""
    cross_check(3000, 2026)


@pytest.mark.parametrize("first,walk", [(1, 1), (1, 0), (1, 1000)])
def test_r_score_2_exact_however_the_two_searches_take_turns(
        monkeypatch: pytest.MonkeyPatch, first: int, walk: int) -> None:
    """Tiny budgets make both searches stop and resume many times (walk 0:
    leaving out alone; walk 1000: walking almost alone)."""
    monkeypatch.setattr(longest_module, "FIRST_BUDGET", first)
    monkeypatch.setattr(longest_module, "WALK_STEPS", walk)
    cross_check(500, 7 + walk)


def test_r_score_2_chains_through_two_route_cities_and_closed_loops() -> None:
    # A ring of five (every city even: one closed trail over it all) ...
    ring = tiny_board([route("A", "B", 1), route("B", "C", 2), route("C", "D", 3),
                       route("D", "E", 1), route("E", "A", 2)])
    assert longest(ring, list(range(5))) == 9
    # ... and with a spur at A and one at C: four odd cities, so one route is
    # left out; the best leaves out C-G and goes F-A-B-C-D-E-A.
    spurs = tiny_board([route("A", "B", 1), route("B", "C", 2), route("C", "D", 3),
                        route("D", "E", 1), route("E", "A", 2), route("A", "F", 4),
                        route("C", "G", 1)])
    assert longest(spurs, list(range(7))) == 4 + 9


def test_r_score_2_the_bound_lets_an_odd_city_pair_with_a_named_end() -> None:
    """The search's lower bound on what must still be left out may pair an odd
    city with a city already named an end of the trail, whose parity is free
    (a bound that ignored this cut off better trails)."""
    n, f, x, g = 0, 1, 2, 3
    search = longest_module.OmissionSearch([(n, f, 1), (f, x, 5), (x, g, 5)], 11)
    node = {v: i for i, v in enumerate((n, f, x, g))}  # the search's own numbering
    free = 1 << node[f] | 1 << node[g]
    # With n named and one end left: g is that end, and leaving out n-f (1
    # train) evens f.  The bound may not claim more than that.
    assert search.join_bound(free, 1, 1 << node[n]) <= 1


# --- what one more route adds (TrailGains) -------------------------------------


def brute_force_end(ends: list[tuple[int, int, int]], terminal: set[int], node: int) -> int:
    """The longest trail from ``node`` (a terminal node may only end one)."""
    steps: dict[int, list[tuple[int, int, int]]] = {}
    for i, (a, b, n) in enumerate(ends):
        steps.setdefault(a, []).append((1 << i, b, n))
        if a != b:
            steps.setdefault(b, []).append((1 << i, a, n))
    best = 0

    def walk(at: int, used: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        if used and at in terminal:
            return
        for bit, other, n in steps.get(at, []):
            if not used & bit:
                walk(other, used | bit, length + n)

    walk(node, 0, 0)
    return best


def gains_case(rng: random.Random) -> tuple[list[tuple[int, int, int]], set[int], int]:
    """Routes of a random multigraph (loops, parallel routes, chains, cycles, border
    points), and how many of them, from the first, make the network."""
    nodes = rng.randint(2, 8)
    terminal = {v for v in range(nodes) if rng.random() < 0.15}
    owned = rng.randint(0, min(10, 2 * nodes))  # the brute force takes long beyond
    ends: list[tuple[int, int, int]] = []
    for _ in range(owned + rng.randint(1, 5)):
        r = rng.random()
        if r < 0.08:
            a = b = rng.randrange(nodes)  # a loop
        elif r < 0.2 and ends:
            a, b, _ = rng.choice(ends)  # a parallel route
        else:
            a, b = rng.sample(range(nodes), 2)
        ends.append((a, b, rng.choice((1, 1, 2, 2, 3, 4, 6))))
    # Candidates: every route not in the network, one to a new node, and a copy
    # of each network route (a double route's other track).
    ends += [(rng.randrange(nodes), nodes, 3)] + [(a, b, n) for a, b, n in ends[:owned]]
    return ends, terminal, owned


def check_gains(cases: int, seed: int) -> int:
    """TrailGains against longest_trail with and without each candidate; the
    number of candidates checked.  Every other network is grown from part of
    itself, one route at a time in a random order, or from another network."""
    rng = random.Random(seed)
    checked = 0
    for case in range(cases):
        ends, terminal, owned = gains_case(rng)
        route_a = [a for a, _, _ in ends]
        route_b = [b for _, b, _ in ends]
        route_len = [n for _, _, n in ends]
        is_terminal = [v in terminal for v in range(10)]
        network = list(range(owned))
        if case % 2:
            first = rng.sample(network, rng.randint(0, owned))
            if rng.random() < 0.1:
                first.append(rng.randrange(owned, len(ends)))  # not in the network: anew
            trails = longest_module.TrailGains(first, route_a, route_b, route_len, is_terminal)
            for r in rng.sample(network, owned):
                trails.gain(route_a[r], route_b[r], route_len[r])  # known before it grows
                trails = trails.grown(sorted({*trails.routes, r}))
            trails = trails.grown(network)
            assert trails.routes == set(network)
        else:
            trails = longest_module.TrailGains(network, route_a, route_b, route_len,
                                               is_terminal)
        base = longest_trail(network, route_a, route_b, route_len, is_terminal)
        assert trails.longest == base, (case, ends, terminal, owned)
        for r in rng.sample(range(owned, len(ends)), len(ends) - owned):  # any order
            grown = longest_trail(network + [r], route_a, route_b, route_len, is_terminal)
            assert trails.gain(*ends[r]) == grown - base, (case, ends, terminal, owned, r)
            checked += 1
        for node in {v for a, b, _ in ends[:owned] for v in (a, b) if v not in terminal}:
            plain = brute_force_end(ends[:owned], terminal, node)
            assert trails.end(node) == plain, (case, ends, terminal, owned, node)
    return checked


def test_r_score_2_trail_gains_equal_the_search_with_the_route_added() -> None:
    """On thousands of random networks (loops, figure-eights, parallel routes,
    border points), each candidate route's gain is the plain search's."""
    assert check_gains(1200, 2027) > 9000


def test_r_score_2_trail_gains_exact_when_a_node_has_too_many_trails_to_walk(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no walking budget, each node's longest trail comes from the search
    with a heavy route added at the node."""
    monkeypatch.setattr(longest_module, "END_BUDGET", 0)
    check_gains(400, 11)
    monkeypatch.setattr(longest_module, "END_BUDGET", 3)
    check_gains(400, 12)


def test_r_score_2_trail_gains_by_hand() -> None:
    # A figure eight through A (12 trains) and a spur D-F of 5.
    board = tiny_board([route("A", "B", 2), route("B", "C", 2), route("C", "A", 2),
                        route("A", "D", 2), route("D", "E", 2), route("E", "A", 2),
                        route("D", "F", 5), route("B", "G", 3), route("G", "H", 6),
                        route("B", "C", 4)])
    g = Game(board, 2)
    trails = longest_module.TrailGains([0, 1, 2, 3, 4, 5], g.route_a, g.route_b,
                                       g.route_len, g.terminal)
    assert trails.longest == 12
    gain = trails.gain
    assert gain(g.route_a[6], g.route_b[6], 5) == 5  # the whole eight, ending at D, then F
    assert gain(g.route_a[7], g.route_b[7], 3) == 3  # ... ending at B
    assert gain(g.route_a[8], g.route_b[8], 6) == 0  # touches nothing, shorter than 12
    assert gain(g.route_a[9], g.route_b[9], 4) == 4  # B-C's other track: one more loop
    assert trails.end(g.route_a[0]) == 12


def test_r_ch_9_trail_gains_never_go_on_through_a_border_point() -> None:
    board = tiny_board([route("A", "Italia", 3, border_point="IT1"),
                        route("B", "Italia", 4, border_point="IT1"),
                        route("A", "C", 2)],
                       rules={"preset": "switzerland"}, countries=COUNTRY)
    g = Game(board, 2)
    trails = longest_module.TrailGains([0], g.route_a, g.route_b, g.route_len, g.terminal)
    assert trails.longest == 3
    assert trails.gain(g.route_a[1], g.route_b[1], 4) == 1  # a piece of its own, 4 long
    assert trails.gain(g.route_a[2], g.route_b[2], 2) == 2  # on from A: 5
