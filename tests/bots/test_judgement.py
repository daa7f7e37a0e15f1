"""The expert's estimates of time, odds and a ticket draw's worth (ttrtool.bots.judgement)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from ttrtool.bots.judgement import (
    expected_best_draw,
    finish_odds,
    schedule,
    ticket_odds,
    turns_left,
)


def brute_force(values: list[float], draw: int, keep_min: int) -> float:
    total = 0.0
    hands = list(combinations(values, draw))
    for hand in hands:
        best = sorted(hand, reverse=True)
        kept = [v for v in best if v > 0]
        total += sum(kept if len(kept) >= keep_min else best[:keep_min])
    return total / len(hands)


@pytest.mark.parametrize("keep_min", [0, 1, 2])
def test_expected_best_draw_is_exact(keep_min: int) -> None:
    rng = random.Random(3)
    for n in (1, 3, 5, 9):
        values = [round(rng.uniform(-20, 15), 1) for _ in range(n)]
        draw = min(3, n)
        assert expected_best_draw(values, 3, keep_min) == pytest.approx(
            brute_force(values, draw, min(keep_min, draw)))
    assert expected_best_draw([], 3, 1) == 0.0


def test_r_end_1_turns_left_follows_the_player_nearest_the_end() -> None:
    # R-END-1: the game ends a round after a player is down to the trigger.
    early = turns_left((45, 45, 45), (4, 4, 4), 0, 2, False)
    later = turns_left((45, 20, 45), (4, 4, 4), 0, 2, False)
    loaded = turns_left((45, 20, 45), (4, 20, 4), 0, 2, False)
    assert early > later > loaded > 1.0
    assert turns_left((45, 3, 45), (4, 4, 4), 0, 2, True) == 1.0  # the final round
    assert turns_left((10, 45), (4, 4), 0, 2, False) == early  # its own trains are not the limit
    assert 30 <= early <= 40  # players take 35-40 turns from a full supply


def test_odds_fall_as_the_work_outgrows_the_turns() -> None:
    assert finish_odds(5, 20) > 0.95
    assert finish_odds(20, 5) < 0.05
    assert finish_odds(10, 10) < 0.5 < finish_odds(10, 12)


def test_schedule_counts_shared_routes_once_cheapest_ticket_first() -> None:
    lengths = [3, 2, 4, 1]
    jobs = [(7, frozenset({0, 2})), (8, frozenset({0})), (9, frozenset({3}))]
    order = schedule(jobs, lengths, hand_cards=0)
    assert [t for t, _turns, _trains in order] == [9, 8, 7]
    assert [trains for _t, _turns, trains in order] == [1, 4, 8]
    odds = ticket_odds(jobs, lengths, 0, turns=30.0, trains=5)
    assert odds[9] > 0.9 and odds[8] > 0.9
    assert odds[7] == 0.0  # its routes, after the others', need more trains than it has
