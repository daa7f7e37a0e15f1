"""Claiming routes: who may claim what, distinct payments, tunnels.

Rules: R-CLAIM-1..5, R-EU-6..8, R-CH-5, R-CH-7, R-VAR-1..5.

A legal claim is offered once per distinct payment: colour used x number of
locomotives (x number of substitute sets, R-VAR-3), never once per
permutation of cards.  Paying only with locomotives is the colour
``locomotive``.  What is a legal payment is :mod:`ttrtool.engine.payments`'s
to say; this module turns payments into actions.  It only looks: laying the
cards and placing the trains is the state's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from ttrtool.engine.actions import Action, ClaimRoute, TunnelPay, TunnelWithdraw
from ttrtool.engine.payments import (
    default_offsets,
    fast_offsets,
    first_per_color,
    legal_payments,
    substitute_cards,
)
from ttrtool.engine.tables import BoardTables, ClaimRow

first = itemgetter(0)


def group_open(owner: Sequence[int], partners: tuple[int, ...], cap: int, player: int) -> bool:
    """May ``player`` take another track of a parallel group (R-CLAIM-5, R-CH-5, R-VAR-4)?

    Never a second track of one group to one player, and no more tracks of
    the group claimed than the rules allow at this player count (``cap``).
    """
    taken = 0
    for other in partners:
        o = owner[other]
        if o == player:
            return False
        if o >= 0:
            taken += 1
    return taken < cap


def route_open_to(g: BoardTables, owner: Sequence[int], player: int, route: int) -> bool:
    """May ``player`` claim ``route`` as far as ownership goes (R-CLAIM-4, R-CLAIM-5, R-CH-5)?

    Unclaimed; the player owns no other track of its group; and fewer of the
    group's tracks are claimed than the rules let be used at this player count.
    """
    if owner[route] >= 0:
        return False
    return group_open(owner, g.partners[route], g.group_cap[route], player)


def payments(g: BoardTables, key: int, hand: Sequence[int]) -> list[int]:
    """Distinct payments for routes of one payment key (without substitute cards),
    as claim-table offsets (R-CLAIM-1, R-CLAIM-2, R-EU-6, R-CH-7, R-VAR-1, R-VAR-2)."""
    return fast_offsets(g.pay_keys[key], hand, g.loco)


Paid = tuple[int, int, tuple[tuple[int, int], ...]]  # (card, locomotives, substitute cards)


def key_payments(g: BoardTables, key: int, hand: Sequence[int],
                 default: bool = False) -> list[Paid]:
    """Every legal payment for the routes of one key, with the cards of any substitute
    sets (R-VAR-3), in payment order; the same for every route of the key.  With
    ``default``, only the first payment of each colour (the default payments)."""
    spec = g.pay_keys[key]
    loco = g.loco
    pays = legal_payments(spec, hand, loco)
    if default:
        pays = first_per_color(pays)
    return [(c, n, substitute_cards(hand, c, spec.length - n - s, n, s * spec.set_size, loco)
             if s else ())
            for c, n, s in pays]


def substitute_claims(g: BoardTables, route: int, pays: list[Paid]) -> tuple[ClaimRoute, ...]:
    """The claim actions of one route for these payments (shared values)."""
    return tuple(g.substitute_claim(route, c, n, subs) if subs else g.claim_action(route, c, n)
                 for c, n, subs in pays)


def picker(pays: list[int]) -> itemgetter[Any] | None:
    """One call that picks these offsets (payments) out of a row of actions, as a tuple."""
    if not pays:
        return None
    if len(pays) == 1:
        return itemgetter(slice(pays[0], pays[0] + 1))
    return itemgetter(*pays)


def _constant(actions: tuple[Action, ...]) -> Any:
    """A picker that ignores the claim-table row and returns these actions."""
    return lambda _row: actions


Payable = list[tuple[int, Any, Sequence[int]]]  # (key, picker or payments, routes)


def payable_claims(g: BoardTables, hand: Sequence[int], trains: int, default: bool,
                   routes_of: Sequence[Sequence[int]], found: Payable,
                   found_subs: Payable) -> None:
    """The claim walk: every payment key the hand can pay and the trains can lay
    (R-CLAIM-1, R-CLAIM-2, R-CLAIM-4 enough trains, R-EU-6, R-CH-7, R-VAR-1..3,
    R-VAR-10), with ``routes_of[key]``, the key's routes the caller may claim, when
    there are any: into ``found`` as (key, picker of its payments out of a
    claim-table row, routes), and for a key with substitute sets or mountains
    into ``found_subs`` as (key, its payments, routes).  With ``default``, only
    each colour's first payment (docs/engine.md, "Payments").  The action list
    (:func:`claim_actions`) and the claims asked for by route
    (:class:`~ttrtool.engine.board_menu.BoardMenu`) both walk this way.

    Works key by key (routes alike in length, colour and locomotive rules), so a
    hand that cannot pay for a kind of route skips all of them at once.  A
    coloured group of keys (one colour and locomotive rule) depends on two counts
    only, so the keys it can pay and their pickers are looked up at once
    (:func:`colour_row`); a gray group goes up to the most cards of one colour
    and the locomotives; keys with substitute sets or mountains one by one.
    """
    loco = g.loco
    locos = hand[loco]
    # hand_row written out: this loop runs for every colour at every decision that
    # lists claims (a call per colour costs random-bot games 6 % more instructions)
    rows = g.cache.default_rows if default else g.cache.claim_rows
    for gi, col, locos_ok in g.colour_groups:
        have = hand[col]
        if not locos_ok:
            if not have:
                continue  # no card of the colour, and locomotives may not be played
            shape = have << 10
        elif have or locos:
            shape = (have << 10) | locos
        else:
            continue  # no card of the colour, no locomotive
        row = rows[gi].get(shape)
        if row is None:
            row = rows[gi][shape] = colour_row(g, gi, hand, default)
        for length, key, take in row:
            if length > trains:
                break  # R-CLAIM-4: too few trains for this key and the longer ones
            routes = routes_of[key]
            if routes:
                found.append((key, take, routes))
    if g.gray_groups:
        key_len = g.key_len
        pay_keys = g.pay_keys
        offsets = default_offsets if default else fast_offsets
        most = max(hand[:loco]) if loco else 0
        for locos_ok, keys in g.gray_groups:
            cap = most + (locos if locos_ok else 0)
            if cap > trains:
                cap = trains
            for key in keys:
                if key_len[key] > cap:
                    break  # not enough cards of any one colour, or trains, for longer ones
                routes = routes_of[key]
                if not routes:
                    continue
                take = picker(offsets(pay_keys[key], hand, loco))
                if take is not None:
                    found.append((key, take, routes))
    if g.sub_keys:
        total = sum(hand)
        for key in g.sub_keys:
            # every payment plays at least the route's length in cards; a key's routes
            # all take the same trains (its length and mountains)
            if g.key_len[key] > total or g.route_trains[g.key_routes[key][0]] > trains:
                continue
            routes = routes_of[key]
            if routes:
                pays = key_payments(g, key, hand, default)
                if pays:
                    found_subs.append((key, pays, routes))


def claim_actions(g: BoardTables, hand: Sequence[int], trains: int,
                  open_routes: Sequence[Sequence[int]], out: list[Action],
                  default: bool = False) -> None:
    """Every distinct affordable payment for every claimable route, by route index
    (R-CLAIM-1, R-CLAIM-2, R-CLAIM-4 enough trains, R-CLAIM-5, R-CH-5, R-EU-6, R-CH-7).
    ``open_routes`` are the player's open routes by payment key (closed routes
    already left out: ``GameState.open_for``).  With ``default``, only each route's
    default payment per colour: the first of that colour's payments, with the
    fewest locomotives (docs/engine.md, "Payments")."""
    found: Payable = []
    found_subs: Payable = []
    payable_claims(g, hand, trains, default, open_routes, found, found_subs)
    if not found and not found_subs:
        return
    hits: list[tuple[int, Any]] = []
    for _key, take, routes in found:
        hits.extend([(r, take) for r in routes])
    for _key, pays, routes in found_subs:
        hits.extend([(r, _constant(substitute_claims(g, r, pays))) for r in routes])
    hits.sort(key=first)
    table = g.claim_table
    for r, take in hits:
        out.extend(take(table[r]))


def hand_row(g: BoardTables, group: int, hand: Sequence[int], default: bool) -> ClaimRow:
    """:func:`colour_row` of this hand, from the cache's memo of rows by the hand's shape
    (cards of the colour << 10 | locomotives, those only where they may be played);
    empty when the hand holds neither."""
    col, locos_ok, _keys = g.key_groups[group]
    have = hand[col]
    locos = hand[g.loco] if locos_ok else 0
    if not have and not locos:
        return ()
    shape = (have << 10) | locos
    rows = (g.cache.default_rows if default else g.cache.claim_rows)[group]
    row = rows.get(shape)
    if row is None:
        row = rows[shape] = colour_row(g, group, hand, default)
    return row


def colour_row(g: BoardTables, group: int, hand: Sequence[int], default: bool) -> ClaimRow:
    """The keys of a coloured group (``Game.key_groups``) this hand can pay, shortest
    first, as (length, key, picker of its payments); the same for every hand with
    the same cards of the colour and locomotives (those only when they may be played)."""
    col, locos_ok, keys = g.key_groups[group]
    loco = g.loco
    cap = hand[col] + (hand[loco] if locos_ok else 0)
    offsets = default_offsets if default else fast_offsets
    row = []
    for key in keys:
        length = g.key_len[key]
        if length > cap:
            break  # not enough cards of the colour and locomotives for longer ones
        take = picker(offsets(g.pay_keys[key], hand, loco))
        if take is not None:
            row.append((length, key, take))
    return tuple(row)


def claim_is_legal(g: BoardTables, hand: Sequence[int], trains: int,
                   open_routes: Sequence[Sequence[int]], action: ClaimRoute) -> bool:
    """Is ``action`` among the player's legal claims now (any payment, not only the
    default)?  The same answer as membership in ``legal_actions`` in the main phase,
    without building it; ``open_routes`` as for :func:`claim_actions`."""
    route = action.route
    if type(route) is not int or not 0 <= route < g.n_routes:
        return False
    key = g.route_pay_key[route]
    if route not in open_routes[key] or g.route_trains[route] > trains:
        return False
    if key in g.sub_key_set:
        return action in substitute_claims(g, route, key_payments(g, key, hand))
    card = g.card_index.get(action.color)
    length = g.route_len[route]
    n = action.locomotives
    if card is None or type(n) is not int or not 0 <= n <= length:
        return False
    offset = card * (length + 1) + n
    return (g.claim_table[route][offset] == action
            and offset in payments(g, key, hand))


def tunnel_extra(g: BoardTables, color: int, revealed: Sequence[int]) -> int:
    """Extra cards a tunnel demands for the cards turned over (R-EU-7): each of the
    colour played or a locomotive; against an all-locomotive payment only the
    locomotives count (R-EU-8)."""
    if color == g.loco:
        return revealed.count(g.loco)
    return revealed.count(color) + revealed.count(g.loco)


def tunnel_actions(g: BoardTables, color: int, extra: int, hand: Sequence[int],
                   out: list[Action]) -> None:
    """The distinct ways to pay a tunnel's ``extra`` cards of ``color``, then
    withdrawing (R-EU-7, R-EU-8)."""
    name = g.card_names[color]
    if color == g.loco:
        if hand[g.loco] >= extra:
            out.append(TunnelPay(name, extra, 0))
    else:
        for n in range(max(0, extra - hand[color]), min(extra, hand[g.loco]) + 1):
            out.append(TunnelPay(name, n, extra - n))
    out.append(TunnelWithdraw())
