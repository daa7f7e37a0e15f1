"""Crowded boards of the kinds issue 25 found drawn badly, for the renderer's benchmarks.

* :func:`greece_board`: a Greece-like board written from the real places' longitudes and
  latitudes: a hub of six routes at Larissa, coloured ferries among the islands, tunnels
  in the Pindus mountains, a few doubles.
* :func:`triples_board`: a France / Old-West-like board: cities on a jittered grid, many
  parallel groups of three tracks and some groups whose tracks differ in length (4/4/5,
  ``double_routes.tracks_may_differ``).
* :func:`grid_board`: a plain grid of ``cols`` x ``rows`` cities (300 by default), for the
  scale of the layout checks (issue 26).

Lengths are what each route's straight line holds on the printed board (as in
dense_board.py), so every board is drawable in principle; only the crowding is hard.

    python -m benchmarks.dense_crowded greece > out/greece.yaml
"""

from __future__ import annotations

import math
import random
import re
import sys
from pathlib import Path

from benchmarks.dense_board import COLORS, _cheapest, jittered_grid

ROOT = Path(__file__).resolve().parent.parent
MM_PER_PX = (800.0 - 22.0) / 1744  # an 800 mm board drawn from 1744 px art


def _length(d_px: float, mm_per_px: float = MM_PER_PX) -> int:
    """The number of cars that fill ``d_px`` of straight line on the printed board."""
    d = d_px * mm_per_px
    fewest = math.ceil((d - 2 * (4.2 + 14.0) + 6.0) / 30.0)
    most = math.floor((d - 2 * 4.7 + 1.6) / 25.6)
    return max(1, min(8, (fewest + most) // 2 if fewest <= most else most))


# name: (longitude, latitude)
GREECE = {
    "Thessaloniki": (22.94, 40.64), "Larissa": (22.42, 39.64), "Volos": (22.94, 39.36),
    "Lamia": (22.43, 38.90), "Trikala": (21.77, 39.56), "Ioannina": (20.85, 39.66),
    "Kozani": (21.79, 40.30), "Katerini": (22.50, 40.27), "Igoumenitsa": (20.27, 39.50),
    "Kerkyra": (19.92, 39.62), "Preveza": (20.75, 38.96), "Agrinio": (21.41, 38.62),
    "Patras": (21.73, 38.25), "Pyrgos": (21.44, 37.67), "Corinth": (22.93, 37.94),
    "Athina": (23.73, 37.98), "Chalkida": (23.60, 38.46), "Tripoli": (22.37, 37.51),
    "Kalamata": (22.11, 37.04), "Nafplio": (22.80, 37.57), "Kavala": (24.41, 40.94),
    "Alexandroupoli": (25.87, 40.85), "Serres": (23.55, 41.09), "Florina": (21.41, 40.78),
    "Mytilini": (26.55, 39.11), "Chios": (26.14, 38.37), "Syros": (24.94, 37.44),
    "Naxos": (25.38, 37.10), "Santorini": (25.43, 36.42), "Irakleio": (25.14, 35.34),
    "Chania": (24.02, 35.51), "Rodos": (28.22, 36.43), "Kos": (27.29, 36.89),
    "Zakynthos": (20.90, 37.78), "Kefalonia": (20.49, 38.18), "Limnos": (25.06, 39.87),
}
# (a, b, colour, kind, locomotives, double group)
GREECE_ROUTES: list[tuple[str, str, str, str, int, str]] = [
    # Larissa: a hub of six.
    ("Larissa", "Lamia", "green", "tunnel", 0, ""),
    ("Larissa", "Volos", "red", "normal", 0, ""),
    ("Ioannina", "Larissa", "pink", "tunnel", 0, ""),
    ("Larissa", "Trikala", "gray", "normal", 0, ""),
    ("Larissa", "Katerini", "blue", "normal", 0, "LK"),
    ("Larissa", "Katerini", "orange", "normal", 0, "LK"),
    ("Kozani", "Larissa", "yellow", "tunnel", 0, ""),
    ("Thessaloniki", "Katerini", "black", "normal", 0, ""),
    ("Thessaloniki", "Kozani", "white", "tunnel", 0, ""),
    ("Thessaloniki", "Serres", "gray", "normal", 0, ""),
    ("Thessaloniki", "Kavala", "red", "normal", 0, "TK"),
    ("Thessaloniki", "Kavala", "green", "normal", 0, "TK"),
    ("Serres", "Kavala", "gray", "normal", 0, ""),
    ("Kavala", "Alexandroupoli", "blue", "normal", 0, ""),
    ("Florina", "Kozani", "orange", "tunnel", 0, ""),
    ("Florina", "Thessaloniki", "pink", "tunnel", 0, ""),
    ("Florina", "Ioannina", "black", "tunnel", 0, ""),
    ("Ioannina", "Trikala", "white", "tunnel", 0, ""),
    ("Kozani", "Trikala", "gray", "tunnel", 0, ""),
    ("Ioannina", "Igoumenitsa", "yellow", "normal", 0, ""),
    ("Igoumenitsa", "Kerkyra", "white", "ferry", 1, ""),
    ("Ioannina", "Preveza", "red", "normal", 0, ""),
    ("Preveza", "Agrinio", "green", "normal", 0, ""),
    ("Agrinio", "Lamia", "blue", "tunnel", 0, ""),
    ("Agrinio", "Patras", "orange", "normal", 0, ""),
    ("Trikala", "Lamia", "black", "tunnel", 0, ""),
    ("Volos", "Lamia", "white", "normal", 0, ""),
    ("Lamia", "Chalkida", "yellow", "normal", 0, ""),
    ("Lamia", "Athina", "gray", "normal", 0, "LA"),
    ("Lamia", "Athina", "gray", "normal", 0, "LA"),
    ("Chalkida", "Athina", "pink", "normal", 0, ""),
    ("Athina", "Corinth", "red", "normal", 0, "AC"),
    ("Athina", "Corinth", "white", "normal", 0, "AC"),
    ("Corinth", "Patras", "black", "normal", 0, ""),
    ("Patras", "Pyrgos", "green", "normal", 0, ""),
    ("Pyrgos", "Kalamata", "yellow", "normal", 0, ""),
    ("Pyrgos", "Tripoli", "blue", "tunnel", 0, ""),
    ("Corinth", "Tripoli", "orange", "normal", 0, ""),
    ("Corinth", "Nafplio", "pink", "normal", 0, ""),
    ("Nafplio", "Tripoli", "gray", "normal", 0, ""),
    ("Tripoli", "Kalamata", "white", "normal", 0, ""),
    # The seas: coloured ferries.
    ("Kerkyra", "Kefalonia", "blue", "ferry", 2, ""),
    ("Kefalonia", "Patras", "red", "ferry", 1, ""),
    ("Kefalonia", "Zakynthos", "yellow", "ferry", 1, ""),
    ("Zakynthos", "Pyrgos", "white", "ferry", 1, ""),
    ("Volos", "Limnos", "orange", "ferry", 2, ""),
    ("Limnos", "Kavala", "green", "ferry", 1, ""),
    ("Limnos", "Alexandroupoli", "pink", "ferry", 1, ""),
    ("Limnos", "Mytilini", "black", "ferry", 1, ""),
    ("Mytilini", "Chios", "gray", "ferry", 1, ""),
    ("Chios", "Chalkida", "white", "ferry", 2, ""),
    ("Athina", "Syros", "blue", "ferry", 1, ""),
    ("Athina", "Chania", "red", "ferry", 2, ""),
    ("Syros", "Naxos", "green", "ferry", 1, ""),
    ("Syros", "Chios", "yellow", "ferry", 2, ""),
    ("Naxos", "Santorini", "orange", "ferry", 1, ""),
    ("Santorini", "Irakleio", "pink", "ferry", 1, ""),
    ("Irakleio", "Chania", "black", "normal", 0, ""),
    ("Naxos", "Kos", "white", "ferry", 2, ""),
    ("Kos", "Rodos", "gray", "ferry", 1, ""),
    ("Rodos", "Irakleio", "blue", "ferry", 2, ""),
    ("Chios", "Kos", "red", "ferry", 2, ""),
    ("Kalamata", "Chania", "green", "ferry", 2, ""),
]


def greece_board(tickets: int = 24, print_width: float = 560.0) -> str:
    """The YAML text of the Greece-like board (36 cities, 63 routes, 22 ferries)."""
    lon0, lon1, lat0, lat1 = 19.5, 28.6, 34.9, 41.4
    k = math.cos(math.radians(38.0))
    width = 1400
    per_deg = (width - 80) / ((lon1 - lon0) * k)
    height = round((lat1 - lat0) * per_deg + 80)
    mm = (print_width - 22.0) / width
    pos = {n: (round(40 + (lon - lon0) * k * per_deg), round(40 + (lat1 - lat) * per_deg))
           for n, (lon, lat) in GREECE.items()}
    lines = ["format: 1",
             "meta: {id: greece-like, name: 'Greece-like crowded board', author: ttrtool "
             "benchmarks}",
             f"board: {{width: {width}, height: {height}, units: px, "
             f"print_width_mm: {print_width:g}}}",
             "rules: {preset: europe, ferries: {colored: true}, "
             "tickets: {setup_deal: {regular: 3}}}",
             "cities:"]
    lines += [f"  - {{name: {n}, pos: [{x}, {y}]}}" for n, (x, y) in pos.items()]
    lines.append("routes:")
    names = list(GREECE)
    adj: dict[int, list[int]] = {}
    length: dict[tuple[int, int], int] = {}
    for a, b, color, kind, locos, group in GREECE_ROUTES:
        n = _length(math.dist(pos[a], pos[b]), mm)
        ia, ib = names.index(a), names.index(b)
        adj.setdefault(ia, []).append(ib)
        adj.setdefault(ib, []).append(ia)
        length[(ia, ib)] = length[(ib, ia)] = n
        extra = f", kind: {kind}" if kind != "normal" else ""
        extra += f", locomotives: {min(locos, n)}" if kind == "ferry" else ""
        extra += f", double: {group}" if group else ""
        lines.append(f"  - {{a: {a}, b: {b}, length: {n}, color: {color}{extra}}}")
    lines += _tickets(random.Random(7), names, adj, length, tickets)
    return "\n".join(lines) + "\n"


def triples_board(cols: int = 9, rows: int = 6, seed: int = 1, triples: float = 0.15,
                  doubles: float = 0.25, unequal: float = 0.3, tickets: int = 24) -> str:
    """A grid board where a share of the routes are triples (some of unequal tracks, such
    as 4/4/5; half of them written as a double group and a route of its own) and another
    share doubles: the France / Old West kind."""
    rng = random.Random(seed)
    width, height = 1744, 1125
    pos, names, pairs = jittered_grid(rng, cols, rows, width, height, 0.35, "T")
    lines = ["format: 1",
             f"meta: {{id: triples-{cols}x{rows}-{seed}, name: 'Triples test board', author: "
             "ttrtool benchmarks}",
             f"board: {{width: {width}, height: {height}, units: px, print_width_mm: 800}}",
             "rules: {double_routes: {tracks_may_differ: true}}",
             "cities:"]
    lines += [f"  - {{name: {n}, pos: [{x}, {y}]}}" for n, (x, y) in zip(names, pos, strict=True)]
    lines.append("routes:")
    adj: dict[int, list[int]] = {}
    length: dict[tuple[int, int], int] = {}
    group = 0
    for a, b in pairs:
        n = _length(math.dist(pos[a], pos[b]))
        length[(a, b)] = length[(b, a)] = n
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
        roll = rng.random()
        # Triples on routes of three cars or more, as on the official boards (never between
        # neighbours too close for a bundle 26 mm wide to leave them).
        tracks = 3 if roll < triples and n >= 3 else 2 if roll < triples + doubles else 1
        if tracks == 1:
            lines.append(f"  - {{a: {names[a]}, b: {names[b]}, length: {n}, "
                         f"color: {rng.choice(COLORS)}}}")
            continue
        group += 1
        lengths = [n] * tracks
        if n >= 2 and rng.random() < unequal:
            lengths[-1] = n + 1 if _length(math.dist(pos[a], pos[b])) < 8 else n - 1
        # Half of the triples written as converted maps write them: a double group and a
        # third route of its own.
        loose = tracks == 3 and rng.random() < 0.5
        for t, (col, k) in enumerate(zip(rng.sample(COLORS, tracks), lengths, strict=True)):
            tag = "" if loose and t == 2 else f", double: G{group:03d}"
            lines.append(f"  - {{a: {names[a]}, b: {names[b]}, length: {k}, color: {col}"
                         f"{tag}}}")
    lines += _tickets(rng, names, adj, length, tickets)
    return "\n".join(lines) + "\n"


def tripled_board(map_id: str = "usa", unequal: int = 3) -> str:
    """A bundled map converted to a France / Old West-like board: every double route a
    triple, written as converted maps write one (its double group and a third route of its
    own, of a colour the group lacks), every ``unequal``-th third track one space longer
    (4/4/5, as Legendary Asia has it), so the rules let a group's tracks differ."""
    text = (ROOT / "maps" / f"{map_id}.yaml").read_text(encoding="utf-8")
    out: list[str] = []
    groups: dict[str, list[str]] = {}
    made = 0
    for line in text.splitlines():
        if line.startswith("  id: "):
            line = f"  id: {map_id}-tripled"
        out.append(line)
        if line.startswith("rules:"):
            out.append("  double_routes: {tracks_may_differ: true}")
        found = re.match(r"  - \{(.*), double: ([^,}]+)\}$", line)
        if not found:
            continue
        body, group = found.groups()
        groups.setdefault(group, []).append(body)
        if len(groups[group]) != 2:
            continue
        made += 1
        fields = dict(f.split(": ", 1) for f in body.split(", "))
        used = {dict(f.split(": ", 1) for f in b.split(", "))["color"] for b in groups[group]}
        fields["color"] = next(c for c in COLORS if c not in used)
        if made % unequal == 0:
            fields["length"] = str(int(fields["length"]) + 1)
        out.append("  - {" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}")
    return "\n".join(out) + "\n"


def grid_board(cols: int = 20, rows: int = 15, seed: int = 1, fitted: bool = True) -> str:
    """A plain grid of cities joined to their neighbours (300 cities by default), each route
    two cars long, at the print width that suits them (``fitted``) or at the default 800 mm,
    where every route is too long for its 38 mm and the layout has to bend them all."""
    rng = random.Random(seed)
    step = 60
    width, height = step * (cols + 1), step * (rows + 1)
    names = [f"G{r:02d}{c:02d}" for r in range(rows) for c in range(cols)]
    pos = [(step * (c + 1), step * (r + 1)) for r in range(rows) for c in range(cols)]
    print_width = width * 60.0 / step + 22.0  # 60 mm between neighbours
    lines = ["format: 1",
             f"meta: {{id: grid-{cols}x{rows}, name: 'Grid test board', author: ttrtool "
             "benchmarks}",
             f"board: {{width: {width}, height: {height}, units: px"
             + (f", print_width_mm: {print_width:g}}}" if fitted else "}"),
             "cities:"]
    lines += [f"  - {{name: {n}, pos: [{x}, {y}]}}" for n, (x, y) in zip(names, pos, strict=True)]
    lines.append("routes:")
    adj: dict[int, list[int]] = {}
    length: dict[tuple[int, int], int] = {}
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            for j in ((i + 1,) if c + 1 < cols else ()) + ((i + cols,) if r + 1 < rows else ()):
                length[(i, j)] = length[(j, i)] = 2
                adj.setdefault(i, []).append(j)
                adj.setdefault(j, []).append(i)
                lines.append(f"  - {{a: {names[i]}, b: {names[j]}, length: 2, "
                             f"color: {rng.choice(COLORS)}}}")
    lines += _tickets(rng, names, adj, length, 30, longest=20)
    return "\n".join(lines) + "\n"


def _tickets(rng: random.Random, names: list[str], adj: dict[int, list[int]],
             length: dict[tuple[int, int], int], count: int, longest: int = 45
             ) -> list[str]:
    lines = ["tickets:", "  regular:"]
    dealt: set[tuple[int, int]] = set()
    joined = sorted(adj)
    while len(dealt) < count:
        a, b = sorted(rng.sample(joined, 2))
        points = _cheapest(adj, length, a, b)
        if (a, b) in dealt or points > longest:
            continue
        dealt.add((a, b))
        lines.append(f"    - {{from: {names[a]}, to: {names[b]}, points: {points}}}")
    return lines


BOARDS = {"greece": greece_board, "triples": triples_board, "grid": grid_board,
          "tripled": tripled_board}

if __name__ == "__main__":
    sys.stdout.write(BOARDS[sys.argv[1] if len(sys.argv) > 1 else "greece"]())
