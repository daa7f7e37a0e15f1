"""Turning diagnostics into text for people and machines.

Formats: ``text`` (grouped by file; colour only on a terminal and never when
``NO_COLOR`` is set), ``json`` (versioned), ``github`` (workflow-command
annotations) and ``sarif`` (2.1.0, for code-scanning dashboards).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ttrtool.diagnostics import Diagnostic, json_pointer

JSON_FORMAT_VERSION = 1
FORMATS = ("text", "json", "github", "sarif")


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def format_text(results: Sequence[tuple[str, Sequence[Diagnostic]]], color: bool = False) -> str:
    lines = []
    total_e = total_w = 0
    for file, diags in results:
        errors = sum(d.is_error for d in diags)
        warnings = len(diags) - errors
        total_e += errors
        total_w += warnings
        if not diags:
            lines.append(f"{_paint(file, '1', color)}: ok")
            continue
        lines.append(_paint(file, "1", color))
        for d in diags:
            sev = _paint(str(d.severity), "31" if d.is_error else "33", color)
            lines.append(f"  {d.file}:{d.location.line}:{d.location.column}: {sev} "
                         f"{d.code} [{d.name}] {d.message}")
    lines.append(f"{len(results)} file(s): {total_e} error(s), {total_w} warning(s)")
    return "\n".join(lines) + "\n"


def diagnostic_dict(d: Diagnostic) -> dict[str, object]:
    return {
        "code": d.code,
        "name": d.name,
        "severity": str(d.severity),
        "message": d.message,
        "file": d.file,
        "line": d.location.line,
        "column": d.location.column,
        "path": json_pointer(d.path),
    }


def format_json(results: Sequence[tuple[str, Sequence[Diagnostic]]]) -> str:
    doc = {
        "version": JSON_FORMAT_VERSION,
        "files": [
            {
                "file": file,
                "errors": sum(d.is_error for d in diags),
                "warnings": sum(not d.is_error for d in diags),
                "diagnostics": [diagnostic_dict(d) for d in diags],
            }
            for file, diags in results
        ],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
