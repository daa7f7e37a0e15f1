"""The expert's plan changed to suit its hand (docs/bots.md, "What the expert changed in
2026": the track its cards fit, plans that go round a missing colour).

A path search plans a ticket's routes before the cards are in hand; the hand that comes
may suit another plan better.  Two parts of the expert read it, each returning what the
bot then plans with (as :mod:`ttrtool.bots.trunk` does), never changing the plan:

* :func:`track_swaps` — of a double route in the plan (R-CLAIM-5), the open track of the
  same link whose colour the hand is nearer to paying;
* :class:`GoRound` — late in the game, when a turn brought none of the cards the plan
  misses, the open tickets planned again with each route dearer by the cards the hand
  lacks for it (:meth:`HandLacks.charge`), taken when its cards and claims take fewer
  turns.  Large hands at four players hold most of a colour: a plan waiting for five of
  one colour could wait for the rest of the game while other colours piled up.

A third, :class:`~ttrtool.bots.hand_shares.HandShares`, prices the plan's routes by the
hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ttrtool.bots.expert_parts import ExpertBot
from ttrtool.bots.judgement import draw_turns
from ttrtool.bots.lacking import HandLacks
from ttrtool.engine.view import PlayerView

# (paths by ticket, points by ticket, routes to claim): a plan for the bot to take
NewPlan = tuple[dict[int, tuple[int, ...]], dict[int, int], set[int]]


def track_choices(bot: ExpertBot, owner: Sequence[int]) -> list[tuple[int, list[int]]]:
    """Each planned track of a double route (R-CLAIM-5), lowest first, with the open
    tracks of the same link outside the plan that it could be swapped for (where any)."""
    needed = bot.needed
    out = []
    for r in sorted(needed):
        others = [p for p in bot.partners[r]
                  if owner[p] < 0 and p not in needed and not bot.closed(owner, p)]
        if others:
            out.append((r, others))
    return out


def track_swaps(bot: ExpertBot, view: PlayerView, want: Sequence[int],
                choices: Sequence[tuple[int, list[int]]] | None = None) -> dict[int, int]:
    """For each planned track of a double route, the open track of the same link that
    the hand is nearer to paying (a gray track takes any colour), where that is not the
    planned one; ``want`` is the plan's cards of each colour (plan_cards), ``choices``
    the plan's :func:`track_choices` (worked out here without them)."""
    hand = view.hand
    colors, lengths = bot.colors, bot.lengths
    swaps: dict[int, int] = {}
    if choices is None:
        choices = track_choices(bot, view.route_owner)
    for r, others in choices:
        mine = colors[r]

        def short(t: int, mine: int = mine, r: int = r) -> int:
            c = colors[t]
            if c < 0:
                return -1  # gray: any colour pays it
            other_needs = want[c] - (lengths[r] if mine == c else 0)
            return max(0, other_needs + lengths[t] - hand[c])

        best = min([r, *others], key=lambda t: (short(t), t != r, t))
        if best != r:
            swaps[r] = best
    return swaps


class GoRound:
    """Plans that go round a missing colour: the weights, and what the last look saw.

    With ``turns`` turns left or fewer, each route dearer by ``pen`` a card the hand lacks
    for it; the new plan is taken if its trains suffice and its cards and claims take
    ``gain`` turns fewer, the cards missing counted as at least ``conc`` times the most
    missing of one colour.
    """

    __slots__ = ("lacking", "turns", "pen", "gain", "conc", "key", "last_wish")

    def __init__(self, lacking: HandLacks, turns: float, pen: float, gain: float,
                 conc: float) -> None:
        self.lacking = lacking
        self.turns, self.pen, self.gain, self.conc = turns, pen, gain, conc
        # the last position looked at (hand, plans, own routes), and (plans, cards missing)
        # of the last turn
        self.key: tuple[tuple[int, ...], int, int] | None = None
        self.last_wish: tuple[int, int] | None = None

    def plan_turns(self, routes: Iterable[int], claims: int, hand: Sequence[int]) -> float:
        """Turns to collect the cards ``routes`` miss and make ``claims`` claims, a
        shortfall of one colour counted ``conc`` times."""
        lacks = self.lacking.cards(routes, hand, even=True)
        return draw_turns(max(sum(lacks), self.conc * max(lacks)), claims)

    def due(self, bot: ExpertBot, view: PlayerView, plans: int) -> bool:
        """Is a plan that goes round due: the hand or the plan (the bot's ``plans``-th) or
        its routes changed since the last look, the plan misses cards and did not get any
        of them last turn, and the turns left are few?"""
        hand, owner = view.hand, view.route_owner
        key = (tuple(hand), plans, owner.count(bot.seat))
        if key == self.key:
            return False
        self.key = key
        wish = sum(bot.plan_wishes(view))
        if not wish:
            return False
        last, self.last_wish = self.last_wish, (plans, wish)
        if last is not None and last[0] == plans and wish < last[1]:
            return False  # the plan is getting its cards
        return bot.turns(view) <= self.turns

    def new_plan(self, bot: ExpertBot, view: PlayerView, w: list[float]) -> NewPlan | None:
        """The plan that goes round, when it is done sooner; None otherwise.  ``w`` holds
        the planning costs of the routes with the hand (made dearer here)."""
        hand, owner, seat = view.hand, view.route_owner, bot.seat
        self.lacking.charge(w, hand, self.pen)
        top = bot.top_points
        order = sorted(bot.open_tickets, key=lambda t: (-top[t], t))
        paths, points, needed, _, blocked = bot.ticket_plans(owner, w, order)
        if blocked:
            return None
        if needed == bot.needed or sum(bot.trains_of[r] for r in needed) > view.trains[seat]:
            return None
        old = self.plan_turns(bot.needed, len(bot.needed), hand)
        if self.plan_turns(needed, len(needed), hand) >= old - self.gain:
            return None
        return paths, points, needed

    def taken(self, bot: ExpertBot, view: PlayerView, plans: int) -> None:
        """Remember the position once the bot has taken a new plan (its ``plans``-th)."""
        self.key = (tuple(view.hand), plans, view.route_owner.count(bot.seat))
        self.last_wish = (plans, sum(bot.plan_wishes(view)))
