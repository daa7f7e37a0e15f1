"""Train cards: deck, market and drawing (R-SET-2, R-SET-3, R-DRAW-1..8, R-CH-6)."""

from __future__ import annotations

from collections import Counter

import pytest

from ttrtool.engine import DrawBlind, DrawFaceUp, Game, IllegalAction
from ttrtool.engine.invariants import card_total
from ttrtool.model import Board

from .helpers import play, position, route, texts, tiny_board

LOCO = "locomotive"


@pytest.fixture(scope="module")
def line() -> Board:
    return tiny_board([route("A", "B", 2, "red"), route("B", "C", 3)])


@pytest.fixture(scope="module")
def swiss_line() -> Board:
    return tiny_board([route("A", "B", 2, "red")], rules={"preset": "switzerland"})


def test_r_set_2_deck_composition_from_the_rules(usa: Board) -> None:
    g = Game(usa, 3)
    st = g.new_state(7)
    counts: Counter[int] = Counter(st.deck + st.market)
    for hand in st.hands:
        for card, n in enumerate(hand):
            counts[card] += n
    assert card_total(st) == 110
    assert [counts[c] for c in range(g.n_cards)] == [12] * 8 + [14]


def test_r_set_2_custom_deck_composition_is_read_from_the_map() -> None:
    board = tiny_board([route("A", "B", 1, "red")],
                       rules={"train_cards": {"colors": {"red": 5, "blue": 4}, "locomotives": 2}})
    g = Game(board, 2)
    st = g.new_state(1)
    assert g.card_names == ("red", "blue", "locomotive")
    assert card_total(st) == 11


def test_r_set_3_deal_four_cards_each_and_five_face_up(usa: Board) -> None:
    st = Game(usa, 5).new_state(3)
    assert [sum(h) for h in st.hands] == [4] * 5
    assert len(st.market) == 5
    assert len(st.deck) == 110 - 20 - 5 - len(st.discards)


def test_r_draw_1_two_cards_in_any_combination(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue", "green", "white", "black"], deck=["pink"] * 10)
    play(st, "draw red")
    assert st.current_player == 0 and st.phase_name == "second_draw"
    play(st, "draw deck")
    assert st.current_player == 1
    assert st.hands[0][g.card_index["red"]] == 1 and st.hands[0][g.card_index["pink"]] == 1
    assert st.turn == 1


def test_r_draw_2_face_up_card_replaced_at_once_from_the_deck(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue", "green", "white", "black"], deck=["orange", "pink"])
    play(st, "draw red")
    names = sorted(g.card_names[c] for c in st.market)
    assert names == sorted(["blue", "green", "white", "black", "orange"])
    assert DrawFaceUp("orange") in st.legal_actions()


def test_r_draw_3_face_up_locomotive_first_is_the_whole_draw(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=[LOCO, "blue", "green", "white", "black"], deck=["pink"] * 5)
    play(st, "draw locomotive")
    assert st.current_player == 1 and st.hands[0][g.loco] == 1


def test_r_draw_3_no_face_up_locomotive_as_second_card_even_if_just_turned_up(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=[LOCO, "blue", "green", "white", "black"], deck=[LOCO, "pink"])
    play(st, "draw blue")  # replaced by a locomotive: now two face up
    second = texts(st.legal_actions())
    assert "draw locomotive" not in second
    assert second == ["draw white", "draw black", "draw green", "draw deck"]


def test_r_draw_4_blind_locomotive_does_not_end_the_draw(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue", "green", "white", "black"], deck=[LOCO, "pink"])
    play(st, "draw deck")
    assert st.phase_name == "second_draw" and st.current_player == 0
    assert st.hands[0][g.loco] == 1


def test_r_draw_5_three_face_up_locomotives_wipe_the_market(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=[LOCO, LOCO, "green", "white", "black"],
                  deck=[LOCO, "red", "red", "blue", "blue", "pink", "pink"])
    play(st, "draw green")  # the replacement is the third locomotive
    assert st.market_wipes == 1
    assert sorted(g.card_names[c] for c in st.market) == ["blue", "blue", "pink", "red", "red"]
    assert Counter(st.discards)[g.loco] == 3


def test_r_draw_5_wipe_repeats_while_the_new_market_has_three_locomotives(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=[LOCO, LOCO, LOCO, "white", "black"],
                  deck=[LOCO, LOCO, LOCO, "red", "red", "blue"] + ["pink"] * 5)
    st.settle_market()
    assert st.market_wipes == 2
    assert sorted(g.card_names[c] for c in st.market) == ["blue"] + ["pink"] * 4


def test_r_draw_5_hopeless_wipe_leaves_the_market_as_it_is(line: Board) -> None:
    g = Game(line, 2)
    # Only 2 non-locomotives left anywhere: every market of 5 has 3 locomotives.
    st = position(g, market=[LOCO, LOCO, LOCO, "white", "black"], deck=[LOCO] * 6,
                  discards=[LOCO] * 3)
    st.settle_market()
    assert st.market_wipes == 0 and st.wipes_stopped == 1
    assert sorted(g.card_names[c] for c in st.market) == ["black", LOCO, LOCO, LOCO, "white"]


def test_r_draw_5_a_stuck_market_is_counted_once_while_it_stays_stuck(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=[LOCO, LOCO, LOCO, "white", "black"], deck=[LOCO] * 6,
                  discards=[LOCO] * 3)
    st.settle_market()
    assert st.wipes_stopped == 1
    play(st, "draw white")  # replaced by a locomotive: still stuck, not counted again
    play(st, "draw black")
    assert st.market_wipes == 0 and st.wipes_stopped == 1
    st.market = [g.card_index[c] for c in ["red", "red", "blue", LOCO, LOCO]]
    st.settle_market()  # no longer stuck ...
    st.market[0] = g.loco
    st.settle_market()  # ... so getting stuck again counts again
    assert st.wipes_stopped == 2


def test_r_draw_5_a_stuck_market_is_settled_once_a_claim_returns_cards(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, hands={0: {"red": 2}}, market=[LOCO, LOCO, LOCO, "white", "black"],
                  deck=[LOCO] * 6, discards=[LOCO] * 3)
    st.settle_market()
    assert st.market_stuck and st.wipes_stopped == 1
    # The claim puts 2 red cards in the discards: with 4 other cards in play a
    # market of at most 2 locomotives can be shown again, before the next turn.
    play(st, "claim r0 red x2 loco0")
    assert st.current_player == 1
    assert st.market.count(g.loco) < 3 and not st.market_stuck
    assert st.market_wipes >= 1 and st.wipes_stopped == 1
    assert card_total(st) == 16


def test_r_draw_5_a_stuck_market_stays_while_nothing_came_back(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=[LOCO, LOCO, LOCO, "white", "black"], deck=[LOCO] * 6,
                  discards=[LOCO] * 3)
    st.settle_market()
    play(st, "draw deck", "draw deck")  # the next turn starts with the same hopeless pool
    assert st.market_stuck and st.market_wipes == 0 and st.wipes_stopped == 1
    assert st.market.count(g.loco) == 3


def test_r_draw_5_wiping_goes_on_past_a_long_run_of_locomotives(line: Board) -> None:
    g = Game(line, 2)
    # The next 200 cards are all locomotives, but 10 red cards lie below them:
    # a legal market is possible, so the wipes go on until it is shown.
    st = position(g, market=[LOCO, LOCO, LOCO, "white", "black"],
                  deck=[LOCO] * 200 + ["red"] * 10)
    st.settle_market()
    assert st.market_wipes == 41 and st.wipes_stopped == 0 and not st.market_stuck
    assert [g.card_names[c] for c in st.market] == ["red"] * 5


def test_r_draw_5_wiping_ends_in_a_legal_market_whenever_the_counts_allow_one(
        line: Board) -> None:
    g = Game(line, 2)
    # Exactly 3 other cards among 16: only a market holding all three is legal.
    for seed in range(20):
        st = position(g, market=[LOCO, LOCO, LOCO, "white", "black"], deck=[],
                      discards=[LOCO] * 10 + ["red"])
        st.rng.seed(seed)
        st.settle_market()
        assert sorted(g.card_names[c] for c in st.market) == ["black", LOCO, LOCO, "red", "white"]
        assert st.wipes_stopped == 0 and card_total(st) == 16


def test_r_draw_6_empty_deck_reshuffles_the_discards(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue", "green", "white", "black"], deck=[],
                  discards=["pink", "pink", "orange"])
    assert DrawBlind() in st.legal_actions()
    play(st, "draw deck")
    assert st.discards == [] and len(st.deck) == 2
    assert sum(st.hands[0]) == 1


def test_r_draw_7_no_draw_at_all_without_deck_and_discards(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue", LOCO, "white", "black"], deck=[], discards=[])
    assert texts(st.legal_actions()) == ["tickets"]  # not even a face-up card
    with pytest.raises(IllegalAction):
        play(st, "draw red")
    assert len(st.market) == 5 and sum(st.hands[0]) == 0


def test_r_draw_7_discards_alone_still_allow_every_draw(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue"], deck=[], discards=["pink"])
    assert texts(st.legal_actions()) == ["draw blue", "draw red", "draw deck", "tickets"]


def test_r_draw_7_only_one_card_to_draw_takes_one(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue", "green", "white", "black"], deck=["pink"],
                  discards=[])
    play(st, "draw deck")
    assert st.current_player == 1 and st.turn == 1
    assert sum(st.hands[0]) == 1 and st.hands[0][g.card_index["pink"]] == 1


def test_r_draw_7_face_up_card_replaced_by_the_last_card_ends_the_draw(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, market=["red", "blue", "green", "white", "black"], deck=["pink"],
                  discards=[])
    play(st, "draw red")  # the replacement empties the deck: no second card
    assert st.current_player == 1 and st.turn == 1
    assert sum(st.hands[0]) == 1 and g.card_index["pink"] in st.market
    assert texts(st.legal_actions()) == ["tickets"]  # nor may the next player draw


def test_r_draw_8_hand_size_is_unlimited(line: Board) -> None:
    g = Game(line, 2)
    st = position(g, hands={0: {"red": 60, LOCO: 40}},
                  market=["red", "blue", "green", "white", "black"], deck=["pink"] * 4)
    assert "draw deck" in texts(st.legal_actions())
    play(st, "draw deck", "draw deck")
    assert sum(st.hands[0]) == 102


def test_r_ch_6_two_face_up_locomotives_in_one_turn(swiss_line: Board) -> None:
    g = Game(swiss_line, 2)
    st = position(g, market=[LOCO, LOCO, "green", "white", "black"], deck=["pink"] * 6)
    play(st, "draw locomotive")
    assert st.phase_name == "second_draw" and st.current_player == 0
    assert "draw locomotive" in texts(st.legal_actions())
    play(st, "draw locomotive")
    assert st.hands[0][g.loco] == 2 and st.current_player == 1


def test_r_ch_6_wipe_still_applies(swiss_line: Board) -> None:
    g = Game(swiss_line, 2)
    st = position(g, market=[LOCO, LOCO, "green", "white", "black"], deck=[LOCO] + ["pink"] * 6)
    play(st, "draw green")
    assert st.market_wipes == 1
