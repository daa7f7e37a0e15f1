"""Each ticket's own edge: a regression of a player's result on every ticket they kept.

A player keeps several tickets, and the tickets one player keeps are not
independent: tickets that share a region are kept together, and a ticket
that displaces another from a player's hand takes the place of that
ticket's points.  The like-for-like comparison of one ticket's keepers with
its non-keepers (:mod:`ttrtool.simulate.strata`) counts all of that in the
ticket's edge: on USA with Denver–El Paso worth 60 points, tickets through
Denver and Santa Fe came out 18 to 19 points over the deck's line at seed
1 (4 players, 100 games), only because their keepers held the 60-point
ticket a little more often than other keepers did.

Here the final score (and, separately, the win) of every player is
regressed on one indicator per ticket kept, with one intercept per stratum
(bot and seat at one player count, as in the like-for-like comparison): a
ticket's coefficient is what keeping it adds with the stratum and every
other ticket the player kept held fixed.  The bots' scores spread
differently (USA, 4 players: the expert's residuals about 1.3 times the
archetypes'), so the fit is weighted: an unweighted fit first, then each
bot's residual variance, then the fit again with weights one over that
variance (feasible generalised least squares), whose inverse normal matrix
is the coefficients' covariance.

Only sums are kept, per stratum: players, the sums of the results and of
their squares, and per ticket and pair of tickets the keepers and the sums
of their results (all integers, so any order of games gives the same
numbers), and memory grows with the tickets and the strata, not the games.
A ticket whose column is (nearly) a combination of the strata and the
tickets before it (more keepers first) gets no estimate.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ttrtool.simulate.strata import Pooled, Stratum

OUTCOMES = ("score", "wins")
PIVOT = 1e-9  # a column whose remaining pivot is below this share of its own is dependent


@dataclass
class _Sums:
    """One stratum's sums: players, per outcome the sums of y and y², per ticket the
    keepers and the sums of their outcomes, and per pair of tickets its co-keepers."""

    n: int = 0
    y: list[int] = field(default_factory=lambda: [0, 0])
    yy: list[int] = field(default_factory=lambda: [0, 0])
    x: Counter[str] = field(default_factory=Counter)
    xy: tuple[Counter[str], Counter[str]] = field(default_factory=lambda: (Counter(), Counter()))
    xx: Counter[tuple[str, str]] = field(default_factory=Counter)


@dataclass
class Holdings:
    """The sums behind the regression of one player count."""

    strata: dict[Stratum, _Sums] = field(default_factory=dict)

    def add(self, stratum: Stratum, tickets: Iterable[str], score: int, won: bool) -> None:
        s = self.strata.setdefault(stratum, _Sums())
        kept = sorted(set(tickets))
        s.n += 1
        for k, y in enumerate((score, int(won))):
            s.y[k] += y
            s.yy[k] += y * y
            for t in kept:
                s.xy[k][t] += y
        for i, t in enumerate(kept):
            s.x[t] += 1
            for u in kept[i + 1:]:
                s.xx[t, u] += 1

    def fit(self) -> dict[str, dict[str, Pooled]]:
        """Ticket id -> {"score": ..., "wins": ...}: each coefficient as a
        :class:`Pooled` with inverse-variance weight (``weight`` = 1/var,
        ``weighted`` = coefficient/var, ``variance`` = 1/var), so adding the
        fits of several player counts pools them by inverse variance.  Every
        ticket kept at least once has an entry; one without an estimate has
        weight 0."""
        kept: Counter[str] = Counter()
        for s in self.strata.values():
            kept.update(s.x)
        tickets = sorted(kept, key=lambda t: (-kept[t], t))
        out = {t: {o: Pooled() for o in OUTCOMES} for t in tickets}
        for k, outcome in enumerate(OUTCOMES):
            for t, p in _fit_outcome(self.strata, tickets, k).items():
                out[t][outcome] = p
        return out


@dataclass
class _Centred:
    """One stratum's sums centred on its own means (the stratum intercept taken out)."""

    bot: str
    n: int
    a: list[list[float]]  # X'X - x x'/n
    c: list[float]  # X'y - x y/n
    r: float  # y'y - y^2/n


def _centred(strata: dict[Stratum, _Sums], tickets: Sequence[str], k: int) -> list[_Centred]:
    out = []
    index = {t: i for i, t in enumerate(tickets)}
    m = len(tickets)
    for (bot, _seat), s in sorted(strata.items()):
        if s.n == 0:
            continue
        xs = [float(s.x[t]) for t in tickets]
        a = [[-xs[i] * xs[j] / s.n for j in range(m)] for i in range(m)]
        for t, count in s.x.items():
            a[index[t]][index[t]] += count
        for (t, u), count in s.xx.items():
            a[index[t]][index[u]] += count
            a[index[u]][index[t]] += count
        c = [s.xy[k][t] - xs[i] * s.y[k] / s.n for i, t in enumerate(tickets)]
        out.append(_Centred(bot, s.n, a, c, s.yy[k] - s.y[k] ** 2 / s.n))
    return out


def _weighted(parts: Sequence[_Centred], weight: dict[str, float], m: int
              ) -> tuple[list[list[float]], list[float]]:
    a = [[0.0] * m for _ in range(m)]
    c = [0.0] * m
    for p in parts:
        w = weight[p.bot]
        for i in range(m):
            c[i] += w * p.c[i]
            row, prow = a[i], p.a[i]
            for j in range(m):
                row[j] += w * prow[j]
    return a, c


def independent(a: Sequence[Sequence[float]]) -> list[int]:
    """The columns of the symmetric positive semi-definite ``a`` that are not (nearly) a
    combination of the columns before them (a Cholesky factorisation that skips them)."""
    m = len(a)
    rows: dict[int, list[float]] = {}  # column -> its row of the factor L (over kept columns)
    keep: list[int] = []
    for j in range(m):
        if a[j][j] <= 0:
            continue
        row: list[float] = []
        for q, k in enumerate(keep):
            v = a[j][k] - sum(row[p] * rows[k][p] for p in range(q))
            row.append(v / rows[k][q])
        pivot = a[j][j] - sum(v * v for v in row)
        if pivot <= PIVOT * a[j][j]:
            continue
        row.append(math.sqrt(pivot))
        rows[j] = row
        keep.append(j)
    return keep


def invert(a: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a non-singular matrix (Gauss–Jordan with partial pivoting)."""
    m = len(a)
    w = [list(map(float, row)) + [1.0 if i == j else 0.0 for j in range(m)]
         for i, row in enumerate(a)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(w[r][col]))
        w[col], w[pivot] = w[pivot], w[col]
        p = w[col][col]
        w[col] = [v / p for v in w[col]]
        for r in range(m):
            if r != col and w[r][col] != 0.0:
                f = w[r][col]
                w[r] = [v - f * pv for v, pv in zip(w[r], w[col], strict=True)]
    return [row[m:] for row in w]


def _solve(a: list[list[float]], c: list[float], cols: Sequence[int]
           ) -> tuple[list[float], list[list[float]]]:
    sub = invert([[a[i][j] for j in cols] for i in cols])
    beta = [sum(sub[i][j] * c[cols[j]] for j in range(len(cols))) for i in range(len(cols))]
    return beta, sub


def _residuals(parts: Sequence[_Centred], cols: Sequence[int], beta: Sequence[float]
               ) -> dict[str, tuple[float, int]]:
    """Per bot: the residual sum of squares of the fit and its players."""
    out: dict[str, tuple[float, int]] = {}
    for p in parts:
        bc = sum(b * p.c[i] for b, i in zip(beta, cols, strict=True))
        bab = sum(beta[x] * beta[y] * p.a[i][j] for x, i in enumerate(cols)
                  for y, j in enumerate(cols))
        rss, n = out.get(p.bot, (0.0, 0))
        out[p.bot] = (rss + max(0.0, p.r - 2 * bc + bab), n + p.n)
    return out


def _fit_outcome(strata: dict[Stratum, _Sums], tickets: Sequence[str], k: int
                 ) -> dict[str, Pooled]:
    parts = _centred(strata, tickets, k)
    m = len(tickets)
    players = sum(p.n for p in parts)
    if not m or not parts:
        return {}
    bots = sorted({p.bot for p in parts})
    a, c = _weighted(parts, dict.fromkeys(bots, 1.0), m)
    cols = independent(a)
    df = players - len(parts) - len(cols)
    if not cols or df < 1:
        return {}
    beta, _ = _solve(a, c, cols)
    rss = _residuals(parts, cols, beta)
    total = sum(v for v, _ in rss.values()) / df
    if total <= 0:
        return {}
    # each bot's residual variance, its degrees of freedom its share of the fit's;
    # a bot with too few players (or no spread) takes the overall variance
    variance = {}
    strata_of = Counter(p.bot for p in parts)
    for bot, (sq, n) in rss.items():
        dof = n - strata_of[bot] - len(cols) * n / players
        variance[bot] = sq / dof if dof >= 2 and sq > 0 else total
    a, c = _weighted(parts, {b: 1 / v for b, v in variance.items()}, m)
    beta, cov = _solve(a, c, cols)
    out = {}
    for x, i in enumerate(cols):
        var = cov[x][x]
        if var > 0:
            w = 1 / var
            out[tickets[i]] = Pooled(w, w * beta[x], w)
    return out
