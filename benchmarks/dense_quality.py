"""How well and how fast the layout search draws a set of dense boards (docs/render.md).

For each board made by dense_board.py: its routes, the routes the layout could not draw
cleanly (what `ttrtool render` reports), the moves the search made (Search.work, a
deterministic count) and the CPU seconds of the layout alone.  The three boards of
`make bench` come first; the others (other seeds and sizes) are there so that a change to
the search is not judged on three boards only: on these boards a change that is not byte for
byte the same moves the counts both ways, board by board.

    .venv/bin/python benchmarks/dense_quality.py            # every board
    .venv/bin/python benchmarks/dense_quality.py d207 h2    # some of them
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from dense_board import dense_board  # noqa: E402

from ttrtool.loader import parse_map_text  # noqa: E402
from ttrtool.model import build_board  # noqa: E402
from ttrtool.render.layout import RouteLayout  # noqa: E402
from ttrtool.render.search import Search  # noqa: E402
from ttrtool.render.theme import default_theme  # noqa: E402

BOARDS: dict[str, dict[str, float]] = {
    "d174": {},  # the three of `make bench`
    "d207": {"doubles": 0.5},
    "d196": {"cols": 11, "seed": 3, "doubles": 0.45, "diagonals": 0.5},
    "e2": {"seed": 2},
    "e5": {"seed": 5, "doubles": 0.45},
    "e9": {"cols": 9, "seed": 9, "doubles": 0.55, "diagonals": 0.6},
    "e11": {"cols": 11, "seed": 11, "doubles": 0.4},
    "e4x": {"rows": 7, "seed": 4, "doubles": 0.3, "diagonals": 0.35},
    "h1": {"seed": 21},
    "h2": {"cols": 11, "seed": 13, "doubles": 0.5},
    "h3": {"seed": 17, "doubles": 0.45, "diagonals": 0.55},
    "h4": {"cols": 9, "rows": 7, "seed": 19, "doubles": 0.4},
}
INTS = ("cols", "rows", "seed")


def main(names: list[str]) -> int:
    sizes = default_theme().sizes
    print(f"{'board':<6} {'routes':>6} {'not clean':>9} {'moves':>6} {'layout cpu s':>12}")
    total = 0
    for name in names or list(BOARDS):
        spec = {k: (int(v) if k in INTS else v) for k, v in BOARDS[name].items()}
        doc = parse_map_text(dense_board(**spec), f"{name}.yaml")
        board, errors = build_board(doc.data, doc.file)
        assert not errors, errors
        start = time.process_time()
        lay = RouteLayout(board, sizes)
        search = Search(lay)
        search.solve()
        took = time.process_time() - start
        bad = len(lay.problems())
        total += bad
        print(f"{name:<6} {len(board.routes):>6} {bad:>9} {search.work:>6} {took:>12.2f}")
    print(f"{'total':<6} {'':>6} {total:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
