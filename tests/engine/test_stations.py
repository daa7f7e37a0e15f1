"""Stations (R-EU-1, R-EU-3, R-EU-4, R-EU-5, R-EU-9 tie-break)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from ttrtool.engine import BuildStation, Game, GameState
from ttrtool.engine.tickets import score_ticket
from ttrtool.model import Board

from .helpers import node, play, position, route, texts, ticket, tiny_board
from .test_longest import own

LOCO = "locomotive"
MARKET = ["pink", "pink", "white", "white", "orange"]
EUROPE = {"preset": "europe"}


@pytest.fixture(scope="module")
def star() -> Board:
    # X in the middle; player 1 owns X-A and X-B; player 0 owns A-C? no: C-D.
    return tiny_board(
        [route("X", "A", 2), route("X", "B", 2), route("B", "C", 1), route("A", "D", 1)],
        tickets={"regular": [ticket("X", "C", 10), ticket("X", "D", 6), ticket("C", "D", 20)]},
        rules=EUROPE)


def stations_offered(st: object) -> list[str]:
    return [t for t in texts(st.legal_actions()) if t.startswith("station")]  # type: ignore[attr-defined]


def test_r_eu_1_three_stations_and_building_is_a_turn(star: Board) -> None:
    g = Game(star, 2)
    st = g.new_state(1)
    assert st.stations_left == [3, 3]
    st = position(g, hands={0: {"red": 1}}, market=MARKET, deck=["red"] * 4)
    assert stations_offered(st) == [f"station c{c} red x1 loco0" for c in range(5)]
    play(st, "station c0 red x1 loco0")
    assert st.current_player == 1 and st.stations == [(0, 0)] and st.stations_left[0] == 2


def test_r_eu_1_no_stations_without_them_in_the_rules() -> None:
    g = Game(tiny_board([route("A", "B", 1)]), 2)
    st = position(g, hands={0: {"red": 5}}, market=MARKET, deck=["red"])
    assert stations_offered(st) == []


def test_r_eu_3_costs_one_two_three_cards_of_one_colour_locomotives_wild(star: Board) -> None:
    g = Game(star, 2)
    st = position(g, hands={0: {"red": 2, "blue": 1, LOCO: 1}}, market=MARKET, deck=["red"] * 9)
    play(st, "station c0 blue x1 loco0", "draw deck", "draw deck")
    assert stations_offered(st)[:4] == ["station c1 red x2 loco0", "station c1 red x1 loco1",
                                        "station c2 red x2 loco0", "station c2 red x1 loco1"]
    assert "station c0 red x2 loco0" not in stations_offered(st)  # one station per city
    play(st, "station c1 red x1 loco1", "draw deck", "draw deck")
    # third costs 3: red 1 + deck draws... hand now red 1 only -> none affordable
    assert stations_offered(st) == []
    st.hands[0][g.card_index["green"]] = 3
    st._legal = None
    assert stations_offered(st)[0] == "station c2 green x3 loco0"
    play(st, "station c2 green x3 loco0", "draw deck", "draw deck")
    st.hands[0][g.card_index["green"]] = 9
    st._legal = None
    assert stations_offered(st) == []  # all three built
    with pytest.raises(ValueError):
        st.apply(BuildStation(3, "green", 0, 3))


def test_r_eu_4_station_uses_the_route_that_scores_best(star: Board) -> None:
    g = Game(star, 2)
    st = position(g, tickets={0: [0, 1]})
    own(st, 1, [0, 1])  # X-A and X-B belong to player 1
    own(st, 0, [2, 3])  # B-C and A-D belong to player 0
    x = node(star, "X")
    st.stations.append((x, 0))
    st.station_owner[x] = 0
    st.stations_left[0] -= 1
    st._finish("normal")
    res = st.result().players[0]
    # borrowing X-B completes X-C (10), borrowing X-A completes X-D (6): one route only.
    assert res.stations == ((x, 1),)
    assert [(t.ticket, t.completed) for t in res.tickets] == [(0, True), (1, False)]
    assert res.breakdown.tickets == 10 - 6


def test_r_eu_4_one_route_per_station_for_all_tickets(star: Board) -> None:
    g = Game(star, 2)
    st = position(g, tickets={0: [2]})
    own(st, 1, [0, 1])
    own(st, 0, [2, 3])
    x = node(star, "X")
    st.stations.append((x, 0))
    st.station_owner[x] = 0
    st.stations_left[0] -= 1
    st._finish("normal")
    res = st.result().players[0]
    assert res.tickets[0].completed is False  # C-D would need both X-A and X-B


def test_r_eu_4_two_stations_can_each_lend_a_route(star: Board) -> None:
    g = Game(star, 2)
    st = position(g, tickets={0: [2]})
    own(st, 1, [0, 1])
    own(st, 0, [2, 3])
    for name in ("A", "B"):
        c = node(star, name)
        st.stations.append((c, 0))
        st.station_owner[c] = 0
        st.stations_left[0] -= 1
    st._finish("normal")
    res = st.result().players[0]
    assert res.tickets[0].completed
    assert sorted(r for _, r in res.stations if r is not None) == [0, 1]


def test_r_eu_5_unused_stations_are_worth_four_points_each(star: Board) -> None:
    g = Game(star, 2)
    st = position(g)
    st.stations_left[1] = 1
    st._finish("normal")
    res = st.result()
    assert [p.breakdown.stations for p in res.players] == [12, 4]


def brute_force_ticket_score(st: GameState, player: int) -> int:
    """R-EU-4 by brute force: every route (or none) for every station, no pruning."""
    g = st.game
    own_cities = [c for c, p in st.stations if p == player]
    options = [[None] + [r for r in g.adjacency[c] if st.owner[r] not in (-1, player)]
               for c in own_cities]
    best = None
    for choice in product(*options):
        borrowed = {r for r in choice if r is not None}
        uf = list(range(g.uf_size))

        def find(x: int, uf: list[int] = uf) -> int:
            while uf[x] != x:
                x = uf[x]
            return x

        for r in range(g.n_routes):
            if st.owner[r] == player or r in borrowed:
                a, b = find(g.end_a[r]), find(g.end_b[r])
                uf[a] = b

        def owned(r: int, borrowed: set[int] = borrowed) -> bool:
            return st.owner[r] == player or r in borrowed

        total = sum(score_ticket(g, t, owned, find).scored for t in st.tickets[player])
        best = total if best is None else max(best, total)
    assert best is not None
    return best


def test_r_eu_4_station_choice_matches_brute_force_in_played_games(europe: Board) -> None:
    game = Game(europe, 3)
    checked = 0
    for seed in range(12):
        st = game.new_state(seed)
        rng = random.Random(seed)
        while not st.is_over:
            st.apply(rng.choice(st.legal_actions()))
        res = st.result()
        for p in range(3):
            if res.players[p].stations:
                assert res.players[p].breakdown.tickets == brute_force_ticket_score(st, p)
                checked += 1
    assert checked >= 10
