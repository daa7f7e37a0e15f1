"""The play server under bad clients, as the preview's (tests/report/test_preview_faults.py):
a dropped connection prints nothing, and idle clients hold a bounded number of threads."""

from __future__ import annotations

import socket
import struct
import threading
import time
from pathlib import Path

import pytest

from tests.human.test_api import USA, serve
from ttrtool.human.session import Sitting
from ttrtool.report import live


def test_a_dropped_connection_prints_nothing_and_idle_clients_are_bounded(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    sitting = Sitting.open(USA, tmp_path / "game.jsonl", ("human", "expert"), 1)
    for client in serve(sitting):
        port = client.port
        for _ in range(6):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(f"GET /state HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            # Closed with a reset before the answer (a closed tab): the server's write fails.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
        before = threading.active_count()
        idle = []
        for _ in range(live.MAX_CONNECTIONS + 30):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET /state HTTP/1.1\r\n")  # and never the rest
            idle.append(sock)
        time.sleep(0.5)
        assert threading.active_count() - before <= live.MAX_CONNECTIONS
        for sock in idle:
            sock.close()
        deadline = time.monotonic() + 10
        while threading.active_count() > before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.state()["legal"]  # served again once they are gone
    assert "Traceback" not in capfd.readouterr().err
