"""The page of a simulation in headless Chromium: the heatmap layer switches off and on, a
seat's finding marks its rows (and nothing on the board), the player-count tabs switch,
hovering a route tells its claim rate, and the page loads clean and fetches nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import Watched
from tests.report.planted import SEAT_FINDING, planted_usa, played
from ttrtool.model import Board
from ttrtool.render.theme import load_theme
from ttrtool.report.simulation import simulation_page
from ttrtool.validate import validate_file


@pytest.fixture(scope="module")
def run_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Board]:
    folder = tmp_path_factory.mktemp("simpage")
    source = planted_usa(folder)
    report = played(source)
    report["findings"].append(SEAT_FINDING)
    board = validate_file(source).built
    assert board is not None
    out = folder / "run.html"
    out.write_text(simulation_page(report, board, load_theme(None)), encoding="utf-8")
    return out, board


def _visible(w: Watched, selector: str) -> bool:
    shown: bool = w.page.eval_on_selector(
        selector, "e => getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0")
    return shown


def test_the_run_page_loads_clean_and_the_heatmap_switches(watched: Watched,
                                                           run_page: tuple[Path, Board]
                                                           ) -> None:
    path, _ = run_page
    watched.page.goto(path.as_uri())
    assert watched.errors == []
    assert watched.requests == [path.as_uri()]
    assert _visible(watched, "#layer-heatmap")
    watched.page.click("#toggle-heatmap")
    assert not _visible(watched, "#layer-heatmap")
    watched.page.click("#toggle-heatmap")
    assert _visible(watched, "#layer-heatmap")


def test_a_seat_finding_marks_its_rows_and_nothing_on_the_board(watched: Watched,
                                                                run_page: tuple[Path, Board]
                                                                ) -> None:
    path, _ = run_page
    watched.page.goto(path.as_uri())
    watched.page.click('li.finding[data-code="TTR601"]')
    assert watched.page.eval_on_selector_all("#board-frame .hl", "es => es.length") == 0
    rows = watched.page.eval_on_selector_all(
        "tr.hl", "rs => rs.map(r => r.closest('table').id + ' ' + r.dataset.key)")
    assert sorted(rows) == ["table-seats-2 seats:1", "table-seats-3 seats:1"]


def test_player_count_tabs_show_one_count_at_a_time(watched: Watched,
                                                    run_page: tuple[Path, Board]) -> None:
    path, _ = run_page
    watched.page.goto(path.as_uri())
    assert _visible(watched, "#players-2") and not _visible(watched, "#players-3")
    watched.page.click('button[data-show="players-3"]')
    assert _visible(watched, "#players-3") and not _visible(watched, "#players-2")


def test_hovering_a_route_shows_its_claim_rate_per_player_count(watched: Watched,
                                                               run_page: tuple[Path, Board]
                                                               ) -> None:
    path, board = run_page
    watched.page.goto(path.as_uri())
    route = board.routes[0]
    watched.page.hover(f"#route-{route.id} rect", force=True)
    tip = watched.page.inner_text("#tip")
    lines = tip.splitlines()
    assert lines[0] == route.label()
    assert lines[1].startswith("2 players: claimed in ") and lines[2].startswith("3 players: ")
    assert "mean turn" in tip or "claimed in 0%" in tip


def test_the_page_prints(watched: Watched, run_page: tuple[Path, Board]) -> None:
    """Printed, every player count shows and the buttons do not."""
    path, _ = run_page
    watched.page.goto(path.as_uri())
    watched.page.emulate_media(media="print")
    assert _visible(watched, "#players-3") and not _visible(watched, ".controls")
    assert watched.page.pdf()[:4] == b"%PDF"
