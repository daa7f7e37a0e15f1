"""Small streaming statistics: integer histograms, Wilson score intervals, a
chi-square test of equal chances, two-group comparisons, multiple-testing
adjustments (Holm, Benjamini–Hochberg) and the games a seat test needs.

Everything is exact integer bookkeeping until the report is written, so the
same games give the same numbers whatever order they were counted in.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default).

    Better than the normal approximation near 0 and 1 and for few games;
    ``(0.0, 1.0)`` when there are no trials.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: float, trials: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval, rounded for the report."""
    lo, hi = wilson(successes, trials)
    value = successes / trials if trials else 0.0
    return {"count": successes, "of": trials, "rate": round(value, 6),
            "ci95": [round(lo, 6), round(hi, 6)]}


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (exact series).

    Even ``df``: e^(-x/2) times the first df/2 terms of the series of e^(x/2);
    odd ``df``: the normal tail erfc(sqrt(x/2)) plus the terms in half powers.
    """
    if df < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)  # h^(1/2) / Gamma(3/2)
    for i in range((df - 1) // 2):
        total += math.exp(-h) * term
        term *= h / (i + 1.5)  # Gamma(i + 5/2) = (i + 3/2) Gamma(i + 3/2)
    return min(1.0, total)


def uniformity(counts: list[int]) -> dict[str, Any] | None:
    """Pearson's chi-square test that ``counts`` (wins per seat) come from equal chances.

    ``p_value`` near 0 means the differences are unlikely to be chance; None when
    there is nothing to test (one seat, or no wins at all).
    """
    total = sum(counts)
    if len(counts) < 2 or total == 0:
        return None
    expected = total / len(counts)
    chi2 = sum((c - expected) ** 2 for c in counts) / expected
    df = len(counts) - 1
    return {"chi2": round(chi2, 6), "df": df, "p_value": round(chi2_sf(chi2, df), 6)}


class Histogram:
    """Counts of integer values: memory bounded by the number of distinct values."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: Counter[int] = Counter()

    def add(self, value: int) -> None:
        self.counts[value] += 1

    def merge(self, other: Histogram) -> None:
        self.counts.update(other.counts)

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def quantile(self, q: float) -> int:
        """The smallest value with at least ``q`` of the mass at or below it."""
        n = self.n
        if n == 0:
            return 0
        need = max(1, math.ceil(q * n))
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= need:
                return value
        return max(self.counts)

    def summary(self, with_histogram: bool = False) -> dict[str, Any]:
        n = self.n
        if n == 0:
            return {"n": 0}
        total = sum(v * c for v, c in self.counts.items())
        mean = total / n
        var = sum(c * (v - mean) ** 2 for v, c in sorted(self.counts.items())) / n
        out: dict[str, Any] = {
            "n": n,
            "mean": round(mean, 4),
            "stdev": round(math.sqrt(var), 4),
            "min": min(self.counts),
            "p10": self.quantile(0.10),
            "p25": self.quantile(0.25),
            "median": self.quantile(0.50),
            "p75": self.quantile(0.75),
            "p90": self.quantile(0.90),
            "max": max(self.counts),
        }
        if with_histogram:
            out["histogram"] = {str(v): self.counts[v] for v in sorted(self.counts)}
        return out


# below this a p- or q-value is printed as "< 1e-12": the normal tails the tests read
# are not that exact so far out, and 8.7e-308 claims a precision no run of games has
SMALLEST_SHOWN = 1e-12


def equals(name: str, value: float) -> str:
    """``q = 0.0031``, or ``q < 1e-12`` for a value under :data:`SMALLEST_SHOWN`."""
    if value < SMALLEST_SHOWN:
        return f"{name} < {SMALLEST_SHOWN:.0e}"
    return f"{name} = {value:.2g}"


def normal_sf(z: float) -> float:
    """P(Z >= z) for a standard normal variable."""
    return 0.5 * math.erfc(z / math.sqrt(2))


Z80 = 0.8416212335729143  # one-sided 80% normal quantile (the power of a detection)


def two_proportions(a: int, n: int, b: int, m: int) -> dict[str, Any] | None:
    """Difference of two proportions a/n - b/m: 95% interval and two-sided p-value.

    The interval uses the unpooled standard error, the test the pooled one;
    None when either group is empty.
    """
    if n <= 0 or m <= 0:
        return None
    p, q = a / n, b / m
    diff = p - q
    se = math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
    pooled = (a + b) / (n + m)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    pv = 1.0 if se0 == 0 else min(1.0, 2 * normal_sf(abs(diff) / se0))
    return {"diff": round(diff, 6), "ci95": [round(diff - Z95 * se, 6), round(diff + Z95 * se, 6)],
            "p_value": round(pv, 8)}


@dataclass
class Moments:
    """Count, sum and sum of squares of integer values: a mean and variance, exactly."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def minus(self, other: Moments) -> Moments:
        return Moments(self.n - other.n, self.total - other.total, self.squares - other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """Sample variance (n - 1)."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))


def mean_difference(x: Moments, y: Moments) -> dict[str, Any] | None:
    """Welch's comparison of two means: difference, 95% interval and two-sided p-value.

    The normal approximation is used for the p-value: groups here are tens of
    games or more, where Student's t and the normal agree to the figures shown.
    """
    if x.n < 2 or y.n < 2:
        return None
    diff = x.mean - y.mean
    se = math.sqrt(x.variance / x.n + y.variance / y.n)
    pv = 1.0 if se == 0 else min(1.0, 2 * normal_sf(abs(diff) / se))
    return {"diff": round(diff, 4), "ci95": [round(diff - Z95 * se, 4), round(diff + Z95 * se, 4)],
            "p_value": round(pv, 8)}


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (controls the family-wise error rate)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = running
    return out


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values; control the false discovery rate)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i], reverse=True)
    out = [1.0] * m
    running = 1.0
    for k, i in enumerate(order):
        rank = m - k
        running = min(running, p_values[i] * m / rank)
        out[i] = min(1.0, running)
    return out


def games_to_detect(share: float, edge: float, alpha: float = 0.01) -> int | None:
    """Games needed to detect a seat winning ``share + edge`` instead of ``share``.

    One-sample test of a proportion, two-sided at ``alpha`` with 80% power:
    n = ((z_a sqrt(p0 q0) + z_b sqrt(p1 q1)) / edge)^2.  None for no edge.
    """
    p1 = share + edge
    if edge <= 0 or not 0 < p1 < 1:
        return None
    za = _z_two_sided(alpha)
    top = za * math.sqrt(share * (1 - share)) + Z80 * math.sqrt(p1 * (1 - p1))
    return math.ceil((top / edge) ** 2)


def detectable_edge(share: float, games: int, alpha: float = 0.01) -> float | None:
    """The smallest seat edge over ``share`` that ``games`` detect with 80% power."""
    if games <= 0:
        return None
    za = _z_two_sided(alpha)
    return (za + Z80) * math.sqrt(share * (1 - share) / games)


def _z_two_sided(alpha: float) -> float:
    """The normal quantile a two-sided test at ``alpha`` passes: 2.576 at 1%."""
    return NormalDist().inv_cdf(1 - alpha / 2)
