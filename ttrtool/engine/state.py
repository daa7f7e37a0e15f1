"""One position of a game and the turn structure (R-SET, R-TURN, R-END).

A :class:`GameState` is mutable for speed; :meth:`GameState.clone` copies it.
Every decision goes through :meth:`GameState.apply`, which checks once that
the game is not over and that the action is among :meth:`legal_actions`;
the rule modules (cards, claims, tickets, stations) then do the work.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ttrtool.engine import cards, claims, stations, tickets
from ttrtool.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    IllegalAction,
    KeepTickets,
    Pass,
    TunnelPay,
    TunnelWithdraw,
    among,
)
from ttrtool.engine.board_menu import claim_is_legal, station_is_legal
from ttrtool.engine.claims import TunnelPending
from ttrtool.engine.view import PlayerView, TunnelView
from ttrtool.graph import UnionFind

if TYPE_CHECKING:
    from ttrtool.engine.game import Game
    from ttrtool.engine.result import GameResult

SETUP, MAIN, SECOND_DRAW, TICKETS, TUNNEL, OVER = range(6)
PHASE_NAMES = ("setup_tickets", "main", "second_draw", "tickets", "tunnel", "over")
_new_view = tuple.__new__


class GameState:
    """A position: cards, claims, tickets, whose decision it is, and the history."""

    def __init__(self, game: Game, seed: int) -> None:
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
        # kept by claims.complete_claim, read by claims.claim_actions.
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
        self.market_stuck = False  # is it stuck now (R-DRAW-5, cards.settle_market)
        self.history: list[tuple[int, Action]] = []
        self._legal: list[Action] | None = None
        self._default: list[Action] | None = None  # default_actions(), this decision
        self._bare: list[Action] | None = None  # default_actions(menu=True), this decision
        # The public board in views (owners, stations, trains, route scores), as
        # tuples; cleared by every claim and station (claims.complete_claim,
        # stations.build), so it is rebuilt only after the board changed.
        self.board_view: tuple[tuple[Any, ...], ...] | None = None
        # The tickets in views (each player's tickets and offer, the ticket counts and
        # the draw deck's size); cleared by every ticket deal, draw and keep (tickets.py).
        self.ticket_view: tuple[Any, ...] | None = None

    @classmethod
    def start(cls, game: Game, seed: int) -> GameState:
        """Shuffle and deal (R-SET-2..4): cards, market, then setup tickets."""
        st = cls(game, seed)
        g = game
        st.deck = cards.new_deck(g.deck_counts)
        st.rng.shuffle(st.deck)
        for p in range(g.players):
            for _ in range(g.rules.initial_hand):
                card = cards.draw_card(st)
                if card >= 0:
                    st.hands[p][card] += 1
        st.recount_hands()
        cards.refill_market(st)
        for t in g.board.tickets:
            st.ticket_decks[t.deck].append(t.index)
        for name in g.ticket_deck_names:
            st.rng.shuffle(st.ticket_decks[name])
        tickets.deal_setup(st)
        st.phase = SETUP
        st.current_player = 0
        return st

    def clone(self) -> GameState:
        """An independent copy (the generator included) of this position."""
        new = GameState.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.hands = [list(h) for h in self.hands]
        new.hand_count = list(self.hand_count)
        new.deck = list(self.deck)
        new.discards = list(self.discards)
        new.market = list(self.market)
        new.owner = list(self.owner)
        new.open_for = [[list(rs) for rs in keys] for keys in self.open_for]
        new.trains = list(self.trains)
        new.route_score = list(self.route_score)
        new.claimed = [list(c) for c in self.claimed]
        new.claim_turns = [list(c) for c in self.claim_turns]
        new.uf = [u.copy() for u in self.uf]
        new.tickets = [list(t) for t in self.tickets]
        new.offers = [list(o) for o in self.offers]
        new.ticket_decks = {k: list(v) for k, v in self.ticket_decks.items()}
        new.removed_tickets = list(self.removed_tickets)
        new.stations_left = list(self.stations_left)
        new.station_owner = list(self.station_owner)
        new.stations = list(self.stations)
        new.tunnel = self.tunnel.copy() if self.tunnel is not None else None
        new.history = list(self.history)
        new._legal = None
        new._default = None
        new._bare = None
        return new

    # -- connectivity -------------------------------------------------------

    def union(self, player: int, a: int, b: int) -> None:
        """Join two places in ``player``'s network (a claimed route's ends)."""
        self.uf[player].union(a, b)

    def recount_hands(self) -> None:
        """Count the cards of every hand afresh (after hands were arranged by hand)."""
        self.hand_count = [sum(h) for h in self.hands]

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
            cards.draw_actions(self, True, out)
        elif phase == TUNNEL:
            claims.tunnel_actions(self, p, out)
        elif phase == SETUP:
            tickets.keep_actions(self.offers[p], g.rules.tickets.setup_keep_min, out)
        elif phase == TICKETS:
            tickets.keep_actions(self.offers[p], g.rules.tickets.draw_keep_min, out)
        return out

    def _main_actions(self, p: int, out: list[Action], default: bool = False,
                      board: bool = True) -> None:
        """R-TURN-1: draw cards, claim a route, draw tickets, or build a station
        (without ``board``, only the draws and the ticket draw)."""
        cards.draw_actions(self, False, out)
        if board:
            claims.claim_actions(self, p, out, default)
        if self.ticket_decks.get(self.game.draw_deck):  # R-TIX-1: not with an empty deck
            out.append(self.game.draw_tickets)
        if board and self.stations_left[p] > 0:  # station_actions' first test, without the call
            stations.station_actions(self, p, out)

    def has_move(self, p: int) -> bool:
        """Does player ``p`` have any action other than passing at the start of a turn?"""
        if self.deck or self.discards:  # a card can be drawn (R-DRAW-7)
            return True
        if self.ticket_decks.get(self.game.draw_deck):
            return True
        out: list[Action] = []
        claims.claim_actions(self, p, out, True)  # a default payment exists iff any does
        if out:
            return True
        stations.station_actions(self, p, out)
        return bool(out)

    # -- applying -----------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply the current player's decision; raise :class:`IllegalAction` if it is not legal."""
        if self.phase == OVER:
            raise IllegalAction(
                f"the game is over; cannot apply {getattr(action, 'text', repr(action))!r}")
        # Checked once, against the list the action most likely came from.
        if not ((self._default is not None and among(action, self._default))
                or (self._bare is not None and among(action, self._bare))
                or self._legal_unlisted(action)):
            text = getattr(action, "text", repr(action))  # a bot may return anything
            raise IllegalAction(
                f"{text!r} is not legal for player {self.current_player} "
                f"in phase {self.phase_name}")
        self._legal = self._default = self._bare = None
        p = self.current_player
        self.history.append((p, action))
        g = self.game
        if isinstance(action, (DrawFaceUp, DrawBlind)):  # a tuple: cheaper than a union
            self._draw(p, action)
        elif isinstance(action, ClaimRoute):
            subs = (tuple((g.card_index[c], n) for c, n in action.substitutes)
                    if action.substitutes else ())
            if claims.lay_claim(self, p, action.route, g.card_index[action.color],
                                action.cards, action.locomotives, subs):
                self._end_turn()
            else:
                self.phase = TUNNEL
        elif isinstance(action, TunnelPay):
            claims.finish_tunnel(self, p, True, action.cards, action.locomotives)
            self._end_turn()
        elif isinstance(action, TunnelWithdraw):
            claims.finish_tunnel(self, p, False, 0, 0)
            self._end_turn()
        elif isinstance(action, DrawTickets):
            tickets.draw(self, p)
            self.phase = TICKETS
        elif isinstance(action, KeepTickets):
            setup = self.phase == SETUP
            tickets.keep(self, p, action.tickets, setup)
            if setup:
                self._next_setup()
            else:
                self._end_turn()
        elif isinstance(action, BuildStation):
            stations.build(self, p, action.city, g.card_index[action.color], action.cards,
                           action.locomotives)
            self._end_turn()
        elif isinstance(action, Pass):
            self._end_turn()

    def _legal_unlisted(self, action: Action) -> bool:
        """Is a decision that is not in the list handed out legal?  Against the full
        list if it was made; else a claim or station in the main phase against the
        rules directly (the same answer, without building the list: a bot reading a
        BoardMenu is handed neither); anything else against the full list."""
        if self._legal is not None:
            return among(action, self._legal)
        if self.phase == MAIN:
            if type(action) is ClaimRoute:
                return claim_is_legal(self, self.current_player, action)
            if type(action) is BuildStation:
                return station_is_legal(self, self.current_player, action)
        return among(action, self._generate(self.current_player))

    def _draw(self, p: int, action: DrawFaceUp | DrawBlind) -> None:
        """R-DRAW-1..4, R-CH-6: a draw is one or two decisions."""
        g = self.game
        if isinstance(action, DrawFaceUp):
            card = g.card_index[action.color]
            cards.take_face_up(self, p, card)
            if self.phase == MAIN and card == g.loco and g.face_up_loco_ends_draw:
                self._end_turn()  # R-DRAW-3: a face-up locomotive is the whole draw
                return
        else:
            cards.take_blind(self, p)
        self.draws_left = (g.draw_cards if self.phase == MAIN else self.draws_left) - 1
        if self.draws_left > 0:
            self.phase = SECOND_DRAW
            self._bare = None
            self._legal = self._default = self._generate(p)
            if self._legal:
                return
        self._end_turn()  # R-DRAW-7: nothing left to draw, the draw takes what it got

    def _next_setup(self) -> None:
        """Setup ticket choices go round in seat order; then seat 0 starts (R-SET-4)."""
        if self.current_player + 1 < self.game.players:
            self.current_player += 1
        else:
            self.phase = MAIN
            self.current_player = 0
            self._check_stall()

    def _end_turn(self) -> None:
        """R-END-1 final round, the turn cap, then the next player (R-TURN-2)."""
        g = self.game
        p = self.current_player
        self.turn += 1
        self.phase = MAIN
        self.draws_left = 0
        self._legal = self._default = self._bare = None
        # cards.top_up_market: cards may have come back since the market ran short or stuck
        if (len(self.market) < g.market_size or self.market_stuck) and (
                self.deck or self.discards):
            cards.refill_market(self)
        if self.final_countdown is not None:
            self.final_countdown -= 1
            if self.final_countdown <= 0:
                self._finish("normal")
                return
        elif self.trains[p] <= g.end_trigger_trains:
            self.final_countdown = g.players  # everyone, the trigger included, plays once more
        if self.turn >= g.turn_cap:
            self._finish("turn_cap")
            return
        self.current_player = (p + 1) % g.players
        self._check_stall()

    def _check_stall(self) -> None:
        """R-END-2: when nobody can do anything but pass, the game is stalled."""
        if self.deck or self.discards:  # has_move's first answer, for every player
            return
        if self.has_move(self.current_player):
            return
        if not any(self.has_move(q) for q in range(self.game.players)):
            self._finish("stalled")

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason
        self._legal = self._default = self._bare = None

    # -- views and results --------------------------------------------------

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

    def result(self) -> GameResult:
        """The scored outcome; only once the game is over."""
        if self.phase != OVER:
            raise ValueError("the game is not over yet")
        from ttrtool.engine.scoring import final_result

        return final_result(self)
