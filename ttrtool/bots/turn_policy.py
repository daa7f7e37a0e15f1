"""The expert's ticket keep, main turn and card draw as policies (docs/bots.md, "The expert").

A ticket keep is its :class:`KeepPolicy`: of the allowed sets of offered tickets, the
one its worth function rates highest.  A main turn asks each step of the bot's
:class:`TurnPolicy` in order for an action; the first that gives one is played, and the
last step always gives one.  A card draw
asks the steps of its :class:`DrawPolicy` the same way, the shared draw
(:meth:`StrategicBot.draw_cards`) last.  ``expert-2025`` and ``expert`` differ in
their steps and their weights, not in the way a turn is run: a bot of one's own may
seat the steps in another order or add one (a step is any function of the bot, its
view, the legal actions and the turns it expects to have left).

The steps read the bot's plan and judgement; they change nothing themselves but what the
methods they call remember.  The steps are in :mod:`ttrtool.bots.expert_steps`, the
policies of both configurations in :mod:`ttrtool.bots.expert`.  This module holds only
the way a policy is run, so it imports neither bot (the bot passed in is typed ``Any``
here; each step is typed with the bot where it is written).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ttrtool.engine.actions import Action, KeepTickets
from ttrtool.engine.view import PlayerView
from ttrtool.graph import INF

Step = Callable[[Any, PlayerView, Sequence[Action], float], "Action | None"]
DrawStep = Callable[[Any, PlayerView, Sequence[Action]], "Action | None"]


class TurnPolicy(NamedTuple):
    """The steps of a main turn, asked in order; the last must always give an action."""

    steps: tuple[Step, ...]

    def choose(self, bot: Any, view: PlayerView, actions: Sequence[Action]) -> Action:
        turns = bot.turns(view)
        for step in self.steps:
            action = step(bot, view, actions, turns)
            if action is not None:
                return action
        raise AssertionError("the last step of a turn gives an action")


class KeepPolicy(NamedTuple):
    """The allowed set of offered tickets that ``worth`` rates highest (the first of
    equal worths), from the terms the bot works out for each (:meth:`keep_terms`)."""

    worth: Callable[[Any, Any], float]  # (the bot, its terms of one keep) -> its worth

    def choose(self, bot: Any, view: PlayerView, actions: Sequence[Action]) -> Action:
        best: KeepTickets | None = None
        best_worth = -INF
        for a, terms in bot.keep_terms(view, actions):
            worth = self.worth(bot, terms)
            if worth > best_worth + 1e-9:
                best, best_worth = a, worth
        if best is None:
            return actions[0]
        bot.seen.update(t for t in view.offered if t not in best.tickets)
        return best


class DrawPolicy(NamedTuple):
    """The steps of a card draw before the shared one (the plan's most missing card)."""

    steps: tuple[DrawStep, ...]
