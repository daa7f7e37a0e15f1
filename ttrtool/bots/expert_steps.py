"""The steps of the expert's turns: what each configuration's policies are made of.

A step is a function of the bot, its view, the legal actions and the turns it expects
to have left, that gives an action or None (:mod:`~ttrtool.bots.turn_policy` runs them
in the order a policy lists them); a draw step takes no turns.  The configurations in
:mod:`ttrtool.bots.expert` seat them: ``expert-2025`` the first six, the expert the
others too.  Each reads the bot's plan and parts and changes nothing itself but what
the parts it asks remember.

* a keep's worth: :func:`expected_worth`;
* expert-2025's main turn: :func:`last_turn`, :func:`plan_claim`, :func:`ticket_draw`,
  :func:`second_path`, :func:`block`, :func:`fallback`;
* the expert's own: :func:`bargain`, :func:`final_claims`, :func:`spare_claim`, and the
  draw step :func:`last_colour`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.bots.expert_core import ExpertCore
from ttrtool.bots.off_plan import best_now, block_claim
from ttrtool.bots.point_claims import bargain_claim, spare_trains_claim
from ttrtool.bots.ticket_worth import KeepTerms
from ttrtool.engine.actions import Action, DrawFaceUp
from ttrtool.engine.view import PlayerView

# --- a keep, and the steps of a main turn of expert-2025 ------------------------------


def expected_worth(bot: ExpertCore, terms: KeepTerms) -> float:
    """The points a keep makes sure of, less ``train_cost`` a unit of its new paths'
    planning cost, plus the plan's expected ticket points (``keep_worth``)."""
    return bot.keep_worth(terms)


def last_turn(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
              turns: float) -> Action | None:
    """In its last turn, the claim worth most now (tickets it completes counted)."""
    return best_now(bot, view) if turns <= 1.0 else None


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
    return block_claim(bot, view)


def fallback(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
             turns: float) -> Action | None:
    """Cards for the plan (or points with a full hand, or a station rescue)."""
    return bot.fallback(view, actions)


# --- the expert's own steps ---------------------------------------------------------


def bargain(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
            turns: float) -> Action | None:
    """A route the points table makes a bargain (route_prices), if its hand pays it."""
    if not bot.prices.bargains:
        return None
    return bargain_claim(bot, view, bot.prices, bot.bargain_loss)


def final_claims(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
                 turns: float) -> Action | None:
    """With its plan done and few turns left, the planned set of final claims."""
    return bot.finals.turn(bot, view, actions, turns)


def spare_claim(bot: ExpertCore, view: PlayerView, actions: Sequence[Action],
                turns: float) -> Action | None:
    """A long route for its points, with trains to spare beyond the plan."""
    if bot.long_reserve is None:
        return None
    return spare_trains_claim(bot, view, bot.long_reserve, bot.spare_min)


def last_colour(bot: ExpertCore, view: PlayerView, actions: Sequence[Action]) -> Action | None:
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
