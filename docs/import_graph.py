"""Draw the engine's import graph into docs/engine.md (a Mermaid chart, from the AST).

    python docs/import_graph.py           # rewrite the chart in docs/engine.md
    python docs/import_graph.py --check   # exit 1 when the chart is out of date

Every ``import`` of one engine module by another counts, wherever it stands:
at the top, inside a function, or under ``if TYPE_CHECKING:``, so a circle held
together by deferred or type-only imports shows as a circle.  The chart lists
the modules floor by floor (a module stands above everything it imports) and
names any circle; tests/engine/test_import_graph.py fails when there is one or
when the chart in docs/engine.md is not the one this script draws.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "ttrtool" / "engine"
DOC = ROOT / "docs" / "engine.md"
START = "<!-- import-graph: made by docs/import_graph.py, do not edit -->"
END = "<!-- import-graph: end -->"
PACKAGE = "ttrtool.engine"


def engine_imports(folder: Path = ENGINE) -> dict[str, set[str]]:
    """Each engine module (by short name, ``__init__`` left out) and the engine
    modules it imports."""
    modules = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == PACKAGE:  # from ttrtool.engine import cards
                    found.update(a.name for a in node.names if a.name in modules)
                elif node.module.startswith(PACKAGE + "."):
                    found.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(PACKAGE + "."):
                        found.add(alias.name.split(".")[2])
        found.discard(name)
        graph[name] = found & set(modules)
    return graph


def package_imports(top: Path = ROOT / "ttrtool") -> dict[str, set[str]]:
    """Every module of the whole package (dotted names, a package by its own name) and the
    package's modules it imports, counted as :func:`engine_imports` counts them."""
    modules: dict[str, Path] = {}
    for path in sorted(top.rglob("*.py")):
        parts = list(path.relative_to(top.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        found.discard(name)
        graph[name] = found & set(modules)
    return graph


def unit_of(module: str) -> str:
    """The layer a module belongs to: its subpackage (``ttrtool.render``), or itself for a
    module at the top of the package (``ttrtool.loader``)."""
    return ".".join(module.split(".")[:2])


def unit_imports(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """:func:`package_imports` with each subpackage drawn as one node."""
    units: dict[str, set[str]] = {}
    for module, imported in graph.items():
        mine = unit_of(module)
        units.setdefault(mine, set()).update(unit_of(m) for m in imported)
    for mine, imported in units.items():
        imported.discard(mine)
        imported &= set(units)
    return units


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def floors(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each module's floor: 1 for a module that imports no engine module, else one
    above the highest it imports (modules of a circle share the circle's floor)."""
    memo: dict[str, int] = {}

    def floor(v: str, seen: frozenset[str]) -> int:
        if v in memo:
            return memo[v]
        below = [floor(w, seen | {v}) for w in graph[v] if w not in seen]
        memo[v] = 1 + max(below, default=0)
        return memo[v]

    for v in graph:
        floor(v, frozenset())
    return memo


def chart(graph: dict[str, set[str]]) -> str:
    """The Markdown block: a Mermaid chart, floor by floor, and the circles found."""
    level = floors(graph)
    lines = [START, "", "```mermaid", "flowchart TD"]
    for f in range(max(level.values(), default=0), 0, -1):
        names = sorted(v for v in graph if level[v] == f)
        lines.append(f'  subgraph floor{f}["floor {f}"]')
        lines.extend(f"    {v}" for v in names)
        lines.append("  end")
    for v in sorted(graph):
        lines.extend(f"  {v} --> {w}" for w in sorted(graph[v]))
    lines.append("```")
    lines.append("")
    found = circles(graph)
    if found:
        lines.append("Import circles: " + "; ".join(" <-> ".join(c) for c in found) + ".")
    else:
        lines.append(f"Import circles: none ({len(graph)} modules, "
                     f"{sum(map(len, graph.values()))} imports, every import counted, "
                     "type-only and deferred ones too).")
    lines.extend(["", END])
    return "\n".join(lines)


def updated(text: str, block: str) -> str:
    """``text`` with the chart between the markers replaced by ``block``."""
    if START not in text or END not in text:
        raise SystemExit(f"{DOC}: no '{START}' ... '{END}' markers to write between")
    head, rest = text.split(START, 1)
    _old, tail = rest.split(END, 1)
    return head + block + tail


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    new = updated(text, chart(engine_imports()))
    if "--check" in argv:
        if new != text:
            print(f"{DOC} is out of date: run python docs/import_graph.py", file=sys.stderr)
            return 1
        return 0
    if new != text:
        DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
