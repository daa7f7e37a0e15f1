"""ttrtool/codes.py is the one table of codes: every code the catalogue documents is there
with its name, and no other module of the package spells a code as a string."""

from __future__ import annotations

import io
import json
import pickle
import re
import tokenize
from pathlib import Path

from ttrtool import codes
from ttrtool.checks.catalog import catalog

ROOT = Path(__file__).resolve().parent.parent
LITERAL = re.compile(r"""^[rbuRBU]*(['"])TTR\d{3}\1$""")


def test_the_table_and_the_catalogue_hold_the_same_codes_under_the_same_names() -> None:
    documented = {info.code: info.name for info in catalog()}
    assert {str(c): c.name for c in codes.ALL} == documented
    assert len(codes.ALL) == len(codes.BY_CODE)  # no number twice


def test_a_code_is_its_string_everywhere_it_goes() -> None:
    code = codes.UNKNOWN_PLACE
    assert code == "TTR101" and hash(code) == hash("TTR101") and f"{code}" == "TTR101"
    assert json.dumps({"code": code}) == '{"code": "TTR101"}'
    again = pickle.loads(pickle.dumps(code))  # findings travel to and from pool workers
    assert again == code and again.name == "unknown-place"


def _literals(text: str) -> list[str]:
    return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type == tokenize.STRING and LITERAL.match(t.string)]


def test_no_module_but_the_table_spells_a_code() -> None:
    found = {str(p.relative_to(ROOT)): hits for p in sorted((ROOT / "ttrtool").rglob("*.py"))
             if p != ROOT / "ttrtool" / "codes.py"
             and (hits := _literals(p.read_text(encoding="utf-8")))}
    assert found == {}, "name these codes from ttrtool/codes.py"


def test_the_literal_finder_finds_a_code() -> None:
    assert _literals('x = "TTR101"\ny = f"{a}"\n"""a docstring"""\n') == ['"TTR101"']
