"""Expert: the strongest built-in bot (issue 22), and the kept baseline ``expert-2025``.

Both are configurations of :class:`~ttrtool.bots.expert_core.ExpertCore` (docs/bots.md,
"The expert"): class attributes only, weights and policies, neither overriding a method.
:class:`Expert2025` keeps the core's weights, every change of 2026 off, with the turn steps
of 2025; :class:`Expert` turns on the changes docs/bots.md lists under "What the expert
changed in 2026" and seats their steps.  This module holds the two configurations and
their policies (the steps are in :mod:`~ttrtool.bots.expert_steps`).  Each change is a
part the core holds, made with its weights when the bot is made:

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
* changes of plan between plans (tracks, going round a colour, a trunk):
  :mod:`~ttrtool.bots.replans`;
* a locomotive for the last colour: the draw step
  :func:`~ttrtool.bots.expert_steps.last_colour`.

Its weights are class attributes, fitted by self-play
(``benchmarks/tune_expert.py``; benchmarks/notes/bots.md gives the run).
"""

from __future__ import annotations

from ttrtool.bots.expert_core import ExpertCore
from ttrtool.bots.expert_steps import (
    bargain,
    block,
    expected_worth,
    fallback,
    final_claims,
    last_colour,
    last_turn,
    plan_claim,
    second_path,
    spare_claim,
    ticket_draw,
)
from ttrtool.bots.hand_odds import Model
from ttrtool.bots.judgement import DRAW_MODEL, KEEP_MODEL
from ttrtool.bots.turn_policy import DrawPolicy, KeepPolicy, TurnPolicy

# --- the policies (turn_policy) of the two configurations -----------------------------

# A keep: the option of the greatest expected worth (both configurations).
EXPECTED_WORTH_KEEP = KeepPolicy(expected_worth)
# expert-2025: its last claim, its plan's claims, ticket draws, second paths, blocks and
# the cards for its plan; no draw step before the shared draw.
EXPERT_2025_TURN = TurnPolicy((last_turn, plan_claim, ticket_draw, second_path, block,
                               fallback))
EXPERT_2025_DRAW = DrawPolicy(())
# The expert of 2026: expert-2025's steps with its bargains, final claims, claims for
# points with spare trains and the locomotive for a last colour.
EXPERT_TURN = TurnPolicy((bargain, final_claims, last_turn, plan_claim, ticket_draw,
                          second_path, spare_claim, block, fallback))
EXPERT_DRAW = DrawPolicy((last_colour,))


class Expert(ExpertCore):
    """``expert``: the core with the changes of 2026 on, their weights fitted by
    self-play, and its own turn and draw steps (a configuration: no method)."""

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
    keep_policy = EXPECTED_WORTH_KEEP
    turn_policy = EXPERT_TURN
    draw_policy = EXPERT_DRAW


class Expert2025(ExpertCore):
    """``expert-2025``: the expert as it played before issue 22, kept as a baseline to
    seat (docs/bots.md, "The kept baseline"): the core's own weights (every change of 2026
    off) and the turn steps of 2025 (a configuration: no method).  Its games are stored
    as digests (tests/bots/test_baseline.py): a change to the expert's code must leave
    them as they are."""

    name = "expert-2025"
    keep_policy = EXPECTED_WORTH_KEEP
    turn_policy = EXPERT_2025_TURN
    draw_policy = EXPERT_2025_DRAW
