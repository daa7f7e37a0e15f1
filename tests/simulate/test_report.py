"""Streaming report aggregation and --fail-on thresholds, on real game records."""

from __future__ import annotations

import sys
from typing import Any

import pytest

import ttrtool
from ttrtool.bots import DEFAULT_BOTS
from ttrtool.model import Board
from ttrtool.simulate.playout import Table
from ttrtool.verdict.report import Tally, build_report
from ttrtool.verdict.summary import to_markdown, to_text
from ttrtool.verdict.thresholds import failures, parse_fail_on


@pytest.fixture(scope="module")
def records(usa: Board) -> list[dict[str, Any]]:
    table = Table(usa, 4, DEFAULT_BOTS)
    return [table.play(21, g) for g in range(8)]


def _report(board: Board, records: list[dict[str, Any]]) -> dict[str, Any]:
    tally = Tally(4)
    for r in records:
        tally.add(r)
    run = {"seed": 21, "games": len(records), "bots": list(DEFAULT_BOTS)}
    return build_report(board, [tally], run, ttrtool.__version__)


def test_report_counts_agree_with_the_records(usa: Board, records: list[dict[str, Any]]) -> None:
    c = _report(usa, records)["configurations"][0]
    assert c["games"] == 8
    wins = [sum(s in r["winners"] for r in records) for s in range(4)]
    assert [s["wins"]["count"] for s in c["seats"]] == wins
    for s in c["seats"]:
        lo, hi = s["wins"]["ci95"]
        assert lo <= s["wins"]["rate"] <= hi
    all_scores = sorted(p["score"] for r in records for p in r["results"])
    assert c["scores"]["min"] == all_scores[0] and c["scores"]["max"] == all_scores[-1]
    assert c["scores"]["n"] == 32
    kept = {t["id"]: 0 for t in c["tickets"]}
    for r in records:
        for p in r["results"]:
            for t in p["tickets"]:
                kept[t["id"]] += 1
    assert {t["id"]: t["kept"] for t in c["tickets"]} == kept
    assert all(t["offered"] >= t["kept"] for t in c["tickets"])
    turns = [r["turns"] for r in records]
    assert c["turns"]["min"] == min(turns) and c["turns"]["max"] == max(turns)
    route = next(r for r in c["routes"] if r["claimed"])
    claims = [cl["turn"] for rec in records for p in rec["results"] for cl in p["claimed"]
              if cl["id"] == route["id"]]
    assert route["claimed"] == len(claims)
    assert route["mean_claim_turn"] == pytest.approx(sum(claims) / len(claims), abs=0.01)


def test_tally_memory_does_not_grow_with_games(records: list[dict[str, Any]]) -> None:
    tally = Tally(4)
    for r in records:
        tally.add(r)
    before = sys.getsizeof(tally.seat_wins) + len(tally.route_claims) + len(tally.scores.counts)
    for _ in range(200):
        for r in records:
            tally.add(r)
    after = sys.getsizeof(tally.seat_wins) + len(tally.route_claims) + len(tally.scores.counts)
    assert after == before and tally.games == 8 * 201


def test_markdown_and_text_summaries(usa: Board, records: list[dict[str, Any]]) -> None:
    report = _report(usa, records)
    md = to_markdown(report)
    assert "## 4 players — 8 games" in md and "Hardest tickets" in md
    assert "4 players, 8 games" in to_text(report)


def test_a_short_runs_text_says_what_it_could_not_see(usa: Board,
                                                      records: list[dict[str, Any]]) -> None:
    """'No findings' from a few games is not 'fair': the terminal summary gives the seat
    edge the run could find and says a never-claimed route needs more games."""
    report = _report(usa, records)
    edge = report["configurations"][0]["seat_test"]["detectable_edge"]
    text = to_text(report)
    assert f"(an edge of {100 * edge:.0f} percentage points in win rate would show)" in text
    assert "Under 300 games per player count a never-claimed route is only info" in text
    for c in report["configurations"]:
        c["games"] = 300
    assert "never-claimed route is only info" not in to_text(report)


def test_fail_on_thresholds(usa: Board, records: list[dict[str, Any]]) -> None:
    report = _report(usa, records)
    assert failures(report, parse_fail_on("stall-rate>0.5")) == []
    assert failures(report, parse_fail_on("seat-advantage>1.0")) == []
    hit = failures(report, parse_fail_on("seat-advantage<5,ticket-completion<1.01"))
    assert len(hit) == 2 and "seat-advantage" in hit[0]
    tickets = report["configurations"][0]["tickets"]
    never = failures(report, parse_fail_on("ticket-never-completed"))
    assert bool(never) == any(t["completed"] == 0 for t in tickets)
    # 8 games may complete all 30 tickets (they do at this seed): one that nobody did
    tickets[0]["completed"] = 0
    never = failures(report, parse_fail_on("ticket-never-completed"))
    assert never and "ticket-never-completed" in never[0] and tickets[0]["label"] in never[0]
    test = report["configurations"][0]["seat_test"]
    assert test["df"] == 3 and 0 <= test["p_value"] <= 1
    assert failures(report, parse_fail_on("seat-p<0")) == []
    hit = failures(report, parse_fail_on("seat-p<1.01"))
    assert len(hit) == 1 and "seat-p" in hit[0]
    assert "Seat effect: chi-square" in to_markdown(report)


@pytest.mark.parametrize("spec", ["seat-advantage", "stall-rate>>1", "luck>1",
                                  "ticket-never-completed>1"])
def test_bad_fail_on_specs_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        parse_fail_on(spec)
