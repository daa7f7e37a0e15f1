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

The steps read the bot's plan and judgement (:class:`ExpertCore`); they change nothing
themselves but what the methods they call remember.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ttrtool.bots.planning import StrategicBot
from ttrtool.engine.actions import Action, DrawFaceUp, KeepTickets
from ttrtool.engine.view import PlayerView
from ttrtool.graph import INF

if TYPE_CHECKING:
    from ttrtool.bots.expert import Expert
    from ttrtool.bots.expert_core import ExpertCore, KeepTerms

Step = Callable[["ExpertCore", PlayerView, Sequence[Action], float], "Action | None"]
DrawStep = Callable[["ExpertCore", PlayerView, Sequence[Action]], "Action | None"]


class TurnPolicy(NamedTuple):
    """The steps of a main turn, asked in order; the last must always give an action."""

    steps: tuple[Step, ...]

    def choose(self, bot: ExpertCore, view: PlayerView, actions: Sequence[Action]) -> Action:
        turns = bot.turns(view)
        for step in self.steps:
            action = step(bot, view, actions, turns)
            if action is not None:
                return action
        raise AssertionError("the last step of a turn gives an action")


class KeepPolicy(NamedTuple):
    """The allowed set of offered tickets that ``worth`` rates highest (the first of
    equal worths), from the terms the bot works out for each (:meth:`keep_terms`)."""

    worth: Callable[[ExpertCore, KeepTerms], float]

    def choose(self, bot: ExpertCore, view: PlayerView, actions: Sequence[Action]) -> Action:
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


def expected_worth(bot: ExpertCore, terms: KeepTerms) -> float:
    """The points a keep makes sure of, less ``train_cost`` a unit of its new paths'
    planning cost, plus the plan's expected ticket points (:meth:`keep_worth`)."""
    return bot.keep_worth(terms)


class DrawPolicy(NamedTuple):
    """The steps of a card draw before the shared one (the plan's most missing card)."""

    steps: tuple[DrawStep, ...]


# --- the steps of a main turn ------------------------------------------------


def bargain(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
            turns: float) -> Action | None:
    """A route the points table makes a bargain (route_prices), if its hand pays it."""
    expert: Expert = bot  # type: ignore[assignment]
    return expert.bargain_claim(view) if expert.prices.bargains else None


def final_claims(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
                 turns: float) -> Action | None:
    """With its plan done and few turns left, the planned set of final claims."""
    return bot.final_turn(view, actions, turns)


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


def spare_claim(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
                turns: float) -> Action | None:
    """A long route for its points, with trains to spare beyond the plan."""
    return bot.spare_claim(view)


def block(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
          turns: float) -> Action | None:
    """A short route another player's network visibly needs, when cheap."""
    return bot.block(view)


def fallback(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
             turns: float) -> Action | None:
    """Cards for the plan (or points with a full hand, or a station rescue)."""
    return bot.fallback(view, actions)


# --- the steps of a card draw --------------------------------------------------


def last_colour(bot: ExpertCore, view: PlayerView, actions: Sequence[Action]) -> Action | None:
    """Late in the game, a face-up locomotive when the plan misses ``loco_min`` or more
    cards of one colour only and none of that colour is face up."""
    expert: Expert = bot  # type: ignore[assignment]
    if not (expert.loco_turns and view.phase == "main" and expert.needed):
        return None
    missing = StrategicBot.wishes(expert, view)  # the plan's own, not the final set's
    short = [c for c in range(expert.loco) if missing[c] > 0]
    if (len(short) == 1 and missing[short[0]] >= expert.loco_min
            and expert.turns(view) <= expert.loco_turns
            and any(expert.locos_pay(r) and expert.colors[r] in (short[0], -1)
                    for r in expert.needed)):
        index = expert.game.card_index
        faceup = [a for a in expert.draws if type(a) is DrawFaceUp]
        if not any(index[a.color] == short[0] for a in faceup):
            for a in faceup:
                if index[a.color] == expert.loco:
                    return a
    return None


# The configurations: the baseline of 2025, and the expert of 2026 with its bargains,
# final claims, claims for points with spare trains and the locomotive for a last colour.
EXPERT_2025_TURN = TurnPolicy((last_turn, plan_claim, ticket_draw, second_path, block,
                               fallback))
EXPERT_TURN = TurnPolicy((bargain, final_claims, last_turn, plan_claim, ticket_draw,
                          second_path, spare_claim, block, fallback))
EXPERT_2025_DRAW = DrawPolicy(())
EXPECTED_WORTH_KEEP = KeepPolicy(expected_worth)
EXPERT_DRAW = DrawPolicy((last_colour,))
