"""What changed between a baseline report and this one, side by side.

Both are reports as ``simulate --out`` writes them.  The section lists the
findings that are new, gone and kept; then, per player count the two runs
share, the headline figures of each run beside each other and the routes and
tickets whose rates moved most.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any

from ttrtool.report.page import Section
from ttrtool.report.tables import Row, Table

TOP_MOVES = 10


def finding_key(f: Mapping[str, Any]) -> str:
    """A finding's identity across runs: its code, player counts and subjects."""
    players = f.get("players")
    counts = [players] if isinstance(players, int) else sorted(players or [])
    return json.dumps([f.get("code"), counts, f.get("subjects") or {}], sort_keys=True)


def _finding_line(f: Mapping[str, Any]) -> str:
    return (f'<li class="sev-{escape(str(f.get("severity")))}"><b>{escape(str(f.get("code")))}'
            f"</b> {escape(str(f.get('severity')))}: {escape(str(f.get('message')))}</li>")


def _findings(now: Iterable[Mapping[str, Any]], before: Iterable[Mapping[str, Any]]) -> str:
    a = {finding_key(f): f for f in before}
    b = {finding_key(f): f for f in now}
    parts = []
    for title, keys, side in (("New in this run", [k for k in b if k not in a], b),
                              ("Gone since the baseline", [k for k in a if k not in b], a),
                              ("In both", [k for k in b if k in a], b)):
        items = "".join(_finding_line(side[k]) for k in keys) or "<li>none</li>"
        parts.append(f'<div><h3>{escape(title)} ({len(keys)})</h3><ul class="changed">'
                     f"{items}</ul></div>")
    return '<div class="side findings-changed">' + "".join(parts[:2]) + "</div>" + parts[2]


def _get(d: Any, *path: str | int) -> Any:
    for p in path:
        if isinstance(p, int):
            d = d[p] if isinstance(d, list) and -len(d) <= p < len(d) else None
        else:
            d = d.get(p) if isinstance(d, Mapping) else None
    return d


def _pct(v: Any) -> str:
    return f"{100 * v:.1f}%" if isinstance(v, int | float) else "–"


def _num(v: Any) -> str:
    return f"{v:.1f}" if isinstance(v, int | float) else "–"


def _change(before: Any, now: Any, percent: bool) -> tuple[str, float]:
    if not isinstance(before, int | float) or not isinstance(now, int | float):
        return ("–", 0.0)
    d = now - before
    return (f"{100 * d:+.1f} pts" if percent else f"{d:+.1f}", float(d))


def _figures(c: Mapping[str, Any], b: Mapping[str, Any]) -> list[Row]:
    rows: list[tuple[str, Any, Any, bool]] = []
    for i, s in enumerate(c.get("seats") or []):
        rows.append((f"seat {s['seat'] + 1} wins", _get(b, "seats", i, "wins", "rate"),
                     _get(s, "wins", "rate"), True))
    before_bots = {x.get("bot"): x for x in b.get("bots") or []}
    for bot in c.get("bots") or []:
        old = before_bots.get(bot.get("bot"), {})
        rows.append((f"{bot.get('bot')} wins", _get(old, "wins", "rate"),
                     _get(bot, "wins", "rate"), True))
        rows.append((f"{bot.get('bot')} ticket completion",
                     _get(old, "ticket_completion", "rate"),
                     _get(bot, "ticket_completion", "rate"), True))
    rows += [("mean score", _get(b, "scores", "mean"), _get(c, "scores", "mean"), False),
             ("winner's mean score", _get(b, "winner_scores", "mean"),
              _get(c, "winner_scores", "mean"), False),
             ("mean game length (turns)", _get(b, "turns", "mean"), _get(c, "turns", "mean"),
              False),
             ("games not ending normally", _get(b, "stall_rate", "rate"),
              _get(c, "stall_rate", "rate"), True)]
    show: Callable[[Any], str]
    out = []
    for name, before, now, percent in rows:
        show = _pct if percent else _num
        out.append(Row([name, show(before), show(now), _change(before, now, percent)]))
    return out


def _moves(c: Mapping[str, Any], b: Mapping[str, Any], section: str, label: str,
           value: Callable[[Mapping[str, Any]], Any]) -> list[Row]:
    before = {x.get("id"): x for x in b.get(section) or []}
    moved = []
    for x in c.get(section) or []:
        old = before.get(x.get("id"))
        v0, v1 = (value(old) if old else None), value(x)
        if isinstance(v0, int | float) and isinstance(v1, int | float):
            moved.append((abs(v1 - v0), x, v0, v1))
    moved.sort(key=lambda m: (-m[0], str(m[1].get("id"))))
    return [Row([str(x.get("label", x.get("id"))), _pct(v0), _pct(v1), _change(v0, v1, True)],
                key=f"{section}:{x.get('id')}") for _, x, v0, v1 in moved[:TOP_MOVES]]


def baseline_section(report: Mapping[str, Any], baseline: Mapping[str, Any]) -> Section:
    """The "what changed" section: findings new and gone, figures side by side."""
    def run_line(r: Mapping[str, Any]) -> str:
        run = r.get("run") or {}
        return (f"map version {_get(r, 'map', 'version')}, ttrtool "
                f"{_get(r, 'versions', 'ttrtool')}, seed {run.get('seed')}, "
                f"{run.get('games')} games per player count, map sha256 "
                f"{str(run.get('map_sha256', ''))[:12]}")
    head = (f'<div class="side"><p><b>Baseline</b>: {escape(run_line(baseline))}</p>'
            f"<p><b>This run</b>: {escape(run_line(report))}</p></div>")
    parts = [head, _findings(report.get("findings") or [], baseline.get("findings") or [])]
    before = {c.get("players"): c for c in baseline.get("configurations") or []}
    for c in report.get("configurations") or []:
        b = before.get(c.get("players"))
        p = c.get("players")
        if b is None:
            parts.append(f"<p>{p} players: not in the baseline.</p>")
            continue
        cols = ("figure", "baseline", "this run", "change")
        parts.append(f"<h3>{p} players</h3>")
        parts.append(Table(f"table-change-{p}", f"{p} players: figures side by side", cols,
                           _figures(c, b), frozenset({1, 2, 3})).html())
        parts.append(Table(f"table-change-routes-{p}",
                           f"{p} players: routes whose claim rate moved most",
                           ("route", "baseline", "this run", "change"),
                           _moves(c, b, "routes", "route", lambda r: r.get("claim_rate")),
                           frozenset({1, 2, 3})).html())
        parts.append(Table(f"table-change-tickets-{p}",
                           f"{p} players: tickets whose completion moved most",
                           ("ticket", "baseline", "this run", "change"),
                           _moves(c, b, "tickets", "ticket",
                                  lambda t: _get(t, "completion", "rate")),
                           frozenset({1, 2, 3})).html())
    return Section("baseline", "What changed since the baseline", "".join(parts))


def _side(value: Any) -> str:
    """One side of a change as its finding's evidence gives it: a rate, or a number."""
    if isinstance(value, Mapping):
        if "claimed" in value:  # a colour: the share of its tracks claimed per game
            tracks = value.get("tracks")
            return _side(value["claimed"]) + (f" of {tracks} tracks" if tracks else "")
        if isinstance(value.get("rate"), int | float):
            return f"{100 * value['rate']:.1f}%"
        if isinstance(value.get("diff"), int | float):
            return f"{100 * value['diff']:+.1f} pts"
        if isinstance(value.get("mean"), int | float):
            return f"{value['mean']:.1f}"
        if isinstance(value.get("count"), int | float) and value.get("of"):
            return f"{100 * value['count'] / value['of']:.1f}%"
    if isinstance(value, int | float):
        return f"{value:.3g}"
    return "–"


def _sides(evidence: Mapping[str, Any]) -> tuple[str, str]:
    if "baseline" in evidence or "new" in evidence:
        return _side(evidence.get("baseline")), _side(evidence.get("new"))
    if "baseline_claim_rate" in evidence:
        return (_pct(evidence.get("baseline_claim_rate")), _pct(evidence.get("claim_rate")))
    return "–", "–"


def _edits(base: Mapping[str, Any]) -> str:
    """The edits first, each with what changed in play and the findings it caused; then
    what the games could not test (``simulate --baseline`` keeps them in the report)."""
    edits = base.get("edits")
    if edits is None:
        return ""
    items = []
    for e in edits:
        play = "".join(f"<li>{escape(str(p))}</li>" for p in e.get("play") or [])
        found = "".join(_finding_line(f) for f in e.get("findings") or [])
        items.append(f"<li><b>{escape(str(e.get('text')))}</b><ul>{play}</ul>"
                     f'<ul class="changed">{found}</ul></li>')
    untested = "".join(f"<li>{escape(str(u))}</li>" for u in base.get("untested") or [])
    return (f"<h3>Edits ({len(edits)})</h3><ul>{''.join(items) or '<li>none</li>'}</ul>"
            + (f"<h3>Not tested</h3><ul>{untested}</ul>" if untested else ""))


def changes_section(report: Mapping[str, Any]) -> Section:
    """What changed as ``simulate --baseline OLD`` reports it: the baseline's run beside this
    one, each seat's win rate on both maps, and every change (TTR62x) with both sides."""
    base = report.get("baseline") or {}
    m = report.get("map") or {}
    bm = base.get("map") or {}
    run = report.get("run") or {}
    head = (f'<div class="side"><p><b>Baseline</b>: {escape(str(bm.get("name")))} '
            f'({escape(str(bm.get("id")))}) version {escape(str(bm.get("version")))}, map '
            f'sha256 {escape(str(base.get("map_sha256", ""))[:12])}</p>'
            f'<p><b>This run</b>: {escape(str(m.get("name")))} ({escape(str(m.get("id")))}) '
            f'version {escape(str(m.get("version")))}, map sha256 '
            f'{escape(str(run.get("map_sha256", ""))[:12])}</p></div>'
            f"<p>The same {base.get('games', '?')} games per player count (seed "
            f"{base.get('seed', '?')}) played on both maps; "
            f"{base.get('changes', 0)} change(s) found.</p>")
    parts = [head, _edits(base)]
    seats = base.get("seats") or {}
    for c in report.get("configurations") or []:
        old = seats.get(str(c.get("players")))
        if not old:
            continue
        rows = [Row([f"seat {s['seat'] + 1} wins", _pct(_get(old, i, "rate")),
                     _pct(_get(s, "wins", "rate")),
                     _change(_get(old, i, "rate"), _get(s, "wins", "rate"), True)],
                    key=f"seats:{s['seat'] + 1}")
                for i, s in enumerate(c.get("seats") or [])]
        p = c.get("players")
        parts.append(Table(f"table-change-seats-{p}", f"{p} players: seats on both maps",
                           ("figure", "baseline", "this run", "change"), rows,
                           frozenset({1, 2, 3})).html())
    rows = []
    for f in report.get("findings") or []:
        if f.get("source") != "baseline":
            continue
        before, now = _sides(f.get("evidence") or {})
        effect = f.get("effect") or {}
        value = effect.get("value")
        ci = [x for x in (effect.get("ci95") or []) if isinstance(x, int | float)]
        # rates change in points of a percentage; turns and scores in their own unit
        unit = str(effect.get("unit", ""))
        k, unit = (100.0, "pts") if "rate" in unit else (1.0, unit.removeprefix("points of "))
        shown = (f"{k * value:+.1f} {unit} ({k * ci[0]:+.1f}…{k * ci[1]:+.1f})"
                 if isinstance(value, int | float) and len(ci) == 2 else "–")
        players = f.get("players")
        rows.append(Row([str(f.get("code")), str(f.get("severity")),
                         ", ".join(map(str, players if isinstance(players, list) else
                                       [players])),
                         str(f.get("message")), before, now,
                         (shown, float(value) if isinstance(value, int | float) else 0.0)]))
    parts.append(Table("table-changes", "Every change, both sides",
                       ("code", "severity", "players", "what", "baseline", "this run",
                        "change (95%)"), rows, frozenset({4, 5, 6})).html()
                 or "<p>No change found between the two maps.</p>")
    return Section("baseline", "What changed since the baseline", "".join(parts))
