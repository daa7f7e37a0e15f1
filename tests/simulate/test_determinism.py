"""The same run gives the same report with one process, two, and a Dask cluster."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ttrtool
from ttrtool.bots import DEFAULT_BOTS
from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.simulate.runner import chunks, run_dask, run_local
from ttrtool.verdict.report import Tally, build_report

GAMES = 10


def _report(board: Board, records: Any) -> str:
    tally = Tally(4)
    for r in records:
        tally.add(r)
    report = build_report(board, [tally], {"seed": 9}, ttrtool.__version__)
    return json.dumps(report, sort_keys=True)


def _work(size: int) -> Any:
    return chunks(str(bundled_map_path("usa")), 4, DEFAULT_BOTS, 9, GAMES, size)


def test_report_is_identical_for_one_and_two_processes_and_any_chunking(usa: Board) -> None:
    one = list(run_local(_work(GAMES), jobs=1))
    two = list(run_local(_work(3), jobs=2))
    assert [r["game"] for r in two] == list(range(GAMES))
    assert one == two
    assert _report(usa, one) == _report(usa, two)


def test_report_is_identical_on_a_dask_local_cluster(usa: Board) -> None:
    distributed = pytest.importorskip("distributed")
    local = list(run_local(_work(4), jobs=1))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = list(run_dask(_work(2), client=client, window=2))
    assert [r["game"] for r in remote] == list(range(GAMES))
    assert _report(usa, local) == _report(usa, remote)


def test_cli_reports_are_identical_for_jobs_1_and_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ttrtool.cli import app

    runner = CliRunner()
    outs = []
    for jobs in (1, 2):
        out = tmp_path / f"r{jobs}.json"
        res = runner.invoke(app, ["simulate", "usa", "--games", "6", "--seed", "4", "--jobs",
                                  str(jobs), "--quiet", "--out", str(out)])
        assert res.exit_code == 0, res.output
        outs.append(out.read_text())
    assert outs[0] == outs[1]


def _elsewhere(size: int) -> Any:
    """Chunks naming a map file no worker can read: the board must travel with the work."""
    return chunks("/nonexistent/usa.yaml", 4, DEFAULT_BOTS, 9, GAMES, size)


def test_pool_workers_receive_the_built_board(usa: Board) -> None:
    local = list(run_local(_work(4), jobs=1))
    shipped = list(run_local(_elsewhere(3), jobs=2, boards={"/nonexistent/usa.yaml": usa}))
    assert shipped == local


def test_dask_workers_receive_the_built_board(usa: Board) -> None:
    distributed = pytest.importorskip("distributed")
    local = list(run_local(_work(4), jobs=1))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = list(run_dask(_elsewhere(2), client=client, window=2,
                               boards={"/nonexistent/usa.yaml": usa}))
    assert remote == local


def test_dask_without_a_scheduler_plays_on_the_process_pool(tmp_path: Path) -> None:
    """No cluster is started on this machine: the same report as --backend local, and a note."""
    from typer.testing import CliRunner

    from ttrtool.cli import app

    runner = CliRunner()
    outs = []
    for backend in ("local", "dask"):
        out = tmp_path / f"{backend}.json"
        res = runner.invoke(app, ["simulate", "usa", "--games", "6", "--seed", "4", "--jobs",
                                  "2", "--backend", backend, "--out", str(out)])
        assert res.exit_code == 0, res.output
        assert ("without --scheduler plays on 2 local processes" in res.output) == (
            backend == "dask")
        outs.append(out.read_text())
    assert outs[0] == outs[1]


def test_run_games_on_dask_without_a_scheduler_needs_no_dask() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['distributed'] = None; sys.modules['dask'] = None\n"
        "from ttrtool.bots import DEFAULT_BOTS\n"
        "from ttrtool.resources import bundled_map_path\n"
        "from ttrtool.simulate.runner import chunks, run_games\n"
        "work = chunks(str(bundled_map_path('usa')), 4, DEFAULT_BOTS, 9, 2, 1)\n"
        "print(len(list(run_games(work, 'dask', jobs=1))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "2"
