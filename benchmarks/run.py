"""Whole-process timings of ttrtool commands on the bundled maps (``make bench``).

Each command is run several times as a fresh process; the best and median
wall-clock times are reported against the goal.  No unit test is timed.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TTRTOOL = [sys.executable, "-m", "ttrtool"]

# (label, arguments, goal in seconds)
COMMANDS: list[tuple[str, list[str], float]] = [
    ("validate europe", ["validate", "maps/europe.yaml"], 0.3),
    ("analyze europe", ["analyze", "maps/europe.yaml"], 0.5),
]


def time_command(args: list[str], runs: int = 7) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(TTRTOOL + args, cwd=ROOT, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    print(f"{'command':<28} {'best s':>8} {'median s':>9} {'goal s':>7}  verdict")
    for label, args, goal in COMMANDS:
        times = time_command(args)
        best, median = min(times), statistics.median(times)
        verdict = "ok" if median <= goal else "SLOW"
        print(f"{label:<28} {best:8.3f} {median:9.3f} {goal:7.2f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
