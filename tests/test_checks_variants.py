"""The checks follow the rule set, not Europe: TTR306 and TTR309 with the variant keys
(R-VAR-1, R-VAR-2, R-VAR-3 of docs/variants.md)."""

from __future__ import annotations

from ttrtool.validate import validate_text

BASE = """format: 1
meta: {id: v, name: V}
rules: RULES
cities:
  - {name: Aston, pos: [100, 100]}
  - {name: Bury, pos: [500, 100]}
  - {name: Crewe, pos: [500, 500]}
routes:
  - {a: Aston, b: Bury, length: 2, color: red, kind: ferry, locomotives: 1}
  - {a: Bury, b: Crewe, length: 3, color: blue, kind: KIND}
  - {a: Aston, b: Crewe, length: 4, color: gray}
tickets:
  regular:
    - {from: Aston, to: Crewe, points: 5}
    - {from: Bury, to: Crewe, points: 4}
    - {from: Aston, to: Bury, points: 3}
"""


def codes(rules: str, kind: str = "tunnel") -> set[str]:
    text = BASE.replace("RULES", rules).replace("KIND", kind)
    return {d.code for d in validate_text(text).diagnostics}


def test_r_var_2_a_coloured_ferry_is_an_error_only_where_ferries_are_gray() -> None:
    assert "TTR306" in codes("{preset: europe}")
    assert "TTR306" not in codes("{preset: europe, ferries: {colored: true}}")
    assert "TTR306" not in codes("{preset: nordiccountries}")


def test_r_var_1_a_ferry_needs_locomotives_playable_on_ferries_or_a_substitute() -> None:
    both = "ferries: {allowed: true, colored: true}, tunnels: {allowed: true}"
    assert "TTR306" in codes("{" + both + ", locomotives: {playable_on: [tunnel]}}")
    assert "TTR306" not in codes("{" + both + ", locomotives: {playable_on: [tunnel, ferry]}}")
    assert "TTR306" not in codes(
        "{" + both + ", locomotives: {playable_on: [tunnel]}, "
        "substitutes: [{replaces: locomotive, cards: 3, kinds: [ferry]}]}")


def test_r_var_1_locomotives_need_a_route_of_a_kind_they_may_be_played_on() -> None:
    rules = ("{ferries: {allowed: true, colored: true}, tunnels: {allowed: true}, "
             "locomotives: {playable_on: PLAY}}")
    assert "TTR309" not in codes(rules.replace("PLAY", "[tunnel]"))
    assert "TTR309" in codes(rules.replace("PLAY", "[tunnel]"), kind="normal")
    assert "TTR309" not in codes(rules.replace("PLAY", "[tunnel, ferry]"), kind="normal")
    assert "TTR309" in codes(rules.replace("PLAY", "[]"))
