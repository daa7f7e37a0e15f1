"""Claiming routes (R-CLAIM-1..5, R-SCORE-1, R-EU-6, R-EU-10, R-CH-5, R-CH-7, R-TURN-1)."""

from __future__ import annotations

import random

import pytest

from ttrtool.engine import ClaimRoute, Game, GameState, IllegalAction
from ttrtool.engine.claims import route_open_to
from ttrtool.model import Board

from .helpers import play, position, rearranged, route, texts, tiny_board

LOCO = "locomotive"
MARKET = ["pink", "pink", "white", "white", "orange"]


def claims(st: object) -> list[str]:
    return [t for t in texts(st.legal_actions()) if t.startswith("claim")]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def two() -> Board:
    return tiny_board([route("A", "B", 3, "red"), route("B", "C", 2)])


def test_r_claim_1_coloured_route_needs_its_colour_gray_takes_any_one_colour(two: Board) -> None:
    g = Game(two, 2)
    st = position(g, hands={0: {"red": 3, "blue": 2, "green": 1}}, market=MARKET, deck=["pink"])
    assert claims(st) == ["claim r0 red x3 loco0", "claim r1 blue x2 loco0",
                          "claim r1 red x2 loco0"]


def test_r_claim_1_mixed_colours_are_not_a_payment(two: Board) -> None:
    g = Game(two, 2)
    st = position(g, hands={0: {"red": 2, "blue": 1}}, market=MARKET, deck=["pink"])
    assert "claim r0 red x3 loco0" not in claims(st)
    with pytest.raises(IllegalAction):
        st.apply(ClaimRoute(0, "red", 0, 3))


def test_r_claim_2_locomotives_replace_any_colour_and_may_pay_alone(two: Board) -> None:
    g = Game(two, 2)
    st = position(g, hands={0: {"red": 2, LOCO: 3}}, market=MARKET, deck=["pink"])
    assert claims(st) == [
        "claim r0 red x2 loco1", "claim r0 red x1 loco2", "claim r0 locomotive x0 loco3",
        "claim r1 red x2 loco0", "claim r1 red x1 loco1", "claim r1 locomotive x0 loco2"]


def test_r_claim_3_trains_placed_points_scored_cards_discarded(two: Board) -> None:
    g = Game(two, 2)
    st = position(g, hands={0: {"red": 3, LOCO: 1}}, market=MARKET, deck=["pink"])
    play(st, "claim r0 red x2 loco1")
    assert st.owner[0] == 0 and st.trains[0] == 45 - 3 and st.route_score[0] == 4
    assert sorted(g.card_names[c] for c in st.discards) == [LOCO, "red", "red"]
    assert st.hands[0][g.card_index["red"]] == 1 and st.hands[0][g.loco] == 0
    assert st.current_player == 1  # R-TURN-1: one action per turn


def test_r_score_1_route_table_including_length_8() -> None:
    board = tiny_board([route("A", "B", 8, "red"), route("B", "C", 6), route("C", "D", 4)],
                       rules={"preset": "europe"})
    g = Game(board, 2)
    assert g.route_points == (21, 15, 7)


def test_r_score_1_europe_preset_scores_lengths_5_and_7() -> None:
    board = tiny_board([route("A", "B", 5, "red"), route("B", "C", 7)],
                       rules={"preset": "europe"})
    assert Game(board, 2).route_points == (10, 18)


def test_r_score_1_a_length_missing_from_the_table_is_an_error_not_zero_points() -> None:
    board = tiny_board([route("A", "B", 2, "red"), route("B", "C", 3)],
                       rules={"route_points": {"1": 1, "2": 2}})
    with pytest.raises(ValueError, match="length 3"):
        Game(board, 2)


def test_r_claim_4_needs_enough_trains(two: Board) -> None:
    g = Game(two, 2)
    st = position(g, hands={0: {"red": 3}}, market=MARKET, deck=["pink"])
    st.trains[0] = 2
    assert claims(st) == ["claim r1 red x2 loco0"]  # 3-train route out of reach
    st.trains[0] = 3
    rearranged(st)
    assert "claim r0 red x3 loco0" in claims(st)  # exactly enough is enough
    play(st, "claim r0 red x3 loco0")
    assert st.trains[0] == 0


def test_r_claim_4_any_unclaimed_route_need_not_connect() -> None:
    g = Game(tiny_board([route("A", "B", 1), route("C", "D", 1)]), 2)
    st = position(g, hands={0: {"red": 2}}, market=MARKET, deck=["pink"] * 4)
    play(st, "claim r0 red x1 loco0", "draw deck", "draw deck", "claim r1 red x1 loco0")
    assert st.owner == [0, 0]


DOUBLE = [route("A", "B", 2, "red", double="d1"), route("A", "B", 2, "blue", double="d1"),
          route("B", "C", 1)]


@pytest.mark.parametrize("players", [2, 3])
def test_r_claim_5_double_closed_at_2_and_3_players(players: int) -> None:
    g = Game(tiny_board(DOUBLE), players)
    st = position(g, hands={0: {"red": 2}, 1: {"blue": 2}}, market=MARKET, deck=["pink"] * 4)
    play(st, "claim r0 red x2 loco0")
    assert not any(t.startswith("claim r1") for t in claims(st))


def test_r_claim_5_double_open_to_another_player_at_4_players() -> None:
    g = Game(tiny_board(DOUBLE), 4)
    st = position(g, hands={0: {"red": 2, "blue": 2}, 1: {"blue": 2}}, market=MARKET,
                  deck=["pink"] * 4)
    play(st, "claim r0 red x2 loco0")
    assert "claim r1 blue x2 loco0" in claims(st)


@pytest.mark.parametrize("players", [4, 5])
def test_r_claim_5_same_player_never_both_tracks_at_4_and_5_players(players: int) -> None:
    g = Game(tiny_board(DOUBLE), players)
    st = position(g, hands={0: {"red": 2, "blue": 2}}, market=MARKET, deck=["pink"] * 9)
    play(st, "claim r0 red x2 loco0")
    for _ in range(players - 1):
        play(st, "draw deck", "draw deck")
    assert st.current_player == 0
    assert not any(t.startswith("claim r1") for t in claims(st))


def test_r_eu_10_europe_closes_doubles_at_3_players() -> None:
    g = Game(tiny_board(DOUBLE, rules={"preset": "europe"}), 3)
    st = position(g, hands={0: {"red": 2}, 1: {"blue": 2}}, market=MARKET, deck=["pink"] * 4)
    play(st, "claim r0 red x2 loco0")
    assert not any(t.startswith("claim r1") for t in claims(st))
    assert g.rules.face_up_locomotive_ends_draw  # R-DRAW-3 applies in Europe


def test_r_eu_10_europe_face_up_locomotive_first_is_the_whole_draw(europe: Board) -> None:
    g = Game(europe, 3)
    st = position(g, market=[LOCO, "red", "blue", "green", "white"], deck=["pink"] * 6)
    play(st, "draw locomotive")
    assert st.current_player == 1 and st.turn == 1 and st.phase_name == "main"
    assert st.hands[0][g.loco] == 1 and sum(st.hands[0]) == 1


def test_r_eu_10_europe_no_face_up_locomotive_as_second_card(europe: Board) -> None:
    g = Game(europe, 3)
    # The replacement of the first card is a second face-up locomotive.
    st = position(g, market=[LOCO, "red", "blue", "green", "white"], deck=[LOCO] + ["pink"] * 6)
    play(st, "draw red")
    assert st.phase_name == "second_draw" and st.current_player == 0
    assert st.market.count(g.loco) == 2
    second = texts(st.legal_actions())
    assert "draw locomotive" not in second and "draw deck" in second
    with pytest.raises(IllegalAction):
        play(st, "draw locomotive")
    play(st, "draw blue")
    assert st.current_player == 1 and st.hands[0][g.loco] == 0


def test_r_ch_5_both_tracks_at_3_players_but_not_same_player() -> None:
    g = Game(tiny_board(DOUBLE, rules={"preset": "switzerland"}), 3)
    st = position(g, hands={0: {"red": 2, "blue": 2}, 1: {"blue": 2}}, market=MARKET,
                  deck=["pink"] * 9)
    play(st, "claim r0 red x2 loco0")
    assert "claim r1 blue x2 loco0" in claims(st)  # another player may
    assert route_open_to(st.game, st.owner, 1, 1) and not route_open_to(st.game, st.owner, 0, 1)
    play(st, "draw deck", "draw deck", "draw deck", "draw deck")
    assert st.current_player == 0
    assert not any(t.startswith("claim r1") for t in claims(st))  # never the same one


def test_r_ch_5_only_one_track_at_2_players() -> None:
    g = Game(tiny_board(DOUBLE, rules={"preset": "switzerland"}), 2)
    st = position(g, hands={0: {"red": 2}, 1: {"blue": 2}}, market=MARKET, deck=["pink"] * 4)
    play(st, "claim r0 red x2 loco0")
    assert not any(t.startswith("claim r1") for t in claims(st))


def test_r_ch_7_locomotives_only_on_tunnels() -> None:
    board = tiny_board([route("A", "B", 2, "red"), route("B", "C", 2, "blue", kind="tunnel")],
                       rules={"preset": "switzerland"})
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 1, "blue": 1, LOCO: 2}}, market=MARKET, deck=["pink"])
    assert claims(st) == ["claim r1 blue x1 loco1", "claim r1 locomotive x0 loco2"]


def test_r_eu_6_ferry_needs_one_locomotive_per_symbol() -> None:
    board = tiny_board([route("A", "B", 3, kind="ferry", locomotives=2)],
                       rules={"preset": "europe"})
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 3, LOCO: 1}}, market=MARKET, deck=["pink"])
    assert claims(st) == []
    st.hands[0][g.loco] = 2
    rearranged(st)
    assert claims(st) == ["claim r0 red x1 loco2"]
    st.hands[0][g.loco] = 3
    rearranged(st)
    assert claims(st) == ["claim r0 red x1 loco2", "claim r0 locomotive x0 loco3"]


def slow_claims(st: GameState) -> set[str]:
    """R-CLAIM-1/2/4/5, R-EU-6, R-CH-5/7 written out plainly, for every route and payment."""
    g = st.game
    p = st.current_player
    hand = st.hands[p]
    out = set()
    for r, route_ in enumerate(g.board.routes):
        if st.owner[r] >= 0 or st.trains[p] < route_.length:
            continue
        partner_owners = [st.owner[q] for q in g.partners[r]]
        if p in partner_owners:
            continue
        usable = g.rules.usable_tracks(g.players, len(partner_owners) + 1)
        if sum(o >= 0 for o in partner_owners) >= usable:
            continue
        tunnel = g.rules.tunnels_allowed and route_.kind == "tunnel"
        ferry = g.rules.ferries_allowed and route_.kind == "ferry"
        kind = "tunnel" if tunnel else "ferry" if ferry else "normal"
        locos_ok = kind in g.rules.locomotive_kinds
        need = route_.locomotives if ferry else 0
        for c, name in enumerate(g.card_names):
            for n in range(route_.length + 1):
                coloured = route_.length - n
                if name == "locomotive":
                    if coloured:
                        continue
                elif coloured == 0 or (not route_.is_gray and name != route_.color):
                    continue
                if n and not locos_ok or n < need:
                    continue
                if hand[c] >= coloured and hand[g.loco] >= n if name != "locomotive" else \
                        hand[g.loco] >= n:
                    out.add(f"claim r{r} {name} x{coloured} loco{n}")
    return out


@pytest.mark.parametrize("map_id,players", [("usa", 2), ("usa", 4), ("europe", 3),
                                            ("switzerland", 3)])
def test_claim_generation_matches_a_plain_reading_of_the_rules(
        boards: dict[str, Board], map_id: str, players: int) -> None:
    """R-CLAIM-1, R-CLAIM-2, R-CLAIM-4, R-CLAIM-5, R-EU-6, R-CH-5, R-CH-7 on real boards."""
    game = Game(boards[map_id], players)
    compared = 0
    for seed in range(4):
        st = game.new_state(seed)
        rng = random.Random(seed)
        while not st.is_over:
            acts = st.legal_actions()
            if st.phase_name == "main":
                got = [a.text for a in acts if isinstance(a, ClaimRoute)]
                assert len(got) == len(set(got))
                assert set(got) == slow_claims(st)
                compared += bool(got)
            st.apply(rng.choice(acts))
    assert compared > 20
