"""What a destination ticket should be worth: the one definition of a fair ticket value.

A ticket's points are judged against the cheapest chain of routes that completes it, in
train spaces (R-TIX-2; each destination of a multi-destination ticket on its own, R-CH-3).
On the official boards the points equal that cost for 103 of the 110 city-city tickets
(USA 25 of 30, Europe 44 of 46, Switzerland 34 of 34) and the rest are 1 or 2 above it;
the Nordic Countries and India tables are all exact.  The Swiss multi-destination tickets
stray a little further (Chur-France is worth 12 for a 13-space path).

So, with the default :data:`POINTS_BAND`:

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

if TYPE_CHECKING:
    from ttrtool.model import Board


@dataclass(frozen=True)
class PointsBand:
    """How far a ticket's points may stray from its cheapest path in train spaces."""

    below: int = 2  # fair down to this many points under the cheapest path
    above: int = 2  # fair up to this many points over it
    # Grossly mispriced: below cost / factor or above cost x factor, and also more than
    # twice the band away from the cost.
    factor: float = 2.0


POINTS_BAND = PointsBand()


def points_band(board: Board) -> PointsBand:
    """The band a board's tickets are judged with.  Every board uses :data:`POINTS_BAND`
    today; a setting in the map's ``rules`` would be read here, in one place for
    ``validate`` and ``analyze`` alike."""
    del board  # the same band for every board for now
    return POINTS_BAND


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
