"""``ttrtool new``: a map to start from, written without ever overwriting anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.starter import map_id, map_name, starter_text
from ttrtool.validate import validate_file

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def test_the_starter_is_the_documented_full_example() -> None:
    """One source: the starter renamed back to 'lakes' is tests/cases/valid/lakes.yaml, which
    docs/map-format.md shows (tests/test_validate_docs.py)."""
    lakes = (ROOT / "tests" / "cases" / "valid" / "lakes.yaml").read_text(encoding="utf-8")
    body = starter_text("lakes.yaml").split("format: 1\n", 1)[1]
    body = body.replace('  name: "Lakes"', "  name: Laghi")
    assert body == lakes.split("format: 1\n", 1)[1]


def test_new_writes_a_clean_map_and_a_schema_beside_it(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["new", "alpine-rails.yaml"])
    assert result.exit_code == 0, result.output
    data = yaml.safe_load((tmp_path / "alpine-rails.yaml").read_text(encoding="utf-8"))
    assert data["meta"]["id"] == "alpine-rails" and data["meta"]["name"] == "Alpine Rails"
    assert json.loads((tmp_path / "map.schema.json").read_text(encoding="utf-8"))["$schema"]
    # Clean with the layout checks too: a new user's first render draws every route well.
    checked = validate_file(tmp_path / "alpine-rails.yaml", select=("TTR", "TTR2"))
    assert checked.board is not None and checked.diagnostics == []


@pytest.mark.parametrize("source", ["usa", "europe", "switzerland"])
def test_new_from_a_bundled_map_renames_it(tmp_path: Path, source: str) -> None:
    target = tmp_path / "my board.yaml"
    result = runner.invoke(app, ["new", str(target), "--from", source])
    assert result.exit_code == 0, result.output
    checked = validate_file(target)
    assert checked.board is not None and checked.diagnostics == []
    assert checked.board.meta.id == "my-board" and checked.board.meta.name == "My Board"
    assert len(checked.board.routes) == len(validate_file(ROOT / "maps" / f"{source}.yaml")
                                            .board.routes)  # type: ignore[union-attr]


def test_new_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("# my work\n", encoding="utf-8")
    schema = tmp_path / "map.schema.json"
    schema.write_text("{}", encoding="utf-8")
    result = runner.invoke(app, ["new", str(target)])
    assert result.exit_code == 2 and "never overwrites" in result.output
    assert target.read_text(encoding="utf-8") == "# my work\n"
    other = tmp_path / "other.yaml"
    assert runner.invoke(app, ["new", str(other)]).exit_code == 0
    assert schema.read_text(encoding="utf-8") == "{}"  # an existing schema file is kept


@pytest.mark.parametrize(("args", "says"), [
    (["new", "NOWHERE/x.yaml"], "does not exist"),
    (["new", "x.txt"], "ends in .yaml"),
    (["new", "x.yaml", "--from", "mars"], "no bundled map 'mars'"),
])
def test_bad_requests_exit_2_and_write_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               args: list[str], says: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and says in result.output
    assert list(tmp_path.iterdir()) == []


def test_ids_and_names_from_file_names() -> None:
    assert [map_id(s) for s in ("Alpine Rails", "zürich_2", "---", "Москва")] == [
        "alpine-rails", "zurich_2", "my-map", "my-map"]
    assert map_name("alpine-rails") == "Alpine Rails" and map_name("") == "My Map"


def test_new_on_a_full_disk_leaves_nothing_behind(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The map is written to a temporary file and linked in whole: a failure leaves neither
    half a map nor the temporary file, and says why."""
    import errno
    import os

    def full(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "link", full)
    result = runner.invoke(app, ["new", str(tmp_path / "mine.yaml")])
    assert result.exit_code == 2 and "the disk is full" in result.output
    assert list(tmp_path.iterdir()) == []


def test_new_does_not_replace_a_file_that_appears_while_it_writes(tmp_path: Path) -> None:
    from ttrtool.commands.new import _create

    target = tmp_path / "mine.yaml"
    target.write_text("# my work\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        _create(target, "cities: {}\n")
    assert target.read_text(encoding="utf-8") == "# my work\n"
    assert [p.name for p in tmp_path.iterdir()] == ["mine.yaml"]
