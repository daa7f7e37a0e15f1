"""Findings from play: what a run of games says about a map, read from its report.

Each check reads the report's configurations (one per player count, the JSON
that ``simulate --out`` writes) and yields :class:`~ttrtool.findings.Finding`
records.  Where many things are tested at once the p-values are adjusted:
Holm over the seat tests (every player count and the pooled test), and
Benjamini–Hochberg over the tickets of one player count.  The limits were set
on 1,000-game runs of the official maps (docs/simulate.md, "Findings").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ttrtool.codes import (
    GAMES_STALLED,
    ROUTE_NEVER_CLAIMED,
    ROUTE_RARELY_CLAIMED,
    SEAT_ADVANTAGE,
    TICKET_ADVANTAGE,
    TICKET_OVERPRICED,
    TICKET_UNDERPRICED,
)
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding
from ttrtool.verdict.edges import (
    FDR,
    raced_routes,
    route_edges,
    selected_z,
    ticket_edges,
    ticket_play_edges,
)
from ttrtool.verdict.pressure import tickets_and_colours
from ttrtool.verdict.statistics import (
    benjamini_hochberg,
    equals,
    games_to_detect,
    holm,
    normal_sf,
    rate,
    wilson,
)
from ttrtool.verdict.tempo import tempo

Config = Mapping[str, Any]


# A claim in the game's last six rounds (the last round of R-END-1 and the five before it)
# is "at the end": a player spends its last trains on what its cards pay for points (the
# expert plans those claims from about six turns out).
FINAL_ROUNDS = 6


@dataclass(frozen=True)
class PlayLimits:
    """Where a figure from play turns into a finding (see docs/simulate.md)."""

    alpha: float = 0.01  # adjusted p-value (Holm) or q-value (BH) that counts as detected
    # a seat's edge over the fair 1/n, relative, that the lower end of its 95% interval must
    # pass for a warning (official maps, 1,000 games: point estimates up to +26%, Europe
    # at 5 players; lower ends up to +13%)
    seat_edge: float = 0.25
    # games before "never claimed" is a warning, not info: 0 claims in 300 games bound the
    # claim rate below 1.3%, under the rarest official route (Petrograd–Stockholm, 1.4%)
    never_claimed_games: int = 300
    # a link claimed only at the end (FINAL_ROUNDS) is "never claimed" while the upper 95%
    # bound of its claim rate is below this: one claimed that often is a filler players
    # take (USA at 2 players, seed 3: Atlanta–Charleston 150 times in 300 games, all at the
    # end; the planted Miami–Key West 2 to 5 times)
    end_claimed: float = 0.05
    rarely_claimed: float = 0.02  # upper 95% bound of a link's claim rate for "rarely"
    ticket_groups: int = 20  # keepers and others needed before a ticket is tested
    # how far off its deck's line the keepers' edge must be, at the near end of its 95%
    # interval, for a warning (official maps, 1,000 games, seeds 1 and 7: up to 32 points,
    # Europe's Edinburgh–Athina at 2-3 players, 34-38 points off at its point estimate)
    ticket_edge: float = 0.40
    stall_rate: float = 0.01  # share of games not ending normally, for a warning


PLAY_LIMITS = PlayLimits()


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(lo: float, hi: float) -> str:
    return f"95% CI {100 * lo:.1f}–{100 * hi:.1f}%"


def seat_advantage(configs: Sequence[Config], limits: PlayLimits) -> Iterator[Finding]:
    """TTR601: a seat winning more than its share, per player count and pooled.

    Per player count, Pearson's chi-square test of equal wins over the seats.
    Pooled over the player counts, the first seat's share of the wins against
    1/n: the first seat is the same position whatever the count (it moves
    first), so its excess adds up across counts, which an all-seat test would
    dilute.  Holm's adjustment runs over all these tests together.
    """
    tests: list[tuple[Config | None, float]] = []
    for c in configs:
        if c.get("seat_test"):
            tests.append((c, float(c["seat_test"]["p_value"])))
    wins = [sum(s["wins"]["count"] for s in c["seats"]) for c in configs]
    first = sum(c["seats"][0]["wins"]["count"] for c in configs if c["seats"])
    expected = sum(w / c["players"] for w, c in zip(wins, configs, strict=True))
    var = sum(w * (1 / c["players"]) * (1 - 1 / c["players"])
              for w, c in zip(wins, configs, strict=True))
    if len(configs) > 1 and var > 0:
        tests.append((None, min(1.0, 2 * normal_sf(abs(first - expected) / var ** 0.5))))
    adjusted = holm([p for _, p in tests])
    for (config, p), p_adj in zip(tests, adjusted, strict=True):
        if p_adj >= limits.alpha:
            continue
        if config is None:
            share = first / sum(wins)
            fair = expected / sum(wins)
            lo, hi = wilson(first, sum(wins))
            level = Severity.WARNING if lo / fair - 1 >= limits.seat_edge else Severity.INFO
            yield Finding(
                SEAT_ADVANTAGE, level,
                f"seat 1 takes {_pct(share)} of the wins over all player counts "
                f"({_ci(lo, hi)}) against a fair {_pct(fair)} "
                f"({equals('p', p_adj)} after Holm over {len(tests)} seat tests)",
                {"seats": (1,)},
                {"share": round(share, 6), "fair": round(fair, 6), "ci95": [round(lo, 6),
                 round(hi, 6)], "p_value": p, "p_holm": round(p_adj, 8),
                 "players": [c2["players"] for c2 in configs],
                 "wins": first, "of_wins": sum(wins)})
            continue
        c = config
        n, games = c["players"], c["games"]
        best = max(c["seats"], key=lambda s: (s["wins"]["rate"], -s["seat"]))
        rate, fair = best["wins"]["rate"], 1 / n
        lo, hi = best["wins"]["ci95"]
        level = Severity.WARNING if lo / fair - 1 >= limits.seat_edge else Severity.INFO
        need = games_to_detect(fair, rate - fair, limits.alpha)
        yield Finding(
            SEAT_ADVANTAGE, level,
            f"seat {best['seat'] + 1} wins {_pct(rate)} of {games} games at {n} players "
            f"({_ci(lo, hi)}) against a fair {_pct(fair)} ({equals('p', p_adj)} after Holm over "
            f"{len(tests)} seat tests)",
            {"seats": (best["seat"] + 1,)},
            {"win_rates": [s["wins"]["rate"] for s in c["seats"]], "chi2": c["seat_test"]["chi2"],
             "p_value": p, "p_holm": round(p_adj, 8), "edge": round(rate - fair, 6),
             "games_to_detect_this_edge": need},
            players=(n,))


def _links(c: Config) -> list[Config]:
    """One row per link (a double route whose second track is closed is one link)."""
    seen: dict[str, Config] = {}
    for r in c["routes"]:
        seen.setdefault(r["link"], r)
    return list(seen.values())


def idle_routes(configs: Sequence[Config], limits: PlayLimits) -> Iterator[Finding]:
    """TTR602/TTR603: a link no player claimed, or one claimed in very few games.

    Below the double-route threshold only one track of a double route can be
    claimed (R-CLAIM-5): the link counts, never its closed second track.  A link
    never claimed at one player count but claimed at another of the run is alive
    on the map, only unwanted at that count: info (official Europe at 2 players,
    400 games, seeds 1-5: Cadiz–Lisboa claimed 0 to 3 times, and at 3 and 4
    players in every run).  Claims at the end (the last round of R-END-1 and the
    rounds before it, ``FINAL_ROUNDS`` in all) do not count as use: there a
    player spends its last trains on whatever route they pay for, and a dead end
    no ticket needs is claimed so (USA with a planted Miami–Key West, 2 players,
    seeds 1-3, 300 games each: 10 claims, each 1 to 10 turns before the game's
    end, by the expert planning its final claims) — unless they are frequent
    (``end_claimed``): then the link is a filler that players do take.
    """
    claimed_at: dict[str, set[int]] = {}
    for c in configs:
        for r in c["routes"]:
            if r["claimed"] > r.get("claimed_last", 0):
                claimed_at.setdefault(r["id"], set()).add(c["players"])
    for c in configs:
        games, n = c["games"], c["players"]
        for r in _links(c):
            claims = r["link_claim_rate"]
            ids = tuple(r["link_route_ids"])
            last = min(r.get("link_claimed_last", 0), r["link_claimed"])
            if r["link_claimed"] == last and (not last or claims["ci95"][1] < limits.end_claimed):
                elsewhere = sorted(set().union(*(claimed_at.get(i, set()) for i in ids)) - {n})
                level = (Severity.WARNING if games >= limits.never_claimed_games and not elsewhere
                         else Severity.INFO)
                lo, hi = rate(0, games)["ci95"] if last else claims["ci95"]
                but = (f"; claimed at {', '.join(map(str, elsewhere))} players"
                       if elsewhere else "")
                when = (f" before the last {FINAL_ROUNDS} rounds ({last} claims with "
                        "players' last trains)" if last else "")
                yield Finding(
                    ROUTE_NEVER_CLAIMED, level,
                    f"route {r['link']} was never claimed{when} in {games} games at {n} "
                    f"players (claim rate at most {_pct(hi)}, 95% bound){but}",
                    {"routes": ids}, {"claimed": 0, "claimed_at_the_end": last, "games": games,
                                      "ci95": [lo, hi], "claimed_at_other_counts": elsewhere},
                    players=(n,))
            elif claims["ci95"][1] < limits.rarely_claimed:
                lo, hi = claims["ci95"]
                yield Finding(
                    ROUTE_RARELY_CLAIMED, Severity.INFO,
                    f"route {r['link']} was claimed in {claims['count']} of {games} games at "
                    f"{n} players ({_pct(claims['rate'])}, {_ci(lo, hi)})",
                    {"routes": ids},
                    {"claimed": claims["count"], "games": games, "rate": claims["rate"],
                     "ci95": [lo, hi]}, players=(n,))


def stalled_games(configs: Sequence[Config], limits: PlayLimits) -> Iterator[Finding]:
    """TTR605: games that stalled or hit the turn cap instead of ending normally."""
    for c in configs:
        s = c["stall_rate"]
        if not s["count"]:
            continue
        level = Severity.WARNING if s["rate"] > limits.stall_rate else Severity.INFO
        lo, hi = s["ci95"]
        yield Finding(
            GAMES_STALLED, level,
            f"{s['count']} of {c['games']} games at {c['players']} players did not end "
            f"normally ({_pct(s['rate'])}, {_ci(lo, hi)}): {_endings(c['end_reasons'])}",
            {}, {"stall_rate": s, "end_reasons": c["end_reasons"]}, players=(c["players"],),
            hint=STALL_HINT)


STALL_HINT = ("the log's 'end' field names the games that did not end normally (--log with "
              "--log-actions, then `ttrtool replay LOG --game N` to watch one)")

# How a game that did not end normally ended, in words (the log's ``end`` values).
ENDINGS = {"stalled": "stalled (no player could draw cards or tickets, claim a route or "
                      "build a station: R-END-2)",
           "turn_cap": "stopped at the turn cap"}


def _endings(reasons: dict[str, int]) -> str:
    return ", ".join(f"{n} {ENDINGS.get(reason, reason)}" for reason, n in reasons.items()
                     if reason != "normal" and n)


PlayCheck = Callable[[Sequence[Config], PlayLimits], Iterator[Finding]]
PLAY_CHECKS: tuple[PlayCheck, ...] = (seat_advantage, idle_routes, stalled_games)


def play_findings(configs: Sequence[Config], limits: PlayLimits = PLAY_LIMITS,
                  priced: Mapping[str, str] | None = None,
                  bots: Sequence[str] | None = None) -> list[Finding]:
    """Every finding from play over the configurations of one report.

    ``priced``: ticket id -> 'over' or 'under' where the static price finds fault
    (TTR501/TTR502), so a ticket finding can say whether play confirms it.  The
    like-for-like tests of tickets and those of routes (:mod:`ttrtool.verdict.edges`)
    are two families, each adjusted by Benjamini–Hochberg over its tests in the run; the
    pressure findings (TTR608, TTR609) come from :mod:`ttrtool.verdict.pressure`, tempo
    (TTR610) from :mod:`ttrtool.verdict.tempo`;
    ``bots``: the run's table, whose official tempo TTR610 compares with (None: the
    default table)."""
    found = [f for check in PLAY_CHECKS for f in check(configs, limits)]
    # one Benjamini–Hochberg family per finding class: the tickets' tests are not diluted
    # by the hundred routes' (each family's false discovery rate is held at 1%)
    for what, candidates in (("ticket", list(ticket_edges(configs, priced or {}))),
                             ("route", list(route_edges(configs)))):
        qs = benjamini_hochberg([c.p_value for c in candidates])
        control = f"Benjamini–Hochberg over the {len(candidates)} {what} tests of the run"
        z = selected_z(sum(q < FDR for q in qs), len(qs))
        for c, q in zip(candidates, qs, strict=True):
            f = c.build(q, control, z)
            if f is not None:
                found.append(f)
    found += raced_routes(configs)
    found += tickets_and_colours(configs)
    found += tempo(configs, bots=bots)
    return found



def static_prices(static: Sequence[Finding]) -> dict[str, str]:
    """Ticket id -> 'over' or 'under' for the tickets a static price finding (TTR501,
    TTR502) warns about."""
    out: dict[str, str] = {}
    for f in static:
        if f.code in (TICKET_OVERPRICED, TICKET_UNDERPRICED) and f.severity >= Severity.WARNING:
            for tid in f.subjects.get("tickets", ()):
                out[tid] = "over" if f.code == TICKET_OVERPRICED else "under"
    return out


def with_play_evidence(static: Sequence[Finding], play: Sequence[Finding],
                       configs: Sequence[Config]) -> list[Finding]:
    """Static ticket price findings with what play says about the same ticket: confirmed
    by a TTR604 warning, or not confirmed, with the keepers' edges in score (with its
    interval) and in win rate, the other tickets they kept held apart as TTR604 tests
    them (so a designer sees when play does not back a static warning).  The evidence
    keeps the like-for-like edges too."""
    confirmed = {t for f in play if f.code == TICKET_ADVANTAGE and f.severity >= Severity.WARNING
                 for t in f.subjects.get("tickets", ())}
    edges = ticket_play_edges(configs)
    out = []
    for f in static:
        tickets = f.subjects.get("tickets", ())
        if (f.code not in (TICKET_OVERPRICED, TICKET_UNDERPRICED) or len(tickets) != 1
                or tickets[0] not in edges):
            out.append(f)
            continue
        tid = tickets[0]
        wins, score, own_wins, own_score = edges[tid]
        lo, hi = own_score.ci95
        said = ("play confirms it (TTR604)" if tid in confirmed else
                "play does not confirm it at this many games")
        text = (f"; in play its keepers score {own_score.diff:+.1f} points against like "
                f"players, the other tickets they kept held apart (95% CI {lo:+.1f} to "
                f"{hi:+.1f}; win rate {100 * own_wins.diff:+.1f} points): {said}")
        in_play = {"like_for_like_wins": wins.to_dict(), "like_for_like_score": score.to_dict(),
                   "own_wins": own_wins.to_dict(), "own_score": own_score.to_dict(),
                   "confirmed": tid in confirmed}
        out.append(replace(f, message=f.message + text,
                           evidence={**f.evidence, "play": in_play}))
    return out
