"""Final scoring, winners and from-scratch recounts (R-SCORE-1..4, R-TIX-2, R-EU-4/5/9, R-CH-3).

The state keeps a running route score (R-CLAIM-3); everything else is
computed here at the end.  :func:`rescore` re-derives every score from a
:class:`GameResult` and the board alone, so a logged game can be checked
without replaying it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ttrtool.engine.longest import longest_trail
from ttrtool.engine.result import GameResult, PlayerResult, ScoreBreakdown
from ttrtool.engine.stations import best_station_routes
from ttrtool.engine.tickets import TicketResult, score_ticket
from ttrtool.model import Board
from ttrtool.rules import Rules

if TYPE_CHECKING:
    from ttrtool.engine.state import GameState


def recount_route_points(st: GameState) -> list[int]:
    """Route points of each player counted afresh from who owns which route (R-SCORE-1)."""
    g = st.game
    points = [0] * g.players
    for r, p in enumerate(st.owner):
        if p >= 0:
            points[p] += g.route_points[r]
    return points


def player_longest(st: GameState, player: int) -> int:
    """The player's longest trail over their own routes only (R-SCORE-2, R-EU-9)."""
    g = st.game
    return longest_trail(st.claimed[player], g.route_a, g.route_b, g.route_len, g.terminal)


def ticket_results(st: GameState, player: int) -> tuple[list[tuple[int, int | None]],
                                                          list[TicketResult]]:
    """The player's tickets scored, with the best use of their stations (R-EU-4)."""
    g = st.game
    parent = st.uf[player]
    if st.tickets[player] and any(p == player for _, p in st.stations):
        return best_station_routes(g, player, st.tickets[player], st.owner, st.stations, parent)
    own_stations: list[tuple[int, int | None]] = [(c, None) for c, p in st.stations if p == player]
    par = list(parent)
    owner = st.owner

    def find(x: int) -> int:
        while par[x] != x:
            par[x] = par[par[x]]
            x = par[x]
        return x

    def owned(r: int) -> bool:
        return owner[r] == player

    return own_stations, [score_ticket(g, t, owned, find) for t in st.tickets[player]]


def rank_winners(rules: Rules, players: Sequence[PlayerResult]) -> tuple[int, ...]:
    """Most points; ties broken by the rules' tie-breakers in order (R-SCORE-4, R-EU-9).

    The keys compare whole tuples, so a tie-breaker only ever decides among the
    players still tied: ``longest_path_length`` gives the tie to the tied
    player with the longer own path even when the bonus went to someone else
    (R-SCORE-4); ``longest_path`` asks who holds the bonus (R-EU-9).
    """

    def key(pr: PlayerResult) -> tuple[int, ...]:
        out = [pr.score]
        for tb in rules.tie_breakers:
            if tb == "completed_tickets":
                out.append(pr.completed_tickets)
            elif tb == "fewest_stations_used":
                out.append(-pr.stations_used)
            elif tb == "longest_path_length":
                out.append(pr.longest_path)
            elif tb == "longest_path":
                out.append(1 if pr.breakdown.longest > 0 else 0)
        return tuple(out)

    best = max(key(pr) for pr in players)
    return tuple(pr.seat for pr in players if key(pr) == best)


def final_result(st: GameState) -> GameResult:
    """Score a finished game from scratch (R-TIX-2, R-EU-4, R-EU-5, R-SCORE-3, R-SCORE-4)."""
    g = st.game
    rules = g.rules
    routes = recount_route_points(st)
    longest = [player_longest(st, p) for p in range(g.players)]
    top = max(longest)
    players = []
    for p in range(g.players):
        stations, tickets = ticket_results(st, p)
        bonus = rules.longest_path_bonus if top > 0 and longest[p] == top else 0
        breakdown = ScoreBreakdown(
            routes=routes[p],
            tickets=sum(t.scored for t in tickets),
            stations=st.stations_left[p] * rules.station_unused_points,
            longest=bonus,
        )
        players.append(PlayerResult(
            seat=p,
            score=breakdown.routes + breakdown.tickets + breakdown.stations + breakdown.longest,
            trains_left=st.trains[p],
            breakdown=breakdown,
            longest_path=longest[p],
            claimed=tuple(st.claimed[p]),
            claim_turns=tuple(st.claim_turns[p]),
            stations=tuple(stations),
            tickets=tuple(tickets),
            completed_tickets=sum(1 for t in tickets if t.completed),
        ))
    return GameResult(
        seed=st.seed,
        end_reason=st.end_reason or "",
        turns=st.turn,
        winners=rank_winners(rules, players),
        players=tuple(players),
        tunnels_paid=st.tunnels_paid,
        tunnels_withdrawn=st.tunnels_withdrawn,
        extra_cards_paid=st.extra_cards,
        market_wipes=st.market_wipes,
        wipes_stopped=st.wipes_stopped,
        stations_built=len(st.stations),
    )


def rescore(board: Board, result: GameResult) -> list[int]:
    """Each seat's score from the result and the board only, without the engine.

    Route points from the lengths of the claimed routes (R-SCORE-1), ticket
    points as scored (R-TIX-2), unused stations (R-EU-5), and the bonus for
    every player tied on the longest path (R-SCORE-3).
    """
    rules = board.rules
    top = max(pr.longest_path for pr in result.players)
    scores = []
    for pr in result.players:
        routes = sum(rules.points_for_length(board.routes[r].length) or 0 for r in pr.claimed)
        tickets = sum(t.scored for t in pr.tickets)
        stations = (rules.stations_per_player - len(pr.stations)) * rules.station_unused_points
        bonus = rules.longest_path_bonus if top > 0 and pr.longest_path == top else 0
        scores.append(routes + tickets + stations + bonus)
    return scores
