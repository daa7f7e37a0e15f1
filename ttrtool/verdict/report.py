"""The simulation report: statistics streamed game by game from log records.

:class:`Tally` takes one game-log record at a time (the same dict that
``--log`` writes) and keeps only counters and histograms, so memory stays flat
for any number of games.  :func:`build_report` turns the tallies into the JSON
report; :mod:`ttrtool.verdict.summary` renders it as markdown.
"""

from __future__ import annotations

import math
import platform
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from ttrtool.analysis.blocking import link_label
from ttrtool.analysis.tickets import PathFinder, complete_tickets
from ttrtool.findings import Finding, ordered
from ttrtool.model import Board
from ttrtool.verdict.findings import (
    FINAL_ROUNDS,
    play_findings,
    static_prices,
    with_play_evidence,
)
from ttrtool.verdict.holdings import Holdings
from ttrtool.verdict.paired import GameSummary
from ttrtool.verdict.pressure import ClaimsByGame
from ttrtool.verdict.statistics import (
    Histogram,
    Moments,
    detectable_edge,
    mean_difference,
    rate,
    two_proportions,
    uniformity,
)
from ttrtool.verdict.strata import Group, Pooled, Stratum, compare

REPORT_FORMAT = 2  # 2: a finding's players is a list, with effect, test and hint
END_REASONS = ("normal", "stalled", "turn_cap")
EARLY_ROUNDS = 3  # a claim in the first three rounds of turns is "early" (a route raced for)
BASE_BREAKDOWN = frozenset({"routes", "tickets", "stations", "longest"})


@dataclass
class BotTally:
    seats: int = 0  # seats played (games x seats taken by this bot)
    wins: int = 0
    scores: Histogram = field(default_factory=Histogram)
    tickets_kept: int = 0
    tickets_completed: int = 0
    ticket_points: int = 0
    route_points: int = 0


@dataclass
class Tally:
    """Running totals for one player count."""

    players: int
    games: int = 0
    end: Counter[str] = field(default_factory=Counter)
    turns: Histogram = field(default_factory=Histogram)
    seat_wins: Counter[int] = field(default_factory=Counter)
    seat_scores: dict[int, Histogram] = field(default_factory=dict)
    bots: dict[str, BotTally] = field(default_factory=dict)
    scores: Histogram = field(default_factory=Histogram)
    winner_scores: Histogram = field(default_factory=Histogram)
    margins: Histogram = field(default_factory=Histogram)
    longest: Histogram = field(default_factory=Histogram)
    trains_left: Histogram = field(default_factory=Histogram)
    ticket_offered: Counter[str] = field(default_factory=Counter)
    ticket_kept: Counter[str] = field(default_factory=Counter)
    ticket_completed: Counter[str] = field(default_factory=Counter)
    # (ticket id, bot): keepers and completions per bot, for TTR608's like-for-like line
    ticket_bot_kept: Counter[tuple[str, str]] = field(default_factory=Counter)
    ticket_bot_completed: Counter[tuple[str, str]] = field(default_factory=Counter)
    route_claims: Counter[str] = field(default_factory=Counter)
    route_turns: Counter[str] = field(default_factory=Counter)
    stations_built: Histogram = field(default_factory=Histogram)
    stations_used: int = 0
    station_cities: Counter[str] = field(default_factory=Counter)
    counters: Counter[str] = field(default_factory=Counter)
    breakdown: Counter[str] = field(default_factory=Counter)
    # every player result, and those of the players who kept each ticket (ticket-advantage)
    player_wins: int = 0
    player_scores: Moments = field(default_factory=Moments)
    keeper_wins: Counter[str] = field(default_factory=Counter)
    keeper_scores: dict[str, Moments] = field(default_factory=dict)
    # like with like (ttrtool.verdict.strata): every player, the keepers of each ticket
    # and the claimers of each route, by bot and seat
    strata: dict[Stratum, Group] = field(default_factory=dict)
    ticket_strata: dict[str, dict[Stratum, Group]] = field(default_factory=dict)
    route_strata: dict[str, dict[Stratum, Group]] = field(default_factory=dict)
    # each ticket's own edge: every player's result regressed on all the tickets they kept
    # (ttrtool.verdict.holdings), so a ticket kept beside a strong one is not credited with it
    holdings: Holdings = field(default_factory=Holdings)
    first_claims: Counter[str] = field(default_factory=Counter)  # the game's first claim
    early_claims: Counter[str] = field(default_factory=Counter)  # in the first three rounds
    # at the end (FINAL_ROUNDS): a player's last trains
    last_claims: Counter[str] = field(default_factory=Counter)
    claims_by_game: ClaimsByGame = field(default_factory=ClaimsByGame)  # colour pressure
    # with --baseline: one summary per game, in game order, for the paired tests
    keep_games: bool = False
    games_kept: list[GameSummary] = field(default_factory=list)

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one finished game (a game-log record)."""
        self.games += 1
        self.end[record["end"]] += 1
        self.turns.add(record["turns"])
        winners = set(record["winners"])
        results = record["results"]
        for key, value in record["counters"].items():
            self.counters[key] += value
        scores = sorted((p["score"] for p in results), reverse=True)
        first = min(((r["turn"], r["id"]) for p in results for r in p["claimed"]), default=None)
        if first is not None:
            self.first_claims[first[1]] += 1
        self.claims_by_game.add((r["color"], r["length"]) for p in results for r in p["claimed"])
        # the end, claims from turn ``end_from`` on: the last round (the turn that brought a
        # player down to the end trigger, and every player's one turn after it, R-END-1) and
        # the FINAL_ROUNDS - 1 rounds before it; a game that ended any other way has none
        end_from = (record["turns"] - FINAL_ROUNDS * self.players - 1
                    if record["end"] == "normal" else None)
        # one game's players together: their results are not independent of each other
        self.holdings.add_game(((p["bot"], p["seat"]), [t["id"] for t in p["tickets"]],
                                p["score"], p["seat"] in winners) for p in results)
        for p in results:
            seat, score = p["seat"], p["score"]
            won = seat in winners
            stratum = (p["bot"], seat)
            self.strata.setdefault(stratum, Group()).add(won, score)
            for t in p["tickets"]:
                self.ticket_strata.setdefault(t["id"], {}).setdefault(
                    stratum, Group()).add(won, score)
            for r in p["claimed"]:
                self.route_strata.setdefault(r["id"], {}).setdefault(
                    stratum, Group()).add(won, score)
                if r["turn"] < EARLY_ROUNDS * self.players:
                    self.early_claims[r["id"]] += 1
            self.seat_wins[seat] += won
            self.player_wins += won
            self.player_scores.add(score)
            self.seat_scores.setdefault(seat, Histogram()).add(score)
            bot = self.bots.setdefault(p["bot"], BotTally())
            bot.seats += 1
            bot.wins += won
            bot.scores.add(score)
            bot.tickets_kept += len(p["tickets"])
            bot.tickets_completed += p["completed_tickets"]
            bot.ticket_points += p["breakdown"]["tickets"]
            bot.route_points += p["breakdown"]["routes"]
            self.scores.add(score)
            self.longest.add(p["longest_path"])
            self.trains_left.add(p["trains_left"])
            for key, value in p["breakdown"].items():
                if key == "bonuses":  # the other end-game bonuses, by type (R-VAR-6)
                    for bonus in value:
                        self.breakdown[bonus["type"]] += bonus["points"]
                else:
                    self.breakdown[key] += value
            for tid in p.get("offered", ()):
                self.ticket_offered[tid] += 1
            for t in p["tickets"]:
                self.ticket_kept[t["id"]] += 1
                self.keeper_wins[t["id"]] += won
                self.keeper_scores.setdefault(t["id"], Moments()).add(score)
                self.ticket_completed[t["id"]] += t["completed"]
                self.ticket_bot_kept[t["id"], p["bot"]] += 1
                self.ticket_bot_completed[t["id"], p["bot"]] += t["completed"]
            for r in p["claimed"]:
                self.route_claims[r["id"]] += 1
                self.route_turns[r["id"]] += r["turn"]
                if end_from is not None and r["turn"] >= end_from:
                    self.last_claims[r["id"]] += 1
            self.stations_built.add(len(p["stations"]))
            for s in p["stations"]:
                self.station_cities[s["city"]] += 1
                self.stations_used += s["route"] is not None
        if winners:
            self.winner_scores.add(scores[0])
        if self.keep_games:
            early = sorted((r["turn"], r["id"]) for p in results for r in p["claimed"]
                           if r["turn"] < EARLY_ROUNDS * self.players)
            self.games_kept.append(GameSummary(
                frozenset(winners), scores[0] if winners else 0, record["turns"],
                frozenset(r["id"] for p in results for r in p["claimed"]),
                tuple(rid for _, rid in early)))
        if len(scores) > 1:
            self.margins.add(scores[0] - scores[1])

    def to_dict(self, board: Board) -> dict[str, Any]:
        games, n = self.games, self.players
        seats = [
            {"seat": s, "wins": rate(self.seat_wins[s], games),
             "score": self.seat_scores.get(s, Histogram()).summary()}
            for s in range(n)
        ]
        bots = [
            {"bot": name, "seats_played": b.seats, "wins": rate(b.wins, b.seats),
             "score": b.scores.summary(),
             "tickets_kept_per_game": round(b.tickets_kept / b.seats, 4) if b.seats else 0.0,
             "ticket_completion": rate(b.tickets_completed, b.tickets_kept),
             "mean_ticket_points": round(b.ticket_points / b.seats, 4) if b.seats else 0.0,
             "mean_route_points": round(b.route_points / b.seats, 4) if b.seats else 0.0}
            for name, b in sorted(self.bots.items())
        ]
        spaces = ticket_spaces(board)
        own = self.holdings.fit()
        tickets = [self._ticket(t.id, t.label(), t.deck, spaces[t.id], own.get(t.id, {}))
                   | {"points": t.points} for t in board.tickets]
        routes = self._routes(board)
        seat_games = games * n
        abnormal = games - self.end["normal"]
        return {
            "players": n,
            "games": games,
            "end_reasons": {k: self.end[k] for k in END_REASONS},
            "stall_rate": rate(abnormal, games),
            "turns": self.turns.summary(with_histogram=True),
            "seats": seats,
            # Do seats win equally often?  Bots rotate through the seats, so a small p is a
            # seat effect of the map and rules, not of the bots.
            "seat_test": self._seat_test(),
            "seat_verdict": seat_verdict(self.seat_wins[0], games, n,
                                         [self.seat_wins[s] for s in range(n)]),
            "bots": bots,
            "scores": self.scores.summary(with_histogram=True),
            "winner_scores": self.winner_scores.summary(),
            "winning_margin": self.margins.summary(),
            "mean_breakdown": {k: _ratio(self.breakdown[k], seat_games, 4)
                               for k in ("routes", "tickets", "stations", "longest",
                                         *sorted(set(self.breakdown) - BASE_BREAKDOWN))},
            "longest_path": self.longest.summary(with_histogram=True),
            "trains_left": self.trains_left.summary(),
            "tickets": tickets,
            "routes": routes,
            "colours": colour_pressure(routes, games, self.claims_by_game),
            "stations": {
                "built_per_player": self.stations_built.summary(),
                "used_opponent_route": self.stations_used,
                "by_city": {c: self.station_cities[c] for c in sorted(self.station_cities)},
            },
            "events": {k: self.counters[k] for k in sorted(self.counters)},
        }


    def _seat_test(self) -> dict[str, Any] | None:
        test = uniformity([self.seat_wins[s] for s in range(self.players)])
        if test is None:
            return None
        # the smallest edge of one seat over a fair share this many games detect
        # (80% power, two-sided 1%): what "no seat effect" is worth
        edge = detectable_edge(1 / self.players, self.games)
        return {**test, "detectable_edge": None if edge is None else round(edge, 4)}

    def _ticket(self, tid: str, label: str, deck: str, spaces: int | None,
                own: Mapping[str, Pooled]) -> dict[str, Any]:
        kept, wins = self.ticket_kept[tid], self.keeper_wins[tid]
        keepers = self.keeper_scores.get(tid, Moments())
        others = self.player_scores.minus(keepers)
        return {
            "id": tid, "label": label, "deck": deck, "spaces": spaces,
            "offered": self.ticket_offered[tid], "kept": kept,
            "keep_rate": _ratio(kept, self.ticket_offered[tid]),
            "completed": self.ticket_completed[tid],
            "completion": rate(self.ticket_completed[tid], kept),
            "by_bot": {bot: {"kept": n, "completed": self.ticket_bot_completed[t, bot]}
                       for (t, bot), n in sorted(self.ticket_bot_kept.items()) if t == tid},
            # players who kept it against every other player result of the run
            "keepers": {"wins": rate(wins, kept), "mean_score": round(keepers.mean, 4)},
            "others": {"wins": rate(self.player_wins - wins, others.n),
                       "mean_score": round(others.mean, 4)},
            "advantage": {"wins": two_proportions(wins, kept, self.player_wins - wins, others.n),
                          "score": mean_difference(keepers, others)},
            # keepers against non-keepers of the same bot and seat (Mantel–Haenszel)
            "like_for_like": compare(self.strata, self.ticket_strata.get(tid, {})),
            # the same with every other ticket the players kept held apart (a regression on
            # the tickets kept, one intercept per bot and seat): what TTR604 tests; the sums
            # are inverse-variance weights, so they too pool over player counts by adding
            "own": {k: own.get(k, Pooled()).to_dict() for k in ("wins", "score")},
        }

    def _routes(self, board: Board) -> list[dict[str, Any]]:
        """Per track; ``link_*`` join the tracks of a double route where only one can be
        claimed at this player count (R-CLAIM-5), so a closed second track is never idle."""
        games = self.games
        joined = not board.rules.both_tracks_usable(self.players)
        groups = board.double_groups()
        out = []
        for r in board.routes:
            tracks = sorted(t.index for t in groups.get(r.double or "", ()))
            link = tuple(tracks) if joined and r.double is not None else (r.index,)
            link_claims = sum(self.route_claims[board.routes[i].id] for i in link)
            link_last = sum(self.last_claims[board.routes[i].id] for i in link)
            out.append({
                "id": r.id, "label": r.label(), "length": r.length, "color": r.color,
                "kind": r.kind, "claimed": self.route_claims[r.id],
                "claimed_last": self.last_claims[r.id],  # at the end (FINAL_ROUNDS)
                "claim_rate": _ratio(self.route_claims[r.id], games),
                "mean_claim_turn": _ratio(self.route_turns[r.id], self.route_claims[r.id], 2),
                "link": link_label(board, link),
                "link_route_ids": [board.routes[i].id for i in link],
                "link_claimed": link_claims,
                "link_claim_rate": rate(link_claims, games),
                # of those, claims at the end (FINAL_ROUNDS), with a player's last trains
                "link_claimed_last": link_last,
                "first_claim": rate(self.first_claims[r.id], games),
                "early_claim": rate(self.early_claims[r.id], games),
                # claimers against non-claimers of the same bot and seat (Mantel–Haenszel)
                "like_for_like": compare(self.strata, self.route_strata.get(r.id, {})),
            })
        return out


Z90 = 1.6448536269514722  # one-sided 95%: the two one-sided tests of an equivalence test


def _tost(wins: int, games: int, players: int, z: float) -> tuple[float, float, float]:
    """(edge over a fair 1/n, lower, upper end of its interval at one-sided ``z``)."""
    r, fair = wins / games, 1 / players
    se = max(math.sqrt(r * (1 - r) / games), math.sqrt(fair * (1 - fair) / games) / 4)
    edge = r - fair
    return edge, edge - z * se, edge + z * se


def seat_verdict(wins: int, games: int, players: int,
                 seat_wins: Sequence[int] = ()) -> dict[str, Any] | None:
    """What the run rules out about the seats' edges (an equivalence test, TOST).

    The first seat's win rate minus a fair 1/n with its 90% interval: both
    one-sided tests at 5% reject every edge outside ``±ruled_out``, so the run
    says "the first seat's edge is within ±ruled_out" at 95% confidence.  With
    every seat's wins (``seat_wins``), ``every_seat`` says the same of all seats
    at once: each seat's two one-sided tests at 5/n% (Bonferroni over the n
    seats), so "every seat's edge is within ±ruled_out" holds at 95% whichever
    seat a finding (even an info one) points at."""
    if games < 2 or players < 2:
        return None
    edge, lo, hi = _tost(wins, games, players, Z90)
    out: dict[str, Any] = {
        "seat": 1, "edge": round(edge, 6), "ci90": [round(lo, 6), round(hi, 6)],
        "ruled_out": round(max(abs(lo), abs(hi)), 6),
        "test": "two one-sided tests at 5% (TOST) on the first seat's win rate minus 1/n"}
    if len(seat_wins) == players:
        z = NormalDist().inv_cdf(1 - 0.05 / players)
        bounds = [(max(abs(a), abs(b)), s + 1, e) for s, w in enumerate(seat_wins)
                  for e, a, b in [_tost(w, games, players, z)]]
        widest, seat, measured = max(bounds)
        out["every_seat"] = {
            "ruled_out": round(widest, 6), "widest_seat": seat, "edge": round(measured, 6),
            "test": f"two one-sided tests at {5 / players:.3g}% per seat (Bonferroni over "
                    f"the {players} seats) on each seat's win rate minus 1/n"}
    return out


def colour_pressure(routes: Sequence[Mapping[str, Any]], games: int,
                    by_game: ClaimsByGame | None = None) -> list[dict[str, Any]]:
    """Per colour: its tracks, the share of them claimed per game and the mean claim turn;
    with ``by_game``, ``difference_sd``: the standard deviation over games of the
    colour's claims minus what the map's tracks of its lengths got in the same game
    (the game-level variance TTR609 tests with).

    Counted over tracks (a closed second track counts as unclaimed: colours are
    compared at one player count, where every colour's double routes are closed alike)."""
    by_length = Counter(r["length"] for r in routes)
    out = []
    for colour in sorted({r["color"] for r in routes}):
        tracks = [r for r in routes if r["color"] == colour]
        claims = sum(r["claimed"] for r in tracks)
        turns = sum(r["mean_claim_turn"] * r["claimed"] for r in tracks)
        row = {"colour": colour, "tracks": len(tracks),
               "spaces": sum(r["length"] for r in tracks),
               "claimed": rate(claims, games * len(tracks)),
               "mean_claim_turn": round(turns / claims, 2) if claims else None}
        if by_game is not None and by_game.games == games:
            mine = Counter(r["length"] for r in tracks)
            weights = {length: k / by_length[length] for length, k in mine.items()}
            row["difference_sd"] = round(by_game.difference_sd(colour, weights), 6)
            # the spread over games of its tracks claimed in a game: what --baseline's
            # unpaired test of the colour needs (the claims of one game go together)
            row["claims_sd"] = round(by_game.claims_sd(colour), 6)
        out.append(row)
    return out


def ticket_spaces(board: Board) -> dict[str, int | None]:
    """Ticket id -> train spaces of its cheapest completion (best destination), every track open."""
    finder = PathFinder(board, [float(r.length) for r in board.routes])
    out: dict[str, int | None] = {}
    for t in complete_tickets(finder, costs_only=True):
        costs = [leg.spaces for leg in t.legs if leg.spaces is not None]
        out[t.ticket.id] = min(costs) if costs else None
    return out


def _ratio(a: int, b: int, digits: int = 6) -> float:
    return round(a / b, digits) if b else 0.0


def build_report(
    board: Board, tallies: Sequence[Tally], run: Mapping[str, Any], version: str,
    static: Sequence[Finding] = (),
) -> dict[str, Any]:
    """The whole report: what was run, the findings, then one section per player count.

    ``static``: the board's findings from :mod:`ttrtool.analysis.findings`; the
    findings from play are computed here.  ``findings`` lists them all, most
    severe first; each configuration repeats those of its player count.
    """
    configurations = [t.to_dict(board) for t in tallies]
    counts = {t.players for t in tallies}
    # static findings of a player count the run did not play stay with analyze
    static = [f for f in static if not f.players or counts & set(f.players)]
    priced = static_prices(static)
    play = play_findings(configurations, priced=priced, bots=run.get("bots"))
    found = ordered([*with_play_evidence(static, play, configurations), *play])
    for c in configurations:
        c["findings"] = [f.to_dict() for f in found if c["players"] in f.players]
    return {
        "format": REPORT_FORMAT,
        "versions": {"ttrtool": version,
                     "python": ".".join(platform.python_version_tuple()[:2])},
        "map": {"id": board.meta.id, "name": board.meta.name, "version": board.meta.version},
        "run": dict(run),
        "findings": [f.to_dict() for f in found],
        "configurations": configurations,
    }
