"""The expert's core: the plan, played with judgement about tickets, time and points.

:class:`ExpertCore` is what the expert's configurations share: the ``expert``
(:class:`~ttrtool.bots.expert.Expert`, the 2026 changes on) and ``expert-2025``
(:class:`~ttrtool.bots.expert.ExpertCore`, the expert as it played before issue 22:
every 2026 change off, this class's weights and its turn steps), whose games are kept
as digests (tests/bots/test_baseline.py).  Its class attributes are the 2025 weights.

Policy (docs/bots.md, "The expert"): it keeps the set of offered tickets whose expected
worth, with the tickets it already holds, is greatest — each ticket's points
won or lost with the odds of finishing it in the turns left
(:mod:`ttrtool.bots.judgement`), less what the trains its path takes would
score elsewhere; it draws more tickets when its plan is done (or paid for by
its hand) and the expected best of a draw is worth more than a turn.  Its
plans lean on long routes (more points per train and per turn); with nothing
left to collect for its plan it collects the colour of the long route it is
best placed to claim.  It takes a short route that an opponent's network
visibly needs when that costs it little, and in its last turn it takes the
claim worth most now, counting the tickets a claim completes.  Stations
(R-EU-4) only rescue a ticket that has no path left; tunnels cost a little
more in its plans (the extra cards it expects to pay, R-EU-7), mountain
routes their extra trains (R-VAR-10).  Where the rules list other end-game
bonuses it plays for them too (:mod:`ttrtool.bots.bonus_value`): a close
most-tickets race makes tickets worth a little more, claims that grow its
largest network score more, and a completed ticket gets a cheap second path
where tickets joined twice score (R-VAR-7..9).  The steps of its main turn and
card draw are its :mod:`~ttrtool.bots.turn_policy`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ttrtool.bots.blocking import Detours
from ttrtool.bots.bonus_value import BonusPlay
from ttrtool.bots.claim_order import DenyingOrder
from ttrtool.bots.claiming import LOCO
from ttrtool.bots.draw_paths import Plain, network_paths, plain_paths
from ttrtool.bots.final_claims import FinalClaims
from ttrtool.bots.game_memo import per_game
from ttrtool.bots.hand_odds import HandOdds, Model
from ttrtool.bots.hand_plans import GoRound, track_choices, track_swaps
from ttrtool.bots.hand_shares import HandShares
from ttrtool.bots.judgement import (
    draw_turns,
    expected_best_draw,
    expected_value,
    turns_left,
)
from ttrtool.bots.lacking import HandLacks
from ttrtool.bots.planning import StrategicBot
from ttrtool.bots.point_claims import keeps_plan, worth_claim
from ttrtool.bots.route_prices import RoutePrices
from ttrtool.bots.trails import TrailWorth
from ttrtool.bots.trunk import trunk_route, within_trains
from ttrtool.bots.turn_policy import DrawPolicy, KeepPolicy, TurnPolicy
from ttrtool.engine.actions import Action, ClaimRoute, KeepTickets
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView
from ttrtool.graph import PathSearch

# A ticket draw must be expected to bring more than this many points: what a
# turn spent drawing cards or claiming is worth instead.
DRAW_WORTH = 2.0
# Where only one track of each double route can be claimed (R-CLAIM-5),
# tickets taken in play were finished less often than the odds said (76%
# of those given 80% or more, against 93% with both tracks open: other
# players' claims cut more paths): such tickets must fit this many turns
# fewer than the estimate.
SLACK_CLOSED = 8.0
# What a unit of planning cost (a train, cheaper on long routes) spent on a
# ticket's path would score elsewhere, in points: the long routes a player can
# claim for points instead score more per train than the short ones tickets
# often need.
TRAIN_COST = 2.0
# Planning cost of a route: its length less this share of every train beyond
# the first (long routes score more per train and take fewer claiming turns).
LONG_BIAS = 0.7
# Routes this long are worth collecting cards for, for their points alone.
LONG = 5
# Blocking: claim a route of at most this length that joins two parts of an
# opponent's network when going around it would cost that player this many
# more trains (or is impossible).
BLOCK_LENGTH = 2
BLOCK_DETOUR = 4.0
# ... and only with this many trains to spare beyond its plan and the route.
BLOCK_SPARE = 6


class KeepTerms(NamedTuple):
    """The terms of one way of keeping offered tickets (:meth:`ExpertCore.keep_terms`)."""

    sure: float  # points of tickets its routes already complete, less those no path can
    cost: float  # planning cost of the paths the kept tickets add to the plan
    plan: float  # expected ticket points of the plan with them (plan_worth)
    added: int  # tickets the option adds to the plan


# --- the steps of a main turn of expert-2025, and its policies (turn_policy) ---------


def expected_worth(bot: ExpertCore, terms: KeepTerms) -> float:
    """The points a keep makes sure of, less ``train_cost`` a unit of its new paths'
    planning cost, plus the plan's expected ticket points (:meth:`keep_worth`)."""
    return bot.keep_worth(terms)


def last_turn(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
              turns: float) -> Action | None:
    """In its last turn, the claim worth most now (tickets it completes counted)."""
    return bot.best_now(view) if turns <= 1.0 else None


def plan_claim(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
               turns: float) -> Action | None:
    """A route of its plan its hand pays."""
    return bot.best_claim(view, actions, bot.needed)


def ticket_draw(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
                turns: float) -> Action | None:
    """A ticket draw, when its expected worth beats a turn's."""
    return bot.ticket_draw if bot.wants_tickets(view, turns) else None


def second_path(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
                turns: float) -> Action | None:
    """Where tickets joined twice score (R-VAR-9), a claim of a second path's route."""
    if bot.multi_bonus is not None and not bot.needed and bot.second_path(view):
        return bot.best_claim(view, actions, bot.needed)
    return None


def block(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
          turns: float) -> Action | None:
    """A short route another player's network visibly needs, when cheap."""
    return bot.block(view)


def fallback(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
             turns: float) -> Action | None:
    """Cards for the plan (or points with a full hand, or a station rescue)."""
    return bot.fallback(view, actions)


EXPERT_2025_TURN = TurnPolicy((last_turn, plan_claim, ticket_draw, second_path, block,
                               fallback))
EXPERT_2025_DRAW = DrawPolicy(())
EXPECTED_WORTH_KEEP = KeepPolicy(expected_worth)


class ExpertCore(BonusPlay):
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
    # The steps of a main turn and of a card draw (turn_policy: the expert's add more).
    keep_policy = EXPECTED_WORTH_KEEP
    turn_policy = EXPERT_2025_TURN
    draw_policy = EXPERT_2025_DRAW

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
        self._plain: Plain | None = None  # draw_paths(): the board's own paths of the draw deck
        self.draw_size = rules.tickets.draw
        self.draw_keep_min = rules.tickets.draw_keep_min
        self.draw_pool = per_game(game, "draw_pool", lambda: tuple(
            t.index for t in game.board.tickets if t.deck == game.draw_deck))
        self.top_points = per_game(game, "top_points", lambda: tuple(
            max(p for _, p in d) for d in game.ticket_dests))
        block_len = self.block_len
        self.short_routes = per_game(game, ("short_routes", block_len), lambda: frozenset(
            # routes it might take to block (never tunnels)
            r for r, n in enumerate(game.route_len) if n <= block_len and not game.route_tunnel[r]))
        self.turn_margin = self.slack_open if self.both else self.slack_closed
        self.seen: set[int] = set()  # tickets offered to it and let go
        # turns(): (the trains, hand sizes and final round it read, the turns left)
        self._turns: tuple[tuple[tuple[int, ...], tuple[int, ...], bool] | None, float] = (
            None, 0.0)
        self._owned = 0
        self._plans = 0
        self.detours = Detours(game, seat)
        self.order = DenyingOrder(game, seat, self.deny_weight)  # which planned route first
        self._refused: tuple[int, int] | None = None  # (plans, own routes) of the last refusal
        self._path_key: tuple[int, int] | None = None
        self._path_memo: dict[int, tuple[float, tuple[int, ...], int] | None] = {}
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

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        self._hand = view.hand  # what path_weights() prices the plan with
        return super().choose(view, actions)

    # --- time ---------------------------------------------------------------

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

    # --- the plan and its worth ---------------------------------------------

    def jobs(self, owner: Sequence[int]) -> list[tuple[int, frozenset[int]]]:
        """Open tickets with the routes each still needs."""
        seat = self.seat
        return [(t, frozenset(r for r in self._paths.get(t, ()) if owner[r] != seat))
                for t in self.open_tickets]

    def hand_fit(self, routes: set[int], hand: Sequence[int]) -> int:
        """How many cards of the hand the routes can use (gray routes take the
        colour held most beyond other needs; locomotives fill any gap)."""
        loco = self.loco
        want = [0] * (loco + 1)
        grays = 0
        total = 0
        for r in routes:
            n = self.lengths[r]
            total += n
            c = self.colors[r]
            if c < 0:
                grays += n
            else:
                want[c] += n
        fit = 0
        spare = 0
        for c in range(loco):
            h, w = hand[c], want[c]
            if h >= w:
                fit += w
                if h - w > spare:
                    spare = h - w
            else:
                fit += h
        fit += min(grays, spare)
        ok = self.loco_routes
        if ok is not None:  # R-VAR-1: locomotives fill only the routes they may pay
            total = min(total, sum(self.lengths[r] for r in routes if ok[r]) + fit)
        return fit + min(hand[loco], total - fit)

    def locos_pay(self, r: int) -> bool:
        """May locomotives pay route ``r``, as far as this bot counts (``loco_rules``)?"""
        ok = self.loco_routes
        return ok is None or ok[r]

    def plan_worth(self, jobs: Sequence[tuple[int, frozenset[int]]], points: dict[int, int],
                   view: PlayerView, turns: float, race: float = 0.0) -> float:
        """Expected ticket points of the jobs, worked through cheapest first; ``race``
        is what each completed ticket adds towards the most-tickets bonus (R-VAR-7)."""
        if not jobs:
            return 0.0
        routes: set[int] = set()
        for _, rs in jobs:
            routes.update(rs)
        odds = self.job_odds(jobs, self.hand_fit(routes, view.hand), view, turns)
        if race:
            return sum(expected_value(points[t], odds[t]) + race * odds[t] for t, _ in jobs)
        return sum(expected_value(points[t], odds[t]) for t, _ in jobs)

    def job_odds(self, jobs: Sequence[tuple[int, frozenset[int]]], fit: int,
                 view: PlayerView, turns: float) -> dict[int, float]:
        """Each job's chance of completion, worked through cheapest first with the
        ``fit`` cards of the hand that pay its routes, by its odds policy
        (:class:`~ttrtool.bots.hand_odds.HandOdds`, ``keep_model``)."""
        return self.odds.job_odds(jobs, fit, turns, view.hand, view.trains[self.seat],
                                  self.lengths, self.trains_of)

    def draw_odds(self, view: PlayerView, need: float, turns: float,
                  todo: Sequence[int]) -> float:
        """The chance that a ticket a draw may bring, whose path still takes the routes
        ``todo`` and ``need`` turns after the plan's, is done in ``turns``, by its odds
        policy (:class:`~ttrtool.bots.hand_odds.HandOdds`, ``draw_model``)."""
        return self.odds.draw_odds(need, turns, todo, view.hand, self.plan_cards)

    # --- tickets ------------------------------------------------------------

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
        """Each way of keeping the offered tickets among ``actions``, with the terms of
        its worth (:class:`KeepTerms`): each ticket's cheapest path with the plan and
        the tickets before it riding free, worked through with the open plan."""
        self.refresh(view)
        owner = view.route_owner
        seat = self.seat
        turns = self.turns(view) - (self.turn_margin if view.phase == "tickets" else 0.0)
        weights = self.path_weights(owner, self.needed)
        base = self.jobs(owner)
        race = self.race(view)
        out: list[tuple[KeepTickets, KeepTerms]] = []
        # A ticket's path depends only on the tickets worked on before it in
        # the same set (their routes ride free): sets sharing that prefix share it.
        paths: dict[tuple[int, ...], tuple[float, tuple[int, ...], int] | None] = {}
        for a in actions:
            if not isinstance(a, KeepTickets):
                continue
            jobs = list(base)
            w = list(weights)
            points = dict(self.ticket_points)
            sure = 0.0  # tickets already complete or already impossible
            cost_all = 0.0
            before: tuple[int, ...] = ()
            for t in sorted(a.tickets, key=lambda t: (-self.top_points[t], t)):
                before += (t,)
                if before in paths:
                    found = paths[before]
                else:
                    found = paths[before] = self.ticket_path(w, t)
                if found is None:
                    sure -= self.top_points[t]
                    continue
                cost, path, pts = found
                todo = frozenset(r for r in path if owner[r] != seat)
                if not todo:
                    sure += pts + race
                    continue
                cost_all += cost
                jobs.append((t, todo))
                points[t] = pts
                for r in todo:
                    w[r] = 0.0
            out.append((a, KeepTerms(sure, cost_all, self.plan_worth(jobs, points, view, turns,
                                                                     race), len(jobs) - len(base))))
        return out

    def refresh(self, view: PlayerView) -> None:
        """The plan (:meth:`StrategicBot.refresh`), then the changes its weights turn on:
        the tracks its hand fits (``pick_track``), a plan that goes round a missing colour
        (``stuck_turns``), a trunk (``trunk_min``)."""
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
        self._plans += 1
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

    def candidate_path(self, owner: Sequence[int], weights: Callable[[], list[float]],
                       ticket: int, searches: dict[tuple[int, ...], PathSearch] | None = None,
                       ) -> tuple[float, tuple[int, ...], int] | None:
        """:meth:`ticket_path` with the plan free, remembered while the plan and
        the bot's own routes stay the same and no route of the path is lost
        (other players' claims can only make a path dearer); ``searches`` as for
        :meth:`ticket_path`, for the weights ``weights`` gives."""
        key = (self._plans, self._owned)
        if key != self._path_key:
            self._path_key = key
            self._path_memo.clear()
        if ticket in self._path_memo:
            found = self._path_memo[ticket]
            if found is None:
                return found
            closed = self.closed_routes(owner)
            if not any(closed[r] for r in found[1]):
                return found
        found = self.ticket_path(weights(), ticket, searches)
        self._path_memo[ticket] = found
        return found

    def draw_paths(self, owner: Sequence[int], weights: Callable[[], list[float]],
                   tickets: Sequence[int],
                   ) -> list[tuple[int, tuple[float, tuple[int, ...], int] | None]]:
        """Each ticket a draw may bring with its cheapest path, its own routes and plan
        free, for the weights ``weights`` gives.  With ``network_draws``, from its
        network (draw_paths.network_paths: one search per piece of its network, the
        board's plain paths, and a search from the origin only where those cannot
        tell); without, its :meth:`candidate_path` (one search per origin)."""
        if not self.network_draws:
            searches: dict[tuple[int, ...], PathSearch] = {}
            return [(t, self.candidate_path(owner, weights, t, searches)) for t in tickets]
        g, seat = self.game, self.seat
        w = weights()
        if self._plain is None:
            self._plain = plain_paths(self.board, self.base_weights, g.ticket_origin,
                                      g.ticket_dests, self.draw_pool)
        free = [r for r, o in enumerate(owner) if o == seat]
        free.extend(self.needed)
        found = network_paths(self.board, w, free, tickets, g.ticket_origin, g.ticket_dests,
                              self._plain, 1.0 - self.hand_bias)
        return [(t, found[t]) for t in tickets]

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

    def ticket_draw_worth(self, view: PlayerView, turns: float) -> float:
        """Expected points a ticket draw adds, less what the trains would score elsewhere.

        Called with the plan done or paid for by the hand, so the open tickets
        take one turn per claim; each ticket that may come up is then worked
        on after them (judgement.finish_odds), with the cards left in hand.
        """
        owner = view.route_owner
        seat = self.seat
        held = set(view.tickets)
        self._owned = owner.count(seat)
        fresh: list[float] = []

        def weights() -> list[float]:
            if not fresh:
                fresh.extend(self.path_weights(owner, self.needed))
            return fresh

        race = self.race(view)
        busy = len(self.needed) + 1.0  # the claims left, and this turn spent drawing
        trains = view.trains[seat] - self.planned_cost()
        spare_cards = max(0, sum(view.hand) - self.planned_cards())
        values = []
        seen = self.seen
        tickets = [t for t in self.draw_pool if t not in held and t not in seen]
        needed, lengths, trains_of = self.needed, self.lengths, self.trains_of
        train_cost, draw_odds = self.train_cost, self.draw_odds
        for t, found in self.draw_paths(owner, weights, tickets):
            if found is None:
                values.append(-float(self.top_points[t]))
                continue
            cost, path, pts = found
            todo = [r for r in path if owner[r] != seat and r not in needed]
            used = length = 0
            for r in todo:
                used += trains_of[r]
                length += lengths[r]
            if used > trains:
                values.append(-float(pts))
                continue
            need = busy + draw_turns(length - spare_cards, len(todo))
            odds = draw_odds(view, need, turns, todo)
            values.append(expected_value(pts, odds) + race * odds - train_cost * cost)
        return expected_best_draw(values, self.draw_size, self.draw_keep_min)

    def wants_tickets(self, view: PlayerView, turns: float) -> bool:
        """Draw tickets now?  Only with the plan done or paid for by the hand.

        A draw's worth only falls as turns pass, unless the bot's own network
        grows or its plan changes: after a refusal it looks again only then.
        """
        if self.ticket_draw is None or turns < 3.0 or view.ticket_deck_size <= 0:
            return False
        if self.needed and any(self.wishes(view)):
            return False
        key = (self._plans, view.route_owner.count(self.seat))
        if key == self._refused:
            return False
        if self.ticket_draw_worth(view, turns - self.turn_margin) > self.draw_worth:
            return True
        self._refused = key
        return False

    # --- the turn -----------------------------------------------------------

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

    def best_now(self, view: PlayerView) -> ClaimRoute | None:
        """The claim worth most this turn: route points, plus twice the points of
        each ticket it completes (from lost to won, R-TIX-2)."""
        owner = view.route_owner
        seat = self.seat
        gains: dict[int, int] = {}
        for t in self.open_tickets:
            left = [r for r in self._paths.get(t, ()) if owner[r] != seat]
            if len(left) == 1:
                gains[left[0]] = gains.get(left[0], 0) + 2 * self.ticket_points.get(t, 0)
        best: ClaimRoute | None = None
        best_key: tuple[float, int, int] | None = None
        of, points, tunnels = self.menu.of, self.points, self.tunnel_routes
        extra = self.route_extra
        worth = {r: points[r] + gains.get(r, 0) + extra(owner, r) for r in self.menu.routes()}
        # The most valuable routes first, until one is worth less than the best.
        for r in sorted(worth, key=lambda r: (-worth[r], r)):
            if best_key is not None and -worth[r] > best_key[0]:
                break
            for a in of(r):
                if tunnels[r] and not self.tunnel_ok(view, a):
                    continue
                key = (-worth[r], a.locomotives, r)
                if best_key is None or key < best_key:
                    best, best_key = a, key
        return best

    def route_extras(self, owner: Sequence[int], routes: Sequence[int]) -> list[float]:
        """:meth:`route_extra` of each of ``routes``, worked out together
        (:meth:`~ttrtool.bots.trails.TrailWorth.worths`)."""
        return self.trail.worths(owner, routes)

    def route_extra(self, owner: Sequence[int], route: int) -> float:
        """What a route is worth beyond its points where this bot picks a route for
        itself (its last claim, :meth:`best_now`; the long route it collects for,
        :meth:`long_target`): what it adds to its longest trail (``path_weight``)."""
        return self.trail.worth(owner, route)

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

    # --- cards -------------------------------------------------------------

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
        target = self.long_target(view)
        if target is not None:
            hand = view.hand
            c = self.colors[target]
            if c < 0:
                c = max(range(self.loco), key=lambda k: (hand[k], -k))
            wild = hand[self.loco] if self.locos_pay(target) else 0
            missing[c] = max(0, self.lengths[target] - hand[c] - wild)
        return missing

    def long_target(self, view: PlayerView) -> int | None:
        """The open route worth most points per card still to collect, among those
        of at least ``long_min`` trains that its trains beyond the plan can pay."""
        owner, hand = view.route_owner, view.hand
        trains = view.trains[self.seat] - self.planned_cost()
        best: tuple[float, int] | None = None
        target = None
        loco = self.loco
        closed = self.closed_routes(owner)
        lengths, trains_of, long_min = self.lengths, self.trains_of, self.long_min
        routes = [r for r, o in enumerate(owner)
                  if o < 0 and lengths[r] >= long_min and trains_of[r] <= trains and not closed[r]]
        for r, extra in zip(routes, self.route_extras(owner, routes), strict=True):
            n = lengths[r]
            c = self.colors[r]
            held = (max(hand[:loco]) if c < 0 else hand[c]) + (
                hand[loco] if self.locos_pay(r) else 0)
            key = ((self.points[r] + extra) / (max(0, n - held) + 2.0), -r)
            if best is None or key > best:
                best, target = key, r
        return target

    # --- blocking -----------------------------------------------------------

    def block(self, view: PlayerView) -> ClaimRoute | None:
        """Take a short route an opponent's network visibly needs (going round
        would cost it ``block_gain`` trains or more), when that is cheap: paid
        without locomotives or cards the plan misses, with trains to spare."""
        spare = view.trains[self.seat] - self.planned_cost() - BLOCK_SPARE
        if spare < 1:
            return None
        owner = view.route_owner
        hand = view.hand
        want = self.plan_cards()[0]
        index = self.game.card_index
        best: ClaimRoute | None = None
        best_key: tuple[float, int] | None = None
        short = self.short_routes
        trains_of = self.trains_of
        detours = self.detours
        detours.sync(owner)  # once for every route asked about below
        if self.block_gain > 0:
            # a route joining no other player's two parts costs nobody anything
            short = detours.gaps(owner, short)
            if not short:
                return None
        losses: dict[int, float] = {}
        of = self.menu.of
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
            if loss < self.block_gain:
                continue
            key = (-min(loss, 50.0), r)
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best
