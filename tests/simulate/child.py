"""What the signal tests run in a child process (spawned: importable by name)."""

from __future__ import annotations

from multiprocessing.connection import Connection


def send_then_wait(results: Connection, work: Connection, size: int) -> None:
    """As a pool worker: set up as one, send a result of ``size`` bytes (many writes to
    the pipe), then wait for work that never comes."""
    from ttrtool.simulate.runner import _start_worker

    _start_worker({})
    results.send_bytes(b"x" * size)
    work.recv_bytes()
