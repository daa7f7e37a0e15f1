"""The expert's choices off its plan: its last claim, the long route it collects for, a block.

Parts of the expert's core (:class:`~ttrtool.bots.expert_core.ExpertCore`; docs/bots.md,
"The expert": long routes for points, blocking, last turn), each a function of the bot,
read through :class:`~ttrtool.bots.expert_parts.ExpertBot`, and its view:

* :func:`best_now` — in its last turn, the claim worth most now: route points, twice the
  points of each ticket it completes (R-TIX-2) and what it adds to the longest trail;
* :func:`long_target` — with nothing left to collect for its plan, the long route it is
  best placed to claim, whose colour it then collects for its points;
* :func:`block_claim` — a short route that joins two parts of another player's network, when
  going round would cost that player much and the claim costs it little.
"""

from __future__ import annotations

from ttrtool.bots.claiming import LOCO
from ttrtool.bots.expert_parts import ExpertBot
from ttrtool.bots.game_memo import per_game
from ttrtool.engine.actions import ClaimRoute
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView

# Blocking: claim a route of at most this length that joins two parts of an
# opponent's network when going around it would cost that player this many
# more trains (or is impossible): the core's ``block_len`` and ``block_gain``.
BLOCK_LENGTH = 2
BLOCK_DETOUR = 4.0
# ... and only with this many trains to spare beyond its plan and the route.
BLOCK_SPARE = 6


def short_routes(game: Game, block_len: int) -> frozenset[int]:
    """The routes it may take to block: ``block_len`` trains or fewer, never tunnels (once
    a game and length)."""
    return per_game(game, ("short_routes", block_len), lambda: frozenset(
        r for r, n in enumerate(game.route_len) if n <= block_len and not game.route_tunnel[r]))


def best_now(bot: ExpertBot, view: PlayerView) -> ClaimRoute | None:
    """The claim worth most this turn: route points, plus twice the points of
    each ticket it completes (from lost to won, R-TIX-2)."""
    owner = view.route_owner
    seat = bot.seat
    paths = bot.paths
    gains: dict[int, int] = {}
    for t in bot.open_tickets:
        left = [r for r in paths.get(t, ()) if owner[r] != seat]
        if len(left) == 1:
            gains[left[0]] = gains.get(left[0], 0) + 2 * bot.ticket_points.get(t, 0)
    best: ClaimRoute | None = None
    best_key: tuple[float, int, int] | None = None
    menu = bot.menu
    of, points, tunnels = menu.of, bot.points, bot.tunnel_routes
    extra = bot.route_extra
    worth = {r: points[r] + gains.get(r, 0) + extra(owner, r) for r in menu.routes()}
    # The most valuable routes first, until one is worth less than the best.
    for r in sorted(worth, key=lambda r: (-worth[r], r)):
        if best_key is not None and -worth[r] > best_key[0]:
            break
        for a in of(r):
            if tunnels[r] and not bot.tunnel_ok(view, a):
                continue
            key = (-worth[r], a.locomotives, r)
            if best_key is None or key < best_key:
                best, best_key = a, key
    return best


def long_target(bot: ExpertBot, view: PlayerView) -> int | None:
    """The open route worth most points per card still to collect, among those
    of at least ``long_min`` trains that its trains beyond the plan can pay."""
    owner, hand = view.route_owner, view.hand
    trains = view.trains[bot.seat] - bot.planned_cost()
    best: tuple[float, int] | None = None
    target = None
    loco = bot.loco
    closed = bot.closed_routes(owner)
    lengths, trains_of, long_min = bot.lengths, bot.trains_of, bot.long_min
    routes = [r for r, o in enumerate(owner)
              if o < 0 and lengths[r] >= long_min and trains_of[r] <= trains and not closed[r]]
    for r, extra in zip(routes, bot.route_extras(owner, routes), strict=True):
        n = lengths[r]
        c = bot.colors[r]
        held = (max(hand[:loco]) if c < 0 else hand[c]) + (
            hand[loco] if bot.locos_pay(r) else 0)
        key = ((bot.points[r] + extra) / (max(0, n - held) + 2.0), -r)
        if best is None or key > best:
            best, target = key, r
    return target


def block_claim(bot: ExpertBot, view: PlayerView) -> ClaimRoute | None:
    """Take a short route an opponent's network visibly needs (going round
    would cost it ``block_gain`` trains or more), when that is cheap: paid
    without locomotives or cards the plan misses, with trains to spare."""
    spare = view.trains[bot.seat] - bot.planned_cost() - BLOCK_SPARE
    if spare < 1:
        return None
    owner = view.route_owner
    hand = view.hand
    want = bot.plan_cards()[0]
    index = bot.game.card_index
    best: ClaimRoute | None = None
    best_key: tuple[float, int] | None = None
    short = bot.short_routes
    trains_of = bot.trains_of
    detours = bot.detours
    detours.sync(owner)  # once for every route asked about below
    if bot.block_gain > 0:
        # a route joining no other player's two parts costs nobody anything
        short = detours.gaps(owner, short)
        if not short:
            return None
    losses: dict[int, float] = {}
    of = bot.menu.of
    # the key ends with the route: the order of the routes does not matter
    for a in (a for r in short if trains_of[r] <= spare for a in of(r)):
        r = a.route
        if a.locomotives:
            continue
        color = a.color
        if color != LOCO:
            c = index[color]
            if hand[c] - a.cards < want[c]:
                continue
        loss = losses.get(r)
        if loss is None:
            loss = losses[r] = detours.known_cost(owner, r)
        if loss < bot.block_gain:
            continue
        key = (-min(loss, 50.0), r)
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best
