"""``ttrtool preview`` in headless Chromium: the open tab is drawn again after a save, a
save that cannot be read shows its error with line and column while the last good drawing
stays, and validate's diagnostics are listed and marked on the board."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.browser.conftest import Watched
from ttrtool.cli import app
from ttrtool.render.theme import load_theme
from ttrtool.report.live import Preview, make_server, url_of
from ttrtool.validate import validate_file


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    path = tmp_path / "board.yaml"
    assert CliRunner().invoke(app, ["new", str(path)]).exit_code == 0
    server = make_server(Preview(path, load_theme(None)), 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield url_of(server), path
    server.shutdown()
    server.server_close()
    thread.join()


def _save(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _reading(w: Watched, after: int) -> int:
    """Wait until the page has shown a reading of the file newer than ``after``."""
    w.page.wait_for_function(
        f"() => +document.getElementById('preview-status').dataset.generation > {after}",
        timeout=15000)
    return int(w.page.get_attribute("#preview-status", "data-generation") or 0)


def _title(w: Watched) -> str:
    title: str = w.page.eval_on_selector("#board-frame svg > title", "t => t.textContent")
    return title


def test_the_preview_redraws_after_a_save_and_keeps_the_last_drawing_on_a_broken_one(
        watched: Watched, served: tuple[str, Path]) -> None:
    url, path = served
    page = watched.page
    page.goto(url)
    seen = _reading(watched, 0)
    first = _title(watched)  # the map's name, as render writes it
    assert first
    assert page.locator("#board-frame svg #layer-routes .route").count() > 5
    assert not page.is_visible("#preview-error")

    _save(path, f'name: "{first}"', 'name: "Lake Country"')
    seen = _reading(watched, seen)
    assert _title(watched) == "Lake Country"

    _save(path, "routes:\n", "routes: [\n")  # a bracket never closed
    seen = _reading(watched, seen)
    assert page.is_visible("#preview-error")
    error = page.inner_text("#preview-error")
    assert re.search(r"board\.yaml:\d+:\d+: error TTR0\d\d", error), error
    assert _title(watched) == "Lake Country"  # the last good drawing stays

    _save(path, "routes: [\n", "routes:\n")
    seen = _reading(watched, seen)
    assert not page.is_visible("#preview-error")
    assert watched.errors == []
    origin = url.rstrip("/")
    assert all(r.startswith(origin) for r in watched.requests), watched.requests


def test_diagnostics_are_listed_and_marked_on_the_board(watched: Watched,
                                                       served: tuple[str, Path]) -> None:
    url, path = served
    page = watched.page
    page.goto(url)
    seen = _reading(watched, 0)
    assert page.eval_on_selector_all("#board-frame .diag", "es => es.length") == 0
    # a colour the deck does not have (TTR305, an error on the first route; the board is
    # still drawn) and a city with no route (TTR109, a warning on the city)
    _save(path, "{a: Varese, b: Como, length: 1, color: gray}",
          "{a: Varese, b: Como, length: 1, color: grey}")
    _save(path, "  - {name: Trento, pos: [900, 180], aliases: [Trient]}\n",
          "  - {name: Trento, pos: [900, 180], aliases: [Trient]}\n"
          "  - {name: Lonely, pos: [700, 550]}\n")
    _reading(watched, seen)
    page.wait_for_function("() => document.querySelectorAll('#diagnostics li').length >= 2")
    items = page.eval_on_selector_all("#diagnostics li", "ls => ls.map(l => l.textContent)")
    assert any(re.match(r"\d+:\d+ error TTR305", i) for i in items), items
    assert any("TTR109" in i for i in items), items
    marked = page.eval_on_selector_all("#board-frame .diag", "es => es.map(e => e.id)")
    board = validate_file(path).built
    assert board is not None
    varese_como = next(r.id for r in board.routes if {r.a_name, r.b_name} == {"Varese", "Como"})
    lonely = next(n.index for n in board.nodes if n.name == "Lonely")
    assert sorted(marked) == sorted([f"route-{varese_como}", f"city-{lonely}"])


def test_the_fix_button_writes_the_fix_and_the_page_draws_it(watched: Watched,
                                                             served: tuple[str, Path]) -> None:
    url, path = served
    page = watched.page
    page.goto(url)
    seen = _reading(watched, 0)
    assert not page.is_visible("#fixes")  # nothing to fix on the starter board
    _save(path, "{from: Milano, to: Verona, points: 6}", "{from: Milano, to: Verona, points: 16}")
    seen = _reading(watched, seen)
    page.wait_for_function("() => !document.getElementById('fixes').hidden")
    items = page.eval_on_selector_all("#diagnostics li", "ls => ls.map(l => l.textContent)")
    assert any("TTR407" in i and "[fixable, unsafe]" in i for i in items), items
    assert not page.is_visible("#fix-safe")  # the only fix changes the game
    page.click("#fix-unsafe")
    page.wait_for_function(
        "() => /1 fix\\(es\\).*written/.test(document.getElementById('fix-result').textContent)",
        timeout=30000)
    _reading(watched, seen)
    page.wait_for_function("() => document.getElementById('fixes').hidden", timeout=15000)
    assert "{from: Milano, to: Verona, points: 6}" in path.read_text(encoding="utf-8")
    assert watched.errors == []
