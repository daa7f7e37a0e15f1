"""Tunnels: lay cards, reveal, pay or withdraw (R-EU-7, R-EU-8, R-CH-8)."""

from __future__ import annotations

from collections import Counter

import pytest

from ttrtool.engine import Game
from ttrtool.engine.invariants import card_total
from ttrtool.model import Board

from .helpers import play, position, route, texts, tiny_board

LOCO = "locomotive"
MARKET = ["pink", "pink", "white", "white", "orange"]


@pytest.fixture(scope="module", params=["europe", "switzerland"])
def tunnel_board(request: pytest.FixtureRequest) -> Board:
    return tiny_board([route("A", "B", 2, "red", kind="tunnel"), route("B", "C", 2, kind="tunnel")],
                      rules={"preset": request.param})


def test_r_eu_7_tunnel_reveal_then_pay(tunnel_board: Board) -> None:
    g = Game(tunnel_board, 2)
    st = position(g, hands={0: {"red": 4, LOCO: 1}}, market=MARKET,
                  deck=["red", "blue", LOCO, "green"])
    play(st, "claim r0 red x2 loco0")
    assert st.phase_name == "tunnel" and st.current_player == 0
    assert st.tunnel is not None and st.tunnel.extra == 2  # red and the locomotive
    assert st.owner[0] == -1
    view = st.view(0)
    assert view.tunnel is not None and len(view.tunnel.revealed) == 3
    assert texts(st.legal_actions()) == ["pay red x2 loco0", "pay red x1 loco1", "withdraw"]
    play(st, "pay red x1 loco1")
    assert st.owner[0] == 0 and st.current_player == 1
    assert st.hands[0][g.card_index["red"]] == 1 and st.hands[0][g.loco] == 0
    # laid, extra and revealed cards all discarded
    assert Counter(g.card_names[c] for c in st.discards) == Counter(
        {"red": 4, LOCO: 2, "blue": 1})
    assert st.tunnels_paid == 1 and st.extra_cards == 2


def test_r_eu_7_tunnel_withdraw_returns_the_laid_cards(tunnel_board: Board) -> None:
    g = Game(tunnel_board, 2)
    st = position(g, hands={0: {"red": 2}}, market=MARKET, deck=["red", "blue", "green"])
    play(st, "claim r0 red x2 loco0")
    total = card_total(st)
    assert texts(st.legal_actions()) == ["withdraw"]  # cannot pay
    play(st, "withdraw")
    assert st.hands[0][g.card_index["red"]] == 2 and st.owner[0] == -1
    assert st.current_player == 1 and card_total(st) == total
    assert sorted(g.card_names[c] for c in st.discards) == ["blue", "green", "red"]


def test_r_eu_7_tunnel_without_matching_reveal_is_claimed_at_once(tunnel_board: Board) -> None:
    g = Game(tunnel_board, 2)
    st = position(g, hands={0: {"blue": 2}}, market=MARKET, deck=["red", "green", "white"])
    play(st, "claim r1 blue x2 loco0")
    assert st.owner[1] == 0 and st.current_player == 1


def test_r_eu_8_tunnel_paid_with_locomotives_only(tunnel_board: Board) -> None:
    g = Game(tunnel_board, 2)
    st = position(g, hands={0: {LOCO: 4, "red": 3}}, market=MARKET, deck=["red", LOCO, "red"])
    play(st, "claim r0 locomotive x0 loco2")
    assert st.tunnel is not None and st.tunnel.extra == 1  # only the revealed locomotive
    assert texts(st.legal_actions()) == ["pay locomotive x0 loco1", "withdraw"]
    play(st, "pay locomotive x0 loco1")
    assert st.hands[0][g.loco] == 1 and st.hands[0][g.card_index["red"]] == 3


def test_r_eu_8_short_deck_reveals_what_there_is(tunnel_board: Board) -> None:
    g = Game(tunnel_board, 2)
    st = position(g, hands={0: {"red": 3}}, market=MARKET, deck=["red"], discards=[])
    play(st, "claim r0 red x2 loco0")
    assert st.tunnel is not None and st.tunnel.revealed == [g.card_index["red"]]
    play(st, "pay red x1 loco0")
    assert st.owner[0] == 0


def test_r_eu_8_no_cards_to_reveal_costs_nothing_extra(tunnel_board: Board) -> None:
    g = Game(tunnel_board, 2)
    st = position(g, hands={0: {"red": 2}}, market=MARKET, deck=[], discards=[])
    play(st, "claim r0 red x2 loco0")
    assert st.owner[0] == 0 and st.current_player == 1 and st.tunnels_paid == 0


def test_r_eu_8_reveal_reshuffles_the_discards(tunnel_board: Board) -> None:
    g = Game(tunnel_board, 2)
    st = position(g, hands={0: {"red": 2}}, market=MARKET, deck=["green"],
                  discards=["white", "white"])
    play(st, "claim r0 red x2 loco0")
    assert st.owner[0] == 0
    assert sorted(g.card_names[c] for c in st.discards) == ["green", "red", "red", "white",
                                                           "white"]


def test_r_ch_8_swiss_tunnels_locomotives_pay_extras() -> None:
    board = tiny_board([route("A", "B", 2, "red", kind="tunnel")], rules={"preset": "switzerland"})
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 2, LOCO: 1}}, market=MARKET, deck=["red", "blue", "green"])
    play(st, "claim r0 red x2 loco0")
    assert texts(st.legal_actions()) == ["pay red x0 loco1", "withdraw"]
