"""The archetypes on tiny, hostile boards: games always end and re-score exactly."""

from __future__ import annotations

from typing import Any

import pytest

from ttrtool.bots import BOTS
from ttrtool.model import Board, build_board
from ttrtool.simulate.playout import Table
from ttrtool.simulate.rescore import rescore


def _board(rules: dict[str, Any]) -> Board:
    cities = ["A", "B", "C", "D", "E"]
    data: dict[str, Any] = {
        "format": 1,
        "meta": {"id": "tiny", "name": "Tiny"},
        "rules": rules,
        "cities": [{"name": n, "pos": [10 * i, 10]} for i, n in enumerate(cities)],
        "routes": [
            {"a": "A", "b": "B", "length": 2, "color": "red"},
            {"a": "B", "b": "C", "length": 3, "color": "gray"},
            {"a": "C", "b": "D", "length": 1, "color": "blue", "double": "g1"},
            {"a": "C", "b": "D", "length": 1, "color": "red", "double": "g1"},
            {"a": "A", "b": "D", "length": 4, "color": "gray"},
        ],
        "tickets": {"regular": [
            {"from": "A", "to": "C", "points": 5},
            {"from": "B", "to": "D", "points": 4},
            {"from": "A", "to": "E", "points": 9},  # E has no route: impossible
        ]},
    }
    board, diagnostics = build_board(data)
    assert not [d for d in diagnostics if d.is_error], diagnostics
    return board


RULES = [
    {},  # USA rules: 45 trains, far more than the board holds
    {"trains_per_player": 6, "train_cards": {"colors": {"red": 3, "blue": 3}, "locomotives": 2}},
    {"preset": "switzerland"},
    {"preset": "europe", "trains_per_player": 5},
]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("bot", [b for b in BOTS if b != "random"])
def test_archetypes_finish_tiny_games(rules: dict[str, Any], bot: str) -> None:
    board = _board(rules)
    table = Table(board, 2, (bot, "route-focus"))
    for game in range(3):
        record = table.play(1, game, check_invariants=True)
        assert record["end"] in ("normal", "stalled", "turn_cap")
        assert rescore(record) == []
