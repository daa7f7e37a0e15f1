"""Tunnel and ferry weights computed from the deck (R-EU-6, R-EU-7)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from ttrtool.card_costs import (
    CostWeights,
    WeightError,
    expected_tunnel_surcharge,
    ferry_symbol_surcharge,
    route_weights,
    symbol_surcharge,
    tunnel_match_distribution,
    weights_matter,
)
from ttrtool.model import Board


def enumerate_reveals(colours: dict[str, int], locomotives: int, reveal: int,
                      paid_in: str) -> dict[int, Fraction]:
    """Exact distribution of tunnel extras by listing every set of revealed cards."""
    deck = [c for c, n in colours.items() for _ in range(n)] + ["loco"] * locomotives
    counts: dict[int, int] = {}
    for cards in itertools.combinations(range(len(deck)), reveal):
        k = sum(deck[i] in (paid_in, "loco") for i in cards)
        counts[k] = counts.get(k, 0) + 1
    total = sum(counts.values())
    return {k: Fraction(n, total) for k, n in counts.items()}


def test_r_eu_7_tunnel_extras_from_a_small_deck(europe: Board) -> None:
    colours = {"red": 4, "blue": 3, "green": 5}
    rules = replace(europe.rules, colors=tuple(colours), cards_per_color=tuple(colours.values()),
                    locomotives=2, tunnel_reveal=3)
    exact = enumerate_reveals(colours, 2, 3, "blue")
    dist = tunnel_match_distribution(rules, "blue")
    assert [pytest.approx(float(exact.get(k, 0))) for k in range(4)] == list(dist)
    mean = sum(k * p for k, p in exact.items())
    assert expected_tunnel_surcharge(rules, "blue") == pytest.approx(float(mean))
    # gray: paid in one colour of the player's choice, the mean colour count (4 cards)
    assert expected_tunnel_surcharge(rules, "gray") == pytest.approx(
        float(sum(k * p for k, p in enumerate_reveals(colours, 2, 3, "red").items())))


def test_ferry_locomotive_scarcity_from_the_deck(europe: Board) -> None:
    # a blind draw is usable for a coloured space with p = 26/110 but is a locomotive with
    # p = 14/110: a locomotive takes 26/14 times the draws, i.e. 12/14 of a card more
    assert ferry_symbol_surcharge(europe.rules) == pytest.approx(12 / 14)
    no_locos = replace(europe.rules, locomotives=0)
    assert ferry_symbol_surcharge(no_locos) == 0.0


def test_route_weights_options(europe: Board) -> None:
    lengths = [float(r.length) for r in europe.routes]
    assert list(route_weights(europe, CostWeights("none", "none"))) == lengths
    assert not weights_matter(europe, CostWeights("none", "none"))
    fixed = route_weights(europe, CostWeights(1.0, 0.5))
    for r, w in zip(europe.routes, fixed, strict=True):
        assert w == r.length + (1.0 if r.kind == "tunnel" else 0.0) + 0.5 * r.locomotives
    default = route_weights(europe, CostWeights())
    extra = sum(default) - sum(lengths)
    tunnels = sum(r.kind == "tunnel" for r in europe.routes)
    symbols = sum(r.locomotives for r in europe.routes)
    assert extra == pytest.approx(tunnels * 3 * 26 / 110 + symbols * 12 / 14)


def test_usa_has_nothing_to_weigh(usa: Board) -> None:
    assert not weights_matter(usa, CostWeights())


@pytest.mark.parametrize(("tunnel", "ferry"), [("sometimes", "none"), ("none", "-1"),
                                                ("expected", "lots"), ("nan", "none")])
def test_bad_weight_options_are_refused(tunnel: str, ferry: str) -> None:
    with pytest.raises(WeightError, match="weight"):
        CostWeights.parse(tunnel, ferry)


def test_weight_options_parse() -> None:
    assert CostWeights.parse("none", "2") == CostWeights("none", 2.0)
    assert CostWeights.parse() == CostWeights("expected", "scarcity")


def test_r_var_3_a_substitute_set_caps_a_ferry_symbol(nordiccountries: Board) -> None:
    """Any 3 cards for a ferry locomotive: a symbol costs the cheaper of a locomotive's
    scarcity and 2 extra cards; with locomotives not playable on ferries, the set's."""
    rules = nordiccountries.rules
    ferry = next(r for r in nordiccountries.routes if r.kind == "ferry")
    scarcity = ferry_symbol_surcharge(rules)
    assert symbol_surcharge(rules, ferry, scarcity, True) == min(scarcity, 2.0)
    assert symbol_surcharge(rules, ferry, 5.0, True) == 2.0
    assert symbol_surcharge(rules, ferry, 5.0, False) == 5.0
    no_locos = replace(rules, locomotive_kinds=frozenset({"tunnel"}))
    assert symbol_surcharge(no_locos, ferry, 0.5, True) == 2.0
    weights = route_weights(nordiccountries, CostWeights())
    assert weights[ferry.index] == ferry.length + min(scarcity, 2.0) * ferry.locomotives


def test_r_var_10_mountain_trains_count_like_spaces() -> None:
    from tests.engine.helpers import route, tiny_board

    on = tiny_board([route("A", "B", 2, "red", mountains=2)],
                    rules={"mountains": {"allowed": True}})
    assert route_weights(on, CostWeights()) == (4.0,)
    assert weights_matter(on, CostWeights())
