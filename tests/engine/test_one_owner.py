"""GameState is the one owner of a game's changes: no other code writes a position's
fields (docs/engine.md, "Inside the engine: one owner of every change")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OWNER = ROOT / "ttrtool" / "engine" / "state.py"
POSITION = ROOT / "ttrtool" / "engine" / "position.py"
# Memos of the position's own answers, which its queries may fill.
MEMOS = {"_legal", "_default", "_bare", "board_view", "ticket_view"}
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse",
            "update", "setdefault", "popitem", "union", "shuffle"}


def game_fields() -> set[str]:
    """The fields Position.__init__ gives a position, less the memos."""
    tree = ast.parse(POSITION.read_text(encoding="utf-8"))
    init = next(n for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    found = {t.attr for n in ast.walk(init) if isinstance(n, (ast.Assign, ast.AnnAssign))
             for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
             if isinstance(t, ast.Attribute)}
    return found - MEMOS


def written_field(node: ast.expr, fields: set[str]) -> str | None:
    """The position field an assignment target or a mutated object reaches, if any:
    ``st.owner``, ``st.hands[p]``, ``self.open_for[p][k]``."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and node.attr in fields:
        return node.attr
    return None


def writes(source: str, fields: set[str], allow_self: bool) -> list[tuple[int, str]]:
    """(line, field) of every write to a position field outside Position.__init__;
    writes through ``self`` count only when ``allow_self`` is false."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef) and cls.name == "Position":
            for fn in cls.body:
                if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
                    skip.update(id(n) for n in ast.walk(fn))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in MUTATORS):
            targets = [node.func.value]
        for target in targets:
            field = written_field(target, fields)
            base = target
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            by_self = isinstance(base, ast.Name) and base.id == "self"
            if field and not (allow_self and by_self):
                found.append((node.lineno, field))
    return sorted(found)


def test_only_the_state_writes_a_positions_fields() -> None:
    fields = game_fields()
    assert {"hands", "deck", "market", "owner", "trains", "open_for", "phase"} <= fields
    problems = []
    # The code that plays games: the engine, the bots and the simulator (elsewhere
    # names such as .turn mean other things).
    paths = [p for folder in ("engine", "bots", "simulate")
             for p in sorted((ROOT / "ttrtool" / folder).rglob("*.py"))]
    assert len(paths) > 30
    for path in paths:
        if path == OWNER:
            continue
        # A class of its own may keep fields of the same names (bots do): only writes
        # through another object count, and in position.py through self too.
        for line, field in writes(path.read_text(encoding="utf-8"), fields,
                                  allow_self=path != POSITION):
            problems.append(f"{path.relative_to(ROOT)}:{line} writes .{field}")
    assert not problems, problems


def test_the_check_sees_a_write_from_a_rule_module() -> None:
    """A rule module that moved a card itself would be found."""
    fields = game_fields()
    planted = ("def take(st, p, card):\n    st.market.remove(card)\n"
               "    st.hands[p][card] += 1\n    st.owner[3] = p\n")
    assert writes(planted, fields, allow_self=True) == [(2, "market"), (3, "hands"),
                                                        (4, "owner")]
    assert writes("def ok(st):\n    return len(st.market)\n", fields, allow_self=True) == []
