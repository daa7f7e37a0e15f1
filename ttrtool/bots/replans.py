"""When the expert changes its plan between plans (docs/bots.md, "What the expert changed
in 2026"): the tracks its hand fits, going round a missing colour, a trunk.

A part of the expert's core (:class:`~ttrtool.bots.expert_core.ExpertCore`), asked after
each look at the plan (its ``refresh``), reading the bot through
:class:`~ttrtool.bots.expert_parts.ExpertBot`.  It decides, with the parts that find the
new plans (:mod:`~ttrtool.bots.hand_plans`, :mod:`~ttrtool.bots.trunk`), and what it
remembers between looks; the bot changes its plan itself (``swap_tracks``,
``take_plan``, ``add_to_plan``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.bots.expert_parts import ExpertBot
from ttrtool.bots.hand_plans import GoRound, track_choices, track_swaps
from ttrtool.bots.trunk import trunk_route
from ttrtool.engine.view import PlayerView


class Replans:
    """One bot's changes of plan: their weights, and what the last looks saw.

    ``pick_track``: swap planned tracks for those the hand fits; ``go_round``: plans that
    go round a missing colour (None: never); ``trunk_min``: the least length of a trunk
    route (None: never), planned with more than ``trunk_turns`` turns left and trains
    beyond the plan and ``trunk_reserve``.
    """

    __slots__ = ("pick_track", "go_round", "trunk_min", "trunk_reserve", "trunk_turns",
                 "picked")

    def __init__(self, pick_track: bool, go_round: GoRound | None, trunk_min: int | None,
                 trunk_reserve: float, trunk_turns: float) -> None:
        self.pick_track, self.go_round = pick_track, go_round
        self.trunk_min, self.trunk_reserve, self.trunk_turns = (
            trunk_min, trunk_reserve, trunk_turns)
        # pick_tracks(): (route owners, plan_cards(), hand) when it last looked, and the
        # planned tracks it may swap then (track_choices)
        self.picked: tuple[Sequence[int] | None, object, Sequence[int],
                           list[tuple[int, list[int]]]] = (None, None, (), [])

    def after_refresh(self, bot: ExpertBot, view: PlayerView) -> None:
        """The changes its weights turn on, in order: tracks, going round, a trunk."""
        if self.pick_track and bot.needed:
            self.pick_tracks(bot, view)
        if self.go_round is not None and bot.open_tickets and view.phase == "main":
            self.round_colour(bot, view, self.go_round)
        if self.trunk_min is not None and view.phase in ("main", "second_draw"):
            self.trunk(bot, view, self.trunk_min)

    def pick_tracks(self, bot: ExpertBot, view: PlayerView) -> None:
        """Swap each planned track of a double route for the open track its hand is
        nearer to paying (:func:`~ttrtool.bots.hand_plans.track_swaps`).  The path search
        picks one track; the hand that grows afterwards may suit the other, and collecting
        the first colour then costs turns and cards that go unused."""
        owner, hand = view.route_owner, view.hand
        cards = bot.plan_cards()
        # nothing it reads has changed since it last looked (a new plan or claim makes
        # new plan_cards and owners; the memo holds them, so they are not new objects
        # at an old address)
        seen = self.picked
        if seen[0] is owner and seen[1] is cards:
            if seen[2] == hand:
                return
            choices = seen[3]  # the tracks it may swap do not follow the hand
        else:
            choices = track_choices(bot, owner)
        self.picked = (owner, cards, hand, choices)
        if not choices:
            return
        swaps = track_swaps(bot, view, cards[0], choices)
        if swaps:
            bot.swap_tracks(swaps)

    def round_colour(self, bot: ExpertBot, view: PlayerView, go: GoRound) -> None:
        """Take the plan that goes round a missing colour, when there is one
        (:class:`~ttrtool.bots.hand_plans.GoRound`)."""
        if not go.due(bot, view, bot.plans):
            return
        weights = bot.path_weights_now(view)
        found = go.new_plan(bot, view, weights)
        if found is None:
            return
        paths, points, needed = found
        bot.take_plan(needed, paths, points)
        if self.pick_track:
            self.pick_tracks(bot, view)
        go.taken(bot, view, bot.plans)

    def trunk(self, bot: ExpertBot, view: PlayerView, min_length: int) -> None:
        """With no trunk route in its plan and more than ``trunk_turns`` turns left, add
        the next one (:func:`~ttrtool.bots.trunk.trunk_route`)."""
        needed = bot.needed
        if needed:
            on_paths: set[int] = set()
            paths = bot.paths
            for t in bot.open_tickets:
                on_paths.update(paths.get(t, ()))
            if not needed <= on_paths:
                return  # a planned route no ticket takes: the trunk's
        if bot.turns(view) <= self.trunk_turns:
            return
        r = trunk_route(bot, view, needed, min_length, self.trunk_reserve, bot.route_worth)
        if r is not None:
            bot.add_to_plan(r)
