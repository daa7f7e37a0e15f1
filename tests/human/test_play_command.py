"""``ttrtool play`` as a user runs it: the address printed, the token in the page, Ctrl-C
ends it with exit 0 and the game kept, the same command resumes it; bad options exit 2."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.human.page import safe_json

ROOT = Path(__file__).resolve().parents[2]


def _hear_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(log: Path, *extra: str, preexec: Callable[[], None] = _hear_ctrl_c,
           ) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-X", "faulthandler", "-m", "ttrtool", "play", "usa", "--port", "0",
         "--no-browser", "--log", str(log), *extra],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=preexec)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
    assert found, (line, proc.stderr.read() if proc.stderr else "")
    return proc, found.group(1)


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as r:
        body = r.read().decode("utf-8")
    return json.loads(body) if url.endswith("/state") else body


def _post(url: str, token: str, action: str) -> Any:
    request = urllib.request.Request(url + "action", data=json.dumps({"action": action}).encode(),
                                     headers={"X-Token": token}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read())


def _stop(proc: subprocess.Popen[str]) -> tuple[str, str]:
    os.killpg(proc.pid, signal.SIGINT)
    try:
        return proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        # faulthandler (-X faulthandler) writes every thread's stack on SIGABRT
        proc.send_signal(signal.SIGABRT)
        _, err = proc.communicate(timeout=30)
        pytest.fail(f"play did not stop within 60 s of Ctrl-C; where its threads were:\n{err}")


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_keeps_the_game_and_the_same_command_resumes_it(tmp_path: Path) -> None:
    log = tmp_path / "mine.jsonl"
    proc, url = _start(log, "--seats", "human,expert", "--seed", "3")
    try:
        page = _get(url)
        token = re.search(r'<meta name="token" content="([^"]+)">', page)
        assert token
        for _ in range(9):
            state = _get(url + "state")
            state = _post(url, token.group(1), state["legal"][0])
        out, err = _stop(proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "saved" in out
    proc, url = _start(log)
    try:
        again = _get(url + "state")
        out, err = _stop(proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert again["move"] == state["move"] and again["hand"] == state["hand"]
    assert again["legal"] == state["legal"]


def _hear_ctrl_c_held_back() -> None:
    """In the child: SIGINT with its default handler but blocked, as a process inherits
    it from a thread that held it back (a runner starting its workers, a test runner)."""
    _hear_ctrl_c()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


@pytest.mark.skipif(sys.platform == "win32", reason="signal masks are POSIX")
def test_ctrl_c_stops_play_even_when_its_starter_held_the_signal_back(tmp_path: Path) -> None:
    """A process starts with the signals its starter's thread blocked still blocked: play
    lets Ctrl-C through (report.live.hear_stops), or it would serve on and on."""
    proc, _ = _start(tmp_path / "held.jsonl", "--seats", "human,expert",
                     preexec=_hear_ctrl_c_held_back)
    try:
        out, err = _stop(proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, err
    assert "saved" in out


def test_bad_options_exit_2_with_a_message(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["play", "usa", "--seats", "human,nobody", "--no-browser",
                              "--log", str(tmp_path / "x.jsonl")])
    assert res.exit_code == 2 and "unknown bot 'nobody'" in res.output
    res = runner.invoke(app, ["play", "usa", "--seats", "human", "--no-browser",
                              "--log", str(tmp_path / "x.jsonl")])
    assert res.exit_code == 2 and "player" in res.output
    res = runner.invoke(app, ["play", "usa", "--port", "70000", "--no-browser"])
    assert res.exit_code == 2 and "--port" in res.output
    folder = tmp_path / "folder"
    folder.mkdir()
    res = runner.invoke(app, ["play", "usa", "--no-browser", "--port", "0", "--log", str(folder)])
    assert res.exit_code == 2 and "not a regular file" in res.output
    assert not (tmp_path / "x.jsonl").exists()


def test_map_strings_reach_the_page_escaped(tmp_path: Path) -> None:
    from ttrtool.human.page import play_page
    from ttrtool.render.theme import load_theme
    from ttrtool.validate import validate_file

    path = tmp_path / "board.yaml"
    assert CliRunner().invoke(app, ["new", str(path)]).exit_code == 0
    text = path.read_text(encoding="utf-8")
    name = re.search(r'^  name: "?([^"\n]+)"?$', text, re.M)
    assert name
    text = text.replace(name.group(0), '  name: "Lake </script><img src=x onerror=alert(1)> & Co"')
    text = re.sub(r"\bVarese\b", '"Var</script>ese"', text)
    path.write_text(text, encoding="utf-8")
    board = validate_file(path).board
    assert board is not None
    page = play_page(board, load_theme(None), "tok")
    assert "<img src=x" not in page and page.count("</script>") == 2
    assert "Var\\u003c/script\\u003eese" in page
    assert safe_json({"a": "</script>&"}) == '{"a":"\\u003c/script\\u003e\\u0026"}'


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_the_hidden_check_the_command_a_script_to_the_end_and_replay(tmp_path: Path) -> None:
    """As the issue's check runs it: the log goes to the folder play runs in."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "ttrtool", "play", str(ROOT / "maps" / "usa.yaml"), "--seats",
         "human,expert", "--seed", "1", "--port", "0", "--no-browser"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=_hear_ctrl_c)
    try:
        assert proc.stdout is not None
        found = re.search(r"at (http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
        assert found
        url = found.group(1)
        token = re.search(r'<meta name="token" content="([^"]+)">', _get(url))
        assert token
        state = _get(url + "state")
        request = urllib.request.Request(url + "action", method="POST",
                                         data=json.dumps({"action": "pass"}).encode(),
                                         headers={"X-Token": token.group(1)})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 409
        assert "not legal" in json.loads(refused.value.read())["error"]
        for _ in range(3000):
            if state["over"]:
                break
            state = _post(url, token.group(1), state["legal"][0])
        assert state["over"] and state["final"]["players"]
        _stop(proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0
    replayed = subprocess.run([sys.executable, "-m", "ttrtool", "replay", "play-usa.jsonl"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0, replayed.stderr
    assert "replay matches the log in every field" in replayed.stdout
