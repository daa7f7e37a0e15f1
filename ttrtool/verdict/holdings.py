"""Each ticket's own edge: a regression of a player's result on every ticket they kept.

A player keeps several tickets, and the tickets one player keeps are not
independent: tickets that share a region are kept together, and a ticket
that displaces another from a player's hand takes the place of that
ticket's points.  The like-for-like comparison of one ticket's keepers with
its non-keepers (:mod:`ttrtool.verdict.strata`) counts all of that in the
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
gives the coefficients.

Their variance is not the fit's inverse normal matrix, which takes every
player's result as independent of the others' and as spread alike whoever
keeps what.  Neither holds: the players of one game share its length and
take routes and wins from each other, and keepers of a long ticket spread
wider (completed or not, 20 points either way).  On the clean USA map (4
players, seed 1, 10,000 games cut into 50 runs of 200) the fit's own
standard errors left the 200-game edges of the 20- to 22-point tickets 1.28
standard errors (sd) from the 10,000-game ones, not 1, and 11% of them
outside their 95% intervals.  So the variance is the cluster-robust
sandwich with the game as the cluster, in its jackknife form CR3 (Bell and
McCaffrey 2002; MacKinnon, Nielsen and Webb, "Cluster-robust inference: a
guide to empirical practice", J. Econometrics 2023, their CV3):
``(G-1)/G sum_g (b_(-g) - b)(b_(-g) - b)'`` over the G games, ``b_(-g)``
the coefficients without game g (with the weights held), got in closed form
from each game's residuals and leverages.
On the same runs: those tickets 1.09 (7.5% outside), every ticket 1.02
(5.3%), against 1.05 (5.8%) with the fit's own (docs/simulate.md).

The coefficients come from sums kept per stratum: players, the sums of the
results and of their squares, and per ticket and pair of tickets the keepers
and the sums of their results (all integers, so any order of games gives the
same numbers).  The variance needs each game's players: one small row per
player (stratum, the tickets kept, score, won; hands that repeat are shared),
visited in a fixed order whatever order the games came in.  A ticket whose
column is (nearly) a combination of the strata and the tickets before it
(more keepers first), or kept in fewer than two games, gets no estimate.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ttrtool.verdict.strata import Pooled, Stratum

OUTCOMES = ("score", "wins")
PIVOT = 1e-9  # a column whose remaining pivot is below this share of its own is dependent
# a game that alone pins a coefficient (leverage 1) would need an infinite jackknife term;
# its 1 - leverage is held at this floor instead, which makes that coefficient's variance large
LEVERAGE_FLOOR = 1e-6

Player = tuple[Stratum, tuple[str, ...], int, bool]  # stratum, tickets kept, score, won


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
    games: list[tuple[Player, ...]] = field(default_factory=list)  # for the variance
    _shared: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def add(self, stratum: Stratum, tickets: Iterable[str], score: int, won: bool) -> None:
        """One player who is a game alone (no other player shares their game)."""
        self.add_game([(stratum, tickets, score, won)])

    def add_game(self, players: Iterable[tuple[Stratum, Iterable[str], int, bool]]) -> None:
        """The players of one game: (stratum, tickets kept, final score, won) each."""
        rows = []
        for stratum, tickets, score, won in players:
            kept = tuple(sorted(set(tickets)))
            stratum, kept = self._share(stratum), self._share(kept)
            self._count(stratum, kept, score, won)
            rows.append((stratum, kept, score, won))
        self.games.append(tuple(sorted(rows)))

    def _share(self, key: Any) -> Any:
        return self._shared.setdefault(key, key)

    def _count(self, stratum: Stratum, kept: tuple[str, ...], score: int, won: bool) -> None:
        s = self.strata.setdefault(stratum, _Sums())
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
        games = sorted(self.games)  # the same order whatever order they were added in
        for k, outcome in enumerate(OUTCOMES):
            for t, p in _fit_outcome(self.strata, games, tickets, k).items():
                out[t][outcome] = p
        return out


@dataclass
class _Centred:
    """One stratum's sums centred on its own means (the stratum intercept taken out)."""

    stratum: Stratum
    bot: str
    n: int
    mean_x: list[float]  # per ticket, the share of the stratum's players who kept it
    mean_y: float
    a: list[list[float]]  # X'X - x x'/n
    c: list[float]  # X'y - x y/n
    r: float  # y'y - y^2/n


def _centred(strata: dict[Stratum, _Sums], tickets: Sequence[str], k: int) -> list[_Centred]:
    out = []
    index = {t: i for i, t in enumerate(tickets)}
    m = len(tickets)
    for stratum, s in sorted(strata.items()):
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
        out.append(_Centred(stratum, stratum[0], s.n, [v / s.n for v in xs], s.y[k] / s.n,
                            a, c, s.yy[k] - s.y[k] ** 2 / s.n))
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


def _fit_outcome(strata: dict[Stratum, _Sums], games: Sequence[tuple[Player, ...]],
                 tickets: Sequence[str], k: int) -> dict[str, Pooled]:
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
    weight = {b: 1 / v for b, v in variance.items()}
    a, c = _weighted(parts, weight, m)
    beta, bread = _solve(a, c, cols)
    var = _jackknife(parts, games, tickets, cols, k, beta, bread, weight)
    out = {}
    for x, i in enumerate(cols):
        if var[x] > 0:
            w = 1 / var[x]
            out[tickets[i]] = Pooled(w, w * beta[x], w)
    return out


def _jackknife(parts: Sequence[_Centred], games: Sequence[tuple[Player, ...]],
               tickets: Sequence[str], cols: Sequence[int], k: int, beta: Sequence[float],
               bread: Sequence[Sequence[float]], weight: Mapping[str, float]) -> list[float]:
    """Each coefficient's CR3 variance, games as clusters (the module's docstring):
    ``(G-1)/G B M B`` with ``B`` the weighted fit's inverse normal matrix and ``M`` the
    sum over games of ``s s'``, ``s = sum_i sqrt(w_i) (x_i - mean x) u_i`` and ``u`` the
    game's weighted residuals times ``(I - H)^-1``, ``H`` its players' leverages.

    A coefficient kept in fewer than two games gets variance 0 (no estimate)."""
    m = len(cols)
    col = {tickets[i]: x for x, i in enumerate(cols)}
    part = {p.stratum: p for p in parts}
    means = {s: [p.mean_x[i] for i in cols] for s, p in part.items()}
    fitted = {s: sum(b * v for b, v in zip(beta, xs, strict=True)) for s, xs in means.items()}
    # A x̄_s, and x̄_s' A x̄_t, for the leverages
    ax = {s: [sum(r[j] * v[j] for j in range(m)) for r in bread] for s, v in means.items()}
    xax: dict[tuple[Stratum, Stratum], float] = {}
    meat = [[0.0] * m for _ in range(m)]  # sum over games of a a' (a: the kept-ticket part)
    cross: dict[Stratum, list[float]] = {s: [0.0] * m for s in part}  # sum of c_s a
    cc: dict[tuple[Stratum, Stratum], float] = {}  # sum of c_s c_t
    games_kept = [0] * m
    used = 0
    for game in games:
        rows = [(part[s], [col[t] for t in kept if t in col], [score, int(won)][k])
                for s, kept, score, won in game if s in part]
        if not rows:
            continue
        used += 1
        root = [math.sqrt(weight[p.bot]) for p, _, _ in rows]
        resid = [r * (y - p.mean_y - sum(beta[j] for j in js) + fitted[p.stratum])
                 for r, (p, js, y) in zip(root, rows, strict=True)]
        n = len(rows)
        lev = [[0.0] * n for _ in range(n)]  # I - H
        for i, (p, js, _) in enumerate(rows):
            for q, (o, ks, _) in enumerate(rows):
                key = (p.stratum, o.stratum)
                if key not in xax:
                    xax[key] = sum(a * b for a, b in zip(means[p.stratum], ax[o.stratum],
                                                         strict=True))
                h = (sum(bread[j][x] for j in js for x in ks) - sum(ax[o.stratum][j] for j in js)
                     - sum(ax[p.stratum][x] for x in ks) + xax[key])
                h = root[i] * root[q] * h + (1 / p.n if p is o else 0.0)  # + the intercept's
                lev[i][q] = (1.0 if i == q else 0.0) - h
        u = _solve_small(lev, resid)
        a = [0.0] * m
        c: dict[Stratum, float] = {}
        for (p, js, _), r, v in zip(rows, root, u, strict=True):
            for j in js:
                a[j] += r * v
            c[p.stratum] = c.get(p.stratum, 0.0) + r * v
        nonzero = [j for j in range(m) if a[j]]
        for j in nonzero:
            row = meat[j]
            for x in nonzero:
                row[x] += a[j] * a[x]
        for s, v in c.items():
            out = cross[s]
            for j in nonzero:
                out[j] += v * a[j]
            for t, w in c.items():
                cc[s, t] = cc.get((s, t), 0.0) + v * w
        for j in {j for _, js, _ in rows for j in js}:
            games_kept[j] += 1
    # the stratum means' part: M = sum a a' - sum_s (V_s x̄_s' + x̄_s V_s') + sum C_st x̄_s x̄_t'
    for s, vs in cross.items():
        xs = means[s]
        for j in range(m):
            for x in range(m):
                meat[j][x] -= vs[j] * xs[x] + xs[j] * vs[x]
    for (s, t), w in cc.items():
        xs, xt = means[s], means[t]
        for j in range(m):
            for x in range(m):
                meat[j][x] += w * xs[j] * xt[x]
    if used < 2:
        return [0.0] * m
    scale = (used - 1) / used
    bm = [[sum(r[x] * meat[x][y] for x in range(m)) for y in range(m)] for r in bread]
    return [scale * sum(bm[j][x] * bread[x][j] for x in range(m)) if games_kept[j] >= 2 else 0.0
            for j in range(m)]


def _solve_small(a: list[list[float]], b: list[float]) -> list[float]:
    """``a^-1 b`` for a game's few players (Gaussian elimination; a pivot under
    LEVERAGE_FLOOR is held at it)."""
    n = len(b)
    w = [row[:] + [v] for row, v in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(w[r][col]))
        w[col], w[pivot] = w[pivot], w[col]
        p = w[col][col]
        if abs(p) < LEVERAGE_FLOOR:
            p = LEVERAGE_FLOOR if p >= 0 else -LEVERAGE_FLOOR
        for r in range(col + 1, n):
            f = w[r][col] / p
            if f:
                w[r] = [x - f * y for x, y in zip(w[r], w[col], strict=True)]
        w[col][col] = p
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (w[r][n] - sum(w[r][x] * out[x] for x in range(r + 1, n))) / w[r][r]
    return out
