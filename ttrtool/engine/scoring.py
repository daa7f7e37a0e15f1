"""Final scoring, winners and from-scratch recounts (R-SCORE-1..4, R-TIX-2, R-EU-4/5/9, R-CH-3,
R-VAR-6..9).

The state keeps a running route score (R-CLAIM-3); everything else is
computed here at the end.  :func:`rescore` re-derives every score from a
:class:`GameResult` and the board alone, so a logged game can be checked
without replaying it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.engine.bonuses import award, largest_network, multi_path_tickets
from ttrtool.engine.longest import longest_trail
from ttrtool.engine.result import GameResult, PlayerResult, ScoreBreakdown
from ttrtool.engine.stations import best_station_routes
from ttrtool.engine.tables import BoardTables
from ttrtool.engine.tickets import TicketResult, score_ticket
from ttrtool.graph import UnionFind
from ttrtool.model import Board
from ttrtool.rules import Rules


def recount_route_points(g: BoardTables, owner: Sequence[int]) -> list[int]:
    """Route points of each player counted afresh from who owns which route (R-SCORE-1)."""
    points = [0] * g.players
    for r, p in enumerate(owner):
        if p >= 0:
            points[p] += g.route_points[r]
    return points


def player_longest(g: BoardTables, claimed: Sequence[int]) -> int:
    """The player's longest trail over their own routes only (R-SCORE-2, R-EU-9)."""
    return longest_trail(claimed, g.route_a, g.route_b, g.route_len, g.terminal)


def ticket_results(g: BoardTables, player: int, tickets: list[int], owner: list[int],
                   stations: list[tuple[int, int]], network: UnionFind,
                   ) -> tuple[list[tuple[int, int | None]], list[TicketResult]]:
    """The player's tickets scored, with the best use of their stations (R-EU-4);
    ``network`` joins what the player's own routes join (not changed)."""
    if tickets and any(p == player for _, p in stations):
        return best_station_routes(g, player, tickets, owner, stations, network)
    own_stations: list[tuple[int, int | None]] = [(c, None) for c, p in stations if p == player]
    find = network.copy().find

    def owned(r: int) -> bool:
        return owner[r] == player

    return own_stations, [score_ticket(g, t, owned, find) for t in tickets]


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


def final_players(g: BoardTables, owner: list[int], claimed: list[list[int]],
                  claim_turns: list[list[int]], trains: list[int], tickets: list[list[int]],
                  networks: list[UnionFind], stations: list[tuple[int, int]],
                  stations_left: list[int]) -> tuple[PlayerResult, ...]:
    """Score every seat of a finished game from scratch, from who owns what (R-TIX-2,
    R-EU-4, R-EU-5, R-SCORE-3, R-VAR-6); ``GameState.result`` adds the rest."""
    rules = g.rules
    n = g.players
    routes = recount_route_points(g, owner)
    longest = [player_longest(g, claimed[p]) for p in range(n)]
    outcomes = [ticket_results(g, p, tickets[p], owner, stations, networks[p])
                for p in range(n)]
    completed = [sum(1 for t in tickets if t.completed) for _, tickets in outcomes]
    kinds = {b.type for b in rules.bonuses}
    network = ([largest_network(g, claimed[p]) for p in range(n)]
               if "largest_network" in kinds else [0] * n)
    loops = ([multi_path_tickets(g, claimed[p], outcomes[p][1]) for p in range(n)]
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
        used, scored = outcomes[p]
        breakdown = ScoreBreakdown(
            routes=routes[p],
            tickets=sum(t.scored for t in scored),
            stations=stations_left[p] * rules.station_unused_points,
            longest=longest_bonus[p],
            bonuses=tuple(other[p]),
        )
        players.append(PlayerResult(
            seat=p,
            score=breakdown.total,
            trains_left=trains[p],
            breakdown=breakdown,
            longest_path=longest[p],
            claimed=tuple(claimed[p]),
            claim_turns=tuple(claim_turns[p]),
            stations=tuple(used),
            tickets=tuple(scored),
            completed_tickets=completed[p],
            network=network[p],
            multi_path_tickets=loops[p],
        ))
    return tuple(players)


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
