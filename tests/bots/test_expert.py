"""The expert bot: its judgement on small hand-made positions, and whole games.

Positions are built with the engine's own helpers and shown to the bot as the
``PlayerView`` it would get (R-TIX-1 draws and keeps, R-TIX-2 ticket points
won or lost); whole games are seeded and replay identically.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tests.engine.helpers import position, route, ticket, tiny_board
from ttrtool.bots import resolve_bot
from ttrtool.bots.blocking import Detours
from ttrtool.bots.expert import Expert
from ttrtool.engine.actions import Action, ClaimRoute, DrawBlind, DrawTickets, KeepTickets
from ttrtool.engine.game import Game
from ttrtool.engine.tickets import keep_actions
from ttrtool.engine.view import PlayerView
from ttrtool.model import Board
from ttrtool.simulate.playout import Table
from ttrtool.simulate.rescore import rescore

# A ring A-B-C-D-H-G-F-E-A with a spur D-X-Y.  Ticket 0 (A-C) runs along the
# bot's routes, 1 (A-D) needs one more train, 2 (E-G) ten, 6 (Y-E) fourteen.
ROUTES = [
    route("A", "B", 3, "red"),  # r0
    route("B", "C", 3, "blue"),  # r1
    route("C", "D", 1, "green"),  # r2
    route("A", "E", 2),  # r3
    route("E", "F", 4),  # r4
    route("F", "G", 6, "yellow"),  # r5
    route("G", "H", 5, "black"),  # r6
    route("H", "D", 4),  # r7
    route("D", "X", 6),  # r8
    route("X", "Y", 6),  # r9
]
TICKETS = {"regular": [ticket("A", "C", 6), ticket("A", "D", 7), ticket("E", "G", 20),
                       ticket("X", "Y", 12), ticket("B", "D", 4), ticket("F", "H", 9),
                       ticket("Y", "E", 15)]}


@pytest.fixture(scope="module")
def ring() -> Board:
    return tiny_board(ROUTES, TICKETS)


def seat0_view(game: Game, owner: dict[int, int], trains: Sequence[int], phase: str = "main",
               tickets: Sequence[int] = (), offered: Sequence[int] = (),
               hand: dict[str, int] | None = None) -> PlayerView:
    """Seat 0's view of a position: its routes, everyone's trains, its tickets."""
    st = position(game, hands={0: hand or {}, 1: {"red": 4}}, tickets={0: list(tickets)})
    view = st.view(0)
    route_owner = [-1] * game.n_routes
    for r, seat in owner.items():
        route_owner[r] = seat
    return view._replace(phase=phase, route_owner=tuple(route_owner), trains=tuple(trains),
                         offered=tuple(offered), tickets=tuple(tickets))


def keeps(game: Game, view: PlayerView) -> list[Action]:
    out: list[Action] = []
    keep_actions(list(view.offered), game.rules.tickets.draw_keep_min, out)
    return out


def expert(game: Game) -> Expert:
    return Expert(game, 0, random.Random(0))


def test_keeps_a_ticket_its_network_nearly_completes_and_lets_a_far_one_go(ring: Board) -> None:
    game = Game(ring, 2)
    view = seat0_view(game, {0: 0, 1: 0}, (39, 30), "tickets", tickets=(0,), offered=(1, 6))
    choice = expert(game).choose(view, keeps(game, view))
    assert isinstance(choice, KeepTickets)
    assert choice.tickets == (1,)  # A-D: one train from its network; Y-E: 14 for 15 points


def test_takes_a_far_ticket_early_but_rejects_it_late(ring: Board) -> None:
    game = Game(ring, 2)
    early = seat0_view(game, {0: 0, 1: 0}, (39, 45), "tickets", tickets=(0,), offered=(1, 2))
    late = seat0_view(game, {0: 0, 1: 0}, (39, 4), "tickets", tickets=(0,), offered=(1, 2))
    early_choice = expert(game).choose(early, keeps(game, early))
    late_choice = expert(game).choose(late, keeps(game, late))
    assert isinstance(early_choice, KeepTickets) and isinstance(late_choice, KeepTickets)
    assert set(early_choice.tickets) == {1, 2}  # E-G: 20 points, 10 trains, time enough
    assert late_choice.tickets == (1,)  # the other player is about to end the game


def test_draws_tickets_when_its_tickets_are_done_and_trains_remain(ring: Board) -> None:
    game = Game(ring, 2)
    actions: list[Action] = [game.draw_blind, game.draw_tickets]
    done = seat0_view(game, {0: 0, 1: 0}, (39, 45), tickets=(0,))
    assert isinstance(expert(game).choose(done, actions), DrawTickets)
    # Not when the end is near: a ticket drawn now would most likely be lost.
    ending = seat0_view(game, {0: 0, 1: 0}, (39, 3), tickets=(0,))
    assert isinstance(expert(game).choose(ending, actions), DrawBlind)


# Two parts of seat 1's network, P-Q and R-S, joined by the one-train Q-R; going
# round by Q-T-R costs 8 trains (or 2 on the cheap board).
def blocking_board(detour: int) -> Board:
    return tiny_board([route("P", "Q", 3, "blue"), route("Q", "R", 1, "red"),
                       route("R", "S", 3, "blue"), route("Q", "T", detour // 2, "green"),
                       route("T", "R", detour // 2, "green")],
                      {"regular": [ticket("P", "S", 8), ticket("Q", "T", 4)]})


@pytest.mark.parametrize(("detour", "blocks"), [(8, True), (2, False)])
def test_blocks_a_short_route_an_opponent_visibly_needs_only_when_going_round_is_dear(
        detour: int, blocks: bool) -> None:
    board = blocking_board(detour)
    game = Game(board, 2)
    claim = game.claim_action(1, game.card_index["red"], 0)
    view = seat0_view(game, {0: 1, 2: 1}, (45, 39), hand={"red": 2})
    choice = expert(game).choose(view, [game.draw_blind, claim])
    assert (choice == claim) is blocks


@pytest.mark.parametrize(("map_id", "players"), [("usa", 2), ("usa", 4), ("europe", 3),
                                                  ("europe", 5), ("switzerland", 2),
                                                  ("switzerland", 3)])
def test_plays_legal_games_that_end_normally_and_rescore(boards: dict[str, Board], map_id: str,
                                                        players: int) -> None:
    table = Table(boards[map_id], players, ("expert",))
    for g in range(2):
        record = table.play(11, g, check_invariants=(g == 0))
        assert record["end"] == "normal"
        assert rescore(record) == []
        assert max(p["score"] for p in record["results"]) > 60


def test_same_seed_same_game(usa: Board) -> None:
    def log(table: Table) -> Any:
        return table.play(5, 3, log_actions=True)

    assert log(Table(usa, 4, ("expert", "route-focus"))) == \
        log(Table(usa, 4, ("expert", "route-focus")))


def test_beats_route_focus_two_handed_and_draws_tickets_in_play(usa: Board) -> None:
    # A small sample of the benchmark's goal (make bench plays 400 games): the
    # expert wins most of them and draws tickets during play.
    table = Table(usa, 2, ("expert", "route-focus"))
    wins = draws = 0
    for g in range(24):
        record = table.play(2, g, log_actions=True)
        wins += any(record["bots"][s] == "expert" for s in record["winners"])
        seat = record["bots"].index("expert")
        draws += sum(1 for s, text in record["actions"] if s == seat and text == "tickets")
    assert wins >= 13
    assert draws >= 1
    assert resolve_bot("expert") is Expert


def test_claim_payments_are_legal_actions(ring: Board) -> None:
    # A claim it picks is one of the actions it was given, paid the cheapest way.
    game = Game(ring, 2)
    claims = [game.claim_action(2, game.card_index["green"], 0),
              game.claim_action(2, game.loco, 1)]
    view = seat0_view(game, {0: 0, 1: 0}, (39, 30), tickets=(0, 1), hand={"green": 1,
                                                                          "locomotive": 1})
    choice = expert(game).choose(view, [game.draw_blind, *claims])
    assert isinstance(choice, ClaimRoute)
    assert choice == claims[0]


def test_r_claim_5_a_double_route_is_a_block_only_where_its_second_track_closes() -> None:
    # With two players claiming one track of a double route closes the other
    # (R-CLAIM-5): a block.  With four both may be claimed: no block.
    board = tiny_board([route("P", "Q", 3, "blue"), route("Q", "R", 1, "red", double="qr"),
                        route("Q", "R", 1, "blue", double="qr"), route("R", "S", 3, "blue"),
                        route("Q", "T", 4, "green"), route("T", "R", 4, "green")],
                       {"regular": [ticket("P", "S", 8), ticket("Q", "T", 4)]})
    for players, blocks in ((2, True), (4, False)):
        game = Game(board, players)
        claim = game.claim_action(1, game.card_index["red"], 0)
        trains = (45, 39, 45, 45)[:players]
        view = seat0_view(game, {0: 1, 3: 1}, trains, hand={"red": 2})
        choice = expert(game).choose(view, [game.draw_blind, claim])
        assert (choice == claim) is blocks, players


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_blocking_gaps_hold_every_route_whose_loss_costs_another_player(
        boards: dict[str, Board], map_id: str) -> None:
    """Detours.gaps narrows the routes block() weighs: it must never leave out
    one whose loss would cost another player trains.  One Detours sees every
    position in turn (unrelated positions: its networks must start afresh)
    and answers as a new one would."""
    game = Game(boards[map_id], 3)
    rng = random.Random(7)
    every = frozenset(range(game.n_routes))
    detours = Detours(game, 0)
    gaps_seen = 0
    for _ in range(40):
        owner = tuple(rng.choice((-1, -1, 0, 1, 2)) for _ in range(game.n_routes))
        detours.sync(owner)
        gaps = detours.gaps(owner, every)
        gaps_seen += len(gaps)
        for r in every:
            if owner[r] < 0 and detours.cost(owner, r) > 0:
                assert r in gaps, (map_id, r)
        fresh = Detours(game, 0)
        assert [detours.cost(owner, r) for r in sorted(gaps)] == \
            [fresh.cost(owner, r) for r in sorted(gaps)]
    assert gaps_seen  # the positions do hold gaps
