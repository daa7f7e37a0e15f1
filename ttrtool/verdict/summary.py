"""The report as markdown (``--markdown``, ``$GITHUB_STEP_SUMMARY``) and as short text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ttrtool.findings import markdown_lines, text_line, text_lines
from ttrtool.verdict.findings import PLAY_LIMITS
from ttrtool.verdict.styles import styles_line

Report = Mapping[str, Any]


def _pct(r: Mapping[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"{100 * r['rate']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"


def _dist(d: Mapping[str, Any]) -> str:
    if not d.get("n"):
        return "–"
    return (f"{d['mean']:.1f} ± {d['stdev']:.1f} "
            f"(min {d['min']}, median {d['median']}, max {d['max']})")


def _route_row(r: Mapping[str, Any]) -> str:
    return f"| {r['label']} | {100 * r['claim_rate']:.0f}% | {r['mean_claim_turn']:.1f} |"


def _untested_at(report: Report, n: int) -> str:
    """What the verdict at ``n`` players cannot vouch for: with ``--baseline``, edits the
    bots' openings did not respond to (``baseline.untested``)."""
    said = (report.get("baseline") or {}).get("untested") or ()
    if any(str(u).startswith(f"at {n} players ") for u in said):
        return ("; but the bots opened every game as on the baseline, so what the edits do "
                "to the opening was not tested")
    return ""


def _config_markdown(report: Report, c: Mapping[str, Any], top: int) -> list[str]:
    lines = [f"## {c['players']} players — {c['games']} games", ""]
    ends = ", ".join(f"{k} {v}" for k, v in c["end_reasons"].items())
    lines += [f"- End reasons: {ends}; not normal: {_pct(c['stall_rate'])}",
              f"- Game length (turns): {_dist(c['turns'])}",
              f"- Winner's score: {_dist(c['winner_scores'])}; all scores: {_dist(c['scores'])}",
              f"- Longest path (trains): {_dist(c['longest_path'])}"]
    b = c["mean_breakdown"]
    others = "".join(f", {k.replace('_', ' ')} {v:.1f}" for k, v in b.items()
                     if k not in ("routes", "tickets", "stations", "longest"))
    lines.append(f"- Mean points per player: routes {b['routes']:.1f}, tickets {b['tickets']:.1f}, "
                 f"stations {b['stations']:.1f}, longest {b['longest']:.1f}{others}")
    ev = c["events"]
    if ev:
        lines.append("- Events: " + ", ".join(f"{k} {v}" for k, v in ev.items()))
    st = c["stations"]
    if st["built_per_player"].get("max", 0):
        lines.append(f"- Stations built per player: {_dist(st['built_per_player'])}; "
                     f"used an opponent's route {st['used_opponent_route']} times")
    lines += ["", "| seat | win rate (95% CI) | mean score |", "|---:|---|---:|"]
    for s in c["seats"]:
        lines.append(f"| {s['seat'] + 1} | {_pct(s['wins'])} | {s['score'].get('mean', 0):.1f} |")
    test = c.get("seat_test")
    if test:
        verdict = ("a seat effect unlikely to be chance" if test["p_value"] < 0.01 else
                   "no clear seat effect at this number of games")
        lines += ["", f"Seat effect: chi-square {test['chi2']:.2f} on {test['df']} degrees of "
                      f"freedom, p = {test['p_value']:.3g} ({verdict})."]
        if test.get("detectable_edge"):
            lines[-1] += (f" {c['games']} games detect a seat winning "
                          f"{100 * test['detectable_edge']:.1f} points above its fair share "
                          "(80% power, 1% level).")
    line = styles_line(c) if c.get("styles_verdict") else verdict_line(c)
    if line:
        lines += ["", line[0].upper() + line[1:] + _untested_at(report, c["players"]) + "."]
    lines += ["", "| bot | seats | win rate (95% CI) | mean score | tickets kept/game | "
              "tickets completed |", "|---|---:|---|---:|---:|---|"]
    for bot in c["bots"]:
        lines.append(f"| {bot['bot']} | {bot['seats_played']} | {_pct(bot['wins'])} | "
                     f"{bot['score'].get('mean', 0):.1f} | {bot['tickets_kept_per_game']:.2f} | "
                     f"{_pct(bot['ticket_completion'])} |")
    kept = [t for t in c["tickets"] if t["kept"]]
    hard = sorted(kept, key=lambda t: (t["completion"]["rate"], t["id"]))[:top]
    lines += ["", f"Hardest tickets (lowest completion when kept, {top} shown):", "",
              "| ticket | offered | kept | keep rate | completed (95% CI) |",
              "|---|---:|---:|---:|---|"]
    for t in hard:
        lines.append(f"| {t['label']} | {t['offered']} | {t['kept']} | "
                     f"{100 * t['keep_rate']:.0f}% | "
                     f"{_pct(t['completion'])} |")
    never = [t["label"] for t in c["tickets"] if t["completed"] == 0]
    if never:
        lines += ["", f"Never completed ({len(never)}): " + ", ".join(never)]
    routes = c["routes"]
    busy = sorted(routes, key=lambda r: (-r["claim_rate"], r["id"]))[:top]
    idle = sorted(routes, key=lambda r: (r["claim_rate"], r["id"]))[:top]
    lines += ["", "| most claimed route | claim rate | mean turn |", "|---|---:|---:|"]
    lines += [_route_row(r) for r in busy]
    lines += ["", "| least claimed route | claim rate | mean turn |", "|---|---:|---:|"]
    lines += [_route_row(r) for r in idle]
    return lines + [""]


def _own(report: Report) -> list[Mapping[str, Any]]:
    """The report's findings, less those the baseline section shows (a run with edits)."""
    found = list(report.get("findings", []))
    if (report.get("baseline") or {}).get("edits") is None:
        return found
    return [f for f in found if f.get("source") != "baseline"]


def baseline_lines(report: Report, info: int = 10) -> list[str]:
    """The comparison with ``--baseline``, edits first: each edit, what changed in play at
    each player count, the findings it caused; then the other changes."""
    base = report.get("baseline") or {}
    edits = base.get("edits")
    if edits is None:
        return []
    m = base["map"]
    lines = [f"Against the baseline {m['name']} ({m['id']} {m['version']}), the same seeds:"]
    lines.append(f"  Edits ({len(edits)}):" if edits else "  Edits: none (the same map).")
    for e in edits:
        lines.append(f"  - {e['text']}")
        lines += [f"      {p}" for p in e["play"]]
        lines += [f"    {text_line(f)}" for f in e["findings"]]
    tied = {f["message"] for e in edits for f in e["findings"]}
    others = [f for f in report.get("findings", [])
              if f.get("source") == "baseline" and f["message"] not in tied]
    shown = [f for f in others if f["severity"] != "info"]
    shown += [f for f in others if f["severity"] == "info"][:info]
    lines.append(f"  Other changes ({len(others)}):" if others else "  Other changes: none.")
    lines += [text_line(f) for f in shown]
    if len(others) > len(shown):
        lines.append(f"  ... and {len(others) - len(shown)} more info (in the JSON report)")
    lines += [f"  Not tested: {u}" for u in base.get("untested", ())]
    return lines


def to_markdown(report: Report, top: int = 10) -> str:
    m, run = report["map"], report["run"]
    lines = [f"# Simulation of {m['name']} ({m['id']} {m['version']})", "",
             f"Seed {run['seed']}, {run['games']} games per player count, bots: "
             f"{', '.join(run['bots'])}; ttrtool {report['versions']['ttrtool']}.", ""]
    changes = baseline_lines(report, info=1000)
    if changes:
        lines += ["## Against the baseline", "", "```", *changes, "```", ""]
    lines += markdown_lines(_own(report))
    for c in report["configurations"]:
        lines += _config_markdown(report, c, top)
    return "\n".join(lines)


def verdict_line(c: Mapping[str, Any]) -> str | None:
    """What the run rules out about the seats at one player count, said at every count
    (a seat finding, even info, does not silence it: the bound holds either way)."""
    v = c.get("seat_verdict")
    if not v:
        return None
    n = c["players"]
    every = v.get("every_seat")
    if every is None:  # a report written before every seat was tested
        return (f"verdict: the first seat's edge is within ±{100 * v['ruled_out']:.1f} points "
                f"of win rate at {n} players (equivalence test, 95%; measured "
                f"{100 * v['edge']:+.1f})")
    widest = ("" if every["widest_seat"] == 1 else
              f", seat {every['widest_seat']} {100 * every['edge']:+.1f}")
    return (f"verdict: every seat's edge is within ±{100 * every['ruled_out']:.1f} points of "
            f"win rate at {n} players, the first seat's within ±{100 * v['ruled_out']:.1f} "
            f"(equivalence tests, 95%; measured: seat 1 {100 * v['edge']:+.1f}{widest})")


def to_text(report: Report) -> str:
    """A few lines for the terminal."""
    meta = report.get("map") or {}
    counts = ", ".join(str(c["players"]) for c in report["configurations"])
    out = [f"{meta.get('name') or meta.get('id', 'map')} ({meta.get('id', '?')}), {counts} "
           f"players:"]
    out += baseline_lines(report)
    out += text_lines(_own(report))
    for c in report["configurations"]:
        seats = " ".join(f"{100 * s['wins']['rate']:.0f}%" for s in c["seats"])
        bots = ", ".join(f"{b['bot']} {100 * b['wins']['rate']:.0f}%" for b in c["bots"])
        edge = (c.get("seat_test") or {}).get("detectable_edge")
        sees = (f" (an edge of {100 * edge:.0f} percentage points in win rate would show)"
                if edge else "")
        out.append(f"{c['players']} players, {c['games']} games: "
                   f"winner {_dist(c['winner_scores'])}; "
                   f"seat wins {seats}{sees}; {bots}; not normal {c['stall_rate']['count']}")
        settle = c.get("auto")
        if settle:
            states = ", ".join(f"{k} {v}" for k, v in settle["effects"].items())
            how = ("settled" if settle["settled"] else
                   f"stopped at the cap of {settle['cap']} games with some effect open")
            out.append(f"  auto: {how} after {settle['games']} games ({states})")
        line = styles_line(c) if c.get("styles_verdict") else verdict_line(c)
        if line:
            out.append(f"  {line}{_untested_at(report, c['players'])}")
    fewest = min((c["games"] for c in report["configurations"]), default=0)
    if 0 < fewest < PLAY_LIMITS.never_claimed_games:
        # "no findings" from a short run is not "fair": say what it could not see yet
        out.append(f"Under {PLAY_LIMITS.never_claimed_games} games per player count a "
                   "never-claimed route is only info; more games (--games) see smaller edges.")
    return "\n".join(out) + "\n"
