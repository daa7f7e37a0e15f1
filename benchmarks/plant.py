"""Copies of the bundled maps with one imbalance planted, for the tests and the benchmarks.

Each helper takes the parsed YAML of a bundled map (a fresh copy), changes one
thing a designer might get wrong, and :func:`board` writes it to a temporary
file and loads it the way every command does.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.validate import validate_file

Data = dict[str, Any]
_CACHE: dict[str, Data] = {}


def bundled(name: str) -> Data:
    """A fresh copy of a bundled map's document."""
    if name not in _CACHE:
        _CACHE[name] = yaml.safe_load(bundled_map_path(name).read_text(encoding="utf-8"))
    return copy.deepcopy(_CACHE[name])


def write(data: Data, tmp: Path, name: str = "planted") -> Path:
    path = tmp / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def board(data: Data, tmp: Path, name: str = "planted") -> Board:
    """The board of a planted copy; validation warnings are allowed, errors are not."""
    result = validate_file(write(data, tmp, name))
    assert result.board is not None, [d.message for d in result.errors]
    return result.board


def built(data: Data, tmp: Path, name: str = "planted") -> Board:
    """The board of a planted copy even when validation finds errors in it (a ticket
    grossly mispriced is one: ``analyze`` and the engine still read such a board)."""
    result = validate_file(write(data, tmp, name))
    assert result.built is not None, [d.message for d in result.errors]
    return result.built


def ticket(data: Data, origin: str, to: str) -> Data:
    for deck in data["tickets"].values():
        for t in deck:
            if t.get("from") == origin and t.get("to") == to:
                return t  # type: ignore[no-any-return]
    raise KeyError(f"{origin}–{to}")


def drop_routes(data: Data, keep: Callable[[Data], bool]) -> None:
    data["routes"] = [r for r in data["routes"] if keep(r)]


def deck_colours(data: Data, **changes: int) -> None:
    """Set the number of cards of some colours (the rest as the preset has them)."""
    colours = {c: 12 for c in ("pink", "white", "blue", "yellow", "orange", "black", "red",
                               "green")}
    colours.update(changes)
    rules = data.setdefault("rules", {})
    rules.setdefault("train_cards", {})["colors"] = colours
