"""A game log never chooses the code a replay runs (issue 39, item 1): only registered
bots are seated, a plug-in only from a module the user names with ``--bot-module``, and
the current folder is never put on the import path (neither by replay nor by simulate)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ttrtool
from ttrtool.cli import app
from ttrtool.simulate.replay import UntrustedBot, replay

cli = CliRunner()

# A module that leaves a mark wherever it is imported from.
MARKER_MODULE = """\
from pathlib import Path
Path(__file__).with_name("ran.txt").write_text("imported")
class Bot:
    def __init__(self, game, seat, rng): pass
    def choose(self, view, actions): return actions[0]
"""


def _log(tmp_path: Path, bots: tuple[str, ...] = ("random", "random"),
         extra: tuple[str, ...] = ()) -> dict[str, Any]:
    log = tmp_path / "made.jsonl"
    res = cli.invoke(app, ["simulate", "switzerland", "-n", "1", "-j", "1", "-q", "--seed", "5",
                           "-p", str(len(bots)), "--bots", ",".join(bots),
                           "--log", str(log), "--log-actions", *extra])
    assert res.exit_code == 0, res.output
    record: dict[str, Any] = json.loads(log.read_text(encoding="utf-8"))
    log.unlink()
    return record


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _log(tmp_path_factory.mktemp("trust"))


def _write(path: Path, record: dict[str, Any]) -> Path:
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return path


def test_a_module_beside_the_log_named_by_it_never_runs(
        tmp_path: Path, record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ttr_helper.py").write_text(MARKER_MODULE, encoding="utf-8")
    log = _write(tmp_path / "games.jsonl", {**record, "bots": ["ttr_helper:Bot", "random"]})
    monkeypatch.chdir(tmp_path)
    res = cli.invoke(app, ["replay", str(log), "--game", "0"])
    assert res.exit_code == 2, res.output
    assert "'ttr_helper:Bot', not a registered bot" in res.output
    assert "nothing was run" in res.output and "--bot-module ttr_helper" in res.output
    assert "Traceback" not in res.output
    assert not (tmp_path / "ttr_helper.py").with_name("ran.txt").exists()
    assert "ttr_helper" not in sys.modules
    assert str(tmp_path) not in sys.path and "" not in sys.path[1:]


def test_a_standard_library_main_named_by_a_log_never_runs(
        tmp_path: Path, record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    assert "venv.__main__" not in sys.modules
    # What the old replay did: run venv's main with the command's arguments.
    monkeypatch.setattr(sys, "argv", ["ttrtool", str(tmp_path / "made-venv")])
    log = _write(tmp_path / "games.jsonl", {**record, "bots": ["random", "venv.__main__:x"]})
    res = cli.invoke(app, ["replay", str(log), "--game", "0"])
    assert res.exit_code == 2, res.output
    assert "'venv.__main__:x', not a registered bot" in res.output
    assert "venv.__main__" not in sys.modules
    assert not (tmp_path / "made-venv").exists()


def test_the_library_refuses_before_importing(record: dict[str, Any]) -> None:
    board = ttrtool.load_map("switzerland")
    with pytest.raises(UntrustedBot, match="ttr_nowhere:Bot"):
        next(replay(board, {**record, "bots": ["random", "ttr_nowhere:Bot"]}))
    # Naming another module does not allow this one.
    with pytest.raises(UntrustedBot):
        next(replay(board, {**record, "bots": ["random", "ttr_nowhere:Bot"]},
                    bot_modules=("ttr_elsewhere",)))


def test_a_plugin_bot_replays_only_with_its_module_named(tmp_path: Path) -> None:
    record = _log(tmp_path, ("random", "tests.simulate.plugin_bot:FirstBot"))
    log = _write(tmp_path / "games.jsonl", record)
    res = cli.invoke(app, ["replay", str(log), "--game", "0"])
    assert res.exit_code == 2, res.output
    assert "--bot-module tests.simulate.plugin_bot" in res.output
    res = cli.invoke(app, ["replay", str(log), "--game", "0",
                           "--bot-module", "tests.simulate.plugin_bot"])
    assert res.exit_code == 0, res.output
    assert "replay matches the log in every field" in res.output


def test_a_bot_module_option_must_be_a_module_name(tmp_path: Path,
                                                   record: dict[str, Any]) -> None:
    log = _write(tmp_path / "games.jsonl", record)
    res = cli.invoke(app, ["replay", str(log), "--bot-module", "../evil"])
    assert res.exit_code == 2, res.output
    assert "is not a module name" in res.output


def test_the_log_names_a_bundled_map_only(tmp_path: Path, record: dict[str, Any]) -> None:
    elsewhere = tmp_path / "switzerland.yaml"
    elsewhere.write_bytes(ttrtool.resolve_map_path("switzerland").read_bytes())
    log = _write(tmp_path / "games.jsonl", {**record, "map": str(elsewhere)})
    res = cli.invoke(app, ["replay", str(log), "--game", "0"])
    assert res.exit_code == 2, res.output
    assert "is not a bundled map: give the map file with --map" in res.output
    res = cli.invoke(app, ["replay", str(_write(log, record)), "--map", str(elsewhere)])
    assert res.exit_code == 0, res.output


def test_simulate_does_not_import_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ttr_shadow.py").write_text(MARKER_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = cli.invoke(app, ["simulate", "switzerland", "-n", "1", "-j", "1", "-q",
                           "--bots", "random,ttr_shadow:Bot"])
    assert res.exit_code == 2, res.output
    assert "cannot import bot module 'ttr_shadow'" in res.output
    assert not (tmp_path / "ran.txt").exists()
    assert str(tmp_path) not in sys.path
