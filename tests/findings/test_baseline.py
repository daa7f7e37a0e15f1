"""``--baseline``: what changed between two versions of a map, named by subject."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks import plant
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.verdict.baseline import compare_reports
from ttrtool.verdict.paired import PAIRED, GameSummary, matching, paired
from ttrtool.verdict.report import build_report


def _report(board: Board, players: int, games: int, seed: int = 1) -> dict[str, Any]:
    return build_report(board, play_tallies(board, (players,), games, seed), {"seed": seed},
                        "test")


@pytest.mark.slow
def test_recoloured_routes_are_named_against_the_original(tmp_path: Path) -> None:
    original = plant.bundled("usa")
    data = plant.bundled("usa")
    moved = 0
    for r in data["routes"]:
        if r.get("color") == "pink" and moved < 5:
            r["color"] = "red"
            moved += 1
    old = _report(plant.board(original, tmp_path, "old"), 3, 150)
    new = _report(plant.board(data, tmp_path, "new"), 3, 150)
    found = compare_reports(new, old)
    assert all(f.source == "baseline" and f.test is not None for f in found)
    [red] = [f for f in found if f.code == "TTR624" and f.subjects["colours"] == ("red",)]
    # red now has 12 tracks where it had 7, and its tracks are claimed less
    assert "of its 12 tracks" in red.message and "of 7 tracks" in red.message
    assert red.effect is not None and red.effect.value < 0 and red.players == (3,)


def test_a_map_against_itself_changes_nothing(boards: dict[str, Board]) -> None:
    report = _report(boards["usa"], 2, 40)
    assert compare_reports(report, report) == []


def _recoloured() -> dict[str, Any]:
    data = plant.bundled("usa")
    moved = 0
    for r in data["routes"]:
        if r.get("color") == "pink" and moved < 5:
            r["color"] = "red"
            moved += 1
    return data


@pytest.mark.slow
def test_paired_games_name_the_recolouring_sooner(tmp_path: Path) -> None:
    """Game k on both maps is dealt from the same seed: tested game by game, the
    recolouring is named at 60 games with a narrower interval than the unpaired test
    over the same games gives (docs/simulate.md, "--baseline")."""
    old_board = plant.board(plant.bundled("usa"), tmp_path, "old")
    new_board = plant.board(_recoloured(), tmp_path, "new")
    old_t = play_tallies(old_board, (3,), 60, 1, keep_games=True)
    new_t = play_tallies(new_board, (3,), 60, 1, keep_games=True)
    old = build_report(old_board, old_t, {"seed": 1}, "test")
    new = build_report(new_board, new_t, {"seed": 1}, "test")
    pair = matching(new_t[0].games_kept, old_t[0].games_kept)
    assert pair is not None

    def red(found: list[Finding]) -> list[Finding]:
        return [f for f in found if f.code == "TTR624" and f.severity is Severity.WARNING
                and f.subjects["colours"] == ("red",)]

    [f] = red(compare_reports(new, old, pairs={3: pair}))
    assert f.test is not None and f.test.name == PAIRED and f.effect is not None
    assert f.effect.value < 0 and f.effect.ci95[1] < 0
    # unpaired, each game one observation: a wider interval for the same games
    [u] = [g for g in compare_reports(new, old) if g.code == "TTR624"
           and g.subjects["colours"] == ("red",)]
    assert u.test is not None and u.test.name != PAIRED and u.effect is not None
    assert f.effect.ci95[1] - f.effect.ci95[0] < u.effect.ci95[1] - u.effect.ci95[0]


def test_the_paired_test_is_the_mean_of_per_game_differences() -> None:
    import statistics

    def game(winner: int, turns: int) -> GameSummary:
        return GameSummary(frozenset({winner}), 100 + turns, turns, frozenset())

    new = [game(0, t) for t in (40, 42, 45, 41)] * 10
    old = [game(1, t) for t in (39, 40, 44, 41)] * 10
    diffs = [a.turns - b.turns for a, b in zip(new, old, strict=True)]
    t = paired((new, old), lambda g, _: float(g.turns))
    assert t.diff == pytest.approx(statistics.mean(diffs))
    assert t.se == pytest.approx(statistics.stdev(diffs) / len(diffs) ** 0.5)
    assert t.p_value < 1e-6 and t.games == 40
    same = paired((new, new), lambda g, _: float(g.turns))  # the same games: no change
    assert same.diff == 0 and same.p_value == 1.0
    assert matching(new[:10], old[:10]) is None  # too few games to pair
    assert matching(new, old[:-1]) is None  # not the same games


@pytest.mark.slow
def test_a_baseline_run_pairs_its_games() -> None:
    from ttrtool import simulate
    from ttrtool.simulate.session import RunRequest

    result = simulate.run(RunRequest("switzerland", games=30, players="2", jobs=1,
                                     quiet=True, baseline="switzerland"))
    assert result.report is not None
    assert result.report["baseline"]["paired"] == [2]
    assert result.report["baseline"]["changes"] == 0  # the same map, the same games
