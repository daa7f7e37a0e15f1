"""What claiming a route costs beyond its train spaces: tunnels, ferries, mountains.

Costs are counted in train cards.  A route of length n needs n cards; two
optional surcharges estimate the extra effort, both computed from the deck
composition in the map's rules, never from constants:

* **Tunnels** (R-EU-7, R-CH-8): ``reveal`` cards are turned from the deck and
  each one of the colour used, or a locomotive, demands one more card.  The
  expected number of matches is the mean of the hypergeometric distribution,
  ``reveal * (cards of the colour + locomotives) / deck size``.  A gray
  tunnel is paid in one colour of the player's choice: the mean number of
  cards per colour is used.  ``--tunnel-weight expected`` (the default) adds
  that mean; ``none`` adds nothing; a number adds that many cards.
* **Ferries** (R-EU-6): each locomotive symbol needs a locomotive.  A blind
  draw is a locomotive with probability ``L / N`` but is usable for a
  coloured space with probability ``(c + L) / N``, so a locomotive takes
  ``(c + L) / L`` times as many draws as an ordinary card.  ``--ferry-weight
  scarcity`` (the default) adds ``(c + L) / L - 1`` cards per symbol; ``none``
  adds nothing; a number adds that many cards per symbol.  Where the rules let
  any N cards replace a ferry's locomotive (R-VAR-3), a symbol costs at most
  ``N - 1`` extra cards under ``scarcity``: the cheaper of the two legal ways
  to pay it (and the only one if locomotives may not be played on ferries).
* **Mountains** (R-VAR-10): the trains a mountain route discards beyond its
  length count like train spaces: one each, whatever the weights (they are
  trains the player must have, so a path over mountains uses up more of them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import comb

from ttrtool.model import Board, Route
from ttrtool.rules import Rules

TUNNEL_CHOICES = ("expected", "none")
FERRY_CHOICES = ("scarcity", "none")


class WeightError(ValueError):
    """An option value that is neither a known name nor a non-negative number."""


def _parse(value: str, names: tuple[str, ...], option: str) -> str | float:
    if value in names:
        return value
    try:
        number = float(value)
    except ValueError:
        raise WeightError(f"{option} must be one of {', '.join(names)} or a number, "
                          f"not '{value}'") from None
    if not math.isfinite(number):
        raise WeightError(f"{option} must be a finite number of cards (got {value})")
    if number < 0:
        raise WeightError(f"{option} must not be negative (got {value})")
    return number


@dataclass(frozen=True)
class CostWeights:
    """How tunnels and ferries are priced: a named policy or a fixed number of cards."""

    tunnel: str | float = "expected"
    ferry: str | float = "scarcity"

    @classmethod
    def parse(cls, tunnel: str = "expected", ferry: str = "scarcity") -> CostWeights:
        """From command-line text; raises :class:`WeightError` for a bad value."""
        return cls(_parse(tunnel, TUNNEL_CHOICES, "--tunnel-weight"),
                   _parse(ferry, FERRY_CHOICES, "--ferry-weight"))

    def describe(self) -> dict[str, str | float]:
        return {"tunnel": self.tunnel, "ferry": self.ferry}


def _mean_colour_cards(rules: Rules) -> float:
    counts = rules.cards_per_color
    return sum(counts) / len(counts) if counts else 0.0


def colour_cards(rules: Rules, colour: str) -> float:
    """Cards of ``colour`` in the deck; for gray the mean over colours."""
    if colour in rules.colors:
        return float(rules.cards_per_color[rules.colors.index(colour)])
    return _mean_colour_cards(rules)


def tunnel_match_distribution(rules: Rules, colour: str) -> tuple[float, ...]:
    """P(k extra cards), k = 0..reveal, for a tunnel paid in ``colour`` (hypergeometric).

    The deck is the full composition of the rules; for gray the colour count
    is the mean over colours, rounded to the nearest card.
    """
    total = rules.deck_size
    good = round(colour_cards(rules, colour)) + rules.locomotives
    reveal = min(rules.tunnel_reveal, total)
    if total <= 0:
        return (1.0,)
    return tuple(comb(good, k) * comb(total - good, reveal - k) / comb(total, reveal)
                 for k in range(reveal + 1))


def expected_tunnel_surcharge(rules: Rules, colour: str) -> float:
    """Mean extra cards for a tunnel: reveal x (colour + locomotives) / deck (R-EU-7)."""
    total = rules.deck_size
    if total <= 0:
        return 0.0
    good = colour_cards(rules, colour) + rules.locomotives
    return min(rules.tunnel_reveal, total) * good / total


def ferry_symbol_surcharge(rules: Rules) -> float:
    """Extra cards per locomotive symbol: (c + L) / L - 1, c the mean colour count (R-EU-6)."""
    if rules.locomotives <= 0:
        return 0.0
    return (_mean_colour_cards(rules) + rules.locomotives) / rules.locomotives - 1.0


def symbol_surcharge(rules: Rules, route: Route, locomotive: float, cheapest: bool) -> float:
    """Extra cards for one locomotive symbol of ``route``: ``locomotive`` when paid with a
    locomotive; with a substitute rule (R-VAR-3), the cheaper legal way when ``cheapest``
    (the ``scarcity`` policy), and the substitute's ``N - 1`` when locomotives may not be
    played on ferries."""
    sub = rules.substitute_for(route.id, route.kind)
    if sub is None or sub.replaces != "locomotive":
        return locomotive
    if not rules.locomotives_playable_on(route.kind):
        return float(sub.cards - 1)
    return min(locomotive, float(sub.cards - 1)) if cheapest else locomotive


def route_weights(board: Board, weights: CostWeights) -> tuple[float, ...]:
    """Cost in cards of every route (indexed like ``board.routes``)."""
    rules = board.rules
    ferry_extra = (ferry_symbol_surcharge(rules) if weights.ferry == "scarcity"
                   else 0.0 if weights.ferry == "none" else float(weights.ferry))

    def cost(route: Route) -> float:
        extra = 0.0
        if route.kind == "tunnel":
            if weights.tunnel == "expected":
                extra = expected_tunnel_surcharge(rules, route.color)
            elif weights.tunnel != "none":
                extra = float(weights.tunnel)
        if route.kind == "ferry" or route.locomotives:
            extra += symbol_surcharge(rules, route, ferry_extra, weights.ferry == "scarcity") \
                * route.locomotives
        mountains = route.mountains if rules.mountains_allowed else 0
        return route.length + mountains + extra

    return tuple(cost(r) for r in board.routes)


def weights_matter(board: Board, weights: CostWeights) -> bool:
    """Do the weights change any route's cost on this board?"""
    return any(abs(w - r.length) > 1e-12
               for w, r in zip(route_weights(board, weights), board.routes, strict=True))
