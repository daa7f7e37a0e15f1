"""The terms the expert weighs a ticket keep by (Expert2025.keep_terms) and the keep
it makes of them: what benchmarks/keep_values.py logs and judges keep rules on."""

from __future__ import annotations

import random

import pytest

import ttrtool
from tests.bots.test_expert import ROUTES, TICKETS, keeps, seat0_view
from tests.engine.helpers import tiny_board
from ttrtool.bots.expert import Expert
from ttrtool.engine.actions import KeepTickets
from ttrtool.engine.game import Game
from ttrtool.model import Board
from ttrtool.simulate.playout import make_bots


@pytest.fixture(scope="module")
def ring() -> Board:
    return tiny_board(ROUTES, TICKETS)


def test_a_done_ticket_is_sure_points_a_cut_one_sure_loss(ring: Board) -> None:
    game = Game(ring, 2)
    # seat 0 owns A-B-C (ticket 0, A-C, is done); seat 1 owns every way into D but
    # none: C-D, H-D and D-X are seat 1's, so ticket 1 (A-D) cannot be completed
    view = seat0_view(game, {0: 0, 1: 0, 2: 1, 7: 1, 8: 1}, (39, 30), "tickets",
                      offered=(0, 1, 2))
    bot = Expert(game, 0, random.Random(0))
    terms = {a.tickets: t for a, t in bot.keep_terms(view, keeps(game, view))}
    assert len(terms) == 7  # keep one, two or all three (R-TIX-1)
    assert terms[(0,)].sure == 6 and terms[(0,)].cost == 0 and terms[(0,)].added == 0
    assert terms[(1,)].sure == -7 and terms[(1,)].added == 0
    far = terms[(2,)]  # E-G: routes still to claim
    assert far.sure == 0 and far.cost > 0 and far.added == 1
    both = terms[(0, 2)]
    assert both.sure == 6 and both.cost == far.cost and both.plan == far.plan


def test_the_keep_is_the_option_worth_most() -> None:
    game = Game(ttrtool.load_map("usa"), 4)
    for seed in (3, 4):
        state = game.new_state(seed)
        bots = make_bots(game, ("expert",) * 4, seed, {"expert": Expert})
        checked = 0
        while not state.is_over:
            p = state.current_player
            legal = state.legal_actions()
            view = state.view(p)
            action = bots[p].choose(view, legal)
            if isinstance(action, KeepTickets) and len(legal) > 1:
                bot = bots[p]
                assert isinstance(bot, Expert)
                terms = bot.keep_terms(view, legal)
                worth = {a.tickets: bot.keep_worth(t) for a, t in terms}
                assert worth[action.tickets] == max(worth.values())
                checked += 1
            state.apply(action)
        assert checked >= 4
