"""Plant one imbalance of each static class in a copy of a bundled map: the findings must
name it (the class's code at warning level, with the ticket, route or colour as subject)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks import plant
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import LIMITS, routes_per_colour, static_findings
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding
from ttrtool.model import Board
from ttrtool.validate import validate_file


def _warnings(board: Board, code: str) -> list[Finding]:
    return [f for f in static_findings(analyze(board))
            if f.code == code and f.severity >= Severity.WARNING]


def _route_id(board: Board, a: str, b: str) -> str:
    return next(r.id for r in board.routes if {r.a_name, r.b_name} == {a, b})


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_official_maps_have_no_static_warning(boards: dict[str, Board], name: str) -> None:
    assert [f.line() for f in static_findings(analyze(boards[name]))
            if f.severity >= Severity.WARNING] == []


@pytest.mark.parametrize("name", ["nordiccountries", "india"])
def test_official_variant_maps_have_no_static_warning(variant_boards: dict[str, Board],
                                                      name: str) -> None:
    """India's Bombay–Calicut ferry (6 spaces, 2 locomotives, beside 4 spaces of land)
    used to be reported as TTR503: a ferry's locomotives excuse as many spaces."""
    assert [f.line() for f in static_findings(analyze(variant_boards[name]))
            if f.severity >= Severity.WARNING] == []


def _bombay_calicut(data: plant.Data) -> plant.Data:
    return next(r for r in data["routes"] if {r["a"], r["b"]} == {"Bombay", "Calicut"})


@pytest.mark.parametrize("change", [
    {"length": 8},  # a ferry 2 spaces longer than its locomotives excuse
    {"kind": "normal", "locomotives": 0},  # the same 6 spaces over land: nothing to excuse
])
def test_a_long_crossing_beside_a_short_path_is_named(tmp_path: Path,
                                                      change: dict[str, object]) -> None:
    data = plant.bundled("india")
    route = _bombay_calicut(data)
    route.update(change)
    if route.get("kind") == "normal":
        route.pop("kind")
        route.pop("locomotives")
    board = plant.board(data, tmp_path)
    found = _warnings(board, "TTR503")
    assert [f.subjects["routes"] for f in found] == [(_route_id(board, "Bombay", "Calicut"),)]
    assert found[0].evidence["other_path_spaces"] == 4


def test_a_ticket_worth_twice_its_cheapest_path_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.ticket(data, "Denver", "El Paso")["points"] = 8  # cheapest path: 4 spaces
    board = plant.board(data, tmp_path)
    found = _warnings(board, "TTR501")
    assert len(found) == 1
    tid = next(t.id for t in board.tickets if t.label().startswith("Denver–El Paso"))
    assert found[0].subjects["tickets"] == (tid,)
    assert "Denver–El Paso" in found[0].message and found[0].evidence["delta"] == 4


def test_a_ticket_worth_less_than_its_path_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.ticket(data, "Los Angeles", "New York")["points"] = 12  # cheapest path: 20 spaces
    found = _warnings(plant.board(data, tmp_path), "TTR502")
    assert [(f.severity, f.evidence["points"]) for f in found] == [(Severity.WARNING, 12)]
    assert "Los Angeles–New York" in found[0].message


def test_a_grossly_mispriced_ticket_is_an_error(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.ticket(data, "Denver", "El Paso")["points"] = 40  # ten times its 4 spaces
    found = _warnings(plant.built(data, tmp_path), "TTR501")
    assert [(f.severity, f.evidence["pricing"]) for f in found] == [(Severity.ERROR, "far-high")]


def test_a_long_route_beside_a_short_path_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    # Houston–Dallas–Oklahoma City is 3 spaces; a 15-point, 6-space route beside it
    data["routes"].append({"a": "Houston", "b": "Oklahoma City", "length": 6, "color": "gray"})
    board = plant.board(data, tmp_path)
    found = _warnings(board, "TTR503")
    assert len(found) == 1
    assert found[0].subjects["routes"] == (_route_id(board, "Houston", "Oklahoma City"),)
    assert found[0].evidence["points"] == 15 and found[0].evidence["other_path_spaces"] == 3
    assert "Houston" in found[0].message and "Oklahoma City" in found[0].message


def test_a_shortcut_making_many_tickets_cheap_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    data["routes"].append({"a": "Seattle", "b": "New York", "length": 2, "color": "gray"})
    board = plant.built(data, tmp_path)  # validate: two of its tickets are now far off
    found = _warnings(board, "TTR504")
    assert len(found) == 1
    assert found[0].subjects["routes"] == (_route_id(board, "Seattle", "New York"),)
    assert len(found[0].subjects["tickets"]) >= 3
    assert "Seattle–New York" in found[0].message


def test_a_colour_with_too_few_spaces_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    greens = [r for r in data["routes"] if r["color"] == "green"]
    for r in greens[:3]:
        r["color"] = "gray"
    found = _warnings(plant.board(data, tmp_path), "TTR505")
    assert [f.subjects["colours"] for f in found] == [("green",)]
    assert "green" in found[0].message


def test_a_deck_short_of_one_colour_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.deck_colours(data, green=4)
    found = _warnings(plant.board(data, tmp_path), "TTR506")
    assert [f.subjects["colours"] for f in found] == [("green",)]
    assert found[0].evidence["cards"] == 4 and found[0].evidence["spaces"] == 27
    assert "4 green cards" in found[0].message and "about 12 cards" in found[0].message


def test_a_one_route_chokepoint_is_named_at_every_player_count(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    # Miami keeps one route (to Atlanta): one claim cuts off its three tickets
    plant.drop_routes(data, lambda r: "Miami" not in (r["a"], r["b"])
                      or "Atlanta" in (r["a"], r["b"]))
    board = plant.board(data, tmp_path)
    found = _warnings(board, "TTR507")
    atlanta_miami = _route_id(board, "Atlanta", "Miami")
    # one finding listing every player count, not one per count
    assert [f.players for f in found if f.subjects["routes"] == (atlanta_miami,)] == [
        (2, 3, 4, 5)]
    assert "at 2, 3, 4, 5 players" in found[0].message
    assert all(f.evidence["cut_off"] == 3 for f in found)
    assert "Atlanta–Miami" in found[0].message


def test_a_double_route_chokepoint_counts_only_where_one_claim_closes_it(tmp_path: Path) -> None:
    data = plant.bundled("europe")
    # Edinburgh is reached only by its double route to London: at 2-3 players one
    # claim closes it; from 4 players the second track stays open
    for t in data["tickets"]["regular"][:2]:
        t["from"], t["to"] = "Edinburgh", t["to"] if t["to"] != "Edinburgh" else "Paris"
    board = plant.board(data, tmp_path)
    found = [f for f in static_findings(analyze(board)) if f.code == "TTR507"
             and "Edinburgh" in f.message]
    assert [f.players for f in found] == [(2, 3)]
    assert all(f.severity is Severity.WARNING for f in found)


def test_a_ticket_deck_of_only_short_tickets_is_named(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    # the same number of cards, every one of them short (the setup deals 15 at 5 players)
    short = [t for t in data["tickets"]["regular"] if t["points"] <= 8]
    data["tickets"]["regular"] = [{**t, "copies": 2} for t in short]
    found = _warnings(plant.board(data, tmp_path), "TTR508")
    assert len(found) == 1
    assert "no long tickets" in found[0].message
    assert found[0].evidence["longest"] <= 8


def test_the_colour_balance_is_not_judged_on_a_starter_board(tmp_path: Path) -> None:
    """The board `ttrtool new` writes has 18 routes, 1.2 per colour: one route more or less
    swings any colour past the bands, so TTR505 and TTR506 (14 warnings once) stay silent
    and the report says the balance was not judged."""
    from typer.testing import CliRunner

    from ttrtool.cli import app

    path = tmp_path / "starter.yaml"
    assert CliRunner().invoke(app, ["new", str(path)]).exit_code == 0
    starter = validate_file(path).board
    assert starter is not None
    found = static_findings(analyze(starter))
    assert [f.code for f in found if f.code in ("TTR505", "TTR506")] == []
    text = CliRunner().invoke(app, ["analyze", str(path)]).stdout
    assert "not judged on a board this small" in text
    assert "Colour balance not judged (TTR505, TTR506): 1.2 routes per colour" in text
    doc = json.loads(CliRunner().invoke(app, ["analyze", str(path), "-f", "json"]).stdout)
    assert doc["colours"]["balance_judged"] is False


def test_a_deck_short_of_one_colour_is_judged_from_enough_routes(tmp_path: Path) -> None:
    """The gate's limit decides: the same planted deck is named with USA's 7 routes per
    colour, and not under a limit above that."""
    data = plant.bundled("usa")
    plant.deck_colours(data, green=4)
    board = plant.board(data, tmp_path)
    assert routes_per_colour(analyze(board)) == 7
    strict = replace(LIMITS, colour_judged_from=7.5)
    assert [f.code for f in static_findings(analyze(board), strict)
            if f.code == "TTR506"] == []
    assert [f.code for f in static_findings(analyze(board), replace(LIMITS, colour_judged_from=7))
            if f.code == "TTR506"] == ["TTR506"]


def test_one_colours_imbalance_is_one_finding(tmp_path: Path) -> None:
    """Every pink route recoloured red: red has too many spaces (TTR505) and too few cards
    for them (TTR506); the two are one finding about red."""
    data = plant.bundled("usa")
    for r in data["routes"]:
        if r.get("color") == "pink":
            r["color"] = "red"
    board = plant.board(data, tmp_path)
    found = [f for f in static_findings(analyze(board))
             if f.subjects.get("colours") == ("red",)]
    assert [f.code for f in found] == ["TTR505"]
    assert "red cards" in found[0].message and "deck" in found[0].evidence
