"""Edit a map file in place, keeping what the designer wrote around the edit.

The map loader (:mod:`ttrtool.loader`, PyYAML) reads and validates; this module only
writes edits back.  It loads the file with ``ruamel.yaml``'s round-trip mode, applies
small typed edits at JSON paths, and writes the file so that comments, key order, flow
style (``{name: X, pos: [1, 2]}``) and quoting survive, and every line the edits did not
touch keeps its exact bytes::

    doc = MapFile.read("maps/mine.yaml")        # keeps the bytes read, to compare at write
    doc.get("tickets[3].points")                # 13; a path is text or a tuple ("tickets", 3)
    doc.set("tickets[3].points", 12)            # a value at a path (replaces a whole list too)
    doc.set_key("cities[2]", "label", [0, -4], after="pos")  # add or set a mapping's key
    doc.append("tickets", {"from": "A", "to": "B", "points": 5})  # also insert(path, i, v)
    doc.remove("routes[5]")                     # a list item or a mapping's key
    doc.changed; doc.text(); doc.diff()         # bool, the new text, a unified diff
    doc.write()                                 # atomic; FileChangedError if changed on disk

A new mapping or list takes the style of what it replaces or joins (flow among flow
items, block among block ones); a new string takes the quotes of the string it replaces.
Every failure is an :class:`EditError` whose message names the file and what to do.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from ttrtool.outputs import OutputError, replacing, write_all

Step = str | int
PathLike = str | Sequence[Step]

MAX_BYTES = 16 * 2**20  # as the loader: no map is that large
_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


class EditError(Exception):
    """An edit that cannot be made or written; the message says why and what to do."""


class FileChangedError(EditError):
    """The file on disk is no longer the one read: nothing was written."""


def read_bytes(path: Path) -> bytes:
    """The bytes of the file at ``path`` (at most 16 MB), for :class:`MapFile`;
    :class:`EditError` when it cannot be read."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise EditError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_BYTES:
        raise EditError(f"{path} is larger than {MAX_BYTES // 2**20} MB: that is not a map")
    return raw


def parse_path(path: PathLike) -> tuple[Step, ...]:
    """``"tickets[3].points"`` (or a tuple of keys and indexes) as a tuple of steps."""
    if not isinstance(path, str):
        return tuple(path)
    steps: list[Step] = []
    pos = 0
    while pos < len(path):
        m = _STEP.match(path, pos)
        if m is None or (pos == 0 and path.startswith(".")):
            raise EditError(f"bad path {path!r} at character {pos + 1}: write keys with dots "
                            "and list indexes in brackets, as in tickets[3].points")
        steps.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        pos = m.end()
    return tuple(steps)


def show_path(path: Sequence[Step]) -> str:
    """A tuple path as text: ``tickets[3].points``."""
    out = ""
    for s in path:
        out += f"[{s}]" if isinstance(s, int) else (f".{s}" if out else s)
    return out or "(the document)"


class MapFile:
    """One map file loaded for editing: the bytes read, the round-trip tree, the edits."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        self.original = raw
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise EditError(f"{path}: byte {e.start} is not UTF-8; save the file as UTF-8 "
                            "before fixing it") from None
        self._bom = text.startswith("\ufeff")
        self._text = text.removeprefix("\ufeff")
        self._newline = "\r\n" if "\r\n" in self._text else "\n"
        self._yaml = _round_trip(self._text)
        try:
            self.tree: Any = self._yaml.load(self._text)
        except YAMLError as e:
            raise EditError(f"{path}: not a YAML file that can be edited: {e}") from None
        self._base = self._dump()

    @classmethod
    def read(cls, path: str | Path) -> MapFile:
        """Read ``path`` for editing; :class:`EditError` when it cannot be read."""
        return cls(Path(path), read_bytes(Path(path)))

    # -- reading ---------------------------------------------------------------------------

    def get(self, path: PathLike) -> Any:
        """The value at ``path`` (ruamel's containers for mappings and lists)."""
        steps = parse_path(path)
        node = self.tree
        for k, step in enumerate(steps):
            node = _child(node, step, steps[: k + 1])
        return node

    def has(self, path: PathLike) -> bool:
        try:
            self.get(path)
        except EditError:
            return False
        return True

    # -- edits -----------------------------------------------------------------------------

    def set(self, path: PathLike, value: Any) -> None:
        """Set the value at ``path``: a list item, or a mapping's key (added at the end if
        missing).  A whole list or mapping may be given; it takes the old value's style."""
        steps = parse_path(path)
        if not steps:
            raise EditError("give a path below the document's top, such as tickets[3].points")
        parent = self.get(steps[:-1])
        last = steps[-1]
        if isinstance(parent, CommentedSeq) and isinstance(last, int):
            if not 0 <= last < len(parent):
                raise EditError(f"{show_path(steps)}: the list has {len(parent)} item(s)")
            parent[last] = _styled(value, parent[last], parent)
        elif isinstance(parent, CommentedMap) and isinstance(last, str):
            parent[last] = _styled(value, parent.get(last), parent)
        else:
            _raise_kind(parent, last, steps)

    def set_key(self, path: PathLike, key: str, value: Any, after: str | None = None) -> None:
        """Set ``key`` in the mapping at ``path``; a new key goes after ``after`` (when the
        mapping has it) or at the end."""
        steps = parse_path(path)
        mapping = self.get(steps)
        if not isinstance(mapping, CommentedMap):
            raise EditError(f"{show_path(steps)} is {_kind(mapping)}, not a mapping")
        if key in mapping or after is None or after not in mapping:
            mapping[key] = _styled(value, mapping.get(key), mapping)
            return
        mapping.insert(list(mapping).index(after) + 1, key, _styled(value, None, mapping))

    def insert(self, path: PathLike, index: int, value: Any) -> None:
        """Insert ``value`` into the list at ``path`` before ``index`` (its length: at the
        end), styled as its neighbours."""
        steps = parse_path(path)
        seq = self.get(steps)
        if not isinstance(seq, CommentedSeq):
            raise EditError(f"{show_path(steps)} is {_kind(seq)}, not a list")
        if not 0 <= index <= len(seq):
            raise EditError(f"{show_path(steps)}: cannot insert at {index}, the list has "
                            f"{len(seq)} item(s)")
        like = seq[min(index, len(seq) - 1)] if len(seq) else None
        seq.insert(index, _styled(value, like, seq))

    def append(self, path: PathLike, value: Any) -> None:
        """Add ``value`` at the end of the list at ``path``."""
        self.insert(path, len(self.get(path)), value)

    def remove(self, path: PathLike) -> None:
        """Remove the list item or mapping key at ``path``."""
        steps = parse_path(path)
        if not steps:
            raise EditError("cannot remove the whole document")
        parent = self.get(steps[:-1])
        _child(parent, steps[-1], steps)  # raises for a missing one
        del parent[steps[-1]]

    # -- results ---------------------------------------------------------------------------

    @property
    def changed(self) -> bool:
        """Whether the edits change the file's text."""
        return self.text() != self._text

    def text(self) -> str:
        """The file's text with the edits: the lines they do not touch keep their bytes."""
        new = self._dump()
        if new == self._base:
            return self._text
        if self._base == self._text.replace("\r\n", "\n"):
            return new.replace("\n", self._newline) if self._newline != "\n" else new
        return _patch(self._text, self._base, new, self._newline)

    def data(self) -> bytes:
        """The bytes :meth:`write` writes (a byte-order mark kept where there was one)."""
        return (("\ufeff" if self._bom else "") + self.text()).encode("utf-8")

    def diff(self, context: int = 3) -> str:
        """A unified diff from the file as read to the file as it would be written."""
        name = str(self.path)
        return "".join(difflib.unified_diff(
            self._text.splitlines(keepends=True), self.text().splitlines(keepends=True),
            f"{name} (as read)", f"{name} (fixed)", n=context))

    def write(self) -> bool:
        """Write the edits atomically (a temporary file beside the map, then one rename);
        False when there is nothing to write.  Raises :class:`FileChangedError` when the
        file on disk is no longer the one read (nothing is then written), :class:`EditError`
        when it cannot be written (the file is then left as it was)."""
        if not self.changed:
            return False
        if not os.access(self.path, os.W_OK):
            raise EditError(f"cannot write {self.path}: the file is read-only (nothing was "
                            "written)")
        data = self.data()
        try:
            with replacing(self.path) as temp:
                fd = os.open(temp, os.O_WRONLY | os.O_TRUNC | os.O_CREAT, 0o600)
                try:
                    write_all(fd, data)
                finally:
                    os.close(fd)
                self._check_unchanged()
        except OutputError as e:
            raise EditError(str(e)) from None
        self.original = data
        self._text = self.text()
        self._base = self._dump()
        return True

    def _check_unchanged(self) -> None:
        try:
            now = self.path.read_bytes()
        except OSError as e:
            raise FileChangedError(f"{self.path} cannot be read again before writing "
                                   f"({e.strerror or e}): nothing was written") from None
        if hashlib.sha256(now).digest() != hashlib.sha256(self.original).digest():
            raise FileChangedError(f"{self.path} changed on disk since it was read (saved by an "
                                   "editor?): nothing was written; run the command again")

    def _dump(self) -> str:
        out = io.StringIO()
        self._yaml.dump(self.tree, out)
        return out.getvalue()


def _round_trip(text: str) -> YAML:
    """A round-trip YAML that writes with the file's own indentation and never re-wraps."""
    y = YAML(typ="rt", pure=True)
    y.preserve_quotes = True
    y.width = 1 << 16
    mapping, sequence, offset = _indents(text)
    y.indent(mapping=mapping, sequence=sequence, offset=offset)
    return y


def _indents(text: str) -> tuple[int, int, int]:
    """The indentation of the file's block mappings and lists (``mapping``, ``sequence``,
    ``offset`` as ruamel names them), guessed from its first nested ones; 2, 4, 2 (the
    bundled maps' ``key:\\n  - item``) when there are none."""
    mapping = sequence = offset = None
    prev_indent = 0
    for line in text.splitlines():
        body = line.lstrip(" ")
        if not body or body.startswith("#"):
            continue
        indent = len(line) - len(body)
        if body.startswith("- "):
            if sequence is None and indent >= prev_indent:
                offset = indent - prev_indent
                rest = body[2:]
                sequence = offset + 2 + (len(rest) - len(rest.lstrip(" ")))
        elif mapping is None and indent > prev_indent:
            mapping = indent - prev_indent
        if not body.startswith("- "):
            prev_indent = indent
    return mapping or 2, sequence or 4, offset if offset is not None else 2


def _child(node: Any, step: Step, steps: Sequence[Step]) -> Any:
    if isinstance(node, CommentedMap) and isinstance(step, str):
        if step not in node:
            raise EditError(f"{show_path(steps)}: there is no key {step!r}")
        return node[step]
    if isinstance(node, CommentedSeq) and isinstance(step, int):
        if not 0 <= step < len(node):
            raise EditError(f"{show_path(steps)}: the list has {len(node)} item(s)")
        return node[step]
    return _raise_kind(node, step, steps)


def _raise_kind(node: Any, step: Step, steps: Sequence[Step]) -> NoReturn:
    want = "list" if isinstance(step, int) else "mapping"
    raise EditError(f"{show_path(steps)}: {show_path(steps[:-1])} is {_kind(node)}, "
                    f"not a {want}")


def _kind(node: Any) -> str:
    if isinstance(node, CommentedMap):
        return "a mapping"
    if isinstance(node, CommentedSeq):
        return "a list"
    return f"the value {node!r}"


def _flow(node: Any) -> bool | None:
    if isinstance(node, CommentedMap | CommentedSeq):
        return bool(node.fa.flow_style())
    return None


def _styled(value: Any, like: Any, container: Any) -> Any:
    """``value`` as ruamel nodes styled like ``like`` (the value it replaces or a
    neighbour), or else like its ``container``'s items; a string keeps ``like``'s quotes."""
    if like is None and isinstance(value, dict | list | tuple):
        like = _sibling(container, value)
    return _build(value, like, bool(_flow(container)))


def _sibling(container: Any, value: Any) -> Any:
    """The first item of ``container`` of ``value``'s kind (a mapping or a list)."""
    items = container.values() if isinstance(container, CommentedMap) else container
    kind = CommentedMap if isinstance(value, dict) else CommentedSeq
    return next((item for item in items if isinstance(item, kind)), None)


def _build(value: Any, like: Any, inside_flow: bool) -> Any:
    """ruamel nodes for ``value``: each mapping and list in the style of its counterpart in
    ``like`` (same key, or the first item of a list), else block (flow inside flow)."""
    if isinstance(value, str):
        if isinstance(like, DoubleQuotedScalarString):
            return DoubleQuotedScalarString(value)
        if isinstance(like, SingleQuotedScalarString):
            return SingleQuotedScalarString(value)
        return value
    if not isinstance(value, dict | list | tuple) or isinstance(value, CommentedMap
                                                                  | CommentedSeq):
        return value  # a scalar, or a node of this file put back as it was
    known = _flow(like)
    flow = inside_flow or (bool(known) if known is not None else False)
    node: Any
    if isinstance(value, dict):
        same = like if isinstance(like, CommentedMap) else None
        node = CommentedMap((k, _build(v, same.get(k) if same is not None else None, flow))
                            for k, v in value.items())
    else:
        first = like[0] if isinstance(like, CommentedSeq) and len(like) else None
        node = CommentedSeq(_build(v, first, flow) for v in value)
    if flow:
        node.fa.set_flow_style()
    else:
        node.fa.set_block_style()
    return node


def _patch(original: str, base: str, new: str, newline: str) -> str:
    """Carry the edits from ``base`` (ruamel's text of the unedited file) to ``new`` over
    to ``original``, where ruamel writes some lines otherwise than the file does: each
    changed block of lines replaces the original lines ``base`` matched.  When a changed
    block falls where the two differ, ruamel's whole text is returned (same content)."""
    orig = original.splitlines(keepends=True)
    orig_bare = [line.rstrip("\r\n") for line in orig]
    base_lines = base.splitlines()
    new_lines = new.splitlines()
    where: dict[int, int] = {}
    match = difflib.SequenceMatcher(None, base_lines, orig_bare, autojunk=False)
    for block in match.get_matching_blocks():
        for k in range(block.size):
            where[block.a + k] = block.b + k
    edits: list[tuple[int, int, list[str]]] = []
    change = difflib.SequenceMatcher(None, base_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in change.get_opcodes():
        if tag == "equal":
            continue
        if i1 < i2:
            span = [where.get(i) for i in range(i1, i2)]
            if None in span or span != list(range(span[0] or 0, (span[0] or 0) + len(span))):
                return new.replace("\n", newline)
            start, end = span[0] or 0, (span[-1] or 0) + 1
        elif i1 in where:
            start = end = where[i1]
        elif i1 - 1 in where or i1 == 0:
            start = end = where[i1 - 1] + 1 if i1 else 0
        else:
            return new.replace("\n", newline)
        edits.append((start, end, [line + newline for line in new_lines[j1:j2]]))
    for start, end, lines in reversed(edits):
        if start == end == len(orig) and orig and not orig[-1].endswith(("\n", "\r")):
            orig[-1] += newline
        orig[start:end] = lines
    return "".join(orig)
