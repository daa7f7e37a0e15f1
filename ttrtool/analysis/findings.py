"""Static balance findings: what the board alone says, before any game is played.

Each check is a small generator over an :class:`~ttrtool.analysis.Analysis`
that yields :class:`~ttrtool.findings.Finding` records, registered once in
:data:`CHECKS`.  The limits are set from the official maps (USA, Europe,
Switzerland; the ranges are in :class:`Limits` and docs/analyze.md): every
limit sits outside the official range, so the official maps give no warning
(tests/findings keeps this true, ``make verdicts`` at full scale).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from ttrtool.analysis import Analysis
from ttrtool.analysis.blocking import Block, Link, link_label, links_by_route
from ttrtool.analysis.regions import (
    REGION_LIMITS,
    RegionLimits,
    clustered_tickets,
    dead_regions,
    entered_only_by,
)
from ttrtool.analysis.settings import (
    SETTING_LIMITS,
    SettingLimits,
    board_fills,
    bonuses,
    doubles_open_early,
    route_points_table,
    settings_off_official,
    ticket_deck_size,
    validate_balance,
)
from ttrtool.analysis.tickets import Leg
from ttrtool.codes import (
    CHOKEPOINT,
    COLOUR_SPACES_OUT_OF_RANGE,
    DECK_AGAINST_DEMAND,
    ROUTE_LONGER_THAN_DETOUR,
    SHORTCUT,
    TICKET_LENGTHS,
    TICKET_OVERPRICED,
    TICKET_UNDERPRICED,
)
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding, ordered
from ttrtool.graph import INF, cheapest_tree
from ttrtool.model import Board, Route
from ttrtool.ticket_value import Pricing, price_message


@dataclass(frozen=True)
class Limits:
    """Where a static figure turns into a warning (official range in the comments)."""

    detour_extra: int = 2  # route spaces - other path's spaces (official max 1)
    detour_ratio: float = 1.25  # route spaces / other path's spaces (official max 1.5, at +1)
    shortcut_tickets: int = 2  # overpriced legs one link makes cheap
    colour_spaces: tuple[float, float] = (0.75, 1.25)  # spaces / mean (official 0.97-1.07)
    colour_routes: tuple[float, float] = (0.6, 1.4)  # routes / mean (official 0.86-1.19)
    deck_supply: tuple[float, float] = (0.75, 1.33)  # card share / space share (0.93-1.03)
    # colour balance (TTR505, TTR506) is judged from this many routes per colour on average
    # (official 7-9.75): below it one route more or less moves a colour by more than the band
    colour_judged_from: float = 4.0
    cut_off: int = 3  # tickets one claim cuts off (official max 2: Europe, 2-3 players)
    dearer: int = 10  # tickets one claim makes dearer by detour_dearer+ (official max 6)
    detour_dearer: int = 3  # extra train spaces that count as dearer
    longest_ticket: float = 0.4  # longest leg / board diameter (official 0.58-0.87)
    median_ticket: float = 0.2  # median leg / board diameter (official 0.27-0.48)
    regions: RegionLimits = REGION_LIMITS  # TTR511, TTR514 (analysis/regions.py)
    settings: SettingLimits = SETTING_LIMITS  # TTR510, TTR512, TTR513, TTR515 (settings.py)


LIMITS = Limits()


def price_verdict(leg: Leg) -> str:
    """'over', 'under' or '' (fair, or nothing to judge): the shared definition of a fair
    ticket, :func:`ttrtool.ticket_value.ticket_value` through :attr:`Leg.value`, so
    validate (TTR406, TTR407), analyze and the findings never disagree."""
    value = leg.value
    if value is None or value.pricing is Pricing.FAIR:
        return ""
    return "over" if value.pricing in (Pricing.HIGH, Pricing.FAR_HIGH) else "under"


def _leg_name(leg: Leg) -> str:
    return f"{leg.ticket.origin}–{leg.destination.name}"


def ticket_prices(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR501/TTR502: a leg priced outside the fair range of its price, from its cheapest
    path in train spaces to its cheapest in expected cards (ttrtool/ticket_value.py).

    A warning, an error when grossly off (as validate's TTR406 and TTR407, in the same
    words).  A leg of a multi-destination ticket is info unless grossly off: only the
    best connected destination scores, so one leg's price tells less.  The routes named
    are those of the path the verdict was read against.
    """
    board = a.board
    for leg in a.legs:
        verdict, value = price_verdict(leg), leg.value
        if not verdict or value is None or leg.price is None or not leg.spaces:
            continue
        code = TICKET_OVERPRICED if verdict == "over" else TICKET_UNDERPRICED
        level = (Severity.ERROR if value.gross else
                 Severity.INFO if leg.ticket.is_multi else Severity.WARNING)
        priced = leg.cards_path if value.measure == "cards" else leg.path
        low, high = value.fair
        cards = leg.weighted
        yield Finding(
            code, level,
            price_message(board, f"{_leg_name(leg)} ({leg.ticket.id})", leg.price, value),
            {"tickets": (leg.ticket.id,), "routes": tuple(board.routes[i].id for i in priced)},
            {"to": leg.destination.name, "points": leg.points, "cheapest_spaces": leg.spaces,
             "cheapest_cards": None if cards is None else round(cards, 3),
             "delta": leg.delta, "points_per_space": round(leg.points / leg.spaces, 3),
             "fair": [low, high], "pricing": value.pricing.value, "priced_by": value.measure,
             "path": list(leg.places), "cards_path": list(leg.cards_places),
             "multi_destination": leg.ticket.is_multi})


def _path_without(board: Board, link: Link, start: int, end: int) -> tuple[float, list[str]]:
    closed = set(link)
    mask = [r.index not in closed for r in board.routes]
    tree = cheapest_tree(board, [start], [float(r.length) for r in board.routes], mask,
                         stop_at=[end])
    if tree.cost[end] == INF:
        return INF, []
    places = [board.nodes[end].name]
    node = end
    for ri in tree.chain_to(board, end)[::-1]:
        node = board.routes[ri].other(node)
        places.append(board.nodes[node].name)
    return tree.cost[end], places[::-1]


def _locomotive_price(board: Board, route: Route) -> int:
    """Spaces a ferry's length may run over a land path for its locomotives (R-EU-6):
    they are the scarcest cards (a face-up one is a whole draw, R-DRAW-3), and a
    designer pays for them with a longer, higher-scoring crossing, as India's
    Bombay–Calicut ferry (6 spaces, 2 locomotives) does beside 4 spaces of land."""
    if route.kind == "ferry" and board.rules.ferries_allowed:
        return route.locomotives
    return 0


def route_detours(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR503: a route far longer than another path between its two ends (a ferry's
    locomotives excused, :func:`_locomotive_price`)."""
    board = a.board
    seen: set[Link] = set()
    for route, link in ((board.routes[i], k) for i, k in links_by_route(board).items()):
        if link in seen:
            continue
        seen.add(link)
        alt, places = _path_without(board, link, route.a, route.b)
        if alt == INF or alt <= 0:
            continue
        extra = route.length - int(alt) - _locomotive_price(board, route)
        if extra < limits.detour_extra or route.length < limits.detour_ratio * alt:
            continue
        points = board.rules.points_for_length(route.length)
        yield Finding(
            ROUTE_LONGER_THAN_DETOUR, Severity.WARNING,
            f"route {link_label(board, link)} ({points} points) joins two places that "
            f"{' – '.join(places)} joins in {int(alt)} train spaces: its length and points "
            "are out of line with the map's distances",
            {"routes": tuple(board.routes[i].id for i in link)},
            {"length": route.length, "points": points, "other_path_spaces": int(alt),
             "other_path": places})


def shortcuts(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR504: one link that makes several tickets worth more than their cost.

    The link is on every cheapest path of each of those tickets, and without it
    each ticket would be priced in the band again: the link is what is out of
    line, not the tickets.
    """
    board = a.board
    per_leg: dict[tuple[int, str], list[Block]] = {}
    for b in a.blocks:
        if price_verdict(b.leg) != "over" or b.leg.ticket.is_multi:
            continue
        if b.spaces is None or b.leg.points - b.spaces <= b.leg.band.above:
            per_leg.setdefault((b.leg.ticket.index, b.leg.destination.name), []).append(b)
    uses: dict[Link, int] = {}
    for blocks in per_leg.values():
        for b in blocks:
            uses[b.link] = uses.get(b.link, 0) + 1
    # each ticket is laid at the door of one link: the one whose loss costs it most,
    # then the one more such tickets need (a feeder route is not the shortcut)
    by_link: dict[Link, list[Block]] = {}
    for blocks in per_leg.values():
        worst = max(blocks, key=lambda b: (INF if b.spaces is None else b.spaces,
                                           uses[b.link], [-i for i in b.link]))
        by_link.setdefault(worst.link, []).append(worst)
    for link, blocks in sorted(by_link.items()):
        if len(blocks) < limits.shortcut_tickets:
            continue
        names = ", ".join(f"{_leg_name(b.leg)} ({b.leg.points} points, {b.leg.spaces} spaces)"
                          for b in blocks)
        yield Finding(
            SHORTCUT, Severity.WARNING,
            f"route {link_label(board, link)} is a shortcut: every cheapest path of "
            f"{len(blocks)} tickets worth more than their cost uses it ({names})",
            {"routes": tuple(board.routes[i].id for i in link),
             "tickets": tuple(b.leg.ticket.id for b in blocks)},
            {"tickets": [{"id": b.leg.ticket.id, "points": b.leg.points,
                          "spaces": b.leg.spaces, "spaces_without": b.spaces}
                         for b in blocks]})


def _outside(x: float, band: tuple[float, float]) -> bool:
    return x < band[0] or x > band[1]


def routes_per_colour(a: Analysis) -> float:
    """The mean number of routes of each of the deck's colours (gray routes not counted)."""
    colours = a.board.rules.colors
    return sum(a.colours.count(c).routes for c in colours) / len(colours) if colours else 0.0


def colour_balance_judged(a: Analysis, limits: Limits = LIMITS) -> bool:
    """Has the board routes enough per colour for TTR505 and TTR506 to mean anything?
    On a small board (a starter of 18 routes has 1.2 per colour) one route more or less
    moves a colour's share further than the bands allow, so neither is judged."""
    return routes_per_colour(a) >= limits.colour_judged_from


def colour_balance(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR505: routes or spaces of one colour far from the mean of the deck's colours."""
    counts = [a.colours.count(c) for c in a.board.rules.colors]
    if len(counts) < 2 or not colour_balance_judged(a, limits):
        return
    mean_spaces = statistics.mean(c.spaces for c in counts)
    mean_routes = statistics.mean(c.routes for c in counts)
    if mean_spaces <= 0 or mean_routes <= 0:
        return
    for c in counts:
        sr, rr = c.spaces / mean_spaces, c.routes / mean_routes
        if not (_outside(sr, limits.colour_spaces) or _outside(rr, limits.colour_routes)):
            continue
        yield Finding(
            COLOUR_SPACES_OUT_OF_RANGE, Severity.WARNING,
            f"colour {c.colour} has {c.routes} routes and {c.spaces} train spaces against a "
            f"mean of {mean_routes:.1f} routes and {mean_spaces:.1f} spaces per colour "
            f"({100 * sr:.0f}% of the mean spaces)",
            {"colours": (c.colour,)},
            {"routes": c.routes, "spaces": c.spaces, "mean_routes": round(mean_routes, 3),
             "mean_spaces": round(mean_spaces, 3), "spaces_ratio": round(sr, 4),
             "routes_ratio": round(rr, 4), "band_spaces": list(limits.colour_spaces),
             "band_routes": list(limits.colour_routes)})


def deck_supply(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR506: a colour's share of the deck against its share of coloured spaces."""
    rules = a.board.rules
    cards = dict(zip(rules.colors, rules.cards_per_color, strict=True))
    spaces = {c: a.colours.count(c).spaces for c in rules.colors}
    total_cards, total_spaces = sum(cards.values()), sum(spaces.values())
    if total_cards <= 0 or total_spaces <= 0 or not colour_balance_judged(a, limits):
        return
    for colour in rules.colors:
        if spaces[colour] == 0:
            continue
        supply = (cards[colour] / total_cards) / (spaces[colour] / total_spaces)
        if not _outside(supply, limits.deck_supply):
            continue
        other_cards, other_spaces = total_cards - cards[colour], total_spaces - spaces[colour]
        fair = (spaces[colour] * other_cards / other_spaces if other_spaces
                else float(cards[colour]))
        word = "short of" if supply < 1 else "over"
        yield Finding(
            DECK_AGAINST_DEMAND, Severity.WARNING,
            f"the deck has {cards[colour]} {colour} cards for {spaces[colour]} {colour} train "
            f"spaces: {word} its share (about {fair:.0f} cards would match the other colours)",
            {"colours": (colour,)},
            {"cards": cards[colour], "spaces": spaces[colour], "deck_cards": total_cards,
             "coloured_spaces": total_spaces, "supply_ratio": round(supply, 4),
             "fair_cards": round(fair, 2), "band": list(limits.deck_supply)})


def chokepoints(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR507: a link one claim closes that cuts off or makes dearer many tickets.

    One finding per link and outcome lists the player counts where it holds.

    A double route counts only where one claim closes both tracks (R-CLAIM-5).
    A ticket is cut off when the claim cuts every one of its destinations
    (a multi-destination ticket scores its best connected one); dearer counts
    tickets whose path grows by ``limits.detour_dearer`` spaces or more.
    Fewer cut-offs than the limit are reported as info.
    """
    board = a.board
    legs_of = {t.ticket.id: len(t.legs) for t in a.tickets}
    # one finding per link and outcome, listing the player counts it holds at
    merged: dict[tuple[Link, Severity, tuple[str, ...], tuple[str, ...]],
                 tuple[list[int], list[Block], dict[str, Block]]] = {}
    for p in a.players:
        per_link: dict[Link, list[Block]] = {}
        for b in a.blocks:
            # a ticket printed in several copies is one ticket to cut off or make dearer
            if b.leg.ticket.copy == 1 and b.closes(board, p.players):
                per_link.setdefault(b.link, []).append(b)
        for link, blocks in sorted(per_link.items()):
            cut_legs: dict[str, list[Block]] = {}
            for b in blocks:
                if b.spaces is None:
                    cut_legs.setdefault(b.leg.ticket.id, []).append(b)
            cut = [v[0] for k, v in cut_legs.items() if len(v) == legs_of[k]]
            dearer = {b.leg.ticket.id: b for b in blocks
                      if b.detour is not None and b.detour >= limits.detour_dearer}
            if len(cut) >= limits.cut_off or len(dearer) >= limits.dearer:
                level = Severity.WARNING
            elif cut:
                level = Severity.INFO
            else:
                continue
            key = (link, level, tuple(b.leg.ticket.id for b in cut), tuple(sorted(dearer)))
            merged.setdefault(key, ([], cut, dearer))[0].append(p.players)
    for (link, level, _, _), (counts, cut, dearer) in merged.items():
        names = ", ".join(_leg_name(b.leg) for b in cut) or "none"
        at = ", ".join(map(str, counts))
        yield Finding(
            CHOKEPOINT, level,
            f"one claim of {link_label(board, link)} at {at} players cuts off "
            f"{len(cut)} tickets ({names}) and makes {len(dearer)} dearer by "
            f"{limits.detour_dearer} or more train spaces",
            {"routes": tuple(board.routes[i].id for i in link),
             "tickets": tuple(dict.fromkeys(
                 b.leg.ticket.id for b in (*cut, *dearer.values())))},
            {"cut_off": len(cut), "dearer": len(dearer),
             "extra_spaces": sum(b.detour or 0 for b in dearer.values()),
             "limits": {"cut_off": limits.cut_off, "dearer": limits.dearer,
                        "detour": limits.detour_dearer}},
            players=tuple(counts))


def board_diameter(board: Board) -> float:
    """The longest cheapest path between two cities, in train spaces."""
    weights = [float(r.length) for r in board.routes]
    cities = [n.index for n in board.nodes if n.kind == "city"]
    best = 0.0
    for c in cities:
        tree = cheapest_tree(board, [c], weights)
        best = max([best, *(tree.cost[d] for d in cities if tree.cost[d] != INF)])
    return best


def ticket_lengths(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR508: no long tickets, or a ticket deck of mostly short ones (against the board's size)."""
    spaces = [leg.spaces for leg in a.legs if leg.spaces is not None]
    if not spaces:
        return
    diameter = board_diameter(a.board)
    if diameter <= 0:
        return
    longest, median = max(spaces), statistics.median(spaces)
    evidence = {"legs": len(spaces), "longest": longest, "median": median,
                "shortest": min(spaces), "diameter": diameter,
                "longest_ratio": round(longest / diameter, 4),
                "median_ratio": round(median / diameter, 4),
                "limits": {"longest": limits.longest_ticket, "median": limits.median_ticket}}
    problems = []
    if longest < limits.longest_ticket * diameter:
        problems.append(f"the longest ticket needs {longest} train spaces, under "
                        f"{100 * limits.longest_ticket:.0f}% of the {diameter:.0f} spaces "
                        "between the board's farthest cities: there are no long tickets")
    if median < limits.median_ticket * diameter:
        problems.append(f"half the tickets need at most {median:g} train spaces, under "
                        f"{100 * limits.median_ticket:.0f}% of the board's {diameter:.0f}: "
                        "nearly all are short")
    if problems:
        yield Finding(TICKET_LENGTHS, Severity.WARNING, "; ".join(problems),
                      {"decks": tuple(a.board.decks)}, evidence)


def board_regions(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR511, TTR514, TTR516: regions no ticket needs, regions behind tunnels or ferries,
    tickets crowded into one half of the board."""
    for check in (dead_regions, entered_only_by, clustered_tickets):
        yield from check(a, limits.regions)


def rule_settings(a: Analysis, limits: Limits) -> Iterator[Finding]:
    """TTR510, TTR512, TTR513, TTR515, TTR517, TTR518 and validate's balance warnings: the
    rules' numbers."""
    for check in (route_points_table, ticket_deck_size, board_fills, bonuses,
                  doubles_open_early, settings_off_official, validate_balance):
        yield from check(a, limits.settings)


Check = Callable[[Analysis, Limits], Iterator[Finding]]
CHECKS: tuple[Check, ...] = (ticket_prices, route_detours, shortcuts, colour_balance,
                             deck_supply, chokepoints, ticket_lengths, board_regions,
                             rule_settings)


def static_findings(a: Analysis, limits: Limits = LIMITS) -> list[Finding]:
    """Every static finding of one analysed board (those its ``select``/``ignore`` keep),
    most severe first."""
    from ttrtool.checks import selected

    found = one_per_colour([f for check in CHECKS for f in check(a, limits)])
    return ordered(f for f in found if selected(f.code, a.select, a.ignore))


def one_per_colour(found: list[Finding]) -> list[Finding]:
    """One colour's imbalance is one finding: where TTR505 (its routes and spaces) and
    TTR506 (its cards) name the same colour, the deck's figures join the TTR505 finding
    (its evidence gains ``deck``) and the TTR506 finding is dropped."""
    deck = {f.subjects["colours"]: f for f in found if f.code == DECK_AGAINST_DEMAND}
    joined = ({f.subjects["colours"] for f in found if f.code == COLOUR_SPACES_OUT_OF_RANGE}
              & set(deck))
    out = []
    for f in found:
        colours = f.subjects.get("colours")
        if f.code == DECK_AGAINST_DEMAND and colours in joined:
            continue
        if f.code == COLOUR_SPACES_OUT_OF_RANGE and colours in joined:
            d = deck[colours]
            f = replace(f, message=f"{f.message}; and {d.message}",
                        evidence={**f.evidence, "deck": dict(d.evidence)})
        out.append(f)
    return out
