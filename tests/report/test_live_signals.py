"""How a local server stops (report.live): its request threads never take Ctrl-C or SIGTERM
(``stops_held``), so the signals reach the main thread; ``serve_until_stopped`` ends on
either and puts the handlers it found back."""

from __future__ import annotations

import os
import signal
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler

import pytest

from ttrtool.report import live

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"),
                                reason="signal masks are POSIX")


def test_a_request_thread_holds_the_stops_back_and_the_main_thread_does_not() -> None:
    seen: list[set[int]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            seen.append(set(signal.pthread_sigmask(signal.SIG_BLOCK, [])))
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    before = set(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    server = live.LocalServer(("127.0.0.1", 0), Handler)
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    serving.start()
    try:
        with urllib.request.urlopen(live.url_of(server), timeout=10) as r:
            assert r.status == 204
    finally:
        server.shutdown()
        serving.join()
        server.server_close()
    assert seen and {signal.SIGINT, signal.SIGTERM} <= seen[0]
    assert set(signal.pthread_sigmask(signal.SIG_BLOCK, [])) == before


def test_stops_held_restores_the_mask_it_found() -> None:
    before = set(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    with live.stops_held():
        inside = set(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    assert {signal.SIGINT, signal.SIGTERM} <= inside
    assert set(signal.pthread_sigmask(signal.SIG_BLOCK, [])) == before


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_serving_ends_on_ctrl_c_or_sigterm_and_puts_the_handlers_back(stop: int) -> None:
    class Handler(BaseHTTPRequestHandler):
        pass

    before = {s: signal.getsignal(s) for s in live.STOPS}
    server = live.LocalServer(("127.0.0.1", 0), Handler)
    announced: list[str] = []
    # the signal comes from another thread while this (the main) one serves
    timer = threading.Timer(0.3, os.kill, (os.getpid(), stop))
    try:
        timer.start()
        live.serve_until_stopped(server, lambda: announced.append(live.url_of(server)))
    finally:
        timer.cancel()
        server.server_close()
    assert announced == [live.url_of(server)]
    assert {s: signal.getsignal(s) for s in live.STOPS} == before
