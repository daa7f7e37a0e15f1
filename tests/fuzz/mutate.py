"""A seeded mutator of the inputs ttrtool reads: maps, themes, heatmap reports, game logs.

Two kinds of change, both drawn from one ``random.Random``: blind edits of the
bytes (a flipped byte, a cut, a copied span, a word such as ``.nan`` or
``1e308`` put where a number stood, a file cut short) and, for JSON, edits of
the parsed tree (a value swapped for one of the wrong type or no sense, a key
dropped, a value nested thousands deep).  The same seed gives the same
mutant on any machine.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

# Words put where a value stood: special numbers, wrong types, YAML tags and anchors.
WORDS = [b"0", b"-1", b"1e308", b"-1e308", b".nan", b".inf", b"NaN", b"Infinity", b"null",
         b"true", b"[]", b"{}", b"''", b"\"\xff\"", b"99999999999999999999", b"0.000000001",
         b"!!python/object:os.system", b"&a [*a]", b"\t", b"\x00", b"- ", b": ", b"{", b"[",
         b"\xe2\x80\xae", b"Aston", b"gray", b"tunnel", b"ferry", b"-0"]
NUMBER = re.compile(rb"-?\d+(?:\.\d+)?")

WEIRD: list[Any] = [None, True, -1, 0, 1e308, -1e308, 2 ** 70, "", "x", "\u202e", [], {},
                    [[]], {"a": 1}, 0.5, 3.7, "red", "#zzz", -0.0]


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """One to three blind edits of ``data``."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if not out:
            out += rng.choice(WORDS)
            continue
        op = rng.randrange(6)
        i = rng.randrange(len(out))
        if op == 0:
            out[i] = rng.randrange(256)
        elif op == 1:
            del out[i:i + rng.randint(1, 40)]
        elif op == 2:
            j = rng.randrange(len(out))
            out[i:i] = out[j:j + rng.randint(1, 80)]
        elif op == 3:
            numbers = list(NUMBER.finditer(out))
            if numbers:
                m = rng.choice(numbers)
                out[m.start():m.end()] = rng.choice(WORDS)
        elif op == 4:
            out[i:i] = rng.choice(WORDS)
        else:
            del out[i:]
    return bytes(out)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if len(path) > 30:  # not into a value an earlier edit nested deep
        return out
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for n, v in enumerate(node[:20]):
            out += _paths(v, (*path, n))
    return out


def mutate_tree(rng: random.Random, tree: Any) -> Any:
    """One to three edits of a parsed JSON value (a copy)."""
    tree = json.loads(json.dumps(tree))  # a copy (the seeds are shallow)
    for _ in range(rng.randint(1, 3)):
        paths = _paths(tree)
        path = rng.choice(paths)
        if not path:
            continue
        parent = tree
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        op = rng.randrange(4)
        if op == 0 and isinstance(parent, dict):
            del parent[key]
        elif op == 1:
            parent[key] = _deep(rng.randint(50, 3000))
        else:
            parent[key] = rng.choice(WEIRD)
    return tree


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def dumps(tree: Any) -> bytes:
    """JSON text of a mutated tree (deep nesting written by hand: json.dumps recurses)."""
    try:
        return json.dumps(tree, allow_nan=True).encode("utf-8")
    except (RecursionError, ValueError):
        return b'{"deep": ' + b"[" * 5000 + b"]" * 5000 + b"}"


def mutant(rng: random.Random, data: bytes, tree: Any | None = None) -> bytes:
    """A mutant of ``data`` (JSON text when ``tree`` is its parsed value): half the time
    an edit of the tree, else blind edits of the bytes."""
    if tree is not None and rng.random() < 0.5:
        return dumps(mutate_tree(rng, tree))
    return mutate_bytes(rng, data)
