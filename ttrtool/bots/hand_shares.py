"""Planning costs that follow the hand (docs/bots.md, "What the expert changed in 2026":
plans that follow the hand).

A route the hand already pays part of costs less to plan: the expert's path searches
(:meth:`~ttrtool.bots.expert_core.ExpertCore.path_weights`) cut each open route's cost
by ``hand_bias`` of the share of it that the cards in hand of its colour pay
(R-CLAIM-1: the colour must match; a gray route reads the colour held most).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.graph import INF


class HandShares:
    """Planning costs that follow the hand: each open route's cost falls by ``bias`` of the
    share of it that the cards in hand of its colour pay (gray: the colour held most)."""

    __slots__ = ("bias", "colors", "lengths", "loco", "_by_colour", "_shares")

    def __init__(self, bias: float, colors: Sequence[int], lengths: Sequence[int],
                 loco: int) -> None:
        self.bias, self.colors, self.lengths, self.loco = bias, colors, lengths, loco
        # the routes of each colour (the last: gray), with their lengths
        self._by_colour: list[list[tuple[int, int]]] = [[] for _ in range(loco + 1)]
        for r, (c, n) in enumerate(zip(colors, lengths, strict=True)):
            self._by_colour[c].append((r, n))
        # (hand, the cards of each colour and last the colour held most, each route's
        # share of its planning cost with that hand)
        self._shares: tuple[Sequence[int], list[int], list[float]] = ((), [], [])

    def weights(self, weights: list[float], hand: Sequence[int]) -> list[float]:
        """``weights`` (0 owned or free, INF closed: kept) with each open route's cost
        cut by its share, in a new list."""
        seen, before, shares = self._shares
        if hand != seen:  # each route's share of its cost, once a hand
            bias = self.bias
            # the cards of each colour, and last (a gray route's -1) the colour held most
            held = [*hand[:self.loco], max(hand[:self.loco], default=0)]
            if before:  # the routes of the colours whose count changed
                shares = list(shares)
                for c, (h, b) in enumerate(zip(held, before, strict=True)):
                    if h != b:
                        for r, n in self._by_colour[c]:
                            shares[r] = 1.0 - bias * (h if h < n else n) / n
            else:
                shares = [1.0 - bias * min(held[c], n) / n
                          for c, n in zip(self.colors, self.lengths, strict=True)]
            self._shares = (hand, held, shares)
        return [w * f if 0.0 < w < INF else w for w, f in zip(weights, shares, strict=True)]
