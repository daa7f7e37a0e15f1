"""How well and how fast the layout search draws a set of dense boards (docs/render.md).

For each board made by dense_board.py and dense_crowded.py: its routes, the routes not
drawn cleanly (what `ttrtool render` names and `validate --layout` lists: the routes of
ttrtool.render.problems.layout_problems), the problems by code, the moves the search made
(Search.work, a deterministic count) and the CPU seconds of the layout alone.  The three
boards of `make bench` come first; the others (other seeds and sizes) are there so that a
change to the search is not judged on three boards only: on these boards a change that is
not byte for byte the same moves the counts both ways, board by board.  Last come the
crowded boards of issue 25 (a Greece-like board with a six-route hub, ferries and tunnels;
France / Old-West-like boards with many triples) and a 300-city grid (issue 26).

    .venv/bin/python -m benchmarks.dense_quality            # every board
    .venv/bin/python -m benchmarks.dense_quality d207 greece    # some of them
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from benchmarks.dense_board import dense_board
from benchmarks.dense_crowded import greece_board, grid_board, tripled_board, triples_board
from ttrtool.loader import parse_map_text
from ttrtool.model import build_board
from ttrtool.render.layout import RouteLayout
from ttrtool.render.plan import plan_board
from ttrtool.render.problems import layout_problems, not_clean
from ttrtool.render.search import Search
from ttrtool.render.theme import default_theme

ROOT = Path(__file__).resolve().parent.parent

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
# The crowded boards, by the function that writes them and its arguments.
CROWDED: dict[str, tuple[Callable[..., str], dict[str, float | str]]] = {
    "greece": (greece_board, {}),
    "tri1": (triples_board, {"seed": 1}),
    "tri2": (triples_board, {"seed": 2}),
    "tri3": (triples_board, {"seed": 3, "cols": 8, "rows": 5}),
    "tri6": (triples_board, {"seed": 6, "cols": 8, "rows": 5, "triples": 0.3}),
    "usa3": (tripled_board, {}),  # bundled maps, every double a triple
    "india3": (tripled_board, {"map_id": "india"}),
    "nordic3": (tripled_board, {"map_id": "nordiccountries"}),
    "swiss3": (tripled_board, {"map_id": "switzerland"}),
    "grid300": (grid_board, {}),
    "grid300x": (grid_board, {"fitted": 0}),
}


def board_text(name: str) -> str:
    if name in CROWDED:
        make, spec = CROWDED[name]
        return make(**{k: (int(v) if k in INTS or k == "fitted" else v)
                       for k, v in spec.items()})
    return dense_board(**{k: (int(v) if k in INTS else v) for k, v in BOARDS[name].items()})


def main(names: list[str]) -> int:
    sizes = default_theme().sizes
    colors = default_theme().countries
    print(f"{'board':<8} {'routes':>6} {'not clean':>9} {'problems':>8} {'moves':>6} "
          f"{'layout cpu s':>12}  by code")
    total = 0
    for name in names or [*BOARDS, *CROWDED]:
        doc = parse_map_text(board_text(name), f"{name}.yaml")
        board, errors = build_board(doc.data, doc.file)
        assert not errors, errors
        start = time.process_time()
        lay = RouteLayout(board, sizes)
        search = Search(lay)
        search.solve()
        took = time.process_time() - start
        problems = layout_problems(plan_board(lay, colors))
        bad = len(not_clean(lay, problems))
        codes = Counter(p.code for p in problems)
        total += bad
        print(f"{name:<8} {len(board.routes):>6} {bad:>9} {len(problems):>8} {search.work:>6} "
              f"{took:>12.2f}  " + " ".join(f"{c}:{n}" for c, n in sorted(codes.items())))
    print(f"{'total':<8} {'':>6} {total:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
