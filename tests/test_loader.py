"""The strict YAML loader: data, positions, and what it refuses (ttrtool/loader.py)."""

from __future__ import annotations

import os
import tracemalloc

import pytest
import yaml

from ttrtool import loader
from ttrtool.diagnostics import Location
from ttrtool.loader import MAX_BYTES, LoadError, parse_map_text, read_map_file
from ttrtool.resources import bundled_map_path

TEXT = """\
format: 1
meta:
  id: x
  name: "Zürich"
cities:
  - {name: Bern, pos: [10, 20]}
  - name: Genève
    pos: [1.5, -2]
points: {1: 1, 12: 30}
"""


def refused(text: str | bytes) -> tuple[str, str, int, int]:
    with pytest.raises(LoadError) as info:
        parse_map_text(text, "m.yaml")
    d = info.value.diagnostic
    assert d.file == "m.yaml" and d.message
    return d.code, d.name, d.location.line, d.location.column


def test_data_is_plain_json() -> None:
    doc = parse_map_text(TEXT)
    assert doc.data == {
        "format": 1,
        "meta": {"id": "x", "name": "Zürich"},
        "cities": [{"name": "Bern", "pos": [10, 20]}, {"name": "Genève", "pos": [1.5, -2.0]}],
        "points": {"1": 1, "12": 30},
    }


def test_positions_of_values_and_keys() -> None:
    doc = parse_map_text(TEXT)
    assert doc.locate(("meta", "name")) == Location(4, 9)
    assert doc.locate(("cities", 0)) == Location(6, 5)
    assert doc.locate(("cities", 0, "pos", 1)) == Location(6, 28)
    assert doc.locate(("cities", 1, "pos")) == Location(8, 10)
    assert doc.locate_key(("meta", "name")) == Location(4, 3)
    assert doc.locate_key(("points", "12")) == Location(9, 16)
    # A path the file does not have falls back to its nearest ancestor.
    assert doc.locate(("cities", 1, "aliases", 3)) == Location(7, 5)
    assert doc.locate(("nothing",)) == Location(1, 1)


def test_columns_count_characters_not_bytes() -> None:
    doc = parse_map_text("a: {b: Zürich, c: Genève}\n")
    assert doc.locate(("a", "c")) == Location(1, 19)


def test_crlf_and_bom() -> None:
    doc = parse_map_text(b"\xef\xbb\xbfa: 1\r\nb:\r\n  c: x\r\n")
    assert doc.data == {"a": 1, "b": {"c": "x"}}
    assert doc.locate(("b", "c")) == Location(3, 6)


def test_pure_python_parser_gives_the_same_document(monkeypatch: pytest.MonkeyPatch) -> None:
    text = bundled_map_path("switzerland").read_text(encoding="utf-8")
    fast = parse_map_text(text)
    monkeypatch.setattr(loader, "_Loader", yaml.SafeLoader)
    slow = parse_map_text(text)
    assert slow.data == fast.data
    assert slow.positions == fast.positions
    assert slow.key_positions == fast.key_positions
    with pytest.raises(LoadError):
        parse_map_text("a: &x 1\n")


@pytest.mark.parametrize("text,expected", [
    ("a: 1\na: 2\n", ("TTR003", "duplicate-key", 2, 1)),
    ("a: {b: 1, b: 2}\n", ("TTR003", "duplicate-key", 1, 11)),
    ("1: a\n'1': b\n", ("TTR003", "duplicate-key", 2, 1)),
    ("a: &x 1\nb: *x\n", ("TTR004", "yaml-alias", 1, 4)),
    ("a: *x\n", ("TTR004", "yaml-alias", 1, 4)),
    ("a: &a [*a]\n", ("TTR004", "yaml-alias", 1, 4)),
    ("? &k a\n: 1\n", ("TTR004", "yaml-alias", 1, 3)),
    ("a: 1\n---\nb: 2\n", ("TTR002", "yaml-syntax", 2, 1)),
    ("a:\n\tb: 1\n", ("TTR002", "yaml-syntax", 2, 1)),
    ("a: [1, 2\n", ("TTR002", "yaml-syntax", 2, 1)),
    ("", ("TTR002", "yaml-syntax", 1, 1)),
    ("# just a comment\n\n", ("TTR002", "yaml-syntax", 1, 1)),
    ("---\n", ("TTR002", "yaml-syntax", 1, 1)),
    ("code: NO\n", ("TTR005", "ambiguous-scalar", 1, 7)),
    ("code: yes\n", ("TTR005", "ambiguous-scalar", 1, 7)),
    ("v: 010\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("v: 0x1F\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("v: 1:20\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("v: 1_000\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("v: .nan\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("off: 1\n", ("TTR005", "ambiguous-scalar", 1, 1)),
    ("~: 1\n", ("TTR005", "ambiguous-scalar", 1, 1)),
    ("? [a]\n: 1\n", ("TTR005", "ambiguous-scalar", 1, 3)),
    ("a: !!binary aGk=\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("a: !!python/object:os.system {}\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("a: !custom x\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("a: b\x00c\n", ("TTR001", "bad-character", 1, 5)),
    ("a: b\x1bc\n", ("TTR001", "bad-character", 1, 5)),
    ("a: b\nc: d\u2028\n", ("TTR001", "bad-character", 2, 5)),
    ("a: b\x0cc\n", ("TTR001", "bad-character", 1, 5)),
    (b"a: 1\nb: \xc3\x28\n", ("TTR001", "bad-character", 2, 4)),
    (b"\xff\xfea\x00:\x00", ("TTR001", "bad-character", 1, 1)),
    ("v: " + "9" * 200 + "\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("v: 1" + "0" * 400 + ".5\n", ("TTR005", "ambiguous-scalar", 1, 4)),
    ("a: " + "[" * 80 + "]" * 80 + "\n", ("TTR002", "yaml-syntax", 1, 67)),
])
def test_refused(text: str | bytes, expected: tuple[str, str, int, int]) -> None:
    assert refused(text) == expected


@pytest.mark.parametrize("text,value", [
    ("v: '010'\n", "010"),
    ("v: \"1:20\"\n", "1:20"),
    ("v: 'NO'\n", "NO"),
    ("v: !!str yes\n", "yes"),
    ("v: true\n", True),
    ("v: null\n", None),
    ("v: -3\n", -3),
    ("v: 2.5e+3\n", 2500.0),
    ("v: 2.5e3\n", "2.5e3"),  # YAML 1.1 needs a sign in the exponent
    ("v: 2026-01-01\n", "2026-01-01"),
    ("v: |\n  two\n  lines\n", "two\nlines\n"),
    ("v: a\tb\n", "a\tb"),
])
def test_accepted_scalars(text: str, value: object) -> None:
    assert parse_map_text(text).data == {"v": value}


def _bomb(levels: int) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_without_expanding() -> None:
    text = _bomb(30)  # 9**30 strings if it were expanded
    tracemalloc.start()
    try:
        assert refused(text)[:2] == ("TTR004", "yaml-alias")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, f"the loader used {peak} bytes on a {len(text)}-byte bomb"


def test_read_map_file_io_errors(tmp_path) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # reading it would block until a writer came: refused unread
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BYTES + 1))
    for path, says in ((tmp_path / "missing.yaml", "no such file"),
                       (tmp_path, "is a directory"),
                       (fifo, "not a regular file"),
                       ("", "an empty path"),
                       (big, "larger than")):
        with pytest.raises(LoadError) as info:
            read_map_file(path)
        assert info.value.io_error
        d = info.value.diagnostic
        assert (d.code, d.name) == ("TTR000", "unreadable-file")
        assert says in d.message



@pytest.mark.parametrize(("text", "code", "says", "column"), [
    ('a: "x\\x1by"\n', "TTR001", "U+001B", 4),
    ('a: "\\u202eevil"\n', "TTR001", "U+202E", 4),
    ("a: b\u202ec\n", "TTR001", "U+202E", 5),
    ('"k\\x07": 1\n', "TTR001", "U+0007", 1),
    ("a: =\n", "TTR005", "quote it ('=')", 4),
    ("a: <<\n", "TTR005", "quote it ('<<')", 4),
])
def test_escaped_controls_and_special_values(text: str, code: str, says: str,
                                             column: int) -> None:
    """Escapes are decoded after the raw-text scan; the decoded value is checked too."""
    with pytest.raises(LoadError) as info:
        parse_map_text(text, "m.yaml")
    d = info.value.diagnostic
    assert d.code == code and says in d.message
    assert (d.location.line, d.location.column) == (1, column)
