"""``--games auto``: batches until every tested effect is found or ruled out, or the cap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.verdict import auto


def test_settled_says_found_ruled_out_or_open() -> None:
    # 2 players, 1,000 games, seat 1 wins 50%: the 90% interval is about ±2.6 points,
    # inside the margin of 12.5 (a quarter of the fair share)
    assert auto.settled(2, 1000, 500, [500, 500], 0) == {"seat": "ruled out",
                                                         "stall": "ruled out"}
    # 5 players, 100 games: the edge could still be 7 points (margin 5), and 0 stalls in
    # 100 games do not bound the stall rate under 1%
    assert auto.settled(5, 100, 20, [20] * 5, 0) == {"seat": "open", "stall": "open"}
    # seat 1 wins 70% of 400 games and 20 games stalled: both found
    assert auto.settled(2, 400, 280, [280, 120], 20) == {"seat": "found", "stall": "found"}
    assert not auto.done({"seat": "open", "stall": "found"})


@pytest.mark.slow
def test_auto_stops_at_the_cap_or_when_settled_and_plays_the_same_games(
        tmp_path: Path) -> None:
    out, fixed = tmp_path / "auto.json", tmp_path / "fixed.json"
    res = CliRunner().invoke(app, ["simulate", "switzerland", "-p", "2", "-n", "auto:200",
                                   "-j", "1", "-q", "-o", str(out)])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    [c] = doc["configurations"]
    assert doc["run"]["games"] == "auto" and c["auto"]["cap"] == 200
    assert c["games"] == c["auto"]["games"] in (100, 200)
    assert c["auto"]["settled"] or c["games"] == 200
    assert "auto: " in res.output
    # game k is the same game whether the run is fixed or auto
    res = CliRunner().invoke(app, ["simulate", "switzerland", "-p", "2", "-n", str(c["games"]),
                                   "-j", "1", "-q", "-o", str(fixed)])
    [f] = json.loads(fixed.read_text(encoding="utf-8"))["configurations"]
    assert [s["wins"] for s in f["seats"]] == [s["wins"] for s in c["seats"]]


def test_games_takes_a_number_or_auto() -> None:
    for bad in ("0", "many", "auto:0", "auto:x"):
        res = CliRunner().invoke(app, ["simulate", "switzerland", "-n", bad])
        assert res.exit_code == 2 and "--games takes" in res.output, bad
