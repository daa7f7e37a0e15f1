"""The HTML pages survive any string a map holds (issue 39, item 2).

A seeded fuzzer writes the tiny board with its names (cities, aliases, the meta
fields, the file's own name) built from fragments of HTML, JSON and XML, then
makes every page a map reaches: ``analyze -f html``, ``simulate --html`` and the
preview (its page, and the drawing and diagnostics ``/state`` sends).  On each:

- every ``<script type="application/json">`` block is whole and parses with
  :func:`json.loads`, and holds no ``<!--``, ``<script`` or ``</script`` (which
  the HTML parser would act on: ``<!--`` once turned off the whole report page);
- the HTML parser sees no tag, script or ``on…`` attribute that the page of the
  plain board does not have;
- the drawing is well-formed XML.

``TTRTOOL_FUZZ_CASES`` sets the number of boards (8 by default, a few seconds);
set it higher to hunt.
"""

from __future__ import annotations

import json
import os
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.render.theme import default_theme
from ttrtool.report.live import Preview, preview_page

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "cases" / "valid" / "tiny.yaml"
CASES = int(os.environ.get("TTRTOOL_FUZZ_CASES", "8"))
cli = CliRunner()

FRAGMENTS = (
    # HTML
    "<!--", "-->", "<script>", "</script>", "<SCRIPT ", "</scRipt >", "<!--<script>",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<iframe src=//x>",
    "<svg onload=alert(1)>", "</style>", "</title>", "</textarea>", "<ttrx-tag>",
    "<a href=\"javascript:alert(1)\">", "<!DOCTYPE html>", "</div>", "</svg>",
    "&", "&amp;", "&lt;", "&#60;", "&#x3c;", "'", '"', "`", "=", "/>",
    # JSON and JavaScript
    "\\", "\\u003c", "\\u2028", "\\n", "\\\"", '{"a": [1, 2]}', "}]", "</", "<\\/script>",
    "${x}", "{{x}}", "*/", "/*", "//",
    # XML
    "<![CDATA[", "]]>", "<?xml version='1.0'?>", "<!ENTITY x SYSTEM 'file:///etc/passwd'>",
    "&x;", "&#0;", "<!ATTLIST a b CDATA #FIXED 'c'>", "xmlns:x='y'",
    # text
    "é", "漢字", "😀", "\ufeff", "\u00a0", "\u200b", " ", "%s",
)
# Free-text fields may hold line breaks and tabs too (names may not: the schema's pattern).
# Other control characters, U+2028 and U+2029 included, the loader refuses (TTR001), so
# they never reach a page; json_script's own test covers them.
CONTROLS = ("\n", "\t", "\r\n")


def _text(rng: random.Random, controls: bool = False) -> str:
    pool = FRAGMENTS + (CONTROLS if controls else ())
    return "".join(rng.choice(pool) for _ in range(rng.randint(1, 4)))


def _name(rng: random.Random, prefix: str) -> str:
    """A city name the schema accepts: no control character, no space at either end, and
    a prefix of its own so that no two names look alike (TTR107)."""
    middle = "".join(c for c in _text(rng) if c >= " " and c != "\x7f")
    return f"{prefix}{middle}"[:79] + "x"


def fuzzed_map(rng: random.Random) -> tuple[dict[str, Any], list[str]]:
    doc = yaml.safe_load(TINY.read_text(encoding="utf-8"))
    names = [_name(rng, f"C{n}") for n in range(3)]
    rename = dict(zip(("Aston", "Bury", "Crewe"), names, strict=True))
    for n, city in enumerate(doc["cities"]):
        city["name"] = rename[city["name"]]
        if rng.random() < 0.5:
            city["aliases"] = [_name(rng, f"A{n}")]
    for route in doc["routes"]:
        route["a"], route["b"] = rename[route["a"]], rename[route["b"]]
    for ticket in doc["tickets"]["regular"]:
        ticket["from"], ticket["to"] = rename[ticket["from"]], rename[ticket["to"]]
    doc["meta"]["name"] = _text(rng, controls=True)
    for field in ("author", "description", "version", "licence"):
        if rng.random() < 0.6:
            doc["meta"][field] = _text(rng, controls=True)
    return doc, names


class Tags(HTMLParser):
    """What an HTML parser makes of a page: its tags and their attribute names."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: Counter[str] = Counter()
        self.attributes: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        self.attributes.update(name for name, _ in attrs)

    handle_startendtag = handle_starttag


def tags(html: str) -> Tags:
    parser = Tags()
    parser.feed(html)
    parser.close()
    return parser


JSON_BLOCK = re.compile(r'<script type="application/json" id="([^"]+)">(.*?)</script>', re.S)
BOARD_SVG = re.compile(r"<div id=\"board-frame\">(<svg.*</svg>)\s*</div><div id=\"tip\"", re.S)


def json_blocks(page: str) -> dict[str, Any]:
    found = {}
    for ident, body in JSON_BLOCK.findall(page):
        lowered = body.lower()
        for danger in ("<!--", "<script", "</script"):
            assert danger not in lowered, (ident, danger, body[:200])
        try:
            found[ident] = json.loads(body)
        except json.JSONDecodeError as e:
            raise AssertionError(f"{ident}: {e}: {body[:200]}") from None
    return found


def check_page(page: str, plain: str, names: list[str]) -> None:
    blocks = json_blocks(page)
    assert blocks.keys() == json_blocks(plain).keys()
    # The names reached the data (else the fuzzer tests nothing).
    hover = json.dumps(blocks["ttr-hover"], ensure_ascii=False)
    assert all(json.dumps(n, ensure_ascii=False)[1:-1] in hover for n in names)
    check_html(page, plain)
    svg = BOARD_SVG.search(page)
    assert svg is not None
    ET.fromstring(svg.group(1))


def check_html(page: str, plain: str) -> None:
    seen, expected = tags(page), tags(plain)
    assert set(seen.tags) <= set(expected.tags), set(seen.tags) - set(expected.tags)
    assert seen.tags["script"] == expected.tags["script"]
    assert not {a for a in seen.attributes if a.startswith("on")}
    assert seen.attributes <= expected.attributes | {"data-sort"}, (
        seen.attributes - expected.attributes)


def pages(board: Path, tmp: Path) -> tuple[str, str]:
    """The analysis page and the simulation page of ``board``."""
    analysis, simulation = tmp / "analysis.html", tmp / "simulation.html"
    res = cli.invoke(app, ["analyze", str(board), "-f", "html", "-o", str(analysis)])
    assert res.exit_code == 0, res.output
    res = cli.invoke(app, ["simulate", str(board), "-n", "2", "-j", "1", "-q", "--seed", "1",
                           "--bots", "random,random", "--html", str(simulation)])
    assert res.exit_code == 0, res.output
    return (analysis.read_text(encoding="utf-8"), simulation.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("plain")
    analysis, simulation = pages(TINY, tmp)
    state = Preview(TINY, default_theme()).refresh()
    assert state.svg is not None
    return {"analysis": analysis, "simulation": simulation, "svg": state.svg,
            "preview": preview_page(TINY.name)}


@pytest.mark.parametrize("case", range(CASES))
def test_every_page_survives_any_map_string(case: int, tmp_path: Path,
                                            plain: dict[str, str]) -> None:
    rng = random.Random(f"page-fuzz:{case}")
    doc, names = fuzzed_map(rng)
    file_name = "".join(c for c in _text(rng) if c not in "/\x00") + ".yaml"
    board = tmp_path / file_name
    board.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    analysis, simulation = pages(board, tmp_path)
    check_page(analysis, plain["analysis"], names)
    check_page(simulation, plain["simulation"], names)
    # The preview: its page (titled with the file's name), the drawing it sends (put in
    # the page as HTML) and its diagnostics (sent as JSON).
    check_html(preview_page(board.name), plain["preview"])
    state = Preview(board, default_theme()).refresh()
    assert state.svg is not None, state.error
    ET.fromstring(state.svg)
    check_html(state.svg, plain["svg"])
    assert json.loads(json.dumps(state.to_dict(0))) == state.to_dict(0)


def test_the_checks_catch_what_the_old_escape_let_through() -> None:
    """The checks themselves can fail: ``<!--`` written as ``<\\!--`` is no JSON."""
    broken = '<script type="application/json" id="ttr-hover">{"a":"<\\!--"}</script>'
    with pytest.raises(AssertionError):
        json_blocks(broken)
    with pytest.raises(AssertionError):
        check_html("<p><img src=x onerror=alert(1)></p>", "<p></p>")


@pytest.mark.parametrize("text", ["<!--", "<!--<script>", "</script>", "<\\!--", "a\u2028b\u2029",
                                  "&lt;", "]]>", "\\u003c"])
def test_json_script_leaves_nothing_for_the_html_parser(text: str) -> None:
    from ttrtool.report.page import json_script

    block = json_script("x", {"name": text, "list": [text]})
    assert json_blocks(block) == {"x": {"name": text, "list": [text]}}
    assert not re.search("[<>&\u2028\u2029]", block.split(">", 1)[1].rsplit("</script>", 1)[0])
