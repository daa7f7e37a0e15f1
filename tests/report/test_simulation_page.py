"""``simulate --html``: the page of a run, with the claim heatmap, per-player-count plots and
tables, and what changed since a baseline."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ttrtool
from tests.report.planted import planted_usa, played
from tests.report.test_analysis_page import external_references
from ttrtool.cli import app
from ttrtool.render.theme import load_theme
from ttrtool.report.baseline import baseline_section
from ttrtool.report.simulation import claim_rates, simulation_page


@pytest.fixture(scope="module")
def run_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    folder = tmp_path_factory.mktemp("sim")
    source = planted_usa(folder)
    out = folder / "run.html"
    result = CliRunner().invoke(app, ["simulate", str(source), "-p", "2,3", "--games", "6",
                                      "--seed", "5", "--jobs", "1", "--quiet",
                                      "--html", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8"), source


def test_the_run_page_is_self_contained_and_has_every_part(run_page: tuple[str, Path]
                                                           ) -> None:
    page, _ = run_page
    assert external_references(page) == []
    assert 'id="layer-heatmap"' in page and 'id="toggle-heatmap"' in page
    for p in (2, 3):
        assert f'id="players-{p}"' in page
        for table in ("seats", "bots", "tickets", "routes", "colours"):
            assert f'id="table-{table}-{p}"' in page
    for plot in ("plot-seats", "plot-bots", "plot-scores", "plot-winner", "plot-turns",
                 "plot-tickets"):
        assert page.count(f'class="plot {plot}"') == 2, plot
    # the header says how to make the page again
    assert "seed</dt><dd>5</dd>" in page and "--html" in page
    assert f"ttrtool</dt><dd>{ttrtool.__version__}" in page


def test_an_unwritable_page_stops_the_run_before_any_game(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", "usa", "--games", "500", "--quiet",
                                      "--out", str(out),
                                      "--html", str(tmp_path / "missing" / "p.html")])
    assert result.exit_code == 2
    assert "does not exist" in result.output
    assert not out.exists()
    same = CliRunner().invoke(app, ["simulate", "usa", "--games", "500", "--quiet",
                                    "--out", str(out), "--html", str(out)])
    assert same.exit_code == 2 and "same file" in same.output


def _config(players: int, games: int, rates: dict[str, float]) -> dict[str, Any]:
    return {"players": players, "games": games,
            "routes": [{"id": rid, "claim_rate": r} for rid, r in rates.items()]}


def test_the_heatmap_weights_each_player_count_by_its_games(usa: ttrtool.model.Board) -> None:
    a, b = usa.routes[0].id, usa.routes[1].id
    report = {"configurations": [_config(2, 100, {a: 0.2, b: 1.0}), _config(4, 300, {a: 0.6})]}
    rates = claim_rates(report, usa)
    assert rates[a] == pytest.approx((0.2 * 100 + 0.6 * 300) / 400)
    assert rates[b] == pytest.approx(1.0)


def test_what_changed_names_new_and_gone_findings_and_moved_figures(
        tmp_path: Path) -> None:
    source = planted_usa(tmp_path)
    now = played(source, players="2", games=4)
    before = copy.deepcopy(now)
    gone = {"code": "TTR602", "severity": "info", "players": [2], "message": "planted gone",
            "subjects": {"routes": ["x"]}}
    before["findings"].append(gone)
    before["configurations"][0]["seats"][0]["wins"]["rate"] = 0.123
    html = baseline_section(now, before).html
    gone_part = html.split("Gone since the baseline")[1].split("In both")[0]
    assert "planted gone" in gone_part
    new_part = html.split("New in this run")[1].split("Gone since")[0]
    assert "none" in new_part
    seat_row = re.search(r"<td>seat 1 wins</td><td[^>]*>([^<]*)</td>", html)
    assert seat_row is not None and seat_row.group(1) == "12.3%"


def test_the_page_takes_the_baseline(tmp_path: Path, usa: ttrtool.model.Board) -> None:
    report = {"configurations": [], "findings": []}
    page = simulation_page(report, usa, load_theme(None), {"configurations": [], "findings": []})
    assert 'id="baseline"' in page
    assert 'id="baseline"' not in simulation_page(report, usa, load_theme(None))


def test_simulate_baseline_puts_both_maps_side_by_side(tmp_path: Path) -> None:
    """`simulate NEW --baseline OLD --html`: the page shows the baseline's run beside this
    one and each seat's win rate on both maps (read from the report's `baseline`)."""
    source = planted_usa(tmp_path)
    out = tmp_path / "changed.html"
    result = CliRunner().invoke(app, ["simulate", str(source), "--baseline", "usa", "-p", "2",
                                      "--games", "4", "--jobs", "1", "--quiet",
                                      "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    section = page.split('<section id="baseline">')[1].split("</section>")[0]
    assert "<b>Baseline</b>: Ticket to Ride (USA, base game) (usa)" in section
    assert 'id="table-change-seats-2"' in section
    assert section.count('data-key="seats:') == 2


def test_each_change_shows_both_sides() -> None:
    from ttrtool.report.baseline import changes_section

    route_change = {
        "code": "TTR623", "severity": "warning", "source": "baseline", "players": [3],
        "message": "route Miami–New Orleans 6 red is claimed in 20% of games against 65%",
        "subjects": {"routes": ["miami-new-orleans"]},
        "effect": {"measure": "claim rate", "value": -0.45, "ci95": [-0.61, -0.29],
                   "unit": "points of claim rate"},
        "evidence": {"claim_rate": 0.2, "baseline_claim_rate": 0.65}}
    colour_change = {
        "code": "TTR624", "severity": "warning", "source": "baseline", "players": [3],
        "message": "colour red", "subjects": {"colours": ["red"]}, "effect": None,
        "evidence": {"new": {"tracks": 12, "claimed": {"count": 1, "of": 3, "rate": 1 / 3}},
                     "baseline": {"tracks": 7, "claimed": {"count": 9, "of": 20,
                                                           "rate": 0.45}}}}
    tempo_change = {
        "code": "TTR625", "severity": "info", "source": "baseline", "players": [3],
        "message": "game length", "subjects": {},
        "effect": {"value": 7.5, "ci95": [2.0, 13.0], "unit": "turns"},
        "evidence": {"new": {"n": 60, "mean": 90.0}, "baseline": {"n": 60, "mean": 82.5}}}
    html = changes_section({"findings": [route_change, colour_change, tempo_change],
                            "baseline": {"changes": 2}}).html
    rows = re.findall(r"<tr>(.*?)</tr>", html.split('id="table-changes"')[1])
    cells = [re.findall(r"<td[^>]*>([^<]*)</td>", r) for r in rows if "<td" in r]
    assert [c[4:7] for c in cells] == [["65.0%", "20.0%", "-45.0 pts (-61.0…-29.0)"],
                                       ["45.0% of 7 tracks", "33.3% of 12 tracks", "–"],
                                       ["82.5", "90.0", "+7.5 turns (+2.0…+13.0)"]]


def test_the_edits_come_first_with_what_they_changed_in_play() -> None:
    from ttrtool.report.baseline import changes_section

    caused = {"code": "TTR623", "severity": "warning", "source": "baseline",
              "message": "edit route Chicago–Omaha lengthened 4 → 5: route <Chicago>–Omaha",
              "players": [4], "evidence": {}}
    base = {"games": 40, "seed": 1, "changes": 1, "untested": ["the openings were the same"],
            "edits": [{"text": "route Chicago–Omaha lengthened 4 → 5",
                       "play": ["at 4 players claimed in 28% of games against 64%"],
                       "findings": [caused]}]}
    html = changes_section({"findings": [caused], "configurations": [],
                            "baseline": base}).html
    assert html.index("Edits (1)") < html.index("lengthened 4 → 5") < html.index(
        "claimed in 28% of games") < html.index("Every change")
    assert "&lt;Chicago&gt;" in html and "<Chicago>" not in html  # escaped
    assert "Not tested" in html and "the openings were the same" in html
