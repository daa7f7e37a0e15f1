"""The expert's opening reads the map (issue 37): the points table, a bonus, the trains
per player and the tickets' values each change what it does in the first rounds, in
the direction a player would expect.

Each test changes one input on a copy of the USA map and plays the same seeded
games on both; the unchanged map is the control.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import yaml

import ttrtool
from ttrtool.bots.expert import Expert, Expert2025
from ttrtool.bots.route_prices import RoutePrices
from ttrtool.engine.game import Game
from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.simulate.playout import Table
from ttrtool.validate import validate_text

GAMES = 24
PLAYERS = 4
CLAIM = re.compile(r"claim r(\d+)")


@cache
def usa_document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(bundled_map_path("usa").read_text(encoding="utf-8"))
    return loaded


def usa_with(change: Callable[[dict[str, Any]], None]) -> Board:
    """A copy of the USA map with ``change`` made to its document."""
    doc = copy.deepcopy(usa_document())
    change(doc)
    result = validate_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))
    assert result.board is not None, result.errors
    return result.board


def games(board: Board, bots: tuple[str, ...] = ("expert",)) -> list[dict[str, Any]]:
    table = Table(board, PLAYERS, bots)
    return [table.play(37, number, log_actions=True) for number in range(GAMES)]


def opening_claims(record: dict[str, Any], rounds: int = 3) -> list[int]:
    """The routes claimed in each seat's first ``rounds`` turns (a seat's actions in a
    row are one turn; the setup keeps are none)."""
    turns = [0] * record["players"]
    last = -1
    out = []
    for seat, text in record["actions"]:
        if text.startswith("keep") and (last < 0 or last == seat):
            continue  # the setup keep, or the keep that ends a ticket draw
        if seat != last:
            turns[seat] += 1
            last = seat
        m = CLAIM.match(text)
        if m and turns[seat] <= rounds:
            out.append(int(m.group(1)))
    return out


def setup_kept(records: list[dict[str, Any]]) -> float:
    """Tickets kept at the setup deal, a seat's mean."""
    kept = sum(len(text.split()) - 1 for r in records for _, text in r["actions"][:PLAYERS])
    return kept / (len(records) * PLAYERS)


def ticket_draws(records: list[dict[str, Any]]) -> float:
    """Ticket draws in play, a seat's mean."""
    return sum(1 for r in records for _, text in r["actions"] if text == "tickets") / (
        len(records) * PLAYERS)


@pytest.fixture(scope="module")
def plain() -> list[dict[str, Any]]:
    return games(ttrtool.load_map("usa"))


def test_no_route_is_a_bargain_on_the_usual_tables() -> None:
    for map_id in ("usa", "europe", "switzerland", "nordiccountries", "india"):
        prices = RoutePrices(Game(ttrtool.load_map(map_id), 2), Expert.long_min,
                             Expert.bargain_min)
        assert prices.bargains == () and prices.scale == 1.0, map_id


def test_the_baseline_reads_the_usual_table() -> None:
    """expert-2025 (read_prices off) sees no bargain and no scale where the expert does."""
    def eight(doc: dict[str, Any]) -> None:
        doc["rules"]["route_points"] = {"1": 16, "2": 4, "3": 8, "4": 14, "5": 20, "6": 30}

    game = Game(usa_with(eight), 4)
    expert, baseline = Expert(game, 0, random.Random(0)), Expert2025(game, 0, random.Random(0))
    assert expert.prices.bargains and expert.train_cost == 2 * Expert.train_cost
    assert not baseline.prices.bargains and baseline.train_cost == Expert2025.train_cost


@pytest.mark.parametrize("bots", [("expert",), ("expert", "route-focus", "expert",
                                                "long-route-junkie")])
def test_short_routes_worth_eight_are_claimed_in_the_first_rounds(
        bots: tuple[str, ...]) -> None:
    """R-SCORE-1: every length-1 route worth 8 instead of 1.  The first three rounds
    claim them at least half as often again as on the usual table."""
    def eight(doc: dict[str, Any]) -> None:
        doc["rules"]["route_points"] = {"1": 8, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15}

    dear = usa_with(eight)
    ones = {r.index for r in dear.routes if r.length == 1}

    def count(records: list[dict[str, Any]]) -> int:
        return sum(1 for rec in records for r in opening_claims(rec) if r in ones)

    before = count(games(ttrtool.load_map("usa"), bots))
    after = count(games(dear, bots))
    assert after >= 1.5 * before and after > before + GAMES, (before, after)


def test_routes_worth_twice_as_much_make_tickets_worth_less(
        plain: list[dict[str, Any]]) -> None:
    """R-SCORE-1, the whole table doubled: a train laid for points earns twice as much,
    so a ticket's trains cost twice as much; fewer tickets are drawn."""
    def double(doc: dict[str, Any]) -> None:
        doc["rules"]["route_points"] = {"1": 2, "2": 4, "3": 8, "4": 14, "5": 20, "6": 30}

    rich = games(usa_with(double))
    assert ticket_draws(rich) < 0.5 * ticket_draws(plain)
    assert setup_kept(rich) <= setup_kept(plain)


def test_a_globetrotter_bonus_keeps_more_tickets(plain: list[dict[str, Any]]) -> None:
    """R-VAR-7: 30 points for the most completed tickets; more are kept at the deal."""
    def globetrotter(doc: dict[str, Any]) -> None:
        doc["rules"]["bonuses"] = [
            {"type": "longest_path", "name": "Longest", "points": 10},
            {"type": "most_tickets", "name": "Globetrotter", "points": 30}]

    assert setup_kept(games(usa_with(globetrotter))) > setup_kept(plain) + 0.05


def mean_trail(records: list[dict[str, Any]]) -> float:
    """A seat's longest trail at the end, the mean over seats and games."""
    trails = [p["longest_path"] for r in records for p in r["results"]]
    return sum(trails) / len(trails)


def test_without_a_longest_path_bonus_trails_are_shorter(
        plain: list[dict[str, Any]]) -> None:
    """R-SCORE-3: the 10-point bonus makes each expert lengthen its longest trail when it
    picks routes for itself; with no such bonus on the map it has no reason to."""
    def no_bonus(doc: dict[str, Any]) -> None:
        doc["rules"]["bonuses"] = []

    assert mean_trail(games(usa_with(no_bonus))) < mean_trail(plain) - 3.0


@pytest.mark.parametrize(("trains", "more"), [(30, False), (60, True)])
def test_trains_per_player_set_how_many_tickets_are_taken(
        plain: list[dict[str, Any]], trains: int, more: bool) -> None:
    """R-CH-1: with fewer trains, fewer tickets; with more, more."""
    records = games(usa_with(lambda doc: doc["rules"].update(trains_per_player=trains)))
    taken = setup_kept(records) + ticket_draws(records)
    usual = setup_kept(plain) + ticket_draws(plain)
    assert (taken > usual + 0.5) if more else (taken < usual - 0.5), (taken, usual)


@pytest.mark.parametrize(("factor", "more"), [(2.0, True), (0.5, False)])
def test_ticket_values_set_how_many_tickets_are_taken(
        plain: list[dict[str, Any]], factor: float, more: bool) -> None:
    """R-TIX-2: tickets worth twice as much are kept more at the deal; worth half as
    much, drawn less in play."""
    def scale(doc: dict[str, Any]) -> None:
        for t in doc["tickets"]["regular"]:
            t["points"] = max(1, round(t["points"] * factor))
        doc["rules"]["tickets"] = {"points_band": {"below": 2, "above": 2, "factor": 5}}

    records = games(usa_with(scale))
    if more:
        assert setup_kept(records) > setup_kept(plain) + 0.1
    else:
        assert ticket_draws(records) < 0.5 * ticket_draws(plain)
