"""The semantic checks on the full-size bundled maps, each changed in one place."""

from __future__ import annotations

import pytest

from ttrtool.resources import bundled_map_path
from ttrtool.validate import validate_text


def changed(name: str, old: str, new: str) -> list[tuple[str, int, int]]:
    text = bundled_map_path(name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    result = validate_text(text.replace(old, new), f"{name}.yaml")
    return [(d.code, d.location.line, d.location.column) for d in result.diagnostics]


def line_of(name: str, needle: str) -> int:
    lines = bundled_map_path(name).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def value_at(name: str, needle: str, key: str) -> tuple[int, int]:
    """Line and column of the value of ``key`` on the line of the map holding ``needle``."""
    line = line_of(name, needle)
    text = bundled_map_path(name).read_text(encoding="utf-8").splitlines()[line - 1]
    return line, text.index(f"{key}: ") + len(key) + 3


def test_ferry_symbols_above_the_length() -> None:
    old = "{a: Amsterdam, b: London, length: 2, color: gray, kind: ferry, locomotives: 2}"
    got = changed("europe", old, old.replace("locomotives: 2", "locomotives: 3"))
    assert got == [("TTR306", *value_at("europe", old, "locomotives"))]


def test_a_double_route_loses_a_track() -> None:
    old = "  - {a: Atlanta, b: New Orleans, length: 4, color: yellow, double: D01}\n"
    where = value_at("usa", "color: orange, double: D01", "double")
    assert changed("usa", old, "") == [("TTR301", *where)]


def test_a_double_route_with_two_reds() -> None:
    old = "{a: Berlin, b: Frankfurt, length: 3, color: black, double: D01}"
    got = changed("europe", old, old.replace("black", "red"))
    assert got == [("TTR303", *value_at("europe", "color: red, double: D01", "color"))]


def test_ticket_points_far_from_the_cheapest_path() -> None:
    got = changed("switzerland", "{from: Basel, to: Brig, points: 10}",
                  "{from: Basel, to: Brig, points: 15}")
    assert got == [("TTR406", *value_at("switzerland", "{from: Basel, to: Brig", "points"))]


def test_without_the_preset_tunnels_are_refused() -> None:
    got = changed("switzerland", "rules:\n  preset: switzerland\n",
                  "rules:\n  players: {min: 2, max: 3}\n  trains_per_player: 40\n")
    codes = [c for c, _, _ in got]
    assert codes.count("TTR308") == 42  # every tunnel of the Swiss board
    assert set(codes) == {"TTR308"}


@pytest.mark.parametrize("trains,warned", [(61, False), (62, True)])
def test_trains_against_train_spaces(trains: int, warned: bool) -> None:
    # 309 spaces on the USA board; at 5 players both tracks of a double route are open.
    got = changed("usa", "rules:\n  preset: usa\n",
                  f"rules:\n  preset: usa\n  trains_per_player: {trains}\n")
    assert (("TTR312", 19, 22) in got) is warned
