"""Destination tickets: dealing, drawing, keeping, and whether they are completed
(R-SET-4, R-TIX-1..3, R-EU-2, R-CH-3, R-CH-4).

Ticket decks are lists whose *start* is the top, so returned tickets go to
the bottom with ``append``.  A ticket is completed when some component of
the player's network touches its origin and one of its destinations; a
border point is touched only through the routes ending at it (R-CH-9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from ttrtool.engine.actions import KeepTickets

if TYPE_CHECKING:
    from ttrtool.engine.actions import Action
    from ttrtool.engine.game import Game
    from ttrtool.engine.state import GameState


@dataclass(frozen=True, slots=True)
class TicketResult:
    """How one kept ticket scored.  ``destination`` is the index (in the ticket's
    destinations) whose points were scored, added or subtracted (R-TIX-2, R-CH-3)."""

    ticket: int
    completed: bool
    scored: int
    destination: int


def deal_setup(st: GameState) -> None:
    """R-SET-4 / R-EU-2 / R-CH-4: deal each player the setup tickets, deck by deck."""
    g = st.game
    for p in range(g.players):
        offer: list[int] = []
        for deck_name, n in g.setup_deal:
            deck = st.ticket_decks.get(deck_name, [])
            offer.extend(deck[:n])
            del deck[:n]
        st.offers[p] = offer
    if g.rules.tickets.undealt_decks == "removed":  # R-EU-2: undealt long tickets leave
        for name, deck in st.ticket_decks.items():
            if name != g.draw_deck:
                st.removed_tickets.extend(deck)
                deck.clear()
    st.ticket_view = None  # the views' tickets are made afresh


def keep_actions(offer: Sequence[int], keep_min: int, out: list[Action]) -> None:
    """Every allowed subset of the offer, largest first, in offer order."""
    low = min(keep_min, len(offer))
    for size in range(len(offer), low - 1, -1):
        for subset in combinations(offer, size):
            out.append(KeepTickets(subset))


def keep(st: GameState, player: int, kept: Sequence[int], setup: bool) -> None:
    """Keep tickets; return or remove the rest as the rules say.

    R-SET-4, R-TIX-1, R-EU-2, R-CH-4.
    """
    g = st.game
    offer = st.offers[player]
    st.tickets[player].extend(kept)
    policy = g.rules.tickets.setup_rejected if setup else g.rules.tickets.draw_rejected
    for t in offer:
        if t in kept:
            continue
        if policy == "removed":
            st.removed_tickets.append(t)
        else:  # bottom of the deck the ticket came from
            st.ticket_decks[g.board.tickets[t].deck].append(t)
    st.offers[player] = []
    st.ticket_view = None


def draw(st: GameState, player: int) -> None:
    """R-TIX-1: take the top tickets of the draw deck (fewer if fewer remain)."""
    g = st.game
    deck = st.ticket_decks[g.draw_deck]
    n = g.rules.tickets.draw
    st.offers[player] = deck[:n]
    del deck[:n]
    st.ticket_view = None


def place_roots(g: Game, nodes: Sequence[int], owned: Callable[[int], bool],
                find: Callable[[int], int]) -> set[int]:
    """Components that touch a place.  A border point is touched only by the
    routes that end there, each through its own virtual end (R-CH-9)."""
    roots: set[int] = set()
    for node in nodes:
        if g.terminal[node]:
            for r in g.adjacency[node]:
                if owned(r):
                    roots.add(find(g.n_nodes + r))
        else:
            roots.add(find(node))
    return roots


def score_ticket(g: Game, ticket: int, owned: Callable[[int], bool],
                 find: Callable[[int], int]) -> TicketResult:
    """R-TIX-2 and R-CH-3: a completed ticket adds its points, an open one subtracts them.
    With several destinations, the best joined one scores, else minus the lowest."""
    origin = place_roots(g, g.ticket_origin[ticket], owned, find)
    best = -1
    for i, (nodes, points) in enumerate(g.ticket_dests[ticket]):
        if origin and not origin.isdisjoint(place_roots(g, nodes, owned, find)) and (
                best < 0 or points > g.ticket_dests[ticket][best][1]):
            best = i
    dests = g.ticket_dests[ticket]
    if best >= 0:
        return TicketResult(ticket, True, dests[best][1], best)
    worst = min(range(len(dests)), key=lambda i: (dests[i][1], i))
    return TicketResult(ticket, False, -dests[worst][1], worst)
