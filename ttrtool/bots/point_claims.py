"""The expert's claims for points, off its tickets' plan (docs/bots.md, "What the expert
changed in 2026").

Three ways the expert claims a route for what it scores rather than for a ticket, each a
function of the bot and its view (as :mod:`ttrtool.bots.trunk`), its weights passed in:

* :func:`bargain_claim` — a route the map's points table makes a bargain
  (:mod:`ttrtool.bots.route_prices`), taken as soon as the hand pays it, before another
  player does;
* :func:`spare_trains_claim` — with more trains than the plan needs and a reserve, a long route
  for its points, paid with cards the plan does not take;
* :func:`worth_claim` — the claimable route worth most: its points, its network's worth
  and what it adds to the longest trail (the bot's ``worth``).

All of them keep the cards the open plan takes (:func:`keeps_plan`, R-CLAIM-1 payments
read from the bot's plan), but for what a bargain may spend.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttrtool.bots.expert_parts import ExpertBot
from ttrtool.bots.route_prices import RoutePrices
from ttrtool.engine.actions import ClaimRoute
from ttrtool.engine.view import PlayerView


def keeps_plan(bot: ExpertBot, view: PlayerView, a: ClaimRoute) -> bool:
    """Does claim ``a`` leave in hand the cards the open plan still takes
    (:meth:`StrategicBot.plan_loss`: each colour what the plan wants of it, or all it
    holds if fewer, the locomotives its ferries need, "any N" sets counted)?  A claim
    for points that spends them stalls the plan: on Nordic Countries, hands grown
    large paid Murmansk-Lieksa with the blue Rovaniemi-Kirkenes needed, and keepers
    of Helsinki-Kirkenes completed it 37% of the time."""
    return not bot.plan_loss(view, a)


def bargain_claim(bot: ExpertBot, view: PlayerView, prices: RoutePrices,
                  max_loss: int) -> ClaimRoute | None:
    """The open bargain with most surplus that the hand pays now and the trains beyond
    the plan can lay, paid with the fewest cards the plan takes (at most ``max_loss``);
    none in the last turn (the last claim is chosen by its worth then)."""
    if bot.turns(view) <= 1.0:
        return None
    owner, seat = view.route_owner, bot.seat
    spare = view.trains[seat] - bot.planned_cost()
    closed = bot.closed_routes(owner)
    needed, tunnels = bot.needed, bot.tunnel_routes
    for r in prices.bargains:
        if owner[r] >= 0 or closed[r]:
            continue
        if r not in needed and bot.trains_of[r] > spare:
            continue
        best: ClaimRoute | None = None
        best_key: tuple[int, int, int] | None = None
        for a in bot.claims_of(r):
            if tunnels[r] and not bot.tunnel_ok(view, a):
                continue
            key = (bot.plan_loss(view, a), a.locomotives, bot.cards_spent(a))
            if key[0] <= max_loss and (best_key is None or key < best_key):
                best, best_key = a, key
        if best is not None:
            return best
    return None


def spare_trains_claim(bot: ExpertBot, view: PlayerView, reserve: float,
                min_length: int) -> ClaimRoute | None:
    """A route of ``min_length`` trains or more for its points, when the trains beyond
    the plan exceed it by ``reserve``, paid with cards the plan does not take (most
    points first, then fewest locomotives)."""
    spare = view.trains[bot.seat] - bot.planned_cost() - reserve
    if spare < min_length:
        return None
    hand = view.hand
    _want, _grays, ferry_locos = bot.plan_cards()
    points, tunnels, trains_of = bot.points, bot.tunnel_routes, bot.trains_of
    free_locos = hand[bot.loco] - ferry_locos
    best: ClaimRoute | None = None
    best_key: tuple[int, int, int] | None = None
    claimable = bot.menu.claimable()
    for r in bot.points_order(min_length):
        if best_key is not None and -points[r] > best_key[0]:
            break
        if trains_of[r] > spare or r not in claimable:
            continue
        for a in bot.menu.of(r):
            if a.locomotives > free_locos or (tunnels[r] and not bot.tunnel_ok(view, a)):
                continue
            if not keeps_plan(bot, view, a):
                continue
            key = (-points[r], a.locomotives, r)
            if best_key is None or key < best_key:
                best, best_key = a, key
    return best


def worth_claim(bot: ExpertBot, view: PlayerView, min_length: int,
                allowed: Callable[[ClaimRoute], bool] | None,
                worth: Callable[[Sequence[int], int], float]) -> ClaimRoute | None:
    """Of the claims ``allowed`` (None: all) of routes of ``min_length`` or more, the one
    whose route ``worth`` rates highest, then with fewest locomotives.  Every claim is
    looked at: what a route adds to a trail does not follow its length."""
    best: ClaimRoute | None = None
    best_key: tuple[float, int, int] | None = None
    owner = view.route_owner
    lengths, tunnels = bot.lengths, bot.tunnel_routes
    known: dict[int, float] = {}
    for a in bot.menu:
        r = a.route
        if allowed is not None and not allowed(a):
            continue
        if lengths[r] >= min_length and (not tunnels[r] or bot.tunnel_ok(view, a)):
            value = known.get(r)
            if value is None:
                value = known[r] = worth(owner, r)
            key = (-value, a.locomotives, r)
            if best_key is None or key < best_key:
                best, best_key = a, key
    return best
