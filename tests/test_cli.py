"""What every command shares (issue 11, item 11): -h, --version, plain flags in the help,
and one exit-code scheme, documented in README.md and in each command's help."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ttrtool
from ttrtool.cli import COMMANDS, app

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "cases" / "invalid" / "yaml-duplicate-key.yaml"
runner = CliRunner()


def ttrtool_cmd(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    return subprocess.run([sys.executable, "-m", "ttrtool", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def readme_codes() -> dict[int, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"^\| (\d+) \| (.+) \|$", section,
                                                              re.M)}


def test_version_is_one_figure_everywhere() -> None:
    res = runner.invoke(app, ["--version"])
    assert res.exit_code == 0 and res.output == f"ttrtool {ttrtool.__version__}\n"
    assert version("ttrtool") == ttrtool.__version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" in project["dynamic"] and "version" not in project  # read from the package


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_dash_h_is_help_everywhere(command: str | None) -> None:
    argv = [command] if command else []
    short = runner.invoke(app, [*argv, "-h"])
    long = runner.invoke(app, [*argv, "--help"])
    assert short.exit_code == 0 and long.exit_code == 0, short.output
    assert short.output == long.output and "Usage:" in short.output
    assert "-h, --help" in short.output


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_flags_as_flags_and_states_the_exit_codes(command: str) -> None:
    text = runner.invoke(app, [command, "-h"]).output
    assert "<bool>" not in text
    options = text.split("Options:", 1)[1].split("\n\n", 1)[0]
    # Values are named (--out FILE); flags show none.
    assert not re.search(r"<(bool|str|int|float|list|path)", options), options
    said = re.search(r"Exit codes?:? (.+?)(\n\n|\Z)", text, re.S)
    assert said, f"{command} -h does not state its exit codes"
    documented = readme_codes()
    for code in map(int, re.findall(r"\b(\d+)(?=[:\s])", said.group(1))):
        assert code in documented, f"{command}: exit code {code} is not in README's table"


def test_the_readme_table_holds_the_scheme() -> None:
    assert sorted(readme_codes()) == [0, 1, 2, 3, 130, 143]


@pytest.mark.parametrize("args", [
    ["validate", str(BROKEN)],
    ["analyze", str(BROKEN)],
    ["render", str(BROKEN), "-o", "{tmp}/b.svg"],
    ["simulate", str(BROKEN), "--games", "1", "--jobs", "1", "--quiet"],
    ["fix", str(BROKEN), "--unsafe"],
    ["tune", str(BROKEN), "--tickets", "--games", "1", "--jobs", "1"],
])
def test_a_map_with_errors_exits_1_in_every_command(args: list[str], tmp_path: Path) -> None:
    res = runner.invoke(app, [a.replace("{tmp}", str(tmp_path)) for a in args])
    assert res.exit_code == 1, res.output
    assert "yaml-duplicate-key.yaml:" in res.output  # the errors are shown, with their place


@pytest.mark.parametrize("command", ["validate", "analyze", "render", "simulate", "fix", "tune"])
def test_a_missing_map_exits_2_in_every_command(command: str, tmp_path: Path) -> None:
    res = runner.invoke(app, [command, str(tmp_path / "nowhere.yaml")])
    assert res.exit_code == 2, res.output


def test_replay_with_a_broken_map_exits_1(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    res = runner.invoke(app, ["simulate", "switzerland", "--games", "1", "--jobs", "1",
                              "--quiet", "--log", str(log), "--log-actions"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["replay", str(log), "--map", str(BROKEN)])
    assert res.exit_code == 1, res.output
    assert "yaml-duplicate-key.yaml:" in res.output
    res = runner.invoke(app, ["replay", str(log), "--map", str(tmp_path / "nowhere.yaml")])
    assert res.exit_code == 2, res.output


@pytest.mark.parametrize(("args", "flag"), [
    (["validate", "usa", "--strict", "false"], "--strict"),
    (["validate", "--layout", "true", "usa"], "--layout"),
    (["render", "usa", "--pdf", "no"], "--pdf"),
    (["simulate", "usa", "--quiet", "false"], "--quiet"),
])
def test_a_value_after_a_flag_is_a_usage_error(args: list[str], flag: str) -> None:
    done = ttrtool_cmd(*args)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"{flag} is a flag and takes no value" in done.stderr
    assert "no such file" not in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_a_file_named_like_a_word_is_still_a_file(tmp_path: Path) -> None:
    (tmp_path / "false").write_bytes((ROOT / "maps" / "switzerland.yaml").read_bytes())
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    done = subprocess.run([sys.executable, "-m", "ttrtool", "validate", "--strict", "false"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_next_hint_after_new_can_be_pasted_into_a_shell(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, ["new", "my board.yaml"])
    assert res.exit_code == 0, res.output
    assert "next: ttrtool validate 'my board.yaml'" in res.output
    assert "ttrtool render 'my board.yaml' -o 'my board.png'" in res.output
    res = runner.invoke(app, ["new", "plain.yaml"])
    assert "next: ttrtool validate plain.yaml " in res.output


def test_the_pre_commit_example_pins_a_commit() -> None:
    """ttrtool has no release tags: docs/ci.md must not name one (it once said v0.1.0)."""
    import yaml

    text = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    blocks = [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", text, re.S)]
    (config,) = [b for b in blocks if isinstance(b, dict) and "repos" in b]
    rev = config["repos"][0]["rev"]
    assert re.fullmatch(r"[0-9a-f]{40}", str(rev)), rev
