"""The README's picture is made by a script, not by hand: the script makes the page of a
seeded run and writes a PNG of it with a finding chosen."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from tests.conftest import ROOT


def test_the_screenshot_script_writes_the_picture(browser_context: Any, tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "report_screenshot", ROOT / "docs" / "images" / "report_screenshot.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "report.png"
    script.shoot(browser_context, script.make_page(tmp_path, games=4), out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
