"""What ``ttrtool fix --layout --unsafe`` leaves on crowded boards (issue 41).

    python -m benchmarks.fix_layout                 # the crowded boards and the bundled maps
    python -m benchmarks.fix_layout greece tripled  # some of them

For each board: the routes not drawn cleanly before and after, the labels without room,
the cities moved (mm on the printed board), the changes kept, the layouts made and the
time.  Nothing is written (the boards are fixed in a temporary folder).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from benchmarks.dense_crowded import greece_board, tripled_board, triples_board
from ttrtool.edit.fixing import FixRequest, fix_map

ROOT = Path(__file__).resolve().parent.parent
BOARDS = {"greece": greece_board, "triples": triples_board, "tripled": tripled_board}
BUNDLED = ("usa", "europe", "switzerland", "nordiccountries", "india")


def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name in names or [*BOARDS, *BUNDLED]:
            path = Path(folder) / f"{name}.yaml"
            path.write_text(BOARDS[name]() if name in BOARDS else
                            (ROOT / "maps" / f"{name}.yaml").read_text(encoding="utf-8"),
                            encoding="utf-8")
            start = time.monotonic()
            report = fix_map(FixRequest(path, layout=True, unsafe=True, write=False))
            lay = report.layout
            if lay is None:
                print(f"{name}: not laid out ({len(report.after.errors)} errors)")
                continue
            moved = ", ".join(f"{k} {v:.1f}" for k, v in sorted(lay.moved.items()))
            print(f"{name}: routes not drawn cleanly {len(lay.before.routes)} -> "
                  f"{len(lay.after.routes)}, labels without room {len(lay.before.labels)} -> "
                  f"{len(lay.after.labels)}; {len(lay.changes)} change(s) kept, "
                  f"{lay.layouts} layouts, {time.monotonic() - start:.0f} s; "
                  f"moved (mm): {moved or 'none'}")
            if lay.after.routes:
                print(f"  left: {', '.join(lay.after.routes)}")


if __name__ == "__main__":
    main(sys.argv[1:])
