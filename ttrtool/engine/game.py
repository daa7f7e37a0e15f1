"""The game definition: a board, its rules and a player count, as integer tables.

A :class:`Game` is immutable and shared by every state of every game played
on it.  It turns the board into flat tuples indexed by route, node and card
so the state never looks at names or dataclasses in its inner loops.
Everything comes from ``board.rules`` (RULES.md, last section): no branch on a
map's name.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ttrtool.engine.actions import (
    LOCOMOTIVE,
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    Pass,
)
from ttrtool.engine.payments import PaySpec
from ttrtool.model import Board

if TYPE_CHECKING:
    from ttrtool.engine.state import GameState

# Engine safety (R-END-2): completed turns per player before a game ends as
# "turn_cap".  Real games take 20-50 turns per player, so this only stops
# bots that loop (e.g. withdrawing from the same tunnel forever).
DEFAULT_TURNS_PER_PLAYER = 250


class Game:
    """Board + rules + player count.  ``new_state(seed)`` starts a game."""

    def __init__(self, board: Board, players: int, *, turn_cap: int | None = None) -> None:
        rules = board.rules
        problem = rules.players_problem(players)
        if problem:
            raise ValueError(problem)
        self.board = board
        self.rules = rules
        self.players = players
        self.turn_cap = turn_cap if turn_cap is not None else DEFAULT_TURNS_PER_PLAYER * players
        if self.turn_cap < 1:
            raise ValueError(f"turn_cap must be at least 1, not {self.turn_cap}")

        # Cards: colours 0..k-1 in rules order, then the locomotive (index k).
        self.colors: tuple[str, ...] = rules.colors
        self.card_names: tuple[str, ...] = rules.colors + (LOCOMOTIVE,)
        self.loco = len(rules.colors)
        self.n_cards = len(self.card_names)
        self.card_index = {name: i for i, name in enumerate(self.card_names)}
        self.deck_counts: tuple[int, ...] = rules.cards_per_color + (rules.locomotives,)
        self.deck_size = sum(self.deck_counts)

        # Nodes.  A border point is an end of the network, never a junction (R-CH-9).
        self.n_nodes = len(board.nodes)
        self.terminal: tuple[bool, ...] = tuple(n.kind == "border" for n in board.nodes)
        self.adjacency: tuple[tuple[int, ...], ...] = board.adjacency
        self.station_cities: tuple[int, ...] = tuple(
            n.index for n in board.nodes if n.kind == "city")

        # Routes.
        routes = board.routes
        self.n_routes = len(routes)
        self.route_a = tuple(r.a for r in routes)
        self.route_b = tuple(r.b for r in routes)
        self.route_len = tuple(r.length for r in routes)
        self.route_color = tuple(-1 if r.is_gray else self.card_index[r.color] for r in routes)
        points = [rules.points_for_length(r.length) for r in routes]
        for r, pts in zip(routes, points, strict=True):
            if pts is None:  # the TTR304 check rejects such a map before it gets here
                raise ValueError(f"route {r.id} has length {r.length}, which the rules' "
                                 "route_points table does not score (R-SCORE-1, TTR304)")
        self.route_points: tuple[int, ...] = tuple(
            p + rules.mountain_points * (r.mountains if rules.mountains_allowed else 0)
            for p, r in zip((p for p in points if p is not None), routes, strict=True))
        self.route_tunnel = tuple(rules.tunnels_allowed and r.kind == "tunnel" for r in routes)
        # The kind a route plays as: a tunnel or ferry the rules leave out is a normal track.
        kinds = tuple(
            r.kind if (r.kind == "tunnel" and rules.tunnels_allowed)
            or (r.kind == "ferry" and rules.ferries_allowed) else "normal" for r in routes)
        # R-EU-6: one locomotive per ferry symbol.
        self.route_min_locos = tuple(
            r.locomotives if kind == "ferry" else 0 for r, kind in zip(routes, kinds, strict=True))
        # R-CLAIM-2 / R-CH-7 / R-VAR-1: may locomotives be played on this route?
        self.route_locos_ok = tuple(rules.locomotives_playable_on(kind) for kind in kinds)
        self.stations_locos_ok = rules.locomotives_playable_on("normal")
        # R-VAR-3: cards of any kind standing in for a locomotive / a coloured card.
        subs = [rules.substitute_for(r.id, kind) for r, kind in zip(routes, kinds, strict=True)]
        self.route_sub_locos = tuple(
            s.cards if s is not None and s.replaces == "locomotive" else 0 for s in subs)
        self.route_sub_cards = tuple(
            s.cards if s is not None and s.replaces == "card" else 0 for s in subs)
        # R-VAR-10: trains discarded beyond the length, and the trains a claim takes.
        self.route_mountains = tuple(r.mountains if rules.mountains_allowed else 0
                                     for r in routes)
        self.route_trains = tuple(r.length + m for r, m in zip(routes, self.route_mountains,
                                                               strict=True))
        groups: dict[str, list[int]] = {}
        for r in routes:
            if r.double is not None:
                groups.setdefault(r.double, []).append(r.index)
        self.partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in groups[r.double] if i != r.index) if r.double is not None else ()
            for r in routes)
        # R-CLAIM-5 / R-CH-5 / R-VAR-4: how many tracks of each route's group may be
        # claimed with this many players (never two by one player).
        self.group_cap: tuple[int, ...] = tuple(
            rules.usable_tracks(players, len(self.partners[r]) + 1) for r in range(len(routes)))
        self.both_tracks = rules.both_tracks_usable(players)
        # Connectivity ends: a route ending at a terminal node ends at its own
        # virtual node (n_nodes + route), so two routes never meet there (R-CH-9).
        self.uf_size = self.n_nodes + self.n_routes
        self.end_a = tuple(self.n_nodes + i if self.terminal[a] else a
                           for i, a in enumerate(self.route_a))
        self.end_b = tuple(self.n_nodes + i if self.terminal[b] else b
                           for i, b in enumerate(self.route_b))

        # Tickets.
        tr = rules.tickets
        self.ticket_origin = tuple(tuple(sorted(t.origin_nodes)) for t in board.tickets)
        self.ticket_dests = tuple(
            tuple((tuple(sorted(d.nodes)), d.points) for d in t.destinations)
            for t in board.tickets)
        self.ticket_deck_names = board.decks
        self.setup_deal = tuple((d, n) for d, n in tr.setup_deal if n > 0)
        self.draw_deck = tr.draw_deck

        # Stations.
        self.stations_per_player = rules.stations_per_player
        self.station_costs = rules.station_costs

        # Shared action values, so legal-action lists allocate nothing per call.
        self.draw_face_up = tuple(DrawFaceUp(name) for name in self.card_names)
        self.draw_blind = DrawBlind()
        self.draw_tickets = DrawTickets()
        self.pass_action = Pass()
        self.face_up_loco_ends_draw = rules.face_up_locomotive_ends_draw
        self.market_size = rules.market_size
        self.wipe_at = rules.market_locomotive_wipe  # R-DRAW-5; 0 or less: never
        self.draw_cards = rules.draw_cards
        self.end_trigger_trains = rules.end_trigger_trains
        # Card draws by the set of colours the market shows (cards.draw_actions): the
        # first card of a draw, and a second one when a face-up locomotive may not be it
        # (R-DRAW-3).  Made here for every set a full market can show, so a long run does
        # not grow them (a larger, hand-arranged market is added when it is first seen).
        self.draw_rows: dict[frozenset[int], tuple[DrawFaceUp | DrawBlind, ...]] = {}
        self.second_draw_rows: dict[frozenset[int], tuple[DrawFaceUp | DrawBlind, ...]] = {}
        for size in range(min(rules.market_size, self.n_cards) + 1):
            for shown in map(frozenset, combinations(range(self.n_cards), size)):
                self.draw_rows[shown] = self.draw_row(shown, False)
                self.second_draw_rows[shown] = self.draw_row(shown, self.face_up_loco_ends_draw)
        # Claims: route r paid with card c and n locomotives is claim_table[r][c * (len + 1) + n].
        # Routes alike in (length, colour, ferry locomotives, locomotives allowed) share
        # their payments, worked out once per legal-action call (claims.claim_actions).
        self.claim_table: tuple[tuple[ClaimRoute, ...], ...] = tuple(
            tuple(ClaimRoute(r, self.card_names[c], n, self.route_len[r] - n)
                  for c in range(self.n_cards) for n in range(self.route_len[r] + 1))
            for r in range(self.n_routes))
        pay_keys: dict[PaySpec, int] = {}
        self.route_pay_key = tuple(
            pay_keys.setdefault(
                PaySpec(self.route_len[r], self.route_color[r], self.route_min_locos[r],
                        self.route_locos_ok[r], self.route_sub_locos[r], self.route_sub_cards[r],
                        self.route_mountains[r]),
                len(pay_keys))
            for r in range(self.n_routes))
        self.pay_keys: tuple[PaySpec, ...] = tuple(pay_keys)
        self.key_routes: tuple[tuple[int, ...], ...] = tuple(
            tuple(r for r in range(self.n_routes) if self.route_pay_key[r] == k)
            for k in range(len(pay_keys)))
        self.key_len = tuple(k.length for k in self.pay_keys)
        # Keys grouped by (colour, locomotives allowed), shortest first: a hand that
        # cannot pay for one length cannot pay for any longer in the group.  Keys with
        # substitute cards (R-VAR-3) break that bound and are worked out one by one.
        by_kind: dict[tuple[int, bool], list[int]] = {}
        for k, spec in enumerate(self.pay_keys):
            if not spec.substitutes and not spec.extra_trains:
                by_kind.setdefault((spec.color, spec.locos_ok), []).append(k)
        # ... and so are mountain routes, which take more trains than cards (R-VAR-10).
        self.sub_keys = tuple(k for k, spec in enumerate(self.pay_keys)
                              if spec.substitutes or spec.extra_trains)
        self.sub_key_set = frozenset(self.sub_keys)
        self.key_groups: tuple[tuple[int, bool, tuple[int, ...]], ...] = tuple(
            (col, locos_ok, tuple(sorted(keys, key=lambda k: (self.key_len[k], k))))
            for (col, locos_ok), keys in sorted(by_kind.items()))
        # The coloured groups as (group, colour, locomotives allowed), and the gray ones.
        self.colour_groups = tuple((gi, col, locos_ok)
                                   for gi, (col, locos_ok, _) in enumerate(self.key_groups)
                                   if col >= 0)
        self.gray_groups = tuple((locos_ok, keys) for col, locos_ok, keys in self.key_groups
                                 if col < 0)
        # Each key's coloured group, -1 for a gray key or one worked out alone (sub_keys).
        colour_group = [-1] * len(self.pay_keys)
        for gi, (col, _locos_ok, keys) in enumerate(self.key_groups):
            if col >= 0:
                for k in keys:
                    colour_group[k] = gi
        self.key_colour_group: tuple[int, ...] = tuple(colour_group)
        # A pure memo, filled as games go: per coloured group, the hand's shape (cards of
        # the colour << 10 | locomotives, those only where they may be played) -> the
        # keys it can pay with their pickers (claims.colour_row); bounded by the deck.
        self.claim_rows: list[dict[int, tuple[tuple[int, int, Any], ...]]] = [
            {} for _ in self.key_groups]
        self.default_rows: list[dict[int, tuple[tuple[int, int, Any], ...]]] = [
            {} for _ in self.key_groups]  # the same, default payments
        self._station_tables: dict[int, dict[int, tuple[BuildStation, ...]]] = {}
        self._sub_claims: dict[tuple[int, int, int, tuple[tuple[int, int], ...]], ClaimRoute] = {}

    def draw_row(self, shown: frozenset[int], second: bool) -> tuple[DrawFaceUp | DrawBlind, ...]:
        """The draws a market showing these colours offers, in card order, then the blind
        draw; without the face-up locomotive when ``second`` (R-DRAW-3)."""
        banned = self.loco if second else -1
        return (*(self.draw_face_up[c] for c in sorted(shown) if c != banned), self.draw_blind)

    def station_table(self, cost: int) -> dict[int, tuple[BuildStation, ...]]:
        """Station actions costing ``cost`` cards: city -> row, where the station paid
        with card c and n locomotives is row[c * (cost + 1) + n] (made once per cost)."""
        table = self._station_tables.get(cost)
        if table is None:
            names = self.card_names
            table = self._station_tables[cost] = {
                city: tuple(BuildStation(city, names[c], n, cost - n)
                            for c in range(self.n_cards) for n in range(cost + 1))
                for city in self.station_cities}
        return table

    def claim_action(self, route: int, color: int, locomotives: int) -> ClaimRoute:
        """The (shared) action value for a payment; ``color`` is a card index."""
        return self.claim_table[route][color * (self.route_len[route] + 1) + locomotives]

    def substitute_claim(self, route: int, color: int, locomotives: int,
                         substitutes: tuple[tuple[int, int], ...]) -> ClaimRoute:
        """The (shared) action value for a payment with substitute sets (R-VAR-3);
        ``substitutes`` are (card index, number) pairs."""
        key = (route, color, locomotives, substitutes)
        action = self._sub_claims.get(key)
        if action is None:
            sets = sum(n for _, n in substitutes) // (
                self.route_sub_locos[route] or self.route_sub_cards[route] or 1)
            names = self.card_names
            action = self._sub_claims[key] = ClaimRoute(
                route, names[color], locomotives, self.route_len[route] - locomotives - sets,
                tuple((names[c], n) for c, n in substitutes))
        return action

    def new_state(self, seed: int) -> GameState:
        """Shuffle and deal with a ``random.Random(seed)`` owned by the state (R-SET-3, R-SET-4)."""
        from ttrtool.engine.state import GameState

        return GameState.start(self, seed)
