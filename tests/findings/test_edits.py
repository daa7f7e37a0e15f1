"""``--baseline`` tracks each edit: the two maps' structural diff, each route and ticket
beside itself, and the edited item named in every finding it causes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks import plant
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.verdict.baseline import compare_reports
from ttrtool.verdict.edits import attribute, edits_in_play, map_edits, untested_openings
from ttrtool.verdict.paired import GameSummary, matching
from ttrtool.verdict.report import build_report
from ttrtool.verdict.summary import to_text


def _route(data: dict[str, Any], a: str, b: str) -> list[dict[str, Any]]:
    return [r for r in data["routes"] if {r["a"], r["b"]} == {a, b}]


def _chicago_omaha_lengthened() -> dict[str, Any]:
    data = plant.bundled("usa")
    [r] = _route(data, "Chicago", "Omaha")
    r["length"] = 5
    return data


def _denver_kansas_city_single() -> dict[str, Any]:
    data = plant.bundled("usa")
    data["routes"] = [r for r in data["routes"] if not (
        {r["a"], r["b"]} == {"Denver", "Kansas City"} and r["color"] == "black")]
    [r] = _route(data, "Denver", "Kansas City")
    del r["double"]
    return data


@pytest.fixture(scope="module")
def usa(tmp_path_factory: pytest.TempPathFactory) -> Board:
    return plant.board(plant.bundled("usa"), tmp_path_factory.mktemp("usa"), "usa")


def test_a_lengthened_route_is_itself_on_the_baseline(usa: Board, tmp_path: Path) -> None:
    diff = map_edits(plant.board(_chicago_omaha_lengthened(), tmp_path), usa)
    assert [e.text for e in diff.edits] == ["route Chicago–Omaha lengthened 4 → 5"]
    assert diff.routes["chicago-omaha"] == "chicago-omaha"
    assert len(diff.routes) == len(usa.routes)


def test_a_double_cut_to_one_track_is_made_single_not_recoloured(usa: Board,
                                                                 tmp_path: Path) -> None:
    diff = map_edits(plant.board(_denver_kansas_city_single(), tmp_path), usa)
    assert [e.text for e in diff.edits] == [
        "route Denver–Kansas City made single, the black track removed"]
    # the orange track stays the orange track, whatever its place in the old group
    assert diff.routes["denver-kansas-city"] == "denver-kansas-city-orange"
    assert not any("recoloured" in e.text for e in diff.edits)


def test_a_recolouring_in_a_double_keeps_the_tracks_by_place(usa: Board,
                                                             tmp_path: Path) -> None:
    data = plant.bundled("usa")
    black, _ = _route(data, "Denver", "Kansas City")
    black["color"] = "blue"
    diff = map_edits(plant.board(data, tmp_path), usa)
    assert [e.text for e in diff.edits] == ["route Denver–Kansas City recoloured black → blue"]
    assert diff.routes["denver-kansas-city-blue"] == "denver-kansas-city-black"


def test_tickets_are_matched_by_places_not_by_id(usa: Board, tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.ticket(data, "Chicago", "Santa Fe")["points"] = 18
    deck = next(iter(data["tickets"].values()))
    dropped = deck.pop(0)  # every later ticket's id moves down by one
    diff = map_edits(plant.board(data, tmp_path), usa)
    texts = [e.text for e in diff.edits]
    assert "ticket Chicago–Santa Fe (regular) repriced 9 → 18" in texts
    assert any(t.startswith(f"ticket {dropped['from']}–{dropped['to']}") and
               t.endswith("removed") for t in texts)
    assert len(texts) == 2  # the shifted ids are not edits
    repriced = next(e for e in diff.edits if "repriced" in e.text)
    assert diff.tickets[repriced.tickets[0]] == repriced.baseline_tickets[0]


def test_rules_edits_are_named(usa: Board, tmp_path: Path) -> None:
    data = plant.bundled("usa")
    rules = data.setdefault("rules", {})
    rules["trains_per_player"] = 60
    rules["route_points"] = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 25}
    diff = map_edits(plant.board(data, tmp_path), usa)
    texts = [e.text for e in diff.edits]
    assert "trains per player 45 → 60" in texts
    assert "route points table: length 6 worth 15 → 25" in texts
    assert all(e.is_global for e in diff.edits)


def _compare(old_board: Board, new_board: Board, games: int) -> tuple[Any, Any, Any, Any]:
    old_t = play_tallies(old_board, (4,), games, 1, keep_games=True)
    new_t = play_tallies(new_board, (4,), games, 1, keep_games=True)
    old = build_report(old_board, old_t, {"seed": 1}, "test")
    new = build_report(new_board, new_t, {"seed": 1}, "test")
    pair = matching(new_t[0].games_kept, old_t[0].games_kept)
    assert pair is not None
    return new, old, {4: pair}, map_edits(new_board, old_board)


@pytest.mark.slow  # over 8 s: make test-slow and CI
def test_the_lengthened_route_is_named_in_what_it_caused(usa: Board, tmp_path: Path) -> None:
    """Matched by ends, length and kind, the lengthened Chicago–Omaha had no partner and
    was dropped; matched by identity, its fall in claims is found and leads with the
    edit."""
    new_board = plant.board(_chicago_omaha_lengthened(), tmp_path)
    new, old, pairs, diff = _compare(usa, new_board, 100)
    found = attribute(compare_reports(new, old, pairs=pairs, diff=diff), diff, new_board)
    [mine] = [f for f in found if f.code == "TTR623"
              and f.subjects["routes"] == ("chicago-omaha",)]
    assert mine.message.startswith("edit route Chicago–Omaha lengthened 4 → 5: ")
    assert "(lengthened 4 → 5)" in mine.message
    assert mine.effect is not None and mine.effect.ci95[1] < 0
    assert mine.evidence["edit"]["relation"] == "edited"
    # every route finding at Chicago or Omaha names the edit beside it
    for f in found:
        ends = {p for r in f.subjects.get("routes", ()) for p in r.split("-")}
        if f.code == "TTR623" and f is not mine and ends & {"chicago", "omaha"}:
            assert "(beside the edit: route Chicago–Omaha lengthened 4 → 5)" in f.message
    new["findings"] = [f.to_dict() for f in found]
    new["baseline"] = {"map": {"id": "usa", "name": "USA", "version": "1"},
                       "edits": edits_in_play(diff, new, old, found)}
    text = to_text(new)
    edit_at = text.index("  - route Chicago–Omaha lengthened 4 → 5")
    assert edit_at < text.index("at 4 players claimed in") < text.index("Other changes")
    assert text.index(mine.message) < text.index("Other changes")


def test_the_single_track_is_compared_with_its_own_colour(usa: Board, tmp_path: Path) -> None:
    """Matched by place alone, the one orange track left would stand beside the old black
    track and be called recoloured."""
    new_board = plant.board(_denver_kansas_city_single(), tmp_path)
    new, old, pairs, diff = _compare(usa, new_board, 60)
    found = attribute(compare_reports(new, old, pairs=pairs, diff=diff), diff, new_board)
    assert not any("recoloured" in f.message for f in found)
    mine = [f for f in found if "denver-kansas-city" in f.subjects.get("routes", ())]
    assert mine  # the one track left is claimed far more than the orange track was
    for f in mine:
        assert f.message.startswith("edit route Denver–Kansas City made single, the "
                                    "black track removed: ")
        assert f.evidence["baseline_route"] == "denver-kansas-city-orange"


def test_openings_the_edit_did_not_move_are_said_untested(usa: Board, tmp_path: Path) -> None:
    data = plant.bundled("usa")
    data.setdefault("rules", {})["route_points"] = {1: 8, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    diff = map_edits(plant.board(data, tmp_path), usa)
    assert [e.text for e in diff.edits] == ["route points table: length 1 worth 1 → 8"]

    def game(*opening: str) -> GameSummary:
        return GameSummary(frozenset({0}), 100, 80, frozenset(opening), opening)

    same = [game("a", "b"), game("c")] * 20
    [said] = untested_openings(diff, {2: (same, list(same))})
    assert said.startswith("at 2 players the claims of the first three rounds were the "
                           "same in all 40 games")
    moved = [*same[:-1], game("b", "a")]
    assert untested_openings(diff, {2: (moved, same)}) == []
    assert untested_openings(map_edits(usa, usa), {2: (same, same)}) == []  # nothing edited


def test_the_seat_verdict_says_what_the_openings_left_untested(usa: Board) -> None:
    """A clean bill of health the games cannot give: where the openings did not move,
    the verdict line says so."""
    report = build_report(usa, play_tallies(usa, (2,), 30, 1), {"seed": 1}, "test")
    plain = to_text(report)
    assert "every seat's edge is within" in plain and "was not tested" not in plain
    report["baseline"] = {"map": {"id": "usa", "name": "USA", "version": "1"}, "edits": [],
                          "untested": ["at 2 players the claims of the first three rounds "
                                       "were the same in all 30 games on both maps"]}
    text = to_text(report)
    verdict = next(line for line in text.splitlines() if "every seat's edge" in line)
    assert verdict.endswith("so what the edits do to the opening was not tested")
    assert "Not tested: at 2 players" in text
