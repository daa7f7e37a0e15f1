"""docs/map-format.md: its example validates, and it covers every key of the schema."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ttrtool.resources import load_schema
from ttrtool.rules import PRESETS
from ttrtool.validate import validate_text

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "map-format.md"
BEGIN, END = "<!-- rules-table:begin -->", "<!-- rules-table:end -->"


def _flat(value: Any) -> str:
    return f"`{json.dumps(value, ensure_ascii=False, separators=(', ', ': '))}`"


def _leaves(props: dict[str, Any], prefix: str = "") -> list[tuple[str, dict[str, Any]]]:
    out = []
    for key, spec in props.items():
        if key == "preset":
            continue
        if "properties" in spec:
            out += _leaves(spec["properties"], f"{prefix}{key}.")
        else:
            out.append((prefix + key, spec))
    return out


def _preset_value(preset: dict[str, Any], dotted: str) -> Any:
    node: Any = preset
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def rules_table() -> str:
    """The table of rules keys, defaults and preset values in docs/map-format.md."""
    rules = load_schema()["properties"]["rules"]["properties"]
    rows = ["| key | default (`usa`) | `europe` | `switzerland` | meaning |",
            "|---|---|---|---|---|"]
    for dotted, spec in _leaves(rules):
        cells = []
        for name in ("europe", "switzerland"):
            value = _preset_value(PRESETS[name], dotted)
            same = value is None or value == spec.get("default")
            cells.append("" if same else _flat(value))
        meaning = spec["description"].replace("|", "\\|")
        if "enum" in spec:
            meaning += " One of " + ", ".join(f"`{v}`" for v in spec["enum"]) + "."
        rows.append(f"| `{dotted}` | {_flat(spec.get('default'))} | {cells[0]} | {cells[1]} | "
                    f"{meaning} |")
    return "\n".join(rows)


def test_rules_table_is_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert table == rules_table(), "regenerate the table with tests/test_validate_docs.py"


def _keys(schema: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.get("properties", {}).items():
            out.add(key)
            out |= _keys(value)
        for key, value in schema.items():
            if key != "properties":
                out |= _keys(value)
    elif isinstance(schema, list):
        for value in schema:
            out |= _keys(value)
    return out


def test_every_schema_key_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = sorted(k for k in _keys(load_schema()) if f"`{k}`" not in text and
                     not re.search(rf"`[a-z_.]*\b{k}\b[a-z_.]*`", text))
    assert missing == []


def test_the_complete_example_validates_cleanly() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A complete example", 1)[1]
    example = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert example.startswith("# yaml-language-server: $schema=")
    result = validate_text(example, "docs/map-format.md")
    assert result.diagnostics == [] and result.board is not None
    board = result.board
    assert any(r.kind == "tunnel" for r in board.routes)
    assert any(r.kind == "ferry" for r in board.routes)
    assert board.double_groups() and board.countries
    assert any(t.is_multi for t in board.tickets) and any(t.copy == 2 for t in board.tickets)
    assert board.rules.preset == "europe" and board.rules.trains_per_player != 45


if __name__ == "__main__":
    print(rules_table())
