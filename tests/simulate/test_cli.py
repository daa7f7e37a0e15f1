"""``ttrtool simulate`` and ``ttrtool replay`` end to end: outputs, exit codes, messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ttrtool.bots import DEFAULT_BOTS
from ttrtool.cli import app
from ttrtool.model import Board
from ttrtool.simulate.rescore import rescore

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def usa_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("sim")
    res = run("simulate", "usa", "--games", "8", "--jobs", "1", "--seed", "3", "--quiet",
              "--out", str(d / "r.json"), "--log", str(d / "g.jsonl"), "--log-actions",
              "--markdown", str(d / "s.md"))
    assert res.exit_code == 0, res.output
    return d


def test_simulate_writes_report_log_and_markdown(usa_run: Path, usa: Board,
                                                  log_validator: Any) -> None:
    report = json.loads((usa_run / "r.json").read_text())
    config = report["configurations"][0]
    assert report["map"]["id"] == "usa" and report["run"]["seed"] == 3
    assert config["players"] == 4 and config["games"] == 8
    assert sum(config["end_reasons"].values()) == 8
    assert len(config["tickets"]) == len(usa.tickets) and len(config["routes"]) == len(usa.routes)
    assert {b["bot"] for b in config["bots"]} == set(DEFAULT_BOTS)
    for b in config["bots"]:  # rotation: every seat of the default table in every game
        assert b["seats_played"] == 8 * DEFAULT_BOTS.count(b["bot"]), b
    lines = (usa_run / "g.jsonl").read_text().splitlines()
    assert len(lines) == 8
    for line in lines:
        record = json.loads(line)
        assert list(log_validator.iter_errors(record)) == []
        assert rescore(record) == []
        assert record["actions"]
    claims = sum(len(p["claimed"]) for line in lines for p in json.loads(line)["results"])
    assert sum(r["claimed"] for r in config["routes"]) == claims
    md = (usa_run / "s.md").read_text()
    assert md.startswith("# Simulation of") and "| seat | win rate" in md


def test_replay_prints_the_game_and_agrees_with_the_log(usa_run: Path) -> None:
    res = run("replay", str(usa_run / "g.jsonl"), "--game", "2")
    assert res.exit_code == 0, res.output
    assert "claims" in res.output and "replay matches the log" in res.output
    record = json.loads((usa_run / "g.jsonl").read_text().splitlines()[2])
    assert res.output.count("\nturn ") == len(record["actions"])


def test_replay_detects_a_tampered_log(usa_run: Path, tmp_path: Path) -> None:
    record = json.loads((usa_run / "g.jsonl").read_text().splitlines()[0])
    record["actions"][10][1] = "draw deck" if record["actions"][10][1] != "draw deck" else "tickets"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(record) + "\n")
    res = run("replay", str(bad), "--game", "0")
    assert res.exit_code == 1
    assert "action 10" in res.output


def test_replay_needs_actions_and_an_existing_game(usa_run: Path, tmp_path: Path) -> None:
    res = run("replay", str(usa_run / "g.jsonl"), "--game", "99")
    assert res.exit_code == 2 and "no game 99" in res.output
    record = json.loads((usa_run / "g.jsonl").read_text().splitlines()[0])
    del record["actions"]
    plain = tmp_path / "plain.jsonl"
    plain.write_text(json.dumps(record) + "\n")
    res = run("replay", str(plain), "--game", "0")
    assert res.exit_code == 2 and "--log-actions" in res.output
    res = run("replay", str(tmp_path / "missing.jsonl"))
    assert res.exit_code == 2 and "cannot read" in res.output


@pytest.mark.parametrize(("line", "says"), [("{\"a\": 1}", "line 1 is not a game record"),
                                            ("{oops", "line 1 is not JSON")])
def test_replay_of_a_file_that_is_no_log_says_what_to_give(tmp_path: Path, line: str,
                                                           says: str) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text(line + "\n", encoding="utf-8")
    res = run("replay", str(other), "--game", "0")
    assert res.exit_code == 2
    assert says in res.output and "ttrtool simulate MAP --log" in res.output


def test_fail_on_sets_exit_code_1(tmp_path: Path) -> None:
    res = run("simulate", "switzerland", "--games", "3", "--jobs", "1", "--quiet",
              "--fail-on", "ticket-never-completed,stall-rate>0.5")
    assert res.exit_code == 1
    assert "ticket-never-completed" in res.output
    res = run("simulate", "switzerland", "--games", "3", "--jobs", "1", "--quiet",
              "--fail-on", "stall-rate>0.5")
    assert res.exit_code == 0, res.output


def test_several_player_counts_and_plugin_bot() -> None:
    res = run("simulate", "usa", "--games", "2", "--players", "2,3", "--jobs", "1", "--quiet",
              "--bots", "route-focus,tests.simulate.plugin_bot:FirstBot")
    assert res.exit_code == 0, res.output
    assert "2 players, 2 games" in res.output and "3 players, 2 games" in res.output
    assert "tests.simulate.plugin_bot:FirstBot" in res.output


def test_engine_offers_an_action_until_the_game_is_over() -> None:
    # Found by this run: a second draw with nothing to draw once left the next player
    # an empty (stale) legal-action list.
    res = run("simulate", "usa", "--games", "2", "--players", "2", "--jobs", "1", "--quiet",
              "--bots", "random,tests.simulate.plugin_bot:FirstBot")
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize(("args", "message"), [
    (["nowhere.yaml"], "could not be loaded"),
    (["usa", "--bots", "grandmaster"], "unknown bot 'grandmaster'"),
    (["usa", "--bots", "tests.simulate.plugin_bot:NotABot"], "is not a bot"),
    (["usa", "--bots", "no.such.module:Bot"], "cannot import bot module"),
    (["usa", "--players", "7"], "2 to 5 players, not 7"),
    (["usa", "--players", "four"], "--players takes a number"),
    (["switzerland", "--players", "4"], "2 to 3 players"),
    (["usa", "--fail-on", "seat-advantage"], "needs a limit"),
    (["usa", "--fail-on", "luck>0.3"], "unknown --fail-on check 'luck'"),
    (["usa", "--backend", "cloud"], "unknown backend"),
    (["usa", "--out", "/nonexistent/dir/r.json", "--games", "1"], "cannot write"),
])
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    res = run("simulate", *args, "--quiet", "--jobs", "1")
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert "Traceback" not in res.output


def test_a_bot_returning_an_illegal_action_is_named() -> None:
    res = run("simulate", "usa", "--games", "1", "--jobs", "1", "--quiet",
              "--bots", "tests.simulate.plugin_bot:CheatBot")
    assert res.exit_code == 2
    assert "CheatBot" in res.output and "not legal" in res.output


def test_progress_lines_off_a_terminal_and_none_when_quiet() -> None:
    res = run("simulate", "switzerland", "--games", "4", "--jobs", "1")
    assert res.exit_code == 0
    assert "switzerland 3p: 4/4 games" in res.output
    res = run("simulate", "switzerland", "--games", "4", "--jobs", "1", "--quiet")
    assert res.exit_code == 0 and "4/4 games" not in res.output


def test_replay_picks_the_player_count_when_the_log_holds_several(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    res = run("simulate", "switzerland", "--games", "2", "--players", "2,3", "--jobs", "1",
              "--quiet", "--log", str(log), "--log-actions")
    assert res.exit_code == 0, res.output
    res = run("replay", str(log), "--game", "1")
    assert res.exit_code == 2 and "add --players" in res.output
    res = run("replay", str(log), "--game", "1", "--players", "3")
    assert res.exit_code == 0, res.output
    assert "3 players" in res.output and "replay matches the log" in res.output


def test_a_port_that_is_no_dask_scheduler_is_a_clear_exit_2() -> None:
    """Whatever answers at --scheduler, a garbled reply is bad input, never a traceback."""
    import socket
    import threading

    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))  # loopback only
    srv.listen(4)
    port = srv.getsockname()[1]

    def serve() -> None:
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            conn.sendall(b"\xff" * 64)
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    try:
        result = run("simulate", "usa", "--games", "2", "--backend", "dask",
                     "--scheduler", f"tcp://127.0.0.1:{port}", "--quiet")
    finally:
        srv.close()
    assert result.exit_code == 2, result.output
    assert "cannot use the Dask scheduler" in result.output
    assert "Traceback" not in result.output
