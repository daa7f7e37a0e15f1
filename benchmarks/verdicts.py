"""The official maps at full scale (``make verdicts``): every player count, 1,000 games under
every play style (``--styles``: strong, default and casual tables), and no finding of
severity warning or above under any of them.

Runs ``ttrtool simulate MAP --styles --fail-on findings`` as a user would, one map at a time,
writes each report to out/verdicts-MAP.json and .md, prints the findings and the
time taken, and exits 1 if any map has a warning.  VERDICT_GAMES and VERDICT_SEED
change the scale and the seed; VERDICT_JOBS the local processes (default: all cores);
VERDICT_MAPS, a comma-separated list, runs only those maps; VERDICT_STYLES=0 plays the
default table alone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TTRTOOL = str(Path(sys.executable).with_name("ttrtool"))
MAPS = {"usa": "2,3,4,5", "europe": "2,3,4,5", "switzerland": "2,3",
        "nordiccountries": "2,3", "india": "2,3,4"}


def main() -> int:
    games = os.environ.get("VERDICT_GAMES", "1000")
    seed = os.environ.get("VERDICT_SEED", "1")
    jobs = os.environ.get("VERDICT_JOBS")
    out = ROOT / "out"
    out.mkdir(exist_ok=True)
    failed = False
    total = 0.0
    only = os.environ.get("VERDICT_MAPS")
    for name, players in MAPS.items():
        if only and name not in only.split(","):
            continue
        report = out / f"verdicts-{name}.json"
        args = [TTRTOOL, "simulate", name, "--games", games, "--players", players,
                "--seed", seed, "--quiet", "--fail-on", "findings", "--out", str(report),
                "--markdown", str(out / f"verdicts-{name}.md")]
        if jobs:
            args += ["--jobs", jobs]
        if os.environ.get("VERDICT_STYLES", "1") != "0":
            args.append("--styles")
        start = time.perf_counter()
        done = subprocess.run(args, cwd=ROOT, check=False, capture_output=True, text=True)
        took = time.perf_counter() - start
        total += took
        if done.returncode not in (0, 1):
            sys.stderr.write(done.stderr)
            return done.returncode
        found = json.loads(report.read_text(encoding="utf-8"))["findings"]
        worst = [f for f in found if f["severity"] != "info"]
        print(f"{name}: {games} games at {players} players in {took:.0f} s; "
              f"{len(found)} findings, {len(worst)} warning or worse")
        for style, info in json.loads(report.read_text(encoding="utf-8")).get(
                "styles", {}).items():
            print(f"  {style} ({', '.join(info['bots'])}): {len(info['warnings'])} warning(s) "
                  f"{' '.join(info['warnings'])}")
        for f in found:
            counts = ', '.join(str(n) for n in f['players'])
            where = f" [{counts} players]" if f["players"] else ""
            print(f"  {f['severity']:<7} {f['code']} {f['name']}{where}: {f['message']}")
        failed = failed or done.returncode == 1
    print(f"total {total:.0f} s; verdict: {'FAIL' if failed else 'clean'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
