"""The page of ``ttrtool simulate --html``: the board with its claim heatmap, the findings,
and per player count the plots and tables a designer reads before a playtest.

It reads the report ``simulate --out`` writes (docs/simulate.md, "The report")
and the board it was played on; a baseline report, when given, adds what
changed (:mod:`ttrtool.report.baseline`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ttrtool.model import Board
from ttrtool.render.theme import Theme
from ttrtool.report import plots
from ttrtool.report.baseline import baseline_section, changes_section
from ttrtool.report.board import claimer_edge, place_hover, route_hover, row_targets
from ttrtool.report.page import Section, board_section, draw, findings_section, page
from ttrtool.report.tables import Row, Table, diff, number, pct, rate

Config = Mapping[str, Any]


def claim_rates(report: Mapping[str, Any], board: Board) -> dict[str, float]:
    """Each route's claim rate over the whole run: the configurations' rates weighted by
    their games (as ``render --heatmap`` reads a report)."""
    total: dict[str, float] = {}
    games: dict[str, float] = {}
    known = {r.id for r in board.routes}
    for c in report.get("configurations") or []:
        n = float(c.get("games") or 0)
        for r in c.get("routes") or []:
            if r.get("id") in known and isinstance(r.get("claim_rate"), int | float) and n:
                total[r["id"]] = total.get(r["id"], 0.0) + r["claim_rate"] * n
                games[r["id"]] = games.get(r["id"], 0.0) + n
    return {rid: total[rid] / games[rid] for rid in sorted(total)}


def simulation_page(report: Mapping[str, Any], board: Board, theme: Theme,
                    baseline: Mapping[str, Any] | None = None, command_line: str = "") -> str:
    """The HTML page of a simulation report.  What changed comes from ``baseline`` (a whole
    earlier report) when given, else from the report's own ``baseline`` section (what
    ``simulate --baseline OLD`` adds)."""
    heat = claim_rates(report, board)
    d = draw(board, theme, heat or None)
    configs = list(report.get("configurations") or [])
    hover = place_hover(board, d)
    hover.update(route_hover(board, d, [
        (c.get("players", 0), {r["id"]: r for r in c.get("routes") or [] if "id" in r})
        for c in configs]))
    sections = [board_section(d, heat=bool(heat)),
                findings_section(board, d, report.get("findings") or [])]
    if baseline is not None:
        sections.append(baseline_section(report, baseline))
    elif report.get("baseline"):
        sections.append(changes_section(report))
    sections.append(Section("players", "By player count", _configurations(configs, board)))
    return page(f"{board.meta.name}: simulation", _meta(report, board, command_line), sections,
                report.get("findings") or [], hover, row_targets(board, d))


def _meta(report: Mapping[str, Any], board: Board, command_line: str) -> list[tuple[str, str]]:
    m = report.get("map") or {}
    run = report.get("run") or {}
    versions = report.get("versions") or {}
    players = ", ".join(str(p) for p in run.get("players") or [])
    return [("map", f"{m.get('name', board.meta.name)} ({m.get('id', board.meta.id)})"),
            ("map version", str(m.get("version", board.meta.version))),
            ("map sha256", str(run.get("map_sha256", ""))),
            ("ttrtool", str(versions.get("ttrtool", ""))),
            ("seed", str(run.get("seed", ""))),
            ("games", f"{run.get('games', '')} per player count ({players} players)"),
            ("bots", ", ".join(run.get("bots") or [])),
            ("seed rule", str(run.get("seed_rule", ""))),
            ("command", command_line)]


def _configurations(configs: Sequence[Config], board: Board) -> str:
    if not configs:
        return "<p>No games in this report.</p>"
    tabs = "".join(
        f'<button type="button" role="tab" data-show="players-{c.get("players")}" '
        f'aria-selected="{"true" if i == 0 else "false"}">{c.get("players")} players</button>'
        for i, c in enumerate(configs))
    body = "".join(
        f'<div class="config" id="players-{c.get("players")}" data-players="{c.get("players")}"'
        f'{" hidden" if i else ""}><h3>{c.get("players")} players, {c.get("games")} games</h3>'
        f"{_figures(c)}{_plots(c, board)}{_tables(c, board)}</div>"
        for i, c in enumerate(configs))
    return f'<div class="tabs" role="tablist">{tabs}</div>{body}'


def _figures(c: Config) -> str:
    turns = c.get("turns") or {}
    winners = c.get("winner_scores") or {}
    test = c.get("seat_test") or {}
    stall = c.get("stall_rate") or {}
    pairs = [("mean game length", f"{turns.get('mean', 0):.0f} turns"),
             ("winner's mean score", f"{winners.get('mean', 0):.0f}"),
             ("mean winning margin", f"{(c.get('winning_margin') or {}).get('mean', 0):.0f}"),
             ("games not ending normally", f"{100 * stall.get('rate', 0):.1f}%"),
             ("seats equal (chi-square p)", f"{test.get('p_value', '–')}"),
             ("smallest seat edge detectable",
              f"{100 * test['detectable_edge']:.1f} pts" if test.get("detectable_edge") else "–")]
    return '<p class="figures">' + "".join(
        f"<span>{escape(k)}: <b>{escape(v)}</b></span>" for k, v in pairs) + "</p>"


def _plots(c: Config, board: Board) -> str:
    seats = [(f"seat {s['seat'] + 1}", s.get("score") or {}) for s in c.get("seats") or []]
    bots = [(str(b.get("bot")), b.get("score") or {}) for b in c.get("bots") or []]
    points = []
    for t in c.get("tickets") or []:
        comp = t.get("completion") or {}
        if t.get("kept") and isinstance(t.get("spaces"), int | float) and "rate" in comp:
            lo, hi = comp.get("ci95", [comp["rate"], comp["rate"]])
            points.append((float(t["spaces"]), float(comp["rate"]), lo, hi,
                           str(t.get("label", t.get("id")))))
    parts = [
        plots.boxes("Final score by seat", seats, "points", "plot-seats"),
        plots.boxes("Final score by bot", bots, "points", "plot-bots"),
        plots.histogram("Final scores, every player", (c.get("scores") or {}).get("histogram")
                        or {}, "points", "plot-scores"),
        plots.boxes("Winner's score", [("winner", c.get("winner_scores") or {})], "points",
                    "plot-winner"),
        plots.histogram("Game length", (c.get("turns") or {}).get("histogram") or {},
                        "turns", "plot-turns"),
        plots.scatter("Ticket completion against cost (kept tickets, 95% intervals)", points,
                      "train spaces of the cheapest path", "completed", "plot-tickets")]
    return '<div class="plots">' + "".join(parts) + "</div>"


def _tables(c: Config, board: Board) -> str:
    p = c.get("players")
    return "".join((_seats(c, p), _bots(c, p), _tickets(c, p, board), _routes(c, p),
                    _colours(c, p, board)))


def _seats(c: Config, p: Any) -> str:
    rows = [Row([number(s["seat"] + 1), rate(s.get("wins")),
                 number((s.get("score") or {}).get("mean")),
                 number((s.get("score") or {}).get("median"))], key=f"seats:{s['seat'] + 1}")
            for s in c.get("seats") or []]
    return Table(f"table-seats-{p}", "Seats: wins with 95% intervals",
                 ("seat", "wins", "mean score", "median score"), rows,
                 frozenset({0, 2, 3}),
                 f"A fair share is {100 / p:.1f}% of the wins." if isinstance(p, int) and p
                 else "").html()


def _bots(c: Config, p: Any) -> str:
    rows = [Row([str(b.get("bot")), number(b.get("seats_played")), rate(b.get("wins")),
                 number((b.get("score") or {}).get("mean")),
                 number(b.get("tickets_kept_per_game"), 2), rate(b.get("ticket_completion")),
                 number(b.get("mean_ticket_points")), number(b.get("mean_route_points"))],
                key=f"bots:{b.get('bot')}") for b in c.get("bots") or []]
    return Table(f"table-bots-{p}", "Bots", ("bot", "seats played", "wins", "mean score",
                                             "tickets kept per game", "ticket completion",
                                             "ticket points", "route points"), rows,
                 frozenset({1, 3, 4, 6, 7})).html()


def _points(board: Board, tid: str) -> str:
    for t in board.tickets:
        if t.id == tid:
            return "/".join(str(d.points) for d in t.destinations)
    return "–"


def _tickets(c: Config, p: Any, board: Board) -> str:
    rows = []
    for t in c.get("tickets") or []:
        adv = t.get("like_for_like") or t.get("advantage") or {}
        pts = _points(board, str(t.get("id")))
        rows.append(Row([
            str(t.get("label", t.get("id"))), str(t.get("deck", "")),
            (pts, float(pts.split("/")[0]) if pts[:1].isdigit() else -1.0),
            number(t.get("spaces")), number(t.get("offered")), pct(t.get("keep_rate")),
            rate(t.get("completion")), diff(adv.get("wins"), percent=True),
            diff(adv.get("score"))], key=f"tickets:{t.get('id')}"))
    return Table(f"table-tickets-{p}", "Tickets: cost, points, completion, keepers' edge",
                 ("ticket", "deck", "points", "cost (spaces)", "offered", "kept", "completed",
                  "keepers' edge in wins", "keepers' edge in score"), rows,
                 frozenset({2, 3, 4, 5}),
                 "The keepers' edge compares the players who kept the ticket with the others "
                 "(with the same bot and seat where the report says so), with a 95% interval."
                 ).html()


def _routes(c: Config, p: Any) -> str:
    rows = [Row([str(r.get("label", r.get("id"))), number(r.get("length")),
                 str(r.get("color", "")), pct(r.get("claim_rate")),
                 number(r.get("mean_claim_turn")), rate(r.get("link_claim_rate")),
                 claimer_edge(r) or "–"], key=f"routes:{r.get('id')}")
            for r in c.get("routes") or []]
    return Table(f"table-routes-{p}", "Routes: how often and when they were claimed",
                 ("route", "length", "colour", "claimed", "mean turn claimed",
                  "link claimed (95%)", "claimer's edge"), rows, frozenset({1, 3, 4})).html()


def _colours(c: Config, p: Any, board: Board) -> str:
    cards = dict(zip(board.rules.colors, board.rules.cards_per_color, strict=True))
    rates: dict[str, list[float]] = {}
    for r in c.get("routes") or []:
        if isinstance(r.get("claim_rate"), int | float):
            rates.setdefault(str(r.get("color")), []).append(float(r["claim_rate"]))
    rows = []
    for colour in dict.fromkeys([*board.rules.colors, *(r.color for r in board.routes)]):
        routes = [r for r in board.routes if r.color == colour]
        mean = sum(rates.get(colour, [])) / len(rates[colour]) if rates.get(colour) else None
        rows.append(Row([colour, number(len(routes)), number(sum(r.length for r in routes)),
                         number(cards.get(colour)), pct(mean)], key=f"colours:{colour}"))
    return Table(f"table-colours-{p}", "Colours and deck",
                 ("colour", "routes", "spaces", "cards in the deck", "mean claim rate"), rows,
                 frozenset({1, 2, 3, 4}),
                 f"{board.rules.locomotives} locomotives; {board.rules.deck_size} cards in all."
                 ).html()
