"""A run that meets a fault ends cleanly (issue 26, items 8-11): signals at any moment, a
full disk, a Dask cluster that loses its workers.  Whole games are kept, the previous
outputs survive, the message names the file and the reason, the exit code is documented."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager
from functools import partial
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ttrtool import simulate
from ttrtool.cli import app
from ttrtool.simulate import runner as runner_mod
from ttrtool.simulate import session as session_mod
from ttrtool.simulate.runner import (
    BackendLost,
    Chunk,
    Terminated,
    WorkerLost,
    run_dask,
    run_local,
)
from ttrtool.simulate.session import RunError, RunRequest

ROOT = Path(__file__).resolve().parents[2]
cli = CliRunner()
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _work(games: int = 8, size: int = 2) -> list[Chunk]:
    path = str(ROOT / "maps" / "switzerland.yaml")
    return [Chunk(path, 3, ("random", "random", "random"), 1, s, min(s + size, games))
            for s in range(0, games, size)]


@contextmanager
def _signal_arrivals() -> Iterator[Callable[[float], None]]:
    """A wait for the next signal this process receives, in whichever thread: the wakeup
    file descriptor gets a byte as soon as the signal's C-level handler has run."""
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    theirs.setblocking(False)
    previous = signal.set_wakeup_fd(theirs.fileno(), warn_on_full_buffer=False)

    def wait(deadline: float) -> None:
        ready, _, _ = select.select([ours], [], [], deadline)
        assert ready, f"the signal was not received within {deadline} s"
        ours.recv(64)

    try:
        yield wait
    finally:
        signal.set_wakeup_fd(previous)
        ours.close()
        theirs.close()


@POSIX
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("target", ["main thread", "another thread"])
def test_a_signal_while_the_pool_starts_stops_the_run(monkeypatch: pytest.MonkeyPatch,
                                                      signum: int, target: str) -> None:
    """The signal comes after the first worker has started and before the second (it used
    to be ignored there, and the run played to its end): it must stop the run, and no
    worker may be left.  Sent to the process while another thread can take it, as a
    Ctrl-C reaches pytest-xdist's workers or a program with threads, its handler used to
    raise in the middle of starting the pool, which then left the first worker running."""
    start = SpawnProcess.start
    sent: list[int] = []
    standby = threading.Event()
    other = threading.Thread(target=standby.wait, daemon=True)  # unblocked: it may take it
    other.start()

    def start_then_signal(process: SpawnProcess) -> None:
        start(process)
        if not sent:
            sent.append(signum)
            if target == "main thread":
                signal.pthread_kill(threading.main_thread().ident or 0, signum)
            else:
                os.kill(os.getpid(), signum)  # the main thread blocks it: the other one takes it
                wait_for_it(60)

    monkeypatch.setattr(SpawnProcess, "start", start_then_signal)
    expected = KeyboardInterrupt if signum == signal.SIGINT else Terminated
    # Python's own Ctrl-C handler, as in a terminal: a test run started in the background by a
    # shell (`make test &`) inherits SIGINT ignored, and the signal would then do nothing.
    interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with _signal_arrivals() as wait_for_it, pytest.raises(expected), \
                runner_mod.sigterm_stops_the_run():
            list(run_local(_work(), 2))
    finally:
        signal.signal(signal.SIGINT, interrupt)
        standby.set()
        other.join()
    assert sent == [signum]
    assert multiprocessing.active_children() == []


@POSIX
def test_sigterm_during_the_games_keeps_whole_games_and_leaks_nothing(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "ttrtool", "simulate", "usa", "--games", "3000", "--jobs", "2",
         "--quiet", "--log", str(log)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while (not log.exists() or log.stat().st_size == 0) and proc.poll() is None:
            assert time.monotonic() < deadline, "no game was logged within two minutes"
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGTERM)  # as `kill` of a job, or a CI runner's cancel
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 143, err
    assert "Traceback" not in err and "leaked" not in err and "BrokenPipe" not in err, err
    assert err.startswith("terminated: wrote "), err
    lines = log.read_text(encoding="utf-8").splitlines()
    assert f"wrote {len(lines)} of 3000 games" in err
    assert [json.loads(line)["game"] for line in lines] == list(range(len(lines)))
    assert out == ""


def test_the_previous_log_stays_until_a_game_is_written(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "games.jsonl"
    log.write_text("the previous run's games\n", encoding="utf-8")

    def stopped_at_once(*args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
        raise KeyboardInterrupt
        yield {}

    monkeypatch.setattr(session_mod, "run_games", stopped_at_once)
    result = simulate.run(RunRequest("switzerland", games=4, jobs=1, log=log))
    assert result.interrupted and result.logged == 0
    assert log.read_text(encoding="utf-8") == "the previous run's games\n"
    res = cli.invoke(app, ["simulate", "switzerland", "-n", "4", "-j", "1", "-q",
                           "--log", str(log)])
    assert res.exit_code == 130
    assert f"no game was finished, {log} is left as it was" in res.output


def _full_after(monkeypatch: pytest.MonkeyPatch, calls: int, partial: int = 10) -> None:
    """os.write fails with ENOSPC after ``calls`` writes; the failing one first writes
    ``partial`` bytes, as a disk filling up in the middle of a write does."""
    real = os.write
    count = 0

    def write(fd: int, data: Any) -> int:
        nonlocal count
        count += 1
        if count == calls + 1 and partial:
            return real(fd, bytes(data[:partial]))
        if count > calls:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


def test_a_full_disk_under_the_log_keeps_whole_games_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "games.jsonl"
    _full_after(monkeypatch, 3)
    with pytest.raises(RunError) as caught:
        simulate.run(RunRequest("switzerland", games=8, jobs=1, log=log))
    assert caught.value.code == 2
    message = caught.value.message
    assert f"cannot write {log}: the disk is full" in message
    assert "keeps 3 whole game(s)" in message
    text = log.read_text(encoding="utf-8")
    assert text.endswith("\n") and len(text.splitlines()) == 3
    assert all(json.loads(line) for line in text.splitlines())


@pytest.mark.parametrize("option", ["--out", "--markdown"])
def test_a_full_disk_leaves_the_previous_report_whole(tmp_path: Path, option: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "report.txt"
    target.write_text("the previous report\n", encoding="utf-8")
    _full_after(monkeypatch, 0)
    res = cli.invoke(app, ["simulate", "switzerland", "-n", "2", "-j", "1", "-q",
                           option, str(target)])
    assert res.exit_code == 2, res.output
    assert f"cannot write {target}: the disk is full" in res.output
    assert "the previous file is kept" in res.output
    assert target.read_text(encoding="utf-8") == "the previous report\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]  # no temporary file left


class _LostCluster:
    """A stand-in for a ``distributed.Client`` whose workers all die after ``good``
    chunks: the futures of the chunks after are cancelled, as Dask cancels them."""

    def __init__(self, good: int) -> None:
        self.good, self.cancelled = good, 0

    def scatter(self, board: Any, **_: Any) -> Any:
        return board

    def scheduler_info(self) -> dict[str, Any]:
        return {"workers": {"w1": {}}}

    def submit(self, fn: Any, chunk: Chunk, board: Any, **_: Any) -> Any:
        cluster = self

        class Future:
            def result(self) -> Any:
                if chunk.start // (chunk.stop - chunk.start) >= cluster.good:
                    raise CancelledError()  # distributed's FutureCancelledError is one
                return fn(chunk, board)

        return Future()

    def cancel(self, futures: list[Any]) -> None:
        self.cancelled += len(futures)


def test_a_dask_cluster_that_loses_every_worker_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    cluster = _LostCluster(good=2)
    played = []
    with pytest.raises(BackendLost) as caught:
        for record in run_dask(_work(), client=cluster):
            played.append(record)
    assert len(played) == 4  # the two chunks before the loss, in game order
    assert "stopped playing at game 4 of the 3-player games" in str(caught.value)
    assert "check that its workers are running" in str(caught.value)


def test_a_lost_cluster_ends_the_run_with_exit_2_and_keeps_the_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    log = tmp_path / "games.jsonl"

    def lost_after_two_chunks(work: list[Chunk], *args: Any, **kwargs: Any) -> Any:
        return run_dask(work, client=_LostCluster(good=2))

    monkeypatch.setattr(session_mod, "run_games", lost_after_two_chunks)
    res = cli.invoke(app, ["simulate", "switzerland", "-n", "40", "-j", "2", "-q",
                           "--backend", "dask", "--scheduler", "tcp://127.0.0.1:1",
                           "--log", str(log)])
    assert res.exit_code == 2, res.output
    kept = len(log.read_text(encoding="utf-8").splitlines())
    assert kept > 0 and f"{log} keeps the {kept} game(s) played" in res.output
    assert "Traceback" not in res.output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["validate", "usa"], ["analyze", "usa"], ["schema"],
                                  ["simulate", "switzerland", "-n", "1", "-j", "1", "-q"]])
def test_standard_output_on_a_full_disk_is_named(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        res = subprocess.run([sys.executable, "-m", "ttrtool", *args], cwd=ROOT, stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    assert res.returncode == 2, res.stderr
    assert res.stderr.strip() == ("error: cannot write to standard output: the disk is full "
                                  "(no space left on device)")


def _interrupted_at(step: int, action: Callable[[], None]) -> bool:
    """Run ``action`` with a KeyboardInterrupt raised at its ``step``-th line in the log's
    code (ttrtool/simulate/gamelog.py and outputs.write_all), as a Ctrl-C may land at any
    line; False when it ran to its end before that step."""
    from ttrtool import outputs
    from ttrtool.simulate import gamelog

    traced = {gamelog.__file__, outputs.__file__}
    seen = 0

    def trace(frame: Any, event: str, arg: Any) -> Any:
        nonlocal seen
        if frame.f_code.co_filename not in traced:
            return None
        if event == "line":
            seen += 1
            if seen == step:
                raise KeyboardInterrupt
        return trace

    sys.settrace(trace)
    try:
        action()
    except KeyboardInterrupt:
        return True
    finally:
        sys.settrace(None)
    return False


@pytest.mark.parametrize("first", [True, False], ids=["first game", "later game"])
def test_a_signal_at_any_line_of_a_log_write_keeps_the_count_true(tmp_path: Path,
                                                                  first: bool) -> None:
    """Whatever line of the log's code a Ctrl-C lands on, the log holds whole games only,
    as many as it says, or the previous log untouched when it says none (a Ctrl-C right
    after the rename, or between counting the bytes and the game, made the count wrong)."""
    from ttrtool.simulate.gamelog import GameLog

    records = [{"game": g, "pad": "x" * 5000} for g in range(2)]
    step = 0
    while True:
        step += 1
        log = tmp_path / f"{step}" / "games.jsonl"
        log.parent.mkdir()
        log.write_text("the previous run's games\n", encoding="utf-8")
        game_log = GameLog(log)
        if not first:
            game_log.write(records[0])
        hit = _interrupted_at(step, partial(game_log.write, records[1]))
        game_log.close()
        lines = log.read_text(encoding="utf-8").splitlines()
        if game_log.games == 0:
            assert lines == ["the previous run's games"], step
        else:
            tried = records[1:] if first else records
            assert [json.loads(line) for line in lines] == tried[:game_log.games], step
        assert sorted(p.name for p in log.parent.iterdir()) == ["games.jsonl"], step
        if not hit:
            assert game_log.games == 2 - first
            break
    assert step > 5


@POSIX
@pytest.mark.parametrize(("bot", "says"), [
    ("DyingBot", "was killed by SIGKILL, as the system kills a process when memory runs out"),
    ("LeavingBot", "ended with exit code 0"),
], ids=["killed", "sys.exit"])
def test_a_worker_that_dies_stops_the_run_instead_of_hanging_it(bot: str, says: str) -> None:
    """A pool worker killed in the middle of a chunk (as when memory runs out) or leaving
    (a bot calling sys.exit) never hands its chunk back: the run used to wait for it for
    ever.  Now it stops with WorkerLost, a BackendLost, and no worker is left."""
    path = str(ROOT / "maps" / "switzerland.yaml")
    bots = ("random", "random", f"tests.simulate.plugin_bot:{bot}")
    work = [Chunk(path, 3, bots, 1, s, s + 2) for s in range(0, 8, 2)]
    with pytest.raises(WorkerLost) as caught:
        list(run_local(work, 2))
    assert isinstance(caught.value, BackendLost)
    message = str(caught.value)
    assert says in message, message
    assert "stopped at game 0 of the 3-player games" in message, message
    assert multiprocessing.active_children() == []


PATIENCE = 2.0


class _StuckPool:
    """A pool whose shutdown never returns, and whose keeper of workers starts one more
    worker after the shutdown began (as a replacement for a worker that ended)."""

    def __init__(self, made: list[SpawnProcess]) -> None:
        self._pool: list[SpawnProcess] = []
        self.made = made
        self.stopping = threading.Event()
        self._worker_handler = threading.Thread(target=self._replace, daemon=True)
        self._worker_handler.start()

    def _replace(self) -> None:
        self.stopping.wait()
        time.sleep(PATIENCE + 0.05)  # the shutdown has been given up by now
        late = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(120,))
        late.start()
        self.made.append(late)

    def terminate(self) -> None:
        self.stopping.set()
        threading.Event().wait()

    def join(self) -> None:
        pass


@POSIX
def test_stopping_the_pool_ends_a_worker_started_while_it_stopped() -> None:
    """A worker the pool's keeper started while the shutdown was already stuck used to
    outlive the run (CI once found one left behind a lost worker): no list the shutdown
    looked at held it yet."""
    made: list[SpawnProcess] = []
    runner_mod._stop(_StuckPool(made), made, patience=PATIENCE)
    assert len(made) == 1
    assert made[0].exitcode == -signal.SIGKILL
    assert made[0] not in multiprocessing.active_children()


@POSIX
def test_a_lost_worker_ends_simulate_with_exit_2_and_a_message(tmp_path: Path) -> None:
    res = cli.invoke(app, ["simulate", "switzerland", "-n", "8", "-j", "2", "-q",
                           "--bots", "random,random,tests.simulate.plugin_bot:DyingBot"])
    assert res.exit_code == 2, res.output
    assert "a worker process (pid " in res.output and "was killed by SIGKILL" in res.output
    assert "(with too little memory, run again with fewer --jobs)" in res.output
    assert "the run stopped at game 0 of the 3-player games" in res.output
    assert "Traceback" not in res.output


@POSIX
def test_a_worker_stopped_in_the_middle_of_a_result_sends_all_of_it_first() -> None:
    """SIGTERM to a pool worker (the pool stopping it, or a signal to the whole process
    group) while it writes a chunk's records to the pipe: it used to leave half-way, and
    the parent's reader of results waited for the rest for ever, which made the pool's
    shutdown wait out its patience (or read the next message as the rest).  The 1 MiB
    result cannot fit the pipe until this test reads it, so once its first bytes are
    there the worker is in the middle of writing it, whatever the timing."""
    from tests.simulate import child

    ctx = multiprocessing.get_context("spawn")
    results, into = ctx.Pipe(duplex=False)
    work, never = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=child.send_then_wait, args=(into, work, 1 << 20))
    worker.start()
    into.close()
    try:
        assert results.poll(120), "the worker sent nothing within two minutes"
        os.kill(worker.pid or 0, signal.SIGTERM)
        assert results.recv_bytes() == b"x" * (1 << 20)
        worker.join(120)
        assert worker.exitcode == 0  # and then it left, waiting for work
    finally:
        if worker.exitcode is None:
            worker.kill()
            worker.join()
        for end in (results, work, never):
            end.close()
