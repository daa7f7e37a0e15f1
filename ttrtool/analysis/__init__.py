"""``ttrtool analyze``: ticket reachability, costs and the balance figures of a map.

:func:`analyze` reads a :class:`~ttrtool.model.Board` and returns an :class:`Analysis`,
plain frozen records.  The pieces, in the order a run uses them:

* :mod:`~ttrtool.analysis.tickets` — each ticket's cheapest paths and price, and who can
  still complete it at each player count;
* :mod:`~ttrtool.analysis.blocking` — the links every cheapest path needs, and what one
  claim by an opponent costs;
* :mod:`~ttrtool.analysis.figures` — colours and lengths, capacity, structure;
* :mod:`~ttrtool.analysis.findings` — the static balance findings (tickets, routes,
  colours, chokepoints), which also runs those of :mod:`~ttrtool.analysis.regions` (parts
  of the board) and :mod:`~ttrtool.analysis.settings` (the rules' numbers);
* :mod:`~ttrtool.analysis.compare` — the headline figures, and two maps side by side;
* :mod:`~ttrtool.analysis.formats` — an analysis (and optionally a second, for
  comparison) as text, JSON or Markdown, opening with the findings.

Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttrtool.analysis.blocking import Block, exposure, link_usage
from ttrtool.analysis.figures import (
    Capacity,
    ColourFigures,
    Structure,
    colour_figures,
    structure,
)
from ttrtool.analysis.tickets import (
    Leg,
    PathFinder,
    PlayerCount,
    TicketCompletion,
    by_player_count,
    complete_tickets,
)
from ttrtool.card_costs import CostWeights, route_weights, weights_matter
from ttrtool.model import Board

__all__ = ["Analysis", "CostWeights", "analyze"]


@dataclass(frozen=True)
class Analysis:
    board: Board
    weights: CostWeights
    route_costs: tuple[float, ...]  # cards per route with the weights (indexed like board.routes)
    weighted: bool  # do the weights change any route's cost on this board?
    tickets: tuple[TicketCompletion, ...]  # every track open
    players: tuple[PlayerCount, ...]
    blocks: tuple[Block, ...]  # every unavoidable link of every leg, with the cost once it is lost
    colours: ColourFigures
    capacity: tuple[Capacity, ...]
    structure: Structure
    # finding codes or prefixes the report keeps or leaves out (analyze --select/--ignore)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def exposed(self, players: int) -> tuple[Block, ...]:
        """Per leg, the one claim by an opponent that hurts it most at ``players``."""
        return exposure(self.board, self.blocks, players)

    @property
    def legs(self) -> tuple[Leg, ...]:
        """Every destination of every ticket card, in file order."""
        return tuple(leg for t in self.tickets for leg in t.legs)


def analyze(board: Board, weights: CostWeights | None = None) -> Analysis:
    """Every figure of ``ttrtool analyze`` for one board."""
    weights = weights or CostWeights()
    costs = route_weights(board, weights)
    finder = PathFinder(board, costs)
    tickets = complete_tickets(finder)
    players = by_player_count(finder, tickets)
    usage = link_usage(finder, [leg for t in tickets for leg in t.legs])
    return Analysis(
        board=board,
        weights=weights,
        route_costs=costs,
        weighted=weights_matter(board, weights),
        tickets=tickets,
        players=players,
        blocks=usage.blocks,
        colours=colour_figures(board),
        capacity=tuple(Capacity(p.players, p.players * board.rules.trains_per_player,
                                p.usable_spaces) for p in players),
        structure=structure(board, usage.chokepoints),
    )
