"""A board and its rules for one player count, as integer tables (docs/rules.md).

:class:`BoardTables` is built once per game definition by :func:`build_tables`
and never changes: flat tuples indexed by route, node, card, ticket or
payment key, so the state never looks at names or dataclasses in its inner
loops, and the shared action values, so listing the legal actions allocates
nothing per call.  Everything comes from ``board.rules``: no branch on a map's
name.  What is worked out as games go (rows of payments by the shape of a hand,
draws by the colours a market shows) is kept apart in one :class:`PlayCache`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

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
from ttrtool.rules import Rules

# Engine safety (R-END-2): completed turns per player before a game ends as
# "turn_cap".  Real games take 20-50 turns per player, so this only stops
# bots that loop (e.g. withdrawing from the same tunnel forever).
DEFAULT_TURNS_PER_PLAYER = 250

Draws = tuple[DrawFaceUp | DrawBlind, ...]
# A coloured group's payable keys for one shape of hand: (length, key, picker of its payments).
ClaimRow = tuple[tuple[int, int, Any], ...]


class PlayCache:
    """Memos of pure functions of one game's tables, filled as games are played and
    shared by every state of the game: what they hold is worked out again the same
    from the tables whenever it is missing, so they never change a game."""

    __slots__ = ("draw_rows", "second_draw_rows", "claim_rows", "default_rows", "sub_claims")

    def __init__(self, colour_groups: int) -> None:
        # The row of card draws by the set of colours the market shows (cards.draw_actions):
        # the first card of a draw, and a second one when a face-up locomotive may not
        # be it (R-DRAW-3).
        self.draw_rows: dict[frozenset[int], Draws] = {}
        self.second_draw_rows: dict[frozenset[int], Draws] = {}
        # Per coloured group, the hand's shape (cards of the colour << 10 | locomotives,
        # those only where they may be played) -> the keys it can pay with their pickers
        # (claims.colour_row); bounded by the deck.  The same for default payments.
        self.claim_rows: list[dict[int, ClaimRow]] = [{} for _ in range(colour_groups)]
        self.default_rows: list[dict[int, ClaimRow]] = [{} for _ in range(colour_groups)]
        # Claims with substitute sets (R-VAR-3), by (route, card, locomotives, sets' cards).
        self.sub_claims: dict[tuple[int, int, int, tuple[tuple[int, int], ...]], ClaimRoute] = {}


# eq=False: games compare by identity (a table-by-table comparison would be long and
# mean nothing); repr=False: a repr of every table helps no one, and leaving it out
# saves a third of what the decorator costs at import.
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class BoardTables:
    """Board + rules + player count as integer tables; see :func:`build_tables`.

    Cards are colours 0..k-1 in rules order, then the locomotive (index k).  A
    route ending at a border point ends at its own virtual node
    (``n_nodes + route``), so two routes never meet there (R-CH-9).
    """

    board: Board
    rules: Rules
    players: int
    turn_cap: int
    # cards
    colors: tuple[str, ...]
    card_names: tuple[str, ...]
    loco: int
    n_cards: int
    card_index: dict[str, int]
    deck_counts: tuple[int, ...]
    deck_size: int
    # nodes
    n_nodes: int
    terminal: tuple[bool, ...]  # border points, ends of the network (R-CH-9)
    adjacency: tuple[tuple[int, ...], ...]  # node -> routes
    station_cities: tuple[int, ...]
    # routes
    n_routes: int
    route_a: tuple[int, ...]
    route_b: tuple[int, ...]
    route_len: tuple[int, ...]
    route_color: tuple[int, ...]  # card index, -1 for gray
    route_points: tuple[int, ...]  # R-SCORE-1, mountain points included (R-VAR-10)
    route_tunnel: tuple[bool, ...]
    route_min_locos: tuple[int, ...]  # R-EU-6: one locomotive per ferry symbol
    route_locos_ok: tuple[bool, ...]  # R-CLAIM-2 / R-CH-7 / R-VAR-1
    stations_locos_ok: bool
    route_sub_locos: tuple[int, ...]  # R-VAR-3: cards of any kind for a locomotive
    route_sub_cards: tuple[int, ...]  # R-VAR-3: ... for a coloured card
    route_mountains: tuple[int, ...]  # R-VAR-10: trains discarded beyond the length
    route_trains: tuple[int, ...]  # trains a claim takes
    partners: tuple[tuple[int, ...], ...]  # the other tracks of each route's parallel group
    group_cap: tuple[int, ...]  # R-CLAIM-5 / R-CH-5 / R-VAR-4: tracks usable at this count
    both_tracks: bool
    uf_size: int  # nodes, then one virtual node per route (R-CH-9)
    end_a: tuple[int, ...]
    end_b: tuple[int, ...]
    # tickets
    ticket_origin: tuple[tuple[int, ...], ...]
    ticket_dests: tuple[tuple[tuple[tuple[int, ...], int], ...], ...]  # (nodes, points)
    ticket_deck_names: tuple[str, ...]
    setup_deal: tuple[tuple[str, int], ...]
    draw_deck: str
    # stations (R-EU-3)
    stations_per_player: int
    station_costs: tuple[int, ...]
    # Station actions by the cost of each station a player may build: city -> row, where
    # the station paid with card c and n locomotives is row[c * (cost + 1) + n].
    station_rows: dict[int, dict[int, tuple[BuildStation, ...]]]
    # shared action values and turn numbers
    draw_face_up: tuple[DrawFaceUp, ...]
    draw_blind: DrawBlind
    draw_tickets: DrawTickets
    pass_action: Pass
    face_up_loco_ends_draw: bool
    market_size: int
    wipe_at: int  # R-DRAW-5; 0 or less: never
    draw_cards: int
    end_trigger_trains: int
    # Claims: route r paid with card c and n locomotives is claim_table[r][c * (len + 1) + n].
    claim_table: tuple[tuple[ClaimRoute, ...], ...]
    # Routes alike in (length, colour, ferry locomotives, locomotives allowed, substitutes,
    # mountains) share their payments: one payment key each (claims.claim_actions).
    route_pay_key: tuple[int, ...]
    pay_keys: tuple[PaySpec, ...]
    key_routes: tuple[tuple[int, ...], ...]
    key_len: tuple[int, ...]
    # Keys with substitute sets (R-VAR-3) or mountains (R-VAR-10), worked out one by one.
    sub_keys: tuple[int, ...]
    sub_key_set: frozenset[int]
    # The other keys grouped by (colour, locomotives allowed), shortest first: a hand that
    # cannot pay for one length cannot pay for any longer in the group.
    key_groups: tuple[tuple[int, bool, tuple[int, ...]], ...]
    colour_groups: tuple[tuple[int, int, bool], ...]  # (group, colour, locomotives allowed)
    gray_groups: tuple[tuple[bool, tuple[int, ...]], ...]  # (locomotives allowed, keys)
    key_colour_group: tuple[int, ...]  # each key's coloured group, -1 for none
    cache: PlayCache

    def __post_init__(self) -> None:
        _fill_draw_rows(self)

    def draw_row(self, shown: frozenset[int], second: bool) -> Draws:
        """The draws a market showing these colours offers, in card order, then the blind
        draw; without the face-up locomotive when ``second`` (R-DRAW-3)."""
        banned = self.loco if second else -1
        return (*(self.draw_face_up[c] for c in sorted(shown) if c != banned), self.draw_blind)

    def station_table(self, cost: int) -> dict[int, tuple[BuildStation, ...]]:
        """Station actions costing ``cost`` cards: city -> row (``station_rows``)."""
        return self.station_rows[cost]

    def claim_action(self, route: int, color: int, locomotives: int) -> ClaimRoute:
        """The (shared) action value for a payment; ``color`` is a card index."""
        return self.claim_table[route][color * (self.route_len[route] + 1) + locomotives]

    def substitute_claim(self, route: int, color: int, locomotives: int,
                         substitutes: tuple[tuple[int, int], ...]) -> ClaimRoute:
        """The (shared) action value for a payment with substitute sets (R-VAR-3);
        ``substitutes`` are (card index, number) pairs."""
        key = (route, color, locomotives, substitutes)
        memo = self.cache.sub_claims
        action = memo.get(key)
        if action is None:
            sets = sum(n for _, n in substitutes) // (
                self.route_sub_locos[route] or self.route_sub_cards[route] or 1)
            names = self.card_names
            action = memo[key] = ClaimRoute(
                route, names[color], locomotives, self.route_len[route] - locomotives - sets,
                tuple((names[c], n) for c, n in substitutes))
        return action


def build_tables(board: Board, players: int, turn_cap: int | None = None) -> BoardTables:
    """The tables of ``board`` for ``players`` players (what :class:`~ttrtool.engine.game.Game`
    is made of)."""
    return BoardTables(**table_fields(board, players, turn_cap))


def table_fields(board: Board, players: int, turn_cap: int | None = None) -> dict[str, Any]:
    """Every field of the tables of ``board`` for ``players`` players, by name.  Raises
    ValueError for a player count out of the map's range (R-SET-1), a turn cap below 1
    or a route length the rules do not score."""
    rules = board.rules
    problem = rules.players_problem(players)
    if problem:
        raise ValueError(problem)
    cap = turn_cap if turn_cap is not None else DEFAULT_TURNS_PER_PLAYER * players
    if cap < 1:
        raise ValueError(f"turn_cap must be at least 1, not {cap}")
    card_names = rules.colors + (LOCOMOTIVE,)
    card_index = {name: i for i, name in enumerate(card_names)}
    n_cards = len(card_names)
    routes = board.routes
    n_nodes, n_routes = len(board.nodes), len(routes)
    terminal = tuple(n.kind == "border" for n in board.nodes)
    station_cities = tuple(n.index for n in board.nodes if n.kind == "city")
    route_a = tuple(r.a for r in routes)
    route_b = tuple(r.b for r in routes)
    route_len = tuple(r.length for r in routes)
    route_color = tuple(-1 if r.is_gray else card_index[r.color] for r in routes)
    mountains = tuple(r.mountains if rules.mountains_allowed else 0 for r in routes)
    # The kind a route plays as: a tunnel or ferry the rules leave out is a normal track.
    kinds = tuple(
        r.kind if (r.kind == "tunnel" and rules.tunnels_allowed)
        or (r.kind == "ferry" and rules.ferries_allowed) else "normal" for r in routes)
    min_locos = tuple(r.locomotives if kind == "ferry" else 0
                      for r, kind in zip(routes, kinds, strict=True))
    locos_ok = tuple(rules.locomotives_playable_on(kind) for kind in kinds)
    subs = [rules.substitute_for(r.id, kind) for r, kind in zip(routes, kinds, strict=True)]
    sub_locos = tuple(s.cards if s is not None and s.replaces == "locomotive" else 0
                      for s in subs)
    sub_cards = tuple(s.cards if s is not None and s.replaces == "card" else 0 for s in subs)
    partners = _partners(board)
    pay_key, pay_keys = _pay_keys(route_len, route_color, min_locos, locos_ok, sub_locos,
                                  sub_cards, mountains)
    key_len = tuple(k.length for k in pay_keys)
    sub_keys = tuple(k for k, spec in enumerate(pay_keys)
                     if spec.substitutes or spec.extra_trains)
    key_groups = _key_groups(pay_keys, key_len)
    colour_group = [-1] * len(pay_keys)
    for gi, (col, _locos_ok, keys) in enumerate(key_groups):
        if col >= 0:
            for k in keys:
                colour_group[k] = gi
    draw_face_up = tuple(DrawFaceUp(name) for name in card_names)
    tickets = rules.tickets
    return dict(
        board=board, rules=rules, players=players, turn_cap=cap,
        colors=rules.colors, card_names=card_names, loco=len(rules.colors), n_cards=n_cards,
        card_index=card_index, deck_counts=rules.cards_per_color + (rules.locomotives,),
        deck_size=sum(rules.cards_per_color) + rules.locomotives,
        n_nodes=n_nodes, terminal=terminal, adjacency=board.adjacency,
        station_cities=station_cities,
        n_routes=n_routes, route_a=route_a, route_b=route_b, route_len=route_len,
        route_color=route_color, route_points=_route_points(board),
        route_tunnel=tuple(rules.tunnels_allowed and r.kind == "tunnel" for r in routes),
        route_min_locos=min_locos, route_locos_ok=locos_ok,
        stations_locos_ok=rules.locomotives_playable_on("normal"),
        route_sub_locos=sub_locos, route_sub_cards=sub_cards, route_mountains=mountains,
        route_trains=tuple(n + m for n, m in zip(route_len, mountains, strict=True)),
        partners=partners,
        group_cap=tuple(rules.usable_tracks(players, len(partners[r]) + 1)
                        for r in range(n_routes)),
        both_tracks=rules.both_tracks_usable(players),
        uf_size=n_nodes + n_routes,
        end_a=tuple(n_nodes + i if terminal[a] else a for i, a in enumerate(route_a)),
        end_b=tuple(n_nodes + i if terminal[b] else b for i, b in enumerate(route_b)),
        ticket_origin=tuple(tuple(sorted(t.origin_nodes)) for t in board.tickets),
        ticket_dests=tuple(tuple((tuple(sorted(d.nodes)), d.points) for d in t.destinations)
                           for t in board.tickets),
        ticket_deck_names=board.decks,
        setup_deal=tuple((d, n) for d, n in tickets.setup_deal if n > 0),
        draw_deck=tickets.draw_deck,
        stations_per_player=rules.stations_per_player, station_costs=rules.station_costs,
        station_rows={cost: {city: tuple(BuildStation(city, card_names[c], n, cost - n)
                                         for c in range(n_cards) for n in range(cost + 1))
                             for city in station_cities}
                      for cost in _station_costs(rules)},
        draw_face_up=draw_face_up, draw_blind=DrawBlind(), draw_tickets=DrawTickets(),
        pass_action=Pass(), face_up_loco_ends_draw=rules.face_up_locomotive_ends_draw,
        market_size=rules.market_size, wipe_at=rules.market_locomotive_wipe,
        draw_cards=rules.draw_cards, end_trigger_trains=rules.end_trigger_trains,
        claim_table=tuple(
            tuple(ClaimRoute(r, card_names[c], n, route_len[r] - n)
                  for c in range(n_cards) for n in range(route_len[r] + 1))
            for r in range(n_routes)),
        route_pay_key=pay_key, pay_keys=pay_keys,
        key_routes=tuple(tuple(r for r in range(n_routes) if pay_key[r] == k)
                         for k in range(len(pay_keys))),
        key_len=key_len, sub_keys=sub_keys, sub_key_set=frozenset(sub_keys),
        key_groups=key_groups,
        colour_groups=tuple((gi, col, ok) for gi, (col, ok, _) in enumerate(key_groups)
                            if col >= 0),
        gray_groups=tuple((ok, keys) for col, ok, keys in key_groups if col < 0),
        key_colour_group=tuple(colour_group),
        cache=PlayCache(len(key_groups)),
    )


def _station_costs(rules: Rules) -> list[int]:
    """The costs of the stations a player may build (R-EU-3), each once."""
    return sorted(set(rules.station_costs[:rules.stations_per_player]))


def _route_points(board: Board) -> tuple[int, ...]:
    """Points for claiming each route (R-SCORE-1), with its mountain points (R-VAR-10)."""
    rules = board.rules
    out = []
    for r in board.routes:
        points = rules.points_for_length(r.length)
        if points is None:  # the TTR304 check rejects such a map before it gets here
            raise ValueError(f"route {r.id} has length {r.length}, which the rules' "
                             "route_points table does not score (R-SCORE-1, TTR304)")
        out.append(points + rules.mountain_points * (r.mountains if rules.mountains_allowed
                                                     else 0))
    return tuple(out)


def _partners(board: Board) -> tuple[tuple[int, ...], ...]:
    """The other tracks of each route's parallel group (R-CLAIM-5)."""
    groups: dict[str, list[int]] = {}
    for r in board.routes:
        if r.double is not None:
            groups.setdefault(r.double, []).append(r.index)
    return tuple(
        tuple(i for i in groups[r.double] if i != r.index) if r.double is not None else ()
        for r in board.routes)


def _pay_keys(length: tuple[int, ...], color: tuple[int, ...], min_locos: tuple[int, ...],
              locos_ok: tuple[bool, ...], sub_locos: tuple[int, ...],
              sub_cards: tuple[int, ...], mountains: tuple[int, ...],
              ) -> tuple[tuple[int, ...], tuple[PaySpec, ...]]:
    """Each route's payment key, and the keys' specs in order of first use."""
    keys: dict[PaySpec, int] = {}
    route_key = tuple(
        keys.setdefault(PaySpec(*spec), len(keys))
        for spec in zip(length, color, min_locos, locos_ok, sub_locos, sub_cards, mountains,
                        strict=True))
    return route_key, tuple(keys)


def _key_groups(pay_keys: tuple[PaySpec, ...], key_len: tuple[int, ...],
                ) -> tuple[tuple[int, bool, tuple[int, ...]], ...]:
    """The keys without substitute sets (R-VAR-3) or mountains (R-VAR-10), grouped by
    (colour, locomotives allowed), shortest first."""
    by_kind: dict[tuple[int, bool], list[int]] = {}
    for k, spec in enumerate(pay_keys):
        if not spec.substitutes and not spec.extra_trains:
            by_kind.setdefault((spec.color, spec.locos_ok), []).append(k)
    return tuple((col, locos_ok, tuple(sorted(keys, key=lambda k: (key_len[k], k))))
                 for (col, locos_ok), keys in sorted(by_kind.items()))


def _fill_draw_rows(t: BoardTables) -> None:
    """The draw rows of every set of colours a full market can show, made at once so a
    long run does not grow them (a larger, hand-arranged market is added when seen)."""
    cache = t.cache
    for size in range(min(t.market_size, t.n_cards) + 1):
        for shown in map(frozenset, combinations(range(t.n_cards), size)):
            cache.draw_rows[shown] = t.draw_row(shown, False)
            cache.second_draw_rows[shown] = t.draw_row(shown, t.face_up_loco_ends_draw)
