"""Findings from play about single tickets and routes, compared like with like.

Each check reads the configurations of a report (one per player count) and
pools, over the player counts, the Mantel–Haenszel comparisons the report
keeps (:mod:`ttrtool.verdict.strata`: a ticket's keepers, or a route's
claimers, against players of the same bot in the same seat at the same player
count who did not).  One finding names one subject and lists the player
counts it was played at.  The checks yield :class:`Candidate` tests; the
caller adjusts each class's tests together (Benjamini–Hochberg over the ticket
tests of the run, and separately over the route tests,
:func:`ttrtool.verdict.findings.play_findings`) and builds the findings that
pass.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from ttrtool.codes import (
    ROUTE_CLAIMER_ADVANTAGE,
    ROUTE_RACED,
    TICKET_ADVANTAGE,
    TICKET_OVERPRICED,
    TICKET_UNDERPRICED,
)
from ttrtool.diagnostics import Severity
from ttrtool.findings import Effect, Finding, Test
from ttrtool.verdict.statistics import Z95, equals, normal_sf
from ttrtool.verdict.strata import Pooled

Config = Mapping[str, Any]
MH = "Mantel–Haenszel over bot × seat × player count"
OWN = ("regression of final score on the tickets kept, one intercept per bot × seat × "
       "player count, weighted by each bot's residual variance")


@dataclass(frozen=True)
class EdgeLimits:
    """Where a like-for-like edge from play turns into a finding (docs/simulate.md)."""

    # practically large: 8 points of win rate (0.08), the margin of a route's edge (TTR606)
    margin: float = 0.08
    # practically large for a ticket (TTR604): its keepers score 5 points more (or less)
    # than tickets of its cost give, about what a 9-point ticket doubled to 18 adds when
    # it is completed 4 times in 5 (9 x (0.8 - 0.2) = 5.4); the honest tickets of the
    # official maps sit up to 9.4 points off their deck's line (USA, 400 games per count,
    # seeds 1-5; like for like, and again with the other tickets kept held apart),
    # which is why a warning needs the spread or a static price besides (ticket_edges)
    score_margin: float = 5.0
    min_group: int = 20  # keepers (claimers) and others needed before a subject is tested
    # a route claimed in the first three rounds in at least this share of games (the lower
    # end of its 95% interval) is raced for: official maps reach 0.29 (USA, 4 players)
    raced: float = 0.65
    raced_info: float = 0.45
    # the spread between a group's subjects is judged from this many of them; in a smaller
    # group (Europe's six long tickets) an edge beyond it is info unless it confirms a
    # static price: six residuals do not tell the spread well (Edinburgh–Athina sits 25
    # points below the other five long tickets on the official map)
    spread_from: int = 10


EDGE_LIMITS = EdgeLimits()
FDR = 0.01  # each family's tests pass at q below this (Benjamini–Hochberg)


def selected_z(selected: int, tests: int, fdr: float = FDR) -> float:
    """The normal quantile of the interval a test selected by Benjamini–Hochberg at
    ``fdr`` is judged by: level ``1 - R fdr / m`` for R selected of m tests, the
    false-coverage-rate adjusted interval of Benjamini and Yekutieli (2005, JASA 100,
    "False discovery rate-adjusted multiple confidence intervals for selected
    parameters"), so the selected ones miss their edge no more often than the tests
    are false.  A 95% interval would be judged only after picking the most extreme of
    thirty tickets: on the clean USA map (4 players, seed 1, 50 runs of 200 games) two
    runs warned with it, the demo's first among them, and none with this one."""
    share = max(1, selected) * fdr / max(1, tests)
    return NormalDist().inv_cdf(1 - min(0.5, share) / 2)


@dataclass(frozen=True)
class Candidate:
    """One test of the run: its p-value, and the finding to make once it is adjusted."""

    p_value: float
    # (adjusted value, control, selected_z of its family) -> finding
    build: Callable[[float, str, float], Finding | None]


def _pct(x: float) -> str:
    return f"{100 * x:+.1f}"


def _fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Theil–Sen line y = a + b x: the median of pairwise slopes, then the median intercept.

    Robust: one planted subject far off the line cannot drag the line to itself."""
    slopes = [(ys[j] - ys[i]) / (xs[j] - xs[i])
              for i in range(len(xs)) for j in range(i + 1, len(xs)) if xs[j] != xs[i]]
    b = statistics.median(slopes) if slopes else 0.0
    return statistics.median(y - b * x for x, y in zip(xs, ys, strict=True)), b


def _spread(residuals: Sequence[float], ses: Sequence[float]) -> float:
    """The spread between subjects the map shows anyway (a robust random-effects sd)."""
    mid = statistics.median(residuals)
    mad = 1.4826 * statistics.median(abs(r - mid) for r in residuals)
    return math.sqrt(max(0.0, mad ** 2 - statistics.median(s * s for s in ses)))


@dataclass
class _Subject:
    id: str
    label: str
    cost: float  # train spaces of a ticket's cheapest path, or a route's length
    group: str  # ticket deck, or "routes"
    wins: Pooled  # the tested edges: a ticket's own (other tickets held apart), a route's
    score: Pooled  # like for like
    players: list[int]
    n: int  # keepers or claimers over the run
    like_wins: Pooled = field(default_factory=Pooled)  # like for like, for the evidence
    like_score: Pooled = field(default_factory=Pooled)


def _pool(configs: Sequence[Config], key: str, cost: str, group: str | None,
          count: str) -> list[_Subject]:
    """The subjects of ``key`` pooled over the configurations.  The tested edges are
    ``own`` where the configuration has them (a ticket's, from the regression on the
    tickets kept, :mod:`ttrtool.verdict.holdings`), else ``like_for_like``."""
    found: dict[str, _Subject] = {}
    for c in configs:
        for item in c[key]:
            like = item.get("like_for_like")
            if not like or item.get(cost) is None:
                continue
            tested = item.get("own") or like
            s = found.get(item["id"])
            if s is None:
                s = found[item["id"]] = _Subject(
                    item["id"], item["label"], float(item[cost]),
                    item[group] if group else key, Pooled(), Pooled(), [], 0)
            s.wins = s.wins + Pooled.from_dict(tested["wins"])
            s.score = s.score + Pooled.from_dict(tested["score"])
            s.like_wins = s.like_wins + Pooled.from_dict(like["wins"])
            s.like_score = s.like_score + Pooled.from_dict(like["score"])
            s.n += item[count]
            if item[count]:
                s.players.append(c["players"])
    return list(found.values())


def ticket_play_edges(configs: Sequence[Config]
                      ) -> dict[str, tuple[Pooled, Pooled, Pooled, Pooled]]:
    """Ticket id -> its keepers' edges pooled over the player counts: like for like in
    win rate and in final score, then its own in win rate and in final score (the other
    tickets its keepers kept held apart; like for like where a configuration lacks them),
    what TTR604 tests."""
    return {s.id: (s.like_wins, s.like_score, s.wins, s.score)
            for s in _pool(configs, "tickets", "spaces", "deck", "kept")}


@dataclass(frozen=True)
class TicketOffLine:
    """A ticket's keepers' own edge in final score against its deck's line, as TTR604
    reads it: the residual (points of score), its standard error, the edge the line
    expects at its cost, and how many keepers over the run (``ttrtool tune`` moves the
    ticket's points by the residual)."""

    id: str
    residual: float
    se: float
    expected: float
    kept: int
    spread: float  # the between-ticket sd of its deck (infinite for a deck too small to tell)


def tickets_against_line(configs: Sequence[Config], limits: EdgeLimits = EDGE_LIMITS
                         ) -> list[TicketOffLine]:
    """Every ticket with enough keepers in a deck of five or more, against its deck's
    line (the residual TTR604 tests)."""
    return [TicketOffLine(s.id, r, s.score.se, e, s.n, tau)
            for s, e, r, tau in _against_line(
                _pool(configs, "tickets", "spaces", "deck", "kept"), limits, "score")]


def _against_line(subjects: list[_Subject], limits: EdgeLimits, measure: str = "wins"
                  ) -> list[tuple[_Subject, float, float, float]]:
    """(subject, expected edge, residual, spread) for subjects with enough games, each
    against the line of its group (a ticket deck, or all routes) over its cost; the
    spread is infinite for a group too small to tell it.  ``measure``: the edge in
    ``wins`` (win rate) or ``score`` (final score)."""
    def edge(s: _Subject) -> Pooled:
        return s.score if measure == "score" else s.wins

    tested = [s for s in subjects if s.n >= limits.min_group and edge(s).weight > 0
              and edge(s).se < math.inf]
    groups: dict[str, list[_Subject]] = {}
    for s in tested:
        groups.setdefault(s.group, []).append(s)
    out = []
    for members in groups.values():
        if len(members) < 5:
            continue
        a, b = _fit([s.cost for s in members], [edge(s).diff for s in members])
        expected = [a + b * s.cost for s in members]
        residuals = [edge(s).diff - e for s, e in zip(members, expected, strict=True)]
        tau = _spread(residuals, [edge(s).se for s in members])
        if len(members) < limits.spread_from:
            tau = math.inf
        out += [(s, e, r, tau) for s, e, r in zip(members, expected, residuals, strict=True)]
    return out


def ticket_edges(configs: Sequence[Config], priced: Mapping[str, str],
                 limits: EdgeLimits = EDGE_LIMITS) -> Iterator[Candidate]:
    """TTR604: a ticket whose keepers score more (or less) than like players who do not,
    with the other tickets they kept held apart, beyond what tickets of its cost give on
    this map.

    The edge is the ticket's own: its coefficient in the regression of each player's
    final score on the tickets they kept, with one intercept per bot and seat at each
    player count (:mod:`ttrtool.verdict.holdings`), pooled over the counts by inverse
    variance.  Compared like for like alone, a ticket kept beside a mispriced one shares
    its points: with Denver–El Paso worth 60 on USA (4 players, 100 games, seed 1), three
    honest tickets through Denver and Santa Fe were warnings at q = 0.002 to 0.006; held
    apart they sit within the spread of the map's tickets.

    The edge is in final score, not in win rate: a ticket worth more than its
    cost adds points to every keeper who completes it, won or not, so the score
    sees it with fewer games (Chicago–Santa Fe at 18 instead of 9, USA, 400
    games per count: z of 5.4 to 9.1 over seeds 1-5 on score, 1.8 to 6.0 on
    wins; at seeds 3 and 4 its win edge was 4 and 7 points, under the margin).
    Keepers of long tickets score and win more on every map, so the edge is
    judged against a robust line of the keepers' edge over the cheapest path,
    per deck.  A warning when the residual is significant and at least
    ``score_margin``, and either beyond the spread the map's own tickets show
    (the near end of its interval with that spread added passes the margin)
    with the keepers ahead, or in the direction the ticket's static price says
    (``priced``: ticket id -> 'over' or 'under', TTR501/TTR502): play then
    confirms the price.  Significant but smaller, or unconfirmed: info.  The
    win-rate edge is in the message and the evidence.
    """
    for s, expected, r, tau in _against_line(
            _pool(configs, "tickets", "spaces", "deck", "kept"), limits, "score"):
        p = min(1.0, 2 * normal_sf(abs(r) / s.score.se))
        yield Candidate(p, _ticket_builder(s, expected, r, tau, priced.get(s.id, ""), limits,
                                           p))


def _ticket_builder(s: _Subject, expected: float, r: float, tau: float, price: str,
                    limits: EdgeLimits, p: float
                    ) -> Callable[[float, str, float], Finding | None]:
    def build(q: float, control: str, z: float) -> Finding | None:
        if q >= FDR:
            return None
        se = s.score.se
        margin = limits.score_margin
        # the near end of its selected interval (selected_z), the map's spread added
        beyond = abs(r) - z * math.sqrt(se * se + tau * tau) >= margin
        confirms = price == ("over" if r > 0 else "under")
        large = abs(r) >= margin
        # on its own, play warns of a ticket that wins games (keepers ahead); a ticket whose
        # keepers fall behind is a trap for them, not a way to win, and stays info unless it
        # confirms a static price (clean Switzerland, seed 2: Zürich–Vaduz keepers 22 points
        # of win rate behind, beyond the spread of its tickets)
        severity = (Severity.WARNING if large and ((beyond and r > 0) or confirms)
                    else Severity.INFO)
        lo, hi = s.score.ci95
        w_lo, w_hi = s.wins.ci95
        word = "more" if s.score.diff >= 0 else "less"
        like = ""
        if s.like_score.weight:
            like = (f"; like for like without holding the other tickets apart "
                    f"{s.like_score.diff:+.1f} points")
        why = ""
        if confirms:
            why = (f"; its static price says {price}priced "
                   f"({TICKET_OVERPRICED if price == 'over' else TICKET_UNDERPRICED}) and play "
                   "confirms it")
        elif price:
            why = f"; its static price says {price}priced, play does not confirm it"
        message = (
            f"players who keep ticket {s.label} ({s.id}) score {abs(s.score.diff):.1f} "
            f"points {word} than players of the same bot in the same seat who do not, "
            f"the other tickets they kept held apart (95% CI {lo:+.1f} to {hi:+.1f}; win "
            f"rate {_pct(s.wins.diff)} points, {_pct(w_lo)} to {_pct(w_hi)}{like}), "
            f"{r:+.1f} points off what tickets of {s.cost:.0f} train spaces give on this map "
            f"({equals('q', q)}){why}")
        return Finding(
            TICKET_ADVANTAGE, severity, message, {"tickets": (s.id,)},
            {"kept": s.n, "spaces": s.cost, "like_for_like_wins": s.like_wins.to_dict(),
             "like_for_like_score": s.like_score.to_dict(), "own_wins": s.wins.to_dict(),
             "own_score": s.score.to_dict(), "expected": round(expected, 6),
             "residual": round(r, 6),
             "between_ticket_sd": None if math.isinf(tau) else round(tau, 6),
             "static_price": price or None, "beyond_spread": beyond,
             "selected_interval_z": round(z, 4)},
            tuple(sorted(set(s.players))),
            Effect("keepers' final score minus like non-keepers', the other tickets they kept "
                   "held apart, less the map's line over the ticket's cost", r,
                   (r - Z95 * se, r + Z95 * se), "points of score"),
            Test(f"{OWN}; residual against a Theil–Sen line per deck", p, q, control))
    return build


def route_edges(configs: Sequence[Config], limits: EdgeLimits = EDGE_LIMITS
                ) -> Iterator[Candidate]:
    """TTR606: a route whose claimers win more (or less) than like players who do not,
    beyond the line of the map's routes over their length.

    Info only, when at least ``margin`` off: the official maps have routes whose
    claimers win 15–35 points more than the line (Europe's Moskva–Petrograd,
    Switzerland's Kreuzlingen–Deutschland at 400 games), because the route
    serves the winning tickets rather than wins by itself.  A route that wins
    games because it is too cheap is raced for (TTR607, a warning).
    """
    for s, expected, r, tau in _against_line(
            _pool(configs, "routes", "length", None, "claimed"), limits):
        p = min(1.0, 2 * normal_sf(abs(r) / s.wins.se))
        yield Candidate(p, _route_builder(s, expected, r, tau, limits, p))


def _route_builder(s: _Subject, expected: float, r: float, tau: float,
                   limits: EdgeLimits, p: float
                   ) -> Callable[[float, str, float], Finding | None]:
    def build(q: float, control: str, z: float) -> Finding | None:
        lo, hi = s.wins.ci95
        # off the line, but its claimers do not win more (or less) than like players who
        # do not claim it (the interval reaches 0): nothing to tell a designer about it
        ahead = lo > 0 if r > 0 else hi < 0
        if q >= FDR or abs(r) < limits.margin or not ahead:
            return None
        se = s.wins.se
        return Finding(
            ROUTE_CLAIMER_ADVANTAGE, Severity.INFO,
            f"players who claim route {s.label} win {abs(100 * s.wins.diff):.1f} points of "
            f"win rate {'more' if s.wins.diff > 0 else 'less'} than players of the same bot "
            f"in the same seat who do not (95% CI {_pct(lo)} to {_pct(hi)}), {_pct(r)} "
            f"points of win rate off the map's routes of length {s.cost:.0f} "
            f"({equals('q', q)})",
            {"routes": (s.id,)},
            {"claimed": s.n, "like_for_like_wins": s.wins.to_dict(),
             "like_for_like_score": s.score.to_dict(), "expected": round(expected, 6),
             "residual": round(r, 6),
             "between_route_sd": None if math.isinf(tau) else round(tau, 6)},
            tuple(sorted(set(s.players))),
            Effect("claimers' win rate minus like non-claimers', less the map's line over "
                   "route length", r, (r - Z95 * se, r + Z95 * se), "points of win rate"),
            Test(f"{MH}; residual against a Theil–Sen line over length", p, q, control))
    return build


def raced_routes(configs: Sequence[Config], limits: EdgeLimits = EDGE_LIMITS
                 ) -> Iterator[Finding]:
    """TTR607: a route claimed in the first three rounds in most games: raced for.

    Warning when the lower end of the 95% interval of its early-claim rate
    reaches ``raced`` at some player count, info from ``raced_info``; one
    finding per route listing the counts."""
    found: dict[str, list[tuple[Config, Config]]] = {}
    for c in configs:
        for r in c["routes"]:
            early = r.get("early_claim")
            if early and early["ci95"][0] >= limits.raced_info:
                found.setdefault(r["id"], []).append((c, r))
    for rid, rows in found.items():
        c, r = max(rows, key=lambda cr: cr[1]["early_claim"]["rate"])
        early = r["early_claim"]
        lo, hi = early["ci95"]
        severity = (Severity.WARNING if any(x["early_claim"]["ci95"][0] >= limits.raced
                                            for _, x in rows) else Severity.INFO)
        counts = tuple(sorted(x["players"] for x, _ in rows))
        yield Finding(
            ROUTE_RACED, severity,
            f"route {r['label']} is raced for: claimed in the first three rounds in "
            f"{100 * early['rate']:.0f}% of games at {c['players']} players (95% CI "
            f"{100 * lo:.0f}–{100 * hi:.0f}%; claimed in {100 * r['claim_rate']:.0f}% of "
            f"games, on average at turn {r['mean_claim_turn']:.0f}); the game's first claim "
            f"in {100 * r['first_claim']['rate']:.0f}%",
            {"routes": (rid,)},
            {"early_claim": {str(x["players"]): y["early_claim"] for x, y in rows},
             "first_claim": {str(x["players"]): y["first_claim"] for x, y in rows},
             "claim_rate": {str(x["players"]): y["claim_rate"] for x, y in rows}},
            counts,
            Effect("share of games where it is claimed in the first three rounds",
                   early["rate"], (lo, hi), "share of games"))
