"""``ttrtool play`` in headless Chromium: a whole game of one human seat against the expert,
played by clicking (the starter map of ``ttrtool new``: 12 trains a player, tunnels,
ferries and stations), to the final scores with each player's breakdown; a reload keeps the
game; hot-seat hides a hand between two humans' turns."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.browser.conftest import Watched
from ttrtool.cli import app
from ttrtool.human.page import play_page
from ttrtool.human.server import make_server, new_token
from ttrtool.human.session import Sitting
from ttrtool.render.theme import load_theme
from ttrtool.report.live import url_of
from ttrtool.simulate.replay import read_log, replay
from ttrtool.validate import validate_file

Serve = Callable[[tuple[str, ...], int], tuple[str, Sitting]]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    path = tmp_path / "board.yaml"
    assert CliRunner().invoke(app, ["new", str(path)]).exit_code == 0
    board = validate_file(path).board
    assert board is not None
    servers = []

    def start(seats: tuple[str, ...], seed: int) -> tuple[str, Sitting]:
        sitting = Sitting.open(board, tmp_path / f"game-{seed}.jsonl", seats, seed)
        token = new_token()
        server = make_server(sitting, play_page(board, load_theme(None), token), 0, token)
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
        thread.start()
        servers.append((server, thread))
        return url_of(server), sitting

    yield start
    for server, thread in servers:
        server.shutdown()
        server.server_close()
        thread.join()


def _move(w: Watched) -> int:
    return int(w.page.get_attribute("#status", "data-move") or -1)


def _clicked(w: Watched, before: int) -> None:
    """Wait until the page shows the game after the click (the bots' answers included)."""
    w.page.wait_for_function(
        f"() => +document.getElementById('status').dataset.move > {before}", timeout=15000)


def _enabled(w: Watched, selector: str) -> bool:
    found = w.page.locator(selector)
    return found.count() > 0 and found.first.is_visible() and found.first.is_enabled()


def _hand_size(w: Watched) -> int:
    return int(w.page.inner_text("#seats tr.to-move td:nth-child(6)"))


def _one_click_turn(w: Watched, built: list[str], on_board: list[str],
                    withdrawn: list[int], ferries: frozenset[int] = frozenset()) -> None:
    """One decision, by clicking as a player would: keep the tickets; withdraw from the
    first tunnel that asks for more, pay the next; build a station once; claim a route
    (the first on the board itself; later a ferry first, of ``ferries``) once the hand
    holds 8 cards; else draw."""
    page = w.page
    before = _move(w)
    if _enabled(w, "#keep-button"):
        page.click("#keep-button")
    elif withdrawn and _enabled(w, "#actions button[data-action^='pay']"):
        page.click("#actions button[data-action^='pay'] >> nth=0")
    elif _enabled(w, "#actions button[data-action='withdraw']"):
        withdrawn.append(before)
        page.click("#actions button[data-action='withdraw']")
    elif not built and page.locator("details.buildable button").count():
        page.click("details.buildable summary")
        page.click("details.buildable button >> nth=0")
        built.append(page.inner_text("#choices h3"))
        page.click("#choices button[data-action^='station'] >> nth=0")
    elif page.locator("details.claimable button").count() and _hand_size(w) >= 8:
        routes = page.locator("details.claimable button")
        route = int(routes.first.get_attribute("data-route") or 0)
        if not on_board:
            ident = page.evaluate(
                f"JSON.parse(document.getElementById('play-facts').textContent)"
                f".route_ids[{route}]")
            spaces = page.locator(f"[id='{ident}'] rect.space")
            spaces.nth(spaces.count() // 2).click(force=True)  # on the drawn route
            on_board.append(page.inner_text("#choices h3"))
        else:
            ids = [int(b.get_attribute("data-route") or 0) for b in routes.all()]
            pick = next((k for k, r in enumerate(ids) if r in ferries), 0)
            page.click("details.claimable summary")
            routes.nth(pick).click()
        page.click("#choices button[data-action^='claim'] >> nth=0")
    elif _enabled(w, "#deck-button"):
        page.click("#deck-button")
    elif _enabled(w, "#market button.card"):
        page.click("#market button.card:enabled >> nth=0")
    else:
        page.click("#actions button[data-action]:enabled >> nth=0")  # tickets, or pass
    _clicked(w, before)


def test_a_whole_game_by_clicking_reaches_the_final_scores(
        watched: Watched, serve: Serve) -> None:
    # Seed 66: with these clicks the human withdraws from one tunnel and pays for another,
    # claims a ferry and builds a station (checked in the log below).
    url, sitting = serve(("human", "expert"), 66)
    ferries = frozenset(r.index for r in sitting.board.routes if r.kind == "ferry")
    page = watched.page
    page.goto(url)
    page.wait_for_selector("#keep-button")
    assert page.locator("#board-frame svg #layer-routes .route").count() > 10
    built: list[str] = []
    on_board: list[str] = []
    withdrawn: list[int] = []
    for turn in range(400):
        if page.get_attribute("#status", "data-over") == "true":
            break
        _one_click_turn(watched, built, on_board, withdrawn, ferries)
        if turn == 6:  # a reload mid-game keeps the game
            move, hand = _move(watched), page.inner_text("#hand")
            page.reload()
            page.wait_for_function(f"() => +document.getElementById('status').dataset.move "
                                   f"== {move}")
            assert page.inner_text("#hand") == hand
    else:
        raise AssertionError("no end of the game after 400 clicks")
    assert built and on_board and on_board[0].startswith("Claim ")
    assert page.is_visible("#final")
    rows = page.locator("#final-table tr")
    assert rows.count() == 3  # a header and the two seats
    text = page.inner_text("#final-table")
    assert "routes" in text and "tickets" in text and "longest" in text
    result = sitting.state.result()
    for p in result.players:
        assert str(p.score) in page.inner_text(f"#final-table tr:nth-child({p.seat + 2})")
    assert page.locator("#compare tr").count() == 3
    assert page.locator("#board-frame .route.owned").count() == sum(
        len(p.claimed) for p in result.players)
    assert page.locator("#board-frame .station-mark").count() == len(sitting.state.stations)
    record = read_log(sitting.log.path, 0)
    assert len(list(replay(sitting.board, record))) == len(record["actions"])
    mine = [text.split()[0] for seat, text in record["actions"] if seat == 0]
    assert {"pay", "withdraw", "station", "claim", "keep", "draw"} <= set(mine), mine
    ferries = [r for r in record["results"][0]["claimed"] if r["kind"] == "ferry"]
    assert ferries, "the human claimed no ferry"
    assert watched.errors == []
    origin = url.rstrip("/")
    assert all(r.startswith(origin) for r in watched.requests), watched.requests


def test_hot_seat_hides_the_hand_between_two_humans(watched: Watched, serve: Serve) -> None:
    url, sitting = serve(("human", "human"), 2)
    page = watched.page
    page.goto(url)
    page.wait_for_selector("#curtain:not([hidden])")
    assert "seat 1" in page.inner_text("#curtain-text")
    page.click("#curtain-button")
    assert not page.is_visible("#curtain")
    first_hand = page.inner_text("#hand")
    before = _move(watched)
    page.click("#keep-button")
    _clicked(watched, before)
    assert page.is_visible("#curtain") and "seat 2" in page.inner_text("#curtain-text")
    page.click("#curtain-button")
    assert page.inner_text("#hand") != first_hand or sitting.state.hands[0] == \
        sitting.state.hands[1]
    assert watched.errors == []
