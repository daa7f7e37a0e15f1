"""TTR124: a game's length estimated from the trains, the spaces and the route lengths."""

from __future__ import annotations

import pytest

import ttrtool
from ttrtool.checks.tempo import estimate, trains_for
from ttrtool.validate import validate_text

# Turns a player measured by `ttrtool simulate maps/X.yaml -p 2,3,4 --games 100 --seed 1`
# (the default bot table; benchmarks/tempo.md): the estimate's calibration.
MEASURED = {"usa": {2: 37.5, 3: 36.3, 4: 35.9}, "europe": {2: 39.9, 3: 38.9, 4: 38.0},
            "india": {2: 43.0, 3: 41.2, 4: 41.2}, "nordiccountries": {2: 40.0, 3: 38.6},
            "switzerland": {2: 39.1, 3: 37.9}}


@pytest.mark.parametrize("name", sorted(MEASURED))
def test_the_official_boards_are_estimated_near_what_they_play(name: str) -> None:
    board = ttrtool.load_map(name)
    for players, turns in MEASURED[name].items():
        e = estimate(board, players)
        assert abs(e.turns - turns) / turns <= 0.15, (players, e.turns, turns)
        assert e.far_off is None


def _usa_with(rules: str) -> str:
    from ttrtool.resources import bundled_map_path

    text = bundled_map_path("usa").read_text(encoding="utf-8")
    assert "rules:\n  preset: usa\n" in text
    return text.replace("rules:\n  preset: usa\n", f"rules:\n  preset: usa\n{rules}")


def _tempo(text: str) -> list[str]:
    result = validate_text(text, "usa.yaml")
    return [d.message for d in result.diagnostics if d.code == "TTR124"]


def test_few_trains_make_a_game_far_too_short_and_the_message_says_what_to_change() -> None:
    found = _tempo(_usa_with("  trains_per_player: 12\n"))
    assert len(found) == 1
    message = found[0]
    assert "at 2 players" in message and "far shorter" in message
    assert "12 trains a player" in message and "usable train spaces" in message
    assert "median length 3" in message
    want = trains_for(38.0, 2, estimate(ttrtool.load_map("usa"), 2).weighted_length)
    assert f"set rules.trains_per_player to about {want}" in message
    assert 40 <= want <= 50
    assert _tempo(_usa_with("")) == []  # the official 45


def test_many_trains_make_a_game_far_too_long() -> None:
    found = _tempo(_usa_with("  trains_per_player: 80\n  players: {min: 2, max: 2}\n"))
    assert len(found) == 1 and "far longer" in found[0] and "80 trains a player" in found[0]


def test_spaces_too_few_for_the_trains_a_game_needs_are_told_to_add_routes() -> None:
    from tests.conftest import ROOT

    case = ROOT / "tests" / "cases" / "invalid" / "rules-game-length-vs-trains.yaml"
    text = case.read_text(encoding="utf-8").replace("length: 4,", "length: 2,")
    found = _tempo(text)
    assert len(found) == 1 and "add routes or double tracks" in found[0]


def test_boards_too_small_to_judge_are_left_alone() -> None:
    text = validate_text("format: 1\nmeta: {id: t, name: T}\nboard: {width: 100, height: 100}\n"
                         "cities:\n  - {name: A, pos: [10, 10]}\n  - {name: B, pos: [90, 90]}\n"
                         "routes:\n  - {a: A, b: B, length: 1, color: red}\n", "t.yaml")
    assert all(d.code != "TTR124" for d in text.diagnostics)
