"""Shared fixtures: the bundled boards, loaded once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

import ttrtool
from ttrtool.model import Board

ROOT = Path(__file__).resolve().parent.parent
# A copy of the public tables the bundled maps were checked against, kept in the repository
# so the comparisons run on any clone (tools/check_reference_copy.py compares it with the
# originals where they are at hand).
REFERENCE = ROOT / "tests" / "reference"


@pytest.fixture(scope="session")
def usa() -> Board:
    return ttrtool.load_map("usa")


@pytest.fixture(scope="session")
def europe() -> Board:
    return ttrtool.load_map("europe")


@pytest.fixture(scope="session")
def switzerland() -> Board:
    return ttrtool.load_map("switzerland")


@pytest.fixture(scope="session")
def nordiccountries() -> Board:
    return ttrtool.load_map("nordiccountries")


@pytest.fixture(scope="session")
def india() -> Board:
    return ttrtool.load_map("india")


@pytest.fixture(scope="session")
def variant_boards(nordiccountries: Board, india: Board) -> dict[str, Board]:
    """The bundled boards whose rules need the variant mechanisms (docs/variants.md)."""
    return {"nordiccountries": nordiccountries, "india": india}


@pytest.fixture(scope="session")
def boards(usa: Board, europe: Board, switzerland: Board) -> dict[str, Board]:
    return {"usa": usa, "europe": europe, "switzerland": switzerland}
