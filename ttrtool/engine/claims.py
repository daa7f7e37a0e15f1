"""Claiming routes: who may claim what, distinct payments, tunnels.

Rules: R-CLAIM-1..5, R-EU-6..8, R-CH-5, R-CH-7, R-VAR-1..5.

A legal claim is offered once per distinct payment: colour used x number of
locomotives (x number of substitute sets, R-VAR-3), never once per
permutation of cards.  Paying only with locomotives is the colour
``locomotive``.  What is a legal payment is :mod:`ttrtool.engine.payments`'s
to say; this module turns payments into actions and plays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ttrtool.engine.actions import TunnelPay, TunnelWithdraw
from ttrtool.engine.cards import draw_card
from ttrtool.engine.payments import (
    default_offsets,
    fast_offsets,
    first_per_color,
    legal_payments,
    substitute_cards,
)

first = itemgetter(0)

if TYPE_CHECKING:
    from ttrtool.engine.actions import Action, ClaimRoute
    from ttrtool.engine.game import Game
    from ttrtool.engine.state import GameState


@dataclass(slots=True)
class TunnelPending:
    """Cards laid for a tunnel and the cards turned over (R-EU-7)."""

    route: int
    color: int  # card index of the colour used; the locomotive if only locomotives
    cards: int  # coloured cards laid
    locomotives: int  # locomotives laid
    revealed: list[int]
    extra: int  # extra cards demanded
    substitutes: tuple[tuple[int, int], ...] = ()  # (card, number) laid as "any N" sets

    def copy(self) -> TunnelPending:
        return TunnelPending(self.route, self.color, self.cards, self.locomotives,
                             list(self.revealed), self.extra, self.substitutes)


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


def route_open_to(st: GameState, player: int, route: int) -> bool:
    """May ``player`` claim ``route`` as far as ownership goes (R-CLAIM-4, R-CLAIM-5, R-CH-5)?

    Unclaimed; the player owns no other track of its group; and fewer of the
    group's tracks are claimed than the rules let be used at this player count.
    """
    if st.owner[route] >= 0:
        return False
    g = st.game
    return group_open(st.owner, g.partners[route], g.group_cap[route], player)


def payments(g: Game, key: int, hand: Sequence[int]) -> list[int]:
    """Distinct payments for routes of one payment key (without substitute cards),
    as claim-table offsets (R-CLAIM-1, R-CLAIM-2, R-EU-6, R-CH-7, R-VAR-1, R-VAR-2)."""
    return fast_offsets(g.pay_keys[key], hand, g.loco)


Paid = tuple[int, int, tuple[tuple[int, int], ...]]  # (card, locomotives, substitute cards)


def key_payments(g: Game, key: int, hand: Sequence[int], default: bool = False) -> list[Paid]:
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


def substitute_claims(g: Game, route: int, pays: list[Paid]) -> tuple[ClaimRoute, ...]:
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


def claim_actions(st: GameState, player: int, out: list[Action],
                  default: bool = False) -> None:
    """Every distinct affordable payment for every claimable route, by route index
    (R-CLAIM-1, R-CLAIM-2, R-CLAIM-4 enough trains, R-CLAIM-5, R-CH-5, R-EU-6, R-CH-7).
    With ``default``, only each route's default payment per colour: the first of
    that colour's payments, with the fewest locomotives (docs/engine.md, "Payments").

    Works key by key (routes alike in length, colour and locomotive rules), so a
    hand that cannot pay for a kind of route skips all of them at once.  A
    coloured group of keys (one colour and locomotive rule) depends on two counts
    only, so the keys it can pay and their pickers are looked up at once
    (:func:`colour_row`).
    """
    g = st.game
    hand = st.hands[player]
    trains = st.trains[player]
    loco = g.loco
    locos = hand[loco]
    open_routes = st.open_for[player]  # closed routes are already left out
    hits: list[tuple[int, Any]] = []
    if g.sub_keys:
        _substitute_hits(st, player, hand, trains, default, hits)
    # hand_row written out: this loop runs for every colour at every decision that
    # lists claims (a call per colour costs random-bot games 6 % more instructions)
    rows = g.default_rows if default else g.claim_rows
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
            routes = open_routes[key]
            if routes:
                hits.extend([(r, take) for r in routes])
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
                routes = open_routes[key]
                if not routes:
                    continue
                take = picker(offsets(pay_keys[key], hand, loco))
                if take is not None:
                    hits.extend([(r, take) for r in routes])
    if hits:
        hits.sort(key=first)
        table = g.claim_table
        for r, take in hits:
            out.extend(take(table[r]))


def hand_row(g: Game, group: int, hand: Sequence[int], default: bool) -> tuple[
        tuple[int, int, Any], ...]:
    """:func:`colour_row` of this hand, from the game's memo of rows by the hand's shape
    (cards of the colour << 10 | locomotives, those only where they may be played);
    empty when the hand holds neither."""
    col, locos_ok, _keys = g.key_groups[group]
    have = hand[col]
    locos = hand[g.loco] if locos_ok else 0
    if not have and not locos:
        return ()
    shape = (have << 10) | locos
    rows = (g.default_rows if default else g.claim_rows)[group]
    row = rows.get(shape)
    if row is None:
        row = rows[shape] = colour_row(g, group, hand, default)
    return row


def colour_row(g: Game, group: int, hand: Sequence[int], default: bool) -> tuple[
        tuple[int, int, Any], ...]:
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


def _substitute_hits(st: GameState, player: int, hand: list[int], trains: int,
                     default: bool, hits: list[tuple[int, Any]]) -> None:
    """Claims of routes with substitute sets or mountains (R-VAR-3, R-VAR-10): other
    bounds, so route by route."""
    g = st.game
    key_len = g.key_len
    open_routes = st.open_for[player]
    total = sum(hand)
    for key in g.sub_keys:
        if key_len[key] > total:
            continue  # every payment plays at least the route's length in cards
        pays: list[Paid] | None = None
        for r in open_routes[key]:
            if g.route_trains[r] <= trains:
                if pays is None:
                    pays = key_payments(g, key, hand, default)
                if not pays:
                    break
                hits.append((r, _constant(substitute_claims(g, r, pays))))


def complete_claim(st: GameState, player: int, route: int) -> None:
    """Place the trains and score the route at once (R-CLAIM-3, R-SCORE-1); a mountain
    route takes and scores its extra trains too (R-VAR-10)."""
    g = st.game
    st.owner[route] = player
    st.board_view = None
    close_routes(st, player, route)
    st.trains[player] -= g.route_trains[route]
    st.route_score[player] += g.route_points[route]
    st.claimed[player].append(route)
    st.claim_turns[player].append(st.turn)
    st.union(player, g.end_a[route], g.end_b[route])


def close_routes(st: GameState, player: int, route: int) -> None:
    """Take ``route`` (just claimed by ``player``) off every player's open routes, and
    the tracks of its group the claim closes (R-CLAIM-5, R-CH-5, R-VAR-4): all of them
    to ``player``; to everyone once the group has as many claimed as may be used."""
    g = st.game
    key_of = g.route_pay_key
    owner = st.owner
    key = key_of[route]
    for open_keys in st.open_for:
        routes = open_keys[key]
        if route in routes:
            routes.remove(route)
    partners = g.partners[route]
    if not partners:
        return
    taken = 1 + sum(1 for q in partners if owner[q] >= 0)
    for q in partners:
        if owner[q] >= 0:
            continue
        full = taken >= g.group_cap[q]
        for p, open_keys in enumerate(st.open_for):
            if full or p == player:
                routes = open_keys[key_of[q]]
                if q in routes:
                    routes.remove(q)


def lay_claim(st: GameState, player: int, route: int, color: int, cards: int, locos: int,
              substitutes: tuple[tuple[int, int], ...] = ()) -> bool:
    """Play the cards for a claim (with any substitute sets, R-VAR-3).  Returns True when
    the turn is over, False when a tunnel waits for the player to pay or withdraw
    (R-EU-7, R-EU-8)."""
    g = st.game
    hand = st.hands[player]
    hand[color] -= cards
    hand[g.loco] -= locos
    st.hand_count[player] -= cards + locos
    for c, n in substitutes:
        hand[c] -= n
        st.hand_count[player] -= n
    if not g.route_tunnel[route]:
        st.discards.extend([color] * cards)
        st.discards.extend([g.loco] * locos)
        for c, n in substitutes:
            st.discards.extend([c] * n)
        complete_claim(st, player, route)
        return True
    revealed: list[int] = []
    for _ in range(g.rules.tunnel_reveal):
        card = draw_card(st)
        if card < 0:  # R-EU-8: reveal what there is
            break
        revealed.append(card)
    if color == g.loco:  # R-EU-8: only locomotives count against an all-locomotive payment
        extra = revealed.count(g.loco)
    else:
        extra = revealed.count(color) + revealed.count(g.loco)
    st.tunnel = TunnelPending(route, color, cards, locos, revealed, extra, substitutes)
    if extra == 0:
        finish_tunnel(st, player, pay=True, cards=0, locos=0)
        return True
    return False


def tunnel_actions(st: GameState, player: int, out: list[Action]) -> None:
    """The distinct ways to pay a tunnel's extra cards, then withdrawing (R-EU-7, R-EU-8)."""
    t = st.tunnel
    assert t is not None
    g = st.game
    hand = st.hands[player]
    name = g.card_names[t.color]
    if t.color == g.loco:
        if hand[g.loco] >= t.extra:
            out.append(TunnelPay(name, t.extra, 0))
    else:
        for n in range(max(0, t.extra - hand[t.color]), min(t.extra, hand[g.loco]) + 1):
            out.append(TunnelPay(name, n, t.extra - n))
    out.append(TunnelWithdraw())


def finish_tunnel(st: GameState, player: int, pay: bool, cards: int, locos: int) -> None:
    """Pay the extras and claim, or take the laid cards back; discard the revealed cards."""
    t = st.tunnel
    assert t is not None
    g = st.game
    hand = st.hands[player]
    st.discards.extend(t.revealed)
    if pay:
        hand[t.color] -= cards
        hand[g.loco] -= locos
        st.hand_count[player] -= cards + locos
        st.discards.extend([t.color] * (t.cards + cards))
        st.discards.extend([g.loco] * (t.locomotives + locos))
        for c, n in t.substitutes:
            st.discards.extend([c] * n)
        if t.extra:
            st.tunnels_paid += 1
            st.extra_cards += t.extra
        st.tunnel = None
        complete_claim(st, player, t.route)
    else:
        hand[t.color] += t.cards
        hand[g.loco] += t.locomotives
        st.hand_count[player] += t.cards + t.locomotives
        for c, n in t.substitutes:
            hand[c] += n
            st.hand_count[player] += n
        st.tunnels_withdrawn += 1
        st.tunnel = None
