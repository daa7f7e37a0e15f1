"""Findings from play about what a board asks of its players, within one run.

* TTR608: a ticket its keepers complete far more or less often than tickets of its
  points on the same map (a line fitted to completion against points over the deck).
* TTR609: a colour whose tracks are claimed markedly less (or more) often than the
  map's tracks of the same lengths (a colour under pressure, or one fought over).

(TTR610, games far longer or shorter than the official maps', is in
:mod:`ttrtool.verdict.tempo`.)

Each yields :class:`~ttrtool.findings.Finding` records with effect, 95% interval and
test; the ticket and colour tests are adjusted by Benjamini–Hochberg over the run.
A finding is info unless the effect is large (the near end of its interval beyond
the limit) and significant.  The limits and the official range are in
docs/simulate.md ("Pressure and tempo").
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ttrtool.codes import COLOUR_UNDER_PRESSURE, TICKET_COMPLETION_OFF_COST
from ttrtool.diagnostics import Severity
from ttrtool.findings import Effect, Finding, Test
from ttrtool.verdict.statistics import (
    Z95,
    benjamini_hochberg,
    equals,
    normal_sf,
    rate,
    wilson,
)

Config = Mapping[str, Any]


@dataclass(frozen=True)
class PressureLimits:
    """Where pressure and tempo figures turn into warnings (see docs/simulate.md)."""

    alpha: float = 0.01  # BH q-value (or p-value for tempo) that counts as detected
    keepers: int = 20  # keepers a ticket needs before it is tested
    # completion this far off the deck's line, at the near end of the ticket's 95%
    # interval, is a warning (official maps, 200 games per count: at most 0.21)
    completion_margin: float = 0.25
    # a colour's claimed share this far off the map's tracks of its lengths, at the
    # near end of its 95% interval over games, is a warning (official maps, 400 games
    # per count, seeds 1-5: at most 0.13, USA's yellow at 3 players)
    colour_margin: float = 0.20
    # and this far for an info: the official maps' colours differ for real and for good
    # (USA's green fought over, its white and yellow under pressure, at every count and
    # seed), by up to 15 points; 400 games make any such difference significant, so a
    # colour is only told when the near end of its interval is 10 points off
    colour_info: float = 0.10
    # games at a player count a colour needs before it is tested: the test's interval over
    # games is a normal one, which a handful of games does not give (two games of one
    # expert variant called Switzerland's yellow under pressure from a near-zero spread);
    # the planted scarce colour is found from 25 games (docs/simulate.md, power table)
    colour_games: int = 20
    # tempo this far outside the official range, relative, at the near end of its
    # interval: 60 trains a player on USA (48-50 turns a player at 2-4 players, the
    # default table) is 14-16% beyond the longest official map (India), a warning; the
    # range holds every official map by construction (official_tempo)
    tempo_margin: float = 0.10
    # games at a player count the tempo needs before it is tested: one game has no
    # spread, and its zero standard error made any mean outside the range "significant"
    tempo_games: int = 5


PRESSURE_LIMITS = PressureLimits()

def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


@dataclass
class ClaimsByGame:
    """Claims counted game by game, by colour and by route length: what the game-level
    variance of a colour's claims needs (TTR609).

    The claims of one game are not independent (a player who claims one red track holds
    red cards for the next; a short game claims fewer tracks of every colour), so a
    colour's claims are tested as one difference per game: its claims minus what the
    map's tracks of the same lengths got in that game,
    ``D = x_colour - sum over lengths L of w_L y_L`` with ``w_L`` the colour's share of
    the tracks of length ``L``.  Its variance over games comes from the sums kept here
    (``x`` by colour, ``y`` by length, their squares and cross products), streamed like
    every other figure of the report."""

    games: int = 0
    x: Counter[str] = field(default_factory=Counter)
    xx: Counter[str] = field(default_factory=Counter)
    xy: Counter[tuple[str, int]] = field(default_factory=Counter)
    y: Counter[int] = field(default_factory=Counter)
    yy: Counter[tuple[int, int]] = field(default_factory=Counter)

    def add(self, claimed: Iterable[tuple[str, int]]) -> None:
        """One game's claims, as (colour, length) of every track claimed."""
        x: Counter[str] = Counter()
        y: Counter[int] = Counter()
        for colour, length in claimed:
            x[colour] += 1
            y[length] += 1
        self.games += 1
        for c, k in x.items():
            self.x[c] += k
            self.xx[c] += k * k
            for length, m in y.items():
                self.xy[c, length] += k * m
        for length, m in y.items():
            self.y[length] += m
            for other, m2 in y.items():
                self.yy[length, other] += m * m2

    def claims_sd(self, colour: str) -> float:
        """Standard deviation over games of the colour's tracks claimed in a game."""
        return self.difference_sd(colour, {})

    def difference_sd(self, colour: str, weights: Mapping[int, float]) -> float:
        """Standard deviation over games of ``D`` (above) for ``colour``."""
        g = self.games
        if g < 2:
            return 0.0

        def cov(sxy: float, sx: float, sy: float) -> float:
            return (sxy - sx * sy / g) / (g - 1)

        var = cov(self.xx[colour], self.x[colour], self.x[colour])
        for a, wa in weights.items():
            var -= 2 * wa * cov(self.xy[colour, a], self.x[colour], self.y[a])
            for b, wb in weights.items():
                var += wa * wb * cov(self.yy[a, b], self.y[a], self.y[b])
        return math.sqrt(max(0.0, var))


def _line(points: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """Weighted least squares ``y = a + b x`` over (x, y, weight)."""
    w = sum(p[2] for p in points)
    mx = sum(p[0] * p[2] for p in points) / w
    my = sum(p[1] * p[2] for p in points) / w
    sxx = sum(p[2] * (p[0] - mx) ** 2 for p in points)
    b = sum(p[2] * (p[0] - mx) * (p[1] - my) for p in points) / sxx if sxx else 0.0
    return my - b * mx, b


@dataclass(frozen=True)
class _Candidate:
    p_value: float
    gap: float  # signed distance of the near end of the 95% interval beyond the expected
    build: Any  # (severity, q, control) -> Finding


def _ticket_candidates(configs: Sequence[Config], limits: PressureLimits
                       ) -> list[_Candidate]:
    out: list[_Candidate] = []
    for c in configs:
        rows = [t for t in _pooled_copies(c["tickets"])
                if t["kept"] >= limits.keepers and t.get("points") is not None]
        if len(rows) < 5:
            continue
        a, b = _line([(float(t["points"]), t["completion"]["rate"], float(t["kept"]))
                      for t in rows])
        lines = _bot_lines(rows, (a, b))
        for t in rows:
            out.append(_ticket_candidate(c["players"], t, _expected(t, lines, (a, b)), b))
    return out


def _bot_lines(rows: Sequence[Config], pooled: tuple[float, float]
               ) -> dict[str, tuple[float, float]]:
    """Each bot's own line of completion against points, fitted over the tickets its
    players kept (a bot that kept fewer than five different tickets takes the pooled
    line): a ticket weaker bots keep more often is judged by their line, not the
    strongest bot's (like for like, as TTR604)."""
    points: dict[str, list[tuple[float, float, float]]] = {}
    for t in rows:
        for bot, v in t.get("by_bot", {}).items():
            if v["kept"]:
                points.setdefault(bot, []).append(
                    (float(t["points"]), v["completed"] / v["kept"], float(v["kept"])))
    return {bot: _line(p) if len(p) >= 5 else pooled for bot, p in points.items()}


def _expected(t: Config, lines: Mapping[str, tuple[float, float]],
              pooled: tuple[float, float]) -> float:
    """The completion a ticket's keepers would reach on their own bots' lines at its
    points, weighted by how many of each bot kept it (the pooled line without a
    breakdown by bot, as in reports written before it)."""
    by_bot: dict[str, int] = {bot: v["kept"] for bot, v in t.get("by_bot", {}).items() if v["kept"]}
    x = float(t["points"])
    if not by_bot:
        return pooled[0] + pooled[1] * x
    total = sum(by_bot.values())
    return sum(n * min(0.98, max(0.02, lines[bot][0] + lines[bot][1] * x))
               for bot, n in by_bot.items()) / total


def _pooled_copies(tickets: Sequence[Config]) -> list[dict[str, Any]]:
    """One row per ticket card, its identical copies (ids ``regular-31.1``, ``.2`` ...)
    added up: what is tested is the ticket, not one copy of it."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for t in tickets:
        key = (t["deck"], t["id"].split(".")[0])
        row = rows.setdefault(key, {**t, "ids": [], "kept": 0, "completed": 0, "by_bot": {}})
        row["ids"].append(t["id"])
        row["kept"] += t["kept"]
        row["completed"] += t["completed"]
        for bot, v in t.get("by_bot", {}).items():
            mine = row["by_bot"].setdefault(bot, {"kept": 0, "completed": 0})
            mine["kept"] += v["kept"]
            mine["completed"] += v["completed"]
    for row in rows.values():
        row["completion"] = rate(row["completed"], row["kept"])
    return list(rows.values())


def _ticket_candidate(n: int, t: Config, expected: float, slope: float) -> _Candidate:
    expected = min(0.98, max(0.02, expected))
    done, kept = t["completion"]["count"], t["kept"]
    share = done / kept
    lo, hi = wilson(done, kept)
    z = (share - expected) / math.sqrt(expected * (1 - expected) / kept)
    p = min(1.0, 2 * normal_sf(abs(z)))
    gap = lo - expected if share > expected else expected - hi
    word = "easier" if share > expected else "harder"

    def build(level: Severity, q: float, control: str) -> Finding:
        return Finding(
            TICKET_COMPLETION_OFF_COST, level,
            f"ticket {t['label']} is {word} in play than its points say: its keepers "
            f"complete it {_pct(share)} of the time at {n} players (95% CI {_pct(lo)}–"
            f"{_pct(hi)}) against {_pct(expected)} for a {t['points']}-point ticket kept by "
            f"the same bots on this map ({equals('q', q)})",
            {"tickets": tuple(t["ids"])},
            {"completion": t["completion"], "expected": round(expected, 6),
             "points": t["points"], "spaces": t.get("spaces"),
             "line": {"slope_per_point": round(slope, 6)}},
            players=(n,),
            effect=Effect("keepers' completion rate minus their bots' lines at its points",
                          share - expected, (lo - expected, hi - expected),
                          "points of completion rate"),
            test=Test("z-test of completion against the keepers' bots' weighted lines", p, q,
                      control))
    return _Candidate(p, gap, build)


def _colour_candidates(configs: Sequence[Config], limits: PressureLimits
                       ) -> list[_Candidate]:
    out: list[_Candidate] = []
    for c in configs:
        games, routes = c["games"], c["routes"]
        if games < limits.colour_games:
            continue
        by_length: dict[int, list[int]] = {}
        for r in routes:
            by_length.setdefault(r["length"], []).append(r["claimed"])
        p_len = {length: sum(v) / (games * len(v)) for length, v in by_length.items()}
        turns = [r["mean_claim_turn"] * r["claimed"] for r in routes if r["claimed"]]
        map_turn = sum(turns) / max(1, sum(r["claimed"] for r in routes))
        sds = {row["colour"]: row.get("difference_sd") for row in c.get("colours", ())}
        for colour in sorted({r["color"] for r in routes} - {"gray"}):
            tracks = [r for r in routes if r["color"] == colour]
            out.append(_colour_candidate(c, colour, tracks, p_len, map_turn, sds.get(colour)))
    return out


def _colour_candidate(c: Config, colour: str, tracks: Sequence[Config],
                      p_len: Mapping[int, float], map_turn: float,
                      game_sd: float | None) -> _Candidate:
    """The colour's claims against the length-matched expectation.  With ``game_sd``
    (the report's ``difference_sd``) the test is over games: one difference per game,
    so claims that go together within a game are not counted as independent;
    without it (a report written before), claims are taken as independent."""
    games, n = c["games"], c["players"]
    size = games * len(tracks)
    observed = sum(r["claimed"] for r in tracks)
    expected = sum(games * p_len[r["length"]] for r in tracks)
    diff = (observed - expected) / size
    if game_sd is not None:
        se = game_sd / math.sqrt(games) / len(tracks) if game_sd and games > 1 else math.inf
        test = "z-test over games of claims minus the length-matched expectation"
    else:
        var = sum(games * p_len[r["length"]] * (1 - p_len[r["length"]]) for r in tracks)
        se = math.sqrt(var) / size if var else math.inf
        test = "z-test of claims against the length-matched expectation"
    p = min(1.0, 2 * normal_sf(abs(diff) / se)) if se < math.inf else 1.0
    lo, hi = diff - Z95 * se, diff + Z95 * se
    gap = lo if diff > 0 else -hi
    turn = (sum(r["mean_claim_turn"] * r["claimed"] for r in tracks) / observed
            if observed else None)
    word = "fought over" if diff > 0 else "under pressure"
    when = "" if turn is None else f"; claimed at turn {turn:.1f} on average against {map_turn:.1f}"

    def build(level: Severity, q: float, control: str) -> Finding:
        return Finding(
            COLOUR_UNDER_PRESSURE, level,
            f"colour {colour} is {word} at {n} players: {_pct(observed / size)} of its "
            f"{len(tracks)} tracks claimed per game against {_pct(expected / size)} for "
            f"the map's tracks of the same lengths ({100 * diff:+.1f} points, 95% CI "
            f"{100 * lo:+.1f} to {100 * hi:+.1f}; {equals('q', q)}){when}",
            {"colours": (colour,), "routes": tuple(r["id"] for r in tracks)},
            {"claimed": observed, "expected": round(expected, 3), "tracks": len(tracks),
             "games": games, "mean_claim_turn": turn, "map_mean_claim_turn": round(map_turn, 2)},
            players=(n,),
            effect=Effect("share of the colour's tracks claimed per game minus the map's "
                          "tracks of the same lengths", diff, (lo, hi), "points of claim rate"),
            test=Test(test, p, q, control))
    return _Candidate(p, gap, build)


def tickets_and_colours(configs: Sequence[Config],
                        limits: PressureLimits = PRESSURE_LIMITS) -> list[Finding]:
    """TTR608 and TTR609 over a report's configurations, each family under
    Benjamini–Hochberg over the run; only the significant ones are findings, and a
    colour only when at least ``colour_info`` off, one finding per colour."""
    found: list[Finding] = []
    colours: list[Finding] = []
    families = (("ticket", _ticket_candidates(configs, limits), limits.completion_margin,
                 0.0, found),
                ("colour", _colour_candidates(configs, limits), limits.colour_margin,
                 limits.colour_info, colours))
    for what, candidates, margin, floor, into in families:
        qs = benjamini_hochberg([c.p_value for c in candidates])
        control = f"Benjamini–Hochberg over the {len(candidates)} {what} tests of the run"
        for cand, q in zip(candidates, qs, strict=True):
            if q >= limits.alpha or cand.gap < floor:
                continue
            level = Severity.WARNING if cand.gap >= margin else Severity.INFO
            into.append(cand.build(level, q, control))
    return found + _one_per_colour(colours)


def _one_per_colour(found: Sequence[Finding]) -> list[Finding]:
    """One finding per colour listing its player counts (issue 21: one line per
    subject): the count whose interval is farthest off speaks, the others are named
    with their figures and kept in the evidence (``by_players``)."""
    by_colour: dict[str, list[Finding]] = {}
    for f in found:
        by_colour.setdefault(f.subjects["colours"][0], []).append(f)
    out = []
    for rows in by_colour.values():
        def near(f: Finding) -> float:
            assert f.effect is not None
            lo, hi = f.effect.ci95
            return lo if f.effect.value > 0 else -hi
        rows.sort(key=near, reverse=True)
        top = rows[0]
        message = top.message
        if len(rows) > 1:
            message += "; also at " + ", ".join(
                f"{f.players[0]} players ({100 * f.effect.value:+.1f} points"
                f"{', info' if f.severity < top.severity else ''})"
                for f in rows[1:] if f.effect is not None)
        by_players = {str(f.players[0]): {
            "severity": f.severity.value, "effect": f.effect.value if f.effect else None,
            "ci95": list(f.effect.ci95) if f.effect else None,
            "q": f.test.adjusted if f.test else None, **f.evidence} for f in rows}
        # the finding holds at the counts of its own severity; a count where the colour is
        # only info is named in the message and kept in by_players, not given the warning
        level = max(f.severity for f in rows)
        out.append(replace(top, severity=level, message=message,
                           players=tuple(sorted(f.players[0] for f in rows
                                                if f.severity == level)),
                           evidence={**top.evidence, "by_players": by_players}))
    return out
