"""What the end-game bonuses of the rules' list are worth to the expert, turn by turn.

Two estimates are pure functions of public numbers (the
:class:`~ttrtool.engine.view.PlayerView` and the board), testable alone:

* :func:`ticket_race_share` — most completed tickets (R-VAR-7): the share of
  the bonus one more completed ticket is worth, while the race is close.
* :func:`network_growth` — largest network (R-VAR-8): how many places a
  claim adds to the player's largest network of own routes.

:class:`BonusPlay` makes the plan-following bot's moves for them: ticket
worth in the race, claims that grow its network, and a second path for a
completed ticket where tickets joined twice score (R-VAR-9).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ttrtool.bots.planning import StrategicBot
from ttrtool.engine.actions import Action, ClaimRoute
from ttrtool.engine.bonuses import largest_network
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView
from ttrtool.graph import INF

# Most completed tickets: the other players' completed tickets are hidden, so
# the tickets they hold stand in for them.  When this player's count is within
# this many of the best other count, one more completed ticket may decide the
# bonus ...
TICKET_RACE_GAP = 1
# ... and is worth this share of the bonus points (a little: the race is
# guessed from held tickets, and most tickets settle nothing).
TICKET_RACE_SHARE = 0.3
# Largest network (R-VAR-8): each place a claim adds to its largest network is
# worth this share of the bonus points.
NETWORK_PLACE_SHARE = 0.2
# Tickets joined by two paths (R-VAR-9): a second path for a completed ticket
# is worth building when it leaves this many trains spare ...
SECOND_PATH_SPARE = 4
# ... and takes at most this many trains.
SECOND_PATH_TRAINS = 8


def ticket_race_share(ticket_counts: Sequence[int], seat: int, bonus_points: int) -> float:
    """Points one more completed ticket is worth towards the most-tickets bonus (R-VAR-7)."""
    others = [n for q, n in enumerate(ticket_counts) if q != seat]
    if bonus_points <= 0 or not others:
        return 0.0
    if abs(ticket_counts[seat] - max(others)) > TICKET_RACE_GAP:
        return 0.0
    return TICKET_RACE_SHARE * bonus_points


def network_growth(game: Game, owner: Sequence[int], seat: int, route: int) -> int:
    """Places ``route`` would add to the seat's largest network (R-VAR-8): the size of
    the network it joins (or makes) beyond today's largest, cities counted once.  The
    networks are measured by the engine's own :func:`largest_network`."""
    if game.end_a[route] == game.end_b[route]:
        return 0
    own = [r for r, o in enumerate(owner) if o == seat]
    return largest_network(game, own + [route]) - largest_network(game, own)


class BonusPlay(StrategicBot):
    """A plan-following bot that plays for the end-game bonuses of the rules' list
    beside longest path (R-VAR-6..9); with none of them it plays as before."""

    # What a unit of planning cost spent elsewhere would score (the expert's value).
    train_cost = 2.0

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        super().__init__(game, seat, rng)
        bonuses = game.rules.bonuses
        self.race_bonus = sum(b.points for b in bonuses if b.type == "most_tickets")
        self.network_bonus = sum(b.points for b in bonuses if b.type == "largest_network")
        self.multi_bonus = game.rules.bonus("multi_path_tickets")
        self._no_second: tuple[int, int] | None = None  # (plan, own routes) of the last "no"
        self._replans = 0

    def race(self, view: PlayerView) -> float:
        """Worth of one more completed ticket in the most-tickets race (R-VAR-7)."""
        if not self.race_bonus:
            return 0.0
        return ticket_race_share(view.ticket_counts, self.seat, self.race_bonus)

    def second_path(self, view: PlayerView) -> bool:
        """Tickets joined by two paths (R-VAR-9): with its plan done, plan the cheapest
        second path, sharing no route with the first, for a completed ticket, when
        the table's next step is worth more than the trains it takes and trains
        stay spare.  Its routes join the plan (``needed``); True if any did."""
        assert self.multi_bonus is not None
        owner = view.route_owner
        seat = self.seat
        # Other players' claims only make a second path dearer: a "no" stands
        # until the plan or its own network changes.
        key = (self._replans, owner.count(seat))
        if key == self._no_second:
            return False
        self._no_second = key
        spare = view.trains[seat] - self.planned_cost() - SECOND_PATH_SPARE
        joined = 0
        best: tuple[float, list[int]] | None = None
        for t in view.tickets:
            first = self._paths.get(t)
            if first is None or t in self.open_tickets or t in self.blocked_tickets:
                continue
            weights = self.path_weights(owner, set())
            for r in first:
                weights[r] = INF
            found = self.ticket_path(weights, t)
            if found is None:
                continue
            todo = [r for r in found[1] if owner[r] != seat]
            trains = sum(self.trains_of[r] for r in todo)
            if not todo:
                joined += 1
            elif trains <= min(spare, SECOND_PATH_TRAINS):
                cost = self.train_cost * found[0] - sum(self.points[r] for r in todo)
                if best is None or cost < best[0]:
                    best = (cost, todo)
        if best is None:
            return False
        gain = (self.multi_bonus.points_for_count(joined + 1)
                - self.multi_bonus.points_for_count(joined))
        if gain <= best[0]:
            return False
        self._no_second = None
        self.needed.update(best[1])
        self._plan_cards = None
        return True

    def network_value(self, owner: Sequence[int], route: int) -> float:
        """Points a claim is worth towards the largest-network bonus (R-VAR-8)."""
        if not self.network_bonus:
            return 0.0
        growth = network_growth(self.game, owner, self.seat, route)
        return NETWORK_PLACE_SHARE * self.network_bonus * growth

    def points_claim(self, view: PlayerView, actions: Sequence[Action], min_length: int,
                     allowed: Callable[[ClaimRoute], bool] | None = None) -> ClaimRoute | None:
        """The claimable route worth most points; where the rules score the largest
        network, the places it adds count too (R-VAR-8)."""
        if not self.network_bonus:
            return super().points_claim(view, actions, min_length, allowed)
        best: ClaimRoute | None = None
        best_key: tuple[float, int, int] | None = None
        owner = view.route_owner
        for a in self.menu:  # every claim, by route (a network's growth is no bound)
            r = a.route
            if allowed is not None and not allowed(a):
                continue
            if self.lengths[r] >= min_length and (
                    not self.tunnel_routes[r] or self.tunnel_ok(view, a)):
                key = (-(self.points[r] + self.network_value(owner, r)), a.locomotives, r)
                if best_key is None or key < best_key:
                    best, best_key = a, key
        return best

    def plan(self, view: PlayerView) -> None:
        super().plan(view)
        self._replans += 1
