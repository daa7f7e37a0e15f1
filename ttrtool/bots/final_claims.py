"""The expert's final claims: with its plan done and few turns left, a set of claims planned.

A player whose tickets are done spends the last turns on the routes worth most that its
trains, its hand and the turns left can still pay for.  :class:`FinalClaims` is that part
of the expert (docs/bots.md, "What the expert changed in 2026", final claims planned):

* :meth:`FinalClaims.best_set` — of the open routes its trains lay, those worth most a
  turn (points, network, longest trail: the bot's ``worth``) looked at first, the set of
  at most ``plan_size`` whose claims and missing cards (``draw_rate`` cards a drawing
  turn) fit in the turns left, worth most together;
* :meth:`FinalClaims.claim` — the route of the set its hand pays now, worth most first,
  paid so that the rest of the set misses the fewest cards;
* :meth:`FinalClaims.turn` — a ticket draw if the bot wants one, else that claim, else a
  draw for the cards the set misses (``drawing``, which the bot's wishes read for the
  rest of the turn);
* :meth:`FinalClaims.lead` — with a visible lead of ``ahead`` points it counts at most
  ``hurry`` turns: a smaller set, claimed sooner, ends the game sooner.

Its weights are the expert's class attributes of the same names (``plan_on``,
``draw_rate`` ...), read when the bot is made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttrtool.bots.expert_parts import ExpertBot
from ttrtool.bots.lacking import HandLacks
from ttrtool.engine.actions import Action, ClaimRoute
from ttrtool.engine.view import PlayerView

Worth = Callable[[Sequence[int], int], float]  # (route owners, route) -> points
Worths = Callable[[Sequence[int], Sequence[int]], list[float]]  # the same, of many routes


class FinalClaims:
    """One bot's final claims: its weights and the set it draws for this turn."""

    __slots__ = ("lacking", "worth", "worths", "plan_on", "draw_rate", "plan_routes",
                 "plan_size", "ahead", "hurry", "ticket_guess", "drawing")

    def __init__(self, lacking: HandLacks, worth: Worth, worths: Worths, *,
                 plan_on: float | None, draw_rate: float, plan_routes: int, plan_size: int,
                 ahead: float | None, hurry: float, ticket_guess: float) -> None:
        self.lacking, self.worth, self.worths = lacking, worth, worths
        self.plan_on, self.draw_rate = plan_on, draw_rate
        self.plan_routes, self.plan_size = plan_routes, plan_size
        self.ahead, self.hurry, self.ticket_guess = ahead, hurry, ticket_guess
        # (turn, the set's missing cards) while the bot draws for its set in that turn
        self.drawing: tuple[int, list[int]] | None = None

    def lead(self, bot: ExpertBot, view: PlayerView) -> float:
        """The bot's visible lead: its route points and tickets (done: won; open or cut:
        lost) against each other player's route points and guessed tickets."""
        seat = bot.seat
        mine = float(view.route_scores[seat])
        for t in view.tickets:
            pts = bot.ticket_points.get(t)
            if pts is None:
                mine -= bot.top_points[t]
            elif t in bot.open_tickets or t in bot.blocked_tickets:
                mine -= pts
            else:
                mine += pts
        best = max(view.route_scores[q] + self.ticket_guess * view.ticket_counts[q]
                   for q in range(len(view.trains)) if q != seat)
        return mine - best

    def best_set(self, bot: ExpertBot, view: PlayerView, turns: float
                 ) -> tuple[tuple[int, ...], list[int]]:
        """The routes worth most (points and longest trail) whose trains its own pay
        and whose claims and missing cards fit in ``turns``; their missing cards."""
        owner, hand = view.route_owner, view.hand
        trains = view.trains[bot.seat]
        if turns < 1.0 or trains <= 0:
            return (), []
        closed = bot.closed_routes(owner)
        trains_of, rate = bot.trains_of, self.draw_rate
        cand: list[tuple[float, int, float]] = []
        lacks: dict[int, int] = {}
        routes = [r for r, o in enumerate(owner)
                  if o < 0 and not closed[r] and trains_of[r] <= trains]
        open_routes: list[int] = []
        spans: list[float] = []
        for r, lack in zip(routes, self.lacking.each(routes, hand), strict=True):
            lacks[r] = lack
            t = 1.0 + lack / rate
            if t > turns:
                continue
            open_routes.append(r)
            spans.append(t)
        for r, t, v in zip(open_routes, spans, self.worths(owner, open_routes), strict=True):
            cand.append((v / t, r, v))
        if not cand:
            return (), []
        cand.sort(key=lambda x: (-x[0], x[1]))
        cand = cand[:self.plan_routes]
        best_v = 0.0
        best: tuple[int, ...] = ()
        best_miss: list[int] = []
        n, size = len(cand), self.plan_size
        cards, count = self.lacking.cards, self.lacking.count
        # the most the routes after each place can add, by how many more may join: a set
        # that could not beat the best even with them is not counted (its cards are the
        # dear part)
        tops = []
        for j in range(n + 1):
            top = sorted((x[2] for x in cand[j:] if x[2] > 0), reverse=True)[:size]
            sums = [0.0]
            for v in top:
                sums.append(sums[-1] + v)
            sums.extend([sums[-1]] * (size - len(top)))
            tops.append(sums)

        def grow(i: int, chosen: list[int], v: float, used: int) -> None:
            nonlocal best_v, best, best_miss
            room = size - len(chosen) - 1
            claims = len(chosen) + 1
            for j in range(i, n):
                _, r, vr = cand[j]
                if used + trains_of[r] > trains:
                    continue
                if v + vr + tops[j + 1][room] <= best_v + 1e-9:
                    continue
                # a set lacks at least what the route alone lacks (not always what the
                # smaller set lacks: a gray route may find a better colour in the larger)
                if claims + lacks[r] / rate > turns:
                    continue
                s = chosen + [r]
                miss = count(s, hand)
                if claims + miss / rate > turns:
                    continue
                if v + vr > best_v + 1e-9:
                    best_v, best, best_miss = v + vr, tuple(s), cards(s, hand)
                if claims < size:
                    grow(j + 1, s, v + vr, used + trains_of[r])

        grow(0, [], 0.0, 0)
        return best, best_miss

    def claim(self, bot: ExpertBot, view: PlayerView, chosen: tuple[int, ...]
              ) -> ClaimRoute | None:
        """The route of the set its hand pays now, worth most first, paid so that the
        rest of the set misses the fewest cards."""
        owner, hand = view.route_owner, view.hand
        best: ClaimRoute | None = None
        best_key: tuple[float, int, int, int] | None = None
        for r in chosen:
            rest = [q for q in chosen if q != r]
            v = self.worth(owner, r)
            for a in bot.menu.of(r):
                if bot.tunnel_routes[r] and not bot.tunnel_ok(view, a):
                    continue
                h = [x - k for x, k in zip(hand, bot.spent_by_card(a), strict=True)]
                miss = self.lacking.count(rest, h) if rest else 0
                key = (-v, miss, a.locomotives, r)
                if best_key is None or key < best_key:
                    best, best_key = a, key
        return best

    def turn(self, bot: ExpertBot, view: PlayerView, actions: Sequence[Action],
             turns: float) -> Action | None:
        """With the bot's plan done and ``turns`` few (``plan_on``): a ticket draw if worth
        it (as before), else the claim of the final set its hand pays now, else a draw for
        the cards the set misses; None otherwise, or with no set (then as before)."""
        self.drawing = None
        if self.plan_on is None or not 1.0 < turns <= self.plan_on or bot.needed:
            return None
        if bot.wants_tickets(view, turns):
            return bot.ticket_draw
        count = turns
        if self.ahead is not None and self.lead(bot, view) >= self.ahead:
            count = min(count, self.hurry)
        chosen, miss = self.best_set(bot, view, count)
        if not chosen:
            return None
        claim = self.claim(bot, view, chosen)
        if claim is not None:
            return claim
        self.drawing = (view.turn, miss)
        return bot.draw_cards(view, actions)
