"""``ttrtool fix``: apply the fixes the checks compute, and write the map back.

:func:`fix_map` reads the file once (the bytes validated are the bytes edited), then:

1. **tickets** (``--tickets``): every destination TTR406 or TTR407 finds off gets its fair
   points (:func:`ttrtool.edit.changes.ticket_changes`); unsafe, so written only with
   ``unsafe`` and otherwise listed as held back;
2. **layout** (``--layout``): the fix loop of :mod:`ttrtool.edit.layout` (waypoints, and
   with ``unsafe`` city moves of at most ``max_move_mm``).

A map with errors gets only the fixes that remove an error (the points of a TTR407
ticket); its layout is not touched.  The result is validated again and nothing is written
when it has more errors than the file had.  The file is written through
:class:`~ttrtool.edit.roundtrip.MapFile`: comments, order and style kept, atomically, and
not at all if the file changed on disk meanwhile.  Running it twice changes nothing the
second time: every fix is judged on the board as it then stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ttrtool.diagnostics import Diagnostic
from ttrtool.edit.changes import Change, apply_change, ticket_changes
from ttrtool.edit.layout import LayoutFixes, fix_layout
from ttrtool.edit.roundtrip import EditError, MapFile, read_bytes
from ttrtool.outputs import not_a_regular_file
from ttrtool.render.theme import Theme
from ttrtool.validate import ValidationResult, validate_text


@dataclass(frozen=True)
class FixRequest:
    """What ``ttrtool fix`` is asked to do (neither ``layout`` nor ``tickets``: both)."""

    path: Path
    layout: bool = False
    tickets: bool = False
    unsafe: bool = False
    max_move_mm: float = 15.0
    theme: Theme | None = None
    write: bool = True  # False: --diff, nothing is written
    max_layouts: int = 40


@dataclass
class FixReport:
    """What was fixed: the changes made, the unsafe ones held back, the layout loop's
    outcome, the errors before and after, and whether the file was written."""

    doc: MapFile | None  # None when the file could not be read as a map
    before: ValidationResult
    after: ValidationResult
    changes: list[Change] = field(default_factory=list)
    held_back: list[Change] = field(default_factory=list)
    layout: LayoutFixes | None = None
    notes: list[str] = field(default_factory=list)
    written: bool = False
    diff: str = ""  # from the file as read to the fixed file

    @property
    def unreadable(self) -> list[Diagnostic]:
        """The errors that stop every fix (the file is not YAML, or breaks the schema)."""
        return self.before.diagnostics if self.before.built is None else []

    @property
    def exit_code(self) -> int:
        """0 when the map is left without errors, 1 when it still has some."""
        return 1 if self.after.errors else 0

    def summary(self) -> list[str]:
        """What the fix did, a line each: the changes, the layout's outcome, what was held
        back, notes and the errors left (``ttrtool fix`` prints them; the preview shows them)."""
        name = self.before.file
        safe = sum(c.safe for c in self.changes)
        changed = self.doc is not None and self.doc.changed
        verb = ("written" if self.written else "not written (--diff)" if changed
                else "nothing to change")
        lines = [f"{name}: {len(self.changes)} fix(es) ({safe} safe, "
                 f"{len(self.changes) - safe} unsafe): {verb}"]
        lines += [f"  {c.line()}" for c in self.changes]
        lay = self.layout
        if lay is not None:
            moved = ", ".join(f"{k} {v:.1f} mm" for k, v in sorted(lay.moved.items()))
            lines.append(f"layout: {len(lay.before.routes)} route(s) not drawn cleanly before, "
                         f"{len(lay.after.routes)} after"
                         + (f" ({', '.join(lay.after.routes)})" if lay.after.routes else "")
                         + f"; labels without room {len(lay.before.labels)} before, "
                           f"{len(lay.after.labels)} after; {lay.layouts} layout(s)"
                         + (f"; cities moved: {moved}" if moved else ""))
            if lay.stopped_early:
                lines.append(f"note: stopped after {lay.layouts} layouts, the bound of one run; "
                             "run `ttrtool fix` again to go on")
            if lay.held_back and not any(not c.safe for c in lay.changes):
                lines.append(f"held back: {lay.held_back} city move(s) the messages suggest "
                             "(unsafe: run with --unsafe)")
        if self.held_back:
            lines.append(f"held back: {len(self.held_back)} unsafe fix(es) (run with --unsafe):")
            lines += [f"  {c.line()}" for c in self.held_back]
        lines += [f"note: {n}" for n in self.notes]
        errors = len(self.after.errors)
        if errors:
            lines.append(f"{name}: {errors} error(s) left (`ttrtool validate {name}`)")
        return lines


def fix_map(request: FixRequest) -> FixReport:
    """Fix the map ``request.path``; :class:`EditError` when it cannot be read or written
    (:class:`~ttrtool.edit.roundtrip.FileChangedError` when it changed on disk)."""
    why = not_a_regular_file(request.path)
    if why:
        raise EditError(f"cannot fix {request.path}: {why}")
    raw = read_bytes(request.path)
    file = str(request.path)
    before = validate_text(raw, file)
    if before.built is None:  # not YAML, or not a map: the edit tree is not even made
        report = FixReport(None, before, before)
        report.notes.append("nothing was fixed: the board cannot be built from the file "
                            "(fix the errors listed, then run `ttrtool fix` again)")
        return report
    doc = MapFile(request.path, raw)
    report = FixReport(doc, before, before)
    both = not request.layout and not request.tickets
    errors = len(before.errors)
    board = before.built
    if errors and (request.tickets or both) and request.unsafe:
        # only the fixes that remove an error; if then none is left, the rest as for a
        # clean map (so that a second run finds nothing more to do)
        for change in ticket_changes(board, errors_only=True):
            apply_change(doc, change)
            report.changes.append(change)
        now = validate_text(doc.data(), file)
        if now.errors or now.board is None:
            report.notes.append(f"the map has {len(now.errors)} error(s): only fixes that "
                                "remove an error were made")
            report.after = now
            return _finish(request, report, errors)
        board = now.board
    elif errors:
        report.notes.append(f"the map has {errors} error(s): only fixes that remove an error "
                            "are made" + ("" if request.unsafe else
                                          " (ticket points: with --unsafe)"))
    if request.tickets or both:
        for change in ticket_changes(board, errors_only=errors > 0 and not request.unsafe):
            if request.unsafe:
                apply_change(doc, change)
                report.changes.append(change)
            else:
                report.held_back.append(change)
    if request.layout or both:
        _layout(request, doc, report)
    report.after = validate_text(doc.data(), file) if doc.changed else before
    return _finish(request, report, errors)


def _finish(request: FixRequest, report: FixReport, errors: int) -> FixReport:
    """Write the fixed map, unless it has more errors than the file had (a fix must never
    add one: the file is then kept as it was)."""
    if len(report.after.errors) > errors:
        report.notes.append("the fixes would add an error, so nothing was written; please "
                            "report this with the file")
        report.after = report.before
        report.changes = []
        return report
    if report.doc is not None:
        report.diff = report.doc.diff()
    if request.write and report.doc is not None and report.doc.changed:
        report.written = report.doc.write()
    return report


def _layout(request: FixRequest, doc: MapFile, report: FixReport) -> None:
    if validate_text(doc.data(), str(request.path)).errors:
        report.notes.append("the layout was not fixed: the map has errors (fix them first)")
        return
    from ttrtool.render.theme import default_theme

    found = fix_layout(doc, request.theme or default_theme(), request.unsafe,
                       request.max_move_mm, request.max_layouts)
    report.layout = found
    if found is not None:
        report.changes += found.changes
