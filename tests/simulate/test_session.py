"""``simulate.run``: the whole run in the library, the command only prints (issue 20, item 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ttrtool import simulate
from ttrtool.simulate.session import RunError, RunRequest, Watcher

ROOT = Path(__file__).resolve().parents[2]


class Heard(Watcher):
    def __init__(self, stop_after: int | None = None) -> None:
        self.notes: list[str] = []
        self.total = 0
        self.labels: list[str] = []
        self.stop_after = stop_after

    def note(self, text: str) -> None:
        self.notes.append(text)

    def started(self, total: int) -> None:
        self.total = total

    def played(self, label: str) -> None:
        self.labels.append(label)
        if self.stop_after is not None and len(self.labels) >= self.stop_after:
            raise KeyboardInterrupt  # as a Ctrl-C between two games would


def test_a_run_returns_its_report_and_writes_its_outputs(tmp_path: Path) -> None:
    heard = Heard()
    out, md, log = tmp_path / "r.json", tmp_path / "r.md", tmp_path / "g.jsonl"
    result = simulate.run(RunRequest("switzerland", games=4, players="2,3", jobs=1,
                                     out=out, markdown=md, log=log), heard)
    assert result.exit_code == 0 and not result.interrupted
    assert result.report is not None
    assert json.loads(out.read_text(encoding="utf-8")) == result.report
    assert md.read_text(encoding="utf-8").startswith("#")
    assert len(log.read_text(encoding="utf-8").splitlines()) == 8
    assert heard.total == 8 and heard.labels == ["switzerland 2p"] * 4 + ["switzerland 3p"] * 4


def test_a_crossed_threshold_is_returned_not_printed() -> None:
    result = simulate.run(RunRequest("switzerland", games=2, jobs=1,
                                     fail_on="ticket-completion<1.01"))
    assert result.crossed and result.exit_code == 1


def test_an_interrupted_run_says_what_its_log_kept(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    result = simulate.run(RunRequest("switzerland", games=10, jobs=1, log=log),
                          Heard(stop_after=3))
    assert result.interrupted and result.exit_code == 130 and result.report is None
    assert result.logged == 3 == len(log.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize(("request_", "code", "words"), [
    (RunRequest("usa", backend="slurm"), 2, "unknown backend"),
    (RunRequest("usa", bots="expert,nobot"), 2, "unknown bot 'nobot'"),
    (RunRequest("usa", players="9"), 2, "played by 2 to 5 players"),
    (RunRequest("no-such-map.yaml"), 2, "could not be loaded"),
    (RunRequest(str(ROOT / "tests/cases/invalid/place-off-board.yaml")), 1,
     "could not be loaded"),
])
def test_a_run_that_cannot_start_raises_with_its_exit_code(request_: RunRequest, code: int,
                                                           words: str) -> None:
    with pytest.raises(RunError) as caught:
        simulate.run(request_)
    assert caught.value.code == code and words in caught.value.message


def test_the_map_errors_come_with_the_error(tmp_path: Path) -> None:
    with pytest.raises(RunError) as caught:
        simulate.run(RunRequest(str(ROOT / "tests/cases/invalid/place-off-board.yaml")))
    assert "TTR113" in caught.value.details


def test_a_dask_run_without_a_scheduler_says_so_unless_quiet() -> None:
    heard = Heard()
    simulate.run(RunRequest("switzerland", games=1, jobs=1, backend="dask"), heard)
    assert heard.notes and "without --scheduler" in heard.notes[0]
    quiet = Heard()
    simulate.run(RunRequest("switzerland", games=1, jobs=1, backend="dask", quiet=True), quiet)
    assert quiet.notes == []
