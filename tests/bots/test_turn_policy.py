"""The expert's main turn and card draw are configured steps (ttrtool.bots.turn_policy):
``expert-2025`` and ``expert`` differ in their steps and weights, and a bot of one's own
may seat other steps."""

from __future__ import annotations

import inspect

import ttrtool
from ttrtool.bots import expert as ex
from ttrtool.bots import turn_policy as tp
from ttrtool.bots.expert import Expert, Expert2025
from ttrtool.bots.expert_core import ExpertCore
from ttrtool.simulate.playout import Table


def ticket_draws(cls: type[Expert]) -> int:
    table = Table(ttrtool.load_map("usa"), 4, ("expert",))
    table.classes["expert"] = cls
    return sum(1 for number in range(4)
               for _, text in table.play(5, number, log_actions=True)["actions"]
               if text == "tickets")


def test_the_two_experts_are_configurations_of_the_core_without_methods() -> None:
    """Weights and policies only: whatever they change is a part of the core."""
    for cls in (Expert, Expert2025):
        assert cls.__bases__ == (ExpertCore,)
        own = [name for name, value in vars(cls).items()
               if inspect.isfunction(value) or isinstance(value, (property, classmethod,
                                                                  staticmethod))]
        assert own == [], (cls.__name__, own)


def test_the_two_experts_are_two_configurations() -> None:
    assert Expert2025.turn_policy is ex.EXPERT_2025_TURN
    assert Expert.turn_policy is ex.EXPERT_TURN
    assert set(ex.EXPERT_2025_TURN.steps) < set(ex.EXPERT_TURN.steps)
    assert Expert.draw_policy.steps == (ex.last_colour,) and not Expert2025.draw_policy.steps


def test_a_turn_without_the_ticket_steps_never_draws_tickets() -> None:
    """The ticket draw step and the final claims (which draw tickets worth it first)
    left out, the expert plays on without drawing any."""
    steps = tuple(s for s in ex.EXPERT_TURN.steps if s not in (ex.ticket_draw, ex.final_claims))
    no_draws = type("NoDraws", (Expert,), {"turn_policy": tp.TurnPolicy(steps)})
    assert ticket_draws(Expert) > 0
    assert ticket_draws(no_draws) == 0


def test_a_keep_policy_of_ones_own_decides_the_keeps() -> None:
    """A keep worth rating more tickets higher keeps every ticket dealt, where the
    expert's expected worth lets some go."""
    most = tp.KeepPolicy(lambda bot, terms: float(terms.added))
    greedy = type("Greedy", (Expert,), {"keep_policy": most})
    table = Table(ttrtool.load_map("usa"), 4, ("expert",))
    kept = {}
    for cls in (Expert, greedy):
        table.classes["expert"] = cls
        records = [table.play(5, number, log_actions=True) for number in range(3)]
        kept[cls] = [len(text.split()) - 1 for r in records for _, text in r["actions"][:4]]
    assert set(kept[greedy]) == {3}  # USA deals 3 (R-SET-4)
    assert min(kept[Expert]) == 2
