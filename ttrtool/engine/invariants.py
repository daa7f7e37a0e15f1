"""Invariants of every position, for playout tests and the soak run.

:func:`check_invariants` returns a list of human-readable problems (empty
when the position is sound).  It recounts from scratch what the state keeps
incrementally, so a bug in the fast paths shows up as a mismatch here.
"""

from __future__ import annotations

from ttrtool.engine.claims import route_open_to
from ttrtool.engine.scoring import recount_route_points
from ttrtool.engine.state import GameState
from ttrtool.graph import UnionFind


def card_total(st: GameState) -> int:
    """Cards in deck, discards, market, hands and a pending tunnel."""
    total = len(st.deck) + len(st.discards) + len(st.market)
    total += sum(sum(h) for h in st.hands)
    if st.tunnel is not None:
        total += st.tunnel.cards + st.tunnel.locomotives + len(st.tunnel.revealed)
    return total


def check_invariants(st: GameState, connectivity: bool = True) -> list[str]:
    """Cards, trains, stations and tickets conserved; routes owned once; parallel-route
    rules per player count (R-CLAIM-5, R-CH-5, R-VAR-4); running score equals a recount;
    with ``connectivity``, each player's incremental union-find joins exactly
    what a union-find built afresh from their routes joins."""
    g = st.game
    problems: list[str] = []
    total = card_total(st)
    if total != g.deck_size:
        problems.append(f"{total} train cards in play, the deck has {g.deck_size}")
    for p, hand in enumerate(st.hands):
        if min(hand) < 0:
            problems.append(f"player {p} holds a negative number of cards: {hand}")
        if st.hand_count[p] != sum(hand):
            problems.append(f"player {p}'s card count {st.hand_count[p]} is not the "
                            f"{sum(hand)} cards of the hand")
    if len(st.market) > g.rules.market_size:
        problems.append(f"market has {len(st.market)} cards")

    seen: dict[int, int] = {}
    for p in range(g.players):
        for r in st.claimed[p]:
            if r in seen:
                problems.append(f"route r{r} claimed by {seen[r]} and {p}")
            seen[r] = p
            if st.owner[r] != p:
                problems.append(f"route r{r} in player {p}'s claims but owned by {st.owner[r]}")
        used = sum(g.route_trains[r] for r in st.claimed[p])  # mountains included (R-VAR-10)
        if st.trains[p] < 0 or st.trains[p] + used != g.rules.trains_per_player:
            problems.append(f"player {p}: {st.trains[p]} trains left after using {used}")
        built = sum(1 for _, q in st.stations if q == p)
        if st.stations_left[p] < 0 or st.stations_left[p] + built != g.stations_per_player:
            problems.append(f"player {p}: {st.stations_left[p]} stations left, {built} built")
    for p in range(g.players):
        open_now = sorted(r for rs in st.open_for[p] for r in rs)
        if open_now != [r for r in range(g.n_routes) if route_open_to(g, st.owner, p, r)]:
            problems.append(f"player {p}'s open-route lists disagree with route owners")
    owned = sum(1 for o in st.owner if o >= 0)
    if owned != len(seen):
        problems.append(f"{owned} routes have an owner, {len(seen)} are in claim lists")
    cities = [c for c, _ in st.stations]
    if len(set(cities)) != len(cities):
        problems.append(f"two stations in one city: {sorted(cities)}")

    for r in range(g.n_routes):
        if st.owner[r] < 0:
            continue
        taken = 1
        for other in g.partners[r]:
            if st.owner[other] == st.owner[r]:
                problems.append(f"player {st.owner[r]} owns both r{r} and r{other}")
            elif st.owner[other] >= 0:
                taken += 1
        if taken > g.group_cap[r]:  # R-VAR-4
            problems.append(f"{taken} tracks of r{r}'s group claimed with {g.players} players, "
                            f"{g.group_cap[r]} allowed")

    recount = recount_route_points(g, st.owner)
    if recount != st.route_score:
        problems.append(f"running score {st.route_score} != recount {recount}")

    places = [t for deck in st.ticket_decks.values() for t in deck]
    places += st.removed_tickets
    for p in range(g.players):
        places += st.tickets[p] + st.offers[p]
    if sorted(places) != list(range(len(g.board.tickets))):
        problems.append("tickets not conserved across decks, hands, offers and removed")
    if connectivity:
        for p in range(g.players):
            afresh = UnionFind(g.uf_size)
            for r in st.claimed[p]:
                afresh.union(g.end_a[r], g.end_b[r])
            if st.uf[p].copy().labels() != afresh.labels():
                problems.append(f"player {p}'s connectivity differs from a recount")
    return problems

