""".pre-commit-hooks.yaml and the CI example in docs/ci.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_pre_commit_hook() -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "ttrtool-validate"
    assert hook["entry"] == "ttrtool validate" and hook["language"] == "python"
    files = re.compile(hook["files"])
    for path in ("maps/usa.yaml", "maps/fan/alps.yml", "games/maps/x.yaml"):
        assert files.search(path), path
    for path in ("docs/ci.md", "tests/cases/valid/tiny.yaml", "maps/notes.txt", "mapsx/a.yaml"):
        assert not files.search(path), path


def test_hook_entry_runs_on_the_bundled_maps() -> None:
    # pre-commit runs `entry` with the matching files appended.
    maps = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "maps").glob("*.yaml"))
    proc = subprocess.run([sys.executable, "-m", "ttrtool", "validate", *maps], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ci_example_uses_github_annotations() -> None:
    text = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    workflow = yaml.safe_load(blocks[0])
    steps = workflow["jobs"]["validate"]["steps"]
    assert any("ttrtool validate --format github" in s.get("run", "") for s in steps)
    assert "id: ttrtool-validate" in text
