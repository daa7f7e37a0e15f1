"""``simulate`` checks every output path before it plays a single game (issue 11, item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.resources import bundled_map_path

runner = CliRunner()


def _simulate(*args: str) -> tuple[int, str]:
    res = runner.invoke(app, ["simulate", "switzerland", "--games", "2", "--jobs", "1",
                              "--quiet", *args])
    return res.exit_code, res.output


@pytest.mark.parametrize("option", ["--out", "--markdown", "--log"])
def test_a_missing_folder_stops_before_any_game(tmp_path: Path, option: str) -> None:
    # A good --log beside the bad path shows whether games were played first.
    log = tmp_path / "games.jsonl"
    bad = tmp_path / "missing" / "x.txt"
    args = [option, str(bad)] + ([] if option == "--log" else ["--log", str(log)])
    code, output = _simulate(*args)
    assert code == 2, output
    assert f"the folder {bad.parent} does not exist" in output
    assert not log.exists()
    assert "Traceback" not in output
    assert not bad.parent.exists()  # never created


@pytest.mark.parametrize("option", ["--out", "--markdown", "--log"])
def test_a_folder_given_as_an_output_is_refused(tmp_path: Path, option: str) -> None:
    code, output = _simulate(option, str(tmp_path))
    assert code == 2, output
    assert "it is a folder" in output


def test_two_outputs_naming_one_file_are_refused(tmp_path: Path) -> None:
    same = tmp_path / "r.txt"
    code, output = _simulate("--out", str(same), "--markdown", str(same))
    assert code == 2, output
    assert "name the same file" in output and not same.exists()


def test_the_map_file_is_never_an_output(tmp_path: Path) -> None:
    source = tmp_path / "swiss.yaml"
    source.write_bytes(bundled_map_path("switzerland").read_bytes())
    res = runner.invoke(app, ["simulate", str(source), "--games", "1", "--jobs", "1",
                              "--quiet", "--out", str(source)])
    assert res.exit_code == 2, res.output
    assert "refusing to overwrite the map file" in res.output
    assert source.read_bytes() == bundled_map_path("switzerland").read_bytes()


def test_a_file_that_sits_where_the_folder_should_be(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_text("x", encoding="utf-8")
    code, output = _simulate("--out", str(plain / "r.json"))
    assert code == 2 and "is not a folder" in output


def test_analyze_checks_its_output_before_analysing(tmp_path: Path) -> None:
    res = runner.invoke(app, ["analyze", "switzerland", "-o", str(tmp_path)])
    assert res.exit_code == 2 and "it is a folder" in res.output
