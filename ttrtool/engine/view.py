"""What one player may know (the information a bot decides on).

Own hand, own tickets and own pending ticket offer; everything public (the
market, claims, stations, counts of other players' cards, tickets and trains,
deck sizes, a tunnel's revealed cards).  Never another player's hand or
tickets, the tickets they are choosing from, nor the order of any deck.
"""

from __future__ import annotations

from typing import NamedTuple

# Named tuples rather than frozen dataclasses: a view is built for every
# decision, and a named tuple is immutable and several times cheaper to build.


class TunnelView(NamedTuple):
    """A tunnel waiting for its claimer to pay or withdraw (R-EU-7)."""

    route: int
    color: int  # card index of the colour used (the locomotive if only locomotives)
    cards: int
    locomotives: int
    revealed: tuple[int, ...]
    extra: int


class PlayerView(NamedTuple):
    """One player's knowledge of a position.  Cards are card indices into
    ``card_names`` (colours in rules order, then ``locomotive``); counts per
    card are tuples indexed the same way."""

    seat: int
    current_player: int
    phase: str  # setup_tickets | main | second_draw | tickets | tunnel | over
    turn: int
    final_round: bool
    turns_left: int | None  # turns until the end once the final round started (R-END-1)
    card_names: tuple[str, ...]
    hand: tuple[int, ...]
    tickets: tuple[int, ...]
    offered: tuple[int, ...]  # tickets this player is choosing from, if any
    market: tuple[int, ...]
    deck_size: int
    discard_size: int
    ticket_deck_size: int
    route_owner: tuple[int, ...]  # seat per route, -1 unclaimed
    stations: tuple[tuple[int, int], ...]  # (city node, seat) in build order
    trains: tuple[int, ...]
    stations_left: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    ticket_counts: tuple[int, ...]
    route_scores: tuple[int, ...]  # running score track: route points (R-CLAIM-3)
    tunnel: TunnelView | None
