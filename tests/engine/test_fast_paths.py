"""Shortcuts taken for speed agree with the plain computation they replace
(docs/engine.md, "Speed")."""

from __future__ import annotations

import random
from functools import partial
from itertools import product

from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game, GameState, PlayerView, TunnelView
from ttrtool.engine.actions import Action
from ttrtool.engine.cards import draw_actions
from ttrtool.engine.state import SECOND_DRAW
from ttrtool.engine.stations import _totals
from ttrtool.engine.tickets import score_ticket
from ttrtool.model import Board


def random_positions(board: Board, players: int, games: int, every: int = 1) -> list[GameState]:
    """Positions of seeded random games (clones), one every ``every`` decisions, and
    each game's end."""
    g = Game(board, players)
    out = []
    for seed in range(games):
        st = g.new_state(seed)
        bots = [RandomBot(g, p, random.Random(seed * 31 + p)) for p in range(players)]
        k = 0
        while not st.is_over:
            if k % every == 0:
                out.append(st.clone())
            k += 1
            p = st.current_player
            st.apply(bots[p].choose(st.view(p), st.legal_actions()))
        out.append(st)
    return out


def plain_draws(st: GameState, second: bool) -> list[Action]:
    """Card draws as the engine listed them before they were kept per set of colours."""
    if not (st.deck or st.discards):
        return []
    g = st.game
    banned = g.loco if second and g.rules.face_up_locomotive_ends_draw else -1
    shown = sorted({c for c in st.market if c != banned})
    out: list[Action] = [g.draw_face_up[c] for c in shown]
    return [*out, g.draw_blind]


def test_draws_kept_per_set_of_colours_agree_with_the_market(
        usa: Board, switzerland: Board) -> None:
    for board in (usa, switzerland):
        for st in random_positions(board, 3, 6):
            for second in (False, True):
                out: list[Action] = []
                draw_actions(st.game, st.market, st.deck, st.discards, second, out)
                assert out == plain_draws(st, second)
            if st.phase == SECOND_DRAW:
                assert [a for a in st.legal_actions() if a.text.startswith("draw")] == (
                    plain_draws(st, True))


def test_station_totals_agree_with_scoring_every_ticket(europe: Board) -> None:
    """R-EU-4: the ticket total of every choice of borrowed routes, added up without
    building results, equals the sum of score_ticket over the same tickets."""
    checked = 0
    for st in random_positions(europe, 4, 12, every=10 ** 9):
        g = st.game
        for player in range(g.players):
            own = [city for city, p in st.stations if p == player]
            tickets = st.tickets[player]
            if not own or not tickets:
                continue
            base = list(st.uf[player].parent)

            def find_in(par: list[int], x: int) -> int:
                while par[x] != x:
                    x = par[x]
                return x

            options = [[None, *(r for r in g.adjacency[city]
                                if st.owner[r] >= 0 and st.owner[r] != player)]
                       for city in own]
            total_of = _totals(g, st.uf[player], tickets)
            assert total_of is not None  # Europe names no border point
            for choice in list(product(*options))[:200]:
                par = list(base)
                borrowed = {r for r in choice if r is not None}
                for r in sorted(borrowed):
                    ra, rb = find_in(par, g.end_a[r]), find_in(par, g.end_b[r])
                    if ra != rb:
                        par[ra] = rb
                owned = {r for r, o in enumerate(st.owner) if o == player} | borrowed
                want = sum(score_ticket(g, t, owned.__contains__,
                                        partial(find_in, par)).scored for t in tickets)
                assert total_of(choice) == want
                checked += 1
    assert checked > 100


def test_views_kept_between_decisions_agree_with_views_made_afresh(
        usa: Board, europe: Board, switzerland: Board) -> None:
    """The board and ticket parts of views are kept until a claim, station or ticket
    deal, draw or keep changes them: every view of seeded random games equals one
    made with nothing kept, and its hand sizes the hands' cards."""
    checked = 0
    for board, players in ((usa, 4), (europe, 3), (switzerland, 2)):
        g = Game(board, players)
        for seed in range(4):
            st = g.new_state(seed)
            bots = [RandomBot(g, p, random.Random(seed * 7 + p)) for p in range(players)]
            while not st.is_over:
                kept = [st.view(q) for q in range(players)]
                st.board_view = st.ticket_view = None
                assert kept == [st.view(q) for q in range(players)]
                # hand sizes are counted as cards move, not summed for each view
                assert kept[0].hand_sizes == tuple(sum(h) for h in st.hands)
                checked += 1
                p = st.current_player
                st.apply(bots[p].choose(st.view(p), st.legal_actions()))
    assert checked > 1000


def view_by_name(st: GameState, seat: int) -> PlayerView:
    """A player's view built field by field, by keyword, from the state itself."""
    t = st.tunnel
    return PlayerView(
        seat=seat, current_player=st.current_player, phase=st.phase_name, turn=st.turn,
        final_round=st.final_countdown is not None, turns_left=st.final_countdown,
        card_names=st.game.card_names, hand=tuple(st.hands[seat]),
        tickets=tuple(st.tickets[seat]), offered=tuple(st.offers[seat]),
        market=tuple(st.market), deck_size=len(st.deck), discard_size=len(st.discards),
        ticket_deck_size=len(st.ticket_decks.get(st.game.draw_deck, ())),
        route_owner=tuple(st.owner), stations=tuple(st.stations), trains=tuple(st.trains),
        stations_left=tuple(st.stations_left), hand_sizes=tuple(map(sum, st.hands)),
        ticket_counts=tuple(map(len, st.tickets)), route_scores=tuple(st.route_score),
        tunnel=None if t is None else TunnelView(
            route=t.route, color=t.color, cards=t.cards, locomotives=t.locomotives,
            revealed=tuple(t.revealed), extra=t.extra))


def test_views_hold_each_field_under_its_own_name(usa: Board, europe: Board) -> None:
    """GameState.view fills the view's fields by position for speed (a keyword call
    costs about 2 us a decision, a fifth of a random-bot game): every view of seeded
    games, tunnels included, equals one built by keyword from the state's fields."""
    checked = 0
    for board, players in ((usa, 3), (europe, 4)):
        g = Game(board, players)
        for seed in range(3):
            st = g.new_state(seed)
            bots = [RandomBot(g, p, random.Random(seed * 5 + p)) for p in range(players)]
            while not st.is_over:
                for q in range(players):
                    assert st.view(q) == view_by_name(st, q)
                checked += 1
                p = st.current_player
                st.apply(bots[p].choose(st.view(p), st.legal_actions()))
    assert checked > 500
