"""What a destination ticket should be worth: the one definition of a fair ticket value.

A ticket's points are judged against the cheapest chain of routes that completes it, in
train spaces (R-TIX-2; each destination of a multi-destination ticket on its own, R-CH-3),
counting the trains mountain routes discard (:func:`ticket_costs`).
On the official boards the points equal that cost for 103 of the 110 city-city tickets
(USA 25 of 30, Europe 44 of 46, Switzerland 34 of 34) and the rest are 1 or 2 above it;
the Nordic Countries and India tables are all exact.  The Swiss multi-destination tickets
stray a little further (Chur-France is worth 12 for a 13-space path).

So, with the default :data:`POINTS_BAND` (a map may set its own in
``rules.tickets.points_band``):

* **fair**: points within 2 of the cheapest path (``spaces - 2 .. spaces + 2``, and at
  least 1): every official ticket is;
* **low** / **high**: outside that band, a warning (``validate`` TTR406);
* **far low** / **far high**: a gross mispricing, an error (``validate`` TTR407): less than
  half or more than twice the cheapest path *and* more than twice the band away from it,
  or worth nothing at all (0 points).  A 40-point ticket on a 6-space path is one.

``validate`` and ``analyze`` both call :func:`ticket_value` with :func:`points_band`, so
they never disagree.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttrtool.rules import POINTS_BAND as POINTS_BAND
from ttrtool.rules import PointsBand as PointsBand

if TYPE_CHECKING:
    from ttrtool.model import Board


def points_band(board: Board) -> PointsBand:
    """The band a board's tickets are judged with: the map's ``rules.tickets.points_band``
    (built once with the rules; its default is :data:`POINTS_BAND`), read here in one
    place for ``validate`` and ``analyze`` alike."""
    return board.rules.tickets.points_band


def ticket_costs(board: Board) -> tuple[int, ...]:
    """What each route adds to a ticket's cheapest cost, indexed like ``board.routes``: the
    trains its claim takes, its spaces plus the trains a mountain route discards (R-VAR-10).

    The cheapest legal payment has as many cards as the route has spaces wherever an
    ordinary card or a locomotive may pay each space, which holds on every official board;
    the card-count surcharges (tunnels, ferry symbols, substitute sets) are the weighted
    costs of ``analyze`` (ttrtool/analysis/costs.py).
    """
    allowed = board.rules.mountains_allowed
    return tuple(r.length + (r.mountains if allowed else 0) for r in board.routes)


class Pricing(enum.Enum):
    FAIR = "fair"
    LOW = "low"
    HIGH = "high"
    FAR_LOW = "far-low"
    FAR_HIGH = "far-high"


_PHRASES = {
    Pricing.FAIR: "",
    Pricing.LOW: "worth less than its cheapest path",
    Pricing.HIGH: "worth more than its cheapest path",
    Pricing.FAR_LOW: "worth far less than its cheapest path",
    Pricing.FAR_HIGH: "worth far more than its cheapest path",
}


@dataclass(frozen=True)
class TicketValue:
    """The verdict on one destination's points."""

    points: int
    spaces: int  # the cheapest completion in train spaces
    pricing: Pricing
    fair: tuple[int, int]  # the fair points, lowest and highest
    band: PointsBand = POINTS_BAND  # the band judged by

    @property
    def gross(self) -> bool:
        """Far off: an error in ``validate``, not only a warning."""
        return self.pricing in (Pricing.FAR_LOW, Pricing.FAR_HIGH)

    @property
    def phrase(self) -> str:
        """'' when fair, else what is off (``worth more than its cheapest path``)."""
        return _PHRASES[self.pricing]


def ticket_value(points: int, spaces: int, band: PointsBand = POINTS_BAND) -> TicketValue:
    """Judge ``points`` for a destination whose cheapest completion is ``spaces`` train
    spaces (see the module docstring for the tiers)."""
    fair_low, fair_high = max(1, spaces - band.below), spaces + band.above
    far_low = max(1, min(spaces - 2 * band.below, math.ceil(spaces / band.factor)))
    far_high = max(spaces + 2 * band.above, math.floor(spaces * band.factor))
    if points < far_low:
        pricing = Pricing.FAR_LOW
    elif points < fair_low:
        pricing = Pricing.LOW
    elif points > far_high:
        pricing = Pricing.FAR_HIGH
    elif points > fair_high:
        pricing = Pricing.HIGH
    else:
        pricing = Pricing.FAIR
    return TicketValue(points, spaces, pricing, (fair_low, fair_high), band)
