"""Pressure and tempo from play (TTR608-TTR610): a planted copy of a bundled map is
named, the unmodified map gives no warning of the code (small runs, seeded)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks import plant
from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.simulate.session import play_tallies
from ttrtool.validate import validate_file
from ttrtool.verdict.report import build_report

# Each test plays hundreds of games: `make test-slow` and CI run them.
pytestmark = pytest.mark.slow


def _report(board: Board, counts: tuple[int, ...], games: int, seed: int) -> dict[str, Any]:
    return build_report(board, play_tallies(board, counts, games, seed), {"seed": seed},
                        "test")


def _warnings(report: dict[str, Any], code: str) -> list[dict[str, Any]]:
    return [f for f in report["findings"]
            if f["code"] == code and f["severity"] in ("warning", "error")]


def _usa() -> Board:
    result = validate_file(bundled_map_path("usa"))
    assert result.board is not None
    return result.board


def test_a_ticket_far_harder_than_its_points_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    # Key West: a dead end behind one 6-space orange track, with 2 orange cards in the
    # deck; 8 copies of Atlanta–Key West priced by its 11 spaces.  Of several keepers
    # in a game one at most gets the track, and it is dear to pay for
    data["cities"].append({"name": "Key West", "pos": [1650, 1100]})
    data["routes"].append({"a": "Miami", "b": "Key West", "length": 6, "color": "orange"})
    data["tickets"]["regular"].append({"from": "Atlanta", "to": "Key West", "points": 12,
                                       "copies": 8})
    plant.deck_colours(data, orange=2)
    board = plant.built(data, tmp_path)
    report = _report(board, (4,), 100, 1)
    copies = [t.id for t in board.tickets if t.label().startswith("Atlanta–Key West")]
    found = _warnings(report, "TTR608")
    assert [f["subjects"]["tickets"] for f in found] == [copies] and len(copies) == 8
    f = found[0]
    assert "harder in play" in f["message"] and f["players"] == [4]
    assert f["effect"]["ci95"][1] <= -0.25 and f["effect"]["unit"] == "points of completion rate"
    assert f["test"]["adjusted"] < 0.01 and "Benjamini" in f["test"]["control"]


def test_a_scarce_colour_is_under_pressure(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.deck_colours(data, red=2)  # 2 red cards for the red routes (12 in the preset)
    board = plant.board(data, tmp_path)
    report = _report(board, (3, 4), 50, 1)
    found = _warnings(report, "TTR609")
    assert [f["subjects"]["colours"] for f in found] == [["red"]]
    f = found[0]
    assert "under pressure" in f["message"] and f["effect"]["ci95"][1] <= -0.20
    assert f["players"] == [3, 4]  # one finding for the colour, listing its counts
    assert set(f["evidence"]["by_players"]) == {"3", "4"}
    assert "over games" in f["test"]["name"]  # the game-level variance
    red = {r.id for r in board.routes if r.color == "red"}
    assert set(f["subjects"]["routes"]) == red
    # the unmodified map at the same games: at most a few colours, each told once
    clean = _report(_usa(), (3, 4), 50, 1)
    colours = [f["subjects"]["colours"][0] for f in clean["findings"] if f["code"] == "TTR609"]
    assert len(colours) == len(set(colours)) <= 3 and not _warnings(clean, "TTR609")


def test_a_colours_claims_are_tested_over_games() -> None:
    """The game-level standard deviation of a colour's claims minus the length-matched
    expectation, from the streamed sums, equals the one computed game by game."""
    import statistics

    from ttrtool.verdict.pressure import ClaimsByGame

    games = [[("red", 2), ("red", 3), ("blue", 2)], [("blue", 3), ("gray", 2)],
             [("red", 2), ("red", 2), ("red", 3), ("blue", 3)], [("gray", 3)]]
    weights = {2: 0.5, 3: 0.25}  # red's share of the tracks of length 2 and 3
    claims = ClaimsByGame()
    per_game = []
    for g in games:
        claims.add(g)
        red = sum(c == "red" for c, _ in g)
        per_game.append(red - sum(w * sum(length == k for _, length in g)
                                  for k, w in weights.items()))
    assert claims.difference_sd("red", weights) == pytest.approx(statistics.stdev(per_game))
    assert claims.difference_sd("green", {}) == 0.0


def test_short_routes_make_games_too_long(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    for r in data["routes"]:
        r["length"] = 1  # every claim spends one train: the trains last far longer
    board = plant.built(data, tmp_path)  # the tickets are grossly overpriced (TTR407)
    report = _report(board, (2,), 10, 1)
    found = [f for f in _warnings(report, "TTR610")
             if f["evidence"]["measure"] == "turns per player"]
    assert len(found) == 1 and "above the official maps'" in found[0]["message"]
    assert found[0]["effect"]["ci95"][0] > 0
    # one game has no spread to test against: no tempo finding from it
    one = _report(board, (2,), 1, 1)
    assert [f for f in one["findings"] if f["code"] == "TTR610"] == []


def test_few_trains_make_games_too_short(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    data["rules"].update(trains_per_player=15, end_trigger_trains=2)
    report = _report(plant.built(data, tmp_path), (2,), 10, 1)  # long tickets: TTR4xx
    found = [f for f in _warnings(report, "TTR610")
             if f["evidence"]["measure"] == "turns per player"]
    assert len(found) == 1 and "below the official maps'" in found[0]["message"]
    assert found[0]["effect"]["ci95"][1] < 0


def test_the_unmodified_map_has_no_pressure_or_tempo_warning() -> None:
    report = _report(_usa(), (2, 4), 60, 1)
    for code in ("TTR608", "TTR609", "TTR610"):
        assert _warnings(report, code) == [], code


def _ticket_row(i: int, points: int, by_bot: dict[str, tuple[int, int]]) -> dict[str, Any]:
    kept = sum(k for k, _ in by_bot.values())
    done = sum(c for _, c in by_bot.values())
    return {"id": f"regular-{i}", "deck": "regular", "label": f"T{i} {points}",
            "points": points, "kept": kept, "completed": done,
            "completion": {"count": done, "of": kept, "rate": done / kept},
            "by_bot": {b: {"kept": k, "completed": c} for b, (k, c) in by_bot.items()}}


def test_ticket_completion_is_judged_against_its_keepers_own_bots() -> None:
    """TTR608 like for like: a ticket only the weaker bot keeps is judged by the weaker
    bot's line, not by a line the stronger bot's many keeps pull up."""
    from ttrtool.verdict.pressure import tickets_and_colours

    # the strong bot completes 90% of what it keeps, the weak one 40%, at every points
    rows = [_ticket_row(i, 4 + 2 * i, {"strong": (200, 180), "weak": (40, 16)})
            for i in range(8)]
    rows.append(_ticket_row(8, 10, {"weak": (120, 48)}))  # the weak bot's 40%, no more
    config = {"players": 2, "games": 400, "tickets": rows, "colours": [], "routes": []}
    assert [f for f in tickets_and_colours([config]) if f.code == "TTR608"] == []
    # without the breakdown by bot (an older report) the pooled line (about 80% at
    # 10 points) calls the same ticket far harder than its points
    pooled = [{k: v for k, v in r.items() if k != "by_bot"} for r in rows]
    found = [f for f in tickets_and_colours([{**config, "tickets": pooled}])
             if f.code == "TTR608"]
    assert [f.subjects["tickets"] for f in found] == [("regular-8",)]
    assert "harder in play" in found[0].message


def test_a_colour_is_tested_only_with_games_enough() -> None:
    """TTR609's interval over games is a normal one: at two games a near-zero spread
    would make any gap significant, so a colour is tested from ``colour_games`` on."""
    from ttrtool.verdict.pressure import PRESSURE_LIMITS, tickets_and_colours

    def config(games: int) -> dict[str, Any]:
        # four red tracks never claimed, four blue ones claimed in every game
        routes = [{"id": f"{colour}-{i}", "color": colour, "length": 2,
                   "claimed": 0 if colour == "red" else games, "mean_claim_turn": 10.0}
                  for colour in ("red", "blue") for i in range(4)]
        return {"players": 3, "games": games, "tickets": [], "routes": routes,
                "colours": [{"colour": "red", "difference_sd": 0.5},
                            {"colour": "blue", "difference_sd": 0.5}]}

    def under(games: int) -> list[tuple[str, ...]]:
        return [f.subjects["colours"] for f in tickets_and_colours([config(games)])
                if f.code == "TTR609" and "under pressure" in f.message]

    assert PRESSURE_LIMITS.colour_games > 2
    assert under(2) == []
    assert under(PRESSURE_LIMITS.colour_games) == [("red",)]


def test_sixty_trains_make_a_tempo_warning(tmp_path: Path) -> None:
    """60 trains a player: 48-50 turns a player on USA, beyond the longest official map
    under the same table (the old fixed range 36-41 and its 25% margin said info)."""
    data = plant.bundled("usa")
    data.setdefault("rules", {})["trains_per_player"] = 60
    report = _report(plant.board(data, tmp_path), (2, 3, 4), 30, 1)
    found = [f for f in _warnings(report, "TTR610")
             if f["evidence"]["measure"] == "turns per player"]
    assert sorted(p for f in found for p in f["players"]) == [2, 3, 4]
    assert all("under the same bots" in f["message"] and "after Holm" in f["message"]
               for f in found)
    assert all(f["test"]["control"].startswith("Holm over the") for f in found)


def test_clean_official_maps_play_within_their_own_tempo() -> None:
    """Clean Europe and India, at a seed the range was not measured at: no TTR610 at all
    (the old fixed range gave them an info in every run)."""
    from ttrtool.resources import bundled_map_path
    from ttrtool.validate import validate_file

    for name, counts in (("europe", (2, 5)), ("india", (2, 4))):
        board = validate_file(bundled_map_path(name)).board
        assert board is not None
        report = _report(board, counts, 60, 7)
        assert [f for f in report["findings"] if f["code"] == "TTR610"] == [], name


def test_a_table_never_measured_has_no_official_tempo() -> None:
    from ttrtool.verdict.tempo import official_tempo

    assert official_tempo(("random", "random"), 2) is None
    default = official_tempo(None, 3)
    assert default is not None and default == official_tempo(
        ("expert", "route-focus", "expert", "long-route-junkie"), 3)
    low, high = default["turns per player"]
    assert 30 < low < high < 50
    assert official_tempo(None, 6) == official_tempo(None, 5)  # the nearest count measured
