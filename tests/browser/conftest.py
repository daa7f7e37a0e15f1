"""Headless Chromium for the page's tests, driven with Playwright.

The browser is Debian's ``chromium`` (``.ci/run`` installs it; Playwright's own browser
download is not used).  Without it, or without the ``playwright`` package, every test
here is skipped with the reason; with ``TTRTOOL_REQUIRE_BROWSER=1`` (set by ``.ci/run``)
they fail instead, so that CI cannot pass by skipping them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

# The flags the machine notes ask for; Playwright adds --headless itself.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


def chromium_path() -> str | None:
    env = os.environ.get("TTRTOOL_CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _unavailable(reason: str) -> None:
    if os.environ.get("TTRTOOL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required (TTRTOOL_REQUIRE_BROWSER=1) but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser_context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    executable = chromium_path()
    if executable is None:
        _unavailable("no Chromium found (install Debian's chromium, as .ci/run does, or set "
                     "TTRTOOL_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (make setup installs it)")
    profile = tmp_path_factory.mktemp("chromium-profile")  # empty: a fresh user data dir
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=executable, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900})
        yield context
        context.close()


@dataclass
class Watched:
    """A page with what it said on its console, its uncaught errors and its requests."""

    page: Page
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


@pytest.fixture
def watched(browser_context: BrowserContext) -> Iterator[Watched]:
    page = browser_context.new_page()
    w = Watched(page)

    def console(message: Any) -> None:
        if message.type in ("error", "warning"):
            w.errors.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda e: w.errors.append(f"uncaught: {e}"))
    page.on("request", lambda r: w.requests.append(r.url))
    yield w
    page.close()
