"""``ttrtool preview``: it serves on 127.0.0.1 only, answers only its own address, stops
cleanly on Ctrl-C, and bad input is a message and exit code 2."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.commands.preview import run
from ttrtool.render.theme import load_theme
from ttrtool.report.live import Preview, make_server


def _foreground() -> None:
    """In the child: SIGINT as a terminal's foreground command has it (a test run started
    in the background by a shell ignores it, and the child would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _held_back() -> None:
    """In the child: SIGINT blocked, as a process inherits it from a thread that held it
    back (a runner starting its workers, a test runner's busy thread)."""
    _foreground()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


@pytest.fixture
def starter(tmp_path: Path) -> Path:
    path = tmp_path / "board.yaml"
    assert CliRunner().invoke(app, ["new", str(path)]).exit_code == 0
    return path


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
@pytest.mark.parametrize("start", [_foreground, _held_back], ids=["foreground", "held back"])
def test_ctrl_c_stops_the_preview_cleanly(starter: Path, start: Callable[[], None]) -> None:
    """Ctrl-C stops it, also where its starter's thread held SIGINT back (the preview lets
    it through: report.live.hear_stops)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "ttrtool", "preview", str(starter), "--port", "0",
         "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=start)
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith(f"previewing {starter} at http://127.0.0.1:"), line
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=20)
    assert child.returncode == 0
    assert "preview stopped" in out
    assert "Traceback" not in err


@pytest.fixture
def server(starter: Path) -> Iterator[int]:
    s = make_server(Preview(starter, load_theme(None)), 0)
    thread = threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield int(s.server_address[1])
    s.shutdown()
    s.server_close()
    thread.join()


def _get(port: int, path: str, host: str = "127.0.0.1") -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Host": f"{host}:{port}"})
    response = conn.getresponse()
    return response.status, response.read()


def test_the_server_listens_on_the_loopback_only_and_answers_its_own_name(server: int
                                                                          ) -> None:
    status, body = _get(server, "/state?seen=0")
    assert status == 200
    state = json.loads(body)
    assert state["generation"] == 1 and state["svg"].startswith("<svg")
    status, body = _get(server, "/state?seen=1")
    assert json.loads(body)["svg"] is None  # nothing newer than what the page has
    assert _get(server, "/state", host="attacker.example")[0] == 403
    assert _get(server, "/../etc/passwd")[0] == 404
    # nothing answers on the machine's other addresses
    other = socket.gethostbyname(socket.gethostname())
    if not other.startswith("127."):
        with pytest.raises(OSError):
            socket.create_connection((other, server), timeout=2).close()


def test_bad_input_is_a_message_and_exit_code_2(tmp_path: Path, starter: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run(str(tmp_path / "missing.yaml"), 0, False) == 2
    assert "no such map file" in capsys.readouterr().err
    assert run(str(starter), 70000, False) == 2
    assert "--port" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        assert run(str(starter), taken.getsockname()[1], False) == 2
        assert "cannot listen" in capsys.readouterr().err
        # An empty theme name is refused before the port is tried (render refuses it too).
        assert run(str(starter), taken.getsockname()[1], False, theme_file="") == 2
        assert capsys.readouterr().err == "error: --theme needs a file name (JSON or YAML)\n"


def test_layout_diagnostics_only_with_layout(starter: Path) -> None:
    """With ``--layout`` each save also gets the layout checks (TTR2xx), marked on the route
    they are about; without it, none."""
    text = starter.read_text(encoding="utf-8")
    starter.write_text(text.replace("{name: Como, pos: [300, 250]}",
                                    "{name: Como, pos: [190, 236]}"), encoding="utf-8")
    plain = Preview(starter, load_theme(None)).refresh()
    assert not [d for d in plain.diagnostics if d["code"].startswith("TTR2")]
    laid = Preview(starter, load_theme(None), layout=True).refresh()
    gaps = [d for d in laid.diagnostics if d["code"] == "TTR208"]
    assert gaps and all(d["targets"] == ["route-como-lecco"] for d in gaps)
    assert laid.svg is not None and laid.error is None


def test_layout_diagnostics_use_the_preview_theme(tmp_path: Path) -> None:
    """``preview --theme FILE --layout``: the layout checks lay the board out with the theme
    the preview draws with.  Without stretching (``car_stretch_max: 1``) Helsinki-Tampere
    on Nordic Countries stops short of Helsinki (TTR208); with the default theme it does
    not."""
    nordic = Path(__file__).resolve().parents[2] / "maps" / "nordiccountries.yaml"
    theme = tmp_path / "theme.yaml"
    theme.write_text("sizes:\n  car_stretch_max: 1.0\n", encoding="utf-8")

    def layout_findings(state_theme: Path | None) -> list[tuple[str, list[str]]]:
        state = Preview(nordic, load_theme(state_theme), layout=True).refresh()
        assert state.error is None and state.svg is not None
        return [(d["code"], d["targets"]) for d in state.diagnostics
                if d["code"].startswith("TTR2")]

    assert layout_findings(theme) == [("TTR208", ["route-helsinki-tampere"])]
    assert layout_findings(None) == []


def _post(port: int, path: str, body: bytes, token: str | None,
          host: str = "127.0.0.1") -> tuple[int, dict[str, Any]]:
    headers = {"Host": f"{host}:{port}", "Content-Type": "application/json"}
    if token is not None:
        headers["X-Token"] = token
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", path, body=body, headers=headers)
    response = conn.getresponse()
    return response.status, json.loads(response.read())


OVERPRICED = ("{from: Milano, to: Verona, points: 6}", "{from: Milano, to: Verona, points: 16}")


def test_the_fix_buttons_run_fix_on_the_file_only_with_the_page_token(starter: Path) -> None:
    starter.write_text("# my notes\n" + starter.read_text(encoding="utf-8").replace(*OVERPRICED),
                       encoding="utf-8")
    preview = Preview(starter, load_theme(None))
    s = make_server(preview, 0, token="secret-token")
    thread = threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        port = int(s.server_address[1])
        status, page = _get(port, "/")
        assert status == 200 and b'<meta name="token" content="secret-token">' in page
        state = json.loads(_get(port, "/state?seen=0")[1])
        far_off = [d for d in state["diagnostics"] if d["code"] == "TTR407"]
        assert far_off and far_off[0]["fix"] == "unsafe"
        saved = starter.read_bytes()
        refused = [
            _post(port, "/fix", b'{"unsafe": true}', None),  # no token: another page
            _post(port, "/fix", b'{"unsafe": true}', "guess"),
            _post(port, "/fix", b'{"unsafe": true}', "secret-token", host="evil.example"),
            _post(port, "/fix", b'{"unsafe": "yes"}', "secret-token"),
            _post(port, "/fix", b"[", "secret-token"),
            _post(port, "/fix", b"x" * 5000, "secret-token"),
            _post(port, "/state", b"{}", "secret-token"),
        ]
        assert [code for code, _ in refused] == [403, 403, 403, 400, 400, 413, 404]
        assert all("error" in answer for _, answer in refused)
        code, safe = _post(port, "/fix", b'{"unsafe": false}', "secret-token")
        assert code == 200 and not safe["written"]  # a ticket's points change the game
        assert any("held back" in line for line in safe["summary"]), safe["summary"]
        assert starter.read_bytes() == saved
        code, done = _post(port, "/fix", b'{"unsafe": true}', "secret-token")
        assert code == 200 and done["written"] and done["changes"] == 1, done
        assert "+    - {from: Milano, to: Verona, points: 6}" in done["diff"]
        text = starter.read_text(encoding="utf-8")
        assert text.startswith("# my notes\n") and OVERPRICED[0] in text
        after = json.loads(_get(port, "/state?seen=0")[1])
        assert not [d for d in after["diagnostics"] if d["code"] == "TTR407"]
    finally:
        s.shutdown()
        s.server_close()
        thread.join()
