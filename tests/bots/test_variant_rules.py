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
from tests.bots.test_expert import keeps, seat0_view
from ttrtool.bots.expert import Expert
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
