"""Seeded games of the four archetype bots and of the default table (the expert beside
two archetypes), stored as digests of their game logs.

The engine may get faster, never different: the same seed must give the same
game, action by action and score by score (issue 13).  A change to the rules or
to the archetype bots that changes games on purpose writes the record anew:
``python -m tests.engine.test_strategic_golden > tests/engine/golden/strategic.json``.
"""

from __future__ import annotations

import hashlib
import json
from itertools import product
from pathlib import Path

import ttrtool
from ttrtool.bots import ARCHETYPES, DEFAULT_BOTS
from ttrtool.simulate.playout import Table

GOLDEN = Path(__file__).resolve().parent / "golden" / "strategic.json"
RUNS = [("usa", 4), ("europe", 4), ("switzerland", 3)]
TABLES = {"": ARCHETYPES, "-default": DEFAULT_BOTS}  # key suffix -> bots
GAMES = 3


def digests() -> dict[str, list[str]]:
    """For each run, the sha256 of each game's log record (with its actions)."""
    out: dict[str, list[str]] = {}
    for (map_id, players), (suffix, bots) in product(RUNS, TABLES.items()):
        table = Table(ttrtool.load_map(map_id), players, bots)
        out[f"{map_id}-{players}p{suffix}"] = [
            hashlib.sha256(json.dumps(table.play(13, number, log_actions=True),
                                      sort_keys=True).encode()).hexdigest()
            for number in range(GAMES)]
    return out


def test_strategic_games_are_the_stored_games() -> None:
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert digests() == stored, (
        "the strategic bots' games changed; if on purpose, rewrite the record "
        "(see this module's docstring)")


if __name__ == "__main__":
    print(json.dumps(digests(), indent=2))
