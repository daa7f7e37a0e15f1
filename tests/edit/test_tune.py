"""``ttrtool tune --tickets``: points from play, toward the deck's line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.edit.test_fix import comments, plant
from ttrtool.cli import app
from ttrtool.edit.tune import TicketVerdict, TuneRequest, tune_tickets


def tune(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["tune", *args])
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.slow  # over 8 s: make test-slow and CI
def test_tune_brings_the_overpriced_ticket_into_its_interval(tmp_path: Path) -> None:
    p = plant(tmp_path)
    before = p.read_text(encoding="utf-8")
    code, out, _ = tune(str(p), "--tickets", "--games", "40", "-p", "2", "--rounds", "2",
                        "-j", "1")
    assert code == 0, out
    assert p.read_text(encoding="utf-8") == before  # without --write: the diff only
    assert "-    - {from: Calgary, to: Phoenix, points: 17}  # was 13" in out
    assert "before: 1 of 30 ticket(s) off their interval" in out
    assert "after round 1: 0 of 30 ticket(s) off their interval" in out
    assert "not written (give --write)" in out and "games in" in out
    code, out, _ = tune(str(p), "--tickets", "--games", "40", "-p", "2", "-j", "1", "--write")
    after = p.read_text(encoding="utf-8")
    line = next(x for x in after.splitlines() if "from: Calgary, to: Phoenix" in x)
    points = int(line.split("points: ")[1].split("}")[0])
    assert 11 <= points <= 15  # the fair range of its 13 train spaces
    assert comments(after) == comments(before)
    assert sum(a != b for a, b in zip(before.splitlines(), after.splitlines(),
                                      strict=True)) == 1


@pytest.mark.slow  # over 8 s: make test-slow and CI
def test_the_same_seeds_give_the_same_tuning(tmp_path: Path) -> None:
    p = plant(tmp_path)
    runs = [tune_tickets(TuneRequest(p, games=30, players="2", rounds=1, jobs=1))
            for _ in range(2)]
    assert runs[0].diff == runs[1].diff != ""
    assert [v.estimate for v in runs[0].rounds[0].verdicts] == \
        [v.estimate for v in runs[1].rounds[0].verdicts]


def test_a_ticket_moves_to_play_estimate_within_its_interval() -> None:
    def verdict(points: int, estimate: float | None, allowed: tuple[int, int]) -> TicketVerdict:
        return TicketVerdict("regular-1", "A–B", ("tickets", "regular", 0, "points"), points,
                             (11, 15), estimate, None, allowed)

    assert verdict(17, 12.4, (11, 15)).target == 12
    assert verdict(17, 7.8, (11, 15)).target == 11  # play's estimate, kept within
    assert verdict(17, None, (11, 15)).target == 15  # no play figure: the nearest fair end
    assert verdict(13, 12.0, (11, 15)).within and not verdict(17, 12.0, (11, 15)).within


@pytest.mark.parametrize(("args", "said"), [
    (["--games", "40"], "say what to tune: --tickets"),
    (["--tickets", "--games", "lots"], "--games takes a number of games or 'auto'"),
    (["--tickets", "--games", "0"], "--games takes a number of games or 'auto'"),
])
def test_bad_options_are_usage_errors(tmp_path: Path, args: list[str], said: str) -> None:
    code, _, err = tune(str(plant(tmp_path)), *args)
    assert code == 2 and said in err


def test_a_map_with_errors_is_refused(tmp_path: Path) -> None:
    p = plant(tmp_path)
    p.write_text(p.read_text(encoding="utf-8").replace(
        "{from: Denver, to: El Paso, points: 4}", "{from: Denver, to: Atlantis, points: 4}"),
        encoding="utf-8")
    code, _, err = tune(str(p), "--tickets", "--games", "10")
    assert code == 1 and "TTR101" in err and "cannot tune" in err
    code, _, err = tune("usa", "--tickets")
    assert code == 2 and "copy a bundled map first" in err
