"""What the strategic bots share: ticket plans, card wishes, claims, tunnels, keeps.

A :class:`StrategicBot` keeps a *plan*: for each kept ticket not yet
completed, the cheapest chain of routes from its origin to its best
destination (``ttrtool.graph.cheapest_path``), with routes owned by others —
or closed to it by the double-route rules — removed and its own routes free.
The plan is recomputed only when it is invalidated: a new ticket, or another
player taking (or closing) a route the plan needs.  Claims made by the bot
itself never invalidate it.  The archetypes (docs/bots.md) differ in a few
knobs and in :meth:`StrategicBot.main_turn`.

Bots read only their :class:`~ttrtool.engine.view.PlayerView` and the public
board; they choose among the legal actions they are given, and ask for the
claims and stations they consider by route and by city
(:class:`~ttrtool.engine.board_menu.BoardMenu`, built from the view), so the
engine need not list them (docs/engine.md, "Claims and stations on demand").
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import cast

from ttrtool.bots.claiming import NO_MENU, Claiming
from ttrtool.bots.game_memo import per_game
from ttrtool.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from ttrtool.engine.board_menu import BoardMenu
from ttrtool.engine.claims import group_open
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView
from ttrtool.graph import INF, PathSearch

# The engine's order of the actions at the start of a turn (docs/engine.md).
DRAWS, CLAIMS, TICKETS, STATIONS, PASS = range(5)
KIND_RANK: dict[type, int] = {DrawFaceUp: DRAWS, DrawBlind: DRAWS, ClaimRoute: CLAIMS,
                              DrawTickets: TICKETS, BuildStation: STATIONS, Pass: PASS}


DRAW_KINDS = (DrawFaceUp, DrawBlind)


def kind_rank(action: Action) -> int:
    return KIND_RANK[type(action)]


class StrategicBot(Claiming):
    """Plan-following bot; subclasses set the knobs and the main-turn policy."""

    name = "strategic"
    # Every claim it makes is a colour's first payment (its keys rank fewer locomotives
    # first, and a colour's first payment has the fewest), so it decides the same on
    # default_actions(); it reads claims and stations from its BoardMenu, so it needs
    # none listed.
    default_payments = True
    board_menu = True
    # Share of the bot's trains its ticket plans may use when keeping tickets.
    keep_budget = 0.75
    # Keep at most this many tickets from one offer (the rules' minimum always wins).
    keep_max = 3
    # Prefer long routes on paths: a route's cost is length - long_bias * (length - 1).
    long_bias = 0.0
    # A coloured ferry's locomotive symbols (R-EU-6, R-VAR-2: Nordic Countries) are paid
    # with locomotives or "any N" sets, not with cards of its colour: the plan wants of
    # that colour its length less its symbols, as of a gray ferry's spaces.  False: the
    # whole length of its colour as well as the symbols (the count of expert-2025, whose
    # games stay as they were).
    ferry_symbols_apart = True

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        g = game
        self.loco = g.loco
        self.board = g.board
        self.lengths = g.route_len
        # Trains a claim takes: the length plus any mountain trains (R-VAR-10).
        self.trains_of = g.route_trains
        self.colors = g.route_color
        self.partners = g.partners
        self.doubled = per_game(g, "doubled", lambda: tuple(
            r for r, others in enumerate(g.partners) if others))
        # Unowned routes that may still be closed to it: a double route's track, or
        # a route whose group the rules leave no track of (group_cap 0).
        self._closable = per_game(g, "closable", lambda: tuple(
            r for r, others in enumerate(g.partners) if others or g.group_cap[r] <= 0))
        self.both = g.both_tracks
        self.tunnel_routes = g.route_tunnel
        self.points = g.route_points
        self.min_locos = g.route_min_locos
        # A route's planning cost when it is neither owned nor planned already;
        # mountain trains count in full (R-VAR-10): they are trains the tickets
        # cannot use elsewhere.
        bias = self.long_bias
        self.base_weights = per_game(g, ("base_weights", bias), lambda: tuple(
            n + m - bias * (n - 1) for n, m in zip(g.route_len, g.route_mountains, strict=True)))
        self._tickets: tuple[int, ...] = ()
        self.needed: set[int] = set()  # unowned routes the plan still needs
        self._plan_cards: tuple[list[int], int, int] | None = None  # plan_cards()
        self.open_tickets: list[int] = []  # kept tickets whose plan is not complete
        self.blocked_tickets: list[int] = []  # kept tickets with no path left
        self._paths: dict[int, tuple[int, ...]] = {}
        self.ticket_points: dict[int, int] = {}  # points of each planned ticket's destination
        self._rescued: set[int] = set()  # tickets a station was built for
        self._withdrawn: set[int] = set()  # tunnels it once withdrew from
        self._valid = False
        self._checked: tuple[int, ...] | None = None  # the owners when the plan was last checked
        # closed_routes() and board_weights() for one position: its owners, the flags, the weights
        self._board: tuple[Sequence[int], list[bool], list[float]] | None = None
        self._open_before: list[int] = []  # the routes no one owned in _board's position
        # wishes(): (the hand, plan_cards(), the cards missing) it last answered for
        self._wished: tuple[object, object, list[int]] = (None, None, [])
        self.menu = NO_MENU  # the claims and stations open this decision (main phase only)
        self._by_points: dict[int, tuple[int, ...]] = {}  # points_order(), by least length
        self.draws: Sequence[DrawFaceUp | DrawBlind] = ()
        self.ticket_draw: DrawTickets | None = None

    # --- the decision -----------------------------------------------------

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        phase = view.phase
        self.menu = BoardMenu(self.game, view) if phase == "main" else NO_MENU
        if len(actions) == 1 and (phase != "main" or not (self.menu.routes()
                                                          or self.menu.can_build())):
            return actions[0]
        if phase in ("setup_tickets", "tickets"):
            return self.keep_tickets(view, actions)
        if phase == "tunnel":
            return self.pay_tunnel(view, actions)
        self.refresh(view)
        self.sort_actions(actions)
        if phase == "second_draw":
            return self.draw_cards(view, actions)
        return self.main_turn(view, actions)

    def sort_actions(self, actions: Sequence[Action]) -> None:
        """Split the legal actions by kind once per decision.

        The engine lists them in a fixed order (docs/engine.md): card draws,
        claims by route, the ticket draw, stations; so each kind is one slice.
        Listed claims and stations (if the list has any) are left aside: the bot
        reads the same ones from its menu.
        """
        # The draws are a few at the front and the ticket draw one before the stations,
        # so only the stations' start needs a search (and only when there are any).
        end = len(actions)
        if end and type(actions[end - 1]) in DRAW_KINDS:  # draws only (a second draw)
            self.draws = cast("Sequence[DrawFaceUp | DrawBlind]", actions[:end])
            self.ticket_draw = None
            return
        if end and type(actions[end - 1]) is Pass:
            end -= 1
        i = 0
        while i < end and type(actions[i]) in DRAW_KINDS:
            i += 1
        k = end
        if k > i and type(actions[k - 1]) is BuildStation:
            k = bisect_left(actions, STATIONS, lo=i, hi=end, key=kind_rank)
        j = k - 1 if k > i and type(actions[k - 1]) is DrawTickets else k
        # the slices hold only those kinds, by the order checked in tests/engine/test_game.py
        self.draws = cast("Sequence[DrawFaceUp | DrawBlind]", actions[:i])
        self.ticket_draw = cast("DrawTickets", actions[j]) if j < k else None

    def main_turn(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """Default (Route Focus): claim along the plan, else draw the colours it needs."""
        claim = self.best_claim(view, actions, self.needed)
        if claim is not None:
            return claim
        if not self.needed:
            late = self.after_plan(view, actions)
            if late is not None:
                return late
        return self.fallback(view, actions)

    def after_plan(self, view: PlayerView, actions: Sequence[Action]) -> Action | None:
        """Every ticket done (or impossible): more tickets while trains last, else points."""
        if (self.horizon(view) >= 20 and self.ticket_draw is not None
                and not self.endgame(view)):
            return self.ticket_draw
        return self.points_claim(view, actions, min_length=3 if not self.endgame(view) else 1)

    def fallback(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """Draw cards; when the game is ending or the hand is huge, take points instead
        (before the endgame, with cards the plan can spare: :meth:`plan_guard`)."""
        if self.endgame(view) or sum(view.hand) >= 24:
            claim = self.points_claim(view, actions, min_length=1, allowed=self.plan_guard(view))
            if claim is not None:
                return claim
        station = self.station_rescue(view, actions)
        if station is not None:
            return station
        return self.draw_cards(view, actions)

    # --- the plan ---------------------------------------------------------

    def closed(self, owner: Sequence[int], route: int) -> bool:
        """Is ``route`` out of this bot's reach (owned, or its double track closed to it)?"""
        if owner[route] >= 0:
            return owner[route] != self.seat
        return not group_open(owner, self.partners[route], self.game.group_cap[route], self.seat)

    def _board_for(self, owner: Sequence[int]) -> tuple[Sequence[int], list[bool], list[float]]:
        """:meth:`closed` of every route, and each route's planning cost before any
        is made free (:meth:`path_weights`), worked out once per position: the board
        changes only on claims, and most decisions are card draws."""
        board = self._board
        if board is not None and (board[0] is owner or board[0] == owner):
            return board
        seat = self.seat
        partners, cap = self.partners, self.game.group_cap
        if board is not None:
            # most positions follow the last one by a claim or two: change only those
            # routes and their other tracks (the result is the same as worked out anew)
            before = board[0]
            claimed = [r for r in self._open_before if owner[r] >= 0]
            # in a game owners only ever go from none to a player: when the counts and
            # sums of the owners say the new claims are the whole change, only they are
            # looked at (anything else is a new position, worked out anew)
            if (before.count(-1) - owner.count(-1) == len(claimed)
                    and sum(before) + sum(owner[r] + 1 for r in claimed) == sum(owner)):
                closed, weights = list(board[1]), list(board[2])
                touched: set[int] = set()
                for r in claimed:
                    o = owner[r]
                    closed[r] = o != seat
                    weights[r] = 0.0 if o == seat else INF
                    touched.update(partners[r])
                for r in touched:
                    if owner[r] < 0:
                        shut = not group_open(owner, partners[r], cap[r], seat)
                        closed[r] = shut
                        weights[r] = INF if shut else self.base_weights[r]
                board = self._board = (tuple(owner), closed, weights)
                self._open_before = [r for r in self._open_before if owner[r] < 0]
                return board
        closed = [o >= 0 and o != seat for o in owner]
        for r in self._closable:
            if owner[r] < 0 and not group_open(owner, partners[r], cap[r], seat):
                closed[r] = True
        weights = list(self.base_weights)
        for r, o in enumerate(owner):
            if o >= 0:
                weights[r] = 0.0 if o == seat else INF
        for r in self.doubled:
            if owner[r] < 0 and closed[r]:
                weights[r] = INF
        board = self._board = (tuple(owner), closed, weights)
        self._open_before = [r for r, o in enumerate(owner) if o < 0]
        return board

    def closed_routes(self, owner: Sequence[int]) -> list[bool]:
        """:meth:`closed` for every route at once (do not change the list)."""
        return self._board_for(owner)[1]

    def refresh(self, view: PlayerView) -> None:
        """Re-plan if the tickets changed or a needed route was lost."""
        owner = view.route_owner
        if self._valid and view.tickets == self._tickets:
            checked = self._checked
            if owner is checked or owner == checked:
                return  # no route claimed since the last look: the plan stands
            self._checked = tuple(owner)
            seat = self.seat
            mine = [r for r in self.needed if owner[r] == seat]
            if mine:
                self.needed.difference_update(mine)
                self._plan_cards = None
                self._prune_done(owner)
            closed = self.closed
            if not any(closed(owner, r) for r in self.needed):
                return
        self.plan(view)

    def _prune_done(self, owner: Sequence[int]) -> None:
        self.open_tickets = [t for t in self.open_tickets
                             if any(owner[r] != self.seat for r in self._paths.get(t, ()))]

    def path_weights(self, owner: Sequence[int], free: set[int]) -> list[float]:
        """Each route's planning cost: nothing for its own routes and ``free`` ones,
        infinite for those :meth:`closed` to it."""
        weights = list(self._board_for(owner)[2])
        for r in free:  # free unless owned by another or closed (own routes are 0 already)
            if weights[r] != INF:
                weights[r] = 0.0
        return weights

    def ticket_path(self, weights: Sequence[float], ticket: int,
                    searches: dict[tuple[int, ...], PathSearch] | None = None,
                    ) -> tuple[float, tuple[int, ...], int] | None:
        """Cheapest (cost, routes, points) to the ticket's best destination (R-CH-3).

        ``searches`` holds the path searches of one set of ``weights`` by origin,
        for a caller asking about many tickets with the same weights: tickets
        from one place share one search (graph.PathSearch, the same answers)."""
        g = self.game
        dests = g.ticket_dests[ticket]
        origin = g.ticket_origin[ticket]
        search = None if searches is None else searches.get(origin)
        if search is None:
            search = PathSearch(self.board, origin, weights)
            if searches is not None:
                searches[origin] = search
        best: tuple[float, tuple[int, ...], int] | None = None
        for nodes, points in dests:
            found = search.path(nodes)
            if found is None:
                continue
            cost, path = found
            if best is None or points - cost > best[2] - best[0]:
                best = (cost, path, points)
        return best

    def horizon(self, view: PlayerView) -> int:
        """Trains this bot can still expect to place: its own, bounded by how soon
        the player with fewest trains will end the game."""
        return min(view.trains[self.seat], min(view.trains) + 8)

    def plan(self, view: PlayerView) -> None:
        owner = view.route_owner
        self._checked = tuple(owner)
        self._tickets = view.tickets
        self._paths = {}
        self.ticket_points = {}
        self.needed = set()
        self._plan_cards = None
        self.open_tickets = []
        self.blocked_tickets = []
        # Longest tickets first: they shape the network; shorter ones reuse it.
        order = sorted(view.tickets, key=lambda t: -max(p for _, p in self.game.ticket_dests[t]))
        weights = self.path_weights(owner, self.needed)
        (self._paths, self.ticket_points, self.needed, self.open_tickets,
         self.blocked_tickets) = self.ticket_plans(owner, weights, order)
        self._valid = True

    def ticket_plans(self, owner: Sequence[int], weights: list[float], order: Sequence[int]
                     ) -> tuple[dict[int, tuple[int, ...]], dict[int, int], set[int],
                                list[int], list[int]]:
        """Each ticket's cheapest path in ``order``, the routes of the tickets before it
        riding free (``weights`` is changed so): (paths, points, routes still to claim,
        tickets open, tickets blocked)."""
        paths: dict[int, tuple[int, ...]] = {}
        points: dict[int, int] = {}
        needed: set[int] = set()
        open_tickets: list[int] = []
        blocked: list[int] = []
        for t in order:
            found = self.ticket_path(weights, t)
            if found is None:
                blocked.append(t)
                continue
            _, path, pts = found
            todo = [r for r in path if owner[r] != self.seat]
            paths[t] = path
            points[t] = pts
            if todo:
                open_tickets.append(t)
                needed.update(todo)
                for r in todo:
                    weights[r] = 0.0  # later tickets ride on this plan for free
        return paths, points, needed, open_tickets, blocked

    def planned_cost(self) -> int:
        """Trains the unclaimed plan takes, mountain trains included (R-VAR-10)."""
        trains = self.trains_of
        return sum([trains[r] for r in self.needed])

    def planned_cards(self) -> int:
        """Cards the unclaimed plan takes (mountain trains cost no cards)."""
        lengths = self.lengths
        return sum([lengths[r] for r in self.needed])

    # --- tickets ----------------------------------------------------------

    def keep_tickets(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """Keep the offered tickets that fit the train budget, most points per train first."""
        self.refresh(view)
        owner = view.route_owner
        free = set(self.needed)
        budget = self.keep_budget * self.horizon(view) - self.planned_cost()
        weights = self.path_weights(owner, free)
        scored: list[tuple[float, int, float, tuple[int, ...]]] = []
        for t in view.offered:
            found = self.ticket_path(weights, t)
            if found is None:
                scored.append((-1e9, t, 0.0, ()))
                continue
            cost, path, points = found
            scored.append((self.ticket_value(points, cost), t, cost, path))
        scored.sort(key=lambda s: (-s[0], s[1]))
        keep_min = min((len(a.tickets) for a in actions if isinstance(a, KeepTickets)), default=1)
        kept: list[int] = []
        rest: list[tuple[float, int, tuple[int, ...]]] = []
        for value, t, _cost, path in scored:
            extra = sum(self.trains_of[r] for r in path
                        if r not in free and owner[r] != self.seat)
            if value > -1e9 and extra <= budget and len(kept) < self.keep_max:
                kept.append(t)
                budget -= extra
                free.update(path)
            else:
                rest.append((extra if value > -1e9 else 1e9, t, path))
        # The rules' minimum: the cheapest of the rest, the blocked ones last.
        for _extra, t, path in sorted(rest)[: max(0, keep_min - len(kept))]:
            kept.append(t)
            free.update(path)
        wanted = set(kept)
        for a in actions:
            if isinstance(a, KeepTickets) and set(a.tickets) == wanted:
                return a
        return next(a for a in actions if isinstance(a, KeepTickets))

    def ticket_value(self, points: int, cost: float) -> float:
        """How good a ticket looks: points per train, favouring cheap ones."""
        return points / max(cost, 1.0)

    # --- cards ------------------------------------------------------------

    def plan_cards(self) -> tuple[list[int], int, int]:
        """Cards the unclaimed plan takes: per colour, gray spaces, ferry locomotives
        (remembered until the plan changes).  A ferry's symbols count as locomotives
        only, not also as cards of its colour (``ferry_symbols_apart``)."""
        if self._plan_cards is None:
            want = [0] * (self.loco + 1)
            grays = 0
            ferry_locos = 0
            apart = self.ferry_symbols_apart
            for r in self.needed:
                c = self.colors[r]
                locos = self.min_locos[r]  # R-EU-6: a ferry's locomotive symbols
                ferry_locos += locos
                if c < 0:
                    grays += self.lengths[r] - locos
                else:
                    want[c] += self.lengths[r] - locos if apart else self.lengths[r]
            self._plan_cards = (want, grays, ferry_locos)
        return self._plan_cards

    def plan_loss(self, view: PlayerView, a: ClaimRoute) -> int:
        """Cards the rest of the open plan takes that claim ``a`` would spend.

        Of each colour the plan wants (beyond ``a``'s own route, if planned) it keeps
        that many, or all it holds if fewer; of locomotives, as many as its ferries'
        symbols need (R-EU-6).  The cards of "any N" sets count with the rest (R-VAR-3):
        the engine takes them from the colour held most, often the one collected for
        the plan.  Gray spaces are left out: any colour pays them."""
        want, _grays, ferry_locos = self.plan_cards()
        hand = view.hand
        loco = self.loco
        spent = self.spent_by_card(a)
        own = a.route if a.route in self.needed else -1
        # what plan_cards() counted of its own route's colour
        own_cards = 0 if own < 0 else self.lengths[own] - (
            self.min_locos[own] if self.ferry_symbols_apart else 0)
        loss = 0
        for c in range(loco + 1):
            if not spent[c]:
                continue
            w = ferry_locos if c == loco else want[c]
            if own >= 0:
                w -= self.min_locos[own] if c == loco else (
                    own_cards if self.colors[own] == c else 0)
            keep = min(w, hand[c])
            left = hand[c] - spent[c]
            if left < keep:
                loss += keep - left
        return loss

    def plan_guard(self, view: PlayerView) -> Callable[[ClaimRoute], bool] | None:
        """The claims for points it may make now (None: any): before the endgame, with
        its plan open and ``keep_plan_cards``, a claim off the plan must keep the cards
        the plan still takes (:meth:`plan_loss`) and the trains it still lays.  A player
        does not pay for points with the cards of the route a ticket needs (on Nordic
        Countries, the five blue of Rovaniemi-Kirkenes), nor with its trains."""
        if not self.keep_plan_cards or not self.needed or self.endgame(view):
            return None
        needed = self.needed
        spare = view.trains[self.seat] - self.planned_cost()
        trains = self.trains_of
        return lambda a: a.route in needed or (trains[a.route] <= spare
                                               and not self.plan_loss(view, a))

    def wishes(self, view: PlayerView) -> list[int]:
        """Cards still missing per colour for the planned routes (gray: the best-held colour)."""
        hand = view.hand
        cards = self.plan_cards()
        seen = self._wished
        if seen[0] is hand and seen[1] is cards:  # the same hand and plan: asked again
            return list(seen[2])
        want, grays, ferry_locos = cards
        missing = [w - h if w > h else 0 for w, h in zip(want, hand, strict=True)]
        if grays:
            # the colour held most beyond the plan's needs, the lowest on ties
            spare, most = 0, hand[0] - want[0]
            for c in range(1, self.loco):
                if hand[c] - want[c] > most:
                    spare, most = c, hand[c] - want[c]
            missing[spare] += max(0, grays - max(0, most))
        short = ferry_locos - hand[self.loco]
        missing[self.loco] = short if short > 0 else 0
        self._wished = (hand, cards, missing)
        return list(missing)

    def draw_cards(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """The face-up card most missing from the plan, else the deck, else anything."""
        missing = self.wishes(view)
        best: Action | None = None
        best_need = 0
        blind: Action | None = None
        index = self.game.card_index
        for a in self.draws:
            if type(a) is DrawFaceUp:
                # A face-up locomotive is a whole draw (R-DRAW-3): only for ferries.
                need = missing[index[a.color]]
                if need > best_need:
                    best, best_need = a, need
            elif type(a) is DrawBlind:
                blind = a
        if best is not None:
            return best
        if blind is not None:
            return blind
        for a in self.draws:
            return a
        claim = self.points_claim(view, actions, min_length=1)
        if claim is not None:
            return claim
        if self.ticket_draw is not None and view.trains[self.seat] > 5:
            return self.ticket_draw
        return self.last_resort(actions)

    def last_resort(self, actions: Sequence[Action]) -> Action:
        """The first action of the engine's order that is neither a ticket draw nor a
        station: a draw, else a claim, else (a pass or) the first."""
        for draw in self.draws:
            return draw
        for claim in self.menu:
            return claim
        for a in actions:
            if not isinstance(a, (BuildStation, DrawTickets, ClaimRoute)):
                return a
        return actions[0]

    def endgame(self, view: PlayerView) -> bool:
        """The last round is on, or someone (maybe this bot) is about to trigger it."""
        return view.final_round or min(view.trains) <= 6
