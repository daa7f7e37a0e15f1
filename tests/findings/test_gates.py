"""Gates a designer can keep green on purpose: --select/--ignore in analyze, and a map
whose only errors are pricing errors (TTR407) still analysed and simulated."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from benchmarks import plant
from ttrtool.cli import app

runner = CliRunner()


def _grossly_priced(tmp: Path) -> Path:
    data = plant.bundled("usa")
    plant.ticket(data, "Denver", "El Paso")["points"] = 60  # 4 spaces: TTR407, an error
    return plant.write(data, tmp)


def test_a_pricing_error_fails_validate_but_analyze_and_simulate_run(tmp_path: Path) -> None:
    path = _grossly_priced(tmp_path)
    res = runner.invoke(app, ["validate", str(path)])
    assert res.exit_code == 1 and "TTR407" in res.output
    res = runner.invoke(app, ["analyze", str(path), "-f", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert [f["severity"] for f in doc["findings"] if f["code"] == "TTR501"
            and "Denver–El Paso" in f["message"]] == ["error"]
    out = tmp_path / "r.json"
    res = runner.invoke(app, ["simulate", str(path), "-p", "2", "-n", "3", "-j", "1", "-q",
                              "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert any(f["code"] == "TTR501" for f in json.loads(out.read_text())["findings"])


def test_a_broken_map_is_still_refused(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    data["routes"][0]["b"] = "Atlantis"  # TTR101: not balance
    path = plant.write(data, tmp_path)
    assert runner.invoke(app, ["simulate", str(path), "-n", "1", "-q"]).exit_code == 1
    assert runner.invoke(app, ["analyze", str(path)]).exit_code == 1


def test_analyze_select_and_ignore_findings(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.deck_colours(data, green=4)  # TTR506
    path = plant.write(data, tmp_path)

    def codes(*extra: str) -> list[str]:
        res = runner.invoke(app, ["analyze", str(path), "-f", "json", *extra])
        return [f["code"] for f in json.loads(res.stdout)["findings"]]

    assert "TTR506" in codes()
    assert "TTR506" not in codes("--ignore", "TTR50")
    assert codes("--select", "TTR507") == []
    res = runner.invoke(app, ["analyze", str(path), "--ignore", "TTR1"])
    assert res.exit_code == 2 and "no finding has this code" in res.output
