"""Winners and tie-breakers (R-SCORE-4, R-EU-9), and re-scoring from a result."""

from __future__ import annotations

from ttrtool.engine import PlayerResult, ScoreBreakdown, TicketResult
from ttrtool.engine.scoring import rank_winners
from ttrtool.rules import Rules, resolve_rules


def rules(preset: str) -> Rules:
    return Rules.from_data(resolve_rules({"preset": preset}), preset)


def player(seat: int, score: int, completed: int = 0, stations: int = 0,
           longest: bool = False) -> PlayerResult:
    tickets = tuple(TicketResult(i, True, 1, 0) for i in range(completed))
    return PlayerResult(
        seat=seat, score=score, trains_left=0,
        breakdown=ScoreBreakdown(score, 0, 0, 10 if longest else 0),
        longest_path=5 if longest else 3, claimed=(), claim_turns=(),
        stations=tuple((i, None) for i in range(stations)), tickets=tickets,
        completed_tickets=completed)


def test_r_score_4_most_points_wins() -> None:
    assert rank_winners(rules("usa"), [player(0, 90), player(1, 100), player(2, 99)]) == (1,)


def test_r_score_4_tie_broken_by_completed_tickets_then_longest_path() -> None:
    usa = rules("usa")
    assert rank_winners(usa, [player(0, 100, completed=3), player(1, 100, completed=4)]) == (1,)
    assert rank_winners(usa, [player(0, 100, 4, longest=True), player(1, 100, 4)]) == (0,)
    assert rank_winners(usa, [player(0, 100, 4), player(1, 100, 4)]) == (0, 1)  # shared win


def test_r_eu_9_tie_broken_by_tickets_then_fewest_stations_then_express() -> None:
    eu = rules("europe")
    assert rank_winners(eu, [player(0, 80, 3, stations=0), player(1, 80, 3, stations=1,
                                                                   longest=True)]) == (0,)
    assert rank_winners(eu, [player(0, 80, 2), player(1, 80, 3, stations=3)]) == (1,)
    assert rank_winners(eu, [player(0, 80, 3, 1), player(1, 80, 3, 1, longest=True)]) == (1,)


def ranked(seat: int, score: int, completed: int, path: int, bonus: bool) -> PlayerResult:
    """A result with its own longest path in trains, holding the bonus or not."""
    tickets = tuple(TicketResult(i, True, 1, 0) for i in range(completed))
    return PlayerResult(
        seat=seat, score=score, trains_left=0,
        breakdown=ScoreBreakdown(score, 0, 0, 10 if bonus else 0),
        longest_path=path, claimed=(), claim_turns=(), stations=(), tickets=tickets,
        completed_tickets=completed)


def test_r_score_4_tied_players_compare_their_own_paths_when_the_bonus_is_elsewhere() -> None:
    # Seats 0 and 1 tie on points and tickets; seat 2 holds the bonus (12 trains).
    # The tie goes to the longer own path among the tied: seat 0 (9 > 7).
    players = [ranked(0, 100, 4, 9, False), ranked(1, 100, 4, 7, False),
               ranked(2, 95, 5, 12, True)]
    for preset in ("usa", "switzerland"):
        assert rank_winners(rules(preset), players) == (0,)
    # Equal own paths: still a shared win.
    level = [ranked(0, 100, 4, 7, False), ranked(1, 100, 4, 7, False), ranked(2, 95, 5, 12, True)]
    assert rank_winners(rules("usa"), level) == (0, 1)


def test_r_eu_9_europe_still_asks_who_holds_the_express() -> None:
    # Europe's last tie-breaker is the card itself: held by neither tied player,
    # so the longer own path does not decide and both win.
    players = [ranked(0, 100, 4, 9, False), ranked(1, 100, 4, 7, False),
               ranked(2, 95, 5, 12, True)]
    assert rank_winners(rules("europe"), players) == (0, 1)
