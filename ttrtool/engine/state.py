"""The one owner of a game's changes: :class:`GameState` (R-SET, R-TURN, R-END).

Every decision goes through :meth:`GameState.apply`, which checks once that
the game is not over and that the action is among the legal actions; then
the state's own moves do the work: cards drawn and the market refilled
(R-DRAW), cards laid and trains placed (R-CLAIM, R-EU-7/8), tickets dealt,
drawn and kept (R-TIX), stations built (R-EU-3), the turn passed on (R-END).
The rule modules (cards, claims, stations, tickets) only compute, and the
position (:class:`~ttrtool.engine.position.Position`) only answers; no other
code writes a game's fields.  A state is mutable for speed;
:meth:`GameState.clone` copies it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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
from ttrtool.engine.cards import legal_market_possible, new_deck
from ttrtool.engine.claims import tunnel_extra
from ttrtool.engine.position import (
    MAIN,
    OVER,
    PHASE_NAMES,
    SECOND_DRAW,
    SETUP,
    TICKETS,
    TUNNEL,
    Position,
    TunnelPending,
)
from ttrtool.engine.result import GameResult
from ttrtool.engine.scoring import final_players, rank_winners
from ttrtool.engine.tables import BoardTables

__all__ = ["MAIN", "OVER", "PHASE_NAMES", "SECOND_DRAW", "SETUP", "TICKETS", "TUNNEL",
           "GameState", "TunnelPending"]


class GameState(Position):
    """A position and the one way it changes: :meth:`apply` (and the moves it makes)."""

    @classmethod
    def start(cls, game: BoardTables, seed: int) -> GameState:
        """Shuffle and deal (R-SET-2..4): cards, market, then setup tickets."""
        st = cls(game, seed)
        g = game
        st.deck = new_deck(g.deck_counts)
        st.rng.shuffle(st.deck)
        for p in range(g.players):
            for _ in range(g.rules.initial_hand):
                card = st.draw_card()
                if card >= 0:
                    st.hands[p][card] += 1
        st.recount_hands()
        st.refill_market()
        for t in g.board.tickets:
            st.ticket_decks[t.deck].append(t.index)
        for name in g.ticket_deck_names:
            st.rng.shuffle(st.ticket_decks[name])
        st.deal_setup()
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

    def resampled(self, seed: int, seat: int | None = None) -> GameState:
        """A copy of this position with what a player cannot see dealt anew, with
        ``seed``, and everything it can see kept.

        With no ``seat``, what no player sees: the order of the card deck and of
        every ticket deck, and the generator of later shuffles.  With a ``seat``,
        what that player does not see as well: the other players' hands, each of
        its size, from those hands and the deck together; their tickets and
        pending offers, as many from each ticket deck, from those tickets and that
        deck together.  Kept: the board, the market, the discards, every count the
        rules make public, and the seat's own hand, tickets and offer.  What a
        player could infer (cards another took face up, tickets it returned to the
        bottom of a deck) is not used: the deal is uniform over what it has not
        been shown.  A searching player plays such copies out to judge its
        choices without peeking."""
        g = self.game
        new = self.clone()
        rng = random.Random(seed)
        others = [] if seat is None else [q for q in range(g.players) if q != seat]
        cards = list(new.deck)
        for q in others:
            for card, count in enumerate(new.hands[q]):
                cards.extend([card] * count)
        rng.shuffle(cards)
        for q in others:
            hand = [0] * len(new.hands[q])
            for card in cards[:new.hand_count[q]]:
                hand[card] += 1
            del cards[:new.hand_count[q]]
            new.hands[q] = hand
        new.deck = cards
        tickets = g.board.tickets
        for name in g.ticket_deck_names:
            pool = list(new.ticket_decks[name])
            wanted: list[tuple[list[int], int]] = []
            for q in others:
                for held in (new.tickets[q], new.offers[q]):
                    mine = [t for t in held if tickets[t].deck == name]
                    pool.extend(mine)
                    wanted.append((held, len(mine)))
            rng.shuffle(pool)
            for held, count in wanted:
                held[:] = [t for t in held if tickets[t].deck != name] + pool[:count]
                del pool[:count]
            new.ticket_decks[name] = pool
        new.rng = random.Random(rng.getrandbits(64))
        new.ticket_view = None
        new.board_view = None
        return new

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
            if self.lay_claim(p, action.route, g.card_index[action.color], action.cards,
                              action.locomotives, subs):
                self._end_turn()
            else:
                self.phase = TUNNEL
        elif isinstance(action, TunnelPay):
            self.finish_tunnel(p, True, action.cards, action.locomotives)
            self._end_turn()
        elif isinstance(action, TunnelWithdraw):
            self.finish_tunnel(p, False, 0, 0)
            self._end_turn()
        elif isinstance(action, DrawTickets):
            self.draw_tickets(p)
            self.phase = TICKETS
        elif isinstance(action, KeepTickets):
            setup = self.phase == SETUP
            self.keep_tickets(p, action.tickets, setup)
            if setup:
                self._next_setup()
            else:
                self._end_turn()
        elif isinstance(action, BuildStation):
            self.build_station(p, action.city, g.card_index[action.color], action.cards,
                               action.locomotives)
            self._end_turn()
        elif isinstance(action, Pass):
            self._end_turn()

    def _draw(self, p: int, action: DrawFaceUp | DrawBlind) -> None:
        """R-DRAW-1..4, R-CH-6: a draw is one or two decisions."""
        g = self.game
        if isinstance(action, DrawFaceUp):
            card = g.card_index[action.color]
            self.take_face_up(p, card)
            if self.phase == MAIN and card == g.loco and g.face_up_loco_ends_draw:
                self._end_turn()  # R-DRAW-3: a face-up locomotive is the whole draw
                return
        else:
            self.take_blind(p)
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
        # cards may have come back since the market ran short or stuck (R-DRAW-5..7)
        if (len(self.market) < g.market_size or self.market_stuck) and (
                self.deck or self.discards):
            self.refill_market()
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

    # -- cards (R-SET-2/3, R-DRAW) -----------------------------------------

    def draw_card(self) -> int:
        """Take the top card of the deck, shuffling the discards into a new deck when it
        is empty (R-DRAW-6); -1 when deck and discards are both empty (R-DRAW-7)."""
        deck = self.deck
        if not deck:
            if not self.discards:
                return -1
            deck.extend(self.discards)
            self.discards.clear()
            self.rng.shuffle(deck)
        return deck.pop()

    def refill_market(self) -> None:
        """Turn up cards until the market is full or no card is left, then apply R-DRAW-5."""
        market = self.market
        g = self.game
        while len(market) < g.market_size:
            card = self.draw_card()
            if card < 0:
                break
            market.append(card)
        if g.wipe_at > 0 and market.count(g.loco) >= g.wipe_at:
            self.settle_market()
        else:
            self.market_stuck = False  # what settle_market says of a market it leaves alone

    def settle_market(self) -> None:
        """R-DRAW-5: while the market shows too many locomotives, discard it and turn up a new one.

        The wipes go on for as long as a legal market is possible at all
        (:func:`~ttrtool.engine.cards.legal_market_possible`, from the card
        counts); the run then ends with a legal market: each time the deck runs
        out the discards are shuffled into a new one, and a shuffled pool that
        holds a legal market turns one up with a chance above zero.  When no
        legal market is possible the market is left as it is: stuck.  A stuck
        market is counted once in ``wipes_stopped`` when it gets stuck, not
        again while it stays stuck through later changes; it counts anew only
        after the market has shown fewer locomotives than the threshold.  The
        end of every turn looks again, so cards that come back settle it.
        """
        g = self.game
        threshold = g.wipe_at
        if threshold <= 0:
            return
        loco = g.loco
        market = self.market
        if market.count(loco) >= threshold and not legal_market_possible(
                g, self.deck, self.discards, market):
            if not self.market_stuck:  # the R-DRAW-5 hole: counted for the report
                self.market_stuck = True
                self.wipes_stopped += 1
            return
        while market.count(loco) >= threshold:
            self.discards.extend(market)
            market.clear()
            while len(market) < g.market_size:
                card = self.draw_card()
                if card < 0:
                    break
                market.append(card)
            self.market_wipes += 1
        self.market_stuck = False

    def take_face_up(self, player: int, card: int) -> None:
        """Move a face-up card to a hand and replace it at once (R-DRAW-2)."""
        self.market.remove(card)
        self.hands[player][card] += 1
        self.hand_count[player] += 1
        self.refill_market()

    def take_blind(self, player: int) -> None:
        """Move the top card of the deck to a hand (R-DRAW-1)."""
        card = self.draw_card()
        if card < 0:  # legal-action generation never offers this
            raise AssertionError("blind draw with no card left")
        self.hands[player][card] += 1
        self.hand_count[player] += 1

    def discard(self, player: int, color: int, cards: int, locos: int,
                substitutes: Sequence[tuple[int, int]] = ()) -> None:
        """Take cards from a hand: ``cards`` of ``color``, ``locos`` locomotives and
        any substitute sets (R-VAR-3), onto the discard pile."""
        g = self.game
        hand = self.hands[player]
        hand[color] -= cards
        hand[g.loco] -= locos
        self.hand_count[player] -= cards + locos
        self.discards.extend([color] * cards)
        self.discards.extend([g.loco] * locos)
        for c, n in substitutes:
            hand[c] -= n
            self.hand_count[player] -= n
            self.discards.extend([c] * n)

    # -- claims (R-CLAIM, R-EU-6..8, R-VAR-3/10) ---------------------------

    def lay_claim(self, player: int, route: int, color: int, cards: int, locos: int,
                  substitutes: tuple[tuple[int, int], ...] = ()) -> bool:
        """Play the cards for a claim (with any substitute sets, R-VAR-3).  Returns True when
        the turn is over, False when a tunnel waits for the player to pay or withdraw
        (R-EU-7, R-EU-8)."""
        g = self.game
        if not g.route_tunnel[route]:
            self.discard(player, color, cards, locos, substitutes)
            self.complete_claim(player, route)
            return True
        # A tunnel: the cards stay laid (out of the hand, not yet discarded).
        hand = self.hands[player]
        hand[color] -= cards
        hand[g.loco] -= locos
        self.hand_count[player] -= cards + locos
        for c, n in substitutes:
            hand[c] -= n
            self.hand_count[player] -= n
        revealed: list[int] = []
        for _ in range(g.rules.tunnel_reveal):
            card = self.draw_card()
            if card < 0:  # R-EU-8: reveal what there is
                break
            revealed.append(card)
        extra = tunnel_extra(g, color, revealed)
        self.tunnel = TunnelPending(route, color, cards, locos, revealed, extra, substitutes)
        if extra == 0:
            self.finish_tunnel(player, pay=True, cards=0, locos=0)
            return True
        return False

    def finish_tunnel(self, player: int, pay: bool, cards: int, locos: int) -> None:
        """Pay the extras and claim, or take the laid cards back; discard the revealed cards."""
        t = self.tunnel
        assert t is not None
        g = self.game
        hand = self.hands[player]
        self.discards.extend(t.revealed)
        if pay:
            hand[t.color] -= cards
            hand[g.loco] -= locos
            self.hand_count[player] -= cards + locos
            self.discards.extend([t.color] * (t.cards + cards))
            self.discards.extend([g.loco] * (t.locomotives + locos))
            for c, n in t.substitutes:
                self.discards.extend([c] * n)
            if t.extra:
                self.tunnels_paid += 1
                self.extra_cards += t.extra
            self.tunnel = None
            self.complete_claim(player, t.route)
        else:
            hand[t.color] += t.cards
            hand[g.loco] += t.locomotives
            self.hand_count[player] += t.cards + t.locomotives
            for c, n in t.substitutes:
                hand[c] += n
                self.hand_count[player] += n
            self.tunnels_withdrawn += 1
            self.tunnel = None

    def complete_claim(self, player: int, route: int) -> None:
        """Place the trains and score the route at once (R-CLAIM-3, R-SCORE-1); a mountain
        route takes and scores its extra trains too (R-VAR-10)."""
        g = self.game
        self.owner[route] = player
        self.board_view = None
        self.close_routes(player, route)
        self.trains[player] -= g.route_trains[route]
        self.route_score[player] += g.route_points[route]
        self.claimed[player].append(route)
        self.claim_turns[player].append(self.turn)
        self.uf[player].union(g.end_a[route], g.end_b[route])

    def close_routes(self, player: int, route: int) -> None:
        """Take ``route`` (just claimed by ``player``) off every player's open routes, and
        the tracks of its group the claim closes (R-CLAIM-5, R-CH-5, R-VAR-4): all of them
        to ``player``; to everyone once the group has as many claimed as may be used."""
        g = self.game
        key_of = g.route_pay_key
        owner = self.owner
        key = key_of[route]
        for open_keys in self.open_for:
            routes = open_keys[key]
            if route in routes:
                routes.remove(route)
        partners = g.partners[route]
        if not partners:
            return
        taken = 1 + sum(1 for q in partners if owner[q] >= 0)
        for q in partners:
            if owner[q] >= 0:
                continue
            full = taken >= g.group_cap[q]
            for p, open_keys in enumerate(self.open_for):
                if full or p == player:
                    routes = open_keys[key_of[q]]
                    if q in routes:
                        routes.remove(q)

    # -- tickets (R-SET-4, R-TIX-1, R-EU-2, R-CH-4) ------------------------

    def deal_setup(self) -> None:
        """R-SET-4 / R-EU-2 / R-CH-4: deal each player the setup tickets, deck by deck."""
        g = self.game
        for p in range(g.players):
            offer: list[int] = []
            for deck_name, n in g.setup_deal:
                deck = self.ticket_decks.get(deck_name, [])
                offer.extend(deck[:n])
                del deck[:n]
            self.offers[p] = offer
        if g.rules.tickets.undealt_decks == "removed":  # R-EU-2: undealt long tickets leave
            for name, deck in self.ticket_decks.items():
                if name != g.draw_deck:
                    self.removed_tickets.extend(deck)
                    deck.clear()
        self.ticket_view = None  # the views' tickets are made afresh

    def draw_tickets(self, player: int) -> None:
        """R-TIX-1: take the top tickets of the draw deck (fewer if fewer remain)."""
        g = self.game
        deck = self.ticket_decks[g.draw_deck]
        n = g.rules.tickets.draw
        self.offers[player] = deck[:n]
        del deck[:n]
        self.ticket_view = None

    def keep_tickets(self, player: int, kept: Sequence[int], setup: bool) -> None:
        """Keep tickets; return or remove the rest as the rules say (R-SET-4, R-TIX-1,
        R-EU-2, R-CH-4)."""
        g = self.game
        offer = self.offers[player]
        self.tickets[player].extend(kept)
        policy = g.rules.tickets.setup_rejected if setup else g.rules.tickets.draw_rejected
        for t in offer:
            if t in kept:
                continue
            if policy == "removed":
                self.removed_tickets.append(t)
            else:  # bottom of the deck the ticket came from
                self.ticket_decks[g.board.tickets[t].deck].append(t)
        self.offers[player] = []
        self.ticket_view = None

    # -- stations (R-EU-3) --------------------------------------------------

    def build_station(self, player: int, city: int, color: int, cards: int, locos: int) -> None:
        """Pay and place a station (R-EU-3: one per city in total)."""
        self.discard(player, color, cards, locos)
        self.stations_left[player] -= 1
        self.station_owner[city] = player
        self.stations.append((city, player))
        self.board_view = None

    def recount_hands(self) -> None:
        """Count the cards of every hand afresh (after hands were arranged by hand)."""
        self.hand_count = [sum(h) for h in self.hands]

    def union(self, player: int, a: int, b: int) -> None:
        """Join two places in ``player``'s network (a claimed route's ends)."""
        self.uf[player].union(a, b)

    # -- results ------------------------------------------------------------

    def result(self) -> GameResult:
        """The scored outcome; only once the game is over."""
        if self.phase != OVER:
            raise ValueError("the game is not over yet")
        return self.score()

    def score(self) -> GameResult:
        """The position scored as if the game ended now, from scratch (R-TIX-2, R-EU-4,
        R-EU-5, R-SCORE-1..4, R-VAR-6)."""
        g = self.game
        players = final_players(g, self.owner, self.claimed, self.claim_turns, self.trains,
                                self.tickets, self.uf, self.stations, self.stations_left)
        return GameResult(
            seed=self.seed,
            end_reason=self.end_reason or "",
            turns=self.turn,
            winners=rank_winners(g.rules, players),
            players=players,
            tunnels_paid=self.tunnels_paid,
            tunnels_withdrawn=self.tunnels_withdrawn,
            extra_cards_paid=self.extra_cards,
            market_wipes=self.market_wipes,
            wipes_stopped=self.wipes_stopped,
            stations_built=len(self.stations),
        )
