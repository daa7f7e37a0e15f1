"""Links every cheapest path needs: chokepoints, and what one claim by an opponent does.

A *link* is a route, or both tracks of a double route together.  For each
ticket leg every cheapest path (in train spaces) is counted, not one chosen
path, so ties between equal paths never decide a figure:

* a track a–b lies on a cheapest path when cost(origin→a) + length +
  cost(b→destination) equals the leg's cost;
* the number of cheapest chains through it is chains(origin→a) x
  chains(b→destination) (:class:`ttrtool.graph.CheapestTree` counts them);
* a link that carries every cheapest chain is unavoidable: if an opponent
  claims it the leg costs more, or cannot be completed at all.

A single track is closed by one claim at any player count; a double route
only where its second track is closed too, below
``rules.double_routes.both_tracks_min_players`` (R-CLAIM-5, R-CH-5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ttrtool.analysis.tickets import Leg, PathFinder, place_name
from ttrtool.graph import INF, cheapest_tree, passes_through
from ttrtool.model import Board

Link = tuple[int, ...]


def links_by_route(board: Board) -> dict[int, Link]:
    """Route index -> the tracks of its link (sorted route indices)."""
    out: dict[int, Link] = {r.index: (r.index,) for r in board.routes}
    for tracks in board.double_groups().values():
        link = tuple(sorted(r.index for r in tracks))
        for r in tracks:
            out[r.index] = link
    return out


def link_label(board: Board, tracks: Sequence[int]) -> str:
    """``Berlin–Frankfurt 3 black|red`` for a link (one track or a double route)."""
    first = board.routes[tracks[0]]
    end = place_name(board, first.b)
    colours = "|".join(board.routes[i].color for i in tracks)
    kind = f" {first.kind}" if first.kind != "normal" else ""
    return f"{first.a_name}–{end} {first.length} {colours}{kind}"


def chains_through_links(finder: PathFinder, leg: Leg,
                         links: dict[int, Link]) -> tuple[dict[Link, int], int]:
    """(cheapest chains through each link on some cheapest path, all cheapest chains)."""
    board = finder.board
    if leg.spaces is None:
        return {}, 0
    fwd = finder.tree("spaces", leg.ticket.origin_nodes)
    bwd = finder.tree("spaces", leg.destination.nodes)
    total = leg.spaces
    all_chains = sum(fwd.chains[t] for t in leg.destination.nodes
                     if fwd.cost[t] != INF and round(fwd.cost[t]) == total)
    through: dict[Link, int] = {}
    for r in board.routes:
        n = 0
        for u, v in ((r.a, r.b), (r.b, r.a)):
            if fwd.cost[u] == INF or bwd.cost[v] == INF:
                continue
            if round(fwd.cost[u] + r.length + bwd.cost[v]) != total:
                continue
            if not (passes_through(board, u, fwd.sources)
                    and passes_through(board, v, bwd.sources)):
                continue
            n += fwd.chains[u] * bwd.chains[v]
        if n:
            link = links[r.index]
            through[link] = through.get(link, 0) + n
    return through, all_chains


@dataclass(frozen=True)
class Block:
    """An unavoidable link of a leg, and the leg's cost once an opponent holds it."""

    leg: Leg
    link: Link
    spaces: int | None  # cheapest completion without the link; None: cannot be completed

    @property
    def detour(self) -> int | None:
        """Extra train spaces the claim costs the leg (None: cut off)."""
        if self.spaces is None or self.leg.spaces is None:
            return None
        return self.spaces - self.leg.spaces

    def closes(self, board: Board, players: int) -> bool:
        """Does one claim close the whole link in a game of ``players``?"""
        return len(self.link) == 1 or board.rules.usable_tracks(players, len(self.link)) == 1


@dataclass(frozen=True)
class LinkUsage:
    chokepoints: dict[Link, tuple[int, int]]  # link -> (legs on some, legs on every cheapest path)
    blocks: tuple[Block, ...]  # every (leg, unavoidable link), in leg order


def link_usage(finder: PathFinder, legs: Sequence[Leg]) -> LinkUsage:
    """Chokepoints over ``legs`` and the cost of every unavoidable link's loss."""
    board = finder.board
    links = links_by_route(board)
    some: dict[Link, int] = {}
    every: dict[Link, int] = {}
    blocks: list[Block] = []
    for leg in legs:
        through, all_chains = chains_through_links(finder, leg, links)
        for link, n in sorted(through.items()):
            some[link] = some.get(link, 0) + 1
            if n != all_chains:
                continue
            every[link] = every.get(link, 0) + 1
            closed = set(link)
            mask = tuple(r.index not in closed for r in board.routes)
            best = cheapest_tree(board, leg.ticket.origin_nodes, finder.spaces, mask,
                                 stop_at=leg.destination.nodes).best(leg.destination.nodes)
            blocks.append(Block(leg, link, None if best is None else round(best[0])))
    return LinkUsage({k: (some[k], every.get(k, 0)) for k in some}, tuple(blocks))


def exposure(board: Board, blocks: Sequence[Block], players: int) -> tuple[Block, ...]:
    """For each leg, the one claim that hurts it most in a game of ``players``.

    Cut off beats any detour; among detours the longest; ties keep the first link.
    """
    worst: dict[tuple[int, str], Block] = {}
    for b in blocks:
        if not b.closes(board, players):
            continue
        key = (b.leg.ticket.index, b.leg.destination.name)
        old = worst.get(key)
        if old is None or _severity(b) > _severity(old):
            worst[key] = b
    return tuple(sorted(worst.values(), key=lambda b: (-_severity(b), b.leg.ticket.index)))


def _severity(b: Block) -> float:
    return INF if b.detour is None else float(b.detour)
