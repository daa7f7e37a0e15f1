"""Like-with-like comparisons: a group of players against the others of the same bot and
seat at the same player count (Mantel–Haenszel weighting over those strata).

Keepers of a ticket, or claimers of a route, are not a random draw of the
players: the stronger bots keep long tickets and claim contested routes, and
the first seat claims first.  Comparing each keeper with the non-keepers of
the same bot in the same seat at the same player count, and pooling those
comparisons with the Mantel–Haenszel weights ``n1 n0 / (n1 + n0)``, takes the
bot and the seat out of the difference.  A pooled difference is a
:class:`Pooled` sum of per-stratum terms, so pooling over player counts (or
over batches of games) is adding them up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ttrtool.verdict.statistics import Z95, Moments, normal_sf

Stratum = tuple[str, int]  # (bot, seat)


@dataclass
class Group:
    """Players of one stratum: how many, how many won, and their scores."""

    n: int = 0
    wins: int = 0
    scores: Moments | None = None

    def add(self, won: bool, score: int) -> None:
        self.n += 1
        self.wins += won
        if self.scores is None:
            self.scores = Moments()
        self.scores.add(score)


@dataclass(frozen=True)
class Pooled:
    """Mantel–Haenszel sums: ``sum w``, ``sum w d`` and ``sum w^2 var(d)`` over strata.

    The pooled difference is ``sum w d / sum w`` with variance
    ``sum w^2 var(d) / (sum w)^2`` (each stratum's difference has the pooled
    two-sample variance, :func:`pool_scores`).  Adding two :class:`Pooled` pools their strata."""

    weight: float = 0.0
    weighted: float = 0.0
    variance: float = 0.0

    def __add__(self, other: Pooled) -> Pooled:
        return Pooled(self.weight + other.weight, self.weighted + other.weighted,
                      self.variance + other.variance)

    @property
    def diff(self) -> float:
        return self.weighted / self.weight if self.weight else 0.0

    @property
    def se(self) -> float:
        return math.sqrt(self.variance) / self.weight if self.weight else math.inf

    @property
    def ci95(self) -> tuple[float, float]:
        return (self.diff - Z95 * self.se, self.diff + Z95 * self.se)

    @property
    def p_value(self) -> float:
        """Two-sided p-value of no difference (normal approximation)."""
        if not self.weight or self.se == 0:
            return 1.0
        return min(1.0, 2 * normal_sf(abs(self.diff) / self.se))

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci95
        return {"weight": round(self.weight, 6), "weighted": round(self.weighted, 6),
                "variance": round(self.variance, 9), "diff": round(self.diff, 6),
                "ci95": [round(lo, 6), round(hi, 6)], "p_value": float(f"{self.p_value:.4g}")}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | None) -> Pooled:
        if not d:
            return cls()
        return cls(d["weight"], d["weighted"], d["variance"])


def _binary_var(k: int, n: int) -> float:
    p = k / n
    # a stratum where everyone won (or lost) still carries some uncertainty: the
    # add-one estimate keeps its variance above zero
    if k in (0, n):
        p = (k + 0.5) / (n + 1)
    return p * (1 - p) / n


def pool_wins(pairs: Iterable[tuple[Group, Group]]) -> Pooled:
    """Win-rate difference, group minus others, pooled over strata (each a pair)."""
    w = wd = v = 0.0
    for one, rest in pairs:
        if one.n == 0 or rest.n == 0:
            continue
        weight = one.n * rest.n / (one.n + rest.n)
        d = one.wins / one.n - rest.wins / rest.n
        w += weight
        wd += weight * d
        v += weight * weight * (_binary_var(one.wins, one.n) + _binary_var(rest.wins, rest.n))
    return Pooled(w, wd, v)


def pool_scores(pairs: Iterable[tuple[Moments, Moments]]) -> Pooled:
    """Mean final score difference, group minus others, pooled over strata.

    Each stratum's difference takes the pooled two-sample variance: within one bot
    and seat the two groups differ in mean only, if at all, so they share one
    spread, estimated from both.  A group of one or two players then borrows the
    spread of the larger group instead of its own (two keepers 1 point apart once
    made a 39-point gap look certain), and a lone keeper counts too."""
    w = wd = v = 0.0
    for one, rest in pairs:
        n1, n2 = one.n, rest.n
        if n1 < 1 or n2 < 1 or n1 + n2 < 3:
            continue
        spread = ((n1 - 1) * one.variance + (n2 - 1) * rest.variance) / (n1 + n2 - 2)
        weight = n1 * n2 / (n1 + n2)
        w += weight
        wd += weight * (one.mean - rest.mean)
        v += weight * weight * spread * (1 / n1 + 1 / n2)
    return Pooled(w, wd, v)


def others(total: Group, one: Group) -> Group:
    """The players of a stratum not in ``one``."""
    scores = None
    if total.scores is not None:
        scores = total.scores.minus(one.scores or Moments())
    return Group(total.n - one.n, total.wins - one.wins, scores)


def compare(totals: Mapping[Stratum, Group], groups: Mapping[Stratum, Group]
            ) -> dict[str, Any]:
    """The group against the others of its strata: pooled wins and scores, as JSON."""
    pairs = [(g, others(totals[s], g)) for s, g in groups.items() if s in totals]
    wins = pool_wins(pairs)
    scores = pool_scores((g.scores or Moments(), o.scores or Moments()) for g, o in pairs)
    return {"wins": wins.to_dict(), "score": scores.to_dict()}
