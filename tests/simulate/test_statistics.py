"""Wilson intervals and streaming histograms."""

from __future__ import annotations

import pytest

from ttrtool.simulate.statistics import Histogram, rate, wilson


def test_wilson_matches_a_published_value() -> None:
    # 81 successes of 263 trials: Wilson 95% interval 0.2553–0.3662 (Newcombe 1998, example).
    lo, hi = wilson(81, 263)
    assert lo == pytest.approx(0.2553, abs=5e-4)
    assert hi == pytest.approx(0.3662, abs=5e-4)


def test_wilson_stays_inside_zero_one_at_the_edges() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and 0.65 < lo < 0.8
    assert wilson(0, 0) == (0.0, 1.0)


def test_rate_reports_count_share_and_interval() -> None:
    r = rate(5, 20)
    assert r["count"] == 5 and r["of"] == 20 and r["rate"] == 0.25
    assert r["ci95"][0] < 0.25 < r["ci95"][1]


def test_histogram_summary_is_exact() -> None:
    h = Histogram()
    for v in [1, 2, 2, 3, 10]:
        h.add(v)
    s = h.summary(with_histogram=True)
    assert s["n"] == 5 and s["mean"] == 3.6 and s["min"] == 1 and s["max"] == 10
    assert s["median"] == 2 and s["p90"] == 10
    assert s["histogram"] == {"1": 1, "2": 2, "3": 1, "10": 1}


def test_histogram_memory_is_bounded_by_distinct_values() -> None:
    h = Histogram()
    for i in range(100_000):
        h.add(i % 7)
    assert len(h.counts) == 7 and h.n == 100_000


def test_histogram_merge_equals_adding_everything() -> None:
    a, b, both = Histogram(), Histogram(), Histogram()
    for v in range(10):
        (a if v % 2 else b).add(v)
        both.add(v)
    a.merge(b)
    assert a.summary() == both.summary()
