"""Turning diagnostics into text for people and machines.

Formats: ``text`` (grouped by file; colour only on a terminal and never when
``NO_COLOR`` is set — the caller decides), ``json`` (versioned),
``github`` (workflow-command annotations) and ``sarif`` (2.1.0, for
code-scanning dashboards).  Each takes ``(file, diagnostics)`` pairs in the
order the files were given and returns the whole output as one string.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from urllib.parse import quote

from ttrtool.diagnostics import Diagnostic, Location, json_pointer

JSON_FORMAT_VERSION = 1
FORMATS = ("text", "json", "github", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

Results = Sequence[tuple[str, Sequence[Diagnostic]]]


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def _counts(results: Results) -> tuple[int, int]:
    errors = sum(d.is_error for _f, diags in results for d in diags)
    warnings = sum(not d.is_error for _f, diags in results for d in diags)
    return errors, warnings


def _where(d: Diagnostic) -> str:
    if d.location.line <= 0:
        return d.file
    return f"{d.file}:{d.location.line}:{d.location.column}"


def format_text(results: Results, color: bool = False,
                sources: Mapping[str, Sequence[str]] | None = None) -> str:
    """One block per file: ``file:line:col: severity CODE [name] message``, then a summary.

    With ``sources`` (file -> its lines), each diagnostic also shows its line of the file
    with a caret under the column."""
    lines = []
    for file, diags in results:
        if not diags:
            lines.append(f"{_paint(file, '1', color)}: {_paint('ok', '32', color)}")
            continue
        lines.append(_paint(file, "1", color))
        source = (sources or {}).get(file, ())
        for d in diags:
            sev = _paint(str(d.severity), "1;31" if d.is_error else "1;33", color)
            code = _paint(d.code, "2", color) if color else d.code
            lines.append(f"  {_where(d)}: {sev} {code} [{d.name}] {d.message}")
            lines += _excerpt(source, d.location, color)
    errors, warnings = _counts(results)
    lines.append(f"{len(results)} file(s): {errors} error(s), {warnings} warning(s)")
    return "\n".join(lines) + "\n"


def _excerpt(source: Sequence[str], loc: Location, color: bool) -> list[str]:
    if not 0 < loc.line <= len(source):
        return []
    # One character per column, as the loader counts them; control characters (a tab, a
    # refused one) become spaces so that the caret stays under its column.
    text = "".join(c if c.isprintable() else " " for c in source[loc.line - 1].rstrip())
    if len(text) > 160:
        return []
    number = str(loc.line)
    caret = " " * (max(loc.column, 1) - 1) + _paint("^", "1;36", color)
    return [f"    {number} | {text}", f"    {' ' * len(number)} | {caret}"]


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


def format_json(results: Results) -> str:
    """``{"version": 1, "files": [...], "summary": {...}}``; lines and columns are 1-based
    (0 when the problem has no position, e.g. a missing file)."""
    from ttrtool import __version__

    errors, warnings = _counts(results)
    doc = {
        "version": JSON_FORMAT_VERSION,
        "tool": {"name": "ttrtool", "version": __version__},
        "files": [
            {
                "file": file,
                "errors": sum(d.is_error for d in diags),
                "warnings": sum(not d.is_error for d in diags),
                "diagnostics": [diagnostic_dict(d) for d in diags],
            }
            for file, diags in results
        ],
        "summary": {"files": len(results), "errors": errors, "warnings": warnings},
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def escape_data(text: str) -> str:
    """Escape a workflow-command message: ``%``, CR and LF."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow-command property value: as data, plus ``:`` and ``,``."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def repo_relative(file: str, root: Path | None = None) -> str:
    """An absolute path under ``root`` (default: the working directory, which is the
    repository in a CI job) as a relative POSIX path; GitHub and SARIF viewers resolve
    files from the repository root.  Other paths are returned as given."""
    path = Path(file)
    if not path.is_absolute():
        return PurePath(file).as_posix()
    try:
        return path.relative_to(root or Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def format_github(results: Results) -> str:
    """GitHub Actions annotations: ``::error file=F,line=L,col=C,title=T::message``."""
    lines = []
    for _file, diags in results:
        for d in diags:
            props = [f"file={escape_property(repo_relative(d.file))}"]
            if d.location.line > 0:
                props.append(f"line={d.location.line}")
                props.append(f"col={d.location.column}")
            props.append(f"title={escape_property(f'{d.code} {d.name}')}")
            lines.append(f"::{d.severity} {','.join(props)}::{escape_data(d.message)}")
    errors, warnings = _counts(results)
    lines.append(f"ttrtool: {len(results)} file(s), {errors} error(s), {warnings} warning(s)")
    return "\n".join(lines) + "\n"


def _uri(file: str) -> str:
    return quote(repo_relative(file), safe="/._-~")


def format_sarif(results: Results) -> str:
    """A SARIF 2.1.0 log with one run; every known code is a rule of the driver."""
    from ttrtool import __version__
    from ttrtool.checks.catalog import validation_catalog

    infos = validation_catalog()
    index: dict[str, int] = {info.code: i for i, info in enumerate(infos)}
    rules = [
        {
            "id": info.code,
            "name": info.name,
            "shortDescription": {"text": info.summary},
            "help": {"text": f"See docs/checks.md, section {info.code} {info.name}."},
            "defaultConfiguration": {"level": str(info.severity)},
        }
        for info in infos
    ]
    sarif_results = []
    for _file, diags in results:
        for d in diags:
            physical: dict[str, object] = {"artifactLocation": {"uri": _uri(d.file)}}
            if d.location.line > 0:
                physical["region"] = {"startLine": d.location.line,
                                      "startColumn": max(d.location.column, 1)}
            result: dict[str, object] = {
                "ruleId": d.code,
                "level": str(d.severity),
                "message": {"text": d.message},
                "locations": [{"physicalLocation": physical}],
            }
            if d.code in index:
                result["ruleIndex"] = index[d.code]
            if d.path:
                result["properties"] = {"jsonPointer": json_pointer(d.path)}
            sarif_results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "ttrtool", "version": __version__, "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "results": sarif_results,
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def render(fmt: str, results: Results, color: bool = False,
           sources: Mapping[str, Sequence[str]] | None = None) -> str:
    """Format ``results`` in one of :data:`FORMATS` (``sources`` is used by ``text``)."""
    if fmt == "text":
        return format_text(results, color, sources)
    if fmt == "json":
        return format_json(results)
    if fmt == "github":
        return format_github(results)
    if fmt == "sarif":
        return format_sarif(results)
    raise ValueError(f"unknown format '{fmt}': use one of {', '.join(FORMATS)}")
