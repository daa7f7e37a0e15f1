"""Small streaming statistics: integer histograms, Wilson score intervals and a
chi-square test of equal chances.

Everything is exact integer bookkeeping until the report is written, so the
same games give the same numbers whatever order they were counted in.
"""

from __future__ import annotations

import math
from collections import Counter
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
