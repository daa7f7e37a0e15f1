"""Ctrl-C during a parallel ``simulate`` (issue 11, item 7).

A terminal's Ctrl-C sends SIGINT to the whole foreground process group: the
command and its worker processes.  The test starts ``ttrtool simulate`` in a
process group of its own and signals that group the same way, once the log
file shows that games are being played (so the test does not depend on
timing).  Expected: exit 130, no traceback from the command or its workers,
and a log that holds only whole games, as many as the message says.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Chunks of 30 games: the signal comes after the first chunk, long before the last.  With
# 240 games a loaded machine sometimes finished them all before the signal (exit 0): the
# games have got faster, and the test stops at the signal, so many more cost nothing.
GAMES = 3000


def _hear_ctrl_c() -> None:
    """In the child before it runs: SIGINT as a terminal's foreground command has it.  A
    test run started in the background by a shell (``make test &``) ignores SIGINT, and
    its children would inherit that: Python then installs no handler and plays on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
@pytest.mark.parametrize("backend", ["local", pytest.param("dask", marks=pytest.mark.slow)])
def test_ctrl_c_leaves_no_traceback_and_says_what_the_log_holds(tmp_path: Path,
                                                                backend: str) -> None:
    log = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "ttrtool", "simulate", "usa", "--games", str(GAMES),
         "--jobs", "2", "--backend", backend, "--quiet", "--log", str(log)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=_hear_ctrl_c)
    try:
        deadline = time.monotonic() + 120
        while (not log.exists() or log.stat().st_size == 0) and proc.poll() is None:
            assert time.monotonic() < deadline, "no game was logged within two minutes"
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "SpawnPoolWorker" not in err, err
    assert "KeyboardInterrupt" not in err, err
    m = re.search(r"interrupted: wrote (\d+) of (\d+) games to (.+?) \(no report written\)",
                  err)
    assert m, err
    written = int(m.group(1))
    assert int(m.group(2)) == GAMES and Path(m.group(3)) == log
    text = log.read_text(encoding="utf-8")
    assert text.endswith("\n")
    lines = text.splitlines()
    assert len(lines) == written > 0
    assert [json.loads(line)["game"] for line in lines] == list(range(written))
    assert out == ""  # no report on stdout
