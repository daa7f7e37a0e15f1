"""Every file that validated before the variant rules (R-VAR-1..10) means the same now.

``golden/meaning.json`` was written by the code before those rules, from today's examples
(tests/cases/valid and the bundled USA, Europe and Switzerland maps): the diagnostics, the
engine's tables that the new keys touch (where locomotives may be played, ferry symbols,
which tracks of a double route may be used at each player count, route points), and a few
seeded random games played to the end, by their action history and scores.  The same
function run by today's code must give the same record.  A later rules fix that changes
games on purpose writes the record anew, from the code before that fix:
``python -m tests.engine.test_same_meaning > tests/engine/golden/meaning.json``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game
from ttrtool.validate import validate_file

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden" / "meaning.json"
FILES = ["tests/cases/valid/tiny.yaml", "tests/cases/valid/countries.yaml",
         "tests/cases/valid/lakes.yaml", "maps/usa.yaml", "maps/europe.yaml",
         "maps/switzerland.yaml"]


def _usable(g: Game) -> list[int]:
    """Tracks usable of each route's group at this player count (1 for a lone track)."""
    cap = getattr(g, "group_cap", None)
    if cap is not None:
        return [cap[r] if g.partners[r] else 1 for r in range(g.n_routes)]
    return [(len(g.partners[r]) + 1 if g.both_tracks else 1) if g.partners[r] else 1
            for r in range(g.n_routes)]


def meaning(relative: str) -> dict[str, Any]:
    """What a file means to the validator and the engine, as plain data."""
    result = validate_file(ROOT / relative)
    out: dict[str, Any] = {"diagnostics": sorted(d.code for d in result.diagnostics)}
    board = result.board
    assert board is not None
    rules = board.rules
    for players in range(rules.min_players, rules.max_players + 1):
        g = Game(board, players)
        games = []
        for seed in range(2):
            st = g.new_state(seed)
            bots = [RandomBot(g, p, random.Random(seed * 7 + p)) for p in range(players)]
            while not st.is_over:
                p = st.current_player
                st.apply(bots[p].choose(st.view(p), st.legal_actions()))
            text = "\n".join(a.text for _, a in st.history)
            res = st.result()
            games.append({"history": hashlib.sha256(text.encode()).hexdigest(),
                          "scores": [pr.score for pr in res.players],
                          "winners": list(res.winners)})
        out[str(players)] = {
            "locos_ok": list(g.route_locos_ok), "min_locos": list(g.route_min_locos),
            "stations_locos_ok": g.stations_locos_ok, "points": list(g.route_points),
            "tunnel": list(g.route_tunnel), "usable": _usable(g),
            "partners": [list(p) for p in g.partners], "games": games}
    return out


@pytest.mark.parametrize("relative", FILES)
def test_r_var_4_and_r_var_6_old_files_mean_what_they_meant(relative: str) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert meaning(relative) == golden[relative]


if __name__ == "__main__":  # run by the code before the change to write the record
    print(json.dumps({f: meaning(f) for f in FILES}, indent=1, sort_keys=True))
