"""The report page in headless Chromium: it loads cleanly and fetches nothing, choosing a
finding marks exactly its subjects, tables sort, hovering a route or a city tells about it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser.conftest import Watched
from tests.report.planted import planted_usa
from ttrtool.commands.analyze import run
from ttrtool.model import Board
from ttrtool.validate import validate_file


@pytest.fixture(scope="module")
def analysis_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Board]:
    folder = tmp_path_factory.mktemp("page")
    source = planted_usa(folder)
    out = folder / "analysis.html"
    assert run(str(source), output_format="html", output=str(out)) == 0
    board = validate_file(source).built
    assert board is not None
    return out, board


def _open(w: Watched, path: Path) -> None:
    w.page.goto(path.as_uri())
    w.page.wait_for_load_state("load")


def test_the_page_loads_without_errors_or_requests(watched: Watched,
                                                   analysis_page: tuple[Path, Board]) -> None:
    path, _ = analysis_page
    _open(watched, path)
    assert watched.errors == []
    assert watched.requests == [path.as_uri()]  # the file itself, nothing else
    assert watched.page.locator("#board-frame svg #layer-routes").count() == 1


def test_the_request_watch_sees_a_fetch(watched: Watched, tmp_path: Path) -> None:
    """The two checks above can fail: a page that asks for an image is seen doing so."""
    page = tmp_path / "fetching.html"
    page.write_text('<img src="missing.png"><script>nosuchfunction()</script>', encoding="utf-8")
    _open(watched, page)
    assert any(r.endswith("missing.png") for r in watched.requests)
    assert any("nosuchfunction" in e for e in watched.errors)


def _marked(w: Watched) -> list[str]:
    ids: list[str] = w.page.eval_on_selector_all("#board-frame .hl", "es => es.map(e => e.id)")
    return sorted(ids)


def _expected(board: Board, finding: dict[str, list[str]]) -> list[str]:
    """The board elements of a finding's subjects, from the model (not from the page)."""
    city = {n.name: f"city-{n.index}" for n in board.nodes if n.kind == "city"}
    tickets = {t.id: t for t in board.tickets}
    out: set[str] = set()
    for kind, values in finding.items():
        for v in values:
            if kind == "routes":
                out.add(f"route-{v}")
            elif kind == "colours":
                out |= {f"route-{r.id}" for r in board.routes if r.color == v}
            elif kind == "tickets":
                t = tickets[v]
                out |= {city[t.origin], *(city[d.name] for d in t.destinations)}
    return sorted(out)


def test_choosing_a_finding_marks_exactly_its_subjects(watched: Watched,
                                                       analysis_page: tuple[Path, Board]
                                                       ) -> None:
    path, board = analysis_page
    _open(watched, path)
    found = json.loads(watched.page.inner_text("#ttr-findings") or "[]")
    subjects = {f["code"]: f["subjects"] for f in found}
    assert {"TTR501", "TTR503", "TTR505"} <= set(subjects)
    page = watched.page
    for code in ("TTR505", "TTR503", "TTR501"):
        page.click(f'li.finding[data-code="{code}"]')
        assert _marked(watched) == _expected(board, subjects[code]), code
        rows = page.eval_on_selector_all("tr.hl", "rs => rs.map(r => r.dataset.key)")
        assert rows and all(r.split(":", 1)[1] in subjects[code][r.split(":", 1)[0]]
                            for r in rows), (code, rows)
    page.click('li.finding[data-code="TTR501"]')  # chosen again: cleared
    assert _marked(watched) == []
    assert page.eval_on_selector_all("tr.hl", "rs => rs.length") == 0
    page.click('li.finding[data-code="TTR503"]')
    page.keyboard.press("Escape")
    assert _marked(watched) == []
    assert watched.errors == []


def _column(w: Watched, table: str, col: int) -> list[str]:
    cells: list[str] = w.page.eval_on_selector_all(
        f"#{table} tbody tr", f"rs => rs.map(r => r.cells[{col}].textContent)")
    return cells


def test_tables_sort_by_a_column_both_ways(watched: Watched,
                                           analysis_page: tuple[Path, Board]) -> None:
    path, _ = analysis_page
    _open(watched, path)
    head = "#table-tickets thead th:nth-child(3) button"  # points
    watched.page.click(head)
    points = [int(p) for p in _column(watched, "table-tickets", 2)]
    assert points == sorted(points) and points != _unsorted(points)
    watched.page.click(head)
    assert [int(p) for p in _column(watched, "table-tickets", 2)] == sorted(points, reverse=True)
    watched.page.click("#table-tickets thead th:nth-child(1) button")  # by name
    names = _column(watched, "table-tickets", 0)
    assert names == sorted(names, key=str.lower)


def _unsorted(values: list[int]) -> list[int]:
    """A marker that the column was not already in order (sorting must have done work)."""
    return values[::-1] if values == sorted(values, reverse=True) else []


def test_hovering_a_route_and_a_city_tells_about_them(watched: Watched,
                                                      analysis_page: tuple[Path, Board]
                                                      ) -> None:
    path, board = analysis_page
    _open(watched, path)
    page = watched.page
    denver = next(n.index for n in board.nodes if n.name == "Denver")
    page.hover(f"#city-{denver}", force=True)
    tip = page.inner_text("#tip")
    assert tip.startswith("Denver") and "Denver–El Paso" in tip and "tickets through it" in tip
    route = next(r for r in board.routes if {r.a_name, r.b_name} == {"Houston", "Oklahoma City"})
    page.hover(f"#route-{route.id} rect", force=True)
    assert page.inner_text("#tip").startswith(route.label())


def test_the_basemap_of_a_geo_board_switches_off_and_on(watched: Watched, tmp_path: Path
                                                        ) -> None:
    """A board of real places is drawn over its basemap (render's), which the page can hide."""
    from tests.conftest import ROOT

    source = ROOT / "tests" / "cases" / "valid" / "geo-benelux.yaml"
    out = tmp_path / "benelux.html"
    assert run(str(source), output_format="html", output=str(out)) == 0
    _open(watched, out)
    shown = "e => getComputedStyle(e).display !== 'none'"
    assert watched.page.eval_on_selector("#layer-basemap", shown)
    watched.page.click("#toggle-basemap")
    assert not watched.page.eval_on_selector("#layer-basemap", shown)
    watched.page.click("#toggle-basemap")
    assert watched.page.eval_on_selector("#layer-basemap", shown)
    assert watched.errors == [] and watched.requests == [out.as_uri()]


def test_choosing_a_table_row_marks_its_subject_on_the_board(
        watched: Watched, analysis_page: tuple[Path, Board]) -> None:
    path, board = analysis_page
    _open(watched, path)
    page = watched.page
    ticket = next(t for t in board.tickets if t.label().startswith("Denver–El Paso"))
    page.click(f'#table-tickets tr[data-key="tickets:{ticket.id}"] td')
    assert _marked(watched) == _expected(board, {"tickets": [ticket.id]})
    route = next(r for r in board.routes if {r.a_name, r.b_name} == {"Houston", "Oklahoma City"})
    page.click(f'#table-routes tr[data-key="routes:{route.id}"] td')
    assert _marked(watched) == [f"route-{route.id}"]
    page.click('#table-colours tr[data-key="colours:green"] td')
    assert _marked(watched) == _expected(board, {"colours": ["green"]})
    page.click('#table-colours tr[data-key="colours:green"] td')  # again: cleared
    assert _marked(watched) == []
    assert watched.errors == []
