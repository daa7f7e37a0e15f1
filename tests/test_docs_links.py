"""Every relative link in the user docs, the READMEs and the lab notes leads somewhere: to a
file of the repository and, for ``#anchor``, to a heading of that file (GitHub's slugs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", ROOT / "benchmarks" / "README.md",
                *(ROOT / "benchmarks" / "notes").glob("*.md"), *(ROOT / "docs").glob("*.md")])

# [text](target) and [text](target "title"), not images' data and not inside code spans.
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped (but
    hyphens and underscores), each space a hyphen."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's anchor in ``page``; a repeated heading gets -1, -2 ... as on GitHub."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(page: Path) -> list[str]:
    text = CODE_SPAN.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
    return [t for t in LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def broken(page: Path) -> list[str]:
    out = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            out.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor.lower() not in anchors(where):
            out.append(f"{target}: no heading #{anchor} in {where.name}")
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    assert broken(page) == []


def test_a_broken_link_and_a_missing_heading_are_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# The `fix` loop, step 1\n\n## Options\n## Options\n")
    page = tmp_path / "page.md"
    page.write_text("[a](other.md#the-fix-loop-step-1) [b](other.md#options-1) "
                    "[c](missing.md) [d](other.md#nowhere) [e](#here) `[f](gone.md)`\n"
                    "[g](https://example.com/x.md)\n\n## Here\n")
    assert broken(page) == ["missing.md: no such file",
                            "other.md#nowhere: no heading #nowhere in other.md"]


def test_the_readme_names_every_command_with_its_page() -> None:
    from ttrtool.cli import COMMANDS

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)[^|]*\|[^|]*\|(.*)\|$", text, re.M)
    named = {command: page for command, page in rows if command in COMMANDS}
    assert list(named) == list(COMMANDS)  # each once, in the order of ttrtool --help
    for command, page in named.items():
        assert re.search(r"\]\(docs/[\w-]+\.md[#\w-]*\)", page), f"{command}: no docs page"
