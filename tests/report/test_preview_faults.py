"""The preview server under bad requests and bad clients (issue 39, item 6): a query that
is no generation is a 400, a dropped connection prints nothing, an idle client is dropped
after a timeout, and the threads it spends are bounded."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.report.bad_clients import drop_connections, hold_idle_clients
from ttrtool.cli import app
from ttrtool.render.theme import load_theme
from ttrtool.report import live
from ttrtool.report.live import Preview, make_server


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[object]:
    board = tmp_path / "board.yaml"
    assert CliRunner().invoke(app, ["new", str(board)]).exit_code == 0
    started = []

    def start(**kw: float) -> int:
        s = make_server(Preview(board, load_theme(None)), 0, **kw)
        thread = threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.05})
        thread.start()
        started.append((s, thread))
        return int(s.server_address[1])

    yield start
    for s, thread in started:
        s.shutdown()
        s.server_close()
        thread.join()


def _get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
    response = conn.getresponse()
    return response.status, response.read()


@pytest.mark.parametrize("seen", ["%C2%B2", "1" * 5000, "-1", "1e3", "%EF%BC%91"])
def test_a_seen_that_is_no_generation_is_a_400(serve: object, seen: str,
                                               capfd: pytest.CaptureFixture[str]) -> None:
    port = serve()  # type: ignore[operator]
    status, body = _get(port, f"/state?seen={seen}")
    assert status == 400 and b"seen must be a generation" in body
    assert _get(port, "/state?seen=0")[0] == 200  # the server goes on
    assert "Traceback" not in capfd.readouterr().err


def test_a_dropped_connection_prints_nothing(serve: object,
                                             capfd: pytest.CaptureFixture[str]) -> None:
    port = serve()  # type: ignore[operator]
    drop_connections(port, "/state?seen=0")
    time.sleep(1.0)
    assert _get(port, "/state?seen=0")[0] == 200
    assert capfd.readouterr().err == ""


def test_an_idle_client_is_dropped_after_the_timeout(serve: object) -> None:
    port = serve(timeout=0.5)  # type: ignore[operator]
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /state?seen=0 HTTP/1.1\r\n")  # and never the rest
    sock.settimeout(10)
    start = time.monotonic()
    assert sock.recv(1024) == b""  # closed by the server
    assert time.monotonic() - start < 5
    sock.close()
    assert live.TIMEOUT <= 30  # the default is a timeout too


def test_idle_clients_hold_a_bounded_number_of_threads(serve: object) -> None:
    port = serve()  # type: ignore[operator]
    hold_idle_clients(port, "/state?seen=0", extra=40)
    assert _get(port, "/state?seen=0")[0] == 200  # served again once they are gone
