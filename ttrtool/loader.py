"""Reading a map file: YAML text to plain data plus the position of every value.

The loader is strict where YAML is lenient.  It refuses what would make a map
mean something other than what its author wrote, each time with the file,
line and column and what to do:

* bytes that are not UTF-8, control characters, tabs, syntax errors;
* an empty file, or several documents in one file;
* duplicate keys (YAML keeps the last one silently);
* anchors and aliases (refused at the first one, so an alias bomb or a
  recursive alias costs nothing);
* plain scalars that YAML 1.1 silently retypes: ``NO``/``yes``/``off`` as
  booleans, ``010`` as octal, ``1:20`` as a base-60 number, ``1_000``;
* tags other than the standard ones.

The result is a :class:`Document`: JSON-compatible data (mapping keys are
strings) and a table from JSON path to :class:`Location`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ttrtool.diagnostics import Diagnostic, JsonPath, Location, Severity

_STANDARD = "tag:yaml.org,2002:"
_PLAIN_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_PLAIN_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")
_SCALAR_TAGS = {_STANDARD + k for k in ("str", "int", "float", "bool", "null", "timestamp")} | {"!"}
_COLLECTION_TAGS = {_STANDARD + "map", _STANDARD + "seq"}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass
class Document:
    """A parsed map file: its data and where each value came from."""

    file: str
    data: Any
    positions: dict[JsonPath, Location] = field(default_factory=dict)
    key_positions: dict[JsonPath, Location] = field(default_factory=dict)

    def locate(self, path: JsonPath) -> Location:
        """Location of the value at ``path``, or of its nearest ancestor."""
        p = tuple(path)
        while p:
            if p in self.positions:
                return self.positions[p]
            p = p[:-1]
        return self.positions.get((), Location(1, 1))

    def locate_key(self, path: JsonPath) -> Location:
        """Location of the key of the mapping entry at ``path`` (or the value)."""
        return self.key_positions.get(tuple(path)) or self.locate(path)


class LoadError(Exception):
    """The file could not be read as a map document."""

    def __init__(self, diagnostic: Diagnostic, io_error: bool = False) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic
        self.io_error = io_error  # missing file, a directory, unreadable: exit code 2


def _mark(mark: Any) -> Location:
    if mark is None:
        return Location(0, 0)
    return Location(mark.line + 1, mark.column + 1)


def _fail(file: str, code: str, name: str, message: str, loc: Location, path: JsonPath = ()) -> LoadError:
    return LoadError(Diagnostic(code, name, Severity.ERROR, message, path, file, loc))


class _StrictLoader(yaml.SafeLoader):
    """A SafeLoader whose composer refuses anchors, aliases and duplicate keys."""

    file_name = ""

    def compose_node(self, parent: Node | None, index: Any) -> Node:  # type: ignore[override]
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _fail(
                self.file_name, "TTR004", "yaml-alias",
                f"alias '*{event.anchor}' is not allowed in a map file: write the value out in full",
                _mark(event.start_mark),
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _fail(
                self.file_name, "TTR004", "yaml-alias",
                f"anchor '&{anchor}' is not allowed in a map file: remove it and write values out in full",
                _mark(event.start_mark),
            )
        node: Node = super().compose_node(parent, index)
        return node

    def compose_mapping_node(self, anchor: Any) -> MappingNode:
        node: MappingNode = super().compose_mapping_node(anchor)
        seen: dict[str, Node] = {}
        for key, _value in node.value:
            if isinstance(key, ScalarNode):
                if key.value in seen:
                    first = _mark(seen[key.value].start_mark)
                    raise _fail(
                        self.file_name, "TTR003", "duplicate-key",
                        f"duplicate key '{key.value}' (first at line {first.line}): "
                        "YAML would silently keep only the last one; remove or rename one of them",
                        _mark(key.start_mark),
                    )
                seen[key.value] = key
        return node


def read_map_file(path: str | Path) -> Document:
    """Read and parse one map file.  Raises :class:`LoadError`."""
    file = str(path)
    p = Path(path)
    if not p.exists():
        raise LoadError(Diagnostic("TTR000", "file-not-found", Severity.ERROR,
                                   f"no such file: {file}", (), file, Location(0, 0)), io_error=True)
    if p.is_dir():
        raise LoadError(Diagnostic("TTR000", "not-a-file", Severity.ERROR,
                                   f"{file} is a directory: give the path of a map file (.yaml)",
                                   (), file, Location(0, 0)), io_error=True)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise LoadError(Diagnostic("TTR000", "unreadable-file", Severity.ERROR,
                                   f"cannot read {file}: {e.strerror}", (), file, Location(0, 0)),
                        io_error=True) from e
    return parse_map_text(raw, file)


def _byte_location(raw: bytes, offset: int) -> Location:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    col_bytes = before[before.rfind(b"\n") + 1:]
    return Location(line, len(col_bytes.decode("utf-8", errors="replace")) + 1)


def parse_map_text(raw: bytes | str, file: str = "<string>") -> Document:
    """Parse map text (bytes must be UTF-8).  Raises :class:`LoadError`."""
    if isinstance(raw, bytes):
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _fail(file, "TTR001", "not-utf8",
                        f"byte 0x{raw[e.start]:02x} is not valid UTF-8: save the file as UTF-8",
                        _byte_location(raw, e.start)) from e
    else:
        text = raw
    if not text.strip() or all(
        not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()
    ):
        raise _fail(file, "TTR002", "empty-file",
                    "the file is empty: a map needs at least format, meta, cities, routes and tickets "
                    "(see docs/map-format.md)", Location(1, 1))
    for lineno, line in enumerate(text.splitlines(), start=1):
        m = _CONTROL.search(line)
        if m:
            raise _fail(file, "TTR001", "control-character",
                        f"control character U+{ord(m.group()):04X} is not allowed: delete it",
                        Location(lineno, m.start() + 1))
    loader = _StrictLoader(text)
    loader.file_name = file
    try:
        node = loader.get_single_node()
    except LoadError:
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        problem = e.problem or "invalid YAML"
        hint = ""
        if "\t" in problem or "'\\t'" in problem:
            hint = ": indent with spaces, not tabs"
        elif "expected a single document" in (e.context or "") or "but found another document" in problem:
            problem = "a map file holds one YAML document; found a second one ('---')"
            hint = ": split it into separate files"
        raise _fail(file, "TTR002", "yaml-syntax", f"invalid YAML: {problem}{hint}", _mark(mark)) from e
    except yaml.YAMLError as e:
        raise _fail(file, "TTR002", "yaml-syntax", f"invalid YAML: {e}", Location(1, 1)) from e
    finally:
        loader.dispose()
    if node is None:
        raise _fail(file, "TTR002", "empty-file", "the file holds no YAML document", Location(1, 1))
    doc = Document(file, None)
    doc.data = _convert(node, (), doc)
    return doc


def _convert(node: Node, path: JsonPath, doc: Document) -> Any:
    doc.positions[path] = _mark(node.start_mark)
    if not isinstance(node, ScalarNode) and node.tag not in _COLLECTION_TAGS:
        raise _fail(doc.file, "TTR005", "unknown-tag",
                    f"tag '{node.tag}' is not allowed in a map file: remove it",
                    _mark(node.start_mark), path)
    if isinstance(node, MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise _fail(doc.file, "TTR005", "bad-key",
                            "a mapping key must be a plain name, not a list or mapping",
                            _mark(key_node.start_mark), path)
            key = _scalar(key_node, path, doc)
            if isinstance(key, bool) or key is None:
                raise _fail(doc.file, "TTR005", "ambiguous-scalar",
                            f"key '{key_node.value}' is read by YAML as {_show(key)}: quote it",
                            _mark(key_node.start_mark), path)
            skey = str(key)  # JSON objects have string keys (route_points: {1: 1})
            doc.key_positions[path + (skey,)] = _mark(key_node.start_mark)
            out[skey] = _convert(value_node, path + (skey,), doc)
        return out
    if isinstance(node, SequenceNode):
        return [_convert(item, path + (i,), doc) for i, item in enumerate(node.value)]
    assert isinstance(node, ScalarNode)
    return _scalar(node, path, doc)


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _scalar(node: ScalarNode, path: JsonPath, doc: Document) -> Any:
    tag = node.tag
    text = node.value
    loc = _mark(node.start_mark)
    if tag not in _SCALAR_TAGS:
        raise _fail(doc.file, "TTR005", "unknown-tag",
                    f"tag '{tag}' is not allowed in a map file: remove it", loc, path)
    if node.style is not None or tag in (_STANDARD + "str", "!"):
        return text  # quoted or block scalar, or explicitly a string
    kind = tag[len(_STANDARD):]
    if kind == "null":
        return None
    if kind == "bool":
        if text in ("true", "false", "True", "False", "TRUE", "FALSE"):
            return text.lower() == "true"
        raise _fail(doc.file, "TTR005", "ambiguous-scalar",
                    f"'{text}' is read by YAML as a boolean: write true or false, "
                    f"or quote it ('{text}') if you mean text such as a country code", loc, path)
    if kind == "int":
        if _PLAIN_INT.fullmatch(text):
            return int(text)
        raise _fail(doc.file, "TTR005", "ambiguous-scalar",
                    f"'{text}' is read by YAML as the number {_yaml11_number(text)}: quote it "
                    f"('{text}') if you mean text, or write the number in plain decimal", loc, path)
    if kind == "float":
        if _PLAIN_FLOAT.fullmatch(text) or _PLAIN_INT.fullmatch(text):
            return float(text)
        raise _fail(doc.file, "TTR005", "ambiguous-scalar",
                    f"'{text}' is read by YAML as a special number: quote it ('{text}') "
                    "or write a plain decimal number", loc, path)
    if kind == "timestamp":
        return text  # JSON has no dates: keep what the author wrote
    if kind in ("merge", "value", "yaml"):
        raise _fail(doc.file, "TTR005", "ambiguous-scalar",
                    f"'{text}' has a special meaning in YAML: quote it", loc, path)
    return text


def _yaml11_number(text: str) -> str:
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return "?"
    return str(value)
