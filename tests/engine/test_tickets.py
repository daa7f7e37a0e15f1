"""Destination tickets (R-SET-4, R-TIX-1..3, R-EU-2, R-CH-2, R-CH-3, R-CH-4, R-CH-9)."""

from __future__ import annotations

from typing import Any

from ttrtool.engine import Game, KeepTickets
from ttrtool.model import Board

from .helpers import play, position, route, texts, ticket, tiny_board
from .test_longest import own

MARKET = ["pink", "pink", "white", "white", "orange"]
LINE = [route("A", "B", 1), route("B", "C", 1), route("C", "D", 1), route("D", "E", 1)]


def deck_of(n: int) -> dict[str, list[dict[str, Any]]]:
    ends = ["A", "B", "C", "D", "E"]
    return {"regular": [ticket(ends[i % 5], ends[(i + 1) % 5], i + 1) for i in range(n)]}


def test_r_set_4_deal_three_keep_at_least_two_rejects_to_the_bottom() -> None:
    g = Game(tiny_board(LINE, tickets=deck_of(10)), 2)
    st = g.new_state(5)
    assert st.phase_name == "setup_tickets" and st.current_player == 0
    offer = list(st.offers[0])
    assert len(offer) == 3 and len(st.offers[1]) == 3
    acts = st.legal_actions()
    assert [len(a.tickets) for a in acts if isinstance(a, KeepTickets)] == [3, 2, 2, 2]
    st.apply(KeepTickets((offer[0], offer[2])))
    assert st.ticket_decks["regular"][-1] == offer[1]
    assert st.current_player == 1 and st.phase_name == "setup_tickets"
    st.apply(st.legal_actions()[0])
    assert st.phase_name == "main" and st.current_player == 0 and st.turn == 0


def test_r_tix_1_draw_three_keep_one_return_rest_to_the_bottom() -> None:
    g = Game(tiny_board(LINE, tickets=deck_of(6)), 2)
    st = position(g, market=MARKET, deck=["red"] * 3)
    top = st.ticket_decks["regular"][:3]
    play(st, "tickets")
    assert st.offers[0] == top and st.phase_name == "tickets"
    assert len(st.legal_actions()) == 7  # 1 + 3 + 3 subsets
    st.apply(KeepTickets((top[1],)))
    assert st.tickets[0] == [top[1]]
    assert st.ticket_decks["regular"][-2:] == [top[0], top[2]]
    assert st.current_player == 1


def test_r_tix_1_short_deck_takes_what_is_left_then_no_draw() -> None:
    g = Game(tiny_board(LINE, tickets=deck_of(2)), 2)
    st = position(g, market=MARKET, deck=["red"] * 3)
    play(st, "tickets")
    assert len(st.offers[0]) == 2
    play(st, "keep t0 t1")
    assert st.ticket_decks["regular"] == []
    assert "tickets" not in texts(st.legal_actions())


def test_r_tix_2_completed_adds_open_subtracts() -> None:
    g = Game(tiny_board(LINE, tickets={"regular": [ticket("A", "C", 6), ticket("A", "E", 9)]}), 2)
    st = position(g, hands={0: {"red": 2}}, market=MARKET, deck=["red"] * 9,
                  tickets={0: [0, 1]})
    play(st, "claim r0 red x1 loco0", "draw deck", "draw deck", "claim r1 red x1 loco0")
    st._finish("normal")
    res = st.result().players[0]
    assert [(t.ticket, t.completed, t.scored) for t in res.tickets] == [(0, True, 6),
                                                                      (1, False, -9)]
    assert res.breakdown.tickets == -3 and res.completed_tickets == 1


def test_r_tix_3_any_number_of_tickets() -> None:
    g = Game(tiny_board(LINE, tickets=deck_of(12)), 2)
    st = position(g, market=MARKET, deck=["red"] * 3)
    for _ in range(4):
        play(st, "tickets")
        st.apply(st.legal_actions()[0])  # keep all offered
    assert len(st.tickets[0]) + len(st.tickets[1]) == 12


def test_r_eu_2_one_long_three_regular_keep_two_rejects_leave_the_game() -> None:
    tickets = deck_of(12)
    tickets["long"] = [ticket("A", "E", 20), ticket("B", "E", 21), ticket("C", "A", 22)]
    g = Game(tiny_board(LINE, tickets=tickets, rules={"preset": "europe"}), 2)
    st = g.new_state(3)
    long_ids = {t.index for t in g.board.tickets if t.deck == "long"}
    for p in range(2):
        assert len(st.offers[p]) == 4 and len(long_ids & set(st.offers[p])) == 1
    assert st.ticket_decks["long"] == []  # the undealt long ticket left the game
    assert len(set(st.removed_tickets) & long_ids) == 1
    assert min(len(a.tickets) for a in st.legal_actions() if isinstance(a, KeepTickets)) == 2
    offer = list(st.offers[0])
    st.apply(KeepTickets(tuple(offer[:2])))
    assert set(offer[2:]) <= set(st.removed_tickets)
    assert not set(offer[2:]) & set(st.ticket_decks["regular"])


def test_r_eu_2_tickets_returned_in_play_go_to_the_bottom_of_the_regular_deck() -> None:
    g = Game(tiny_board(LINE, tickets=deck_of(6), rules={"preset": "europe"}), 2)
    st = position(g, market=MARKET, deck=["red"] * 3)
    top = st.ticket_decks["regular"][:3]
    play(st, "tickets")
    st.apply(KeepTickets((top[0],)))
    assert st.ticket_decks["regular"][-2:] == top[1:]


def test_r_ch_4_deal_five_keep_two_every_reject_leaves_the_game() -> None:
    g = Game(tiny_board(LINE, tickets=deck_of(16), rules={"preset": "switzerland"}), 2)
    st = g.new_state(8)
    assert [len(o) for o in st.offers] == [5, 5]
    assert min(len(a.tickets) for a in st.legal_actions() if isinstance(a, KeepTickets)) == 2
    offer = list(st.offers[0])
    st.apply(KeepTickets(tuple(offer[:2])))
    assert sorted(st.removed_tickets) == sorted(offer[2:])
    st.apply(st.legal_actions()[0])
    deck_before = len(st.ticket_decks["regular"])
    play(st, "tickets")
    offered = list(st.offers[0])
    st.apply(KeepTickets((offered[0],)))
    assert set(offered[1:]) <= set(st.removed_tickets)
    assert len(st.ticket_decks["regular"]) == deck_before - 3  # the deck runs down


COUNTRIES = [
    {"name": "Italia", "pos": [500, 500],
     "border_points": [{"id": "IT1", "pos": [400, 500]}, {"id": "IT2", "pos": [600, 500]}]},
    {"name": "France", "pos": [0, 500], "border_points": [{"id": "FR1", "pos": [0, 400]}]},
    {"name": "Deutschland", "pos": [0, 0], "border_points": [{"id": "DE1", "pos": [0, 10]}]},
]


def swiss(routes: list[dict[str, Any]], tickets: list[dict[str, Any]]) -> Board:
    return tiny_board(routes, tickets={"regular": tickets}, rules={"preset": "switzerland"},
                      countries=COUNTRIES)


def multi(origin: str, *dests: tuple[str, int]) -> dict[str, Any]:
    return {"from": origin, "destinations": [{"to": d, "points": p} for d, p in dests]}


def score_of(board: Board, owned: list[int], tickets: list[int]) -> list[tuple[bool, int, int]]:
    g = Game(board, 2)
    st = position(g, tickets={0: tickets})
    own(st, 0, owned)
    st._finish("normal")
    return [(t.completed, t.scored, t.destination) for t in st.result().players[0].tickets]


def test_r_ch_2_route_to_a_country_completes_a_city_country_ticket() -> None:
    board = swiss([route("A", "Italia", 2, border_point="IT1"), route("A", "B", 1)],
                  [multi("B", ("Italia", 5), ("France", 8))])
    assert score_of(board, [0, 1], [0]) == [(True, 5, 0)]


def test_r_ch_3_multi_destination_scores_the_best_joined_destination() -> None:
    board = swiss([route("A", "Italia", 2, border_point="IT2"), route("A", "France", 1,
                   border_point="FR1"), route("A", "Deutschland", 1, border_point="DE1")],
                  [multi("Deutschland", ("Italia", 13), ("France", 5)),
                   multi("Deutschland", ("Italia", 13), ("France", 5))])
    assert score_of(board, [0, 1, 2], [0]) == [(True, 13, 0)]
    assert score_of(board, [1, 2], [0]) == [(True, 5, 1)]


def test_r_ch_3_multi_destination_none_joined_subtracts_the_lowest() -> None:
    board = swiss([route("A", "Italia", 2, border_point="IT2"), route("A", "B", 1)],
                  [multi("B", ("Italia", 5), ("France", 8), ("Deutschland", 4))])
    assert score_of(board, [0], [0]) == [(False, -4, 2)]


def test_r_ch_9_a_border_point_does_not_join_two_cities_for_tickets() -> None:
    board = swiss([route("A", "Italia", 2, border_point="IT1"),
                   route("B", "Italia", 2, border_point="IT1")],
                  [ticket("A", "B", 7)])
    assert score_of(board, [0, 1], [0]) == [(False, -7, 0)]


def test_r_ch_9_two_border_points_of_one_country_do_not_join_either() -> None:
    board = swiss([route("A", "Italia", 2, border_point="IT1"),
                   route("B", "Italia", 2, border_point="IT2")],
                  [ticket("A", "B", 7)])
    assert score_of(board, [0, 1], [0]) == [(False, -7, 0)]


def test_r_ch_9_country_to_country_needs_a_chain_through_cities() -> None:
    board = swiss([route("A", "Italia", 3, border_point="IT1"),
                   route("A", "France", 2, border_point="FR1")],
                  [multi("Italia", ("France", 6))])
    assert score_of(board, [0, 1], [0]) == [(True, 6, 0)]
    assert score_of(board, [0], [0]) == [(False, -6, 0)]


def test_r_ch_9_countries_as_junctions_when_the_map_opts_in() -> None:
    board = tiny_board([route("A", "Italia", 2, border_point="IT1"),
                        route("B", "Italia", 2, border_point="IT2")],
                       tickets={"regular": [ticket("A", "B", 7)]},
                       rules={"preset": "switzerland", "countries": {"junction": True}},
                       countries=COUNTRIES)
    assert score_of(board, [0, 1], [0]) == [(True, 7, 0)]
