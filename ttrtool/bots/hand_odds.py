"""The expert's odds of finishing a ticket: its policy for them, read with its hand or
not (docs/bots.md, "What the expert changed in 2026", ticket odds that look at the hand).

The baseline's odds weigh only the turns a ticket's work takes against the turns left
(:func:`~ttrtool.bots.judgement.ticket_odds`, :func:`~ttrtool.bots.judgement.finish_odds`).
:class:`HandOdds` adds the cards the ticket's own routes take that the hand lacks
(:class:`~ttrtool.bots.lacking.HandLacks`), through a model fitted on played games
(:func:`~ttrtool.bots.judgement.fitted_odds`): one for the tickets kept (``keep``), one
for a ticket a mid-game draw may bring (``draw``); a model left out (None) gives the
baseline's odds for that case.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttrtool.bots.judgement import finish_odds, fitted_odds, schedule, ticket_odds
from ttrtool.bots.lacking import HandLacks

Model = tuple[float, float, float, float]


class HandOdds:
    """A ticket's chance of completion from its turns of work and, where a model is
    given, the cards it lacks."""

    __slots__ = ("lacking", "keep", "draw", "_left")

    def __init__(self, lacking: HandLacks, keep: Model | None, draw: Model | None) -> None:
        self.lacking, self.keep, self.draw = lacking, keep, draw
        # draw_odds(): (hand, the plan's cards, the hand beyond them) of one ticket draw
        self._left: tuple[Sequence[int], Sequence[int], list[int]] = ((), [], [])

    def job_odds(self, jobs: Sequence[tuple[int, frozenset[int]]], fit: int,
                 turns: float, hand: Sequence[int], trains: int, lengths: Sequence[int],
                 trains_of: Sequence[int]) -> dict[int, float]:
        """Each job's (ticket, its routes to claim) chance, worked through cheapest first
        with the ``fit`` cards of the hand that pay its routes (judgement.schedule); a job
        whose trains, with those before it, exceed ``trains`` has none.  Without a
        ``keep`` model, the turns alone (judgement.ticket_odds)."""
        keep = self.keep
        if keep is None:
            return ticket_odds(jobs, lengths, fit, turns, trains, trains_of)
        routes = dict(jobs)
        odds = {}
        for t, need, used in schedule(jobs, lengths, fit, trains_of):
            if used > trains:
                odds[t] = 0.0
                continue
            miss = self.lacking.count(routes[t], hand)
            odds[t] = fitted_odds(keep, need, turns, miss)
        return odds

    def draw_odds(self, need: float, turns: float, todo: Sequence[int],
                  hand: Sequence[int], plan_cards: Callable[[], tuple[list[int], int, int]],
                  ) -> float:
        """A drawn ticket's chance, whose routes ``todo`` take ``need`` turns after the
        plan's, counting the cards they take that the hand lacks once the open plan has
        the cards it takes (the first of ``plan_cards()``, asked only here).  Without a
        ``draw`` model, the turns alone (judgement.finish_odds)."""
        draw = self.draw
        if draw is None:
            return finish_odds(need, turns)
        want = plan_cards()[0]
        seen_hand, seen_want, left = self._left
        if hand is not seen_hand or want is not seen_want:  # once a ticket draw's worth
            left = [max(0, h - w) for h, w in zip(hand, want, strict=True)]
            self._left = (hand, want, left)
        miss = self.lacking.count(todo, left) if todo else 0  # nothing lacks for none
        return fitted_odds(draw, need, turns, miss)
