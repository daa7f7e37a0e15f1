"""Helpers for the simulation tests: schema validation of log records."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from ttrtool.resources import load_schema


@pytest.fixture(scope="session")
def log_validator() -> Any:
    schema = load_schema("game-log")
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)
