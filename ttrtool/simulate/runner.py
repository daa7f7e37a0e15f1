"""Run many games: in this process, on local worker processes, or on Dask.

Games are cut into chunks of consecutive game numbers; each chunk is played
by a worker from the run's description alone (map file, player count, bots,
run seed), so a game's outcome never depends on which worker played it.
Chunks come back in game order whatever order they finish in, and at most a
few chunks are in flight, so memory stays flat for any number of games.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ttrtool.model import Board

Record = dict[str, Any]


class BackendUnavailable(RuntimeError):
    """The Dask backend was asked for but ``dask[distributed]`` is not installed."""


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of one player count of a run."""

    map_path: str
    players: int
    bots: tuple[str, ...]
    run_seed: int
    start: int
    stop: int
    log_actions: bool = False
    check_invariants: bool = False


_BOARDS: dict[str, Board] = {}


def _board(path: str) -> Board:
    """The board for a map path, loaded once per worker process."""
    if path not in _BOARDS:
        import ttrtool

        _BOARDS[path] = ttrtool.load_map(path)
    return _BOARDS[path]


def play_chunk(chunk: Chunk) -> list[Record]:
    """Play one chunk of games and return their log records in game order."""
    from ttrtool.simulate.playout import InvariantError, Table
    from ttrtool.simulate.rescore import rescore

    board = _board(chunk.map_path)
    table = Table(board, chunk.players, chunk.bots)
    records = []
    for g in range(chunk.start, chunk.stop):
        record = table.play(chunk.run_seed, g, log_actions=chunk.log_actions,
                            check_invariants=chunk.check_invariants)
        if chunk.check_invariants:
            problems = rescore(record)
            if problems:
                raise InvariantError(f"seed {record['seed']}: " + "; ".join(problems))
        records.append(record)
    return records


def chunks(map_path: str, players: int, bots: tuple[str, ...], run_seed: int, games: int,
           size: int, log_actions: bool = False, check_invariants: bool = False) -> list[Chunk]:
    return [Chunk(map_path, players, bots, run_seed, s, min(s + size, games), log_actions,
                  check_invariants)
            for s in range(0, games, size)]


def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_local(work: list[Chunk], jobs: int) -> Iterator[Record]:
    """Play chunks here (``jobs == 1``) or on a pool of ``jobs`` processes, in game order."""
    if jobs <= 1 or len(work) <= 1:
        for c in work:
            yield from play_chunk(c)
        return
    # spawn: no inherited threads or locks; every worker imports ttrtool afresh.
    ctx = multiprocessing.get_context("spawn")
    workers = min(jobs, len(work))
    with ctx.Pool(processes=workers) as pool:
        # At most a few chunks in flight, so finished chunks waiting for a slow
        # earlier one never pile up: memory stays flat however long the run.
        pending: deque[Any] = deque()
        todo = iter(work)
        for c in todo:
            pending.append(pool.apply_async(play_chunk, (c,)))
            if len(pending) >= 3 * workers:
                break
        while pending:
            records = pending.popleft().get()
            nxt = next(todo, None)
            if nxt is not None:
                pending.append(pool.apply_async(play_chunk, (nxt,)))
            yield from records


def _distributed() -> Any:
    try:
        import distributed
    except ImportError as e:
        raise BackendUnavailable(
            "the dask backend needs the optional extra: pip install 'ttrtool[dask]'"
        ) from e
    return distributed


def run_dask(work: list[Chunk], scheduler: str | None = None, client: Any = None,
             workers: int | None = None, window: int | None = None) -> Iterator[Record]:
    """Play chunks on a Dask cluster, in game order.

    ``client`` (a ``distributed.Client``) wins over ``scheduler`` (an address);
    with neither, a ``LocalCluster`` of ``workers`` processes is started for
    the run.  At most ``window`` chunks are in flight.
    """
    distributed = _distributed()
    own = None
    if client is None:
        if scheduler:
            try:
                own = client = distributed.Client(scheduler, timeout="30s")
            except Exception as e:  # noqa: BLE001 - whatever answered, it is no usable scheduler
                raise BackendUnavailable(
                    f"cannot use the Dask scheduler at {scheduler} ({type(e).__name__}: {e}): "
                    "check the address and that the scheduler is running") from None
        else:
            cluster = distributed.LocalCluster(n_workers=workers or default_jobs(),
                                               threads_per_worker=1, dashboard_address=None)
            own = client = distributed.Client(cluster)
    try:
        limit = window or 4 * max(1, len(client.scheduler_info().get("workers", {})) or 1)
        pending: deque[Any] = deque()
        todo = iter(work)
        for c in todo:
            pending.append(client.submit(play_chunk, c, pure=False))
            if len(pending) >= limit:
                break
        while pending:
            future = pending.popleft()
            records = future.result()
            nxt = next(todo, None)
            if nxt is not None:
                pending.append(client.submit(play_chunk, nxt, pure=False))
            yield from records
    finally:
        if own is not None:
            cluster = getattr(own, "cluster", None)
            own.close()
            if cluster is not None and not scheduler:
                cluster.close()


def run_games(work: list[Chunk], backend: str = "local", jobs: int | None = None,
              scheduler: str | None = None) -> Iterator[Record]:
    """Every game of ``work`` as a log record, in game order."""
    if backend == "local":
        return run_local(work, jobs or default_jobs())
    if backend == "dask":
        return run_dask(work, scheduler=scheduler, workers=jobs)
    raise ValueError(f"unknown backend '{backend}': use local or dask")
