"""``simulate MAP --from-log LOG``: the report on a log's games is the report of the run
that wrote them; a played game's save is read too; what cannot apply is refused (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ttrtool
from ttrtool.cli import app
from ttrtool.human.session import Sitting

RUN = ["simulate", "usa", "-n", "12", "-p", "2,3", "-j", "1", "-q"]


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    folder = tmp_path_factory.mktemp("from-log")
    log, out = folder / "games.jsonl", folder / "run.json"
    res = CliRunner().invoke(app, [*RUN, "--log", str(log), "--out", str(out)])
    assert res.exit_code == 0, res.output
    return log, json.loads(out.read_text(encoding="utf-8"))


def test_the_report_of_a_log_is_the_report_of_the_run_that_wrote_it(
        logged: tuple[Path, dict[str, object]], tmp_path: Path) -> None:
    log, run = logged
    out, page = tmp_path / "again.json", tmp_path / "again.html"
    res = CliRunner().invoke(app, ["simulate", "usa", "--from-log", str(log), "--out", str(out),
                                   "--html", str(page), "-q"])
    assert res.exit_code == 0, res.output
    again = json.loads(out.read_text(encoding="utf-8"))
    assert again["configurations"] == run["configurations"]
    assert again["findings"] == run["findings"]
    assert again["run"]["from_log"] == str(log) and again["run"]["games"] == 12
    assert f"--from-log {log}" in page.read_text(encoding="utf-8")


def test_players_keeps_the_games_of_those_counts(logged: tuple[Path, dict[str, object]],
                                                 tmp_path: Path) -> None:
    log, run = logged
    out = tmp_path / "three.json"
    res = CliRunner().invoke(app, ["simulate", "usa", "--from-log", str(log), "-p", "3",
                                   "--out", str(out), "-q"])
    assert res.exit_code == 0, res.output
    three = json.loads(out.read_text(encoding="utf-8"))["configurations"]
    assert three == [c for c in run["configurations"] if c["players"] == 3]  # type: ignore


def test_a_play_save_reports_its_finished_games_and_leaves_out_the_one_in_play(
        tmp_path: Path) -> None:
    usa = ttrtool.load_map("usa")
    log = tmp_path / "play.jsonl"
    sitting = Sitting.open(usa, log, ("human", "expert"), 4)
    while not sitting.over:
        sitting.play(sitting.legal()[0])
    second = Sitting.open(usa, log, ("human", "expert"), 5)
    second.play(second.legal()[0])
    assert "end" not in json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    out = tmp_path / "r.json"
    res = CliRunner().invoke(app, ["simulate", "usa", "--from-log", str(log), "--out", str(out),
                                   "-q"])
    assert res.exit_code == 0, res.output
    report = json.loads(out.read_text(encoding="utf-8"))
    (config,) = report["configurations"]
    assert config["players"] == 2 and config["games"] == 1
    assert report["run"]["bots"] == ["human", "expert"]


@pytest.mark.parametrize(("extra", "says"), [
    (["--bots", "expert"], "--bots cannot apply"),
    (["--styles"], "--styles cannot apply"),
    (["--games", "50"], "--games and --seed cannot apply"),
    (["--log", "{folder}/other.jsonl"], "--log cannot apply"),
    (["--out", "{log}"], "is the log the report is made from"),
    (["-p", "5"], "no finished game to report on (other player counts: [2, 3])"),
])
def test_what_cannot_apply_to_a_log_is_refused(logged: tuple[Path, dict[str, object]],
                                               extra: list[str], says: str) -> None:
    log, _ = logged
    before = log.read_bytes()
    args = [a.format(log=log, folder=log.parent) for a in extra]
    res = CliRunner().invoke(app, ["simulate", "usa", "--from-log", str(log), *args, "-q"])
    assert res.exit_code == 2 and says in res.output, res.output
    assert log.read_bytes() == before


@pytest.mark.parametrize(("text", "says"), [
    ("not json\n", "line 1 is not JSON"),
    ('{"game": 0, "map": "usa"}\n', "line 1: "),
    ("", "holds no finished game"),
])
def test_a_file_that_is_no_log_is_exit_2_with_its_line(tmp_path: Path, text: str,
                                                       says: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(app, ["simulate", "usa", "--from-log", str(log), "-q"])
    assert res.exit_code == 2 and says in res.output and "Traceback" not in res.output, res.output


def test_a_game_of_another_map_is_refused(logged: tuple[Path, dict[str, object]]) -> None:
    log, _ = logged
    res = CliRunner().invoke(app, ["simulate", "europe", "--from-log", str(log), "-q"])
    assert res.exit_code == 2 and "a game of map 'usa', not of europe" in res.output
