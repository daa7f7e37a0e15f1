"""The bundled maps against the reference tables in tests/reference, item by item."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import REFERENCE
from ttrtool.model import Board

MAPS = ["usa", "europe", "switzerland"]


def rows(name: str, file: str) -> list[dict[str, str]]:
    with open(REFERENCE / name / file, encoding="utf-8") as f:
        return list(csv.DictReader(f))


def route_key(
    a: str, b: str, bp: str | None, length: int, color: str, kind: str, locos: int
) -> tuple[object, ...]:
    return (frozenset((a, b)), bp or "", length, color, kind, locos)


@pytest.mark.parametrize("name", MAPS)
def test_cities_and_positions(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    ref = {r["name"]: r for r in rows(name, "cities.csv") if r.get("kind", "city") == "city"}
    got = {c.name: c for c in board.cities}
    assert set(got) == set(ref)
    for n, r in ref.items():
        assert got[n].pos == (float(r["x"]), float(r["y"])), n
        assert set(got[n].aliases) == {a for a in r["aliases"].split(";") if a}, n


@pytest.mark.parametrize("name", MAPS)
def test_every_track(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    ref = Counter(
        route_key(
            r["a"],
            r["b"],
            r.get("border_point"),
            int(r["length"]),
            r["color"],
            r["kind"],
            int(r["locomotives"] or 0),
        )
        for r in rows(name, "routes.csv")
    )
    got = Counter(
        route_key(r.a_name, r.b_name, r.border_point, r.length, r.color, r.kind, r.locomotives)
        for r in board.routes
    )
    assert got == ref


@pytest.mark.parametrize("name", MAPS)
def test_double_groups(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    ref: dict[str, set[tuple]] = {}
    for r in rows(name, "routes.csv"):
        if r["double_group"]:
            ref.setdefault(r["double_group"], set()).add((frozenset((r["a"], r["b"])), r["color"]))
    got = {
        g: {(frozenset((r.a_name, r.b_name)), r.color) for r in tracks}
        for g, tracks in board.double_groups().items()
    }
    assert sorted(map(sorted, got.values())) == sorted(map(sorted, ref.values()))


@pytest.mark.parametrize("name", MAPS)
def test_every_ticket(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    ref = Counter()
    for r in rows(name, "tickets.csv"):
        if r["points_list"]:
            dests = tuple(
                zip(r["to_list"].split(";"), map(int, r["points_list"].split(";")), strict=True)
            )
        else:
            dests = ((r["to_list"], int(r["points"])),)
        ref[(r["deck"], r["from"], dests)] += 1
    got = Counter(
        (t.deck, t.origin, tuple((d.name, d.points) for d in t.destinations)) for t in board.tickets
    )
    assert got == ref


def test_switzerland_border_points(switzerland: Board) -> None:
    ref = {
        (r["point_id"], r["country"], float(r["x"]), float(r["y"]))
        for r in rows("switzerland", "border_points.csv")
    }
    got = {(bp.id, bp.country, *bp.pos) for c in switzerland.countries for bp in c.border_points}
    assert got == ref
    assert {c.name: len(c.border_points) for c in switzerland.countries} == {
        "Deutschland": 5,
        "Österreich": 3,
        "Italia": 5,
        "France": 4,
    }


@pytest.mark.parametrize(
    ("name", "cities", "tracks", "doubles", "tunnels", "ferries", "tickets", "spaces"),
    [
        ("usa", 36, 100, 22, 0, 0, 30, 309),
        ("europe", 47, 101, 11, 18, 13, 46, 300),
        ("switzerland", 34, 88, 12, 42, 0, 46, 205),
    ],
)
def test_reference_counts(
    boards: dict[str, Board],
    name: str,
    cities: int,
    tracks: int,
    doubles: int,
    tunnels: int,
    ferries: int,
    tickets: int,
    spaces: int,
) -> None:
    b = boards[name]
    assert len(b.cities) == cities
    assert len(b.routes) == tracks
    assert len(b.double_groups()) == doubles
    assert sum(r.kind == "tunnel" for r in b.routes) == tunnels
    assert sum(r.kind == "ferry" for r in b.routes) == ferries
    assert len(b.tickets) == tickets
    assert b.train_spaces == spaces


@pytest.mark.parametrize("name", MAPS)
def test_rules_match_reference(boards: dict[str, Board], name: str) -> None:
    ref = json.loads((REFERENCE / name / "map.json").read_text(encoding="utf-8"))
    rules = boards[name].rules
    assert [rules.min_players, rules.max_players] == ref["players"]
    assert rules.trains_per_player == ref["trains_per_player"]
    assert list(rules.colors) == ref["train_cards"]["colors"]
    assert set(rules.cards_per_color) == {ref["train_cards"]["per_color"]}
    assert rules.locomotives == ref["train_cards"]["locomotives"]
    assert rules.deck_size == ref["train_cards"]["total"]
    # The printed table lists the lengths on its board (Europe: no 5 or 7); the rules
    # may score more lengths, with the same values, and every value is R-SCORE-1's.
    table = {str(k): v for k, v in rules.route_points}
    assert {k: table.get(k) for k in ref["route_scoring"]} == ref["route_scoring"]
    r_score_1 = {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15, "7": 18, "8": 21}
    assert {k: r_score_1.get(k) for k in table} == table
    assert rules.longest_path_bonus == ref["longest_path_bonus"]
    assert rules.both_tracks_min_players == ref["double_routes_both_usable_min_players"]
    stations = ref["stations"]
    assert rules.stations_per_player == (stations["per_player"] if stations else 0)
    if stations:
        assert rules.station_unused_points == stations["points_per_unused"]
    deal = ref["tickets"]["initial_deal"]
    assert dict(rules.tickets.setup_deal) == (deal if isinstance(deal, dict) else {"regular": deal})
    assert rules.tickets.setup_keep_min == ref["tickets"]["initial_keep_min"]
    assert rules.tickets.draw == ref["tickets"]["draw"]
    assert rules.tickets.draw_keep_min == ref["tickets"]["draw_keep_min"]


def test_kreuzlingen_tracks_are_not_a_double(switzerland: Board) -> None:
    tracks = [
        r for r in switzerland.routes if {r.a_name, r.b_name} == {"Kreuzlingen", "Deutschland"}
    ]
    assert len(tracks) == 2
    assert all(r.double is None for r in tracks)
    assert tracks[0].b != tracks[1].b  # different border-point nodes


def test_bundled_files_start_with_schema_comment() -> None:
    root = Path(__file__).resolve().parent.parent
    for name in MAPS:
        first = (root / "maps" / f"{name}.yaml").read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
