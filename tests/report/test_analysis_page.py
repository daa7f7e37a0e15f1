"""``analyze --format html``: one self-contained page whose findings point at their subjects.

What the page does in a browser is tested in tests/browser; here the file itself: nothing
in it is fetched from anywhere, the findings come most severe first and each carries the
board elements of exactly its subjects, and bad input stops before any work."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.report.planted import planted_usa
from ttrtool.commands.analyze import run
from ttrtool.validate import validate_file

# Attributes that make a browser fetch something when they hold an address.
FETCHING = {"src", "href", "xlink:href", "action", "data", "poster", "srcset", "background"}


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.fetching: list[tuple[str, str, str]] = []
        self.findings: list[dict[str, str]] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        a = {k: v or "" for k, v in attrs}
        for k, v in a.items():
            if k in FETCHING and not v.startswith("#"):
                self.fetching.append((tag, k, v))
        if "finding" in a.get("class", "").split():
            self.findings.append(a)


def external_references(page: str) -> list[str]:
    """Everything in ``page`` that would make a browser ask for another file or address."""
    p = _Collect()
    p.feed(page)
    found = [f"{t} {k}={v}" for t, k, v in p.fetching]
    found += re.findall(r"url\(\s*['\"]?(?!#)[^)]*\)|@import[^;]*", page)
    # The SVG namespace is a name, not a request; any other address is suspect.
    found += [u for u in re.findall(r"https?://[^\s\"'<>)]+", page)
              if u != "http://www.w3.org/2000/svg"]
    return found


@pytest.fixture(scope="module")
def planted_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    folder = tmp_path_factory.mktemp("planted")
    source = planted_usa(folder)
    out = folder / "page.html"
    assert run(str(source), output_format="html", output=str(out)) == 0
    return out.read_text(encoding="utf-8"), source


def test_the_page_fetches_nothing(planted_page: tuple[str, Path]) -> None:
    page, _ = planted_page
    assert external_references(page) == []
    assert "default-src 'none'" in page  # the browser refuses any request the page might make


def test_the_scan_finds_what_would_be_fetched() -> None:
    """The scan above is not blind: each kind of outside reference is caught."""
    for bad in ('<img src="a.png">', '<link href="s.css">', '<script src="x.js"></script>',
                "<style>body{background:url(a.png)}</style>", "<style>@import 'x.css';</style>",
                '<a href="https://example.org/">x</a>'):
        assert external_references(bad), bad
    assert external_references('<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>'
                               ) == []


def test_findings_come_most_severe_first_and_point_at_their_subjects(
        planted_page: tuple[str, Path]) -> None:
    page, source = planted_page
    board = validate_file(source).built
    assert board is not None
    p = _Collect()
    p.feed(page)
    ranks = {"error": 0, "warning": 1, "info": 2}
    severities = [a["class"].split()[1].removeprefix("sev-") for a in p.findings]
    assert severities == sorted(severities, key=ranks.__getitem__)
    by_code = {a["data-code"]: json.loads(a["data-targets"]) for a in p.findings}
    city = {n.name: f"city-{n.index}" for n in board.nodes if n.kind == "city"}
    houston_okc = next(r.id for r in board.routes
                       if {r.a_name, r.b_name} == {"Houston", "Oklahoma City"})
    assert by_code["TTR503"] == [f"route-{houston_okc}"]
    assert sorted(by_code["TTR505"]) == sorted(f"route-{r.id}" for r in board.routes
                                               if r.color == "green")
    # a mispriced ticket: its two ends and the routes of its cheapest path (its subjects)
    denver_el_paso = [f for f in _findings(page) if f["code"] == "TTR501"][0]
    assert sorted(by_code["TTR501"]) == sorted(
        [city["Denver"], city["El Paso"]]
        + [f"route-{rid}" for rid in denver_el_paso["subjects"]["routes"]])
    # every target is an element of the drawing
    for ids in by_code.values():
        for ident in ids:
            assert f'id="{ident}"' in page


def _findings(page: str) -> list[dict[str, Any]]:
    m = re.search(r'<script type="application/json" id="ttr-findings">(.*?)</script>', page,
                  re.S)
    assert m is not None
    found: list[dict[str, Any]] = json.loads(m.group(1))
    return found


def test_the_findings_travel_with_the_page(planted_page: tuple[str, Path]) -> None:
    """The page embeds the findings as `analyze --format json` writes them."""
    page, source = planted_page
    from ttrtool.analysis import analyze
    from ttrtool.analysis.formats import to_dict

    board = validate_file(source).built
    assert board is not None
    expected = to_dict(analyze(board))["findings"]
    assert sorted(map(json.dumps, _findings(page))) == sorted(map(json.dumps, expected))
    assert {f["code"] for f in expected} >= {"TTR501", "TTR503", "TTR505"}


def test_a_name_cannot_close_the_data_script(tmp_path: Path) -> None:
    from ttrtool.report.page import json_script

    text = json_script("x", {"name": "</script><script>alert(1)</script>"})
    assert text.count("</script>") == 1
    inner = text.split(">", 1)[1].rsplit("</script>", 1)[0]
    assert json.loads(inner) == {"name": "</script><script>alert(1)</script>"}


def test_bad_input_stops_with_a_message_before_any_work(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    missing = tmp_path / "no-such-folder" / "page.html"
    assert run("usa", output_format="html", output=str(missing)) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not missing.parent.exists()
    assert run("usa", compare="europe", output_format="html",
               output=str(tmp_path / "p.html")) == 2
    assert "--compare" in capsys.readouterr().err
    assert not (tmp_path / "p.html").exists()
    assert run("usa", output_format="htm") == 2
    assert "html" in capsys.readouterr().err
