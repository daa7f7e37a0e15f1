"""What ``deck`` and ``colour`` print: the proposal, its figures and its trial, as text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ttrtool.design.colouring import ColourBalance
from ttrtool.design.deck import ProposedTicket, length_band
from ttrtool.design.proposing import DeckProposal
from ttrtool.design.runs import ColourRun, DeckRun
from ttrtool.design.trial import Trial
from ttrtool.diagnostics import Diagnostic
from ttrtool.findings import Finding
from ttrtool.model import Board


def _path(board: Board, ticket: ProposedTicket) -> str:
    return " – ".join(board.nodes[n].name for n in ticket.pair.price.by_spaces.places(board))


def _table(rows: Sequence[Sequence[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for k, row in enumerate(rows):
        cells = [c.rjust(w) if i in right else c.ljust(w)
                 for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        out.append("  " + "  ".join(cells).rstrip())
        if k == 0:
            out.append("  " + "  ".join("-" * w for w in widths))
    return out


def trial_lines(trial: Trial) -> list[str]:
    """The trial in a few lines: games, completion, and every problem left."""
    out = []
    if trial.tallies:
        counts = ", ".join(str(t.players) for t in trial.tallies)
        done = trial.completion()
        rate = "" if done is None else f"; {100 * done:.0f}% of the tickets kept were completed"
        out.append(f"tried: validate, analyze and {trial.tallies[0].games} games at "
                   f"{counts} players{rate}")
    else:
        why = ("" if trial.board is not None and trial.board.tickets else
               " (no games: the map has errors)" if trial.board is None else
               " (no games: the map has no deck)")
        out.append(f"tried: validate and analyze{why}")
    problems = trial.problems
    if not problems:
        out.append("no error or warning from validate --strict, analyze"
                   + (" or the games" if trial.tallies else ""))
    for p in problems:
        if isinstance(p, Diagnostic):
            out.append(f"  {p.severity} {p.code} [{p.name}] {p.message}")
        elif isinstance(p, Finding):
            out.append(f"  {p.line()}")
    return out


def deck_text(run: DeckRun) -> str:
    p: DeckProposal = run.proposal
    rows = [["deck", "ticket", "points", "spaces", "cards", "path"]]
    for t in p.tickets:
        cards = t.pair.cards
        rows.append([t.deck, f"{t.origin} – {t.destination}", str(t.points), str(t.spaces),
                     "" if abs(cards - t.spaces) < 0.05 else f"{cards:.1f}",
                     _path(run.sketch.board, t)])
    lines = _table(rows, {2, 3, 4})
    bands = Counter(length_band(t.spaces, p.plan.diameter) for t in p.tickets)
    decks = Counter(t.deck for t in p.tickets)
    lines.append("")
    lines.append(f"{len(p.tickets)} tickets (" + ", ".join(f"{n} {d}" for d, n in decks.items())
                 + f"): {bands['short']} short, {bands['medium']} medium, {bands['long']} long "
                 f"(under a third, to two thirds, over two thirds of the board's "
                 f"{p.plan.diameter:g} spaces across); {p.covered} of {p.cities} cities on a "
                 "ticket")
    lines += trial_lines(p.trial)
    if p.rounds > 1:
        lines.append(f"(deck {p.rounds}: the tickets the earlier trials faulted were left out)")
    if run.written:
        lines.append(f"wrote the deck into {run.sketch.file}")
    return "\n".join(lines) + "\n"


def _balance_rows(before: ColourBalance, after: ColourBalance) -> list[str]:
    rows = [["colour", "cards", "routes", "spaces", "of mean", "deck share / space share"]]
    for b, a in zip(before.shares, after.shares, strict=True):
        supply = "" if a.supply_ratio is None else f"{a.supply_ratio:.2f}"
        rows.append([a.colour, str(a.cards), f"{b.routes} -> {a.routes}",
                     f"{b.spaces} -> {a.spaces}", f"{100 * a.spaces_ratio:.0f}%", supply])
    rows.append(["gray", "", f"{before.gray_routes} -> {after.gray_routes}",
                 f"{before.gray_spaces} -> {after.gray_spaces}", "", ""])
    return _table(rows, {1, 4, 5})


def _balance_line(name: str, b: ColourBalance) -> str:
    spread = "no spaces in some colour" if b.spread is None else \
        f"the most spaces per card {100 * (b.spread - 1):.0f}% above the fewest"
    found = ", ".join(f"{f.code} {f.subjects.get('colours', ('',))[0]}" for f in b.findings)
    judged = "" if b.judged else " (too few routes per colour for TTR505/TTR506)"
    return f"{name}: {spread}; {found or 'no TTR505/TTR506'}{judged}"


def colour_text(run: ColourRun) -> str:
    c = run.colouring
    board = run.sketch.board
    lines = []
    for ri in c.changed:
        r = board.routes[ri]
        was = "unset" if ri in run.sketch.uncoloured else r.color
        kind = "" if r.kind == "normal" else f" {r.kind}"
        lines.append(f"  {r.a_name}–{r.b_name} {r.length}{kind}: {was} -> {c.colours[ri]}")
    head = [f"{len(c.changed)} of {len(board.routes)} routes coloured "
            f"({len(c.open)} open to colouring)"]
    lines = head + lines + [""] + _balance_rows(c.before, c.after)
    lines.append(_balance_line("before", c.before))
    lines.append(_balance_line("after", c.after))
    lines += trial_lines(run.trial)
    if run.written:
        lines.append(f"wrote the colours into {run.sketch.file}")
    return "\n".join(lines) + "\n"
