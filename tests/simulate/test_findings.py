"""Findings from play, the statistics behind them and the ``--fail-on findings`` gate."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ttrtool
from ttrtool.bots import DEFAULT_BOTS
from ttrtool.checks.catalog import FINDINGS
from ttrtool.cli import app
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding, from_dicts, markdown_lines, ordered, text_lines
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.verdict.findings import FINAL_ROUNDS, play_findings
from ttrtool.verdict.report import build_report
from ttrtool.verdict.statistics import (
    Moments,
    benjamini_hochberg,
    detectable_edge,
    games_to_detect,
    holm,
    mean_difference,
    two_proportions,
)
from ttrtool.verdict.summary import to_markdown, to_text
from ttrtool.verdict.thresholds import failures, parse_fail_on


def test_holm_and_benjamini_hochberg_match_worked_values() -> None:
    p = [0.01, 0.04, 0.03, 0.005]
    # Holm: sorted 0.005*4, 0.01*3, 0.03*2, 0.04*1, made monotone
    assert holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # BH: sorted 0.005*4/1, 0.01*4/2, 0.03*4/3, 0.04*4/4, made monotone from the top
    assert benjamini_hochberg(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert holm([]) == [] and benjamini_hochberg([0.5]) == [0.5]


def test_two_proportions_and_mean_difference() -> None:
    d = two_proportions(60, 100, 40, 100)
    assert d is not None and d["diff"] == pytest.approx(0.2)
    assert d["ci95"][0] < 0.2 < d["ci95"][1] and 0.004 < d["p_value"] < 0.006  # z = 2.83
    assert two_proportions(1, 0, 1, 1) is None
    x, y = Moments(), Moments()
    for v in (10, 12, 14):
        x.add(v)
    for v in (8, 10, 12):
        y.add(v)
    m = mean_difference(x, y)
    assert m is not None and m["diff"] == pytest.approx(2.0)
    assert x.variance == pytest.approx(4.0) and x.minus(y).n == 0


def test_games_to_detect_agrees_with_the_detectable_edge() -> None:
    n = games_to_detect(0.5, 0.05)
    assert n is not None and 1000 < n < 1300  # a 55% seat at 2 players, 1% level, 80% power
    edge = detectable_edge(0.5, n)
    assert edge is not None and edge == pytest.approx(0.05, abs=0.003)
    assert games_to_detect(0.5, 0.0) is None


def test_every_code_is_registered_once_with_a_kebab_name() -> None:
    assert len({k.name for k in FINDINGS}) == len(FINDINGS)
    assert all(k.name == k.name.lower() and " " not in k.name for k in FINDINGS)
    assert all(k.fix and k.example.startswith(("warning", "info", "error")) for k in FINDINGS)
    with pytest.raises(ValueError):
        Finding("TTR999", Severity.INFO, "unregistered")


def test_findings_sort_most_severe_first_and_round_trip() -> None:
    found = ordered([Finding("TTR603", Severity.INFO, "b", players=(2,)),
                     Finding("TTR602", Severity.WARNING, "a", {"routes": ("x",)},
                             players=(2, 3))])
    assert [f.code for f in found] == ["TTR602", "TTR603"]
    dicts = [f.to_dict() for f in found]
    assert from_dicts(dicts) == found
    assert text_lines(dicts)[0] == "Findings (1 warning, 1 info):"
    assert "| warning | TTR602 | route-never-claimed | 2, 3 | a |" in markdown_lines(dicts)


@pytest.fixture(scope="module")
def report(usa: Board) -> dict[str, Any]:
    return build_report(usa, play_tallies(usa, (2, 4), 10, 8),
                        {"seed": 8, "games": 10, "bots": list(DEFAULT_BOTS)}, ttrtool.__version__)


def test_ticket_rows_compare_keepers_with_the_others(report: dict[str, Any]) -> None:
    c = report["configurations"][1]
    total = sum(s["wins"]["count"] for s in c["seats"])
    for t in c["tickets"]:
        assert t["keepers"]["wins"]["of"] == t["kept"]
        assert t["keepers"]["wins"]["of"] + t["others"]["wins"]["of"] == 4 * c["games"]
        assert t["keepers"]["wins"]["count"] + t["others"]["wins"]["count"] == total
    assert next(t for t in c["tickets"] if t["label"].startswith("Los Angeles–New York"))[
        "spaces"] == 20


def test_a_closed_second_track_is_never_idle(report: dict[str, Any]) -> None:
    two, four = report["configurations"]
    pair = [r for r in two["routes"] if r["label"].startswith("Dallas–Houston")]
    assert len(pair) == 2 and pair[0]["link"] == pair[1]["link"] == "Dallas–Houston 1 gray|gray"
    assert pair[0]["link_claimed"] == pair[0]["claimed"] + pair[1]["claimed"] > 0
    # at 4 players both tracks may be claimed: each counts on its own
    assert {r["link"] for r in four["routes"] if r["label"].startswith("Dallas–Houston")} == {
        "Dallas–Houston 1 gray"}
    # a made-up run where only the first track was ever claimed: not "never claimed"
    c = copy.deepcopy(two)
    for r in c["routes"]:
        if r["id"] == pair[1]["id"]:
            r["claimed"] = 0
    assert "Dallas–Houston" not in " ".join(failures({"configurations": [c]},
                                                     parse_fail_on("route-never-claimed")))


def test_never_claimed_is_a_warning_only_with_enough_games(report: dict[str, Any]) -> None:
    c = copy.deepcopy(report["configurations"][0])
    row = next(r for r in c["routes"] if r["link"] == "Dallas–Houston 1 gray|gray")
    for r in c["routes"]:
        if r["link"] == row["link"]:
            r["link_claimed"] = 0
            r["link_claim_rate"] = {"count": 0, "of": c["games"], "rate": 0.0,
                                    "ci95": [0.0, 0.28]}
    ids = tuple(row["link_route_ids"])

    def ours() -> list[Finding]:
        return [f for f in play_findings([c]) if f.code == "TTR602" and f.subjects["routes"] == ids]

    assert [f.severity for f in ours()] == [Severity.INFO]  # 10 games say little
    c["games"] = 300
    assert [f.severity for f in ours()] == [Severity.WARNING]
    assert "Dallas–Houston 1 gray|gray" in ours()[0].message


def test_claims_at_the_end_are_no_use(report: dict[str, Any]) -> None:
    """A link claimed only in the game's last rounds (R-END-1's and the ones before it),
    with a player's last trains, is named as never claimed before them; one claim before
    them keeps it alive."""
    c = copy.deepcopy(report["configurations"][0])
    c["games"] = 300
    row = next(r for r in c["routes"] if r["link"] == "Dallas–Houston 1 gray|gray")
    ids = tuple(row["link_route_ids"])
    for r in c["routes"]:
        if r["link"] == row["link"]:
            r["link_claimed"] = r["link_claimed_last"] = 3
            r["link_claim_rate"] = {"count": 3, "of": 300, "rate": 0.01, "ci95": [0.003, 0.029]}
            r["claimed_last"] = r["claimed"]

    def ours() -> list[Finding]:
        return [f for f in play_findings([c]) if f.code in ("TTR602", "TTR603")
                and f.subjects["routes"] == ids]

    [dead] = ours()
    assert dead.code == "TTR602" and dead.severity is Severity.WARNING
    assert f"never claimed before the last {FINAL_ROUNDS} rounds (3 claims" in dead.message
    assert dead.evidence["claimed_at_the_end"] == 3 and dead.evidence["ci95"][1] < 0.013
    for r in c["routes"]:
        if r["link"] == row["link"]:
            r["link_claimed_last"] = 2
    assert [f.code for f in ours()] == []  # one claim before the end: alive
    for r in c["routes"]:  # claimed in half the games, every time at the end: a filler
        if r["link"] == row["link"]:
            r["link_claimed"] = r["link_claimed_last"] = 150
            r["link_claim_rate"] = {"count": 150, "of": 300, "rate": 0.5, "ci95": [0.44, 0.56]}
    assert [f.code for f in ours()] == []


def test_fail_on_findings_fails_on_warnings_only(report: dict[str, Any]) -> None:
    quiet = dict(report, findings=[Finding("TTR603", Severity.INFO, "idle").to_dict()])
    assert failures(quiet, parse_fail_on("findings")) == []
    loud = dict(report, findings=[Finding("TTR506", Severity.WARNING, "deck short of green",
                                          {"colours": ("green",)}).to_dict()])
    hit = failures(loud, parse_fail_on("findings"))
    assert hit == ["findings: warning TTR506 deck-against-demand: deck short of green"]
    with pytest.raises(ValueError):
        parse_fail_on("findings>1")


def test_route_claim_rate_failure_names_the_route(report: dict[str, Any]) -> None:
    hit = failures(report, parse_fail_on("route-claim-rate<1.01"))
    assert len(hit) == 2 and all("–" in line.split("is", 1)[1] for line in hit)


def test_summaries_open_with_the_findings(report: dict[str, Any]) -> None:
    loud = dict(report, findings=[Finding("TTR601", Severity.WARNING, "seat 1 wins").to_dict()])
    # the summary names its map and player counts, then the findings
    assert to_text(loud).startswith("Ticket to Ride (USA, base game) (usa), 2, 4 players:\n"
                                    "Findings (1 warning):\n  warning TTR601 seat-advantage")
    md = to_markdown(loud)
    assert md.index("## Findings") < md.index("## 2 players")


def test_simulate_fail_on_findings_end_to_end(tmp_path: Path) -> None:
    from benchmarks import plant

    data = plant.bundled("switzerland")
    plant.deck_colours(data, green=3)  # static: the deck is short of green
    path = plant.write(data, tmp_path)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(app, ["simulate", str(path), "--games", "2", "--jobs", "1",
                                   "--quiet", "--out", str(out), "--fail-on", "findings"])
    assert res.exit_code == 1, res.output
    assert "fail-on: findings: warning TTR506 deck-against-demand" in res.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [f["subjects"] for f in doc["findings"] if f["code"] == "TTR506"] == [
        {"colours": ["green"]}]
    res = CliRunner().invoke(app, ["simulate", "switzerland", "--games", "2", "--jobs", "1",
                                   "--quiet", "--fail-on", "findings"])
    assert res.exit_code == 0, res.output


def test_text_shows_every_warning_and_counts_the_info_beyond_ten() -> None:
    found = [Finding("TTR603", Severity.INFO, f"idle {i}").to_dict() for i in range(12)]
    found.insert(0, Finding("TTR605", Severity.WARNING, "stalled").to_dict())
    lines = text_lines(found)
    assert lines[0] == "Findings (1 warning, 12 info):"
    assert "stalled" in lines[1] and len(lines) == 1 + 1 + 10 + 1
    assert lines[-1] == "  ... and 2 more info (in the JSON and Markdown reports)"


def test_games_not_ending_normally_are_told_in_words(report: dict[str, Any]) -> None:
    """TTR605 names each way a game ended early (R-END-2: stalled; the turn cap) and how
    to find one, never the raw tally."""
    config = copy.deepcopy(report["configurations"][0])
    config["end_reasons"] = {"normal": config["games"] - 3, "stalled": 2, "turn_cap": 1}
    config["stall_rate"] = dict(config["stall_rate"], count=3, rate=3 / config["games"])
    [found] = [f for f in play_findings([config]) if f.code == "TTR605"]
    assert "2 stalled (no player could draw cards or tickets, claim a route" in found.message
    assert "1 stopped at the turn cap" in found.message
    assert "ttrtool replay" in found.hint and "{" not in found.message  # said once, as a hint
    assert found.evidence["end_reasons"]["stalled"] == 2


def test_a_clean_run_states_the_seat_edge_it_rules_out(report: dict[str, Any]) -> None:
    for c in report["configurations"]:
        v = c["seat_verdict"]
        lo, hi = v["ci90"]
        assert lo <= v["edge"] <= hi and v["ruled_out"] == pytest.approx(max(-lo, hi), abs=1e-5)
    text = to_text(report)
    assert "verdict: every seat's edge is within ±" in text


def test_every_player_count_gets_a_verdict_even_beside_a_seat_finding() -> None:
    """A seat finding of severity info (Europe at 4 players, 200 games: seat 2) used to
    silence the verdict of its player count; the bound on every seat holds either way."""
    from ttrtool.verdict.report import seat_verdict

    # 4 players, 400 games: seat 2 wins 130 (32.5% against a fair 25%), the others 90
    v = seat_verdict(90, 400, 4, [90, 130, 90, 90])
    assert v is not None
    every = v["every_seat"]
    assert every["widest_seat"] == 2 and every["edge"] == pytest.approx(0.075)
    # the bound covers the measured edge and its Bonferroni interval, and is wider than
    # the first seat's alone
    assert every["ruled_out"] > 0.075 + 1.64 * (0.325 * 0.675 / 400) ** 0.5
    assert every["ruled_out"] > v["ruled_out"]
    config = {"players": 4, "games": 400, "seat_verdict": v, "seats": [
        {"seat": s, "wins": {"rate": w / 400, "count": w, "ci95": [0, 1]}}
        for s, w in enumerate([90, 130, 90, 90])], "bots": [], "winner_scores": {},
        "stall_rate": {"count": 0}}
    seat_info = {"code": "TTR601", "name": "seat-advantage", "severity": "info",
                 "source": "play", "players": [4], "message": "seat 2 wins 32.5%",
                 "subjects": {"seats": [2]}}
    text = to_text({"map": {"id": "x"}, "findings": [seat_info], "configurations": [config]})
    assert (f"verdict: every seat's edge is within ±{100 * every['ruled_out']:.1f} points of "
            "win rate at 4 players") in text and "seat 2 +7.5" in text


def test_simulate_baseline_select_and_play_only_gate(tmp_path: Path) -> None:
    from benchmarks import plant

    data = plant.bundled("switzerland")
    plant.deck_colours(data, green=3)  # static: the deck is short of green (TTR506)
    path = plant.write(data, tmp_path)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(app, ["simulate", str(path), "--games", "4", "--jobs", "1",
                                   "--quiet", "--out", str(out), "--baseline", "switzerland",
                                   "--fail-on", "play-findings"])
    assert res.exit_code == 0, res.output  # the static warning does not fail a play-only gate
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["baseline"]["map"]["id"] == "switzerland" and doc["baseline"]["games"] == 4
    assert any(f["code"] == "TTR506" for f in doc["findings"])
    res = CliRunner().invoke(app, ["simulate", str(path), "--games", "2", "--jobs", "1",
                                   "--quiet", "--out", str(out), "--ignore", "TTR5"])
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert res.exit_code == 0 and not [f for f in doc["findings"] if f["code"] < "TTR6"]
    res = CliRunner().invoke(app, ["simulate", "switzerland", "--games", "2", "--select",
                                   "TTR9"])
    assert res.exit_code == 2 and "no finding has this code" in res.output


def test_a_hint_shared_by_findings_is_said_once(report: dict[str, Any]) -> None:
    """TTR605 at two player counts: two findings, one line of advice under them."""
    configs = []
    for n, stalled in ((2, 2), (3, 1)):
        c = copy.deepcopy(report["configurations"][0])
        c["players"] = n
        c["end_reasons"] = {"normal": c["games"] - stalled, "stalled": stalled, "turn_cap": 0}
        c["stall_rate"] = dict(c["stall_rate"], count=stalled, rate=stalled / c["games"])
        configs.append(c)
    found = [f.to_dict() for f in play_findings(configs) if f.code == "TTR605"]
    assert len(found) == 2 and all("replay" not in f["message"] for f in found)
    lines = text_lines(found)
    hints = [line for line in lines if line.startswith("  hint")]
    assert hints == [f"  hint (TTR605, 2 findings): {found[0]['hint']}"]
    assert "ttrtool replay LOG --game N" in hints[0]


def test_a_route_claimed_at_another_player_count_is_not_dead(
        report: dict[str, Any]) -> None:
    """TTR602 warns of a link no one claims in the whole run; never claimed at one count
    but claimed at another (official Europe's Cadiz–Lisboa at 2 players) it is info."""
    two, four = (copy.deepcopy(c) for c in report["configurations"])
    rid = next(r["id"] for r in four["routes"]
               if r["claimed"] and len(r["link_route_ids"]) == 1)
    for c in (two, four):
        c["games"] = 300
    for r in two["routes"]:
        if rid in r["link_route_ids"]:
            r["claimed"] = r["link_claimed"] = 0
            r["link_claim_rate"] = {"count": 0, "of": 300, "rate": 0.0, "ci95": [0.0, 0.013]}

    def at_two(configs: list[dict[str, Any]]) -> list[Finding]:
        return [f for f in play_findings(configs) if f.code == "TTR602"
                and rid in f.subjects["routes"] and f.players == (2,)]

    [alive] = at_two([two, four])
    assert alive.severity is Severity.INFO and "claimed at 4 players" in alive.message
    assert alive.evidence["claimed_at_other_counts"] == [4]
    [dead] = at_two([two])  # the same link with no other count to claim it
    assert dead.severity is Severity.WARNING
