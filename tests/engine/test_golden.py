"""Golden games: a fixed seed and fixed random choices give exactly the stored log.

Any change to the engine's behaviour (deal, action order, rules) shows up as
a diff against ``tests/engine/golden/<map>-<players>p.txt``.  After an
intended change, regenerate with ``UPDATE_GOLDEN=1 pytest tests/engine/test_golden.py``
and review the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from ttrtool.engine import Game
from ttrtool.model import Board

GOLDEN = Path(__file__).parent / "golden"
CASES = [("usa", 3), ("europe", 4), ("switzerland", 2)]


def game_log(board: Board, players: int, seed: int = 2026) -> str:
    st = Game(board, players).new_state(seed)
    rng = random.Random(seed)
    lines = []
    while not st.is_over:
        action = rng.choice(st.legal_actions())
        lines.append(f"{st.current_player} {action.text}")
        st.apply(action)
    res = st.result()
    lines.append(f"end {res.end_reason} turns {res.turns} winners {list(res.winners)}")
    for p in res.players:
        b = p.breakdown
        lines.append(f"seat {p.seat} score {p.score} routes {b.routes} tickets {b.tickets} "
                     f"stations {b.stations} longest {b.longest} path {p.longest_path} "
                     f"trains {p.trains_left} completed {p.completed_tickets}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("map_id,players", CASES)
def test_golden_game(boards: dict[str, Board], map_id: str, players: int) -> None:
    path = GOLDEN / f"{map_id}-{players}p.txt"
    log = game_log(boards[map_id], players)
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(log, encoding="utf-8")
    assert log == path.read_text(encoding="utf-8")
