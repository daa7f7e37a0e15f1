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
* tags other than the standard ones; nesting deeper than any map needs;
* more values than any map holds (:data:`MAX_VALUES`), before they cost memory.

It reads the event stream of the YAML parser (libyaml when PyYAML was built
with it, about ten times faster than the pure-Python parser) and builds the
data itself, so nothing that it refuses is ever expanded in memory.

The result is a :class:`Document`: JSON-compatible data (mapping keys are
strings) and a table from JSON path to :class:`Location`.
"""

from __future__ import annotations

import math
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml import events as ev
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from ttrtool.codes import (
    AMBIGUOUS_SCALAR,
    BAD_CHARACTER,
    DUPLICATE_KEY,
    MAP_TOO_LARGE,
    UNREADABLE_FILE,
    YAML_ALIAS,
    YAML_SYNTAX,
    Code,
)
from ttrtool.diagnostics import Diagnostic, JsonPath, Location, Severity

_STANDARD = "tag:yaml.org,2002:"
_PLAIN_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_PLAIN_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")
_SCALAR_TAGS = {_STANDARD + k for k in ("str", "int", "float", "bool", "null", "timestamp")} | {"!"}
_COLLECTION_TAGS = {None, "!", _STANDARD + "map", _STANDARD + "seq"}
# C0 and C1 controls (tab, LF and CR allowed), DEL, the Unicode line and
# paragraph separators, the bidirectional embeddings, overrides and isolates,
# lone surrogates and non-characters: none belongs in a map; some would make
# YAML and editors disagree about line numbers, and the bidi ones make text
# display in another order than it is read.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e"
                      "\u2066-\u2069\ud800-\udfff\ufffe\uffff]")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# The bundled maps are about 30 kB; anything this large is not a map.
MAX_BYTES = 16 * 2**20
# No map needs more than six levels; a limit keeps hostile input from
# exhausting the Python stack.
MAX_DEPTH = 64
# Values (scalars, lists and mappings) in one file.  A map at every size limit of
# ttrtool/limits.py holds about 40,000; reading 100,000 takes some three seconds, and
# 16 MB of them would take minutes and gigabytes.
MAX_VALUES = 100_000

_Loader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = Resolver()


@dataclass
class Document:
    """A parsed map file: its data and where each value came from."""

    file: str
    data: Any
    positions: dict[JsonPath, Location] = field(default_factory=dict)
    key_positions: dict[JsonPath, Location] = field(default_factory=dict)
    # Values written in quotes ('2', "2"): a message may then say "remove the quotes".
    quoted: set[JsonPath] = field(default_factory=set)

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


# The loader's codes and their one name each (docs/checks.md; the catalog repeats them and a
# test keeps the two equal).  What went wrong in detail is the message's job.
def _fail(file: str, code: Code, message: str, loc: Location, path: JsonPath = ()) -> LoadError:
    return LoadError(Diagnostic(code, code.name, Severity.ERROR, message, path, file, loc))


def unreadable(file: str, message: str) -> LoadError:
    """A file that could not be read at all (TTR000; exit code 2)."""
    return LoadError(Diagnostic(UNREADABLE_FILE, UNREADABLE_FILE.name, Severity.ERROR, message,
                                (), file, Location(0, 0)), io_error=True)


def read_map_file(path: str | Path) -> Document:
    """Read and parse one map file (never writes to it).  Raises :class:`LoadError`."""
    file = str(path)
    if not file:
        raise unreadable("<empty path>", "an empty path was given: name a map file (.yaml)")
    p = Path(path)
    try:
        mode = p.stat().st_mode
        if stat.S_ISDIR(mode):
            raise unreadable(file, f"{file} is a directory: give the path of a map file (.yaml)")
        if not stat.S_ISREG(mode):
            # A FIFO, socket or terminal would block the read until something writes to it.
            raise unreadable(file, f"{file} is not a regular file (a pipe, socket or device): "
                                  "save the map to a file and give its path")
        with open(p, "rb") as f:
            raw = f.read(MAX_BYTES + 1)  # bounded: a file that grows while read must not hang
        if len(raw) > MAX_BYTES:
            raise unreadable(file, f"{file} is larger than {MAX_BYTES // 2**20} MB: that is not "
                                  "a map file")
    except FileNotFoundError as e:
        raise unreadable(file, f"no such file: {file}") from e
    except OSError as e:
        raise unreadable(file, f"cannot read {file}: {e.strerror or e}") from e
    except ValueError as e:  # e.g. a NUL character in the path
        raise unreadable(file, f"cannot read {file!r}: {e}") from e
    return parse_map_text(raw, file)


def _text_location(text: str, offset: int) -> Location:
    """1-based line and column of a character offset, counting line breaks as YAML does."""
    before = text[:offset]
    breaks = list(_LINE_BREAK.finditer(before))
    start = breaks[-1].end() if breaks else 0
    return Location(len(breaks) + 1, offset - start + 1)


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as YAML (and so every position ttrtool reports) counts them."""
    return _LINE_BREAK.split(text.removeprefix("\ufeff"))


def _decode(raw: bytes, file: str) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        good = raw[:e.start].decode("utf-8")
        raise _fail(file, BAD_CHARACTER,
                    f"byte 0x{raw[e.start]:02x} is not valid UTF-8: save the file as UTF-8",
                    _text_location(good, len(good))) from e


def parse_map_text(raw: bytes | str, file: str = "<string>") -> Document:
    """Parse map text (bytes must be UTF-8).  Raises :class:`LoadError`."""
    text = _decode(raw, file) if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
    m = _CONTROL.search(text)
    if m:
        raise _fail(file, BAD_CHARACTER,
                    f"control character U+{ord(m.group()):04X} is not allowed: delete it "
                    "(names and values must be printable text)",
                    _text_location(text, m.start()))
    if all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        raise _fail(file, YAML_SYNTAX,
                    "the file is empty: a map needs at least format, meta, cities, routes and "
                    "tickets (see docs/map-format.md)", Location(1, 1))
    loader = _Loader(text)
    try:
        return _Composer(loader, file).document()
    except yaml.MarkedYAMLError as e:
        raise _syntax_error(e, file, text) from e
    except yaml.reader.ReaderError as e:
        raise _fail(file, BAD_CHARACTER,
                    f"character U+{e.character if isinstance(e.character, int) else 0:04X} "
                    "is not allowed in YAML: delete it",
                    _text_location(text, e.position)) from e
    except yaml.YAMLError as e:
        raise _fail(file, YAML_SYNTAX, f"invalid YAML: {e}", Location(1, 1)) from e
    finally:
        loader.dispose()


def _syntax_error(e: yaml.MarkedYAMLError, file: str, text: str) -> LoadError:
    mark = e.problem_mark or e.context_mark
    loc = _mark(mark)
    problem = e.problem or "invalid YAML"
    hint = ""
    lines = text.splitlines()
    at = lines[loc.line - 1][loc.column - 1:loc.column] if 0 < loc.line <= len(lines) else ""
    if at == "\t" or "'\\t'" in problem:
        problem = "a tab character where YAML expects indentation or a value"
        hint = ": indent with spaces, not tabs"
    elif e.context and "while parsing" in e.context and e.context_mark is not None:
        what = e.context.removeprefix("while parsing ").removeprefix("a ").removeprefix("an ")
        hint = f" (in the {what} that starts at line {e.context_mark.line + 1})"
    return _fail(file, YAML_SYNTAX, f"invalid YAML: {problem}{hint}", loc)


class _Composer:
    """Builds plain data and positions from parser events, refusing what a map must not hold."""

    def __init__(self, loader: Any, file: str) -> None:
        self.loader = loader
        self.doc = Document(file, None)
        self.values = 0

    def fail(self, code: Code, message: str, mark: Any, path: JsonPath = ()) -> LoadError:
        loc = _mark(mark) if mark is not None else Location(1, 1)
        return _fail(self.doc.file, code, message, loc, path)

    def document(self) -> Document:
        get = self.loader.get_event
        get()  # StreamStart
        if isinstance(self.loader.peek_event(), ev.StreamEndEvent):
            raise self.fail(YAML_SYNTAX, "the file holds no YAML document", None)
        start = get()  # DocumentStart
        self.doc.data = self.value((), 0)
        if self.doc.data is None:
            raise self.fail(YAML_SYNTAX, "the document is empty: a map needs at least "
                            "format, meta, cities, routes and tickets (see docs/map-format.md)",
                            start.start_mark)
        get()  # DocumentEnd
        nxt = get()
        if not isinstance(nxt, ev.StreamEndEvent):
            raise self.fail(YAML_SYNTAX,
                            "a map file holds one YAML document; found a second one ('---'): "
                            "split it into separate files", nxt.start_mark)
        return self.doc

    def value(self, path: JsonPath, depth: int) -> Any:
        event = self.loader.get_event()
        if isinstance(event, ev.AliasEvent):
            raise self.fail(YAML_ALIAS,
                            f"alias '*{event.anchor}' is not allowed in a map file: write the "
                            "value out in full", event.start_mark, path)
        if event.anchor is not None:
            raise self.fail(YAML_ALIAS,
                            f"anchor '&{event.anchor}' is not allowed in a map file: remove it and "
                            "write values out in full", event.start_mark, path)
        self.values += 1
        if self.values > MAX_VALUES:
            raise self.fail(MAP_TOO_LARGE, f"the file holds more than {MAX_VALUES:,} values: "
                            "no map is that large (docs/map-format.md, \"Limits\"); split it or "
                            "remove what is not the board", event.start_mark, path)
        self.doc.positions[path] = _mark(event.start_mark)
        if isinstance(event, ev.ScalarEvent):
            if event.style in ("'", '"'):
                self.doc.quoted.add(path)
            return self.scalar(event, path)
        if depth >= MAX_DEPTH:
            raise self.fail(YAML_SYNTAX,
                            f"values are nested more than {MAX_DEPTH} levels deep: no map "
                            "needs that",
                            event.start_mark, path)
        if event.tag not in _COLLECTION_TAGS:
            raise self.fail(AMBIGUOUS_SCALAR, f"tag '{_short_tag(event.tag)}' is not "
                            "allowed in a map file: remove it", event.start_mark, path)
        if isinstance(event, ev.SequenceStartEvent):
            items: list[Any] = []
            while not isinstance(self.loader.peek_event(), ev.SequenceEndEvent):
                items.append(self.value(path + (len(items),), depth + 1))
            self.loader.get_event()
            return items
        return self.mapping(path, depth)

    def mapping(self, path: JsonPath, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        while not isinstance(self.loader.peek_event(), ev.MappingEndEvent):
            key_event = self.loader.peek_event()
            if not isinstance(key_event, ev.ScalarEvent):
                if isinstance(key_event, ev.AliasEvent | ev.CollectionStartEvent) \
                        and key_event.anchor is not None:
                    self.value(path, depth + 1)  # reports the anchor or alias
                raise self.fail(AMBIGUOUS_SCALAR,
                                "a mapping key must be a plain name, not a list or mapping",
                                key_event.start_mark, path)
            self.loader.get_event()
            if key_event.anchor is not None:
                raise self.fail(YAML_ALIAS,
                                f"anchor '&{key_event.anchor}' is not allowed in a map file: "
                                "remove it", key_event.start_mark, path)
            key = self.scalar(key_event, path)
            if isinstance(key, bool) or key is None:
                raise self.fail(AMBIGUOUS_SCALAR,
                                f"key '{key_event.value}' is read by YAML as {_show(key)}: "
                                "quote it",
                                key_event.start_mark, path)
            skey = str(key)  # JSON objects have string keys (route_points: {1: 1})
            if skey in out:
                first = self.doc.key_positions[path + (skey,)]
                raise self.fail(DUPLICATE_KEY,
                                f"duplicate key '{skey}' (first at line {first.line}): YAML would "
                                "silently keep only the last one; remove or rename one of them",
                                key_event.start_mark, path + (skey,))
            self.doc.key_positions[path + (skey,)] = _mark(key_event.start_mark)
            out[skey] = self.value(path + (skey,), depth + 1)
        self.loader.get_event()
        return out

    def scalar(self, event: ev.ScalarEvent, path: JsonPath) -> Any:
        text: str = event.value
        if event.style == '"':  # escapes such as "\x1b" are decoded only now
            m = _CONTROL.search(text)
            if m:
                raise self.fail(BAD_CHARACTER, f"the escape for control character "
                                f"U+{ord(m.group()):04X} is not allowed: delete it (names and "
                                "values must be printable text)", event.start_mark, path)
        tag = event.tag
        if tag is None or tag == "!":
            tag = _RESOLVER.resolve(ScalarNode, text, event.implicit)  # type: ignore[no-untyped-call]
        if tag not in _SCALAR_TAGS:
            if event.tag in (None, "!"):  # YAML gave a plain '=' or '<<' a special meaning
                raise self.fail(AMBIGUOUS_SCALAR, f"'{text}' has a special meaning in YAML "
                                f"({_short_tag(tag)}): quote it ('{text}') if you mean text",
                                event.start_mark, path)
            raise self.fail(AMBIGUOUS_SCALAR, f"tag '{_short_tag(tag)}' is not allowed in a "
                            "map file: remove it", event.start_mark, path)
        # libyaml reports plain scalars with style '' and PyYAML with None.
        if event.style or tag in (_STANDARD + "str", "!"):
            return text  # quoted or block scalar, or explicitly a string
        kind = tag[len(_STANDARD):]
        mark = event.start_mark
        if kind == "null":
            return None
        if kind == "bool":
            if text in ("true", "false", "True", "False", "TRUE", "FALSE"):
                return text.lower() == "true"
            raise self.fail(AMBIGUOUS_SCALAR,
                            f"'{text}' is read by YAML as a boolean: write true or false, "
                            f"or quote it ('{text}') if you mean text such as a country code",
                            mark, path)
        if kind == "int":
            if _PLAIN_INT.fullmatch(text):
                if len(text) > 100:  # Python refuses to convert very long digit strings
                    raise self.fail(AMBIGUOUS_SCALAR,
                                    f"a number of {len(text)} digits: no map needs one; quote it "
                                    "if you mean text", mark, path)
                return int(text)
            raise self.fail(AMBIGUOUS_SCALAR,
                            f"'{text}' is read by YAML as the number {_yaml11_number(text)}: quote "
                            f"it ('{text}') if you mean text, or write the number in plain decimal",
                            mark, path)
        if kind == "float":
            if _PLAIN_FLOAT.fullmatch(text) or _PLAIN_INT.fullmatch(text):
                value = float(text)
                if math.isfinite(value):
                    return value
                raise self.fail(AMBIGUOUS_SCALAR,
                                f"'{text[:20]}...' is too large a number: write a smaller one",
                                mark, path)
            raise self.fail(AMBIGUOUS_SCALAR,
                            f"'{text}' is read by YAML as a special number: quote it ('{text}') "
                            "or write a plain decimal number", mark, path)
        return text  # a timestamp: JSON has no dates, keep what the author wrote


def plain_number(text: str) -> int | float | None:
    """The number ``text`` is read as when written unquoted in plain decimal (``12``, ``2.5``),
    else None: what a value would become if its quotes were removed."""
    if _PLAIN_INT.fullmatch(text) and len(text) <= 100:
        return int(text)
    if _PLAIN_FLOAT.fullmatch(text):
        value = float(text)
        return value if math.isfinite(value) else None
    return None


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_STANDARD):] if tag.startswith(_STANDARD) else tag


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _yaml11_number(text: str) -> str:
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return "?"
    return str(value)
