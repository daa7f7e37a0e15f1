"""Small streaming statistics: integer histograms and Wilson score intervals.

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
