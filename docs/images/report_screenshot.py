"""Make docs/images/report.png, the README's picture of the report page.

    .venv/bin/python docs/images/report_screenshot.py           # or: make screenshot

It plays a short seeded run on the Europe map (3 players, 60 games, seed 1), makes
the page ``simulate --html`` writes, opens it in headless Chromium (Debian's
``chromium``, driven by Playwright, as the browser tests do), chooses the
first warning (or else the first finding) so that the picture shows its
subjects marked on the board, and saves the top of the page.  The same seed
gives the same games, so the picture changes only when the page does.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# A run whose findings mark something on the board (a chokepoint: a route and its tickets).
MAP, PLAYERS = "europe", "3"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync"]


def make_page(folder: Path, games: int = 60) -> Path:
    import ttrtool
    from ttrtool import simulate
    from ttrtool.render.theme import load_theme
    from ttrtool.report.simulation import simulation_page
    from ttrtool.simulate.session import RunRequest

    result = simulate.run(RunRequest(map_name=MAP, games=games, players=PLAYERS, seed=1,
                                     quiet=True))
    assert result.report is not None
    page = folder / f"{MAP}.html"
    command = (f"ttrtool simulate {MAP} --players {PLAYERS} --games {games} --seed 1 "
               f"--html {MAP}.html")
    page.write_text(simulation_page(result.report, ttrtool.load_map(MAP), load_theme(None),
                                    None, command), encoding="utf-8")
    return page


def shoot(context: Any, page: Path, out: Path) -> None:
    """Open ``page`` in a tab of ``context`` (a Playwright browser context), choose the
    first warning (else the first finding) and save the top of the page to ``out``."""
    tab = context.new_page()
    tab.set_viewport_size({"width": 1400, "height": 900})
    tab.goto(page.as_uri())
    chosen = tab.locator("li.finding.sev-warning, li.finding.sev-error")
    if chosen.count() == 0:
        chosen = tab.locator("li.finding")
    if chosen.count():
        chosen.first.click()
    tab.mouse.move(0, 0)
    tab.screenshot(path=str(out))
    tab.close()


def screenshot(page: Path, out: Path, chromium: str) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium, headless=True, args=FLAGS,
            device_scale_factor=1)
        shoot(context, page, out)
        context.close()


def main(out: Path = HERE / "report.png", games: int = 60) -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("no Chromium: install Debian's chromium (as .ci/run does)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        screenshot(make_page(Path(folder), games), out, chromium)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
