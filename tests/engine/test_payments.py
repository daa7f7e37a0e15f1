"""Payment rules as data (R-VAR-1, R-VAR-2, R-VAR-3 of docs/variants.md; R-CLAIM-2, R-EU-6)."""

from __future__ import annotations

import random

import pytest

from ttrtool.engine import ClaimRoute, Game, IllegalAction, parse_action
from ttrtool.engine.invariants import card_total
from ttrtool.engine.payments import PaySpec, fast_offsets, legal_payments, substitute_cards

from .helpers import play, position, rearranged, route, texts, tiny_board

LOCO = "locomotive"
MARKET = ["pink", "pink", "white", "white", "orange"]
NORDIC = {"preset": "nordiccountries"}


def claims(st: object) -> list[str]:
    return [t for t in texts(st.legal_actions()) if t.startswith("claim")]  # type: ignore[attr-defined]


def test_r_var_1_locomotives_only_on_the_kinds_the_rules_name() -> None:
    board = tiny_board([route("A", "B", 2, "red"), route("B", "C", 2, "blue", kind="tunnel"),
                        route("C", "D", 2, "green", kind="ferry", locomotives=1)],
                       rules={"preset": "nordiccountries"})
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 1, "blue": 1, "green": 1, LOCO: 2}}, market=MARKET,
                  deck=["pink"])
    assert claims(st) == ["claim r1 blue x1 loco1", "claim r1 locomotive x0 loco2",
                          "claim r2 green x1 loco0 with blue:1 red:1 locomotive:1",
                          "claim r2 green x1 loco1",
                          "claim r2 locomotive x0 loco1 with blue:1 red:1 green:1",
                          "claim r2 locomotive x0 loco2"]
    assert g.stations_locos_ok is False


@pytest.mark.parametrize("value,kinds", [("any", {"normal", "tunnel", "ferry"}),
                                         ("tunnels", {"tunnel"}), (["ferry"], {"ferry"}),
                                         ([], set())])
def test_r_var_1_playable_on_keeps_its_old_words(value: object, kinds: set[str]) -> None:
    board = tiny_board([route("A", "B", 2, "red")],
                       rules={"locomotives": {"playable_on": value}})
    assert board.rules.locomotive_kinds == kinds


def test_r_var_2_coloured_ferry_takes_its_colour_and_its_locomotives() -> None:
    board = tiny_board([route("A", "B", 3, "red", kind="ferry", locomotives=1)],
                       rules={"preset": "europe", "ferries": {"colored": True}})
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 2, "blue": 3, LOCO: 1}}, market=MARKET, deck=["pink"])
    assert claims(st) == ["claim r0 red x2 loco1"]
    before = card_total(st)
    play(st, "claim r0 red x2 loco1")
    assert st.owner[0] == 0 and card_total(st) == before


def test_r_var_3_any_three_cards_replace_a_ferry_locomotive() -> None:
    board = tiny_board([route("A", "B", 2, "red", kind="ferry", locomotives=1)], rules=NORDIC)
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 1, "blue": 2, "green": 1}}, market=MARKET, deck=["pink"])
    assert claims(st) == ["claim r0 red x1 loco0 with blue:2 green:1"]
    before = card_total(st)
    play(st, "claim r0 red x1 loco0 with blue:2 green:1")
    assert st.owner[0] == 0
    assert sum(st.hands[0]) == 0
    assert sorted(g.card_names[c] for c in st.discards) == ["blue", "blue", "green", "red"]
    assert card_total(st) == before


def test_r_var_3_substitutes_only_for_the_symbols_and_only_with_enough_cards() -> None:
    board = tiny_board([route("A", "B", 3, "red", kind="ferry", locomotives=1)], rules=NORDIC)
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 2, "blue": 2}}, market=MARKET, deck=["pink"])
    assert claims(st) == []  # a set needs 3 cards besides the 2 red
    st.hands[0][g.card_index["blue"]] = 3
    st.hands[0][g.loco] = 1
    rearranged(st)
    assert claims(st) == ["claim r0 red x2 loco0 with blue:3", "claim r0 red x2 loco1",
                          "claim r0 red x1 loco1 with blue:3"]
    # no payment replaces more locomotives than the route's symbols
    for text in claims(st):
        a = parse_action(text)
        assert isinstance(a, ClaimRoute)
        sets = sum(n for _, n in a.substitutes) // 3
        assert sets <= 1 and a.cards + a.locomotives + sets == 3


def test_r_var_3_any_four_cards_replace_a_coloured_card_on_a_named_route() -> None:
    board = tiny_board([route("A", "B", 3, id="long"), route("B", "C", 3)],
                       rules={**NORDIC, "substitutes": [
                           {"replaces": "card", "cards": 4, "routes": ["long"]}]})
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 2, "blue": 3, "green": 1, LOCO: 1}}, market=MARKET,
                  deck=["pink"])
    got = [t for t in claims(st) if t.startswith("claim r0 ")]
    # red x2 and one set of four, taken from the colours held most; never a locomotive
    # played as one (locomotives are not playable on this normal route)
    assert "claim r0 blue x3 loco0" in got
    assert "claim r0 red x2 loco0 with blue:3 green:1" in got
    assert not [t for t in claims(st) if t.startswith("claim r1 ") and "with" in t]
    before = card_total(st)
    play(st, "claim r0 red x2 loco0 with blue:3 green:1")
    assert card_total(st) == before
    assert st.hands[0][g.loco] == 1


def test_r_var_3_only_the_offered_substitute_cards_are_legal() -> None:
    board = tiny_board([route("A", "B", 2, "red", kind="ferry", locomotives=1)], rules=NORDIC)
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 1, "blue": 2, "green": 2}}, market=MARKET, deck=["pink"])
    with pytest.raises(IllegalAction):
        st.apply(parse_action("claim r0 red x1 loco0 with blue:1 green:2"))
    play(st, "claim r0 red x1 loco0 with blue:2 green:1")


def test_r_var_3_a_withdrawn_tunnel_gives_the_substitute_cards_back() -> None:
    board = tiny_board([route("A", "B", 2, "red", kind="tunnel")],
                       rules={**NORDIC, "substitutes": [
                           {"replaces": "card", "cards": 2, "kinds": ["tunnel"]}]})
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 1, "blue": 2}}, market=MARKET,
                  deck=["red", "red", "red", "pink"])
    before = card_total(st)
    play(st, "claim r0 red x1 loco0 with blue:2")
    assert st.phase_name == "tunnel"
    play(st, "withdraw")
    assert st.hands[0][g.card_index["blue"]] == 2 and st.hands[0][g.card_index["red"]] == 1
    assert card_total(st) == before


def test_r_var_3_claim_text_reads_back_and_old_text_is_unchanged() -> None:
    a = ClaimRoute(3, "red", 0, 1, (("blue", 2), ("light-green2", 1)))
    assert a.text == "claim r3 red x1 loco0 with blue:2 light-green2:1"
    assert parse_action(a.text) == a
    assert ClaimRoute(3, "red", 1, 2).text == "claim r3 red x2 loco1"
    with pytest.raises(ValueError):
        parse_action("claim r3 red x1 loco0 with blue")


def test_r_var_3_substitute_cards_come_from_the_colours_held_most() -> None:
    # hand: red 2, blue 3, green 3, loco 1; paying red x2, four cards to find
    assert substitute_cards([2, 3, 3, 1], 0, 2, 0, 4, 3) == ((1, 2), (2, 2))
    assert substitute_cards([0, 1, 0, 2], 0, 0, 0, 3, 3) == ((1, 1), (3, 2))
    with pytest.raises(ValueError):
        substitute_cards([0, 1, 0, 0], 0, 0, 0, 2, 3)


def test_r_claim_2_and_r_eu_6_fast_path_equals_the_general_rule() -> None:
    """The engine's offset fast path gives exactly the general payments without sets."""
    rng = random.Random(7)
    loco = 4
    for _ in range(3000):
        length = rng.randint(1, 6)
        spec = PaySpec(length, rng.choice([-1, 0, 2]), rng.randint(0, min(2, length)),
                       rng.random() < 0.7)
        hand = [rng.randint(0, 5) for _ in range(loco + 1)]
        stride = length + 1
        general = [c * stride + n for c, n, s in legal_payments(spec, hand, loco)]
        assert fast_offsets(spec, hand, loco) == general, (spec, hand)


def test_r_var_3_general_payments_pay_exactly_the_length() -> None:
    rng = random.Random(3)
    loco = 4
    for _ in range(2000):
        length = rng.randint(1, 9)
        min_l = rng.randint(0, min(2, length))
        sub_l = rng.choice([0, 3]) if min_l else 0
        spec = PaySpec(length, rng.choice([-1, 1]), min_l, rng.random() < 0.5, sub_l,
                       0 if sub_l else rng.choice([0, 4]))
        hand = [rng.randint(0, 6) for _ in range(loco + 1)]
        pays = legal_payments(spec, hand, loco)
        assert len(pays) == len(set(pays))
        for c, n, s in pays:
            x = length - n - s
            assert x >= 0 and n <= hand[loco] and (x == 0) == (c == loco)
            if c != loco:
                assert x <= hand[c]
            assert n + (s if spec.sub_locos else 0) >= min_l
            if n > min_l - (s if spec.sub_locos else 0):
                assert spec.locos_ok
            if s:
                subs = substitute_cards(hand, c, x, n, s * spec.set_size, loco)
                assert sum(k for _, k in subs) == s * spec.set_size
