"""The play server under bad clients, as the preview's (tests/report/test_preview_faults.py):
a dropped connection prints nothing, and idle clients hold a bounded number of threads."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.human.test_api import USA, serve
from tests.report.bad_clients import drop_connections, hold_idle_clients
from ttrtool.human.session import Sitting


def test_a_dropped_connection_prints_nothing_and_idle_clients_are_bounded(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    sitting = Sitting.open(USA, tmp_path / "game.jsonl", ("human", "expert"), 1)
    for client in serve(sitting):
        drop_connections(client.port, "/state")
        hold_idle_clients(client.port, "/state")
        assert client.state()["legal"]  # served again once they are gone
    assert "Traceback" not in capfd.readouterr().err
