"""GameState.resampled: a position as one player may imagine it, what it cannot see
dealt anew and what it can see kept, for players that search by playouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game, GameState
from ttrtool.engine.invariants import check_invariants
from ttrtool.engine.state import OVER
from ttrtool.model import Board


def midgame(game: Game, seed: int, actions: int) -> GameState:
    """A position ``actions`` random decisions into a seeded game."""
    st = game.new_state(seed)
    bots = [RandomBot(game, p, random.Random(seed * 10 + p)) for p in range(game.players)]
    for _ in range(actions):
        if st.is_over:
            break
        p = st.current_player
        st.apply(bots[p].choose(st.view(p), st.legal_actions()))
    return st


def cards_of(st: GameState, seats: list[int]) -> Counter[int]:
    """The cards of the deck and of the hands of ``seats``."""
    out: Counter[int] = Counter(st.deck)
    for q in seats:
        out.update({c: k for c, k in enumerate(st.hands[q]) if k})
    return out


def tickets_of(st: GameState, seats: list[int]) -> Counter[int]:
    out: Counter[int] = Counter(t for deck in st.ticket_decks.values() for t in deck)
    for q in seats:
        out.update(st.tickets[q])
        out.update(st.offers[q])
    return out


@pytest.mark.parametrize("map_id,players,actions", [
    ("usa", 4, 60), ("usa", 4, 3), ("europe", 3, 80), ("europe", 5, 4), ("switzerland", 2, 50)])
def test_hidden_dealt_anew_seen_kept(boards: dict[str, Board], map_id: str, players: int,
                                     actions: int) -> None:
    game = Game(boards[map_id], players)
    st = midgame(game, 17, actions)
    before = st.clone()
    seat = st.current_player
    others = [q for q in range(players) if q != seat]
    new = st.resampled(5, seat)
    # the seat's own cards and tickets, and what everyone sees, are kept
    assert new.hands[seat] == st.hands[seat]
    assert new.tickets[seat] == st.tickets[seat] and new.offers[seat] == st.offers[seat]
    for field in ("owner", "trains", "market", "discards", "route_score", "hand_count",
                  "stations", "phase", "current_player"):
        assert getattr(new, field) == getattr(st, field), field
    # every hidden count is kept, and nothing is made or lost
    for q in others:
        assert sum(new.hands[q]) == sum(st.hands[q])
        assert len(new.tickets[q]) == len(st.tickets[q])
        assert len(new.offers[q]) == len(st.offers[q])
        for name in game.ticket_deck_names:
            def of(ts: list[int], name: str = name) -> int:
                return sum(1 for t in ts if game.board.tickets[t].deck == name)
            assert of(new.tickets[q]) == of(st.tickets[q])
    assert {k: len(v) for k, v in new.ticket_decks.items()} == \
        {k: len(v) for k, v in st.ticket_decks.items()}
    assert cards_of(new, others) == cards_of(st, others)
    assert tickets_of(new, others) == tickets_of(st, others)
    assert not check_invariants(new)
    # the position it was drawn from is untouched
    assert st.deck == before.deck and st.hands == before.hands and st.tickets == before.tickets
    assert st.ticket_decks == before.ticket_decks and st.offers == before.offers


def test_same_seed_same_copy_and_other_seeds_differ(boards: dict[str, Board]) -> None:
    game = Game(boards["usa"], 4)
    st = midgame(game, 23, 40)
    seat = st.current_player
    a, b = st.resampled(9, seat), st.resampled(9, seat)
    assert (a.deck, a.hands, a.tickets, a.ticket_decks) == (b.deck, b.hands, b.tickets,
                                                            b.ticket_decks)
    others = [q for q in range(4) if q != seat]
    deals = {tuple(tuple(st.resampled(s, seat).hands[q]) for q in others) for s in range(8)}
    assert len(deals) > 1  # another player's hand is not kept as it was
    tix = {tuple(tuple(sorted(st.resampled(s, seat).tickets[q])) for q in others)
           for s in range(8)}
    assert len(tix) > 1


def test_a_resampled_position_plays_to_its_end(boards: dict[str, Board]) -> None:
    game = Game(boards["europe"], 4)
    st = midgame(game, 31, 50)
    new = st.resampled(3, st.current_player)
    bots = [RandomBot(game, p, random.Random(p)) for p in range(4)]
    while not new.is_over:
        p = new.current_player
        new.apply(bots[p].choose(new.view(p), new.legal_actions()))
        assert not check_invariants(new)
    assert new.phase == OVER
    assert new.result().players


def test_without_a_seat_only_what_nobody_sees(boards: dict[str, Board]) -> None:
    game = Game(boards["usa"], 4)
    st = midgame(game, 41, 70)
    new = st.resampled(2)
    assert new.hands == st.hands and new.tickets == st.tickets and new.offers == st.offers
    assert sorted(new.deck) == sorted(st.deck) and new.deck != st.deck
    for name, deck in st.ticket_decks.items():
        assert sorted(new.ticket_decks[name]) == sorted(deck)
