"""The one catalogue of every code ttrtool reports, and the reference page made from it.

The codes themselves, numbers and names, are the table of :mod:`ttrtool.codes`; this
module gathers what each means.  Validation (TTR0xx-TTR4xx) and balance findings (TTR5xx
from the board, TTR6xx from play) share one record, :class:`CodeInfo`, and one severity
type, :class:`~ttrtool.diagnostics.Severity`.  The semantic checks describe themselves in
the registry (:mod:`ttrtool.checks`); the codes raised while reading the file, checking the
schema and building the board are described in :data:`FIXED`, and the balance findings in
:data:`FINDINGS`; a test keeps the table and the catalogue equal.
``python -m ttrtool.checks.catalog > docs/checks.md`` writes the reference
page, and a test keeps the page equal to this output.
"""

from __future__ import annotations

import inspect
import sys

from ttrtool.checks import all_checks, is_opt_in
from ttrtool.checks.balance_codes import FINDINGS as FINDINGS  # the balance findings' entries
from ttrtool.checks.code_info import AUTOFIX, CodeInfo
from ttrtool.codes import (
    AMBIGUOUS_SCALAR,
    BAD_CHARACTER,
    BORDER_POINT_ON_CITY,
    COUNTRY_AS_FIRST_END,
    DUPLICATE_KEY,
    INTERNAL_ERROR,
    MAP_TOO_LARGE,
    MISSING_BORDER_POINT,
    PROJECTION,
    SCHEMA,
    TICKET_POINTS_FAR_OFF,
    UNKNOWN_BORDER_POINT,
    UNKNOWN_PLACE,
    UNREADABLE_FILE,
    YAML_ALIAS,
    YAML_SYNTAX,
)
from ttrtool.diagnostics import Severity

E, W = Severity.ERROR, Severity.WARNING

FIXED: tuple[CodeInfo, ...] = (
    CodeInfo(UNREADABLE_FILE, E,
             "The path does not exist, is empty, is a directory (`validate` reads a folder as "
             "the .yaml and .yml files under it, and a folder with none is this error), is not a "
             "regular file (a pipe, socket or device, which could block the read), cannot be "
             "read, or holds more than 16 MB (no map is that large). Exit code 2.",
             stage="read"),
    CodeInfo(BAD_CHARACTER, E,
             "Bytes that are not UTF-8, or a control character (C0/C1 controls other than tab, "
             "line feed and carriage return, U+2028/U+2029, bidirectional overrides and "
             "isolates, non-characters), written as such or as an escape in a double-quoted "
             "value (`\"\\x1b\"`). They are invisible in most editors, make names that look "
             "equal differ, and can rewrite a terminal's screen when printed.", stage="read"),
    CodeInfo(YAML_SYNTAX, E,
             "The file is not one YAML document: a syntax error, a tab where indentation is "
             "expected, an empty or comments-only file, a second document after `---`, or "
             "nesting deeper than 64 levels.", stage="read"),
    CodeInfo(DUPLICATE_KEY, E,
             "A key appears twice in one mapping. YAML keeps only the last value without a word; "
             "ttrtool refuses the file instead.", stage="read"),
    CodeInfo(YAML_ALIAS, E,
             "Anchors (`&a`) and aliases (`*a`) are refused at the first one: a map never needs "
             "them, and refusing them up front makes alias bombs and recursive aliases harmless.",
             stage="read"),
    CodeInfo(AMBIGUOUS_SCALAR, E,
             "A plain value YAML 1.1 silently retypes where text is likely meant: `NO`, `yes`, "
             "`off` (booleans), `010` (octal), `1:20` (base 60), `1_000`, `.inf`; also tags "
             "other than the standard ones and keys that are lists, mappings, booleans or null. "
             "Quote the value.", stage="read"),
    CodeInfo(MAP_TOO_LARGE, E,
             "The map is larger than ttrtool handles: more than 1,000 cities, 2,500 routes, "
             "100 countries or 1,000 ticket cards (copies counted), checked right after the "
             "schema; or a file of more than 100,000 values, refused while it is read. Past "
             "these, a command would take minutes and gigabytes. docs/map-format.md lists "
             "every limit.", stage="read"),
    CodeInfo(SCHEMA, E,
             "The document does not match `schemas/map.schema.json`: a missing or unknown key, "
             "a value of the wrong type or outside its range, a name that is empty or starts or "
             "ends with a space, a count written with a decimal point (`length: 5.0`: JSON "
             "Schema would accept it, ttrtool asks for `5`).", stage="schema"),
    CodeInfo(UNKNOWN_PLACE, E,
             "A route or ticket names a place that is neither a city nor a country; the message "
             "suggests the name it resembles.", stage="build"),
    CodeInfo(MISSING_BORDER_POINT, E,
             "A route to a country must say at which border point it ends (R-CH-2, R-CH-9).",
             stage="build"),
    CodeInfo(UNKNOWN_BORDER_POINT, E,
             "A route names a border point the country does not have.", stage="build"),
    CodeInfo(BORDER_POINT_ON_CITY, E,
             "`border_point` is given on a route whose `b` is a city.", stage="build"),
    CodeInfo(COUNTRY_AS_FIRST_END, E,
             "A country is written as the first end (`a`) of a route; countries go in `b`.",
             stage="build"),
    CodeInfo(PROJECTION, E,
             "The cities given by `geo: [lat, lon]` cannot be placed: `board.projection` names "
             "no projection PROJ knows, or a geographic system rather than a map projection, "
             "or one that cannot show every city or that PROJ cannot use (a scale of zero); or "
             "it names a file (`+init`, grids, a path), which a map may never make PROJ read; "
             "or all of them lie at one spot, so there is nothing to fit the board to. The "
             "message says which.", stage="build"),
    CodeInfo(INTERNAL_ERROR, E,
             "ttrtool itself failed on this file. Please report it with the file.", stage="check"),
)


# Validation errors that describe balance, not a broken map: ``validate`` fails on them, and
# ``analyze`` and ``simulate`` still run (a designer wants to see whether the price matters)
BALANCE_ERRORS = frozenset({TICKET_POINTS_FAR_OFF})
_FINDING_INDEX: dict[str, CodeInfo] = {i.code: i for i in FINDINGS}


def catalog() -> list[CodeInfo]:
    """Every code, sorted: the fixed ones, the registered checks and the findings."""
    checks = [CodeInfo(c.code, c.severity, c.summary, inspect.cleandoc(c.doc),
                       autofix=c.autofix)
              for c in all_checks()]
    return sorted(FIXED + tuple(checks) + FINDINGS, key=lambda i: i.code)


def validation_catalog() -> list[CodeInfo]:
    """The codes ``validate`` reports (TTR0xx-TTR4xx)."""
    return [i for i in catalog() if not i.is_finding]


def known_codes(findings: bool = False) -> list[str]:
    """Codes ``--select``/``--ignore`` accept: validation's, or the findings' too."""
    return [i.code for i in catalog() if findings or not i.is_finding]


def finding_info(code: str) -> CodeInfo:
    """The catalogue entry of a finding code; ValueError for a code that is not one."""
    info = _FINDING_INDEX.get(code)
    if info is None:
        # validate's balance warnings are carried into the findings under their own codes
        # (ttrtool.analysis.settings.validate_balance)
        info = next((CodeInfo(c.code, c.severity, c.summary) for c in all_checks()
                     if c.code == code), None)
    if info is None:
        raise ValueError(f"unregistered finding code {code}")
    return info


def _doc_markdown(doc: str) -> list[str]:
    """Docstring text to Markdown: ``Label::`` plus an indented block becomes a YAML example."""
    out: list[str] = []
    in_block = False
    for line in doc.splitlines():
        if line.rstrip().endswith("::") and not line.startswith(" "):
            if in_block:
                _close(out)
            out.append(f"{line.rstrip()[:-2]}:")
            out.append("")
            out.append("```yaml")
            in_block = True
            continue
        if in_block:
            if line.startswith("    ") or not line.strip():
                if line.strip() or out[-1] != "```yaml":
                    out.append(line[4:])
                continue
            _close(out)
            in_block = False
        out.append(line)
    if in_block:
        _close(out)
    return out


def _close(out: list[str]) -> None:
    while out and not out[-1].strip():
        out.pop()
    out.extend(["```", ""])


def checks_markdown() -> str:
    """The text of ``docs/checks.md``: every code of the catalogue."""
    lines = [
        "# Checks and findings",
        "",
        "<!-- Generated by `python -m ttrtool.checks.catalog > docs/checks.md`; do not edit. -->",
        "",
        "Every code ttrtool reports, from one catalogue (`ttrtool/checks/catalog.py`), with one",
        "severity scale: error, warning, info. Each has a stable code, a kebab-case name and",
        "the most severe level it takes.",
        "",
        "- `TTR0xx` reading the file and the schema, `TTR1xx` places and references, `TTR2xx`",
        "  layout at print size, `TTR3xx` routes, rules and supply, `TTR4xx` tickets: what",
        "  `ttrtool validate` reports (errors and warnings).",
        "- `TTR5xx` balance findings from the board alone (`ttrtool analyze`, and the top of",
        "  `ttrtool simulate`'s report); `TTR6xx` findings from play (`ttrtool simulate`, see",
        "  [simulate.md](simulate.md#findings)).",
        "",
        "`--select` and `--ignore` take codes or prefixes (`--ignore TTR4`) in `validate`,",
        "`analyze` and `simulate`; `--strict` makes validation warnings fail the run.",
        "Rule ids (R-...) refer to the rules digest.",
        "`ttrtool validate maps/` checks every map file (.yaml, .yml) under the folder, sorted,",
        "hidden folders such as .git skipped.",
        "",
        "A code whose section says *Fixable* is one `ttrtool fix` can correct in the file",
        "(docs/fix.md): safe fixes change nothing a player sees, unsafe ones change the game",
        "and need `--unsafe`.",
        "",
        "The layout checks (`TTR2xx`) are opt-in: `--layout` adds them to the other checks, and",
        "`--select` runs them when it names them (`--select TTR2`, or a single code). They lay",
        "the board out as `ttrtool render` draws it, which takes about a second per map, and",
        "judge the drawing rather than the game. They use the default theme, or with",
        "`--theme FILE` the theme `ttrtool render --theme FILE` draws with (its sizes, such as",
        "`car_length` and `car_stretch_max`, change the drawing, and `car_turn_max` and",
        "`end_gap_max` what TTR207 and TTR208 allow), so the two commands name the same",
        "routes. TTR114 measures the markers at that theme's sizes too (`city_radius`,",
        "`border_radius`, and `frame`, which sets the scale). `--theme` turns no check on: without",
        "`--layout` or a `TTR2` selection it changes only TTR114, and a note on stderr says so.",
        "A theme file that cannot be read or has a bad value is reported as `render` reports it",
        "(file:line:column), and an empty `--theme ''` is refused as `render` refuses it;",
        "`validate` exits 2.",
        "",
        "| code | name | severity | from | what |",
        "|---|---|---|---|---|",
    ]
    infos = catalog()
    for i in infos:
        sev = f"{i.severity} (opt-in)" if is_opt_in(i.code) else str(i.severity)
        lines.append(f"| [{i.code}](#{i.code.lower()}-{i.name}) | `{i.name}` | {sev} | "
                     f"{i.source} | {i.summary} |")
    lines.append("")
    for i in infos:
        sev = f"{i.severity}, opt-in" if is_opt_in(i.code) else str(i.severity)
        if i.is_finding:
            sev = f"{i.source} finding, up to {sev}"
        lines += [f"## {i.code} {i.name}", "", f"*{sev}* — {i.summary}", ""]
        if i.doc:
            lines += _doc_markdown(i.doc)
            lines.append("")
        if i.fix:
            lines += [f"How to fix: {i.fix}", ""]
        if i.autofix:
            lines += [f"*Fixable*: {AUTOFIX[i.autofix]}.", ""]
        if i.example:
            lines += ["Example:", "", "```text", i.example, "```", ""]
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(checks_markdown())
