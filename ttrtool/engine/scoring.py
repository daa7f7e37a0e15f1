"""Final scoring, winners and from-scratch recounts (R-SCORE-1..4, R-TIX-2, R-EU-4/5/9, R-CH-3,
R-VAR-6..9).

The state keeps a running route score (R-CLAIM-3); everything else is
computed here at the end.  :func:`rescore` re-derives every score from a
:class:`GameResult` and the board alone, so a logged game can be checked
without replaying it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ttrtool.engine.bonuses import award, largest_network, multi_path_tickets
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
    uf = st.uf[player]
    if st.tickets[player] and any(p == player for _, p in st.stations):
        return best_station_routes(g, player, st.tickets[player], st.owner, st.stations, uf)
    own_stations: list[tuple[int, int | None]] = [(c, None) for c, p in st.stations if p == player]
    find = uf.copy().find
    owner = st.owner

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
            elif tb == "multi_path_tickets":  # R-VAR-6: more points from it
                out.append(pr.breakdown.bonus(tb))
            else:  # R-VAR-6: holds that bonus
                out.append(1 if pr.breakdown.bonus(tb) > 0 else 0)
        return tuple(out)

    best = max(key(pr) for pr in players)
    return tuple(pr.seat for pr in players if key(pr) == best)


def final_result(st: GameState) -> GameResult:
    """Score a finished game from scratch (R-TIX-2, R-EU-4, R-EU-5, R-SCORE-3, R-SCORE-4)."""
    g = st.game
    rules = g.rules
    n = g.players
    routes = recount_route_points(st)
    longest = [player_longest(st, p) for p in range(n)]
    outcomes = [ticket_results(st, p) for p in range(n)]
    completed = [sum(1 for t in tickets if t.completed) for _, tickets in outcomes]
    kinds = {b.type for b in rules.bonuses}
    network = ([largest_network(g, st.claimed[p]) for p in range(n)]
               if "largest_network" in kinds else [0] * n)
    loops = ([multi_path_tickets(g, st.claimed[p], outcomes[p][1]) for p in range(n)]
             if "multi_path_tickets" in kinds else [0] * n)
    measures = {"longest_path": longest, "most_tickets": completed,
                "largest_network": network, "multi_path_tickets": loops}
    longest_bonus = [0] * n
    other: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    for bonus in rules.bonuses:  # R-VAR-6, in rules order
        points = award(bonus, measures[bonus.type])
        for p in range(n):
            if bonus.type == "longest_path":
                longest_bonus[p] += points[p]
            else:
                other[p].append((bonus.type, points[p]))
    players = []
    for p in range(n):
        stations, tickets = outcomes[p]
        breakdown = ScoreBreakdown(
            routes=routes[p],
            tickets=sum(t.scored for t in tickets),
            stations=st.stations_left[p] * rules.station_unused_points,
            longest=longest_bonus[p],
            bonuses=tuple(other[p]),
        )
        players.append(PlayerResult(
            seat=p,
            score=breakdown.total,
            trains_left=st.trains[p],
            breakdown=breakdown,
            longest_path=longest[p],
            claimed=tuple(st.claimed[p]),
            claim_turns=tuple(st.claim_turns[p]),
            stations=tuple(stations),
            tickets=tuple(tickets),
            completed_tickets=completed[p],
            network=network[p],
            multi_path_tickets=loops[p],
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
    points as scored (R-TIX-2), unused stations (R-EU-5), and the rules'
    bonuses from the measures the result records (R-SCORE-3, R-VAR-6..9).
    """
    rules = board.rules
    measures = {
        "longest_path": [pr.longest_path for pr in result.players],
        "most_tickets": [sum(1 for t in pr.tickets if t.completed) for pr in result.players],
        "largest_network": [pr.network for pr in result.players],
        "multi_path_tickets": [pr.multi_path_tickets for pr in result.players]}
    bonus = [0] * len(result.players)
    for b in rules.bonuses:
        for p, points in enumerate(award(b, measures[b.type])):
            bonus[p] += points
    scores = []
    mountain = rules.mountain_points if rules.mountains_allowed else 0  # R-VAR-10
    for pr in result.players:
        routes = sum((rules.points_for_length(board.routes[r].length) or 0)
                     + mountain * board.routes[r].mountains for r in pr.claimed)
        tickets = sum(t.scored for t in pr.tickets)
        stations = (rules.stations_per_player - len(pr.stations)) * rules.station_unused_points
        scores.append(routes + tickets + stations + bonus[pr.seat])
    return scores
