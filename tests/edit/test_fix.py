"""``ttrtool fix --tickets``: the static ticket fixes, safety and the command's answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.edit.fixing import FixRequest, fix_map
from ttrtool.edit.roundtrip import FileChangedError, MapFile
from ttrtool.validate import validate_file

ROOT = Path(__file__).resolve().parent.parent.parent
USA = (ROOT / "maps" / "usa.yaml").read_text(encoding="utf-8")
TICKET = "    - {from: Calgary, to: Phoenix, points: 13}"
OTHER = "    - {from: Boston, to: Miami, points: 12}"


def plant(tmp_path: Path, points: int = 17, other: int = 12, extra: str = "") -> Path:
    """USA with Calgary–Phoenix (13 spaces) worth ``points`` and a few comment lines."""
    assert TICKET in USA and OTHER in USA
    text = USA.replace(TICKET, f"    # planted: over-priced on purpose\n"
                               f"    - {{from: Calgary, to: Phoenix, points: {points}}}  # was 13")
    text = text.replace(OTHER, f"    - {{from: Boston, to: Miami, points: {other}}}")
    text = text.replace("routes:\n", "# the tracks, as printed\nroutes:\n", 1) + extra
    p = tmp_path / "plant.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("#")]


def fix(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["fix", *args])
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


def test_fix_tickets_unsafe_sets_fair_points_and_keeps_every_comment(tmp_path: Path) -> None:
    p = plant(tmp_path)
    before = p.read_text(encoding="utf-8")
    code, out, _ = fix(str(p), "--tickets", "--unsafe")
    assert code == 0, out
    assert "Calgary–Phoenix worth 17 → 13 points (fair 11 to 15" in out
    after = p.read_text(encoding="utf-8")
    assert "    - {from: Calgary, to: Phoenix, points: 13}  # was 13\n" in after
    assert comments(after) == comments(before) and len(comments(before)) >= 4
    assert not [d for d in validate_file(p).diagnostics if d.code in ("TTR406", "TTR407")]
    # every other line keeps its bytes
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True)
               if a != b]
    assert len(changed) == 1
    # a second run finds nothing to do
    code, out, _ = fix(str(p), "--tickets", "--unsafe")
    assert code == 0 and "nothing to change" in out
    assert p.read_text(encoding="utf-8") == after


def test_without_unsafe_the_ticket_fix_is_held_back(tmp_path: Path) -> None:
    p = plant(tmp_path)
    raw = p.read_bytes()
    code, out, _ = fix(str(p), "--tickets")
    assert code == 0
    assert "held back: 1 unsafe fix(es) (run with --unsafe)" in out
    assert p.read_bytes() == raw


def test_diff_prints_the_change_and_writes_nothing(tmp_path: Path) -> None:
    p = plant(tmp_path)
    raw, stamp = p.read_bytes(), p.stat().st_mtime_ns
    code, out, err = fix(str(p), "--tickets", "--unsafe", "--diff")
    assert code == 0
    assert "-    - {from: Calgary, to: Phoenix, points: 17}  # was 13" in out
    assert "+    - {from: Calgary, to: Phoenix, points: 13}  # was 13" in out
    assert "not written (--diff)" in err  # the summary goes to stderr, the diff alone to stdout
    assert p.read_bytes() == raw and p.stat().st_mtime_ns == stamp
    assert sorted(f.name for f in tmp_path.iterdir()) == ["plant.yaml"]


def test_a_map_with_errors_gets_only_the_fixes_that_remove_an_error(tmp_path: Path) -> None:
    bad = "\n# a ticket from a city to itself\n"
    p = plant(tmp_path, points=60, other=17)
    text = p.read_text(encoding="utf-8").replace(
        "    - {from: Denver, to: El Paso, points: 4}",
        "    - {from: Denver, to: Denver, points: 4}") + bad
    p.write_text(text, encoding="utf-8")
    codes = {d.code for d in validate_file(p).errors}
    assert {"TTR407", "TTR402"} <= codes
    code, out, _ = fix(str(p), "--tickets", "--unsafe")
    assert code == 1
    after = p.read_text(encoding="utf-8")
    assert "{from: Calgary, to: Phoenix, points: 13}" in after  # TTR407: removes an error
    assert "{from: Boston, to: Miami, points: 17}" in after  # TTR406: a warning, kept
    assert "only fixes that remove an error" in out
    assert fix(str(p), "--tickets", "--unsafe")[0] == 1
    assert p.read_text(encoding="utf-8") == after  # idempotent


def test_when_the_error_fixes_leave_the_map_clean_the_rest_follow(tmp_path: Path) -> None:
    p = plant(tmp_path, points=60, other=17)
    code, out, _ = fix(str(p), "--tickets", "--unsafe")
    assert code == 0, out
    after = p.read_text(encoding="utf-8")
    assert "{from: Calgary, to: Phoenix, points: 13}" in after
    assert "{from: Boston, to: Miami, points: 12}" in after
    assert "nothing to change" in fix(str(p), "--tickets", "--unsafe")[1]


def test_a_map_changed_on_disk_meanwhile_is_not_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = plant(tmp_path)
    theirs = p.read_text(encoding="utf-8") + "# saved by the editor meanwhile\n"
    real = MapFile.write

    def editor_saves_first(self: MapFile) -> bool:
        p.write_text(theirs, encoding="utf-8")
        return real(self)

    monkeypatch.setattr(MapFile, "write", editor_saves_first)
    with pytest.raises(FileChangedError):
        fix_map(FixRequest(p, tickets=True, unsafe=True))
    assert p.read_text(encoding="utf-8") == theirs
    p.write_text(USA.replace(TICKET, TICKET.replace("13", "17")), encoding="utf-8")
    code, _, err = fix(str(p), "--tickets", "--unsafe")
    assert code == 2 and re.search(r"changed on disk since it was read.*nothing was written",
                                   err)


def test_bad_input_is_a_clear_message(tmp_path: Path) -> None:
    code, _, err = fix("usa", "--tickets")
    assert code == 2 and "a bundled map cannot be fixed in place: copy it first" in err
    code, _, err = fix(str(tmp_path / "none.yaml"))
    assert code == 2 and "no such file" in err
    code, _, err = fix(str(tmp_path), "--tickets")
    assert code == 2 and "it is a folder" in err
    p = plant(tmp_path)
    code, _, err = fix(str(p), "--max-move", "-1")
    assert code == 2 and "--max-move must be a number of mm" in err
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\ncities: [\n", encoding="utf-8")
    code, out, err = fix(str(broken), "--tickets", "--unsafe")
    assert code == 1 and "TTR002" in err and "nothing was fixed" in out
    assert broken.read_text(encoding="utf-8") == "format: 1\ncities: [\n"
