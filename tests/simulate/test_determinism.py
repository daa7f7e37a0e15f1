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
from ttrtool.simulate.report import Tally, build_report
from ttrtool.simulate.runner import chunks, run_dask, run_local

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
