"""Checking a document against ``schemas/map.schema.json``.

The schema is JSON Schema draft-07: it is the newest draft that the YAML and
JSON language servers in common editors (VS Code's YAML extension, JetBrains
IDEs) fully support for completion and hover, and nothing in the map format
needs a later keyword.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from ttrtool.diagnostics import Diagnostic, Severity
from ttrtool.loader import Document
from ttrtool.resources import load_schema


@cache
def _validator() -> jsonschema.Draft7Validator:
    schema = load_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def schema_diagnostics(doc: Document) -> list[Diagnostic]:
    """Schema errors (code TTR010) with the line and column of the offending value."""
    out = []
    for error in _validator().iter_errors(doc.data):
        err = _most_specific(error)
        path = tuple(err.absolute_path)
        message = _message(err, doc)
        loc = doc.locate(path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            extra = _extra_keys(err)
            if extra:
                loc = doc.locate_key(path + (extra[0],))
                path = path + (extra[0],)
        out.append(Diagnostic("TTR010", "schema", Severity.ERROR, message, path, doc.file, loc))
    out.sort(key=Diagnostic.sort_key)
    return out


def _most_specific(error: ValidationError) -> ValidationError:
    if error.context:
        best = best_match(error.context)
        return _most_specific(best)
    return error


def _extra_keys(err: ValidationError) -> list[str]:
    allowed = set(err.schema.get("properties", {}))
    return [k for k in err.instance if k not in allowed]


def _where(path: tuple[Any, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "the file"


def _message(err: ValidationError, doc: Document) -> str:
    path = tuple(err.absolute_path)
    where = _where(path)
    v = err.validator
    if v == "additionalProperties":
        extra = _extra_keys(err)
        allowed = ", ".join(sorted(err.schema.get("properties", {})))
        return f"unknown key '{extra[0] if extra else '?'}' in {where}: allowed keys are {allowed}"
    if v == "required":
        return f"{where} is missing {err.message.split(' is a required')[0]}: add it"
    if v == "type":
        expected = err.validator_value
        got = err.instance
        hint = ""
        if expected == "string" and not isinstance(got, str):
            hint = f"; YAML read it as {_yaml_repr(got)}: quote it"
        return f"{where} must be a {expected}{hint}"
    if v == "enum":
        options = ", ".join(str(o) for o in err.validator_value)
        return f"{where} is {_yaml_repr(err.instance)}: use one of {options}"
    if v == "const":
        return f"{where} must be {err.validator_value}"
    if v == "pattern":
        if "u0000" in str(err.validator_value):
            return f"{where} contains a control character: remove it"
        return f"{where} '{err.instance}' does not have the expected form ({err.validator_value})"
    if v in ("minimum", "maximum", "exclusiveMinimum"):
        return f"{where} is {err.instance}: {err.message.split(' is ', 1)[-1]}"
    if v in ("minItems", "maxItems"):
        return f"{where}: {err.message}"
    if v == "oneOf" and path and "tickets" in path:
        return (f"{where}: a ticket has either 'to' and 'points' (one destination) "
                "or 'destinations' (several), not both or neither")
    return f"{where}: {err.message}"


def _yaml_repr(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return repr(value)


def iter_schema_errors(data: Any) -> Iterator[ValidationError]:
    """Raw jsonschema errors, for tools that want them."""
    return _validator().iter_errors(data)
