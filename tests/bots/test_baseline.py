"""The kept baseline ``expert-2025`` plays as the expert did before issue 22.

Its seeded games are stored as digests of their logs, taken when the expert
of that time was copied into it (docs/bots.md, "The kept baseline"): the new
expert may change, the baseline may not.  Rewriting the record is for a change
of the rules or the engine that changes every bot's games on purpose:
``python -m tests.bots.test_baseline > tests/bots/golden/expert_2025.json``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import ttrtool
from ttrtool.bots import resolve_bot
from ttrtool.bots.expert import Expert, Expert2025
from ttrtool.simulate.playout import Table

GOLDEN = Path(__file__).resolve().parent / "golden" / "expert_2025.json"
RUNS = [("usa", 4), ("europe", 3), ("switzerland", 2), ("nordiccountries", 2), ("india", 3)]
GAMES = 2


def digests() -> dict[str, list[str]]:
    """For each run, the sha256 of each game's log record (with its actions)."""
    out: dict[str, list[str]] = {}
    for map_id, players in RUNS:
        table = Table(ttrtool.load_map(map_id), players, ("expert-2025",))
        out[f"{map_id}-{players}p"] = [
            hashlib.sha256(json.dumps(table.play(22, number, log_actions=True),
                                      sort_keys=True).encode()).hexdigest()
            for number in range(GAMES)]
    return out


def test_the_baseline_is_seatable_by_name() -> None:
    assert resolve_bot("expert-2025") is Expert2025
    assert Expert2025.name == "expert-2025"
    assert resolve_bot("expert") is Expert and Expert.name == "expert"


def test_the_baseline_plays_the_stored_games() -> None:
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert digests() == stored, (
        "expert-2025 plays differently: it is the kept baseline and must not change "
        "(see this module's docstring)")


if __name__ == "__main__":
    print(json.dumps(digests(), indent=2))
