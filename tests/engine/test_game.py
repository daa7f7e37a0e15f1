"""Turns, the end of the game, views and actions (R-SET-1, R-TURN-1/2, R-END-1/2, R-CH-1)."""

from __future__ import annotations

import random

import pytest

from ttrtool.engine import (
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    Game,
    IllegalAction,
    KeepTickets,
    Pass,
    TunnelPay,
    TunnelWithdraw,
    parse_action,
)
from ttrtool.model import Board

from .helpers import play, position, route, texts, tiny_board

MARKET = ["pink", "pink", "white", "white", "orange"]


def test_r_set_1_player_range_and_trains(usa: Board) -> None:
    for bad in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            Game(usa, bad)
    assert Game(usa, 5).new_state(1).trains == [45] * 5


def test_r_set_1_one_player_range_check_for_the_engine_and_simulate(usa: Board) -> None:
    """The engine and ``simulate --players`` refuse a count out of range with one message."""
    from ttrtool.simulate.session import parse_players

    for bad in (1, 6):
        with pytest.raises(ValueError) as engine:
            Game(usa, bad)
        with pytest.raises(ValueError) as simulate:
            parse_players(str(bad), usa.rules, 2)
        assert str(engine.value) == str(simulate.value) == usa.rules.players_problem(bad)
        assert str(engine.value) == f"this map is played by 2 to 5 players, not {bad}"
    assert usa.rules.players_problem(4) is None


def test_r_ch_1_two_or_three_players_forty_trains(switzerland: Board) -> None:
    with pytest.raises(ValueError, match="2 to 3 players"):
        Game(switzerland, 4)
    st = Game(switzerland, 3).new_state(1)
    assert st.trains == [40] * 3 and st.stations_left == [0, 0, 0]
    assert not any(r.kind == "ferry" for r in switzerland.routes)


def test_r_turn_1_one_action_kinds_offered_in_a_turn(europe: Board) -> None:
    st = Game(europe, 3).new_state(11)
    while st.phase_name == "setup_tickets":
        st.apply(st.legal_actions()[0])
    kinds = {type(a) for a in st.legal_actions()}
    assert {DrawBlind, DrawFaceUp, DrawTickets, BuildStation} <= kinds


KIND_RANK = {DrawFaceUp: 0, DrawBlind: 0, ClaimRoute: 1, DrawTickets: 2, BuildStation: 3}


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_main_turn_actions_come_in_the_documented_order(boards: dict[str, Board],
                                                        name: str) -> None:
    """docs/engine.md: card draws, claims by route, the ticket draw, stations.

    The strategic bots split the list by this order (bots/planning.py)."""
    rng = random.Random(5)
    seen = set()
    for seed in range(3):
        st = Game(boards[name], 3).new_state(seed)
        while not st.is_over:
            actions = st.legal_actions()
            if st.phase_name == "main" and len(actions) > 1:
                ranks = [KIND_RANK[type(a)] for a in actions]
                assert ranks == sorted(ranks), [a.text for a in actions]
                routes = [a.route for a in actions if isinstance(a, ClaimRoute)]
                assert routes == sorted(routes)
                seen.update(ranks)
            st.apply(rng.choice(actions))
    assert {0, 1, 2} <= seen


def test_r_turn_2_players_go_in_seat_order() -> None:
    g = Game(tiny_board([route("A", "B", 1)]), 3)
    st = position(g, market=MARKET, deck=["red"] * 20)
    order = []
    for _ in range(6):
        order.append(st.current_player)
        play(st, "draw deck", "draw deck")
    assert order == [0, 1, 2, 0, 1, 2]


def test_r_end_1_final_round_after_trigger() -> None:
    g = Game(tiny_board([route("A", "B", 3), route("B", "C", 1)]), 3)
    st = position(g, hands={1: {"red": 3}}, market=MARKET, deck=["red"] * 40, current=1)
    st.trains[1] = 5
    play(st, "claim r0 red x3 loco0")  # player 1 ends the turn with 2 trains
    assert st.final_countdown == 3 and not st.is_over
    for p in (2, 0, 1):  # everyone, player 1 included, plays once more
        assert st.current_player == p and not st.is_over
        play(st, "draw deck", "draw deck")
    assert st.is_over and st.end_reason == "normal"
    assert st.legal_actions() == []
    with pytest.raises(IllegalAction):
        st.apply(DrawBlind())


def test_r_end_1_trigger_needs_two_or_fewer_not_three() -> None:
    g = Game(tiny_board([route("A", "B", 3)]), 2)
    st = position(g, hands={0: {"red": 3}}, market=MARKET, deck=["red"] * 9)
    st.trains[0] = 6
    play(st, "claim r0 red x3 loco0")
    assert st.final_countdown is None


def test_r_end_2_stalled_when_nobody_can_act() -> None:
    g = Game(tiny_board([route("A", "B", 3)], tickets={"regular": []}), 2)
    st = position(g, hands={0: {"red": 1}}, market=[], deck=[])
    st._check_stall()
    assert st.is_over and st.end_reason == "stalled"


def test_r_end_2_a_full_market_without_deck_and_discards_is_a_stall() -> None:
    # R-DRAW-7: the face-up cards cannot be drawn once deck and discards are empty.
    g = Game(tiny_board([route("A", "B", 3)], tickets={"regular": []}), 2)
    st = position(g, hands={0: {"red": 1}}, market=MARKET, deck=[])
    st._check_stall()
    assert st.is_over and st.end_reason == "stalled"


def test_r_end_2_a_player_with_nothing_legal_passes() -> None:
    g = Game(tiny_board([route("A", "B", 1)], tickets={"regular": []}), 2)
    st = position(g, hands={1: {"red": 1}}, market=MARKET, deck=[])
    assert texts(st.legal_actions()) == ["pass"]  # the market cannot be drawn from (R-DRAW-7)
    play(st, "pass")
    assert st.current_player == 1 and texts(st.legal_actions()) == ["claim r0 red x1 loco0"]
    play(st, "claim r0 red x1 loco0")
    assert not st.is_over  # the discard came back: drawing is legal again
    assert texts(st.legal_actions()) == ["draw pink", "draw white", "draw orange", "draw deck"]
    play(st, "draw deck")  # the last card: the draw ends with it (R-DRAW-7)
    assert st.is_over and st.end_reason == "stalled"  # now nobody has anything left
    assert st.hands[0][g.card_index["red"]] == 1


def test_r_end_2_turn_cap_ends_a_looping_game() -> None:
    g = Game(tiny_board([route("A", "B", 2, kind="tunnel")], rules={"preset": "europe"}), 2,
             turn_cap=10)
    st = position(g, hands={0: {"red": 2}, 1: {"red": 2}}, market=MARKET,
                  deck=["red", "blue", "green"] * 30)
    while not st.is_over:  # both players try the tunnel and withdraw forever
        acts = st.legal_actions()
        claim = [a for a in acts if isinstance(a, ClaimRoute)]
        st.apply(claim[0] if claim else TunnelWithdraw() if TunnelWithdraw() in acts else acts[-1])
    assert st.end_reason == "turn_cap" and st.turn == 10
    assert st.result().end_reason == "turn_cap"


def test_result_only_when_over(usa: Board) -> None:
    with pytest.raises(ValueError):
        Game(usa, 2).new_state(1).result()


def test_illegal_action_is_refused_and_changes_nothing(usa: Board) -> None:
    st = Game(usa, 2).new_state(4)
    with pytest.raises(IllegalAction):
        st.apply(DrawBlind())  # setup: tickets first
    assert st.history == []


def test_view_hides_other_hands_tickets_and_deck_order(usa: Board) -> None:
    st = Game(usa, 3).new_state(9)
    st.apply(st.legal_actions()[1])  # seat 0 keeps two of its setup tickets
    v = st.view(1)
    assert v.offered == tuple(st.offers[1]) and v.hand == tuple(st.hands[1])
    assert v.hand_sizes == (4, 4, 4) and v.deck_size == len(st.deck)
    # Change everything seat 1 may not know: the view must not change.
    other = st.clone()
    other.hands[0] = other.hands[0][::-1]
    other.hands[2] = other.hands[2][1:] + other.hands[2][:1]
    other.tickets[0] = [t + 1 for t in other.tickets[0]]
    other.offers[2] = other.offers[2][::-1]
    random.Random(1).shuffle(other.deck)
    assert other.hands[0] != st.hands[0] and other.deck != st.deck
    assert other.view(1) == v
    assert other.view(0) != st.view(0)  # while seat 0's own view does see its change


ACTIONS = [DrawFaceUp("red"), DrawFaceUp("locomotive"), DrawBlind(), ClaimRoute(42, "red", 1, 3),
           ClaimRoute(7, "locomotive", 4, 0), TunnelPay("blue", 1, 2), TunnelWithdraw(),
           DrawTickets(), KeepTickets((3, 17)), KeepTickets(()), BuildStation(12, "red", 1, 1),
           Pass()]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.text)
def test_action_text_round_trips(action: object) -> None:
    assert parse_action(action.text) == action  # type: ignore[attr-defined]


def test_action_text_is_stable() -> None:
    assert ClaimRoute(42, "red", 1, 3).text == "claim r42 red x3 loco1"
    assert KeepTickets((3, 17)).text == "keep t3 t17"


@pytest.mark.parametrize("text", ["", "claim 42 red x3 loco1", "draw", "keep 3", "fly away"])
def test_unreadable_action_text(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)
