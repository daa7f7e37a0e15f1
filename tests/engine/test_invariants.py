"""The invariant checker notices each kind of broken position."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ttrtool.engine import Game, GameState
from ttrtool.engine.invariants import check_invariants
from ttrtool.model import Board


def started(board: Board, players: int) -> GameState:
    st = Game(board, players).new_state(3)
    while st.phase_name == "setup_tickets":
        st.apply(st.legal_actions()[0])
    return st


def lose_card(st: GameState) -> None:
    st.deck.pop()


def steal_route(st: GameState) -> None:
    st.owner[0] = 1


def double_claim(st: GameState) -> None:
    st.claimed[0].append(3)
    st.claimed[1].append(3)
    st.owner[3] = 1


def bonus_points(st: GameState) -> None:
    st.route_score[0] += 1


def lose_ticket(st: GameState) -> None:
    st.tickets[0].pop()


def free_trains(st: GameState) -> None:
    st.trains[1] += 1


def both_tracks(st: GameState) -> None:
    g = st.game
    r = next(i for i in range(g.n_routes) if g.partners[i])
    for q in (r,) + g.partners[r]:
        st.complete_claim(0, q)


def phantom_connection(st: GameState) -> None:
    st.union(0, 0, 1)


BREAKS: list[Callable[[GameState], None]] = [
    lose_card, steal_route, double_claim, bonus_points, lose_ticket, free_trains, both_tracks,
    phantom_connection]


def test_a_fresh_position_is_sound(usa: Board) -> None:
    assert check_invariants(started(usa, 3)) == []


@pytest.mark.parametrize("breaking", BREAKS, ids=lambda f: f.__name__)
def test_each_broken_position_is_reported(
        usa: Board, breaking: Callable[[GameState], None]) -> None:
    st = started(usa, 2)
    breaking(st)
    assert check_invariants(st)
