"""A map's projection reads no file and cannot hang (issue 39, items 4 and 5): ``+init``,
grids and paths are refused before PROJ sees them, and a projection PROJ cannot use is
TTR120 at ``board.projection``, never TTR999."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ttrtool.geo.projection import ProjectionError, fit_projection
from ttrtool.validate import validate_text

ROOT = Path(__file__).resolve().parents[2]
BENELUX = (ROOT / "tests" / "cases" / "valid" / "geo-benelux.yaml").read_text(encoding="utf-8")
PLACES = [(52.37, 4.89), (53.22, 6.57), (49.61, 6.13), (50.85, 4.35)]
SPHERE_1M = ('PROJCS["m",GEOGCS["s",DATUM["d",SPHEROID["s",1,0]],PRIMEM["G",0],'
             'UNIT["degree",0.0174532925199433]],PROJECTION["Mercator_1SP"],'
             'PARAMETER["central_meridian",0],PARAMETER["scale_factor",1],'
             'PARAMETER["false_easting",0],PARAMETER["false_northing",0],UNIT["metre",1]]')


def with_projection(text: str) -> str:
    escaped = text.replace("'", "''")
    return BENELUX.replace("  region: {countries: [BE, NL, LU]}\n",
                           f"  region: {{countries: [BE, NL, LU]}}\n  projection: '{escaped}'\n")


def projection_errors(text: str) -> list[str]:
    result = validate_text(with_projection(text), "geo.yaml")
    assert not [d for d in result.diagnostics if d.code == "TTR999"], result.diagnostics
    return [f"{d.location.line}:{d.location.column} {d.message}"
            for d in result.errors if d.code == "TTR120"]


@pytest.mark.parametrize(("text", "says"), [
    ("+init=epsg:3035", "'+init' makes PROJ read a file"),
    ("+proj=lcc +lon_0=5 +init=FIFO:1", "'+init' makes PROJ read a file"),
    ("init=/dev/stdin:1", "'+init' makes PROJ read a file"),
    ("+INIT=/etc/passwd:1", "'+init' makes PROJ read a file"),
    ("+proj=merc+init=FIFO:1", "'+init' makes PROJ read a file"),
    ('+proj=merc +"init"=FIFO:1', "'+init' makes PROJ read a file"),
    ('proj=merc "+init=FIFO:1"', "'+init' makes PROJ read a file"),
    ("+proj=merc +nadgrids=@null", "'+nadgrids' makes PROJ read a file"),
    ("+proj=merc +geoidgrids=egm96_15.gtx", "'+geoidgrids' makes PROJ read a file"),
    ("+proj=pipeline +step +proj=hgridshift +grids=ca_nrc_ntv1_can.tif",
     "'+grids' makes PROJ read a file"),
    ("+proj=pipeline +step +proj=merc", "'+proj=pipeline' is not a map projection"),
    ("+proj=merc +ellps=/etc/passwd", "looks like a file reference"),
    ("/etc/passwd", "looks like a file path"),
    ("~/grids/x", "looks like a file path"),
    ('PROJCS["x",GEOGCS["g",DATUM["d",SPHEROID["s",6378137,298.25]],PRIMEM["G",0],'
     'UNIT["degree",0.0174532925199433]],PROJECTION["Mercator_1SP"],UNIT["metre",1],'
     'EXTENSION["PROJ4","+proj=merc +init=/dev/stdin:1"]]', "refers to a file"),
    ('BOUNDCRS[SOURCECRS[PROJCRS["x"]],TARGETCRS[GEOGCRS["y"]],ABRIDGEDTRANSFORMATION["t",'
     'METHOD["NTv2"],PARAMETERFILE["f","@null"]]]', "refers to a file ('PARAMETERFILE')"),
    ('{"type": "BoundCRS", "transformation": {"parameters": [{"name": "Latitude and '
     'longitude difference file", "value": "@null"}]}}', "names a file"),
])
def test_a_projection_that_names_a_file_is_refused(text: str, says: str) -> None:
    with pytest.raises(ProjectionError, match=says.replace("(", r"\(").replace(")", r"\)")
                       .replace("+", r"\+")):
        fit_projection(PLACES, 1000.0, 800.0, text)
    errors = projection_errors(text)
    assert len(errors) == 1 and errors[0].startswith("10:15 ") and says in errors[0], errors


def test_an_init_file_is_never_read(tmp_path: Path) -> None:
    """Before, ``+init=FILE:code`` read the file and used the projection it held."""
    init = tmp_path / "mine"
    init.write_text("<laea> +proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 "
                    "+ellps=GRS80 +units=m +no_defs <>\n", encoding="utf-8")
    errors = projection_errors(f"+init={init}:laea")
    assert errors and "'+init' makes PROJ read a file" in errors[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_an_init_fifo_does_not_block_validate(tmp_path: Path) -> None:
    fifo = tmp_path / "FIFO"
    os.mkfifo(fifo)
    board = tmp_path / "geo.yaml"
    board.write_text(with_projection(f"+init={fifo}:1"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "ttrtool", "validate", str(board)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "geo.yaml:10:15: error TTR120" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("text", "says"), [
    ("+proj=merc +k=1e-300", "PROJ cannot project with '+proj=merc +k=1e-300'"),
    (SPHERE_1M, "PROJ cannot project with"),
    ("+proj=merc +a=1e-300 +b=1e-300", "PROJ cannot project with"),
    ("+proj=merc +x_0=1e308", "shrinks or stretches the cities"),
])
def test_a_degenerate_projection_is_ttr120(text: str, says: str) -> None:
    errors = projection_errors(text)
    assert len(errors) == 1 and errors[0].startswith("10:15 ") and says in errors[0], errors


@pytest.mark.parametrize("text", [
    "EPSG:3035", "WGS 84 / UTM zone 31N", "urn:ogc:def:crs:EPSG::3035",
    "+proj=lcc +lat_1=50 +lat_2=53 +lat_0=51.5 +lon_0=.5 +ellps=WGS84 +units=m",
    "proj=laea lat_0=52 lon_0=10",
])
def test_a_named_crs_or_a_plain_proj_string_still_works(text: str) -> None:
    assert projection_errors(text) == []
