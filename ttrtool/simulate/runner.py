"""Run many games: in this process, on local worker processes, or on Dask.

Games are cut into chunks of consecutive game numbers; each chunk is played
by a worker from the run's description alone (the map's board, player count,
bots, run seed), so a game's outcome never depends on which worker played it.
Chunks come back in game order whatever order they finish in, and at most a
few chunks are in flight, so memory stays flat for any number of games.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Generator, Iterator, Mapping
from concurrent.futures import CancelledError
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing import connection, resource_tracker
from typing import Any

from ttrtool.model import Board

Record = dict[str, Any]


class BackendUnavailable(RuntimeError):
    """The Dask backend was asked for but ``dask[distributed]`` is not installed."""


class BackendLost(RuntimeError):
    """The Dask cluster stopped playing in the middle of a run (it lost every worker,
    or the scheduler went away); the games it finished before are kept."""


class WorkerLost(BackendLost):
    """A local worker process ended while the pool was playing: killed (by the system when
    memory runs out, or by hand) or gone of its own accord (a plug-in bot that called
    sys.exit).  ``multiprocessing.Pool`` never hands back the chunk such a worker was
    playing, and one that died waiting for work holds the lock of the pool's queue, so
    the run would wait for ever; the games played before are kept."""


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
    """The board for a map path: the one shipped to this worker, else loaded once."""
    if path not in _BOARDS:
        import ttrtool

        _BOARDS[path] = ttrtool.load_map(path)
    return _BOARDS[path]


def play_chunk(chunk: Chunk, board: Board | None = None) -> list[Record]:
    """Play one chunk of games and return their log records in game order.

    ``board`` is the chunk's map, built; without it the map is loaded from
    ``chunk.map_path`` (once per process)."""
    from ttrtool.simulate.playout import InvariantError, Table
    from ttrtool.simulate.rescore import rescore

    table = Table(board or _board(chunk.map_path), chunk.players, chunk.bots)
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


def _start_worker(boards: Mapping[str, Board]) -> None:
    """Set up a pool worker: signals are the parent's to handle, and the boards come built.

    A worker starts with SIGINT and SIGTERM held back (:func:`_held_signals`):
    SIGINT stays ignored, so a Ctrl-C reaches only the parent, which stops the
    pool; SIGTERM is let through again, for that is how the pool stops a worker
    (:func:`_leave`).
    Receiving the parent's boards (a pickle of some 30 kB) spares each worker
    reading, validating and building the map again."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _leave)
    signal.signal(signal.SIGALRM, _leave)  # _leave's second look, after a message is out
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    _BOARDS.update(boards)
    # Import the playing modules now, while the parent is still starting the other workers.
    import ttrtool.simulate.playout
    import ttrtool.simulate.rescore  # noqa: F401


# The functions of multiprocessing.connection that write one message to a pipe.
_SENDING = frozenset({"send", "send_bytes", "_send_bytes", "_send"})


def _sending(frame: Any) -> bool:
    """Is ``frame``, or a frame it was called from, writing a message to a pipe?"""
    while frame is not None:
        code = frame.f_code
        if code.co_name in _SENDING and code.co_filename == connection.__file__:
            return True
        frame = frame.f_back
    return False


def _leave(signum: int, frame: Any) -> None:
    """A worker's SIGTERM (the pool stopping it, or a signal to the whole process group):
    leave through SystemExit, which lets go of the pool's queue lock on the way out.  Dying
    at once (the default) while waiting for work left the lock held, and the parent's
    pool.terminate() then waited for it for ever.

    Not in the middle of a message, though: a chunk's records (hundreds of kB) take many
    writes to the pipe, and a worker leaving half-way left the parent's reader of results
    waiting for the rest for ever (or reading the next message as its end).  Then the
    worker looks again 10 ms later (SIGALRM), until the message is out."""
    if _sending(frame):
        signal.setitimer(signal.ITIMER_REAL, 0.01)
        return
    raise SystemExit(0)


class Terminated(BaseException):
    """SIGTERM during a run.  It stops the run the way a Ctrl-C does (whole games kept,
    the workers stopped); like KeyboardInterrupt it is no Exception, so no ``except
    Exception`` takes it for an error, and it is not one, so the CLI can tell it apart."""


def _on_terminate(signum: int, frame: Any) -> None:
    raise Terminated()


@contextmanager
def sigterm_stops_the_run() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` in the block (in the main thread; elsewhere
    nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _on_terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


_STOPS = {signal.SIGINT, signal.SIGTERM}


class _Held:
    """SIGINT and SIGTERM held back while the pool starts (in the main thread).

    Two things hold them.  The main thread blocks them, so the processes it
    starts meanwhile inherit them blocked from their first instruction and a
    Ctrl-C cannot interrupt them while they start.  And their Python handlers
    only note them: a signal sent to the whole process is delivered to some
    thread that does not block it, if the program has one (pytest-xdist's
    workers do, a program embedding ttrtool may), and its handler would then
    raise in the main thread in the middle of starting the pool, where
    ``Pool()`` lets go of no worker it had started.  Once the pool is whole,
    :func:`run_local` puts both back and raises what came in the meantime."""

    def __init__(self) -> None:
        self.mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
        self.came: list[int] = []
        self.handlers: dict[int, Any] = {}
        try:
            for s in _STOPS:
                # signal.signal first runs the handler of a signal that came just now
                self.handlers[s] = signal.signal(s, self._note)
        except BaseException:
            _restore(self.handlers)
            self.unblock()
            raise

    def _note(self, signum: int, frame: Any) -> None:
        self.came.append(signum)

    def unblock(self) -> None:
        signal.pthread_sigmask(signal.SIG_SETMASK, self.mask)

    def raise_noted(self) -> None:
        """Send the signals noted in the meantime again, to this thread: their handlers
        (put back by now) run here and then."""
        for signum in dict.fromkeys(self.came):
            signal.raise_signal(signum)


def _held_signals() -> _Held | None:
    """Hold SIGINT and SIGTERM back (:class:`_Held`), or None off the main thread (which
    cannot change the handlers)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return _Held()


def _restore(handlers: Mapping[int, Any]) -> None:
    for s, handler in handlers.items():
        # None: a handler installed outside Python, which cannot be put back from here.
        signal.signal(s, signal.SIG_DFL if handler is None else handler)


@contextmanager
def _signals_ignored(held: _Held | None = None) -> Iterator[None]:
    """SIGINT and SIGTERM ignored for a moment (in the main thread): a second Ctrl-C
    must not interrupt the pool's shutdown.  With ``held`` (the pool did not start), what
    it held is dropped: the signals are unblocked while ignored, and its handlers are the
    ones put back at the end."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {s: signal.signal(s, signal.SIG_IGN) for s in _STOPS}
    if held is not None:
        previous = held.handlers
        held.unblock()  # a pending signal is discarded: its handler is SIG_IGN
    try:
        yield
    finally:
        _restore(previous)


# How often the wait for a chunk looks at the workers (seconds): a worker lost is named
# this long after it ended at the latest.
_WATCH = 1.0


class _WatchedSpawn(multiprocessing.context.SpawnContext):
    """The spawn context, keeping every process it makes: the pool's workers and those
    the pool starts in place of workers that ended."""

    def __init__(self) -> None:
        super().__init__()
        self.made: list[multiprocessing.context.SpawnProcess] = []

    def Process(self, *args: Any, **kwargs: Any  # type: ignore[override]  # noqa: N802
                ) -> multiprocessing.context.SpawnProcess:
        process = multiprocessing.context.SpawnProcess(*args, **kwargs)
        self.made.append(process)
        return process

    def ended(self) -> list[multiprocessing.context.SpawnProcess]:
        return [p for p in self.made if p.exitcode is not None]


def _how(exitcode: int) -> str:
    """How a worker ended, for the message of :class:`WorkerLost`."""
    if exitcode == -signal.SIGKILL:
        return ("was killed by SIGKILL, as the system kills a process when memory runs out "
                "(with too little memory, run again with fewer --jobs)")
    if exitcode < 0:
        try:
            return f"was killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"was killed by signal {-exitcode}"
    return f"ended with exit code {exitcode}"


def _wait(result: Any, chunk: Chunk, ctx: _WatchedSpawn) -> list[Record]:
    """The records of ``chunk`` once its worker has played it; :class:`WorkerLost` as soon
    as a worker of the pool is found to have ended (the pool would wait for ever)."""
    while True:
        try:
            records: list[Record] = result.get(_WATCH)
            return records
        except multiprocessing.TimeoutError:
            ended = ctx.ended()
            if ended:
                lost = ended[0]
                raise WorkerLost(
                    f"a worker process (pid {lost.pid}) {_how(lost.exitcode or 0)}: the run "
                    f"stopped at game {chunk.start} of the {chunk.players}-player games"
                    ) from None


def run_local(work: list[Chunk], jobs: int,
              boards: Mapping[str, Board] | None = None) -> Generator[Record, None, None]:
    """Play chunks here (``jobs == 1``) or on a pool of ``jobs`` processes, in game order.

    ``boards`` maps a chunk's ``map_path`` to its built board (else each map is
    loaded here once).  A Ctrl-C reaches only this process: the workers ignore
    SIGINT, and the pool is shut down when the KeyboardInterrupt (or
    :class:`Terminated`) leaves, or the iterator is closed early, so no worker
    prints anything; a signal while the pool starts is held until it has started.
    SIGTERM (:class:`Terminated`, see :func:`sigterm_stops_the_run`) stops it alike.
    A worker that ends while the pool plays (killed when memory runs out) stops the run
    with :class:`WorkerLost`, where the pool itself would wait for ever.
    """
    if jobs <= 1 or len(work) <= 1:
        for c in work:
            yield from play_chunk(c, (boards or {}).get(c.map_path))
        return
    shipped = {path: (boards or {}).get(path) or _board(path)
               for path in dict.fromkeys(c.map_path for c in work)}
    # spawn: no inherited threads or locks; every worker imports ttrtool afresh.
    ctx = _WatchedSpawn()
    workers = min(jobs, len(work))
    # The tracker of the pool's semaphores first: starting it unblocks SIGINT and SIGTERM
    # behind itself, which would let a signal reach workers still starting.
    resource_tracker.ensure_running()
    held = _held_signals()
    pool = None
    try:
        pool = ctx.Pool(processes=workers, initializer=_start_worker, initargs=(shipped,))
        if held is not None:
            # A Ctrl-C or SIGTERM that came while the pool started is raised here.
            _restore(held.handlers)
            released, held = held, None
            released.unblock()
            released.raise_noted()
        # At most a few chunks in flight, so finished chunks waiting for a slow
        # earlier one never pile up: memory stays flat however long the run.
        pending: deque[tuple[Chunk, Any]] = deque()
        todo = iter(work)
        for c in todo:
            pending.append((c, pool.apply_async(play_chunk, (c,))))
            if len(pending) >= 3 * workers:
                break
        while pending:
            chunk, result = pending.popleft()
            records = _wait(result, chunk, ctx)
            nxt = next(todo, None)
            if nxt is not None:
                pending.append((nxt, pool.apply_async(play_chunk, (nxt,))))
            yield from records
    except BaseException:
        # Ctrl-C, SIGTERM, an error in a game, or the consumer stopping early: stop the
        # workers (a second signal must not interrupt the shutdown itself).
        with _signals_ignored(held):
            if pool is not None:
                _stop(pool, ctx.made)
        raise
    pool.close()
    pool.join()


def _stop(pool: Any, made: list[multiprocessing.context.SpawnProcess],
          patience: float = 10.0) -> None:
    """Terminate the pool and make sure no process it ``made`` outlives the run.

    A worker that a signal to the whole process group ended while it held the pool's
    queue lock makes ``terminate`` wait for ever, so after ``patience`` seconds the
    stuck shutdown (a daemon thread) is abandoned: the process is about to end anyway.
    Either way, once the pool's keeper of workers has stopped starting replacements for
    workers that ended, every process the pool made that is still running is killed and
    reaped: a replacement the keeper was starting while the shutdown began is in no list
    the pool's own shutdown looks at in time."""
    def stop() -> None:
        pool.terminate()
        pool.join()

    stopper = threading.Thread(target=stop, name="pool-stopper", daemon=True)
    stopper.start()
    stopper.join(patience)
    keeper = getattr(pool, "_worker_handler", None)
    if keeper is not None:
        keeper.join(patience)  # terminate told it to stop; it starts no worker after this
    left = [w for w in made if w.ident is not None and w.exitcode is None]
    for worker in left:
        worker.kill()
    for worker in left:  # reaped, so that no worker outlives the run even as a zombie
        worker.join(patience)


def _distributed() -> Any:
    try:
        import distributed
    except ImportError as e:
        raise BackendUnavailable(
            "the dask backend needs the optional extra: pip install 'ttrtool[dask]'"
        ) from e
    return distributed


def run_dask(work: list[Chunk], scheduler: str | None = None, client: Any = None,
             window: int | None = None,
             boards: Mapping[str, Board] | None = None) -> Generator[Record, None, None]:
    """Play chunks on a running Dask cluster, in game order.

    ``client`` (a ``distributed.Client``) wins over ``scheduler`` (an address).
    Each map's board is sent to every worker once (``boards``, else loaded
    here), so the workers need neither the map file nor time to build it.  At
    most ``window`` chunks are in flight.
    """
    distributed = _distributed()
    own = None
    if client is None:
        if not scheduler:
            raise ValueError("run_dask needs a Dask client or a scheduler address")
        try:
            own = client = distributed.Client(scheduler, timeout="30s")
        except Exception as e:  # noqa: BLE001 - whatever answered, it is no usable scheduler
            raise BackendUnavailable(
                f"cannot use the Dask scheduler at {scheduler} ({type(e).__name__}: {e}): "
                "check the address and that the scheduler is running") from None
    pending: deque[tuple[Chunk, Any]] = deque()
    try:
        shipped = {path: client.scatter((boards or {}).get(path) or _board(path),
                                        broadcast=True, hash=False)
                   for path in dict.fromkeys(c.map_path for c in work)}
        limit = window or 4 * max(1, len(client.scheduler_info().get("workers", {})) or 1)
        todo = iter(work)
        for c in todo:
            pending.append((c, client.submit(play_chunk, c, shipped[c.map_path], pure=False)))
            if len(pending) >= limit:
                break
        while pending:
            chunk, future = pending.popleft()
            try:
                records = future.result()
            except (CancelledError, distributed.scheduler.KilledWorker, OSError,
                    TimeoutError) as e:
                # Workers that died (every one of them: Dask retries on the others until
                # none is left) cancel the chunks; a lost scheduler closes the connection.
                where = f" at {scheduler}" if scheduler else ""
                raise BackendLost(
                    f"the Dask cluster{where} stopped playing at game {chunk.start} of the "
                    f"{chunk.players}-player games ({type(e).__name__}"
                    f"{': ' + str(e) if str(e) else ''}): check that its workers are "
                    "running, then run again") from None
            nxt = next(todo, None)
            if nxt is not None:
                pending.append((nxt, client.submit(play_chunk, nxt, shipped[nxt.map_path],
                                                   pure=False)))
            yield from records
    finally:
        if pending:
            client.cancel([f for _, f in pending])
        if own is not None:
            own.close()


def run_games(work: list[Chunk], backend: str = "local", jobs: int | None = None,
              scheduler: str | None = None,
              boards: Mapping[str, Board] | None = None) -> Generator[Record, None, None]:
    """Every game of ``work`` as a log record, in game order.

    ``dask`` without a ``scheduler`` plays on the local process pool: a Dask
    cluster started on this machine would only compete with the games for its
    cores (docs/simulate.md has the measurements)."""
    if backend == "dask" and scheduler:
        return run_dask(work, scheduler=scheduler, boards=boards)
    if backend in ("local", "dask"):
        return run_local(work, jobs or default_jobs(), boards)
    raise ValueError(f"unknown backend '{backend}': use local or dask")
