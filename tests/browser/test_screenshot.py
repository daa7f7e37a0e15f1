"""The README's picture is made by a script, not by hand: the script runs and writes a PNG
of the page with a finding chosen."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.browser.conftest import _unavailable, chromium_path
from tests.conftest import ROOT


def test_the_screenshot_script_writes_the_picture(tmp_path: Path) -> None:
    if chromium_path() is None:
        _unavailable("no Chromium found (install Debian's chromium, as .ci/run does)")
    spec = importlib.util.spec_from_file_location(
        "report_screenshot", ROOT / "docs" / "images" / "report_screenshot.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "report.png"
    assert script.main(out, games=4) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
