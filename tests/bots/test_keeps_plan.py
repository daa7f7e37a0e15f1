"""The expert's claims for points keep the cards its open plan takes (``keep_plan``).

On Nordic Countries a hand grown to 24 cards used to pay a long route for points with
the colour a planned route still needed, and the plan never got its cards.
"""

from __future__ import annotations

import random

import pytest

from tests.bots.test_expert import ROUTES, TICKETS, seat0_view
from tests.engine.helpers import tiny_board
from ttrtool.bots.expert import Expert, Expert2025
from ttrtool.bots.point_claims import keeps_plan
from ttrtool.engine.actions import ClaimRoute
from ttrtool.engine.game import Game
from ttrtool.model import Board

# Ticket A-C: A-B (3 red) is owned, B-C (3 blue) is still planned.
# 24 cards: red 6 is the only colour that pays the gray 6-space D-X or X-Y (15 points).
HAND = {"red": 6, "blue": 2, "black": 5, "yellow": 5, "green": 6}


@pytest.fixture(scope="module")
def ring() -> Board:
    return tiny_board(ROUTES, TICKETS)


def colour(claim: ClaimRoute | None) -> str | None:
    return None if claim is None else claim.color


def test_a_claim_for_points_keeps_the_plans_cards(ring: Board) -> None:
    game = Game(ring, 2)
    view = seat0_view(game, {0: 0}, (40, 40), tickets=(0,), hand=HAND)
    bot = Expert(game, 0, random.Random(0))
    bot.choose(view, [game.draw_blind])  # makes its plan
    assert bot.needed == {1}
    want, _grays, _ferries = bot.plan_cards()
    assert want[game.card_index["blue"]] == 3
    # gray D-X with green keeps the plan's blue; with blue it would not
    assert keeps_plan(bot, view, game.claim_action(8, game.card_index["green"], 0))
    assert not keeps_plan(bot, view, game.claim_action(3, game.card_index["blue"], 0))
    best = bot.points_claim(view, [game.draw_blind], 1)
    assert best is not None and keeps_plan(bot, view, best)


def test_without_the_weight_or_in_the_baseline_it_spends_them(ring: Board) -> None:
    # Here A-B (3 red) is the planned route and B-C is owned.
    game = Game(ring, 2)
    view = seat0_view(game, {1: 0}, (40, 40), tickets=(0,), hand=HAND)
    guarded = type("On", (Expert,), {})(game, 0, random.Random(0))
    guarded.choose(view, [game.draw_blind])
    assert guarded.needed == {0}
    free = type("Off", (Expert,), {"keep_plan": False})(game, 0, random.Random(0))
    free.choose(view, [game.draw_blind])
    base = Expert2025(game, 0, random.Random(0))
    base.choose(view, [game.draw_blind])
    # D-X and X-Y (15 points) take all six red, which A-B needs three of
    for bot in (free, base):
        spent = bot.points_claim(view, [game.draw_blind], 1)
        assert spent is not None and spent.route in (8, 9) and spent.color == "red"
    kept = guarded.points_claim(view, [game.draw_blind], 1)
    assert kept is not None and kept.color != "red" and keeps_plan(guarded, view, kept)
    # in the endgame the guard is off: points count more than the plan
    late = view._replace(trains=(40, 2))
    assert guarded.endgame(late)
    assert colour(guarded.points_claim(late, [game.draw_blind], 1)) == "red"
