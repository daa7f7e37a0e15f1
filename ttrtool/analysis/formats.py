"""An analysis as text, Markdown or JSON (presentation only: nothing prints).

Text and Markdown are made from the same sections (a title, notes, one
table), so the two never disagree; JSON is a versioned document of every
figure (``"format": "ttrtool-analysis"``, ``"version"``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ttrtool.analysis import Analysis
from ttrtool.analysis.blocking import link_label
from ttrtool.analysis.compare import side_by_side, summary
from ttrtool.analysis.findings import (
    LIMITS,
    colour_balance_judged,
    routes_per_colour,
    static_findings,
)
from ttrtool.analysis.tickets import Leg
from ttrtool.card_costs import (
    expected_tunnel_surcharge,
    ferry_symbol_surcharge,
    tunnel_match_distribution,
)
from ttrtool.findings import counts_line, text_line
from ttrtool.model import GRAY, Board
from ttrtool.rules import Rules
from ttrtool.ticket_value import CARDS_RATIO, POINTS_BAND

JSON_FORMAT = "ttrtool-analysis"
JSON_VERSION = 2  # 2: a finding's players is a list, with effect, test and hint
FORMATS = ("text", "json", "markdown")
TOP_CHOKEPOINTS = 10


@dataclass
class Section:
    title: str
    notes: list[str] = field(default_factory=list)
    header: tuple[str, ...] = ()
    rows: list[tuple[str, ...]] = field(default_factory=list)
    # what the text report shows instead of the table (Markdown keeps the table)
    text: list[str] | None = None


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _cards(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _spaces_of(a: Analysis, path: tuple[int, ...]) -> int:
    return sum(a.board.routes[i].length + (a.board.routes[i].mountains
                                           if a.board.rules.mountains_allowed else 0)
               for i in path)


def _cards_of(a: Analysis, path: tuple[int, ...]) -> float:
    return sum(a.route_costs[i] for i in path)


def _ticket_name(leg: Leg) -> str:
    return f"{leg.ticket.origin} – {leg.destination.name}"


def _deck_cards(board: Board, colour: str) -> str:
    rules = board.rules
    if colour in rules.colors:
        return str(rules.cards_per_color[rules.colors.index(colour)])
    return "-"


def _weights_note(a: Analysis) -> str:
    rules = a.board.rules
    w = a.weights
    if not a.weighted:
        return "Weights: none apply on this board (cards = train spaces)."
    parts = []
    if a.colours.tunnels and w.tunnel == "expected":
        parts.append(f"tunnels +{expected_tunnel_surcharge(rules, GRAY):.2f} cards expected "
                     f"({rules.tunnel_reveal} revealed, deck of {rules.deck_size})")
    elif a.colours.tunnels:
        parts.append(f"tunnels +{w.tunnel}")
    if a.colours.locomotive_symbols and w.ferry == "scarcity":
        parts.append(f"ferries +{ferry_symbol_surcharge(rules):.2f} cards per locomotive symbol")
    elif a.colours.locomotive_symbols:
        parts.append(f"ferries +{w.ferry} per locomotive symbol")
    return "Weights (cards column): " + "; ".join(parts) + "."


def sections(a: Analysis, other: Analysis | None = None,
             top: int = TOP_CHOKEPOINTS) -> list[Section]:
    """The report as titled sections, shared by text and Markdown."""
    board = a.board
    found = static_findings(a)
    lines = [f"{counts_line(found)}, most severe first (docs/analyze.md lists every code)."
             if found else "No findings: nothing out of line with the official maps."]
    if not colour_balance_judged(a):
        lines.append("The colour balance is not judged on a board this small (see Colours "
                     "and lengths).")
    out: list[Section] = [Section(
        "Findings",
        lines,
        ("severity", "code", "finding", "players", "message"),
        [(str(f.severity), f.code, f.name, ", ".join(map(str, f.players)) or "all", f.message)
         for f in found],
        # one line a finding, as `simulate` prints them: long messages wrap, not the table
        ["", *(text_line(f.to_dict()) for f in found)] if found else [],
    )]
    legs = list(a.legs)
    priced = [leg for leg in legs if leg.delta is not None]
    deltas: dict[int, int] = {}
    for leg in priced:
        deltas[leg.delta or 0] = deltas.get(leg.delta or 0, 0) + 1
    spread = ", ".join(f"{d:+d}: {n}" for d, n in sorted(deltas.items()))
    tickets = Section(
        "Tickets",
        [f"{sum(t.completable for t in a.tickets)} of {len(a.tickets)} ticket cards can be "
         f"completed; {len(legs)} legs (one per destination).",
         f"Points - cheapest train spaces per leg: {spread or 'none'}.",
         f"Suggested value = cheapest path in train spaces (raised to the fair points when too "
         f"cheap for its cards).  Fair: from "
         f"{POINTS_BAND.below} under the spaces to {POINTS_BAND.above} over the cards, unless "
         f"the cards are over {CARDS_RATIO:g}x the points and {2 * POINTS_BAND.below} above "
         f"them; 'far' (an error in validate) below 1/{POINTS_BAND.factor:g} of the spaces "
         f"or above {POINTS_BAND.factor:g}x the cards, and over {2 * POINTS_BAND.above} "
         "points off (the map's rules.tickets.points_band may change these numbers).",
         _weights_note(a)],
        ("ticket", "from – to", "points", "spaces", "routes", "cards", "delta", "suggested",
         "flag", "one cheapest path", "cheapest in cards, when another path"),
    )
    for leg in legs:
        in_cards = "" if leg.one_path else (
            f"{' – '.join(leg.cards_places)} ({_spaces_of(a, leg.cards_path)} spaces)")
        tickets.rows.append((
            leg.ticket.id, _ticket_name(leg), str(leg.points),
            "-" if leg.spaces is None else str(leg.spaces),
            "-" if leg.routes is None else str(leg.routes), _cards(leg.weighted),
            "-" if leg.delta is None else f"{leg.delta:+d}",
            "-" if leg.suggested is None else str(leg.suggested), leg.flag,
            " – ".join(leg.places) + ("" if leg.one_path else
                                      f" ({_cards(_cards_of(a, leg.path))} cards)"),
            in_cards,
        ))
    # the cards would repeat the spaces; a column of blanks says nothing
    keep = [i for i in range(len(tickets.header))
            if not (i == 5 and not a.weighted)
            and not (i == 10 and all(leg.one_path for leg in legs))]
    tickets.header = tuple(tickets.header[i] for i in keep)
    tickets.rows = [tuple(r[i] for i in keep) for r in tickets.rows]
    out.append(tickets)

    out += _player_sections(a, top)

    c = a.colours
    colours = Section(
        "Colours and lengths",
        [f"{c.tracks} tracks, {c.spaces} train spaces; gray: {_pct(c.gray_share_routes)} of "
         f"routes, {_pct(c.gray_share_spaces)} of spaces.",
         "Lengths (tracks): " + ", ".join(f"{k}: {n}" for k, n in c.lengths) + ".",
         f"Double routes: {c.double_routes} ({c.double_tracks} tracks). Tunnels: {c.tunnels} "
         f"({c.tunnel_spaces} spaces). Ferries: {c.ferries} ({c.ferry_spaces} spaces, "
         f"{c.locomotive_symbols} locomotive symbols)."],
        ("colour", "routes", "spaces", "cards in the deck"),
        [(x.colour, str(x.routes), str(x.spaces), _deck_cards(board, x.colour))
         for x in c.colours],
    )
    colours.notes.append(f"Deck: {board.rules.deck_size} train cards, "
                         f"{board.rules.locomotives} of them locomotives; gray routes take any "
                         "colour.")
    if not colour_balance_judged(a):
        colours.notes.append(
            f"Colour balance not judged (TTR505, TTR506): {routes_per_colour(a):.1f} routes per "
            f"colour, judged from {LIMITS.colour_judged_from:g}, where one route more or less "
            "no longer swings a colour's share past the bands.")
    out.append(colours)

    out.append(Section(
        "Capacity",
        [f"{c.spaces} train spaces on the board; {board.rules.trains_per_player} trains per "
         "player. Below 1 usable space per train the board can fill up."],
        ("players", "trains in play", "usable spaces", "spaces per train"),
        [(str(k.players), str(k.trains), str(k.usable_spaces), f"{k.ratio:.2f}")
         for k in a.capacity],
    ))

    s = a.structure
    hist = ", ".join(f"{k}: {n}" for k, n in s.degree_histogram)
    ranked = sorted(s.degrees, key=lambda d: (-d.tracks, d.name))
    chokes = Section(
        "Structure",
        [f"City degree (tracks: cities): {hist}.",
         "Busiest: " + ", ".join(f"{d.name} {d.tracks}" for d in ranked[:5]) + "; quietest: "
         + ", ".join(f"{d.name} {d.tracks}" for d in ranked[::-1][:5]) + ".",
         "Most ticket ends (cards): " + ", ".join(f"{name} {n}" for name, n in s.ticket_ends[:5])
         + ".",
         "Cities no ticket touches: " + (", ".join(s.no_ticket) or "none") + ".",
         "Cities on no cheapest ticket path: " + (", ".join(s.off_paths) or "none") + ".",
         f"Chokepoints: the {min(top, len(s.chokepoints))} links on the most cheapest ticket "
         "paths (every cheapest path of every leg counts; a double route is one link)."],
        ("link", "legs on some cheapest path", "legs on every cheapest path"),
        [(link_label(board, k.tracks), str(k.on_some), str(k.on_every))
         for k in s.chokepoints[:top]],
    )
    out.append(chokes)

    if other is not None:
        out.append(Section(
            "Comparison", [],
            ("figure", a.board.meta.id or a.board.source,
             other.board.meta.id or other.board.source),
            [tuple(row) for row in side_by_side(a, other)],
        ))
    return out


def _tracks_note(rules: Rules) -> str:
    """How many tracks of a parallel route each player count may use (R-VAR-4)."""
    if rules.usable_tracks_table:
        steps = ", ".join(f"{n} from {p} players" for p, n in rules.usable_tracks_table)
        return (f"Tracks of a parallel route usable: {steps} (one below; the cheapest are "
                "counted, never more than the route has); a route closes when that many "
                "are claimed.")
    return (f"Both tracks of a double route are usable from {rules.both_tracks_min_players} "
            "players; below that one track per double route (the cheapest), and one claim by "
            "an opponent closes the route.")


def _player_sections(a: Analysis, top: int) -> list[Section]:
    board = a.board
    legs = a.legs
    base = {(g.ticket.index, g.destination.name): g.spaces for g in legs}
    players = Section(
        "Per player count",
        [_tracks_note(board.rules),
         "Cut off / dearer: legs that one opponent's claim on an unavoidable link makes "
         "impossible / longer (worst single claim per leg)."],
        ("players", "both tracks", "usable tracks", "completable cards", "cut off", "dearer",
         "longest detour", "legs costing more with these tracks"),
    )
    for p in a.players:
        dearer = [f"{g.ticket.id} {g.destination.name} {base[(g.ticket.index, g.destination.name)]}"
                  f"→{'-' if g.spaces is None else g.spaces}"
                  for t in p.tickets for g in t.legs
                  if g.spaces != base[(g.ticket.index, g.destination.name)]]
        exposed = a.exposed(p.players)
        detours = [b.detour for b in exposed if b.detour is not None]
        players.rows.append((
            str(p.players), "yes" if p.both_tracks else "no", str(p.usable_tracks),
            f"{p.completable}/{len(p.tickets)}",
            str(sum(b.detour is None for b in exposed)), str(len(detours)),
            f"+{max(detours)}" if detours else "-", ", ".join(dearer) or "none",
        ))
    if board.rules.stations_per_player:
        players.notes.append("Stations are not counted: each lets its owner use one route of "
                             "an opponent at the end (R-EU-4), which softens every claim.")
    out = [players]
    if a.players:
        fewest = a.players[0].players
        worst = a.exposed(fewest)[:top]
        out.append(Section(
            f"Most exposed legs at {fewest} players",
            [f"The {len(worst)} legs one claim hurts most (--top), with the link to claim."],
            ("ticket", "from – to", "spaces", "link", "after the claim"),
            [(b.leg.ticket.id, _ticket_name(b.leg), str(b.leg.spaces),
              link_label(board, b.link),
              "cut off" if b.spaces is None else f"{b.spaces} (+{b.detour})")
             for b in worst],
        ))
    return out


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(header)]
    numeric = [all(_numeric(r[i]) for r in rows) and bool(rows) for i in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        parts = [cell.rjust(w) if num else cell.ljust(w)
                 for cell, w, num in zip(cells, widths, numeric, strict=True)]
        return "  " + "  ".join(parts).rstrip()

    return [line(header), line(tuple("-" * w for w in widths)), *(line(r) for r in rows)]


def _numeric(cell: str) -> bool:
    return cell.replace(".", "", 1).replace("-", "", 1).replace("+", "", 1).isdigit() or cell == "-"


def format_text(a: Analysis, other: Analysis | None = None, top: int = TOP_CHOKEPOINTS) -> str:
    title = f"{a.board.meta.name} ({a.board.source})"
    lines = [title, "=" * len(title)]
    for sec in sections(a, other, top):
        lines += ["", sec.title, "-" * len(sec.title), *sec.notes]
        if sec.text is not None:
            lines += sec.text
        elif sec.header and sec.rows:
            lines += ["", *_table(sec.header, sec.rows)]
    return "\n".join(lines) + "\n"


def _md(cell: str) -> str:
    return cell.replace("|", "\\|")


def format_markdown(a: Analysis, other: Analysis | None = None,
                    top: int = TOP_CHOKEPOINTS) -> str:
    lines = [f"# {a.board.meta.name}", "", f"Analysis of `{a.board.source}` by `ttrtool analyze`."]
    for sec in sections(a, other, top):
        lines += ["", f"## {sec.title}", ""]
        lines += [f"- {n}" for n in sec.notes]
        if sec.header and sec.rows:
            lines += ["", "| " + " | ".join(map(_md, sec.header)) + " |",
                      "|" + "|".join("---" for _ in sec.header) + "|"]
            lines += ["| " + " | ".join(_md(c) for c in r) + " |" for r in sec.rows]
    return "\n".join(lines) + "\n"


def _leg_dict(leg: Leg, a: Analysis) -> dict[str, Any]:
    value = leg.value
    return {
        "to": leg.destination.name,
        "points": leg.points,
        "completable": leg.completable,
        "spaces": leg.spaces,
        "routes": leg.routes,
        "fewest_routes": leg.fewest_routes,
        "cards": None if leg.weighted is None else round(leg.weighted, 3),
        "delta": leg.delta,
        "suggested": leg.suggested,
        "flag": leg.flag or None,
        "pricing": None if value is None else value.pricing.value,
        "priced_by": None if value is None else value.measure or None,
        "fair": None if value is None else list(value.fair),
        "path": list(leg.places),
        "route_ids": [a.board.routes[i].id for i in leg.path],
        "path_cards": None if leg.price is None else round(_cards_of(a, leg.path), 3),
        "cards_path": list(leg.cards_places),
        "cards_route_ids": [a.board.routes[i].id for i in leg.cards_path],
        "cards_path_spaces": None if leg.price is None else _spaces_of(a, leg.cards_path),
    }


def to_dict(a: Analysis, other: Analysis | None = None) -> dict[str, Any]:
    """Every figure as JSON-ready data (versioned; see docs/analyze.md)."""
    board = a.board
    rules = board.rules
    c = a.colours
    s = a.structure
    doc: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "map": {"id": board.meta.id, "name": board.meta.name, "file": board.source},
        "weights": {
            **a.weights.describe(),
            "tunnel_surcharge": {col: round(expected_tunnel_surcharge(rules, col), 4)
                                 for col in (*rules.colors, GRAY)} if rules.tunnels_allowed else {},
            "tunnel_extra_cards_distribution": [
                round(p, 4) for p in tunnel_match_distribution(rules, GRAY)
            ] if rules.tunnels_allowed else [],
            "ferry_symbol_surcharge": round(ferry_symbol_surcharge(rules), 4),
            "suggested_band": [-POINTS_BAND.below, POINTS_BAND.above],
        },
        "tickets": [
            {"id": t.ticket.id, "deck": t.ticket.deck, "origin": t.ticket.origin,
             "completable": t.completable, "destinations": [_leg_dict(g, a) for g in t.legs]}
            for t in a.tickets
        ],
        "players": [
            {"players": p.players, "both_tracks": p.both_tracks,
             "usable_tracks": p.usable_tracks, "usable_spaces": p.usable_spaces,
             "completable": p.completable,
             "exposed": [{"id": b.leg.ticket.id, "to": b.leg.destination.name,
                          "spaces": b.leg.spaces, "link": link_label(board, b.link),
                          "route_ids": [board.routes[i].id for i in b.link],
                          "after": b.spaces}
                         for b in a.exposed(p.players)],
             "legs": [{"id": g.ticket.id, "to": g.destination.name, "spaces": g.spaces}
                      for t in p.tickets for g in t.legs]}
            for p in a.players
        ],
        "colours": {
            # "cards": the deck's cards of that colour (gray routes take any colour: none)
            "per_colour": {x.colour: {"routes": x.routes, "spaces": x.spaces,
                                      **({"cards": rules.cards_per_color[rules.colors.index(
                                          x.colour)]} if x.colour in rules.colors else {})}
                           for x in c.colours},
            "locomotives": rules.locomotives, "deck_size": rules.deck_size,
            "tracks": c.tracks, "spaces": c.spaces,
            "gray_share_routes": round(c.gray_share_routes, 4),
            "gray_share_spaces": round(c.gray_share_spaces, 4),
            "lengths": {str(k): n for k, n in c.lengths},
            "double_routes": c.double_routes, "double_tracks": c.double_tracks,
            "tunnels": c.tunnels, "tunnel_spaces": c.tunnel_spaces,
            "ferries": c.ferries, "ferry_spaces": c.ferry_spaces,
            "locomotive_symbols": c.locomotive_symbols,
            # false on boards too small for TTR505 and TTR506 (too few routes per colour)
            "balance_judged": colour_balance_judged(a),
        },
        "capacity": [{"players": k.players, "trains": k.trains,
                      "usable_spaces": k.usable_spaces, "spaces_per_train": round(k.ratio, 4)}
                     for k in a.capacity],
        "structure": {
            "degrees": {d.name: {"tracks": d.tracks, "neighbours": d.neighbours}
                        for d in s.degrees},
            "chokepoints": [{"link": link_label(board, k.tracks),
                             "route_ids": [board.routes[i].id for i in k.tracks],
                             "on_some": k.on_some, "on_every": k.on_every}
                            for k in s.chokepoints],
            "ticket_ends": dict(s.ticket_ends),
            "cities_no_ticket": list(s.no_ticket),
            "cities_off_paths": list(s.off_paths),
        },
        "summary": {f.key: f.value for f in summary(a)},
        "findings": [f.to_dict() for f in static_findings(a)],
    }
    if other is not None:
        doc["compare"] = {
            "map": {"id": other.board.meta.id, "name": other.board.meta.name,
                    "file": other.board.source},
            "summary": {f.key: f.value for f in summary(other)},
        }
    return doc


def format_json(a: Analysis, other: Analysis | None = None) -> str:
    return json.dumps(to_dict(a, other), indent=2, ensure_ascii=False) + "\n"


def render(a: Analysis, output_format: str, other: Analysis | None = None,
           top: int = TOP_CHOKEPOINTS) -> str:
    """``output_format``: one of :data:`FORMATS`."""
    if output_format == "json":
        return format_json(a, other)
    if output_format == "markdown":
        return format_markdown(a, other, top)
    if output_format == "text":
        return format_text(a, other, top)
    raise ValueError(f"unknown format '{output_format}': use one of {', '.join(FORMATS)}")
