"""Claims asked for route by route, from a player's view (docs/engine.md, "Claims on demand").

A main-phase decision on USA offers about 30 claims, on Europe about 60, and
a bot that follows a plan looks at a handful of them.  :class:`ClaimMenu`
answers "how may I claim route r now?" for one route at a time, with the
default payments of :meth:`GameState.default_actions` (one per route and
colour: the fewest locomotives, then the fewest substitute sets), in the
same order and as the same shared values.  It reads only the view: the
player's own hand and trains, and who owns which route; so a bot may build
one for itself, and the engine need not list the claims at all
(``GameState.default_actions(claims=False)``).  Playing a claim is checked
by :func:`claim_is_legal`, which is membership in the full legal list
without building it.

Rules: R-CLAIM-1, R-CLAIM-2, R-CLAIM-4 (enough trains), R-CLAIM-5, R-CH-5,
R-EU-6, R-CH-7, R-VAR-1..4, R-VAR-10.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ttrtool.engine.actions import ClaimRoute
from ttrtool.engine.claims import group_open, key_payments, substitute_claims
from ttrtool.engine.payments import default_offsets, fast_offsets

if TYPE_CHECKING:
    from ttrtool.engine.game import Game
    from ttrtool.engine.state import GameState
    from ttrtool.engine.view import PlayerView


class ClaimMenu:
    """The default claims open to the player of ``view``, one route at a time.

    ``menu.of(r)`` is the claims of route ``r`` that ``default_actions`` lists,
    in its order (empty when the route cannot be claimed now); iterating the
    menu gives all of them by route index, as the list does.  Meaningful in the
    main phase, at the player's own turn.
    """

    __slots__ = ("game", "hand", "trains", "owner", "seat", "_offsets")

    def __init__(self, game: Game, view: PlayerView) -> None:
        self.game = game
        self.hand = view.hand
        self.seat = view.seat
        self.trains = view.trains[view.seat]
        self.owner = view.route_owner
        self._offsets: dict[int, list[int]] = {}  # payment key -> default offsets, this hand

    def of(self, route: int) -> tuple[ClaimRoute, ...]:
        """The default claims of ``route``: one per colour it may be paid in."""
        g = self.game
        owner = self.owner
        if owner[route] >= 0 or g.route_trains[route] > self.trains:
            return ()
        partners = g.partners[route]
        if partners and not group_open(owner, partners, g.group_cap[route], self.seat):
            return ()
        key = g.route_pay_key[route]
        if g.sub_key_set and key in g.sub_key_set:
            return substitute_claims(g, route, key_payments(g, key, self.hand, True))
        offsets = self._offsets.get(key)
        if offsets is None:
            offsets = self._offsets[key] = default_offsets(g.pay_keys[key], self.hand, g.loco)
        if not offsets:
            return ()
        row = g.claim_table[route]
        return tuple([row[o] for o in offsets])

    def __iter__(self) -> Iterator[ClaimRoute]:
        of = self.of
        for r in range(self.game.n_routes):
            yield from of(r)


def claim_is_legal(st: GameState, player: int, action: ClaimRoute) -> bool:
    """Is ``action`` among ``player``'s legal claims now (any payment, not only the
    default)?  The same answer as membership in ``legal_actions`` in the main phase."""
    g = st.game
    route = action.route
    if type(route) is not int or not 0 <= route < g.n_routes:
        return False
    key = g.route_pay_key[route]
    if route not in st.open_for[player][key] or g.route_trains[route] > st.trains[player]:
        return False
    hand = st.hands[player]
    if key in g.sub_key_set:
        return action in substitute_claims(g, route, key_payments(g, key, hand))
    card = g.card_index.get(action.color)
    length = g.route_len[route]
    n = action.locomotives
    if card is None or type(n) is not int or not 0 <= n <= length:
        return False
    offset = card * (length + 1) + n
    return (g.claim_table[route][offset] == action
            and offset in fast_offsets(g.pay_keys[key], hand, g.loco))
