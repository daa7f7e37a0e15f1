"""Like-for-like score differences pooled over strata (ttrtool.simulate.strata)."""

from __future__ import annotations

import math

from ttrtool.simulate.statistics import Moments
from ttrtool.simulate.strata import pool_scores


def moments(*values: int) -> Moments:
    m = Moments()
    for v in values:
        m.add(v)
    return m


def test_two_keepers_close_together_borrow_the_spread_of_the_others() -> None:
    # Europe, 30 games, seed 5: two keepers 1 point apart, 39 points above fourteen
    # others who spread over 30 points.  Their own spread would make the gap certain.
    others = moments(70, 85, 90, 95, 98, 100, 100, 102, 104, 105, 110, 115, 120, 100)
    pooled = pool_scores([(moments(137, 138), others)])
    assert pooled.diff == 137.5 - others.mean
    # the pooled spread: the others' own, with the keepers' one degree of freedom
    spread = (13 * others.variance + 1 * 0.5) / 14
    assert math.isclose(pooled.se, math.sqrt(spread * (1 / 2 + 1 / 14)))
    own = math.sqrt(0.5 / 2 + others.variance / 14)  # each group's own spread (before)
    assert pooled.se > own


def test_a_lone_keeper_counts_and_too_few_players_do_not() -> None:
    lone = pool_scores([(moments(120), moments(100, 110, 90))])
    assert lone.weight == 1 * 3 / 4 and lone.diff == 20.0 and lone.se < math.inf
    assert pool_scores([(moments(120), moments(100))]).weight == 0.0  # no spread to tell
    assert pool_scores([(Moments(), moments(100, 110))]).weight == 0.0


def test_strata_pool_by_their_weights() -> None:
    a = (moments(110, 120), moments(100, 100, 110, 90))  # +15, weight 2*4/6
    b = (moments(95, 105, 100), moments(100, 110, 90))  # -0, weight 1.5
    pooled = pool_scores([a, b])
    assert math.isclose(pooled.diff, (4 / 3 * 15 + 1.5 * 0) / (4 / 3 + 1.5))
