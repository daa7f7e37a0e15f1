"""A proposed deck put on trial, and chosen again while the trial faults it.

:func:`propose_deck` chooses a deck (:func:`ttrtool.design.deck.choose_tickets`), tries it
(:func:`ttrtool.design.trial.try_map`: validate, analyze, seeded games) and, while the
trial finds problems it can lay at the deck's door, chooses again, up to :data:`ROUNDS`
decks:

* a finding that names tickets (a price, a chokepoint, a ticket easier or harder in play
  than its points): those tickets are left out;
* a region entered only by tunnels or ferries that too many tickets cross into (TTR514):
  the crossings beyond one for each of its cities are left out;
* a route raced for in the first rounds (TTR607): the shorter half of the tickets through it
  are left out;
* routes nobody needs (TTR511, TTR602 at any severity): the next deck prefers tickets
  through them.

What the deck cannot mend (a route far longer than a detour, the colours' balance) is left
for the designer, with the trial's findings.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ttrtool.codes import (
    REGION_BEHIND_TUNNELS_OR_FERRIES,
    REGION_WITHOUT_TICKETS,
    ROUTE_NEVER_CLAIMED,
    ROUTE_RACED,
)
from ttrtool.design.deck import (
    DeckError,
    DeckPlan,
    ProposedTicket,
    choose_tickets,
    plan_deck,
)
from ttrtool.design.network import city_nodes, links
from ttrtool.design.sketch import Sketch
from ttrtool.design.trial import TRIAL_GAMES, Trial, try_map
from ttrtool.model import Board, Ticket
from ttrtool.ticket_value import TicketPricer

ROUNDS = 3  # decks tried at most
# findings met by fewer tickets into their cities
FEWER_CROSSINGS = frozenset({REGION_BEHIND_TUNNELS_OR_FERRIES})
FEWER_SHORT = frozenset({ROUTE_RACED})  # findings met by fewer short tickets through their routes
# findings met by tickets through their routes
WANT_TICKETS = frozenset({REGION_WITHOUT_TICKETS, ROUTE_NEVER_CLAIMED})


def with_tickets(data: dict[str, Any], tickets: Sequence[ProposedTicket]) -> dict[str, Any]:
    """The map data with this deck as its ``tickets`` (a copy; decks in the rules' order)."""
    decks: dict[str, list[dict[str, Any]]] = {}
    for t in tickets:
        decks.setdefault(t.deck, []).append(
            {"from": t.origin, "to": t.destination, "points": t.points})
    return {**data, "tickets": decks}


@dataclass(frozen=True)
class DeckProposal:
    """The deck proposed, the trial it passed (or the problems left after the last one),
    and how many decks were tried."""

    tickets: tuple[ProposedTicket, ...]
    plan: DeckPlan
    trial: Trial
    rounds: int
    cities: int  # cities that must be on a ticket
    covered: int  # of those, on at least one


def _pair(board: Board, ticket: Ticket) -> tuple[int, int]:
    """The ticket's pair as :func:`ttrtool.design.network.city_pairs` names it: two cities
    in node order, or a city and its country's first node."""
    a, b = min(ticket.origin_nodes), min(ticket.destinations[0].nodes)
    if board.nodes[b].kind != "city":
        return a, b
    return min(a, b), max(a, b)


def _crossings(board: Board, names: Collection[str]) -> set[tuple[int, int]]:
    """The tickets with one end among the cities ``names`` and one outside, less the
    first crossing ticket of each of those cities."""
    inside = {n.index for n in board.nodes if n.name in names}
    pairs = [_pair(board, t) for t in board.tickets]
    crossing = [pair for pair in pairs if len({*pair} & inside) == 1]
    kept: set[int] = set()
    out = set()
    for pair in crossing:
        (city,) = {*pair} & inside
        if city in kept:
            out.add(pair)
        kept.add(city)
    return out


def _short_through(board: Board, routes: Collection[int]) -> set[tuple[int, int]]:
    """The shorter half of the tickets whose cheapest path takes one of ``routes`` (or a
    track of its double)."""
    tracks = links(board)
    pricer = TicketPricer(board)
    closed = {t for ri in routes for t in tracks[ri]}
    through = []
    for t in board.tickets:
        price = pricer.price(t.origin_nodes, t.destinations[0].nodes, cards=False)
        if price is not None and closed & set(price.by_spaces.routes):
            through.append((price.spaces, _pair(board, t)))
    through.sort()
    return {pair for _, pair in through[:(len(through) + 1) // 2]}


def _culprits(trial: Trial) -> tuple[set[tuple[int, int]], set[int]]:
    """The pairs of the tickets the trial's problems lay at the deck's door, and the routes
    the next deck's tickets should cross (see the module docstring)."""
    board = trial.board
    if board is None:
        return set(), set()
    by_id = {t.id: t for t in board.tickets}
    ids = {r.id: r.index for r in board.routes}
    pairs: set[tuple[int, int]] = set()
    wanted: set[int] = set()
    for f in (*trial.static, *trial.play):
        if f.code in WANT_TICKETS:
            wanted.update(ids[rid] for rid in f.subjects.get("routes", ()) if rid in ids)
    for problem in trial.problems:
        subjects: Any = getattr(problem, "subjects", {})
        pairs.update(_pair(board, by_id[tid]) for tid in subjects.get("tickets", ())
                     if tid in by_id)
        code = getattr(problem, "code", "")
        if code in FEWER_CROSSINGS:
            pairs |= _crossings(board, subjects.get("cities", ()))
        if code in FEWER_SHORT:
            pairs |= _short_through(board, {ids[r] for r in subjects.get("routes", ())
                                            if r in ids})
    return pairs, wanted


def propose_deck(sketch: Sketch, tickets: int | None = None, long: int | None = None,
                 exclude: Collection[str] = (), seed: int = 0, games: int = TRIAL_GAMES,
                 counts: Sequence[int] | None = None) -> DeckProposal:
    """A deck for the sketch, put on trial (:func:`ttrtool.design.trial.try_map`: validate,
    analyze and ``games`` games at each player count); a deck the trial faults is chosen
    again without the tickets it names and through the routes left unclaimed, up to
    :data:`ROUNDS` times.  DeckError for an unknown excluded city or a deck that cannot be
    made as asked."""
    board = sketch.board
    names = {n.name for n in board.nodes if n.kind == "city"}
    unknown = sorted(set(exclude) - names)
    if unknown:
        raise DeckError(f"--exclude {', '.join(unknown)}: no such city on the map")
    cities = city_nodes(board, exclude)
    plan = plan_deck(board, len(cities), tickets, long)
    avoid: set[tuple[int, int]] = set()
    wanted: set[int] = set()
    rounds = 0
    while True:
        rounds += 1
        chosen = choose_tickets(board, plan, exclude, seed, avoid, wanted)
        trial = try_map(sketch.file, with_tickets(sketch.data, chosen), games, seed, counts)
        blamed, idle = _culprits(trial)
        if trial.clean or rounds == ROUNDS or not (blamed - avoid or idle - wanted):
            break
        avoid |= blamed
        wanted |= idle
    ends = {t.pair.a for t in chosen} | {t.pair.b for t in chosen}
    return DeckProposal(tuple(chosen), plan, trial, rounds, len(cities),
                        len(set(cities) & ends))
