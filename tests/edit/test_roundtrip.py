"""The round-trip writer keeps what the designer wrote (ttrtool/edit/roundtrip.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ttrtool.edit.roundtrip import EditError, FileChangedError, MapFile, parse_path

ROOT = Path(__file__).resolve().parent.parent.parent

SAMPLE = """\
# A board to edit.   Comments everywhere.
format: 1   # the format
meta:
  id: sample
  name: "Sample board"      # double quotes
  version: '1.0'            # single quotes
board: {width: 400, height: 300, units: px}
cities:
  # the west
  - {name: A, pos: [10, 20]}   # flow style
  - name: B                    # block style
    pos: [30, 40]
  # the east
  - {name: C, pos: [50, 60]}
tickets:
  regular:
    - {from: A, to: B, points: 13}  # over-priced?
    # long ones
    - {from: A, to: C, points: 8}
# the end
"""


def _write(tmp_path: Path, text: str, name: str = "m.yaml") -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    return p


def _comments(text: str) -> list[str]:
    return [line[line.index("#"):] for line in text.splitlines() if "#" in line]


def test_an_edit_keeps_comments_order_quotes_and_flow_style(tmp_path: Path) -> None:
    p = _write(tmp_path, SAMPLE)
    doc = MapFile.read(p)
    doc.set("tickets.regular[0].points", 9)
    doc.set("cities[1].pos", [31, 41])
    doc.set("meta.name", "Sample board, fixed")
    doc.set_key("cities[0]", "label", [0, -4], after="pos")
    assert doc.write()
    text = p.read_text(encoding="utf-8")
    assert _comments(text) == _comments(SAMPLE)
    # a comment after an edited value keeps its column
    assert "    - {from: A, to: B, points: 9}   # over-priced?\n" in text
    assert re.search(r'\n  name: "Sample board, fixed" +# double quotes\n', text)
    assert "  version: '1.0'            # single quotes" in text
    assert re.search(r"\n  - \{name: A, pos: \[10, 20\], label: \[0, -4\]\} +# flow style\n", text)
    assert "    pos: [31, 41]\n" in text
    # every line not edited keeps its bytes, in the same order
    old, new = SAMPLE.splitlines(), text.splitlines()
    assert len(old) == len(new)
    assert sum(a != b for a, b in zip(old, new, strict=True)) == 4


def test_a_no_op_edit_leaves_the_bytes_as_they_were(tmp_path: Path) -> None:
    for text in (SAMPLE, SAMPLE.replace("\n", "\r\n"), "\ufeff" + SAMPLE,
                 SAMPLE.replace("format: 1   #", "format:     1   #")):
        p = _write(tmp_path, text)
        doc = MapFile.read(p)
        doc.set("tickets.regular[0].points", 13)
        doc.set("cities[0].pos", [10, 20])
        assert not doc.changed
        assert doc.data() == text.encode("utf-8")
        assert doc.diff() == ""
        assert not doc.write()
        assert p.read_bytes() == text.encode("utf-8")


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland", "nordiccountries", "india"])
def test_a_bundled_map_changes_only_the_edited_line(name: str, tmp_path: Path) -> None:
    text = (ROOT / "maps" / f"{name}.yaml").read_text(encoding="utf-8")
    p = _write(tmp_path, text)
    doc = MapFile.read(p)
    at = next(("tickets", deck, k, "points") for deck, items in doc.get("tickets").items()
              for k, item in enumerate(items) if "points" in item)
    doc.set(at, doc.get(at) + 4)
    diff = [line for line in doc.diff().splitlines()
            if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))]
    assert len(diff) == 2 and "points" in diff[0]


def test_lines_ruamel_would_write_otherwise_keep_their_bytes(tmp_path: Path) -> None:
    """ruamel writes ``format:     1`` as ``format: 1``; an edit elsewhere must not."""
    text = SAMPLE.replace("format: 1   #", "format:     1   #").replace("\n", "\r\n")
    p = _write(tmp_path, text)
    doc = MapFile.read(p)
    doc.set("tickets.regular[1].points", 10)
    doc.append("cities", {"name": "D", "pos": [70, 80]})
    out = doc.data().decode("utf-8")
    assert "format:     1   # the format\r\n" in out
    assert "    - {from: A, to: C, points: 10}\r\n" in out
    assert "  - {name: D, pos: [70, 80]}\r\n" in out
    assert out.count("\r\n") == out.count("\n")


def test_new_items_take_their_neighbours_style(tmp_path: Path) -> None:
    doc = MapFile.read(_write(tmp_path, SAMPLE))
    doc.append("tickets.regular", {"from": "B", "to": "C", "points": 5})
    doc.insert("cities", 0, {"name": "Z", "pos": [1, 2]})
    doc.set_key("board", "print_width_mm", 500)
    text = doc.text()
    assert "    - {from: B, to: C, points: 5}\n# the end" in text or \
        "    - {from: B, to: C, points: 5}\n" in text
    assert "  - {name: Z, pos: [1, 2]}\n" in text
    assert "board: {width: 400, height: 300, units: px, print_width_mm: 500}" in text


def test_remove_and_replace_a_whole_list(tmp_path: Path) -> None:
    doc = MapFile.read(_write(tmp_path, SAMPLE))
    doc.remove("cities[2]")
    doc.set("tickets.regular", [{"from": "A", "to": "B", "points": 4}])
    doc.remove("meta.version")
    assert doc.get("cities")[-1]["name"] == "B"
    text = doc.text()
    assert "{from: A, to: B, points: 4}" in text and "points: 8" not in text
    assert "version" not in text and "name: C" not in text


def test_a_file_changed_on_disk_is_not_overwritten(tmp_path: Path) -> None:
    p = _write(tmp_path, SAMPLE)
    doc = MapFile.read(p)
    doc.set("tickets.regular[0].points", 9)
    theirs = SAMPLE.replace("# the end", "# saved by an editor meanwhile")
    p.write_text(theirs, encoding="utf-8")
    with pytest.raises(FileChangedError, match="changed on disk since it was read"):
        doc.write()
    assert p.read_text(encoding="utf-8") == theirs
    assert [f.name for f in tmp_path.iterdir()] == ["m.yaml"]  # no temporary file left


def test_a_write_is_atomic_and_keeps_the_permissions(tmp_path: Path) -> None:
    p = _write(tmp_path, SAMPLE)
    p.chmod(0o640)
    doc = MapFile.read(p)
    doc.set("tickets.regular[0].points", 9)
    assert doc.write()
    assert p.stat().st_mode & 0o777 == 0o640
    assert [f.name for f in tmp_path.iterdir()] == ["m.yaml"]
    doc.set("tickets.regular[0].points", 10)  # a second write compares with the first
    assert doc.write()
    assert "points: 10}" in p.read_text(encoding="utf-8")


def test_paths(tmp_path: Path) -> None:
    assert parse_path("tickets.regular[3].points") == ("tickets", "regular", 3, "points")
    assert parse_path(("cities", 2)) == ("cities", 2)
    doc = MapFile.read(_write(tmp_path, SAMPLE))
    assert doc.get("cities[1].pos") == [30, 40]
    for bad, said in [("cities[9]", "the list has 3 item(s)"),
                      ("meta.nope", "there is no key 'nope'"),
                      ("meta[0]", "meta is a mapping, not a list"),
                      ("cities..x", "bad path")]:
        with pytest.raises(EditError, match=re.escape(said)):
            doc.get(bad)
    with pytest.raises(EditError, match="not a mapping"):
        doc.set_key("cities", "x", 1)


def test_unreadable_files_are_edit_errors(tmp_path: Path) -> None:
    with pytest.raises(EditError, match="cannot read"):
        MapFile.read(tmp_path / "missing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"a: \xff\n")
    with pytest.raises(EditError, match="not UTF-8"):
        MapFile.read(bad)
    broken = _write(tmp_path, "a: [1, 2\n")
    with pytest.raises(EditError, match="not a YAML file that can be edited"):
        MapFile.read(broken)
