"""The legal payments for a route, given a hand, under a rule set.

Rules: R-CLAIM-1, R-CLAIM-2, R-EU-6, R-CH-7, R-VAR-1, R-VAR-2, R-VAR-3.

One pure module answers "how may route r be paid from hand h": the action
list (:mod:`ttrtool.engine.claims`), the claims asked for route by route
(:mod:`ttrtool.engine.board_menu`) and the check of a claim played all call
it (docs/engine.md, "Payments").  Nothing here touches a game state.

A payment is ``(card, locomotives, sets)``: ``card`` is the card index of the
colour played (the locomotive's index when no coloured card is played),
``locomotives`` the locomotive cards played, ``sets`` the number of places
paid with a set of "any N cards" (R-VAR-3); the coloured cards are the rest
of the route's length.  Which cards make up those sets is not a choice the
engine offers: :func:`substitute_cards` takes them by one documented rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PaySpec:
    """What a route asks for, as the rules see it.

    ``color`` is a card index or -1 for gray; ``min_locos`` the locomotives the
    route demands (a ferry's symbols, R-EU-6); ``locos_ok`` whether locomotives
    may be played on it beyond those (R-CLAIM-2, R-CH-7, R-VAR-1);
    ``sub_locos`` / ``sub_cards``: how many cards of any kind replace one
    required locomotive / one coloured card (0: no such rule, R-VAR-3);
    ``extra_trains``: trains the route takes beyond its length (R-VAR-10).
    """

    length: int
    color: int
    min_locos: int
    locos_ok: bool
    sub_locos: int = 0
    sub_cards: int = 0
    # Not a payment in cards: trains discarded beyond the length (a mountain, R-VAR-10).
    extra_trains: int = 0

    @property
    def substitutes(self) -> bool:
        return bool(self.sub_locos or self.sub_cards)

    @property
    def set_size(self) -> int:
        """Cards in one substitute set (0 when the route has no substitution)."""
        return self.sub_locos or self.sub_cards


Payment = tuple[int, int, int]  # (card index, locomotives, substitute sets)


def legal_payments(spec: PaySpec, hand: Sequence[int], loco: int) -> list[Payment]:
    """Every distinct legal payment for a route of this spec from this hand.

    Order: by colour (card order), then locomotives, then substitute sets; the
    payments without a coloured card (only locomotives and sets) last.  A
    coloured payment plays at least one card of its colour.  Locomotives
    number at least the route's demand, less the sets that stand in for
    them; where they may not be played at all, none are (a ferry that then
    demands them cannot be claimed: TTR306 says so).
    """
    length, min_l = spec.length, spec.min_locos
    have_l = hand[loco]
    max_l = min(length, have_l) if spec.locos_ok else 0
    size = spec.set_size
    max_sets = 0
    if spec.sub_locos:
        max_sets = min_l
    elif spec.sub_cards:
        max_sets = length - min_l
    total = sum(hand)
    out: list[Payment] = []
    colors = range(loco) if spec.color < 0 else (spec.color,)
    for c in colors:
        have = hand[c]
        if not have:
            continue
        for n in range(0, max_l + 1):
            for s in range(0, max_sets + 1):
                x = length - n - s
                if x < 1:
                    break
                if x > have or n + (s if spec.sub_locos else 0) < min_l:
                    continue
                if s and total - x - n < s * size:
                    break
                out.append((c, n, s))
    for n in range(0, max_l + 1):  # no coloured card: locomotives and sets only
        s = length - n
        if s > max_sets or n + (s if spec.sub_locos else 0) < min_l:
            continue
        if s and total - n < s * size:
            continue
        out.append((loco, n, s))
    return out


def substitute_cards(hand: Sequence[int], card: int, cards: int, locomotives: int,
                     count: int, loco: int) -> tuple[tuple[int, int], ...]:
    """The cards given as "any N" sets (R-VAR-3), ``count`` of them in all, as sorted
    ``(card index, number)`` pairs.

    The rule (the engine's, documented in docs/variants.md): after setting aside
    the payment's own cards, take one card at a time from the colour the player
    then holds most of (the lowest card index on a tie); locomotives only when
    no coloured card is left.  Raises ``ValueError`` if the hand is too small.
    """
    left = list(hand)
    left[card] -= cards
    left[loco] -= locomotives
    taken = [0] * len(left)
    for _ in range(count):
        best = -1
        for c in range(loco):
            if left[c] > 0 and (best < 0 or left[c] > left[best]):
                best = c
        if best < 0:
            if left[loco] <= 0:
                raise ValueError("not enough cards for the substitute sets")
            best = loco
        left[best] -= 1
        taken[best] += 1
    return tuple((c, k) for c, k in enumerate(taken) if k)


def fast_offsets(spec: PaySpec, hand: Sequence[int], loco: int) -> list[int]:
    """:func:`legal_payments` for a route without substitution, as offsets
    ``card * (length + 1) + locomotives`` into the route's row of shared claim
    actions (the engine's fast path; a test holds it equal to the general one)."""
    length, col, min_l = spec.length, spec.color, spec.min_locos
    max_l = min(length, hand[loco]) if spec.locos_ok else 0
    if max_l < min_l:
        return []
    stride = length + 1
    hi = (max_l if max_l < length else length - 1) + 1
    out: list[int] = []
    for c in range(loco) if col < 0 else (col,):
        have = hand[c]
        if have and have + max_l >= length:
            base = c * stride
            out.extend(range(base + (length - have if length - have > min_l else min_l),
                             base + hi))
    if max_l >= length:
        out.append(loco * stride + length)
    return out


def default_offsets(spec: PaySpec, hand: Sequence[int], loco: int) -> list[int]:
    """The *default* payment of each colour among :func:`fast_offsets`: the first one,
    with the fewest locomotives (the one-claim-per-route-and-colour interface,
    ``GameState.default_actions``; a test holds it equal to the first payment of
    each colour of :func:`legal_payments`)."""
    length, col, min_l = spec.length, spec.color, spec.min_locos
    max_l = min(length, hand[loco]) if spec.locos_ok else 0
    if max_l < min_l:
        return []
    stride = length + 1
    out: list[int] = []
    for c in range(loco) if col < 0 else (col,):
        have = hand[c]
        if have and have + max_l >= length:
            n = length - have if length - have > min_l else min_l
            if n < length:  # at least one card of the colour
                out.append(c * stride + n)
    if max_l >= length:
        out.append(loco * stride + length)
    return out


def first_per_color(payments: Sequence[Payment]) -> list[Payment]:
    """The first payment of each colour, in order (the default payments)."""
    out: list[Payment] = []
    last = -1
    for p in payments:
        if p[0] != last:
            out.append(p)
            last = p[0]
    return out
