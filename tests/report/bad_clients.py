"""Bad clients of a local server (the preview's and play's, both
:class:`ttrtool.report.live.LocalServer`): connections reset before the answer, and idle
clients that never finish their request."""

from __future__ import annotations

import socket
import struct
import threading
import time

from ttrtool.report import live


def drop_connections(port: int, path: str, times: int = 6) -> None:
    """Ask for ``path`` and reset the connection before the answer (a closed tab): the
    server's write fails."""
    for _ in range(times):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()


def hold_idle_clients(port: int, path: str, extra: int = 30) -> None:
    """Open more connections than the server serves at once, each sending half a request
    and never the rest: the server's threads must stay within its bound; return once the
    clients have gone and the threads they held have ended (or 10 s have passed)."""
    before = threading.active_count()
    idle = []
    for _ in range(live.MAX_CONNECTIONS + extra):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET {path} HTTP/1.1\r\n".encode())  # and never the rest
        idle.append(sock)
    time.sleep(0.5)
    assert threading.active_count() - before <= live.MAX_CONNECTIONS
    for sock in idle:
        sock.close()
    deadline = time.monotonic() + 10
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.05)
