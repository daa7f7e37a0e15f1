"""``ttrtool colour``: colours for the routes a designer left gray or unset.

Which routes are open (:func:`open_routes`):

* a route with no ``color`` in the file, always;
* every route, with ``--all``;
* every gray route when the board has no other colour yet (the designer has coloured
  nothing: gray is where the drawing program left it).  Once the board has card colours, or
  some routes have none at all, a gray route is the designer's choice and stays gray.

How they are coloured (:func:`propose_colours`):

1. **gray**: about :data:`GRAY_SHARE` of the board's tracks stay gray (the official boards
   have 14 % to 44 %), counting the gray routes kept; ferries stay gray unless the rules
   colour them (R-VAR-2).  Among the open links the short ones nobody's cheapest path
   needs first (both tracks of a double alike);
2. **card colours**, longest tracks first, each the colour furthest below its share of the
   coloured spaces; a colour's share follows its cards in the deck (twelve of each in
   every official deck: equal shares);
3. **better**: single recolourings and swaps, tried in an order the seed shuffles, kept
   while they bring the colours' spaces and routes nearer their shares and the colours at
   each city further apart.  The two tracks of a double route never share a colour, and no
   city is left with all its routes (two or more) of one colour where another is possible.

The balance before and after is read with the same figures as ``analyze`` (TTR505, TTR506:
:func:`colour_balance`).  The same seed gives the same colouring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ttrtool.analysis import analyze
from ttrtool.analysis.findings import LIMITS, colour_balance_judged, deck_supply
from ttrtool.analysis.findings import colour_balance as colour_findings
from ttrtool.design.network import city_pairs, links, route_use
from ttrtool.design.sketch import Sketch
from ttrtool.findings import Finding
from ttrtool.model import GRAY, Board, Route

GRAY_SHARE = 0.3  # of the board's tracks, gray (official: USA 0.44, Europe 0.37, India 0.28,
# Switzerland 0.16, Nordic Countries 0.14)
GRAY_LONGEST = 3  # no open route longer than this is made gray (bar a ferry)
SPREAD = 0.15  # colours' spaces per card within this of each other
# Weights of what a colouring is judged by (see _Score): a colour's spaces off its share
# count most; then its number of routes; then a colour twice at one city.
W_SPACES, W_ROUTES, W_CITY, W_MONO = 40.0, 6.0, 1.0, 25.0
PASSES = 30  # improvement passes at most (a colouring settles in a handful)


@dataclass(frozen=True)
class ColourShare:
    """One card colour: its routes and train spaces, its cards in the deck, and the two
    ratios ``analyze`` judges (TTR505: spaces against the colours' mean; TTR506: its share
    of the cards against its share of the coloured spaces)."""

    colour: str
    routes: int
    spaces: int
    cards: int
    spaces_ratio: float
    supply_ratio: float | None  # None when it has no spaces


@dataclass(frozen=True)
class ColourBalance:
    """The colours of one board as ``analyze`` sees them."""

    shares: tuple[ColourShare, ...]
    gray_routes: int
    gray_spaces: int
    findings: tuple[Finding, ...]  # TTR505 and TTR506 (none when too few routes to judge)
    judged: bool  # enough routes per colour for TTR505/TTR506 to mean anything

    @property
    def spread(self) -> float | None:
        """The most spaces per card of a colour over the fewest (1.0: even); None when a
        colour has none."""
        per_card = [s.spaces / s.cards for s in self.shares if s.cards]
        if not per_card or min(per_card) <= 0:
            return None
        return max(per_card) / min(per_card)


def colour_balance(board: Board) -> ColourBalance:
    """The board's colour figures and its TTR505/TTR506 findings (those ``analyze`` gives)."""
    a = analyze(board)
    rules = board.rules
    counts = [a.colours.count(c) for c in rules.colors]
    mean = sum(c.spaces for c in counts) / len(counts) if counts else 0.0
    total_cards, total_spaces = sum(rules.cards_per_color), sum(c.spaces for c in counts)
    shares = []
    for c, cards in zip(counts, rules.cards_per_color, strict=True):
        supply = None
        if c.spaces and total_cards and total_spaces:
            supply = (cards / total_cards) / (c.spaces / total_spaces)
        shares.append(ColourShare(c.colour, c.routes, c.spaces, cards,
                                  c.spaces / mean if mean else 0.0, supply))
    found = (*colour_findings(a, LIMITS), *deck_supply(a, LIMITS))
    return ColourBalance(tuple(shares), a.colours.gray.routes, a.colours.gray.spaces,
                         tuple(found), colour_balance_judged(a))


def must_stay_gray(board: Board, route: Route) -> bool:
    """A ferry is gray unless the rules colour ferries (R-EU-6, R-VAR-2)."""
    return (route.kind == "ferry" or route.locomotives > 0) and not board.rules.ferries_colored


def open_routes(sketch: Sketch, every: bool = False) -> tuple[int, ...]:
    """The routes ``colour`` may colour (see the module docstring)."""
    board = sketch.board
    if every:
        return tuple(r.index for r in board.routes)
    unset = set(sketch.uncoloured)
    coloured = any(not r.is_gray for r in board.routes)
    if unset or coloured:
        return tuple(sorted(unset))
    return tuple(r.index for r in board.routes)


@dataclass(frozen=True)
class Colouring:
    """A proposed colour for every route (indexed like ``board.routes``), the routes whose
    colour it sets or changes, and the balance before and after."""

    colours: tuple[str, ...]
    changed: tuple[int, ...]
    open: tuple[int, ...]
    before: ColourBalance
    after: ColourBalance


class _Score:
    """The colouring's cost, kept up to date as tracks change colour (lower is better)."""

    def __init__(self, board: Board, colours: list[str], palette: Sequence[str],
                 cards: Sequence[int]) -> None:
        self.board = board
        self.colours = colours
        self.spaces: Counter[str] = Counter()
        self.routes: Counter[str] = Counter()
        self.at: list[Counter[str]] = [Counter() for _ in board.nodes]
        for r in board.routes:
            self._count(r, colours[r.index], 1)
        total = sum(self.spaces[c] for c in palette)
        per = total / sum(cards) if sum(cards) else 0.0
        self.share = {c: max(1e-9, n * per) for c, n in zip(palette, cards, strict=True)}
        routes = sum(self.routes[c] for c in palette)
        self.route_share = {c: max(1e-9, routes * n / sum(cards))
                            for c, n in zip(palette, cards, strict=True)}
        self.degree = [len(board.adjacency[n.index]) for n in board.nodes]

    def _count(self, r: Route, colour: str, sign: int) -> None:
        self.spaces[colour] += sign * r.length
        self.routes[colour] += sign
        self.at[r.a][colour] += sign
        self.at[r.b][colour] += sign

    def _colour_cost(self, colour: str) -> float:
        if colour == GRAY or colour not in self.share:
            return 0.0
        off = (self.spaces[colour] - self.share[colour]) / self.share[colour]
        off_routes = (self.routes[colour] - self.route_share[colour]) / self.route_share[colour]
        return W_SPACES * off * off + W_ROUTES * off_routes * off_routes

    def _city_cost(self, node: int) -> float:
        at = self.at[node]
        cost = sum(n - 1 for c, n in at.items() if c != GRAY and n > 1) * W_CITY
        if self.degree[node] >= 2 and any(n == self.degree[node] and c != GRAY
                                          for c, n in at.items()):
            cost += W_MONO
        return cost

    def _local(self, r: Route, colours: Sequence[str]) -> float:
        return (sum(self._colour_cost(c) for c in dict.fromkeys(colours))
                + self._city_cost(r.a) + self._city_cost(r.b))

    def change(self, route: int, colour: str) -> float:
        """Recolour ``route``; the change in cost."""
        r = self.board.routes[route]
        old = self.colours[route]
        if old == colour:
            return 0.0
        before = self._local(r, (old, colour))
        self._count(r, old, -1)
        self._count(r, colour, 1)
        self.colours[route] = colour
        return self._local(r, (old, colour)) - before

    def total(self) -> float:
        return (sum(self._colour_cost(c) for c in self.share)
                + sum(self._city_cost(n.index) for n in self.board.nodes))


def _grays(board: Board, open_set: set[int], use: Counter[int]) -> set[int]:
    """The open routes that stay gray: ferries the rules keep gray, then the short, little
    used links until :data:`GRAY_SHARE` of the tracks is gray (kept gray routes count)."""
    gray = {ri for ri in open_set if must_stay_gray(board, board.routes[ri])}
    kept = sum(1 for r in board.routes if r.index not in open_set and r.is_gray)
    want = round(GRAY_SHARE * len(board.routes)) - kept - len(gray)
    tracks = links(board)
    candidates = sorted(
        {tracks[ri] for ri in open_set - gray
         if all(t in open_set for t in tracks[ri])
         and board.routes[ri].length <= GRAY_LONGEST},
        key=lambda link: (board.routes[link[0]].length, use[link[0]], link))
    for link in candidates:
        if want <= 0:
            break
        gray.update(link)
        want -= len(link)
    return gray


def _partners(board: Board) -> list[tuple[int, ...]]:
    """For each route, the other tracks of its double (none for a single route)."""
    return [tuple(t for t in link if t != ri) for ri, link in enumerate(links(board))]


def propose_colours(sketch: Sketch, every: bool = False, seed: int = 0) -> Colouring:
    """Colours for the open routes of ``sketch`` (see the module docstring)."""
    board = sketch.board
    rules = board.rules
    palette = [c for c, n in zip(rules.colors, rules.cards_per_color, strict=True) if n > 0]
    cards = [n for n in rules.cards_per_color if n > 0]
    opened = open_routes(sketch, every)
    open_set = set(opened)
    use = route_use(board, city_pairs(board))
    gray = _grays(board, open_set, use)
    colours = [GRAY if r.index in open_set else r.color for r in board.routes]
    to_colour = sorted(open_set - gray, key=lambda ri: (-board.routes[ri].length, -use[ri], ri))
    partners = _partners(board)
    # the shares are of the spaces coloured in the end: count the open tracks in at once
    for ri in to_colour:
        colours[ri] = palette[0]
    score = _Score(board, colours, palette, cards)
    for ri in to_colour:
        score.change(ri, GRAY)
    for ri in to_colour:
        taken = {colours[p] for p in partners[ri]}
        best = min((c for c in palette if c not in taken),
                   key=lambda c: (_try(score, ri, c), palette.index(c)), default=None)
        if best is not None:
            score.change(ri, best)
    _improve(score, to_colour, palette, partners, random.Random(seed))
    changed = tuple(ri for ri in range(len(board.routes))
                    if ri in sketch.uncoloured or colours[ri] != board.routes[ri].color)
    before = colour_balance(board)
    after = colour_balance(with_colours(sketch, colours))
    return Colouring(tuple(colours), changed, opened, before, after)


def _try(score: _Score, route: int, colour: str) -> float:
    """The change in cost were ``route`` of ``colour`` (the colouring is left as it was)."""
    old = score.colours[route]
    delta = score.change(route, colour)
    score.change(route, old)
    return delta


def _improve(score: _Score, tracks: Sequence[int], palette: Sequence[str],
             partners: Sequence[tuple[int, ...]], rng: random.Random) -> None:
    """Recolourings and swaps that lower the cost, until none does (or :data:`PASSES`)."""
    colours = score.colours
    order = list(tracks)

    def allowed(ri: int, colour: str) -> bool:
        return all(colours[p] != colour for p in partners[ri])

    for _ in range(PASSES):
        better = False
        rng.shuffle(order)
        for ri in order:
            for c in palette:
                if c != colours[ri] and allowed(ri, c) and _try(score, ri, c) < -1e-9:
                    score.change(ri, c)
                    better = True
        for i, ri in enumerate(order):
            for rj in order[i + 1:]:
                a, b = colours[ri], colours[rj]
                if a == b or not allowed(ri, b) or rj in partners[ri]:
                    continue
                old = score.change(ri, b)
                if not allowed(rj, a):
                    score.change(ri, a)
                    continue
                if old + score.change(rj, a) < -1e-9:
                    better = True
                    continue
                score.change(rj, b)
                score.change(ri, a)
        if not better:
            break


def with_colours(sketch: Sketch, colours: Sequence[str]) -> Board:
    """The sketch's board with these route colours (its data otherwise as read)."""
    from ttrtool.model import build_board

    data = dict(sketch.data)
    data["routes"] = [{**route, "color": colour}
                      for route, colour in zip(sketch.data["routes"], colours, strict=True)]
    board, _ = build_board(data, sketch.file)
    return board
