"""Which of its planned routes the expert claims first: those another player may take next.

Of the routes of its plan that its hand pays now, the expert claims first those that
touch another player's network (that player may be about to claim them for a ticket of
its own), then the longest (docs/bots.md, "What the expert changed in 2026", route order
that denies).  :class:`DenyingOrder` holds the weight of a touch, in trains, and the
places on other players' networks of the last position it looked at (route owners are
public, R-CLAIM-2).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.bots.blocking import position_networks
from ttrtool.bots.planning import StrategicBot
from ttrtool.engine.actions import ClaimRoute
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView


class DenyingOrder:
    """The planned route to claim first, a route touching another player's network
    counting ``weight`` trains longer."""

    __slots__ = ("game", "seat", "weight", "_rivals")

    def __init__(self, game: Game, seat: int, weight: float) -> None:
        self.game, self.seat, self.weight = game, seat, weight
        # rival_places() of one position
        self._rivals: tuple[Sequence[int], set[int]] = ((), set())

    def rival_places(self, owner: Sequence[int]) -> set[int]:
        """Places on another player's network (the ends of its routes), remembered for
        the position."""
        seen, known = self._rivals
        if owner is seen:
            return known
        game, seat = self.game, self.seat
        networks = position_networks()  # every player's places, shared by the table
        networks.sync(game, owner)
        out: set[int] = set()
        for q, (_parts, places) in enumerate(networks.networks):
            if q != seat:
                out |= places
        self._rivals = (owner, out)
        return out

    def best_claim(self, bot: StrategicBot, view: PlayerView, routes: set[int]
                   ) -> ClaimRoute | None:
        """Of the claims of ``routes`` the bot may make now, those another player's
        network touches first, then the longest, paid as cheaply as possible
        (:meth:`Claiming.payment_key`, with the cards the bot wishes for kept)."""
        if not routes:
            return None
        tunnels = bot.tunnel_routes
        of = bot.menu.of
        touched: set[int] | None = None
        game, weight = self.game, self.weight
        # the claims of the routes worth most (touched, then long); the key ends with
        # the route, so the order of the routes does not matter
        top: float | None = None
        tied: list[tuple[int, ClaimRoute]] = []
        for r in routes:
            for a in of(r):
                if not tunnels[r] or bot.tunnel_ok(view, a):
                    worth: float = bot.lengths[r]
                    if weight:
                        if touched is None:
                            touched = self.rival_places(view.route_owner)
                        if game.end_a[r] in touched or game.end_b[r] in touched:
                            worth += weight
                    if top is None or worth > top:
                        top, tied = worth, [(r, a)]
                    elif worth == top:
                        tied.append((r, a))
        if len(tied) <= 1:  # no payment to weigh: the cards it wishes for are not asked
            return tied[0][1] if tied else None
        missing = bot.wishes(view)
        best: ClaimRoute | None = None
        best_key: tuple[int, int, int] | None = None
        for r, a in tied:
            locos, spent = bot.payment_key(view, a, missing)
            key = (locos, spent, r)
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best
