"""What changed between two versions of a map: a run against a baseline run.

``simulate MAP --baseline OLD`` plays the same games (the same seeds: game ``k``
at ``n`` players is dealt from the same seed on both maps, so the same deals
where the maps allow) on both maps and compares the two reports here:
seat win rates, per-ticket completion and keepers' like-for-like edge,
per-route claim rate (a route matched by its two ends, so a recoloured route
is the same route and its colours are named), per-colour claim pressure,
winner's score and game length.  Where both runs played the same games, the
seat, route, colour and tempo tests are paired over games
(:mod:`ttrtool.verdict.paired`); tickets stay unpaired.  Every test of the comparison is adjusted
together (Benjamini–Hochberg); a change with ``q < 0.01`` is a finding,
a warning when it is also practically large (:class:`ChangeLimits`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ttrtool.codes import (
    COLOUR_PRESSURE_CHANGED,
    ROUTE_CHANGED,
    SEAT_WIN_RATE_CHANGED,
    TEMPO_CHANGED,
    TICKET_CHANGED,
)
from ttrtool.diagnostics import Severity
from ttrtool.findings import Effect, Finding, Test
from ttrtool.verdict.edits import MapDiff
from ttrtool.verdict.paired import PAIRED, GameSummary, Pair, paired
from ttrtool.verdict.statistics import Z95, benjamini_hochberg, equals, normal_sf
from ttrtool.verdict.strata import Pooled

Report = Mapping[str, Any]
Config = Mapping[str, Any]
ALPHA = 0.01


@dataclass(frozen=True)
class ChangeLimits:
    """How large a significant change must be for a warning (docs/simulate.md)."""

    rate: float = 0.08  # a win, claim or completion rate: 8 points
    turns: float = 0.1  # game length: 10% of the baseline's mean
    score: float = 0.1  # winner's score: 10% of the baseline's mean


CHANGE_LIMITS = ChangeLimits()


@dataclass(frozen=True)
class Change:
    """One test of the comparison, waiting for its adjusted value."""

    p_value: float
    build: Callable[[float, str], Finding | None]


def _two_rates(new: Mapping[str, Any], old: Mapping[str, Any]) -> tuple[float, float, float]:
    """(difference, standard error, p-value) of two rates ``{"count", "of"}``."""
    a, n, b, m = new["count"], new["of"], old["count"], old["of"]
    if not n or not m:
        return 0.0, math.inf, 1.0
    p, q = a / n, b / m
    se = math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
    pooled = (a + b) / (n + m)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    pv = 1.0 if se0 == 0 else min(1.0, 2 * normal_sf(abs(p - q) / se0))
    return p - q, se, pv


def _two_means(new: Mapping[str, Any], old: Mapping[str, Any]) -> tuple[float, float, float]:
    """(difference, standard error, p-value) of two distributions' means (Welch)."""
    if not new.get("n") or not old.get("n"):
        return 0.0, math.inf, 1.0
    se = math.sqrt(new["stdev"] ** 2 / new["n"] + old["stdev"] ** 2 / old["n"])
    d = new["mean"] - old["mean"]
    return d, se, 1.0 if se == 0 else min(1.0, 2 * normal_sf(abs(d) / se))


def _beyond(d: float, se: float, limit: float) -> bool:
    """Practically large: the near end of the difference's 95% interval is at least
    ``limit`` away from no change (as the other play findings judge), not only its
    point estimate."""
    return se < math.inf and abs(d) - Z95 * se >= limit


def _change(code: str, p: float, large: bool, message: str,
            subjects: Mapping[str, tuple[Any, ...]], players: int, effect: Effect,
            test: str, evidence: Mapping[str, Any]) -> Change:
    def build(q: float, control: str) -> Finding | None:
        if q >= ALPHA:
            return None
        return Finding(code, Severity.WARNING if large else Severity.INFO,
                       message.replace("q = {q}", equals("q", q)),
                       subjects, dict(evidence), (players,), effect,
                       Test(test, p, q, control))
    return Change(p, build)


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _either(pair: Pair | None, figure: Callable[[GameSummary, bool], float],
            unpaired: tuple[float, float, float], name: str) -> tuple[float, float, float, str]:
    """(difference, standard error, p-value, test name): paired over games where the two
    runs played the same games, else the unpaired test given."""
    if pair is None:
        return (*unpaired, name)
    t = paired(pair, figure)
    return t.diff, t.se, t.p_value, PAIRED


def _won(seat: int) -> Callable[[GameSummary, bool], float]:
    def won(g: GameSummary, _: bool) -> float:
        return float(seat in g.winners)
    return won


def _claimed(ids: tuple[str, str]) -> Callable[[GameSummary, bool], float]:
    """Whether the route (its id on the map, and on the baseline) was claimed."""
    def claimed(g: GameSummary, on_baseline: bool) -> float:
        return float(ids[on_baseline] in g.claimed)
    return claimed


def seat_changes(new: Config, old: Config, limits: ChangeLimits,
                 pair: Pair | None = None, diff: MapDiff | None = None) -> Iterator[Change]:
    n = new["players"]
    for s_new, s_old in zip(new["seats"], old["seats"], strict=False):
        s = s_new["seat"]
        d, se, p, test = _either(pair, _won(s),
                                 _two_rates(s_new["wins"], s_old["wins"]), "two proportions")
        seat = s + 1
        yield _change(
            SEAT_WIN_RATE_CHANGED, p, _beyond(d, se, limits.rate),
            (
                f"seat {seat} wins {100 * s_new['wins']['rate']:.1f}% against "
                f"{100 * s_old['wins']['rate']:.1f}% on the baseline at {n} players "
                f"({_pts(d)} points, q = {{q}})"),
            {"seats": (seat,)}, n,
            Effect("win rate minus the baseline's", d, (d - Z95 * se, d + Z95 * se),
                   "points of win rate"),
            test, {"new": s_new["wins"], "baseline": s_old["wins"]})


def ticket_changes(new: Config, old: Config, limits: ChangeLimits,
                   pair: Pair | None = None, diff: MapDiff | None = None) -> Iterator[Change]:
    """Tickets are compared unpaired: who keeps a ticket differs from one map to the
    other in the same game, so there is no per-game pair to take a difference of."""
    n = new["players"]
    before = {t["id"]: t for t in old["tickets"]}
    same = diff.tickets if diff is not None else {t["id"]: t["id"] for t in new["tickets"]}
    for t in new["tickets"]:
        b = before.get(same.get(t["id"], ""))
        if b is None:
            continue
        d, se, p = _two_rates(t["completion"], b["completion"])
        yield _change(
            TICKET_CHANGED, p, _beyond(d, se, limits.rate),
            (
                f"ticket {t['label']} ({t['id']}) is completed by "
                f"{100 * t['completion']['rate']:.0f}% of its keepers against "
                f"{100 * b['completion']['rate']:.0f}% on the baseline ({b['label']}) at {n} "
                f"players ({_pts(d)} points, q = {{q}})"),
            {"tickets": (t["id"],)}, n,
            Effect("keepers' completion rate minus the baseline's", d,
                   (d - Z95 * se, d + Z95 * se), "points of completion rate"),
            "two proportions", {"new": t["completion"], "baseline": b["completion"]})
        e_new = Pooled.from_dict((t.get("like_for_like") or {}).get("wins"))
        e_old = Pooled.from_dict((b.get("like_for_like") or {}).get("wins"))
        if e_new.weight and e_old.weight:
            d = e_new.diff - e_old.diff
            se = math.hypot(e_new.se, e_old.se)
            p = min(1.0, 2 * normal_sf(abs(d) / se)) if se > 0 else 1.0
            yield _change(
                TICKET_CHANGED, p, _beyond(d, se, limits.rate),
                (
                    f"keepers of ticket {t['label']} ({t['id']}) win {_pts(e_new.diff)} points "
                    f"against like players, {_pts(e_old.diff)} on the baseline ({b['label']}) at "
                    f"{n} players ({_pts(d)} points, q = {{q}})"),
                {"tickets": (t["id"],)}, n,
                Effect("keepers' like-for-like win edge minus the baseline's", d,
                       (d - Z95 * se, d + Z95 * se), "points of win rate"),
                "difference of two Mantel–Haenszel edges",
                {"new": e_new.to_dict(), "baseline": e_old.to_dict()})


def _route_key(r: Mapping[str, Any]) -> tuple[str, ...]:
    ends = r["label"].rsplit(" ", 2)[0] if r["label"].count(" ") >= 2 else r["label"]
    return (ends, str(r["length"]), r["kind"])


def _route_pairs(new: Config, old: Config, diff: MapDiff | None
                 ) -> Iterator[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    """Each track of the map beside the same track of the baseline: by the maps' edits
    (:func:`ttrtool.verdict.edits.map_edits`, identity by ends and place among parallel
    tracks); without them (two reports alone), by ends, length and kind."""
    if diff is not None:
        before = {r["id"]: r for r in old["routes"]}
        for r in new["routes"]:
            b = before.get(diff.routes.get(r["id"], ""))
            if b is not None:
                yield r, b
        return
    olds: dict[tuple[str, ...], list[Mapping[str, Any]]] = {}
    for r in old["routes"]:
        olds.setdefault(_route_key(r), []).append(r)
    seen: dict[tuple[str, ...], int] = {}
    for r in new["routes"]:
        key = _route_key(r)
        i = seen.get(key, 0)
        seen[key] = i + 1
        if i < len(olds.get(key, ())):
            yield r, olds[key][i]


def route_changes(new: Config, old: Config, limits: ChangeLimits,
                  pair: Pair | None = None, diff: MapDiff | None = None
                  ) -> Iterator[Change]:
    """Each route beside itself on the baseline (:func:`_route_pairs`), so a lengthened or
    recoloured route is compared with itself and both versions are named."""
    n = new["players"]
    for r, b in _route_pairs(new, old, diff):
        now = {"count": r["claimed"], "of": new["games"]}
        then = {"count": b["claimed"], "of": old["games"]}
        ids = (r["id"], b["id"])
        d, se, p, test = _either(pair, _claimed(ids),
                                 _two_rates(now, then), "two proportions")
        recoloured = r["color"] != b["color"]
        was = f" (recoloured {b['color']} → {r['color']})" if recoloured else ""
        if r["length"] != b["length"]:
            word = "lengthened" if r["length"] > b["length"] else "shortened"
            was += f" ({word} {b['length']} → {r['length']})"
        yield _change(
            ROUTE_CHANGED, p, _beyond(d, se, limits.rate),
            (
                f"route {r['label']}{was} is claimed in {100 * r['claim_rate']:.0f}% of games "
                f"against {100 * b['claim_rate']:.0f}% on the baseline at {n} players "
                f"({_pts(d)} points; mean claim turn {r['mean_claim_turn']:.0f} against "
                f"{b['mean_claim_turn']:.0f}; q = {{q}})"),
            {"routes": (r["id"],), **({"colours": (b["color"], r["color"])} if recoloured
                                      else {})}, n,
            Effect("claim rate minus the baseline's", d, (d - Z95 * se, d + Z95 * se),
                   "points of claim rate"),
            test,
            {"baseline_route": b["id"], "colour": r["color"], "baseline_colour": b["color"],
             "claim_rate": r["claim_rate"], "baseline_claim_rate": b["claim_rate"],
             "mean_claim_turn": r["mean_claim_turn"],
             "baseline_mean_claim_turn": b["mean_claim_turn"]})


def colour_changes(new: Config, old: Config, limits: ChangeLimits,
                   pair: Pair | None = None, diff: MapDiff | None = None) -> Iterator[Change]:
    """Per colour: the share of its tracks claimed per game, and its routes before/after."""
    n = new["players"]
    before = {c["colour"]: c for c in old.get("colours", ())}
    for c in new.get("colours", ()):
        b = before.get(c["colour"])
        if b is None:
            continue
        tracks = ({r["id"] for r in new["routes"] if r["color"] == c["colour"]},
                  {r["id"] for r in old["routes"] if r["color"] == c["colour"]})

        def share(g: GameSummary, base: bool, tracks: tuple[set[str], set[str]] = tracks
                  ) -> float:
            mine = tracks[base]
            return len(g.claimed & mine) / len(mine) if mine else 0.0

        d, se, p, test = _either(pair, share, _two_shares(c, b), "difference of two means "
                                 "over games (a game's claims taken together)")
        moved = c["tracks"] != b["tracks"]
        yield _change(
            COLOUR_PRESSURE_CHANGED, p,
            _beyond(d, se, limits.rate) or (moved and _beyond(d, se, limits.rate / 2)),
            (
                f"colour {c['colour']}: {100 * c['claimed']['rate']:.0f}% of its "
                f"{c['tracks']} tracks ({c['spaces']} spaces) claimed per game against "
                f"{100 * b['claimed']['rate']:.0f}% of {b['tracks']} tracks ({b['spaces']} "
                f"spaces) on the baseline at {n} players ({_pts(d)} points; mean claim turn "
                f"{c['mean_claim_turn'] or 0:.0f} against {b['mean_claim_turn'] or 0:.0f}; "
                f"q = {{q}})"),
            {"colours": (c["colour"],)}, n,
            Effect("share of the colour's tracks claimed minus the baseline's", d,
                   (d - Z95 * se, d + Z95 * se), "points of claim rate"),
            test, {"new": c, "baseline": b})


def _two_shares(new: Mapping[str, Any], old: Mapping[str, Any]) -> tuple[float, float, float]:
    """(difference, standard error, p-value) of two colours' shares of tracks claimed per
    game, each game one observation (``claims_sd``: the spread of a game's claims of the
    colour); a report without it is tested as independent tracks, as before."""
    if "claims_sd" not in new or "claims_sd" not in old:
        return _two_rates(new["claimed"], old["claimed"])
    if not new["tracks"] or not old["tracks"] or not new["claimed"]["of"] \
            or not old["claimed"]["of"]:
        return 0.0, math.inf, 1.0
    games = (new["claimed"]["of"] // new["tracks"], old["claimed"]["of"] // old["tracks"])
    if min(games) < 2:
        return 0.0, math.inf, 1.0
    se = math.hypot(new["claims_sd"] / new["tracks"] / math.sqrt(games[0]),
                    old["claims_sd"] / old["tracks"] / math.sqrt(games[1]))
    d = new["claimed"]["rate"] - old["claimed"]["rate"]
    return d, se, 1.0 if se == 0 else min(1.0, 2 * normal_sf(abs(d) / se))


def _turns(g: GameSummary, _: bool) -> float:
    return float(g.turns)


def _winner_score(g: GameSummary, _: bool) -> float:
    return float(g.winner_score)


def tempo_changes(new: Config, old: Config, limits: ChangeLimits,
                  pair: Pair | None = None, diff: MapDiff | None = None) -> Iterator[Change]:
    n = new["players"]
    for key, what, margin, figure in (
            ("turns", "game length (turns)", limits.turns, _turns),
            ("winner_scores", "winner's score", limits.score, _winner_score)):
        a, b = new[key], old[key]
        d, se, p, test = _either(pair, figure, _two_means(a, b), "Welch difference of means")
        large = bool(b.get("mean")) and _beyond(d, se, margin * b["mean"])
        yield _change(
            TEMPO_CHANGED, p, large,
            (
                f"{what} {a['mean']:.1f} against {b['mean']:.1f} on the baseline at {n} "
                f"players ({d:+.1f}, q = {{q}})"),
            {}, n,
            Effect(f"mean {what} minus the baseline's", d, (d - Z95 * se, d + Z95 * se),
                   "turns" if key == "turns" else "points of score"),
            test, {"new": a, "baseline": b})


CHANGES = (seat_changes, ticket_changes, route_changes, colour_changes, tempo_changes)


def compare_reports(new: Report, old: Report, limits: ChangeLimits = CHANGE_LIMITS,
                    pairs: Mapping[int, Pair] | None = None,
                    diff: MapDiff | None = None) -> list[Finding]:
    """Findings (source ``baseline``) for what changed significantly from ``old`` to ``new``,
    over the player counts both played.  ``pairs``: per player count, the games of both
    runs side by side (:mod:`ttrtool.verdict.paired`); where given, seat win rates,
    route claims, colour claims, game length and the winner's score are tested paired.
    ``diff``: the two maps' edits (:mod:`ttrtool.verdict.edits`), which put each route and
    ticket beside itself; without it routes are matched by ends, length and kind."""
    before = {c["players"]: c for c in old["configurations"]}
    pairs = pairs or {}
    tests = [t for c in new["configurations"] if c["players"] in before
             for check in CHANGES
             for t in check(c, before[c["players"]], limits, pairs.get(c["players"]), diff)]
    qs = benjamini_hochberg([t.p_value for t in tests])
    control = f"Benjamini–Hochberg over the {len(tests)} tests of the comparison"
    found = [t.build(q, control) for t, q in zip(tests, qs, strict=True)]
    return [f for f in found if f is not None]
