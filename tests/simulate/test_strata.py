"""Like-for-like score differences pooled over strata (ttrtool.verdict.strata)."""

from __future__ import annotations

import math

from ttrtool.verdict.statistics import Moments
from ttrtool.verdict.strata import pool_scores


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


# Each ticket's own edge: the regression on every ticket a player kept
# (ttrtool.verdict.holdings)

def _rows() -> list[tuple[list[str], int]]:
    """One stratum.  Ticket P adds 50 points; R and Q add nothing.  R's keepers hold P in
    half their hands, Q's in one of six, so like for like R rides along with P."""
    noise = [3, -5, 8, -2, 0, 6, -7, 1, -4, 4, -1, 2]
    hands = ([["P", "R"]] * 6 + [["R"]] * 6 + [["P", "Q"]] * 2 + [["Q"]] * 10
             + [["P"]] * 2 + [[]] * 10)
    return [(hand, 100 + 50 * ("P" in hand) + noise[i % len(noise)])
            for i, hand in enumerate(hands)]


def test_a_ticket_kept_beside_a_strong_one_is_not_credited_with_it() -> None:
    from ttrtool.verdict.holdings import Holdings
    from ttrtool.verdict.strata import Group, compare

    held, total, keepers = Holdings(), Group(), {"R": Group(), "P": Group()}
    for hand, score in _rows():
        won = score % 3 == 0
        held.add(("bot", 0), hand, score, won)
        total.add(won, score)
        for t in hand:
            if t in keepers:
                keepers[t].add(won, score)
    like = compare({("bot", 0): total}, {("bot", 0): keepers["R"]})["score"]
    assert like["diff"] > 15  # like for like: R's keepers hold P more often than others
    own = held.fit()
    r, p = own["R"]["score"], own["P"]["score"]
    assert abs(r.diff) < 2 * r.se and abs(r.diff) < 5  # its own edge: nothing
    assert abs(p.diff - 50) < 2 * p.se
    assert set(own) == {"P", "Q", "R"} and own["P"]["wins"].weight > 0


def test_one_ticket_in_one_stratum_is_the_pooled_two_sample_difference() -> None:
    from ttrtool.verdict.holdings import Holdings

    keepers, others = [120, 110, 131, 99], [100, 95, 104, 90, 111, 101]
    held = Holdings()
    for s in keepers:
        held.add(("bot", 2), ["T"], s, False)
    for s in others:
        held.add(("bot", 2), [], s, False)
    fit = held.fit()["T"]["score"]
    a, b = moments(*keepers), moments(*others)
    assert math.isclose(fit.diff, a.mean - b.mean)
    assert math.isclose(fit.diff, pool_scores([(a, b)]).diff)  # the like-for-like one
    # each player a game alone: the jackknife of a difference of two means, each group's
    # own spread over n - 1 (leaving out a keeper moves the mean by its residual / (n - 1))
    games = len(keepers) + len(others)
    jack = (games - 1) / games * (a.variance / (a.n - 1) + b.variance / (b.n - 1))
    assert math.isclose(fit.se, math.sqrt(jack))


def test_tickets_always_kept_together_leave_one_estimate_and_order_does_not_matter() -> None:
    from ttrtool.verdict.holdings import Holdings

    rows = [(["A", "B"], 120), (["A", "B"], 111), (["A", "B"], 125), ([], 100), ([], 104),
            (["C"], 99), (["C"], 108), ([], 96), (["C"], 101)]
    forward, backward = Holdings(), Holdings()
    for hand, score in rows:
        forward.add(("x", 0), hand, score, score > 110)
    for hand, score in reversed(rows):
        backward.add(("x", 0), reversed(hand), score, score > 110)
    fit = forward.fit()
    assert fit == backward.fit()
    assert fit["A"]["score"].weight > 0 and fit["B"]["score"].weight == 0  # B is A's twin
    # A against the players who kept nothing (C has its own coefficient)
    assert math.isclose(fit["A"]["score"].diff, (120 + 111 + 125) / 3 - (100 + 104 + 96) / 3)


def test_too_few_players_for_the_tickets_give_no_estimate() -> None:
    from ttrtool.verdict.holdings import Holdings

    held = Holdings()
    for hand, score in ((["A"], 100), (["B"], 90), (["A", "B"], 95)):
        held.add(("x", 0), hand, score, False)
    assert all(p.weight == 0 for edges in held.fit().values() for p in edges.values())
