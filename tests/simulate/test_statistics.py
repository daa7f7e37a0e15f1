"""Wilson intervals, streaming histograms and the chi-square test of equal chances."""

from __future__ import annotations

import pytest

from ttrtool.verdict.statistics import Histogram, chi2_sf, rate, uniformity, wilson


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


@pytest.mark.parametrize(("x", "df", "p"), [
    # Published 5% and 1% critical values of the chi-square distribution.
    (3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (9.487729, 4, 0.05),
    (11.070498, 5, 0.05), (14.067140, 7, 0.05), (6.634897, 1, 0.01), (11.344867, 3, 0.01),
    (13.276704, 4, 0.01),
])
def test_chi2_tail_matches_published_critical_values(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, abs=1e-6)


def test_uniformity_tells_chance_from_a_seat_effect() -> None:
    even = uniformity([50, 52, 48, 50])
    assert even is not None and even["df"] == 3 and even["p_value"] > 0.9
    skewed = uniformity([80, 40, 40, 40])  # seat 1 wins twice as often
    assert skewed is not None and skewed["chi2"] == pytest.approx(24.0)
    assert skewed["p_value"] < 0.001
    assert uniformity([0, 0, 0]) is None and uniformity([5]) is None
