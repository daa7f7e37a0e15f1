"""The install carries every package of the source tree (pyproject lists them one by one)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_python_package_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "ttrtool").rglob("__init__.py")}
    missing = sorted(found - listed)
    assert not missing, f"packages missing from pyproject.toml's [tool.setuptools] list: {missing}"
