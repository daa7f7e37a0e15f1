"""What tickets are worth to the expert: the options of a keep, and a ticket draw.

A part of the expert's core (:class:`~ttrtool.bots.expert_core.ExpertCore`; docs/bots.md,
"The expert": keeping and drawing tickets), reading the bot through
:class:`~ttrtool.bots.expert_parts.ExpertBot`:

* :meth:`TicketWorth.keep_terms` — each way of keeping offered tickets with the terms of
  its worth (:class:`KeepTerms`): what its tickets make sure of, the planning cost of the
  paths they add, and the expected ticket points of the plan with them
  (:meth:`TicketWorth.plan_worth`: each ticket's points won or lost with its odds of
  finishing, :mod:`~ttrtool.bots.hand_odds`);
* :meth:`TicketWorth.ticket_draw_worth` — the expected best of a ticket draw: every ticket it
  has not seen, its cheapest path with its plan free (:mod:`~ttrtool.bots.draw_paths`
  where ``network_draws``), worked on after the plan;
* :meth:`TicketWorth.wants_tickets` — draw tickets now, when that worth beats a turn's.

It remembers the paths of a draw's tickets while the plan and the bot's own routes stay,
and a refusal to draw until they change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ttrtool.bots.draw_paths import Plain, network_paths, plain_paths
from ttrtool.bots.expert_parts import ExpertBot, Found
from ttrtool.bots.game_memo import per_game
from ttrtool.bots.judgement import draw_turns, expected_best_draw, expected_value
from ttrtool.engine.actions import Action, KeepTickets
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


class KeepTerms(NamedTuple):
    """The terms of one way of keeping offered tickets (:meth:`TicketWorth.keep_terms`)."""

    sure: float  # points of tickets its routes already complete, less those no path can
    cost: float  # planning cost of the paths the kept tickets add to the plan
    plan: float  # expected ticket points of the plan with them (plan_worth)
    added: int  # tickets the option adds to the plan


def jobs(bot: ExpertBot, owner: Sequence[int]) -> list[tuple[int, frozenset[int]]]:
    """Open tickets with the routes each still needs."""
    seat = bot.seat
    paths = bot.paths
    return [(t, frozenset(r for r in paths.get(t, ()) if owner[r] != seat))
            for t in bot.open_tickets]


def hand_fit(bot: ExpertBot, routes: set[int], hand: Sequence[int]) -> int:
    """How many cards of the hand the routes can use (gray routes take the
    colour held most beyond other needs; locomotives fill any gap)."""
    loco = bot.loco
    want = [0] * (loco + 1)
    grays = 0
    total = 0
    for r in routes:
        n = bot.lengths[r]
        total += n
        c = bot.colors[r]
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
    ok = bot.loco_routes
    if ok is not None:  # R-VAR-1: locomotives fill only the routes they may pay
        total = min(total, sum(bot.lengths[r] for r in routes if ok[r]) + fit)
    return fit + min(hand[loco], total - fit)


class TicketWorth:
    """One bot's worth of tickets, with what it remembers between decisions."""

    __slots__ = ("draw_pool", "draw_size", "draw_keep_min", "owned", "refused", "path_key",
                 "path_memo", "plain")

    def __init__(self, game: Game) -> None:
        # the tickets a draw may bring (once a game), how many come and the least kept
        self.draw_pool = per_game(game, "draw_pool", lambda: tuple(
            t.index for t in game.board.tickets if t.deck == game.draw_deck))
        self.draw_size = game.rules.tickets.draw
        self.draw_keep_min = game.rules.tickets.draw_keep_min
        self.owned = 0  # its own routes at the last draw's worth
        self.refused: tuple[int, int] | None = None  # (plans, own routes) of the last refusal
        # candidate_path(): (plans, own routes) of the paths remembered, and the paths
        self.path_key: tuple[int, int] | None = None
        self.path_memo: dict[int, Found | None] = {}
        self.plain: Plain | None = None  # draw_paths(): the board's own paths of the draw deck

    # --- a keep ---------------------------------------------------------------

    def plan_worth(self, bot: ExpertBot, jobs: Sequence[tuple[int, frozenset[int]]],
                   points: dict[int, int], view: PlayerView, turns: float,
                   race: float = 0.0) -> float:
        """Expected ticket points of the jobs, worked through cheapest first; ``race``
        is what each completed ticket adds towards the most-tickets bonus (R-VAR-7).
        Each job's chance of completion comes from the bot's odds policy
        (:class:`~ttrtool.bots.hand_odds.HandOdds`, ``keep_model``), with the cards of
        the hand that pay its routes (:func:`hand_fit`)."""
        if not jobs:
            return 0.0
        routes: set[int] = set()
        for _, rs in jobs:
            routes.update(rs)
        odds = bot.odds.job_odds(jobs, hand_fit(bot, routes, view.hand), turns, view.hand,
                                 view.trains[bot.seat], bot.lengths, bot.trains_of)
        if race:
            return sum(expected_value(points[t], odds[t]) + race * odds[t] for t, _ in jobs)
        return sum(expected_value(points[t], odds[t]) for t, _ in jobs)

    def keep_terms(self, bot: ExpertBot, view: PlayerView, actions: Sequence[Action]
                   ) -> list[tuple[KeepTickets, KeepTerms]]:
        """Each way of keeping the offered tickets among ``actions``, with the terms of
        its worth (:class:`KeepTerms`): each ticket's cheapest path with the plan and
        the tickets before it riding free, worked through with the open plan."""
        bot.refresh(view)
        owner = view.route_owner
        seat = bot.seat
        turns = bot.turns(view) - (bot.turn_margin if view.phase == "tickets" else 0.0)
        weights = bot.path_weights(owner, bot.needed)
        base = jobs(bot, owner)
        race = bot.race(view)
        top_points = bot.top_points
        out: list[tuple[KeepTickets, KeepTerms]] = []
        # A ticket's path depends only on the tickets worked on before it in
        # the same set (their routes ride free): sets sharing that prefix share it.
        paths: dict[tuple[int, ...], Found | None] = {}
        for a in actions:
            if not isinstance(a, KeepTickets):
                continue
            todo_jobs = list(base)
            w = list(weights)
            points = dict(bot.ticket_points)
            sure = 0.0  # tickets already complete or already impossible
            cost_all = 0.0
            before: tuple[int, ...] = ()
            for t in sorted(a.tickets, key=lambda t: (-top_points[t], t)):
                before += (t,)
                if before in paths:
                    found = paths[before]
                else:
                    found = paths[before] = bot.ticket_path(w, t)
                if found is None:
                    sure -= top_points[t]
                    continue
                cost, path, pts = found
                todo = frozenset(r for r in path if owner[r] != seat)
                if not todo:
                    sure += pts + race
                    continue
                cost_all += cost
                todo_jobs.append((t, todo))
                points[t] = pts
                for r in todo:
                    w[r] = 0.0
            out.append((a, KeepTerms(sure, cost_all,
                                     self.plan_worth(bot, todo_jobs, points, view, turns, race),
                                     len(todo_jobs) - len(base))))
        return out

    # --- a ticket draw --------------------------------------------------------

    def candidate_path(self, bot: ExpertBot, owner: Sequence[int],
                       weights: Callable[[], list[float]], ticket: int,
                       searches: dict[tuple[int, ...], PathSearch] | None = None,
                       ) -> Found | None:
        """The bot's ``ticket_path`` with the plan free, remembered while the plan and
        the bot's own routes stay the same and no route of the path is lost
        (other players' claims can only make a path dearer); ``searches`` as for
        ``ticket_path``, for the weights ``weights`` gives."""
        key = (bot.plans, self.owned)
        if key != self.path_key:
            self.path_key = key
            self.path_memo.clear()
        if ticket in self.path_memo:
            found = self.path_memo[ticket]
            if found is None:
                return found
            closed = bot.closed_routes(owner)
            if not any(closed[r] for r in found[1]):
                return found
        found = bot.ticket_path(weights(), ticket, searches)
        self.path_memo[ticket] = found
        return found

    def draw_paths(self, bot: ExpertBot, owner: Sequence[int],
                   weights: Callable[[], list[float]], tickets: Sequence[int],
                   ) -> list[tuple[int, Found | None]]:
        """Each ticket a draw may bring with its cheapest path, its own routes and plan
        free, for the weights ``weights`` gives.  With ``network_draws``, from its
        network (draw_paths.network_paths: one search per piece of its network, the
        board's plain paths, and a search from the origin only where those cannot
        tell); without, its :meth:`candidate_path` (one search per origin)."""
        if not bot.network_draws:
            searches: dict[tuple[int, ...], PathSearch] = {}
            return [(t, self.candidate_path(bot, owner, weights, t, searches))
                    for t in tickets]
        g, seat = bot.game, bot.seat
        w = weights()
        if self.plain is None:
            self.plain = plain_paths(bot.board, bot.base_weights, g.ticket_origin,
                                     g.ticket_dests, self.draw_pool)
        free = [r for r, o in enumerate(owner) if o == seat]
        free.extend(bot.needed)
        found = network_paths(bot.board, w, free, tickets, g.ticket_origin, g.ticket_dests,
                              self.plain, 1.0 - bot.hand_bias)
        return [(t, found[t]) for t in tickets]

    def ticket_draw_worth(self, bot: ExpertBot, view: PlayerView, turns: float) -> float:
        """Expected points a ticket draw adds, less what the trains would score elsewhere.

        Called with the plan done or paid for by the hand, so the open tickets
        take one turn per claim; each ticket that may come up is then worked
        on after them (judgement.finish_odds), with the cards left in hand.
        """
        owner = view.route_owner
        seat = bot.seat
        held = set(view.tickets)
        self.owned = owner.count(seat)
        fresh: list[float] = []

        def weights() -> list[float]:
            if not fresh:
                fresh.extend(bot.path_weights(owner, bot.needed))
            return fresh

        race = bot.race(view)
        busy = len(bot.needed) + 1.0  # the claims left, and this turn spent drawing
        trains = view.trains[seat] - bot.planned_cost()
        spare_cards = max(0, sum(view.hand) - bot.planned_cards())
        values = []
        seen = bot.seen
        tickets = [t for t in self.draw_pool if t not in held and t not in seen]
        needed, lengths, trains_of = bot.needed, bot.lengths, bot.trains_of
        train_cost, draw_odds = bot.train_cost, bot.draw_odds
        for t, found in self.draw_paths(bot, owner, weights, tickets):
            if found is None:
                values.append(-float(bot.top_points[t]))
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

    def wants_tickets(self, bot: ExpertBot, view: PlayerView, turns: float) -> bool:
        """Draw tickets now?  Only with the plan done or paid for by the hand.

        A draw's worth only falls as turns pass, unless the bot's own network
        grows or its plan changes: after a refusal it looks again only then.
        """
        if bot.ticket_draw is None or turns < 3.0 or view.ticket_deck_size <= 0:
            return False
        if bot.needed and any(bot.wishes(view)):
            return False
        key = (bot.plans, view.route_owner.count(bot.seat))
        if key == self.refused:
            return False
        if self.ticket_draw_worth(bot, view, turns - bot.turn_margin) > bot.draw_worth:
            return True
        self.refused = key
        return False
