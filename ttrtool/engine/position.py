"""One position of a game: its fields and what can be read from them (R-SET, R-TURN).

A :class:`Position` holds the cards, claims, tickets and whose decision it
is, and answers the questions asked of a position: the legal actions (from
the rule modules, which only look) and one player's view.  Its methods change
no field of the game (they only keep memos of their own answers: the action
lists of this decision, the public parts of views); every change is
:class:`~ttrtool.engine.state.GameState`'s, the one owner of a game's moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ttrtool.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    among,
)
from ttrtool.engine.cards import draw_actions
from ttrtool.engine.claims import claim_actions, claim_is_legal, tunnel_actions
from ttrtool.engine.stations import station_actions, station_is_legal
from ttrtool.engine.tables import BoardTables
from ttrtool.engine.tickets import keep_actions
from ttrtool.engine.view import PlayerView, TunnelView
from ttrtool.graph import UnionFind

SETUP, MAIN, SECOND_DRAW, TICKETS, TUNNEL, OVER = range(6)
PHASE_NAMES = ("setup_tickets", "main", "second_draw", "tickets", "tunnel", "over")
# The view's fields are filled by position, in PlayerView's order, for speed: a keyword
# call costs about 2 us a decision, a fifth of a random-bot game.  A test builds every
# view of seeded games by keyword and compares (tests/engine/test_fast_paths.py).
_new_view = tuple.__new__


@dataclass(slots=True)
class TunnelPending:
    """Cards laid for a tunnel and the cards turned over (R-EU-7)."""

    route: int
    color: int  # card index of the colour used; the locomotive if only locomotives
    cards: int  # coloured cards laid
    locomotives: int  # locomotives laid
    revealed: list[int]
    extra: int  # extra cards demanded
    substitutes: tuple[tuple[int, int], ...] = ()  # (card, number) laid as "any N" sets

    def copy(self) -> TunnelPending:
        return TunnelPending(self.route, self.color, self.cards, self.locomotives,
                             list(self.revealed), self.extra, self.substitutes)


class Position:
    """A position: cards, claims, tickets, whose decision it is, and the history."""

    def __init__(self, game: BoardTables, seed: int) -> None:
        g = game
        n = g.players
        self.game = g
        self.seed = seed
        self.rng = random.Random(seed)
        self.phase = SETUP
        self.current_player = 0
        self.turn = 0
        self.end_reason: str | None = None
        self.final_countdown: int | None = None  # turns left once R-END-1 triggered
        self.draws_left = 0
        self.hands = [[0] * g.n_cards for _ in range(n)]
        # Cards in each hand (views' hand_sizes), kept by every change to a hand;
        # check_invariants recounts it.  Code that arranges hands by hand calls
        # recount_hands().
        self.hand_count = [0] * n
        self.deck: list[int] = []
        self.discards: list[int] = []
        self.market: list[int] = []
        self.owner = [-1] * g.n_routes
        # Per player, the routes still open to them (unclaimed, and not closed by the
        # parallel-route rules: claims.route_open_to), by payment key in route order;
        # kept by GameState.complete_claim, read by claims.claim_actions.
        self.open_for = [[list(rs) for rs in g.key_routes] for _ in range(n)]
        self.trains = [g.rules.trains_per_player] * n
        self.route_score = [0] * n
        self.claimed: list[list[int]] = [[] for _ in range(n)]
        self.claim_turns: list[list[int]] = [[] for _ in range(n)]
        # Per player, which places their own routes join (R-TIX-2), kept as they claim.
        self.uf = [UnionFind(g.uf_size) for _ in range(n)]
        self.tickets: list[list[int]] = [[] for _ in range(n)]
        self.offers: list[list[int]] = [[] for _ in range(n)]
        self.ticket_decks: dict[str, list[int]] = {d: [] for d in g.ticket_deck_names}
        self.removed_tickets: list[int] = []
        self.stations_left = [g.stations_per_player] * n
        self.station_owner = [-1] * g.n_nodes
        self.stations: list[tuple[int, int]] = []
        self.tunnel: TunnelPending | None = None
        self.tunnels_paid = 0
        self.tunnels_withdrawn = 0
        self.extra_cards = 0
        self.market_wipes = 0
        self.wipes_stopped = 0  # times the market got stuck with too many locomotives
        self.market_stuck = False  # is it stuck now (R-DRAW-5, GameState.settle_market)
        self.history: list[tuple[int, Action]] = []
        self._legal: list[Action] | None = None
        self._default: list[Action] | None = None  # default_actions(), this decision
        self._bare: list[Action] | None = None  # default_actions(menu=True), this decision
        # The public board in views (owners, stations, trains, route scores), as
        # tuples; cleared by every claim and station (GameState.complete_claim,
        # GameState.build_station), so it is rebuilt only after the board changed.
        self.board_view: tuple[tuple[Any, ...], ...] | None = None
        # The tickets in views (each player's tickets and offer, the ticket counts and
        # the draw deck's size); cleared by every ticket deal, draw and keep.
        self.ticket_view: tuple[Any, ...] | None = None

    # -- queries ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def legal_actions(self) -> list[Action]:
        """The current player's legal decisions in a stable order; empty only when over."""
        if self._legal is None:
            self._legal = self._generate(self.current_player)
        return list(self._legal)

    def default_actions(self, menu: bool = False) -> list[Action]:
        """:meth:`legal_actions` with each route's claims cut to one per colour: the
        default payment, the first of that colour's payments (fewest locomotives, then
        fewest substitute sets); the same values in the same order, the other payments
        left out.  ``claim_payments`` lists those of one route and colour.

        A bot that would always pick a colour's first payment decides the same on
        this shorter list, and ``apply`` checks its choice against it without
        building the full list.  When it would hold only one claim and nothing
        else, it is the full list (a choice among payments is then the whole turn).

        With ``menu=True`` the main phase's list leaves the claims and stations
        out: the bot asks for them by route and by city
        (:class:`~ttrtool.engine.board_menu.BoardMenu`, the same actions), and
        ``apply`` checks one without listing any (docs/engine.md, "Claims and
        stations on demand").  When nothing else (or a pass) would be left, it is
        the whole list.
        """
        if menu and self.phase == MAIN:
            if self._bare is None:
                out: list[Action] = []
                self._main_actions(self.current_player, out, default=True, board=False)
                self._bare = out if out else self._default_list()
            return list(self._bare)
        return list(self._default_list())

    def _default_list(self) -> list[Action]:
        if self._default is None:
            if self.phase != MAIN:
                self._default = self._legal if self._legal is not None else self._generate(
                    self.current_player)
                self._legal = self._default
            else:
                out: list[Action] = []
                self._main_actions(self.current_player, out, True)
                if not out:
                    out.append(self.game.pass_action)
                elif len(out) == 1 and isinstance(out[0], ClaimRoute):
                    out = self._legal if self._legal is not None else self._generate(
                        self.current_player)
                    self._legal = out
                self._default = out
        return self._default

    def claim_payments(self, action: ClaimRoute) -> list[Action]:
        """Every legal payment for the route and colour of ``action`` (one of
        :meth:`default_actions`), in :meth:`legal_actions` order, default first."""
        if self.phase != MAIN:
            return []
        return [a for a in self.legal_actions()
                if isinstance(a, ClaimRoute) and a.route == action.route
                and a.color == action.color]

    def _generate(self, p: int) -> list[Action]:
        out: list[Action] = []
        phase = self.phase
        g = self.game
        if phase == MAIN:
            self._main_actions(p, out)
            if not out:
                out.append(g.pass_action)  # R-END-2: nothing else is legal for this player
        elif phase == SECOND_DRAW:
            draw_actions(g, self.market, self.deck, self.discards, True, out)
        elif phase == TUNNEL:
            t = self.tunnel
            assert t is not None
            tunnel_actions(g, t.color, t.extra, self.hands[p], out)
        elif phase == SETUP:
            keep_actions(self.offers[p], g.rules.tickets.setup_keep_min, out)
        elif phase == TICKETS:
            keep_actions(self.offers[p], g.rules.tickets.draw_keep_min, out)
        return out

    def _main_actions(self, p: int, out: list[Action], default: bool = False,
                      board: bool = True) -> None:
        """R-TURN-1: draw cards, claim a route, draw tickets, or build a station
        (without ``board``, only the draws and the ticket draw)."""
        g = self.game
        draw_actions(g, self.market, self.deck, self.discards, False, out)
        if board:
            claim_actions(g, self.hands[p], self.trains[p], self.open_for[p], out, default)
        if self.ticket_decks.get(g.draw_deck):  # R-TIX-1: not with an empty deck
            out.append(g.draw_tickets)
        if board and self.stations_left[p] > 0:  # station_actions' first test, without the call
            station_actions(g, self.hands[p], self.stations_left[p], self.station_owner, out)

    def has_move(self, p: int) -> bool:
        """Does player ``p`` have any action other than passing at the start of a turn?"""
        if self.deck or self.discards:  # a card can be drawn (R-DRAW-7)
            return True
        if self.ticket_decks.get(self.game.draw_deck):
            return True
        g = self.game
        out: list[Action] = []
        hand = self.hands[p]
        claim_actions(g, hand, self.trains[p], self.open_for[p], out, True)  # a default
        if out:  # payment exists iff any does
            return True
        station_actions(g, hand, self.stations_left[p], self.station_owner, out)
        return bool(out)

    def _legal_unlisted(self, action: Action) -> bool:
        """Is a decision that is not in the list handed out legal?  Against the full
        list if it was made; else a claim or station in the main phase against the
        rules directly (the same answer, without building the list: a bot reading a
        BoardMenu is handed neither); anything else against the full list."""
        if self._legal is not None:
            return among(action, self._legal)
        if self.phase == MAIN:
            p = self.current_player
            if type(action) is ClaimRoute:
                return claim_is_legal(self.game, self.hands[p], self.trains[p], self.open_for[p],
                                      action)
            if type(action) is BuildStation:
                return station_is_legal(self.game, self.hands[p], self.stations_left[p],
                                        self.station_owner, action)
        return among(action, self._generate(self.current_player))

    # -- views --------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now (never others' hands or tickets, nor deck order)."""
        t = self.tunnel
        board = self.board_view
        if board is None:
            board = self.board_view = (tuple(self.owner), tuple(self.stations),
                                       tuple(self.trains), tuple(self.stations_left),
                                       tuple(self.route_score))
        fc = self.final_countdown
        tv = self.ticket_view
        if tv is None:
            tv = self.ticket_view = (
                tuple(map(tuple, self.tickets)), tuple(map(tuple, self.offers)),
                tuple(map(len, self.tickets)),
                len(self.ticket_decks.get(self.game.draw_deck, ())))
        # tuple.__new__ is what the named tuple's own constructor calls, without its frame.
        return _new_view(PlayerView, (
            player,  # seat
            self.current_player,
            PHASE_NAMES[self.phase],
            self.turn,
            fc is not None,  # final_round
            fc,  # turns_left
            self.game.card_names,
            tuple(self.hands[player]),
            tv[0][player],  # tickets
            tv[1][player],  # offered
            tuple(self.market),
            len(self.deck),
            len(self.discards),
            tv[3],  # ticket_deck_size
            board[0],  # route_owner
            board[1],  # stations
            board[2],  # trains
            board[3],  # stations_left
            tuple(self.hand_count),  # hand_sizes
            tv[2],  # ticket_counts
            board[4],  # route_scores
            None if t is None else TunnelView(
                t.route, t.color, t.cards, t.locomotives, tuple(t.revealed), t.extra),
        ))
