"""The simulation library stays free of CLI and cluster dependencies until asked."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("typer", "rich", "click", "dask", "distributed", "shapely")


def test_simulation_modules_do_not_import_presentation_or_dask() -> None:
    code = (
        "import sys, ttrtool.simulate.runner, ttrtool.simulate.playout, ttrtool.verdict.report,"
        " ttrtool.verdict.summary, ttrtool.simulate.rescore, ttrtool.simulate.replay,"
        " ttrtool.verdict.thresholds, ttrtool.bots;"
        "from ttrtool.bots import BOTS, resolve_bot; [resolve_bot(b) for b in BOTS];"
        f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_dask_backend_without_distributed_says_how_to_install() -> None:
    code = (
        "import sys; sys.modules['distributed'] = None;"
        "from ttrtool.simulate.runner import BackendUnavailable, run_dask;"
        "\ntry:\n    list(run_dask([]))\nexcept BackendUnavailable as e:\n    print(e)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'ttrtool[dask]'" in out.stdout
