"""The statistics of the verdicts, each fix tested where the old code went wrong
(issue 36, item 7)."""

from __future__ import annotations

import math
from typing import Any

from ttrtool.diagnostics import Severity
from ttrtool.findings import Effect, Finding
from ttrtool.verdict import auto
from ttrtool.verdict.baseline import CHANGE_LIMITS, colour_changes, seat_changes
from ttrtool.verdict.edges import EDGE_LIMITS, _route_builder, _Subject
from ttrtool.verdict.pressure import _one_per_colour
from ttrtool.verdict.statistics import equals, rate
from ttrtool.verdict.strata import Pooled


def _seats(wins: int, games: int) -> dict[str, Any]:
    return {"players": 2, "seats": [{"seat": 0, "wins": rate(wins, games)}]}


def test_a_baseline_change_warns_on_the_near_end_of_its_interval() -> None:
    """+9 points, significant, but the interval reaches +4.6: info, not a warning (the
    old code warned on the point estimate, |d| >= 8)."""
    [change] = seat_changes(_seats(590, 1000), _seats(500, 1000), CHANGE_LIMITS)
    assert change.p_value < 1e-4
    f = change.build(change.p_value, "")
    assert f is not None and f.severity is Severity.INFO
    assert f.effect is not None and f.effect.ci95[0] < 0.08 < f.effect.value + 0.01
    # far enough that the near end passes 8 points: a warning
    [far] = seat_changes(_seats(700, 1000), _seats(500, 1000), CHANGE_LIMITS)
    built = far.build(far.p_value, "")
    assert built is not None and built.severity is Severity.WARNING


def test_tiny_q_values_are_printed_with_a_floor() -> None:
    assert equals("q", 8.7e-308) == "q < 1e-12"
    assert equals("q", 0.0031) == "q = 0.0031"
    [far] = seat_changes(_seats(900, 1000), _seats(500, 1000), CHANGE_LIMITS)
    built = far.build(1e-300, "")
    assert built is not None and "q < 1e-12" in built.message and "e-300" not in built.message


def _colour(severity: Severity, players: int, value: float) -> Finding:
    return Finding("TTR609", severity, f"colour red at {players} players", {"colours": ("red",)},
                   {}, (players,), Effect("share", value, (value - 0.02, value + 0.02), "pts"))


def test_a_merged_colour_finding_keeps_info_counts_info() -> None:
    """A warning at 3 players and an info at 4 merge into one line: its warning holds at
    3 players only (the old code gave both counts the warning)."""
    [f] = _one_per_colour([_colour(Severity.WARNING, 3, -0.25),
                           _colour(Severity.INFO, 4, -0.12)])
    assert f.severity is Severity.WARNING and f.players == (3,)
    assert "also at 4 players (-12.0 points, info)" in f.message
    assert f.evidence["by_players"]["4"]["severity"] == "info"


def _route(diff: float, se: float) -> _Subject:
    return _Subject("r", "Portland–Seattle 1 gray", 1.0, "routes", Pooled(1.0, diff, se * se),
                    Pooled(), [2, 4], 300)


def test_a_route_whose_claimers_do_not_win_more_is_not_flagged() -> None:
    """Claimers +1 point (95% CI -2.0 to +4.1), 8.5 points above the line of routes of its
    length: not a route that wins games (the old code flagged it)."""
    build = _route_builder(_route(0.0105, 0.0155), -0.0745, 0.085, 0.0, EDGE_LIMITS, 1e-4)
    assert build(1e-4, "", 2.0) is None
    ahead = _route_builder(_route(0.12, 0.02), 0.03, 0.09, 0.0, EDGE_LIMITS, 1e-4)(1e-4, "", 2.0)
    assert ahead is not None and "points of win rate more" in ahead.message


def test_auto_finds_a_seat_only_where_the_report_would() -> None:
    """64 to 36 of 100 games is p = 0.005 alone, but 0.02 after Holm over the four seat
    tests of a run at 2, 3 and 4 players: the report has no TTR601, so auto is not
    'found' (the old code stopped on the raw p)."""
    assert auto.settled(2, 100, 64, [64, 36], 0)["seat"] == "found"
    assert auto.settled(2, 100, 64, [64, 36], 0, auto.seat_family(3))["seat"] != "found"


def test_auto_rules_out_every_seat_not_the_first_only() -> None:
    """Seat 1 fair, seat 2 on 30%: the first seat's edge is within the margin, another
    seat's is not (the old code said 'ruled out')."""
    state = auto.settled(4, 150, 38, [38, 45, 30, 37], 0)
    assert state["seat"] == "open"
    assert auto.settled(4, 4000, 1000, [1000, 1010, 990, 1000], 0)["seat"] == "ruled out"


def _colour_row(games: int, tracks: int, per_game: list[int]) -> dict[str, Any]:
    claims = sum(per_game)
    mean = claims / games
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_game) / (games - 1))
    return {"colour": "red", "tracks": tracks, "spaces": 3 * tracks,
            "claimed": rate(claims, games * tracks), "mean_claim_turn": 40.0,
            "claims_sd": round(sd, 6)}


def _colour_config(row: dict[str, Any]) -> dict[str, Any]:
    return {"players": 3, "colours": [row],
            "routes": [{"id": f"red-{i}", "color": "red"} for i in range(row["tracks"])]}


def test_the_unpaired_colour_test_takes_a_game_as_one_observation() -> None:
    """Claims of one colour go together within a game (all ten tracks or none): the test
    over games is much wider than one over 1,000 independent tracks (the old test found
    this 14-point difference at p < 0.0001)."""
    new = _colour_row(100, 10, [10] * 50 + [0] * 50)
    old = _colour_row(100, 10, [10] * 36 + [0] * 64)
    [change] = colour_changes(_colour_config(new), _colour_config(old), CHANGE_LIMITS)
    assert change.p_value > 0.01
