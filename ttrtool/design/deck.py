"""``ttrtool deck``: a destination-ticket deck for any network.

The deck is chosen among the pairs of places (two cities, or a city and a country:
:mod:`ttrtool.design.network`), each priced by the one pricer, in three steps:

1. **lengths**: each ticket gets a target length, its share of the board's diameter (the
   longest cheapest path between two cities) read off the official decks' profile
   (:data:`ONE_DECK`, or :data:`WITH_LONG` and :data:`LONG` where the rules deal from a
   separate ``long`` deck, as Europe's do);
2. **choice**: longest targets first, each takes the free pair nearest its length that
   brings a city no ticket has yet, spreads the tickets over the cities and puts tickets on
   routes no ticket crosses yet; never the same pair twice, never a pair whose cheapest
   path lies mostly (more than :data:`MOSTLY` of its spaces) on another ticket's, or the
   other way round, never one longer than a player's trains;
3. **coverage**: a city still on no ticket (and not excluded) takes the place of the ticket
   of the nearest length that can spare it.

A ticket is worth its cheapest path in train spaces, raised where that is too cheap for
its cards to the lowest fair value (:func:`ttrtool.ticket_value.ticket_value`): what
``validate`` and ``analyze`` judge it by.  Ties are broken by a generator seeded with the
seed: the same seed gives the same deck.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ttrtool.analysis.findings import board_diameter
from ttrtool.design.network import Pair, city_nodes, city_pairs, links
from ttrtool.graph import UnionFind, usable_tracks
from ttrtool.model import Board
from ttrtool.ticket_value import points_band, ticket_value

# Ticket lengths as shares of the board's diameter, at the deck's 0, 10, ..., 100 %
# (benchmarks/deck_figures.py prints them from the bundled maps; tests keep them so):
# the regular decks of USA, Switzerland (city to city), Nordic Countries and India pooled;
ONE_DECK = (0.087, 0.217, 0.263, 0.304, 0.348, 0.385, 0.435, 0.474, 0.526, 0.653, 0.923)
# Europe's regular deck, beside its long deck; and the long deck.
WITH_LONG = (0.172, 0.172, 0.207, 0.241, 0.276, 0.276, 0.276, 0.286, 0.345, 0.379, 0.448)
LONG = (0.69, 0.69, 0.69, 0.69, 0.69, 0.69, 0.69, 0.707, 0.724, 0.724, 0.724)
LONG_DECK = "long"
MOSTLY = 0.5  # a ticket's path may share at most this share of its spaces with another's
SHORTEST = 3  # no ticket is shorter than this many train spaces
# Tickets per city, when not asked for: the official decks have 0.83 (USA) to 1.49 (India)
TICKETS_PER_CITY = 0.9
# Weights of a pair's choice: length off its target (per 15 % of it), a city new to the
# deck, a city with tickets already, a route new to the tickets' paths
W_LENGTH, W_NEW_CITY, W_CITY_USED, W_NEW_ROUTE = 1.0, 1.2, 0.6, 0.25
W_WANTED = 1.0  # a route the games left unclaimed, on the pair's path
# Tickets already across a short link, per space of it: three short tickets through one
# 1-space route make players race for it in the first rounds (TTR607)
W_CROWDED = 0.3
# A route longer than LONG_CLAIM needs more cards of one colour than a hand holds at a time
# (Europe's 8-space tunnel, the Nordic 9): per space over, on the pair's path; a long ticket
# through Petrograd–Stockholm was completed half as often as its points said (TTR608)
LONG_CLAIM, W_LONG_CLAIM = 6, 0.5


class DeckError(ValueError):
    """A deck cannot be made as asked: the message says why and what to do."""


@dataclass(frozen=True)
class ProposedTicket:
    deck: str
    pair: Pair
    points: int
    origin: str
    destination: str

    @property
    def spaces(self) -> int:
        return self.pair.spaces


@dataclass(frozen=True)
class DeckPlan:
    """How many tickets each deck gets and the lengths they aim at, in train spaces."""

    decks: tuple[tuple[str, tuple[int, ...]], ...]  # (deck name, target lengths, longest first)
    diameter: float


def length_shares(board: Board) -> dict[str, list[float]]:
    """Deck name -> its city-to-city tickets' cheapest paths as shares of the board's
    diameter: the figures :data:`ONE_DECK`, :data:`WITH_LONG` and :data:`LONG` are read
    from on the official boards."""
    from ttrtool.ticket_value import TicketPricer

    diameter = board_diameter(board)
    pricer = TicketPricer(board)
    out: dict[str, list[float]] = {}
    for t in board.tickets:
        d = t.destinations[0]
        if t.is_multi or any(board.nodes[n].kind != "city" for n in t.origin_nodes | d.nodes):
            continue
        price = pricer.price(t.origin_nodes, d.nodes, cards=False)
        if price is not None and diameter:
            out.setdefault(t.deck, []).append(price.spaces / diameter)
    return out


def length_band(spaces: int, diameter: float) -> str:
    """'short' (under a third of the board's diameter), 'long' (over two thirds) or
    'medium'."""
    if spaces < diameter / 3:
        return "short"
    return "long" if spaces > 2 * diameter / 3 else "medium"


def _quantile(profile: Sequence[float], q: float) -> float:
    """The profile (values at 0, 10, ..., 100 %) read at ``q`` in [0, 1], linearly."""
    x = q * (len(profile) - 1)
    i = min(int(x), len(profile) - 2)
    return profile[i] + (profile[i + 1] - profile[i]) * (x - i)


def targets(profile: Sequence[float], count: int, diameter: float, trains: int) -> tuple[int, ...]:
    """``count`` target lengths, longest first: the profile read at the middle of each
    ticket's share of the deck, times the diameter."""
    out = [min(trains, max(SHORTEST, round(_quantile(profile, (k + 0.5) / count) * diameter)))
           for k in range(count)]
    return tuple(sorted(out, reverse=True))


def plan_deck(board: Board, cities: int, tickets: int | None = None, long: int | None = None
              ) -> DeckPlan:
    """The decks the rules deal from, with their sizes and target lengths (DeckError when
    the rules deal from a deck other than one regular deck and ``long``)."""
    rules = board.rules
    deal = dict(rules.tickets.setup_deal)
    regular = [d for d in deal if d != LONG_DECK] or ["regular"]
    if len(regular) > 1:
        raise DeckError(f"the rules deal from the decks {', '.join(regular)}: deck makes one "
                        f"deck and a separate '{LONG_DECK}' deck")
    most = rules.max_players
    need = deal.get(regular[0], 0) * most
    count = tickets if tickets is not None else max(need + 5, round(TICKETS_PER_CITY * cities))
    if count < need:
        raise DeckError(f"--tickets {count}: the rules deal {deal.get(regular[0], 0)} "
                        f"tickets to each of {most} players from deck '{regular[0]}': give at "
                        f"least {need}")
    diameter = board_diameter(board)
    trains = rules.trains_per_player
    decks: tuple[tuple[str, tuple[int, ...]], ...]
    if LONG_DECK in deal:
        need_long = deal[LONG_DECK] * most
        n_long = long if long is not None else max(need_long + 1, 6)
        if n_long < need_long:
            raise DeckError(f"--long {n_long}: the rules deal {deal[LONG_DECK]} long tickets "
                            f"to each of {most} players: give at least {need_long}")
        decks = ((LONG_DECK, targets(LONG, n_long, diameter, trains)),
                 (regular[0], targets(WITH_LONG, count, diameter, trains)))
    else:
        if long:
            raise DeckError("--long: the rules deal no long tickets (rules.tickets.setup_deal "
                            f"has no '{LONG_DECK}' deck)")
        decks = ((regular[0], targets(ONE_DECK, count, diameter, trains)),)
    return DeckPlan(decks, diameter)


class _Deck:
    """The tickets chosen so far and what they cover."""

    def __init__(self, board: Board, pairs: Sequence[Pair], cities: Collection[int],
                 wanted: Collection[int] = ()) -> None:
        self.board = board
        self.tracks = links(board)
        self.link_of = [min(t) for t in self.tracks]
        self.cities = set(cities)
        self.chosen: list[tuple[str, Pair]] = []
        self.ends: Counter[int] = Counter()
        self.crossed: Counter[int] = Counter()  # links on the chosen paths
        self.paths = {(p.a, p.b): self._path(p) for p in pairs}
        self.wanted = {self.link_of[ri] for ri in wanted}

    def _path(self, pair: Pair) -> dict[int, int]:
        """Link -> spaces on the pair's cheapest path."""
        out: dict[int, int] = {}
        for ri in pair.routes:
            out[self.link_of[ri]] = self.board.routes[ri].length
        return out

    def overlaps(self, pair: Pair, skip: int | None = None) -> bool:
        """Does the pair's path lie mostly on a chosen ticket's path, or one on its?"""
        mine = self.paths[(pair.a, pair.b)]
        for k, (_, other) in enumerate(self.chosen):
            if k == skip:
                continue
            theirs = self.paths[(other.a, other.b)]
            shared = sum(s for link, s in mine.items() if link in theirs)
            if shared > MOSTLY * pair.spaces or shared > MOSTLY * other.spaces:
                return True
        return False

    def add(self, deck: str, pair: Pair) -> None:
        self.chosen.append((deck, pair))
        self._count(pair, 1)

    def replace(self, k: int, pair: Pair) -> None:
        """The ``k``-th ticket becomes ``pair`` (in the same deck)."""
        deck, old = self.chosen[k]
        self._count(old, -1)
        self.chosen[k] = (deck, pair)
        self._count(pair, 1)

    def _count(self, pair: Pair, sign: int) -> None:
        self.ends[pair.a] += sign
        self.ends[pair.b] += sign
        for link in self.paths[(pair.a, pair.b)]:
            self.crossed[link] += sign

    def taken(self) -> set[tuple[int, int]]:
        return {(p.a, p.b) for _, p in self.chosen}

    def uncovered(self) -> set[int]:
        return {c for c in self.cities if self.ends[c] == 0}

    def score(self, pair: Pair, target: int) -> float:
        """Lower is better (see the weights above)."""
        off = abs(pair.spaces - target) / max(2.0, 0.15 * target)
        new = sum(1 for c in (pair.a, pair.b) if self.ends[c] == 0)
        used = self.ends[pair.a] + self.ends[pair.b]
        path = self.paths[(pair.a, pair.b)]
        fresh = sum(1 for link in path if self.crossed[link] == 0) / max(1, len(path))
        wanted = sum(1 for link in path if link in self.wanted and self.crossed[link] == 0)
        crowded = sum(self.crossed[link] / spaces for link, spaces in path.items())
        beyond = sum(max(0, spaces - LONG_CLAIM) for spaces in path.values())
        return (W_LENGTH * off - W_NEW_CITY * new + W_CITY_USED * used
                - W_NEW_ROUTE * fresh - W_WANTED * wanted + W_CROWDED * crowded
                + W_LONG_CLAIM * beyond)


def playable_pairs(board: Board, pairs: Sequence[Pair]) -> tuple[Pair, ...]:
    """The pairs a player's trains can join and that stay joined at every player count
    (one track of each double route where only one may be claimed, R-CLAIM-5)."""
    rules = board.rules
    masks = {usable_tracks(board, n, lambda r: float(r.length))
             for n in range(rules.min_players, rules.max_players + 1)}
    joined = []
    for mask in masks:
        uf = UnionFind(len(board.nodes))
        for r in board.routes:
            if mask[r.index]:
                uf.union(r.a, r.b)
        joined.append(uf)
    trains = rules.trains_per_player
    return tuple(p for p in pairs if p.spaces <= trains
                 and all(any(uf.connected(p.a, b) for b in p.b_nodes) for uf in joined))


def choose_tickets(board: Board, plan: DeckPlan, exclude: Collection[str] = (),
                   seed: int = 0, avoid: Collection[tuple[int, int]] = (),
                   wanted: Collection[int] = ()) -> list[ProposedTicket]:
    """The deck (see the module docstring): ``avoid``, pairs (a < b) not to take;
    ``wanted``, routes a ticket's path should cross (the games left them unclaimed)."""
    rng = random.Random(seed)
    cities = city_nodes(board, exclude)
    pairs = [p for p in playable_pairs(board, city_pairs(board, cities))
             if p.spaces >= SHORTEST and (p.a, p.b) not in avoid]
    if not pairs:
        raise DeckError("no two cities are joined by routes: draw routes first")
    jitter = {(p.a, p.b): rng.random() * 1e-3 for p in pairs}
    deck = _Deck(board, pairs, cities, wanted)
    slots = [(name, t) for name, ts in plan.decks for t in ts]
    for name, target in slots:
        taken = deck.taken()
        free = [p for p in pairs if (p.a, p.b) not in taken and not deck.overlaps(p)]
        if not any(near(p.spaces, target) for p in free):
            # a small or a long thin network (every long path shares the one trunk): allow
            # overlaps rather than stop short, or fill a long slot with a short ticket
            free = [p for p in pairs if (p.a, p.b) not in taken]
        if not free:
            raise DeckError(f"the network has only {len(pairs)} pairs of cities to make "
                            f"tickets of: ask for fewer tickets (--tickets)")
        best = min(free, key=lambda p: (deck.score(p, target) + jitter[(p.a, p.b)], p.a, p.b))
        deck.add(name, best)
    _cover(deck, pairs, [t for _, t in slots], jitter)
    return [_priced(board, name, pair) for name, pair in deck.chosen]


def near(spaces: int, target: int) -> bool:
    """Is a path of ``spaces`` within a ticket's tolerance of its ``target`` length (the
    scale of :meth:`_Deck.score`'s length term)?"""
    return abs(spaces - target) <= max(2.0, 0.15 * target)


def _cover(deck: _Deck, pairs: Sequence[Pair], target: Sequence[int],
           jitter: dict[tuple[int, int], float]) -> None:
    """Put every city on a ticket: each uncovered city takes the place of a ticket whose
    ends both have others, by the pair nearest that ticket's target."""
    for city in sorted(deck.uncovered()):
        if deck.ends[city]:
            continue
        options = []
        for k, (_, old) in enumerate(deck.chosen):
            if deck.ends[old.a] < 2 or deck.ends[old.b] < 2:
                continue
            taken = deck.taken()
            for p in pairs:
                if city not in (p.a, p.b) or (p.a, p.b) in taken or deck.overlaps(p, skip=k):
                    continue
                off = abs(p.spaces - target[k]) / max(2.0, 0.15 * target[k])
                options.append((off + jitter[(p.a, p.b)], k, p))
        if not options:
            continue
        _, k, p = min(options, key=lambda o: (o[0], o[1], o[2].a, o[2].b))
        deck.replace(k, p)


def _priced(board: Board, deck: str, pair: Pair) -> ProposedTicket:
    """The ticket worth its cheapest path in spaces, or the lowest fair value when that is
    too cheap for its cards."""
    value = ticket_value(pair.spaces, pair.spaces, points_band(board), pair.price.cards)
    points = max(pair.spaces, value.fair[0])
    a, b = board.nodes[pair.a].name, board.nodes[pair.b].name
    return ProposedTicket(deck, pair, points, a, b)


