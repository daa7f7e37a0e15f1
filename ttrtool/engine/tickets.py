"""Destination tickets: the choices of which to keep, and whether they are completed
(R-SET-4, R-TIX-1..3, R-EU-2, R-CH-3, R-CH-4).  Dealing, drawing and keeping them
are the state's own moves.

Ticket decks are lists whose *start* is the top, so returned tickets go to
the bottom with ``append``.  A ticket is completed when some component of
the player's network touches its origin and one of its destinations; a
border point is touched only through the routes ending at it (R-CH-9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ttrtool.engine.actions import Action, KeepTickets
from ttrtool.engine.tables import BoardTables


@dataclass(frozen=True, slots=True)
class TicketResult:
    """How one kept ticket scored.  ``destination`` is the index (in the ticket's
    destinations) whose points were scored, added or subtracted (R-TIX-2, R-CH-3)."""

    ticket: int
    completed: bool
    scored: int
    destination: int


def keep_actions(offer: Sequence[int], keep_min: int, out: list[Action]) -> None:
    """Every allowed subset of the offer, largest first, in offer order."""
    low = min(keep_min, len(offer))
    for size in range(len(offer), low - 1, -1):
        for subset in combinations(offer, size):
            out.append(KeepTickets(subset))


def place_roots(g: BoardTables, nodes: Sequence[int], owned: Callable[[int], bool],
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


def score_ticket(g: BoardTables, ticket: int, owned: Callable[[int], bool],
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
