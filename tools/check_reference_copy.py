"""Compare tests/reference with the originals it was copied from (run by hand).

tests/reference holds the public tables of the official maps and the rule ids of RULES.md, so
that the comparisons with the bundled maps run on any clone.  Where the originals are at hand
(a folder holding ``reference/`` and ``RULES.md``; by default ``../shared`` beside the
checkout), this script says whether the copy still equals them::

    python tools/check_reference_copy.py [FOLDER]

It exits 0 when the copy is current, 1 with the differences, 2 when FOLDER is not there.  The
test suite does not depend on that folder: it reads the copy only.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPY = ROOT / "tests" / "reference"


def tables(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.suffix in (".csv", ".json"))


def differences(shared: Path) -> list[str]:
    """What differs between the copy and the originals in ``shared``, one line each."""
    out: list[str] = []
    original = shared / "reference"
    theirs, ours = tables(original), tables(COPY)
    out += [f"missing from tests/reference: {p}" for p in theirs if p not in ours]
    out += [f"no longer in {original}: {p}" for p in ours if p not in theirs]
    out += [f"differs, copy it again: {p}" for p in ours
            if p in theirs and (COPY / p).read_bytes() != (original / p).read_bytes()]
    ids = re.findall(r"^- (R-[A-Z]+-\d+)", (shared / "RULES.md").read_text(encoding="utf-8"),
                     flags=re.M)
    if (COPY / "rule_ids.txt").read_text(encoding="utf-8").split() != ids:
        out.append("tests/reference/rule_ids.txt differs from the rule ids of RULES.md")
    return out


def main(argv: list[str]) -> int:
    shared = Path(argv[0]) if argv else ROOT.parent / "shared"
    if not (shared / "reference").is_dir() or not (shared / "RULES.md").is_file():
        print(f"{shared}: no reference/ and RULES.md here", file=sys.stderr)
        return 2
    found = differences(shared)
    print("\n".join(found) if found else "tests/reference equals " + str(shared))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
