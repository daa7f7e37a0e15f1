"""Invisible characters in names: TTR115 at the definition, and the TTR101 and TTR010 hints."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttrtool.diagnostics import Diagnostic, invisible_characters, visible
from ttrtool.validate import validate_text

CASES = Path(__file__).resolve().parent / "cases"
TINY = (CASES / "valid" / "tiny.yaml").read_text(encoding="utf-8")
ZWSP = "\u200b"


def diagnostics(text: str) -> list[Diagnostic]:
    return validate_text(text, "m.yaml").diagnostics


def with_city_name(name: str, everywhere: bool = False) -> str:
    """tiny.yaml with the city Crewe renamed (in its definition only, or everywhere)."""
    if everywhere:
        return TINY.replace("Crewe", name)
    return TINY.replace("{name: Crewe,", "{name: " + name + ",")


@pytest.mark.parametrize(("char", "described"), [
    ("\u200b", "U+200B ZERO WIDTH SPACE"),
    ("\u00a0", "U+00A0 NO-BREAK SPACE"),
    ("\u200e", "U+200E LEFT-TO-RIGHT MARK"),
    ("\u2060", "U+2060 WORD JOINER"),
    ("\u00ad", "U+00AD SOFT HYPHEN"),
    ("\u3000", "U+3000 IDEOGRAPHIC SPACE"),
    ("\u3164", "U+3164 HANGUL FILLER"),
])
def test_a_name_with_an_invisible_character_is_reported_at_its_definition(
        char: str, described: str) -> None:
    name = "Cre" + char + "we"
    got = [d for d in diagnostics(with_city_name(name, everywhere=True)) if d.code == "TTR115"]
    (d,) = got
    assert not d.is_error
    line = next(n for n, t in enumerate(TINY.splitlines(), start=1) if "{name: Crewe," in t)
    assert d.location.line == line and d.path == ("cities", 2, "name")
    assert described in d.message and "character 4" in d.message, d.message
    assert "'Cre<U+" in d.message, d.message  # the name is shown with the character made visible


def test_the_unknown_place_hint_names_the_invisible_character_of_the_reference() -> None:
    text = TINY.replace("{from: Aston, to: Crewe,", "{from: Aston, to: Crewe" + ZWSP + ",")
    (d,) = [d for d in diagnostics(text) if d.code == "TTR101"]
    assert "unknown place 'Crewe<U+200B>'" in d.message, d.message
    assert "U+200B ZERO WIDTH SPACE" in d.message and "character 6" in d.message
    assert "did you mean 'Crewe'?" in d.message


def test_the_unknown_place_hint_names_the_invisible_character_of_the_suggestion() -> None:
    # The definition holds the character, the routes and tickets were typed without it.
    got = diagnostics(with_city_name("Crewe" + ZWSP))
    unknown = [d for d in got if d.code == "TTR101"]
    assert unknown
    for d in unknown:
        assert "did you mean 'Crewe<U+200B>'?" in d.message, d.message
        assert "U+200B ZERO WIDTH SPACE" in d.message and "character 6" in d.message
    assert [d.code for d in got if d.code == "TTR115"] == ["TTR115"]


def test_near_duplicate_names_show_the_invisible_character() -> None:
    crewe = "  - {name: Crewe, pos: [90, 10]}\n"
    text = TINY.replace(crewe, crewe + "  - {name: Cre\u00a0we, pos: [90, 90]}\n")
    msgs = [d.message for d in diagnostics(text) if d.code == "TTR107"]
    assert any("'Cre<U+00A0>we'" in m for m in msgs), msgs


def test_a_name_ending_in_a_no_break_space_names_the_character() -> None:
    d, *_ = diagnostics(with_city_name("Crewe\u00a0", everywhere=True))
    assert d.code == "TTR010" and "ends with" in d.message
    assert "U+00A0 NO-BREAK SPACE" in d.message and "'Crewe<U+00A0>'" in d.message, d.message


@pytest.mark.parametrize("name", [
    "Zürich", "St. Gallen", "Москва",
    "\u0646\u06cc\u06a9\u200c\u0634\u0647\u0631",  # Persian, a non-joiner between two letters
    "\u0915\u094d\u200d\u0937",                    # Devanagari, a joiner inside a conjunct
])
def test_names_without_invisible_characters_or_with_joiners_their_script_needs(name: str) -> None:
    assert invisible_characters(name) == []
    assert visible(name) == name


def test_a_joiner_in_a_latin_name_is_invisible() -> None:
    assert invisible_characters("Fa\u200dlun") == [(2, "\u200d")]
    assert visible("Fa\u200dlun") == "Fa<U+200D>lun"
