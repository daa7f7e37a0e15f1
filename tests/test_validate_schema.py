"""schemas/map.schema.json itself, and the fast validity check against jsonschema."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from ttrtool.loader import LoadError, parse_map_text
from ttrtool.resources import bundled_map_path, load_schema
from ttrtool.schema import _validator, is_valid

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"


def test_schema_is_valid_draft_07() -> None:
    schema = load_schema()
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)


def _objects(schema: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            yield where, schema
        for key, value in schema.items():
            yield from _objects(value, f"{where}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from _objects(value, f"{where}/{i}")


def test_every_property_is_described_and_objects_are_closed() -> None:
    for where, obj in _objects(load_schema()):
        assert "additionalProperties" in obj, f"{where} lacks additionalProperties"
        for name, prop in obj.get("properties", {}).items():
            assert prop.get("description"), f"{where}/properties/{name} has no description"


def _documents() -> list[tuple[str, Any]]:
    docs = []
    for path in sorted(CASES.glob("*/*.yaml")) + [bundled_map_path(n) for n in
                                                   ("usa", "europe", "switzerland")]:
        try:
            docs.append((path.name, parse_map_text(path.read_bytes(), str(path)).data))
        except LoadError:
            continue
    return docs


DOCUMENTS = _documents()


@pytest.mark.parametrize("name,data", DOCUMENTS, ids=[n for n, _ in DOCUMENTS])
def test_fast_validator_agrees_on_the_cases(name: str, data: Any) -> None:
    validator = _validator()
    assert is_valid(data) == validator.is_valid(data)


def test_fast_validator_agrees_on_mutated_maps() -> None:
    rng = random.Random(11)
    validator = _validator()
    values: list[Any] = [None, True, 0, 1, -1, 2.0, 2.5, 13, "", "gray", "Bern", "ferry", "x y",
                         "ab\x01", [], [1.0, 2.0], [1, 2, 3], {}, {"to": "Bern", "points": 2}]
    sources = [data for _, data in DOCUMENTS if validator.is_valid(data)]
    disagreements = []
    invalid = 0
    for _ in range(1500):
        data = rng.choice(sources)
        mutated = _mutate(data, rng, values)
        expected = validator.is_valid(mutated)
        invalid += not expected
        if is_valid(mutated) != expected:
            disagreements.append(mutated)
    assert not disagreements[:1]
    assert 300 < invalid < 1450  # both answers were exercised


def _mutate(data: Any, rng: random.Random, values: list[Any]) -> Any:
    """Replace, delete or add one entry somewhere in ``data`` (a copy)."""
    if isinstance(data, dict) and data and rng.random() < 0.7:
        key = rng.choice(list(data))
        out = dict(data)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.25:
            out[rng.choice(["extra", "colour", "double", "kind", "copies"])] = rng.choice(values)
        elif roll < 0.5:
            out[key] = rng.choice(values)
        else:
            out[key] = _mutate(data[key], rng, values)
        return out
    if isinstance(data, list) and data and rng.random() < 0.7:
        i = rng.randrange(len(data))
        out_list = list(data)
        out_list[i] = _mutate(data[i], rng, values) if rng.random() < 0.7 else rng.choice(values)
        return out_list
    return rng.choice(values)


def test_fast_validator_refuses_to_guess_on_unknown_keywords() -> None:
    assert is_valid(3, {"type": "integer", "multipleOf": 2}) is None
    assert is_valid(3, {"type": "integer", "minimum": 4}) is False
    assert is_valid(2.0, {"type": "integer"}) is False  # whole numbers only (schema.py)
    assert is_valid(True, {"type": "integer"}) is False
    assert is_valid([1, 1.0], {"uniqueItems": True}) is False
    assert is_valid([1, True], {"uniqueItems": True}) is True


def test_bundled_maps_name_the_schema() -> None:
    for name in ("usa", "europe", "switzerland"):
        first = bundled_map_path(name).read_text(encoding="utf-8").splitlines()[0]
        assert re.fullmatch(r"# yaml-language-server: \$schema=\S+map\.schema\.json", first)
    assert yaml.safe_load(bundled_map_path("usa").read_text(encoding="utf-8"))["format"] == 1


def _tiny_with_length(written: str) -> str:
    """tests/cases/valid/tiny.yaml with the first route's length written as ``written``."""
    text = (CASES / "valid" / "tiny.yaml").read_text(encoding="utf-8")
    out, done = [], False
    for line in text.splitlines(keepends=True):
        if not done and "length: " in line and line.lstrip().startswith("- {a:"):
            head, rest = line.split("length: ", 1)
            line = head + "length: " + written + rest[rest.index(","):]
            done = True
        out.append(line)
    assert done
    return "".join(out)


@pytest.mark.parametrize(("written", "hint"), [
    ("'2'", True), ('"2"', True),  # quoted digits: the quotes are the only slip
    ("two", False),                # plain text: there are no quotes to remove
    ("'two'", False),              # quoted, but no number inside either
])
def test_remove_the_quotes_only_when_the_value_was_quoted(written: str, hint: bool) -> None:
    from ttrtool.validate import validate_text

    result = validate_text(_tiny_with_length(written), "q.yaml")
    (d,) = result.diagnostics
    assert d.code == "TTR010" and "must be an integer" in d.message, d.message
    assert ("remove the quotes" in d.message) == hint, d.message
    if not hint:
        assert "a whole number such as" in d.message, d.message
