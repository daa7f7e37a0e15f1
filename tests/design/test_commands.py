"""``ttrtool deck`` and ``ttrtool colour`` on the command line: what they print, what they
write (through the round-trip writer: nothing else of the file changes) and what they
refuse."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.design.sketches import map_text, sketch_file, without_tickets
from ttrtool.cli import app
from ttrtool.validate import validate_file

runner = CliRunner()
COLOUR = re.compile(r"color: [a-z]+")


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                  lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def test_deck_write_puts_a_deck_into_a_map_without_tickets(tmp_path: Path) -> None:
    path = sketch_file(tmp_path, "usa")
    before = "# the designer's note\n" + path.read_text(encoding="utf-8")
    path.write_text(before, encoding="utf-8")
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--write", "--seed", "4"])
    assert res.exit_code == 0, res.output
    assert "36 of 36 cities on a ticket" in res.output
    assert f"wrote the deck into {path}" in res.output
    after = path.read_text(encoding="utf-8")
    assert after.startswith(before)  # the file as it was, the deck added after the routes
    added = after[len(before):].splitlines()
    assert added[:2] == ["tickets:", "  regular:"]
    assert all(line.startswith("    - {from: ") for line in added[2:])  # as the routes are
    result = validate_file(path)
    assert result.board is not None and result.diagnostics == []
    assert len(added) - 2 == len(result.board.tickets)


def test_deck_without_write_changes_nothing_and_reads_a_bundled_map(tmp_path: Path) -> None:
    path = sketch_file(tmp_path, "switzerland")
    text = path.read_text(encoding="utf-8")
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--tickets", "20"])
    assert res.exit_code == 0, res.output
    assert path.read_text(encoding="utf-8") == text
    assert "20 tickets (20 regular)" in res.output
    res = runner.invoke(app, ["deck", "usa", "--games", "0"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["deck", "usa", "--games", "0", "--write", "--replace"])
    assert res.exit_code == 2 and "bundled map" in res.output


def test_deck_replaces_a_deck_only_when_told(tmp_path: Path) -> None:
    path = tmp_path / "usa.yaml"
    path.write_text(map_text("usa"), encoding="utf-8")
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--write"])
    assert res.exit_code == 2 and "--replace" in res.output
    assert path.read_text(encoding="utf-8") == map_text("usa")
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--write", "--replace"])
    assert res.exit_code == 0, res.output
    after = path.read_text(encoding="utf-8")
    head = map_text("usa").split("\ntickets:")[0]
    assert after.startswith(head + "\ntickets:\n  regular:\n")
    assert after != map_text("usa")


def test_an_empty_deck_is_filled(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(without_tickets(map_text("usa")) + "tickets:\n  regular: []  # to do\n",
                    encoding="utf-8")
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--write"])
    assert res.exit_code == 0, res.output
    result = validate_file(path)
    assert result.board is not None and result.diagnostics == []


def test_both_refuse_a_map_with_other_errors_and_name_them(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    text = without_tickets(map_text("usa")).replace("{a: Atlanta, b: Miami,",
                                                    "{a: Atlantis, b: Miami,")
    path.write_text(text, encoding="utf-8")
    for command in ("deck", "colour"):
        res = runner.invoke(app, [command, str(path), "--games", "0", "--write"])
        assert res.exit_code == 1, res.output
        assert "TTR101" in res.output and "Atlantis" in res.output
        assert path.read_text(encoding="utf-8") == text
    res = runner.invoke(app, ["deck", str(path), "--exclude", "Nowhere", "--games", "0"])
    assert res.exit_code == 1  # the map's errors come first
    res = runner.invoke(app, ["colour", str(tmp_path / "nowhere.yaml")])
    assert res.exit_code == 2


def test_colour_write_changes_only_colours(tmp_path: Path) -> None:
    path = sketch_file(tmp_path, "usa", gray=True)
    text = path.read_text(encoding="utf-8")
    res = runner.invoke(app, ["colour", str(path), "--write", "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert "no TTR505/TTR506" in res.output.split("after:")[1]
    after = path.read_text(encoding="utf-8")
    removed = [line for line in changed_lines(text, after) if line.startswith("-")]
    added = [line for line in changed_lines(text, after) if line.startswith("+")]
    assert len(removed) == len(added) == 70  # 30 of the 100 tracks stay gray
    for old, new in zip(removed, added, strict=True):
        assert "color: gray" in old and "color: gray" not in new
        assert COLOUR.sub("color: X", old[1:]) == COLOUR.sub("color: X", new[1:])
    # a second run has nothing left to colour: the board has colours and its grays are kept
    res = runner.invoke(app, ["colour", str(path), "--write"])
    assert res.exit_code == 0 and "0 of 100 routes coloured" in res.output
    assert path.read_text(encoding="utf-8") == after


def test_colour_adds_a_missing_colour_key(tmp_path: Path) -> None:
    path = tmp_path / "unset.yaml"
    text = map_text("usa").replace("{a: Atlanta, b: Miami, length: 5, color: blue}",
                                   "{a: Atlanta, b: Miami, length: 5}")
    path.write_text(text, encoding="utf-8")
    res = runner.invoke(app, ["colour", str(path), "--write", "--games", "0"])
    assert res.exit_code == 0, res.output
    (old, new) = changed_lines(text, path.read_text(encoding="utf-8"))
    assert old == "-  - {a: Atlanta, b: Miami, length: 5}"
    assert new.startswith("+  - {a: Atlanta, b: Miami, length: 5, color: ")


def test_replace_removes_the_errors_of_the_old_deck(tmp_path: Path) -> None:
    path = tmp_path / "self.yaml"
    text = map_text("usa").replace("{from: Boston, to: Miami, points: 12}",
                                   "{from: Boston, to: Boston, points: 12}")
    path.write_text(text, encoding="utf-8")
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--write"])
    assert res.exit_code == 1 and "TTR402" in res.output
    assert path.read_text(encoding="utf-8") == text
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--write", "--replace"])
    assert res.exit_code == 0, res.output
    result = validate_file(path)
    assert result.board is not None and result.diagnostics == []


@pytest.mark.parametrize("empty", ["tickets:\n", "tickets: {}\n", "tickets:  # later\n"])
def test_an_empty_tickets_key_is_filled(tmp_path: Path, empty: str) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(without_tickets(map_text("usa")) + empty, encoding="utf-8")
    res = runner.invoke(app, ["deck", str(path), "--games", "0", "--write"])
    assert res.exit_code == 0, res.output
    result = validate_file(path)
    assert result.board is not None and result.diagnostics == []
