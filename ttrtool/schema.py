"""Checking a document against ``schemas/map.schema.json``.

The schema is JSON Schema draft-07: it is the newest draft that the YAML and
JSON language servers in common editors (VS Code's YAML extension, JetBrains
IDEs) fully support for completion and hover, and nothing in the map format
needs a later keyword.

Most files a designer validates are valid, and importing jsonschema costs
more than the rest of a run.  So a document is first checked by
:func:`is_valid`, a small yes/no validator for exactly the keywords this
schema uses (it refuses to answer on any other keyword); only when it says
no is jsonschema imported to find and explain every error.  A test runs both
validators over every test case and many mutated maps and requires them to
agree.  The schema itself is checked against the draft-07 metaschema by a
test, not at every run.

Why not fastjsonschema, which compiles a schema into a validator: measured on USA in one
process (2026-11, a loaded 2-core machine), compiling this schema takes 470-600 ms at every
start (loading its 477 KB of generated code kept on disk, 340-370 ms), and a check then
takes 18-21 ms against 10-14 ms here; jsonschema's import alone is 420-500 ms.  A run of
``validate`` on a valid map would be slower with it, so the small validator stays, held to
jsonschema by the agreement test.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection
from functools import cache
from typing import TYPE_CHECKING, Any

from ttrtool.codes import SCHEMA
from ttrtool.diagnostics import Diagnostic, JsonPath, Severity, character_name, visible
from ttrtool.loader import Document, plain_number
from ttrtool.resources import load_schema

if TYPE_CHECKING:
    import jsonschema
    from jsonschema.exceptions import ValidationError

# Keywords that never make a document invalid.
_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "default",
                          "examples", "readOnly", "writeOnly"})


class UnsupportedKeyword(Exception):
    """The fast validator met a keyword it does not implement."""


@cache
def _pattern(p: str) -> re.Pattern[str]:
    return re.compile(p)


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _has_type(x: Any, t: str | list[str]) -> bool:
    if isinstance(t, list):
        return any(_has_type(x, one) for one in t)
    if t == "object":
        return isinstance(x, dict)
    if t == "array":
        return isinstance(x, list)
    if t == "string":
        return isinstance(x, str)
    if t == "boolean":
        return isinstance(x, bool)
    if t == "null":
        return x is None
    if t == "number":
        return _is_number(x)
    if t == "integer":  # stricter than draft-07, which counts 2.0 (see _validator)
        return isinstance(x, int) and not isinstance(x, bool)
    raise UnsupportedKeyword(f"type {t}")


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return bool(type(a) is type(b) or (_is_number(a) and _is_number(b))) and a == b


def _valid(s: Any, x: Any) -> bool:
    if s is True or s == {}:
        return True
    if s is False:
        return False
    for key, v in s.items():
        if key in _ANNOTATIONS:
            continue
        if key == "type":
            ok = _has_type(x, v)
        elif key == "properties":
            ok = not isinstance(x, dict) or all(_valid(sub, x[n]) for n, sub in v.items() if n in x)
        elif key == "additionalProperties":
            if "patternProperties" in s:
                raise UnsupportedKeyword(key)
            props = s.get("properties", {})
            ok = not isinstance(x, dict) or all(_valid(v, x[n]) for n in x if n not in props)
        elif key == "required":
            ok = not isinstance(x, dict) or all(n in x for n in v)
        elif key == "enum":
            ok = any(_equal(x, e) for e in v)
        elif key == "const":
            ok = _equal(x, v)
        elif key == "pattern":
            ok = not isinstance(x, str) or _pattern(v).search(x) is not None
        elif key in ("minLength", "maxLength"):
            ok = not isinstance(x, str) or (len(x) >= v if key == "minLength" else len(x) <= v)
        elif key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            ok = not _is_number(x) or {
                "minimum": x >= v, "maximum": x <= v,
                "exclusiveMinimum": x > v, "exclusiveMaximum": x < v}[key]
        elif key in ("minItems", "maxItems"):
            ok = not isinstance(x, list) or (len(x) >= v if key == "minItems" else len(x) <= v)
        elif key == "uniqueItems":
            ok = not (v and isinstance(x, list)) or not any(
                _equal(x[i], x[j]) for i in range(len(x)) for j in range(i + 1, len(x)))
        elif key == "items":
            if isinstance(v, list):  # one schema per position ([lat, lon]); more items are free
                if "additionalItems" in s:
                    raise UnsupportedKeyword("additionalItems")
                ok = not isinstance(x, list) or all(
                    _valid(sub, item) for sub, item in zip(v, x, strict=False))
            else:
                ok = not isinstance(x, list) or all(_valid(v, item) for item in x)
        elif key == "propertyNames":
            ok = not isinstance(x, dict) or all(_valid(v, n) for n in x)
        elif key in ("minProperties", "maxProperties"):
            ok = not isinstance(x, dict) or (len(x) >= v if key == "minProperties" else len(x) <= v)
        elif key == "oneOf":
            ok = sum(_valid(sub, x) for sub in v) == 1
        elif key == "anyOf":
            ok = any(_valid(sub, x) for sub in v)
        elif key == "allOf":
            ok = all(_valid(sub, x) for sub in v)
        elif key == "not":
            ok = not _valid(v, x)
        else:
            raise UnsupportedKeyword(key)
        if not ok:
            return False
    return True


def is_valid(data: Any, schema: dict[str, Any] | None = None) -> bool | None:
    """Does ``data`` match the map schema?  None when the schema uses a keyword this small
    validator does not implement (then ask jsonschema)."""
    try:
        return _valid(load_schema() if schema is None else schema, data)
    except UnsupportedKeyword:
        return None


@cache
def _validator() -> jsonschema.Draft7Validator:
    import jsonschema

    # Draft-07 counts 5.0 as an integer, but the map's integers are counts — a route's
    # length, a number of cards or players — and a float there breaks every later step.
    # So an integer here is a whole number written without a decimal point.
    checker = jsonschema.Draft7Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool))
    strict = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft7Validator, type_checker=checker)
    # check_schema runs in the test suite (tests/test_validate_schema.py), not here.
    return strict(load_schema())  # type: ignore[no-any-return]


def schema_diagnostics(doc: Document) -> list[Diagnostic]:
    """Schema errors (code TTR010) with the line and column of the offending value."""
    if is_valid(doc.data):
        return []
    out = []
    for error in _validator().iter_errors(doc.data):
        err = _most_specific(error)
        path = tuple(err.absolute_path)
        message = _message(err, doc.quoted)
        if error.validator == "oneOf" and _is_city(tuple(error.absolute_path)):
            err, path = error, tuple(error.absolute_path)
            message = _city_place_message(path, error.instance)
        elif error.validator == "oneOf" and "tickets" in error.absolute_path:
            err, path = error, tuple(error.absolute_path)
            message = (f"{_where(path)}: a ticket has either 'to' and 'points' (one destination) "
                       "or 'destinations' (several), not both or neither")
        if message is None:
            continue
        loc = doc.locate(path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            extra = _extra_keys(err)
            if extra:
                loc = doc.locate_key(path + (extra[0],))
                path = path + (extra[0],)
        elif err.validator == "required" and path:
            loc = doc.locate_key(path) if path in doc.key_positions else loc
        out.append(Diagnostic(SCHEMA, SCHEMA.name, Severity.ERROR, message, path, doc.file, loc))
    out.sort(key=Diagnostic.sort_key)
    return out


def _is_city(path: JsonPath) -> bool:
    return len(path) == 2 and path[0] == "cities" and isinstance(path[1], int)


def _city_place_message(path: JsonPath, city: Any) -> str:
    both = isinstance(city, dict) and "pos" in city and "geo" in city
    if both:
        return (f"{_where(path)} gives both pos and geo: keep geo: [lat, lon] for a real place, "
                "or pos: [x, y] to place it on the board by hand, not both")
    return (f"{_where(path)} has no place: add geo: [lat, lon] (degrees) or pos: [x, y] "
            "(board units)")


_GEO_AXES = {0: ("latitude", 90), 1: ("longitude", 180)}


def _geo_message(path: JsonPath, value: Any, validator: str) -> str | None:
    """A latitude or longitude out of range: name it, give its range, suspect a swap."""
    if len(path) != 4 or path[0] != "cities" or path[2] != "geo" or path[3] not in _GEO_AXES:
        return None
    if validator not in ("minimum", "maximum"):
        return None
    axis, limit = _GEO_AXES[int(path[3])]
    hint = ("; geo is [latitude, longitude]: are the two swapped?" if axis == "latitude"
            and abs(value) <= 180 else "")
    return (f"{_where(path)} is {value}: a {axis} lies between -{limit} and {limit} "
            f"degrees{hint}")


def _most_specific(error: ValidationError) -> ValidationError:
    if error.context:
        from jsonschema.exceptions import best_match

        best = best_match(error.context)
        if best is not None:
            return _most_specific(best)
    return error


def _schema_dict(err: ValidationError) -> dict[str, Any]:
    return err.schema if isinstance(err.schema, dict) else {}


def _extra_keys(err: ValidationError) -> list[str]:
    allowed = set(_schema_dict(err).get("properties", {}))
    instance = err.instance
    return [k for k in instance if k not in allowed] if isinstance(instance, dict) else []


def _where(path: tuple[Any, ...]) -> str:
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    return text or "the file"


def _message(err: ValidationError, quoted: Collection[JsonPath] = ()) -> str | None:
    """What to tell the designer, or None when another error on the same value says it."""
    path = tuple(err.absolute_path)
    where = _where(path)
    v = err.validator
    if v == "additionalProperties":
        extra = _extra_keys(err)
        props = sorted(_schema_dict(err).get("properties", {}))
        if not props or not extra:
            return f"{where}: {err.message}"
        close = difflib.get_close_matches(extra[0], props, n=1)
        if close:
            return f"unknown key '{extra[0]}' in {where}: did you mean '{close[0]}'?"
        return f"unknown key '{extra[0]}' in {where}: allowed keys are {', '.join(props)}"
    if v == "required":
        return f"{where} is missing {err.message.split(' is a required')[0]}: add it"
    if v == "type":
        expected = err.validator_value
        got = err.instance
        hint = ""
        if expected == "string" and not isinstance(got, str):
            hint = f"; YAML read it as {_yaml_repr(got)}: quote it"
        elif expected in ("integer", "number") and isinstance(got, str):
            if path in quoted and _reads_as(got, str(expected)):
                hint = f", not the text '{got}': remove the quotes"
            else:
                example = "a whole number such as 3" if expected == "integer" else \
                    "a number such as 3 or 2.5"
                hint = f", not the text '{got}': write it as {example}"
        elif expected == "integer" and isinstance(got, float) and got.is_integer():
            return f"{where} must be a whole number: write {int(got)}, not {got}"
        else:
            hint = f", not {_kind(got)}"
        article = "an" if str(expected)[0] in "aeiou" else "a"
        return f"{where} must be {article} {expected}{hint}"
    if v == "enum":
        value = err.validator_value
        options = ", ".join(str(o) for o in value) if isinstance(value, list) else str(value)
        return f"{where} is {_yaml_repr(err.instance)}: use one of {options}"
    if v == "const":
        return f"{where} must be {err.validator_value}"
    if v == "pattern":
        if "u0000" in str(err.validator_value):
            text = str(err.instance)
            if text == "":
                return None  # minLength says it is empty
            if text != text.strip():
                end, ch = ("starts", text[0]) if text[0].isspace() else ("ends", text[-1])
                space = "a space" if ch == " " else character_name(ch)
                return f"{where} '{visible(text)}' {end} with {space}: remove it"
            return f"{where} contains a control character: remove it"
        return f"{where} '{err.instance}' does not have the expected form ({err.validator_value})"
    if v in ("minimum", "maximum", "exclusiveMinimum"):
        geo = _geo_message(path, err.instance, str(v))
        if geo:
            return geo
        if v == "maximum":
            return (f"{where} is {err.instance}, more than the most allowed, "
                    f"{err.validator_value}: lower it (docs/map-format.md lists the limits)")
        return f"{where} is {err.instance}: {err.message.split(' is ', 1)[-1]}"
    if v == "minLength" and err.instance == "":
        return f"{where} is empty: write it out, or remove the key if it is optional"
    if v in ("maxItems", "maxProperties") and isinstance(err.instance, list | dict):
        return (f"{where} has {len(err.instance)} entries, more than the most allowed, "
                f"{err.validator_value}: remove some (docs/map-format.md lists the limits)")
    if v in ("minItems", "maxItems"):
        return f"{where}: {err.message}"
    if v == "oneOf" and path and "tickets" in path:
        return (f"{where}: a ticket has either 'to' and 'points' (one destination) "
                "or 'destinations' (several), not both or neither")
    return f"{where}: {err.message}"


def _reads_as(text: str, expected: str) -> bool:
    """Would ``text`` be a value of the ``expected`` JSON type once its quotes are removed?"""
    value = plain_number(text)
    return value is not None and _has_type(value, expected)


def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return _yaml_repr(value)
    return {dict: "a mapping", list: "a list", str: "text", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def _yaml_repr(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return repr(value)

