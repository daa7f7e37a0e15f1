"""Expert: the strongest built-in bot (issue 22).

It plays as :class:`~ttrtool.bots.expert_core.ExpertCore` (docs/bots.md, "The
expert"), with the changes docs/bots.md lists under "What the expert changed in
2026"; each has a weight that turns it off, and :class:`Expert2025`, the kept
baseline ``expert-2025``, is the configuration with every one off (the core's
weights and turn steps).  This module holds the weights, the steps of its turns
and the wiring; each change is a part of its own, made with its weights when the
bot is made:

* which planned route first, those another player may take next:
  :mod:`~ttrtool.bots.claim_order`;
* claims for points (bargains of the points table, spare trains, the route worth
  most, each keeping the plan's cards): :mod:`~ttrtool.bots.point_claims`, with the
  prices of :mod:`~ttrtool.bots.route_prices`;
* a route's worth to its longest trail (R-SCORE-3): ``TrailWorth`` in
  :mod:`~ttrtool.bots.trails`;
* the cards a hand lacks for routes, locomotives only where the rules let them pay
  (R-VAR-1): :mod:`~ttrtool.bots.lacking`;
* plans that suit the hand (the track its cards fit, going round a missing colour):
  :mod:`~ttrtool.bots.hand_plans`; plans that follow the hand (a route its cards pay
  costs less to plan): :mod:`~ttrtool.bots.hand_shares`;
* ticket odds read with the hand: :mod:`~ttrtool.bots.hand_odds`;
* the final claims planned for its last turns: :mod:`~ttrtool.bots.final_claims`;
* a ticket draw's paths found from its network: :mod:`~ttrtool.bots.draw_paths`;
* a trunk (off) and a plan within its trains: :mod:`~ttrtool.bots.trunk`;
* a locomotive for the last colour: the draw step :func:`last_colour` below.

Its weights are class attributes, fitted by self-play
(``benchmarks/tune_expert.py``; benchmarks/notes/bots.md gives the run).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ttrtool.bots.expert_core import (
    EXPERT_2025_DRAW,
    EXPERT_2025_TURN,
    ExpertCore,
    block,
    fallback,
    last_turn,
    plan_claim,
    second_path,
    ticket_draw,
)
from ttrtool.bots.final_claims import FinalClaims
from ttrtool.bots.game_memo import per_game
from ttrtool.bots.hand_odds import Model
from ttrtool.bots.hand_plans import GoRound, track_choices, track_swaps
from ttrtool.bots.judgement import DRAW_MODEL, KEEP_MODEL
from ttrtool.bots.point_claims import (
    bargain_claim,
    keeps_plan,
    spare_trains_claim,
    worth_claim,
)
from ttrtool.bots.route_prices import RoutePrices
from ttrtool.bots.trunk import trunk_route, within_trains
from ttrtool.bots.turn_policy import DrawPolicy, TurnPolicy
from ttrtool.engine.actions import Action, ClaimRoute, DrawFaceUp
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView

# --- the expert's own steps (turn_policy), with expert-2025's ------------------------


def bargain(bot: Expert, view: PlayerView, actions: Sequence[Action],
            turns: float) -> Action | None:
    """A route the points table makes a bargain (route_prices), if its hand pays it."""
    if not bot.prices.bargains:
        return None
    return bargain_claim(bot, view, bot.prices, bot.bargain_loss)


def final_claims(bot: Expert, view: PlayerView, actions: Sequence[Action],
                 turns: float) -> Action | None:
    """With its plan done and few turns left, the planned set of final claims."""
    return bot.finals.turn(bot, view, actions, turns)


def spare_claim(bot: Expert, view: PlayerView, actions: Sequence[Action],
                turns: float) -> Action | None:
    """A long route for its points, with trains to spare beyond the plan."""
    if bot.long_reserve is None:
        return None
    return spare_trains_claim(bot, view, bot.long_reserve, bot.spare_min)


def last_colour(bot: Expert, view: PlayerView, actions: Sequence[Action]) -> Action | None:
    """Late in the game, a face-up locomotive when the plan misses ``loco_min`` or more
    cards of one colour only and none of that colour is face up."""
    if not (bot.loco_turns and view.phase == "main" and bot.needed):
        return None
    missing = bot.plan_wishes(view)  # the plan's own, not the final set's
    short = [c for c in range(bot.loco) if missing[c] > 0]
    if (len(short) == 1 and missing[short[0]] >= bot.loco_min
            and bot.turns(view) <= bot.loco_turns
            and any(bot.locos_pay(r) and bot.colors[r] in (short[0], -1)
                    for r in bot.needed)):
        index = bot.game.card_index
        faceup = [a for a in bot.draws if type(a) is DrawFaceUp]
        if not any(index[a.color] == short[0] for a in faceup):
            for a in faceup:
                if index[a.color] == bot.loco:
                    return a
    return None


# The expert of 2026: expert-2025's steps with its bargains, final claims, claims for
# points with spare trains and the locomotive for a last colour.
EXPERT_TURN = TurnPolicy((bargain, final_claims, last_turn, plan_claim, ticket_draw,
                          second_path, spare_claim, block, fallback))
EXPERT_DRAW = DrawPolicy((last_colour,))


class Expert(ExpertCore):
    name = "expert"
    # Route order: a claimable planned route touching another player's network
    # counts this many trains longer when choosing which to claim first.
    deny_weight = 0.913
    # Long routes for points: claim one when the trains beyond the plan exceed
    # the route by this reserve (None: never, the baseline's way).
    long_reserve: float | None = 28.436
    # ... routes at least this long (cards the plan does not need, used now, are
    # points and turns saved: the baseline ends 4-player games holding ten cards).
    spare_min = 6
    # Plans follow the hand (ExpertCore.hand_bias).
    hand_bias = 0.02
    # Longest path (ExpertCore.path_weight): 2 points a space it adds to its longest
    # trail, up to 8 spaces beyond another player's longest.
    path_weight = 2.0
    path_lead: float | None = 8.0
    # Claims for points before the endgame keep the cards the open plan takes
    # (point_claims.keeps_plan; False: any claim, the baseline's way; the spare trains' claim
    # always does).
    keep_plan = True
    # Of a double route in the plan, collect for the open track whose colour the hand
    # is nearest to paying, looked at again each turn (False: the track the path
    # search found, the baseline's way).
    pick_track = True
    # Plans that go round a missing colour: with this many turns left or fewer (0: never,
    # the baseline's way), when a turn brought none of the cards the plan misses, plan
    # the open tickets again with each route dearer by ``stuck_pen`` a card the hand
    # lacks for it; take that plan if its trains suffice and its cards and claims take
    # ``stuck_gain`` turns fewer, the cards missing counted as at least ``stuck_conc``
    # times the most missing of one colour.
    stuck_turns = 8.0
    stuck_pen = 3.0
    stuck_gain = 0.5
    stuck_conc = 2.0
    # A locomotive for the last colour: with this many turns left or fewer (0: never),
    # the plan missing ``loco_min`` or more cards of one colour only and none of that
    # colour face up, take a face-up locomotive.
    loco_turns = 8.0
    loco_min = 2
    # Locomotives counted only on the routes the rules let them pay (R-VAR-1: on Nordic
    # Countries ferries and tunnels, on Switzerland tunnels; False: on every route, the
    # baseline's way).
    loco_rules = True
    # A coloured ferry's locomotive symbols counted as locomotives only, not also as
    # cards of its colour (StrategicBot.ferry_symbols_apart; False: the baseline's count).
    ferry_symbols_apart = True
    # Final claims planned: with its plan done and this many turns left or fewer (None:
    # never, the baseline's way), the set of claims its trains, hand and turns pay for
    # most points.
    plan_on: float | None = 6.0
    # ... cards a drawing turn brings towards the set (judgement.CARDS_PER_DRAW)
    draw_rate = 1.6
    # ... routes looked at (worth per turn first) and the largest set planned
    plan_routes = 10
    plan_size = 4
    # ... with a visible lead of this many points (None: never) it counts at most
    # ``hurry`` turns, ending the game sooner; another player's ticket is guessed
    # worth ``ticket_guess`` points in that lead.
    ahead: float | None = 10.0
    hurry = 2.0
    ticket_guess = 8.0
    # Ticket odds read with the hand (hand_odds.HandOdds: the fitted models; None, the
    # baseline's way: the turns alone).
    keep_model: Model | None = KEEP_MODEL
    draw_model: Model | None = DRAW_MODEL
    # The baseline's weights, fitted anew (benchmarks/notes/bots.md, "Weights fitted by self-play").
    draw_worth = 0.0
    train_cost = 2.621
    long_bias = 0.897
    block_gain = 4.597
    # With one track of each double route open (R-CLAIM-5), tickets in play are kept and
    # drawn as if this many turns fewer were left (the fit's 8.489 halved, and the same
    # where tickets race for a bonus: benchmarks/notes/bots.md, "Less caution at 2 and 3 players").
    slack_closed = 4.0
    # Bargains (route_prices): a route scoring this many points or more beyond its trains
    # at the going rate is claimed as soon as its cards are in hand, when the claim spends
    # at most ``bargain_loss`` cards the plan takes; in plans it costs its surplus less.
    # On the usual points table no route is a bargain.
    bargain_min = 2.0
    bargain_loss = 1
    # The points table read as the map gives it (route_prices: bargains, and the scale
    # of ``train_cost``; False: as the usual table, the baseline's way).
    read_prices = True
    # A ticket draw's paths found from its network (ExpertCore.network_draws).
    network_draws = True
    # A trunk (trunk.trunk_route): with more than ``trunk_turns`` turns left, and trains
    # beyond the plan and ``trunk_reserve``, it plans the long route (``trunk_min`` trains
    # or more; None: never) joined to its network worth most, one at a time.  Off: on the
    # Mega rules it made games shorter and paths longer but scored less, and on the
    # official maps it used trains the official tempo was measured without
    # (benchmarks/notes/bots.md, "Mega pace, a second round").
    trunk_min: int | None = None
    trunk_reserve = 11.0
    trunk_turns = 3.0
    # A plan found anew that runs beyond its trains keeps the tickets that fit, most points
    # first (trunk.within_trains; False: every ticket, the baseline's way).
    trim_plan = True
    # The steps of a main turn and of a card draw (turn_policy): a bargain first, the
    # final claims, spare trains for points; a locomotive for the last colour.
    turn_policy = EXPERT_TURN
    draw_policy = EXPERT_DRAW

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        super().__init__(game, seat, rng)
        # pick_tracks(): (route owners, plan_cards(), hand) when it last looked, and the
        # planned tracks it may swap then (track_choices)
        self._picked: tuple[Sequence[int] | None, object, Sequence[int],
                            list[tuple[int, list[int]]]] = (None, None, (), [])
        # plans that go round a missing colour (hand_plans)
        self.round = GoRound(self.lacking, self.stuck_turns, self.stuck_pen, self.stuck_gain,
                             self.stuck_conc)
        # the set of claims planned for its last turns (final_claims)
        self.finals = FinalClaims(self.lacking, self.route_worth, self.route_worths,
                                  plan_on=self.plan_on, draw_rate=self.draw_rate,
                                  plan_routes=self.plan_routes, plan_size=self.plan_size,
                                  ahead=self.ahead, hurry=self.hurry,
                                  ticket_guess=self.ticket_guess)
        long_min, bargain_min, read = self.long_min, self.bargain_min, self.read_prices
        self.prices = prices = per_game(game, ("prices", long_min, bargain_min, read),
                                        lambda: RoutePrices(game, long_min, bargain_min, read))
        if prices.scale != 1.0:  # a train scores more (or less) elsewhere on this map
            self.train_cost = type(self).train_cost * prices.scale
        if prices.bargains:
            weights = list(self.base_weights)
            for r in prices.bargains:
                weights[r] = max(0.0, weights[r] - prices.planning_discount(r, self.train_cost))
            self.base_weights = tuple(weights)

    def refresh(self, view: PlayerView) -> None:
        super().refresh(view)
        if self.pick_track and self.needed:
            self.pick_tracks(view)
        if self.stuck_turns and self.open_tickets and view.phase == "main":
            self.go_round(view)
        if self.trunk_min is not None and view.phase in ("main", "second_draw"):
            self.plan_trunk(view)

    def plan(self, view: PlayerView) -> None:
        """The tickets' plan (:meth:`StrategicBot.plan`), cut to its trains
        (``trim_plan``)."""
        super().plan(view)
        if self.trim_plan and self.planned_cost() > view.trains[self.seat]:
            points = self.ticket_points
            order = sorted(self.open_tickets, key=lambda t: (-points.get(t, 0), t))
            weights = self.path_weights(view.route_owner, set())
            paths, points, needed, kept, dropped = within_trains(self, view, weights, order)
            self._paths.update(paths)
            self.ticket_points.update(points)
            self.needed = needed
            self.open_tickets = kept
            self.blocked_tickets = self.blocked_tickets + dropped
            self._plan_cards = None

    def plan_trunk(self, view: PlayerView) -> None:
        """With no trunk route in its plan and more than ``trunk_turns`` turns left, add
        the next one (:func:`~ttrtool.bots.trunk.trunk_route`)."""
        needed = self.needed
        if needed:
            on_paths: set[int] = set()
            for t in self.open_tickets:
                on_paths.update(self._paths.get(t, ()))
            if not needed <= on_paths:
                return  # a planned route no ticket takes: the trunk's
        if self.turns(view) <= self.trunk_turns:
            return
        assert self.trunk_min is not None
        r = trunk_route(self, view, needed, self.trunk_min, self.trunk_reserve,
                        self.route_worth)
        if r is not None:
            needed.add(r)
            self._plan_cards = None
            self._plans += 1

    def go_round(self, view: PlayerView) -> None:
        """Take the plan that goes round a missing colour, when there is one
        (:class:`~ttrtool.bots.hand_plans.GoRound`)."""
        if not self.round.due(self, view, self._plans):
            return
        self._hand = view.hand
        weights = self.path_weights(view.route_owner, set())
        found = self.round.new_plan(self, view, weights)
        if found is None:
            return
        paths, points, needed = found
        self.needed = needed
        self._paths.update(paths)
        self.ticket_points.update(points)
        self._plan_cards = None
        self._plans += 1
        if self.pick_track:
            self.pick_tracks(view)
        self.round.taken(self, view, self._plans)

    def pick_tracks(self, view: PlayerView) -> None:
        """Swap each planned track of a double route for the open track its hand is
        nearer to paying (:func:`~ttrtool.bots.hand_plans.track_swaps`).  The path search
        picks one track; the hand that grows afterwards may suit the other, and collecting
        the first colour then costs turns and cards that go unused."""
        owner, hand = view.route_owner, view.hand
        cards = self.plan_cards()
        # nothing it reads has changed since it last looked (a new plan or claim makes
        # new plan_cards and owners; the memo holds them, so they are not new objects
        # at an old address)
        seen = self._picked
        if seen[0] is owner and seen[1] is cards:
            if seen[2] == hand:
                return
            choices = seen[3]  # the tracks it may swap do not follow the hand
        else:
            choices = track_choices(self, owner)
        self._picked = (owner, cards, hand, choices)
        if not choices:
            return
        swaps = track_swaps(self, view, cards[0], choices)
        if not swaps:
            return
        needed = self.needed
        for r, t in swaps.items():
            needed.discard(r)
            needed.add(t)
        for ticket, path in self._paths.items():
            if any(r in swaps for r in path):
                self._paths[ticket] = tuple(swaps.get(r, r) for r in path)
        self._plan_cards = None
        self._plans += 1  # a new plan: what was worked out for the old one is stale

    # --- final claims planned (final_claims) ------------------------------------

    def wishes(self, view: PlayerView) -> list[int]:
        """While it draws for its final set, the cards the set misses (this turn's
        second draw too); else as before."""
        drawing = self.finals.drawing  # read here, not by a call: wishes are asked often
        if drawing is not None and drawing[0] == view.turn:
            return list(drawing[1])
        return super().wishes(view)

    # --- worth of a claim for its points ----------------------------------------

    def route_worth(self, owner: Sequence[int], route: int) -> float:
        """A claim's worth for its points: route points, its network's worth
        (:meth:`BonusPlay.network_value`) and what it adds to the longest path."""
        return (self.points[route] + self.network_value(owner, route)
                + self.route_extra(owner, route))

    def route_worths(self, owner: Sequence[int], routes: Sequence[int]) -> list[float]:
        """:meth:`route_worth` of each of ``routes``, the same figures worked out
        together (the final set asks it of every open route)."""
        points = self.points
        network = self.network_value
        return [points[r] + network(owner, r) + extra
                for r, extra in zip(routes, self.route_extras(owner, routes), strict=True)]

    def points_claim(self, view: PlayerView, actions: Sequence[Action],
                     min_length: int, allowed: Callable[[ClaimRoute], bool] | None = None
                     ) -> ClaimRoute | None:
        """The claimable route worth most (:meth:`BonusPlay.points_claim`), counting
        ``trail_weight`` a space it adds to the longest trail.  Before the endgame, while
        the plan is open, a claim off the plan must keep the cards the plan takes
        (:func:`~ttrtool.bots.point_claims.keeps_plan`)."""
        if allowed is None and self.keep_plan and self.needed and not self.endgame(view):
            needed = self.needed
            allowed = lambda a: a.route in needed or keeps_plan(self, view, a)  # noqa: E731
        if not self.trail_weight:
            return super().points_claim(view, actions, min_length, allowed)
        return worth_claim(self, view, min_length, allowed, self.route_worth)

class Expert2025(Expert):
    """``expert-2025``: the expert as it played before issue 22, kept as a baseline to
    seat (docs/bots.md, "The kept baseline"): every change of 2026 off, with the core's
    weights and turn steps.  Its games are stored as digests (tests/bots/test_baseline.py):
    a change to the expert's code must leave them as they are."""

    name = "expert-2025"
    deny_weight = ExpertCore.deny_weight
    long_reserve = None
    hand_bias = ExpertCore.hand_bias
    path_weight = ExpertCore.path_weight
    path_lead = ExpertCore.path_lead
    keep_plan = False
    pick_track = False
    stuck_turns = 0.0
    loco_turns = 0.0
    loco_rules = False
    ferry_symbols_apart = False
    plan_on = None
    keep_model = ExpertCore.keep_model
    draw_model = ExpertCore.draw_model
    read_prices = False
    network_draws = ExpertCore.network_draws
    trunk_min = None
    trim_plan = False
    draw_worth = ExpertCore.draw_worth
    train_cost = ExpertCore.train_cost
    long_bias = ExpertCore.long_bias
    slack_closed = ExpertCore.slack_closed
    block_gain = ExpertCore.block_gain
    turn_policy = EXPERT_2025_TURN
    draw_policy = EXPERT_2025_DRAW
