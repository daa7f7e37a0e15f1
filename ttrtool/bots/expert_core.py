"""The expert's core: the plan, played with judgement about tickets, time and points.

:class:`ExpertCore` is the bot both of the expert's configurations are
(:mod:`ttrtool.bots.expert`): ``expert-2025``, its class attributes as they are (the
weights of 2025, every change of 2026 off), and ``expert``, the changes on.  A
configuration sets weights and policies and overrides no method.  The core keeps the
plan (the shared plan of :class:`~ttrtool.bots.planning.StrategicBot`, re-planned as its
weights say: tracks the hand fits, going round a missing colour, a trunk, cut to its
trains) and leaves each choice to a part it makes with its weights:

* the ticket keep, main turn and card draw: the configuration's policies
  (:mod:`~ttrtool.bots.turn_policy`, steps in :mod:`~ttrtool.bots.expert_steps`);
* what tickets are worth, kept or drawn: :mod:`~ttrtool.bots.ticket_worth`, with the
  odds of :mod:`~ttrtool.bots.hand_odds` and the paths of :mod:`~ttrtool.bots.draw_paths`;
* its last claim, the long route it collects for, blocks: :mod:`~ttrtool.bots.off_plan`;
* which planned route first: :mod:`~ttrtool.bots.claim_order`; claims for points:
  :mod:`~ttrtool.bots.point_claims`; final claims: :mod:`~ttrtool.bots.final_claims`;
* its changes of plan between plans: :mod:`~ttrtool.bots.replans`, with the plans that
  suit the hand (:mod:`~ttrtool.bots.hand_plans`) and a trunk (:mod:`~ttrtool.bots.trunk`);
* plans that follow the hand: :mod:`~ttrtool.bots.hand_shares`; a route's worth to its
  longest trail: :mod:`~ttrtool.bots.trails`; the map's points table:
  :mod:`~ttrtool.bots.route_prices`.

The parts read the bot through :class:`~ttrtool.bots.expert_parts.ExpertBot`.  What it
plays like: docs/bots.md, "The expert" and "What the expert changed in 2026".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ttrtool.bots.blocking import Detours
from ttrtool.bots.bonus_value import BonusPlay
from ttrtool.bots.claim_order import DenyingOrder
from ttrtool.bots.final_claims import FinalClaims
from ttrtool.bots.game_memo import per_game
from ttrtool.bots.hand_odds import HandOdds, Model
from ttrtool.bots.hand_plans import GoRound
from ttrtool.bots.hand_shares import HandShares
from ttrtool.bots.judgement import turns_left
from ttrtool.bots.lacking import HandLacks
from ttrtool.bots.off_plan import BLOCK_DETOUR, BLOCK_LENGTH, long_target, short_routes
from ttrtool.bots.planning import StrategicBot
from ttrtool.bots.point_claims import keeps_plan, worth_claim
from ttrtool.bots.replans import Replans
from ttrtool.bots.route_prices import RoutePrices
from ttrtool.bots.ticket_worth import (
    DRAW_WORTH,
    SLACK_CLOSED,
    TRAIN_COST,
    KeepTerms,
    TicketWorth,
)
from ttrtool.bots.trails import TrailWorth
from ttrtool.bots.trunk import within_trains
from ttrtool.bots.turn_policy import DrawPolicy, KeepPolicy, TurnPolicy
from ttrtool.engine.actions import Action, ClaimRoute, KeepTickets
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView

# Planning cost of a route: its length less this share of every train beyond
# the first (long routes score more per train and take fewer claiming turns).
LONG_BIAS = 0.7
# Routes this long are worth collecting cards for, for their points alone.
LONG = 5


class ExpertCore(BonusPlay):
    """The expert's plan and parts; its class attributes are the weights of 2025."""

    name = "expert-core"
    long_bias = LONG_BIAS
    draw_worth = DRAW_WORTH
    long_min = LONG
    # Ticket odds fitted on the cards a ticket's routes take that the hand lacks, at a
    # keep and for a mid-game draw (hand_odds.HandOdds, judgement.fitted_odds; None:
    # the turns alone, judgement.ticket_odds and finish_odds).
    keep_model: Model | None = None
    draw_model: Model | None = None
    # Longest path (R-SCORE-3): when it picks a route for itself (its last claim, the
    # long route it collects for, the expert's claims for points), a route that makes
    # its longest trail longer counts this many points a space it adds, where the
    # longest path scores a 10-point bonus (in proportion to the bonus; 0: points alone);
    # only the spaces up to ``path_lead`` beyond another player's longest trail count
    # (beyond that the bonus is won; None: all count).
    path_weight = 0.0
    path_lead: float | None = None
    # Plans follow the hand (hand_shares.HandShares): a route's planning cost falls by
    # this share of the part of it the cards in hand of its colour already pay (gray:
    # the colour held most; 0: the plan's costs alone).
    hand_bias = 0.0
    # A ticket draw's paths found from its network (draw_paths.network_paths: a search
    # per piece of its network; False: one search per ticket's origin).
    network_draws = False
    # Turns of slack held back when keeping or drawing tickets in play, where
    # double routes are closed (R-CLAIM-5) or not.
    slack_closed = SLACK_CLOSED
    slack_open = 0.0
    block_len = BLOCK_LENGTH
    block_gain = BLOCK_DETOUR
    train_cost = TRAIN_COST
    # Which planned route it claims first (claim_order.DenyingOrder): one touching
    # another player's network counts this many trains longer (0: the longest first).
    deny_weight = 0.0
    # The archetypes' card use of 2026 (Claiming.keep_plan_cards) is not the baseline's:
    # it pays each colour's first payment and claims for points with any cards.
    keep_plan_cards = False
    # Nor is their count of a coloured ferry (StrategicBot.ferry_symbols_apart): the
    # baseline counts its symbols as cards of its colour too (the expert does not).
    ferry_symbols_apart = False
    # Locomotives counted only where the rules let them pay (R-VAR-1; the expert of 2026)
    loco_rules = False
    # The expert's changes of 2026, each off here (the Expert class gives its values and
    # what each does; docs/bots.md, "What the expert changed in 2026").  The weights
    # after a switch are read only with it on.
    # Claims for points keep the plan's cards (point_claims.keeps_plan).
    keep_plan = False
    # Long routes for points with trains to spare (point_claims.spare_trains_claim):
    # the reserve (None: never) and the least length.
    long_reserve: float | None = None
    spare_min = 6
    # Of a double route in the plan, the track the hand is nearest to paying
    # (hand_plans.track_swaps).
    pick_track = False
    # Plans that go round a missing colour (hand_plans.GoRound): turns left (0: never).
    stuck_turns = 0.0
    stuck_pen = 3.0
    stuck_gain = 0.5
    stuck_conc = 2.0
    # A face-up locomotive for the last colour (the draw step last_colour): turns left
    # (0: never) and the least missing of that colour.
    loco_turns = 0.0
    loco_min = 2
    # Final claims planned (final_claims.FinalClaims): turns left (None: never), and the
    # set's weights.
    plan_on: float | None = None
    draw_rate = 1.6
    plan_routes = 10
    plan_size = 4
    ahead: float | None = 10.0
    hurry = 2.0
    ticket_guess = 8.0
    # The points table read as the map gives it (route_prices.RoutePrices: bargains and
    # the scale of train_cost; False: as the usual table), and the bargains' weights.
    read_prices = False
    bargain_min = 2.0
    bargain_loss = 1
    # A trunk (trunk.trunk_route): its least length (None: never), reserve and turns.
    trunk_min: int | None = None
    trunk_reserve = 11.0
    trunk_turns = 3.0
    # A plan found anew cut to its trains (trunk.within_trains).
    trim_plan = False
    # The ticket keep and the steps of a main turn and of a card draw (turn_policy): each
    # configuration names its own (ttrtool.bots.expert; the steps: expert_steps).
    keep_policy: KeepPolicy
    turn_policy: TurnPolicy
    draw_policy: DrawPolicy

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        super().__init__(game, seat, rng)
        rules = game.rules
        if rules.tunnels_allowed:
            # Expected extra cards on a tunnel: each revealed card matches with
            # the chance that a card is of one colour or a locomotive (R-EU-7).
            share = (max(rules.cards_per_color, default=0) + rules.locomotives) / max(
                game.deck_size, 1)
            surcharge = rules.tunnel_reveal * share
            base, tunnels = self.base_weights, self.tunnel_routes
            self.base_weights = per_game(game, ("tunnel_weights", base), lambda: tuple(
                w + (surcharge if t else 0.0) for w, t in zip(base, tunnels, strict=True)))
        self.trigger = rules.end_trigger_trains
        # the routes locomotives may pay, when that is not every route and the bot heeds it
        self.loco_routes: tuple[bool, ...] | None = (
            game.route_locos_ok if self.loco_rules and not all(game.route_locos_ok) else None)
        # the cards a hand lacks for routes (locomotives where the rules let them pay,
        # as far as this bot counts: loco_rules), and its ticket odds (hand_odds)
        locos_ok = self.loco_routes
        self.lacking = per_game(game, ("lacking", locos_ok), lambda: HandLacks(
            game.loco, game.route_color, game.route_len, game.route_min_locos, locos_ok))
        self.odds = HandOdds(self.lacking, self.keep_model, self.draw_model)
        # what a route is worth to its longest trail (route_extra; trails.TrailWorth)
        longest = sum(b.points for b in rules.bonuses if b.type == "longest_path")
        self.trail_weight = self.path_weight * longest / 10.0
        self.trail = TrailWorth(game, seat, self.trail_weight, self.path_lead)
        self._hand: Sequence[int] = ()  # the hand of the decision under way
        # plans that follow the hand (hand_shares)
        self.shares = HandShares(self.hand_bias, self.colors, self.lengths, self.loco)
        # path_weights(): (route owners, free routes, hand, hand_bias, the weights) of the
        # last ask
        self._weighed: tuple[Sequence[int] | None, set[int], Sequence[int], float,
                             list[float]] = (None, set(), (), 0.0, [])
        self.top_points = per_game(game, "top_points", lambda: tuple(
            max(p for _, p in d) for d in game.ticket_dests))
        self.short_routes = short_routes(game, self.block_len)  # routes it may block with
        self.turn_margin = self.slack_open if self.both else self.slack_closed
        self.seen: set[int] = set()  # tickets offered to it and let go
        # turns(): (the trains, hand sizes and final round it read, the turns left)
        self._turns: tuple[tuple[tuple[int, ...], tuple[int, ...], bool] | None, float] = (
            None, 0.0)
        self.plans = 0  # plans made: what was worked out for an older one is stale
        self.detours = Detours(game, seat)
        self.order = DenyingOrder(game, seat, self.deny_weight)  # which planned route first
        self.ticket_worth = TicketWorth(game)  # keeps' and draws' worth (ticket_worth)
        # its changes of plan between plans: tracks, going round a colour, a trunk (replans)
        go_round = GoRound(self.lacking, self.stuck_turns, self.stuck_pen, self.stuck_gain,
                           self.stuck_conc) if self.stuck_turns else None
        self.replans = Replans(self.pick_track, go_round, self.trunk_min, self.trunk_reserve,
                               self.trunk_turns)
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

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        self._hand = view.hand  # what path_weights() prices the plan with
        return super().choose(view, actions)

    # --- time -----------------------------------------------------------------

    def turns(self, view: PlayerView) -> float:
        """Turns this seat may still play (judgement.turns_left); asked several times a
        decision, worked out again only when the trains or hands it reads change."""
        key = (view.trains, view.hand_sizes, view.final_round)
        known = self._turns
        if known[0] == key:
            return known[1]
        left = turns_left(view.trains, view.hand_sizes, self.seat, self.trigger,
                          view.final_round)
        self._turns = (key, left)
        return left

    # --- tickets --------------------------------------------------------------

    def keep_tickets(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """Its :class:`~ttrtool.bots.turn_policy.KeepPolicy`: the allowed set of offered
        tickets with the best expected worth (:meth:`keep_terms`, :meth:`keep_worth`)."""
        return self.keep_policy.choose(self, view, actions)

    def keep_worth(self, terms: KeepTerms) -> float:
        """An option's worth: the points it makes sure of, less ``train_cost`` a unit of
        its new paths' planning cost, plus the plan's expected ticket points."""
        return terms.sure - self.train_cost * terms.cost + terms.plan

    def keep_terms(self, view: PlayerView, actions: Sequence[Action]
                   ) -> list[tuple[KeepTickets, KeepTerms]]:
        """Each way of keeping the offered tickets, with the terms of its worth
        (:meth:`~ttrtool.bots.ticket_worth.TicketWorth.keep_terms`)."""
        return self.ticket_worth.keep_terms(self, view, actions)

    def wants_tickets(self, view: PlayerView, turns: float) -> bool:
        """Draw tickets now (:meth:`~ttrtool.bots.ticket_worth.TicketWorth.wants_tickets`:
        with the plan done or paid for by the hand, when a draw is worth ``draw_worth``)?"""
        return self.ticket_worth.wants_tickets(self, view, turns)

    def draw_odds(self, view: PlayerView, need: float, turns: float,
                  todo: Sequence[int]) -> float:
        """The chance that a ticket a draw may bring, whose path still takes the routes
        ``todo`` and ``need`` turns after the plan's, is done in ``turns``, by its odds
        policy (:class:`~ttrtool.bots.hand_odds.HandOdds`, ``draw_model``)."""
        return self.odds.draw_odds(need, turns, todo, view.hand, self.plan_cards)

    # --- the plan -------------------------------------------------------------

    @property
    def paths(self) -> dict[int, tuple[int, ...]]:
        """Each planned ticket's path (its parts read it; only the plan changes it)."""
        return self._paths

    def refresh(self, view: PlayerView) -> None:
        """The plan (:meth:`StrategicBot.refresh`), then the changes its weights turn on
        (:class:`~ttrtool.bots.replans.Replans`): the tracks its hand fits
        (``pick_track``), a plan that goes round a missing colour (``stuck_turns``), a
        trunk (``trunk_min``)."""
        super().refresh(view)
        self.replans.after_refresh(self, view)

    def plan(self, view: PlayerView) -> None:
        """The tickets' plan (:meth:`StrategicBot.plan`), cut to its trains
        (``trim_plan``)."""
        super().plan(view)
        self.plans += 1
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

    def path_weights(self, owner: Sequence[int], free: set[int]) -> list[float]:
        """The plan's costs (:meth:`StrategicBot.path_weights`), cheaper where the
        hand already pays for a route (``hand_bias``).  A new list each time (callers
        change it); the last one is kept while owners, free routes and hand stay."""
        hand, bias = self._hand, self.hand_bias
        seen = self._weighed
        if ((seen[0] is owner or seen[0] == owner) and seen[2] == hand and seen[1] == free
                and seen[3] == bias):
            return list(seen[4])
        weights = super().path_weights(owner, free)
        if bias and hand:
            weights = self.shares.weights(weights, hand)
        self._weighed = (owner, set(free), hand, bias, weights)
        return list(weights)

    def path_weights_now(self, view: PlayerView) -> list[float]:
        """:meth:`path_weights` with no route free, priced with this view's hand."""
        self._hand = view.hand
        return self.path_weights(view.route_owner, set())

    # --- the plan changed between plans (Replans asks) ------------------------

    def swap_tracks(self, swaps: dict[int, int]) -> None:
        """Plan the tracks ``swaps`` gives (a planned track: the one it takes instead)."""
        needed = self.needed
        for r, t in swaps.items():
            needed.discard(r)
            needed.add(t)
        for ticket, path in self._paths.items():
            if any(r in swaps for r in path):
                self._paths[ticket] = tuple(swaps.get(r, r) for r in path)
        self._plan_cards = None
        self.plans += 1  # a new plan: what was worked out for the old one is stale

    def take_plan(self, needed: set[int], paths: dict[int, tuple[int, ...]],
                  points: dict[int, int]) -> None:
        """Plan the routes ``needed``, with the tickets' new ``paths`` and ``points``."""
        self.needed = needed
        self._paths.update(paths)
        self.ticket_points.update(points)
        self._plan_cards = None
        self.plans += 1

    def add_to_plan(self, route: int) -> None:
        """Plan ``route`` too (no ticket's: a trunk's)."""
        self.needed.add(route)
        self._plan_cards = None
        self.plans += 1

    # --- the turn and its claims ----------------------------------------------

    def main_turn(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """The steps of its :class:`~ttrtool.bots.turn_policy.TurnPolicy`, in order."""
        return self.turn_policy.choose(self, view, actions)

    def draw_cards(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """The steps of its :class:`~ttrtool.bots.turn_policy.DrawPolicy`, then the
        shared draw (:meth:`StrategicBot.draw_cards`)."""
        for step in self.draw_policy.steps:
            action = step(self, view, actions)
            if action is not None:
                return action
        return super().draw_cards(view, actions)

    def best_claim(self, view: PlayerView, actions: Sequence[Action],
                   routes: set[int]) -> ClaimRoute | None:
        """The planned route to claim now, in the order of its claim policy
        (:class:`~ttrtool.bots.claim_order.DenyingOrder`: those another player's network
        touches first, ``deny_weight`` trains' worth, then the longest), paid as cheaply
        as possible."""
        return self.order.best_claim(self, view, routes)

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

    def route_extra(self, owner: Sequence[int], route: int) -> float:
        """What a route is worth beyond its points where this bot picks a route for
        itself (its last claim, off_plan.best_now; the long route it collects for,
        off_plan.long_target): what it adds to its longest trail (``path_weight``)."""
        return self.trail.worth(owner, route)

    def route_extras(self, owner: Sequence[int], routes: Sequence[int]) -> list[float]:
        """:meth:`route_extra` of each of ``routes``, worked out together
        (:meth:`~ttrtool.bots.trails.TrailWorth.worths`)."""
        return self.trail.worths(owner, routes)

    # --- cards ----------------------------------------------------------------

    def locos_pay(self, r: int) -> bool:
        """May locomotives pay route ``r``, as far as this bot counts (``loco_rules``)?"""
        ok = self.loco_routes
        return ok is None or ok[r]

    def plan_wishes(self, view: PlayerView) -> list[int]:
        """The cards the plan misses (:meth:`StrategicBot.wishes`), whatever else it
        collects for."""
        return StrategicBot.wishes(self, view)

    def wishes(self, view: PlayerView) -> list[int]:
        """While it draws for its final set (:mod:`~ttrtool.bots.final_claims`), the
        cards the set misses (this turn's second draw too); else the plan's missing
        cards, and with none missing, the colour of the long route it is best placed
        to claim next (collected for points)."""
        drawing = self.finals.drawing  # read here, not by a call: wishes are asked often
        if drawing is not None and drawing[0] == view.turn:
            return list(drawing[1])
        missing = super().wishes(view)
        if any(missing):
            return missing
        target = long_target(self, view)
        if target is not None:
            hand = view.hand
            c = self.colors[target]
            if c < 0:
                c = max(range(self.loco), key=lambda k: (hand[k], -k))
            wild = hand[self.loco] if self.locos_pay(target) else 0
            missing[c] = max(0, self.lengths[target] - hand[c] - wild)
        return missing
