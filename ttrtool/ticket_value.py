"""What a destination ticket should be worth: the one definition of a ticket's price and of a
fair ticket value.

**The price.**  A ticket is completed by a chain of routes joining its places (R-TIX-2;
each destination of a multi-destination ticket on its own, R-CH-3).  Its price is two
cheapest paths, each with its own routes (:class:`TicketPrice`, found by
:class:`TicketPricer`):

* **in train spaces**: the trains the chain takes, counting the trains a mountain route
  discards (:func:`ticket_costs`); among the cheapest, the one with the fewest routes;
* **in expected train cards**: the same spaces plus what tunnels and ferries cost on top,
  from the deck in the map's rules (:mod:`ttrtool.card_costs`: the expected tunnel
  surcharge, R-EU-7, and the scarcity of the locomotives a ferry needs, R-EU-6).  When the
  path cheapest in spaces costs no more cards than any other, it is that same path.

On the official boards the points equal the spaces for 103 of the 110 city-city tickets
(USA 25 of 30, Europe 44 of 46, Switzerland 34 of 34) and the rest are 1 or 2 above them;
the Nordic Countries and India tables are all exact.  The Swiss multi-destination tickets
stray a little further (Chur-France is worth 12 for a 13-space path).  Their designers
price in spaces and leave most of the card surcharge unpaid: points - cards runs from
-5.0 (Nordic Bergen-Narvik, 16 points for 21.0 cards) to +2, and cards / points reaches
1.41 on a city-city ticket (Nordic Stavanger-Karlskrona, 8 for 11.3) and 1.71 on a short
Swiss leg (Chur-Österreich, 3 for 5.1).

**The verdict** (:func:`ticket_value`) reads the points against that range, with the
default :data:`POINTS_BAND` (a map may set its own in ``rules.tickets.points_band``):

* **fair**: from ``spaces - 2`` (and at least 1) up to ``cards + 2``: a designer may pay
  for the locomotives and tunnel risk of a path, or leave them out as the official maps
  do; every official ticket is fair;
* **low** / **high**, a warning (``validate`` TTR406): under ``spaces - 2``; over
  ``cards + 2``; or too cheap for its cards: the cheapest path in cards costs more than
  :data:`CARDS_RATIO` (1.5) times the points *and* more than twice the band (4) above
  them (no official ticket comes near both: 1.41 with 3.3 cards, 1.31 with 5.0);
* **far low** / **far high**, an error (``validate`` TTR407): less than half the spaces
  and more than twice the band under them, or worth nothing (0 points); more than twice
  the cards and more than twice the band over them.  The cards side alone never makes an
  error: an expectation is not a slip (a tunnel may well cost nothing extra).

With no tunnel or ferry on the paths the cards equal the spaces and the verdict is the
spaces band alone.  ``validate`` (TTR406, TTR407), ``analyze`` (its tables, JSON and
page) and the static findings (TTR501, TTR502, which ``simulate`` shows) all take the
price from :class:`TicketPricer` and the verdict from :func:`ticket_value`, so they never
disagree.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttrtool.card_costs import CostWeights, route_weights
from ttrtool.graph import INF, PathSearch
from ttrtool.rules import POINTS_BAND as POINTS_BAND
from ttrtool.rules import PointsBand as PointsBand

if TYPE_CHECKING:
    from ttrtool.model import Board

# A ticket is too cheap for its cards when the cheapest path in cards costs more than this
# many times its points (and more than twice the band above them).  The official maps
# reach 1.41 on a city-city ticket and 1.71 on a Swiss 3-point leg (only 2.1 cards over).
CARDS_RATIO = 1.5
_EPS = 1e-9  # card costs are sums of fractions: compare them with a little slack


def points_band(board: Board) -> PointsBand:
    """The band a board's tickets are judged with: the map's ``rules.tickets.points_band``
    (built once with the rules; its default is :data:`POINTS_BAND`), read here in one
    place for ``validate`` and ``analyze`` alike."""
    return board.rules.tickets.points_band


def ticket_costs(board: Board) -> tuple[int, ...]:
    """What each route adds to a ticket's cost in train spaces, indexed like
    ``board.routes``: the trains its claim takes, its spaces plus the trains a mountain
    route discards (R-VAR-10).  The cost in cards adds tunnels and ferries on top
    (:func:`ttrtool.card_costs.route_weights`)."""
    allowed = board.rules.mountains_allowed
    return tuple(r.length + (r.mountains if allowed else 0) for r in board.routes)


@dataclass(frozen=True)
class PricedPath:
    """One chain of routes completing a ticket, with what it costs both ways."""

    start: int  # the origin node it leaves from
    routes: tuple[int, ...]  # route indices, origin first
    spaces: int  # train spaces, mountain trains included
    cards: float  # expected train cards

    def places(self, board: Board) -> tuple[int, ...]:
        """The nodes along the path, origin first."""
        nodes = [self.start]
        for ri in self.routes:
            nodes.append(board.routes[ri].other(nodes[-1]))
        return tuple(nodes)


@dataclass(frozen=True)
class TicketPrice:
    """A destination's price: the cheapest path in spaces and the cheapest in cards (the
    same object when one path is cheapest both ways).  ``by_cards`` is None when only the
    spaces were asked for (``TicketPricer.price(..., cards=False)``)."""

    by_spaces: PricedPath
    by_cards: PricedPath | None

    @property
    def spaces(self) -> int:
        return self.by_spaces.spaces

    @property
    def cards(self) -> float | None:
        return None if self.by_cards is None else self.by_cards.cards

    @property
    def one_path(self) -> bool:
        """Is the path cheapest in spaces also cheapest in cards?"""
        return self.by_cards is None or self.by_cards is self.by_spaces


class TicketPricer:
    """Prices the tickets of one board: cheapest paths in spaces (fewest routes on ties)
    and in expected cards, each search run once per origin set and resumed for each
    destination (:class:`ttrtool.graph.PathSearch`).  ``cards``: each route's cost in
    cards; the default weights (:class:`ttrtool.card_costs.CostWeights`) unless given."""

    def __init__(self, board: Board, cards: Sequence[float] | None = None) -> None:
        self.board = board
        self.spaces = ticket_costs(board)
        self.cards = tuple(route_weights(board, CostWeights()) if cards is None else cards)
        # spaces first, routes second: exact in floats while a path has < 1024 routes
        self._by_spaces = tuple(s * 1024.0 + 1.0 for s in self.spaces)
        self._searches: dict[tuple[bool, frozenset[int], tuple[bool, ...] | None],
                             PathSearch] = {}

    def _search(self, in_cards: bool, sources: frozenset[int],
                usable: tuple[bool, ...] | None) -> PathSearch:
        key = (in_cards, sources, usable)
        found = self._searches.get(key)
        if found is None:
            weights: Sequence[float] = self.cards if in_cards else self._by_spaces
            if usable is not None:  # a track that cannot be used is never taken
                weights = [w if ok else INF for w, ok in zip(weights, usable, strict=True)]
            found = self._searches[key] = PathSearch(self.board, sources, weights)
        return found

    def _priced(self, sources: frozenset[int], routes: tuple[int, ...]) -> PricedPath:
        start = next(iter(sources))
        if routes:  # a cheapest chain never enters a source: its first route leaves one
            first = self.board.routes[routes[0]]
            start = first.a if first.a in sources else first.b
        return PricedPath(start, routes, sum(self.spaces[ri] for ri in routes),
                          sum(self.cards[ri] for ri in routes))

    def price(self, sources: frozenset[int], targets: frozenset[int],
              usable: tuple[bool, ...] | None = None, cards: bool = True) -> TicketPrice | None:
        """The price of joining ``sources`` to ``targets`` (None when no chain does) with
        the tracks ``usable`` (all when None); ``cards`` False skips the search in cards."""
        found = self._search(False, sources, usable).path(targets)
        if found is None:
            return None
        by_spaces = self._priced(sources, found[1])
        if not cards:
            return TicketPrice(by_spaces, None)
        in_cards = self._search(True, sources, usable).path(targets)
        by_cards = by_spaces
        if in_cards is not None and in_cards[0] < by_spaces.cards - _EPS:
            by_cards = self._priced(sources, in_cards[1])
        return TicketPrice(by_spaces, by_cards)


class Pricing(enum.Enum):
    FAIR = "fair"
    LOW = "low"
    HIGH = "high"
    FAR_LOW = "far-low"
    FAR_HIGH = "far-high"


_PHRASES = {
    (Pricing.LOW, "spaces"): "worth less than its cheapest path",
    (Pricing.LOW, "cards"): "worth less than its cheapest path costs in cards",
    (Pricing.HIGH, "spaces"): "worth more than its cheapest path",
    (Pricing.HIGH, "cards"): "worth more than its cheapest path costs in cards",
    (Pricing.FAR_LOW, "spaces"): "worth far less than its cheapest path",
    (Pricing.FAR_HIGH, "spaces"): "worth far more than its cheapest path",
    (Pricing.FAR_HIGH, "cards"): "worth far more than its cheapest path costs in cards",
}


@dataclass(frozen=True)
class TicketValue:
    """The verdict on one destination's points."""

    points: int
    spaces: int  # the cheapest completion in train spaces
    pricing: Pricing
    fair: tuple[int, int]  # the fair points, lowest and highest
    band: PointsBand = POINTS_BAND  # the band judged by
    cards: float | None = None  # the cheapest completion in expected cards (None: = spaces)
    measure: str = ""  # the price the verdict was read against: 'spaces', 'cards' or '' (fair)

    @property
    def gross(self) -> bool:
        """Far off: an error in ``validate``, not only a warning."""
        return self.pricing in (Pricing.FAR_LOW, Pricing.FAR_HIGH)

    @property
    def phrase(self) -> str:
        """'' when fair, else what is off (``worth more than its cheapest path``)."""
        return _PHRASES.get((self.pricing, self.measure), "")


def ticket_value(points: int, spaces: int, band: PointsBand = POINTS_BAND,
                 cards: float | None = None) -> TicketValue:
    """Judge ``points`` for a destination whose cheapest completion is ``spaces`` train
    spaces and ``cards`` expected cards (the spaces when None: no tunnel or ferry); see
    the module docstring for the tiers."""
    c = float(spaces) if cards is None else max(float(cards), float(spaces))
    fair_low = max(1, spaces - band.below)
    far_low = max(1, min(spaces - 2 * band.below, math.ceil(spaces / band.factor)))
    # too cheap for its cards: the cards over CARDS_RATIO x the points and 2 bands above them
    cards_low = math.ceil(min(c / CARDS_RATIO, c - 2 * band.below) - _EPS)
    fair_high = math.floor(c + band.above + _EPS)
    far_high = math.floor(max(c + 2 * band.above, c * band.factor) + _EPS)
    side = "cards" if c > spaces + _EPS else "spaces"
    if points < far_low:
        pricing, measure = Pricing.FAR_LOW, "spaces"
    elif points < fair_low:
        pricing, measure = Pricing.LOW, "spaces"
    elif points < cards_low:
        pricing, measure = Pricing.LOW, "cards"
    elif points > far_high:
        pricing, measure = Pricing.FAR_HIGH, side
    elif points > fair_high:
        pricing, measure = Pricing.HIGH, side
    else:
        pricing, measure = Pricing.FAIR, ""
    return TicketValue(points, spaces, pricing, (max(fair_low, cards_low), fair_high), band,
                       cards, measure)


def price_value(points: int, price: TicketPrice, band: PointsBand = POINTS_BAND) -> TicketValue:
    """:func:`ticket_value` for a :class:`TicketPrice`."""
    return ticket_value(points, price.spaces, band, price.cards)


def price_message(board: Board, label: str, price: TicketPrice, v: TicketValue) -> str:
    """What is off with a ticket's points, naming the path each figure belongs to (the
    path priced), and the fair points: ``validate`` (TTR406, TTR407) and the findings
    (TTR501, TTR502) say it in the same words."""
    band = v.band
    by_spaces, by_cards = price.by_spaces, price.by_cards or price.by_spaces

    def via(path_places: tuple[int, ...]) -> str:
        return " – ".join(board.nodes[n].name for n in path_places)

    spaces = f"a cheapest path of {v.spaces} train spaces ({via(by_spaces.places(board))})"
    if by_cards is by_spaces and by_spaces.cards > by_spaces.spaces:
        spaces += f", {by_cards.cards:.1f} cards expected with its tunnels and ferries"
    elif by_cards is not by_spaces:
        spaces += (f"; the path cheapest in cards ({via(by_cards.places(board))}) takes "
                   f"{by_cards.spaces} spaces and {by_cards.cards:.1f} cards expected")
    if v.points == 0:
        gap = "nothing to win or lose"
    elif v.measure == "cards":
        gap = {Pricing.LOW: f"too cheap for its cards (over {CARDS_RATIO:g} times the points "
                            f"and more than {2 * band.below} above them)",
               Pricing.HIGH: f"more than {band.above} above the cards",
               Pricing.FAR_HIGH: f"more than {band.factor:g} times the cards"}[v.pricing]
    else:
        gap = {Pricing.LOW: f"more than {band.below} below the spaces",
               Pricing.HIGH: f"more than {band.above} above the spaces",
               Pricing.FAR_LOW: f"less than 1/{band.factor:g} of the spaces",
               Pricing.FAR_HIGH: f"more than {band.factor:g} times the spaces"}[v.pricing]
    low, high = v.fair
    return (f"ticket {label} is worth {v.points} for {spaces}: {gap}; make it between {low} "
            f"and {high} points")
