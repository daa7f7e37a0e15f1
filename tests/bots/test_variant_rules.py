"""The strategic bots under the variant rules (docs/variants.md, docs/bots.md).

Hand-made positions shown to a bot as the ``PlayerView`` it would get: a
mountain route's extra trains count where plans meet the trains left
(R-VAR-10), and the expert values the end-game bonuses its rules list
(R-VAR-7, R-VAR-8, R-VAR-9).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import ttrtool
from tests.bots.test_expert import ROUTES, TICKETS, keeps, seat0_view
from tests.engine.helpers import route, ticket, tiny_board
from ttrtool.bots.expert import Expert, Expert2025
from ttrtool.bots.route_focus import RouteFocus
from ttrtool.engine.actions import KeepTickets
from ttrtool.engine.game import Game
from ttrtool.model import Board

MOUNTAINS = Path(__file__).resolve().parents[1] / "cases" / "valid" / "mountains.yaml"


@pytest.fixture(scope="module")
def mountains() -> Board:
    return ttrtool.load_map(str(MOUNTAINS))


def route_id(game: Game, a: str, b: str) -> int:
    names = {n.index: n.name for n in game.board.nodes}
    return next(r for r in range(game.n_routes)
                if {names[game.route_a[r]], names[game.route_b[r]]} == {a, b})


@pytest.mark.parametrize("bot", [Expert, RouteFocus])
def test_r_var_10_a_plan_counts_mountain_trains_against_the_trains_left(
        mountains: Board, bot: type[RouteFocus]) -> None:
    """Ely-Crewe: 5 trains by the ferry and tunnel through Derby, 7 over the
    mountain Bury-Crewe (5 long plus 2 mountain trains).  With 5 trains left
    the bot plans the flat path and its plan fits its trains."""
    game = Game(mountains, 2)
    ely_crewe = next(t.index for t in mountains.tickets
                     if {mountains.nodes[n].name for n in (*t.origin_nodes,
                                                            *t.destinations[0].nodes)}
                     == {"Ely", "Crewe"})
    view = seat0_view(game, {}, (5, 9), tickets=(ely_crewe,))
    player = bot(game, 0, random.Random(0))
    player.refresh(view)
    assert player.needed == {route_id(game, "Derby", "Ely"), route_id(game, "Crewe", "Derby")}
    assert player.planned_cost() == 5 <= view.trains[0]
    assert route_id(game, "Bury", "Crewe") not in player.needed


def test_r_var_10_ticket_odds_count_mountain_trains_but_not_mountain_cards() -> None:
    from ttrtool.bots.judgement import schedule, ticket_odds

    jobs = [(0, frozenset({0}))]
    lengths, trains_of = (3,), (5,)  # a 3-long route with 2 mountain trains
    assert schedule(jobs, lengths, 0, trains_of) == [(0, schedule(jobs, lengths, 0)[0][1], 5)]
    assert ticket_odds(jobs, lengths, 3, 20.0, 4)[0] > 0.9  # flat: 3 trains of 4
    assert ticket_odds(jobs, lengths, 3, 20.0, 4, trains_of)[0] == 0.0  # 5 trains of 4


def race_choice(rules: dict[str, object] | None, counts: tuple[int, int] | None = None,
                ) -> tuple[int, ...]:
    """Seat 0 holds A-C (done) and is offered A-D (one train) and F-H (9 points,
    11 trains round the ring) while the other player has 35 trains.  F-H is
    marginal at the kept baseline's weights (the race's worth is the same code
    in the expert, BonusPlay.race, whose fitted weights move the margin)."""
    game = Game(tiny_board(ROUTES, TICKETS, rules=rules), 2)
    view = seat0_view(game, {0: 0, 1: 0}, (39, 35), "tickets", tickets=(0,), offered=(1, 5))
    if counts is not None:
        view = view._replace(ticket_counts=counts)
    choice = Expert2025(game, 0, random.Random(0)).choose(view, keeps(game, view))
    assert isinstance(choice, KeepTickets)
    return choice.tickets


def test_r_var_7_a_close_ticket_race_makes_the_expert_keep_a_marginal_ticket() -> None:
    race = {"bonuses": [{"type": "most_tickets", "points": 10}]}
    assert race_choice(None) == (1,)  # no race: F-H is not worth its trains
    assert race_choice(race) == (1, 5)  # one more ticket may win the Globetrotter
    assert race_choice(race, counts=(1, 4)) == (1,)  # a race far behind changes nothing


# A square A-B-C-D: seat 0 owns A-B and B-C, so its ticket A-C is done; C-D and
# D-A would join A and C a second time.
SQUARE = [route("A", "B", 2, "red"), route("B", "C", 2, "red"),
          route("C", "D", 2, "blue"), route("D", "A", 2, "green"), route("B", "E", 3, "black")]


@pytest.mark.parametrize(("bonus", "claims"), [(None, False), ([5, 10, 20], True)])
def test_r_var_9_the_expert_builds_a_second_path_for_a_done_ticket_when_it_scores(
        bonus: list[int] | None, claims: bool) -> None:
    rules = {"bonuses": [{"type": "multi_path_tickets", "table": bonus}]} if bonus else None
    game = Game(tiny_board(SQUARE, {"regular": [ticket("A", "C", 4)]}, rules=rules), 2)
    claim = game.claim_action(2, game.card_index["blue"], 0)
    view = seat0_view(game, {0: 0, 1: 0}, (40, 45), tickets=(0,), hand={"blue": 2})
    choice = Expert(game, 0, random.Random(0)).choose(view, [game.draw_blind, claim])
    assert (choice == claim) is claims


@pytest.mark.parametrize(("points", "joins"), [(0, False), (10, True)])
def test_r_var_8_the_expert_values_claims_that_grow_its_largest_network(
        points: int, joins: bool) -> None:
    """Late in the game (the other player has 5 trains) it takes points: C-D
    (3 long, 4 points) apart from its network, or B-E (2 long, 2 points) that adds
    a place to it, worth more where the largest network scores."""
    routes = [route("A", "B", 2, "red"), route("B", "E", 2, "blue"),
              route("C", "D", 3, "green")]
    # no longest-path bonus: the expert would count the trail B-E lengthens too
    rules = {"bonuses": [{"type": "largest_network", "points": points}] if points else []}
    game = Game(tiny_board(routes, {"regular": [ticket("A", "B", 2)]}, rules=rules), 2)
    grow = game.claim_action(1, game.card_index["blue"], 0)
    apart = game.claim_action(2, game.card_index["green"], 0)
    view = seat0_view(game, {0: 0}, (30, 5), tickets=(0,), hand={"blue": 2, "green": 3})
    choice = Expert(game, 0, random.Random(0)).choose(view, [game.draw_blind, grow, apart])
    assert choice == (grow if joins else apart)


def test_r_var_8_network_growth_counts_the_places_a_claim_adds() -> None:
    from ttrtool.bots.bonus_value import network_growth

    routes = [route("A", "B", 1), route("B", "C", 1), route("D", "E", 1), route("C", "D", 1),
              route("E", "F", 1)]
    game = Game(tiny_board(routes), 2)
    owner = [0, 0, 0, -1, -1]  # networks A-B-C and D-E
    assert network_growth(game, owner, 0, 3) == 2  # joins D-E: 5 places, 3 before
    assert network_growth(game, owner, 0, 4) == 0  # D-E-F: 3 places, no larger
    assert network_growth(game, [-1] * 5, 0, 0) == 2  # a first route: two places


@pytest.mark.parametrize(("map_id", "players"), [("nordiccountries", 2), ("india", 3),
                                                  ("mountains", 2)])
def test_the_expert_plays_variant_boards_to_a_normal_end_that_rescores(
        variant_boards: dict[str, Board], mountains: Board, map_id: str, players: int) -> None:
    """Every variant rule at once (R-VAR-1..10): legal games, invariants after every
    action, logs that re-score exactly from the rules."""
    from ttrtool.simulate.playout import Table
    from ttrtool.simulate.rescore import rescore

    board = mountains if map_id == "mountains" else variant_boards[map_id]
    table = Table(board, players, ("expert", "route-focus"))
    for g in range(2):
        record = table.play(3, g, check_invariants=True)
        assert record["end"] == "normal"
        assert rescore(record) == []
