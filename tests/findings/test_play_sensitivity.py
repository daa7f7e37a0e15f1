"""Plant one imbalance of each class found from play in a copy of a bundled map, play a
modest number of seeded games with the default bots, and require the findings to name it.

The game counts are the smallest that detect each plant at these seeds; the power
table in docs/simulate.md gives the counts over several seeds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks import plant
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.verdict.findings import FINAL_ROUNDS
from ttrtool.verdict.report import build_report

# Each test plays hundreds of games: `make test-slow` and CI run them.
pytestmark = pytest.mark.slow


def _report(board: Board, players: int, games: int, seed: int) -> dict[str, Any]:
    return build_report(board, play_tallies(board, (players,), games, seed), {"seed": seed},
                        "test")


def _warnings(report: dict[str, Any], code: str) -> list[dict[str, Any]]:
    return [f for f in report["findings"]
            if f["code"] == code and f["severity"] in ("warning", "error")]


def test_a_seat_advantage_is_named(tmp_path: Path) -> None:
    # 8 trains each and only short tickets: a game of a few turns, where moving
    # first is worth a whole claim
    data = plant.bundled("usa")
    data["rules"].update(trains_per_player=8, end_trigger_trains=2)
    data["tickets"]["regular"] = [{**t, "copies": 3} for t in data["tickets"]["regular"]
                                  if t["points"] <= 7]
    # seed 8: a warning at 150 games (seats' share at seeds 1-8, 150 games: 3 or 4 warnings
    # of 8 with the bots before issue 37's cost round, 1 of 8 after it, 4 of 8 at 800 games:
    # seat 1 still wins about 44% against a fair 33%, mostly named at info only)
    report = _report(plant.board(data, tmp_path), 3, 150, 8)
    found = _warnings(report, "TTR601")
    assert [f["subjects"]["seats"] for f in found] == [[1]]
    assert found[0]["players"] == [3] and "seat 1 wins" in found[0]["message"]
    assert found[0]["evidence"]["games_to_detect_this_edge"] < 150


def test_a_route_nobody_claims_is_named(tmp_path: Path) -> None:
    # A dead end no ticket reaches.  The expert may take it with its last trains, for
    # points (in its final claims, R-END-1's last round or the rounds before it): such
    # claims are no use, and the route is named.
    data = plant.bundled("usa")
    data["cities"].append({"name": "Key West", "pos": [1650, 1100]})
    data["routes"].append({"a": "Miami", "b": "Key West", "length": 2, "color": "black"})
    board = plant.board(data, tmp_path)
    report = _report(board, 2, 300, 1)
    found = _warnings(report, "TTR602")
    key_west = next(r.id for r in board.routes if r.b_name == "Key West")
    assert [f["subjects"]["routes"] for f in found] == [[key_west]]
    assert "Miami–Key West 2 black" in found[0]["message"]
    # at this seed a few games end with it claimed, every time at the end
    last = found[0]["evidence"]["claimed_at_the_end"]
    assert 1 <= last <= 6
    assert f"before the last {FINAL_ROUNDS} rounds ({last} claims with players' last " \
           "trains)" in found[0]["message"]


def test_a_ticket_that_wins_games_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    # a 4-space ticket worth 60: validate calls it an error (TTR407); play names it on its
    # own, beyond the spread of the map's tickets, without the static price
    plant.ticket(data, "Denver", "El Paso")["points"] = 60
    board = plant.built(data, tmp_path)
    # named at each of 16 seeds at 100 games, alone at each since TTR604 holds the other
    # tickets a keeper kept apart (seed 1: the test below)
    report = _report(board, 4, 100, 2)
    found = _warnings(report, "TTR604")
    tid = next(t.id for t in board.tickets if t.label().startswith("Denver–El Paso"))
    assert [f["subjects"]["tickets"] for f in found] == [[tid]]
    f = found[0]
    assert f["evidence"]["beyond_spread"] and f["evidence"]["static_price"] is None
    assert f["effect"]["unit"] == "points of score" and f["effect"]["ci95"][0] > 5
    assert f["test"]["adjusted"] < 0.01 and "over the 30 ticket tests" in f["test"]["control"]
    assert f["evidence"]["like_for_like_wins"]["diff"] > 0
    assert f["evidence"]["own_score"]["diff"] > 40  # the ticket's own 56 points over its cost


def test_the_tickets_kept_beside_a_winning_ticket_are_not_named(tmp_path: Path) -> None:
    """With Denver–El Paso worth 60, tickets kept beside it come out over the deck's line
    when compared like for like alone: their keepers held the 60-point ticket more often,
    and its keepers pull every other ticket's line down.  With the other tickets each
    player kept held apart (ttrtool/verdict/holdings.py) only the planted ticket is named.
    Seed 7 (4 players, 100 games, the expert of issue 37's cost round): Portland–Phoenix
    is 25 points over the line like for like (p = 5e-6) and 14 on its own (p = 9e-5, not
    named); at seed 1 the tickets through Denver and Santa Fe were warnings before (the
    expert of issue 22's third round)."""
    data = plant.bundled("usa")
    plant.ticket(data, "Denver", "El Paso")["points"] = 60
    board = plant.built(data, tmp_path)
    ids = {t.label().rsplit(" ", 1)[0]: t.id for t in board.tickets}
    for seed in (1, 7):
        report = _report(board, 4, 100, seed)
        assert [f["subjects"]["tickets"] for f in _warnings(report, "TTR604")] == [
            [ids["Denver–El Paso"]]], seed
    tickets = {t["id"]: t for t in report["configurations"][0]["tickets"]}
    rider = tickets[ids["Portland–Phoenix"]]
    like, own = rider["like_for_like"]["score"], rider["own"]["score"]
    assert like["p_value"] < 1e-4 and like["diff"] > 15  # alone, far over the line
    assert own["p_value"] > 10 * like["p_value"] and own["diff"] < like["diff"]  # less


def _reports(board: Board, counts: tuple[int, ...], games: int, seed: int,
             static: bool = True) -> dict[str, Any]:
    from ttrtool.analysis import analyze
    from ttrtool.analysis.findings import static_findings

    tallies = play_tallies(board, counts, games, seed)
    found = static_findings(analyze(board)) if static else []
    return build_report(board, tallies, {"seed": seed}, "test", found)


def test_a_ticket_worth_double_is_a_warning_that_confirms_its_static_price(
        tmp_path: Path) -> None:
    """The planted ticket of the issue, made stronger for a small run: Chicago–Santa Fe
    9 -> 27 (the full-scale 9 -> 18 at 400 games is in benchmarks/play_power.py)."""
    data = plant.bundled("usa")
    plant.ticket(data, "Chicago", "Santa Fe")["points"] = 27
    board = plant.built(data, tmp_path)
    report = _reports(board, (3, 4), 120, 1)
    tid = next(t.id for t in board.tickets if t.label().startswith("Chicago–Santa Fe"))
    found = _warnings(report, "TTR604")
    assert [f["subjects"]["tickets"] for f in found] == [[tid]]
    assert found[0]["players"] == [3, 4]  # one finding for the ticket, listing the counts
    assert found[0]["evidence"]["static_price"] == "over"
    assert "play confirms it" in found[0]["message"]
    # the static finding carries the play evidence
    [static] = [f for f in report["findings"] if f["code"] == "TTR501"
                and f["subjects"]["tickets"] == [tid]]
    assert static["evidence"]["play"]["confirmed"] and "play confirms it" in static["message"]


def test_a_one_space_shortcut_is_raced_for(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    data["routes"].append({"a": "Denver", "b": "Saint Louis", "length": 1, "color": "gray"})
    board = plant.board(data, tmp_path)
    report = _reports(board, (3,), 60, 1, static=False)
    rid = next(r.id for r in board.routes if {r.a_name, r.b_name} == {"Denver", "Saint Louis"})
    found = _warnings(report, "TTR607")
    assert [f["subjects"]["routes"] for f in found] == [[rid]]
    assert found[0]["effect"]["ci95"][0] >= 0.65


def test_a_fair_static_warning_says_play_does_not_confirm_it(tmp_path: Path) -> None:
    """A ticket the static price calls dear but whose keepers do no better in play: the
    static finding shows the play evidence and says play does not confirm it."""
    data = plant.bundled("usa")
    plant.ticket(data, "Kansas City", "Houston")["points"] = 9  # 5 spaces: priced high
    board = plant.board(data, tmp_path)
    report = _reports(board, (4,), 40, 3)
    tid = next(t.id for t in board.tickets if t.label().startswith("Kansas City–Houston"))
    [static] = [f for f in report["findings"] if f["code"] == "TTR501"
                and f["subjects"]["tickets"] == [tid]]
    assert static["evidence"]["play"]["confirmed"] is False
    assert "play does not confirm it at this many games" in static["message"]
    assert not [f for f in _warnings(report, "TTR604") if f["subjects"]["tickets"] == [tid]]


def test_on_its_own_play_warns_of_a_ticket_that_wins_not_of_one_that_loses() -> None:
    from ttrtool.diagnostics import Severity
    from ttrtool.verdict.edges import EDGE_LIMITS, _Subject, _ticket_builder, selected_z
    from ttrtool.verdict.strata import Pooled

    def severity(diff: float, price: str = "", selected: int = 1) -> Severity | None:
        # a score edge of ``diff`` points with a standard error of 2 points, as far off
        # the line, where the map's tickets spread by 3 points; ``selected`` of the run's
        # 30 ticket tests pass
        score = Pooled(100.0, 100.0 * diff, (100.0 * 2) ** 2)
        s = _Subject("t-1", "A–B 6", 6.0, "regular", Pooled(), score, [2], 200)
        build = _ticket_builder(s, 0.0, diff, 3.0, price, EDGE_LIMITS, 1e-9)
        found = build(1e-8, "BH", selected_z(selected, 30))
        return None if found is None else found.severity

    assert severity(+20) is Severity.WARNING  # a ticket that wins games
    assert severity(-20) is Severity.INFO  # a trap for its keepers: info on its own
    assert severity(-20, "under") is Severity.WARNING  # play confirms a static price
    assert severity(+4) is Severity.INFO  # significant but under the 5-point margin
    assert severity(+6, "over") is Severity.WARNING  # over the margin, confirming TTR501
    assert severity(+6) is Severity.INFO  # over the margin, within the tickets' spread
    # 16 points off is beyond a 95% interval with the spread (16 - 1.96 x 3.6 = 8.9 >= 5) but
    # not the interval of the one test of thirty picked as significant (16 - 3.59 x 3.6 =
    # 3.1), as the clean USA map's most extreme ticket at 200 games, seed 1, was not
    assert selected_z(1, 30) > 3.5 and selected_z(30, 30) < 2.6
    assert severity(+16) is Severity.INFO
    assert severity(+16, selected=30) is Severity.WARNING  # every test passed: 2.58
