"""``replay`` on logs nobody should trust (issue 26, items 5-7) and its words for what a
claim pays (issue 25, item 6)."""

from __future__ import annotations

import copy
import errno
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ttrtool
from ttrtool.cli import app
from ttrtool.engine.actions import ClaimRoute
from ttrtool.simulate.replay import MalformedLog, check_record, paid

ROOT = Path(__file__).resolve().parents[2]
cli = CliRunner()


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    d = tmp_path_factory.mktemp("replay")
    res = cli.invoke(app, ["simulate", "switzerland", "-n", "1", "-j", "1", "-q", "--seed", "5",
                           "--log", str(d / "g.jsonl"), "--log-actions"])
    assert res.exit_code == 0, res.output
    parsed: dict[str, Any] = json.loads((d / "g.jsonl").read_text(encoding="utf-8"))
    return parsed


def _replay(tmp_path: Path, content: bytes | str) -> Any:
    log = tmp_path / "log.jsonl"
    if isinstance(content, str):
        content = content.encode("utf-8")
    log.write_bytes(content)
    return cli.invoke(app, ["replay", str(log), "--game", "0"])


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record) + "\n"


def test_the_untouched_log_matches_in_every_field(tmp_path: Path,
                                                  record: dict[str, Any]) -> None:
    res = _replay(tmp_path, _line(record))
    assert res.exit_code == 0, res.output
    assert "replay matches the log in every field" in res.output


@pytest.mark.parametrize(("change", "field"), [
    (lambda r: r.__setitem__("winners", [(r["winners"][0] + 1) % r["players"]]), "winners"),
    (lambda r: r.__setitem__("end", "turn_cap" if r["end"] != "turn_cap" else "normal"),
     "end"),
    (lambda r: r.__setitem__("turns", r["turns"] + 1), "turns"),
    (lambda r: r["results"][1]["breakdown"].__setitem__(
        "tickets", r["results"][1]["breakdown"]["tickets"] + 4), "results[1].breakdown.tickets"),
    (lambda r: r["results"][0].__setitem__("trains_left", r["results"][0]["trains_left"] + 1),
     "results[0].trains_left"),
    (lambda r: r["counters"].__setitem__("market_wipes", r["counters"]["market_wipes"] + 1),
     "counters.market_wipes"),
])
def test_a_field_the_replay_recomputes_is_checked_and_named(tmp_path: Path,
                                                            record: dict[str, Any],
                                                            change: Any, field: str) -> None:
    tampered = copy.deepcopy(record)
    change(tampered)
    res = _replay(tmp_path, _line(tampered))
    assert res.exit_code == 1, res.output
    assert "the replay differs from the log in 1 field(s)" in res.output
    assert f"{field}: logged " in res.output


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: r.pop("seed"), "the record: 'seed' is a required property"),
    (lambda r: r.pop("bots"), "'bots' is a required property"),
    (lambda r: r.pop("results"), "'results' is a required property"),
    (lambda r: r.pop("turns"), "'turns' is a required property"),
    (lambda r: r.pop("winners"), "'winners' is a required property"),
    (lambda r: r.pop("map"), "'map' is a required property"),
    (lambda r: r.__setitem__("seed", "12"), "seed: '12' is not of type 'integer'"),
    (lambda r: r.__setitem__("players", 2.5), "players: 2.5 is not of type 'integer'"),
    (lambda r: r.__setitem__("bots", "expert"), "bots: 'expert' is not of type 'array'"),
    (lambda r: r.__setitem__("actions", [[0]]), "actions[0]"),
    (lambda r: r["actions"].__setitem__(0, [9, "draw deck"]), "actions[0] names seat 9"),
    (lambda r: r.__setitem__("winners", [7]), "winners[0] names seat 7"),
    (lambda r: r["results"][0].__setitem__("seat", 2), "results[0].seat is 2, not 0"),
    (lambda r: r.__setitem__("bots", r["bots"][:1]), "bots has 1 entries for 3 players"),
    (lambda r: r.__setitem__("results", None), "results: None is not of type 'array'"),
])
def test_a_malformed_record_is_exit_2_naming_the_line_and_field(
        tmp_path: Path, record: dict[str, Any], change: Any, says: str) -> None:
    broken = copy.deepcopy(record)
    change(broken)
    res = _replay(tmp_path, _line(broken))
    assert res.exit_code == 2, res.output
    assert "line 1" in res.output and says in res.output, res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize(("content", "says"), [
    (b'{"game": 0, "x": "\xff\xfe"}\n', "line 1 is not UTF-8 text"),
    ("[" * 100_000 + "]" * 100_000 + "\n", "line 1 nests its JSON too deeply"),
    ('{"game": 0, "a": ' + "[" * 100_000 + "]" * 100_000 + "}\n", "nests its JSON too deeply"),
    ('{"game": 0}\n', "'format' is a required property"),
])
def test_bytes_and_nesting_that_are_no_log_are_exit_2(tmp_path: Path, content: bytes | str,
                                                      says: str) -> None:
    res = _replay(tmp_path, content)
    assert res.exit_code == 2, res.output
    assert says in res.output and "Traceback" not in res.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """Refused from its kind alone, never opened: a reader of the FIFO would wait for a
    writer for ever.  The test watches for a reader (a writer's non-blocking open succeeds
    only while one has the FIFO open) rather than guessing how long a refusal may take."""
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    outcome: list[Any] = []
    worker = threading.Thread(target=lambda: outcome.append(
        cli.invoke(app, ["replay", str(fifo)])), daemon=True)
    worker.start()
    deadline = time.monotonic() + 120
    while worker.is_alive():
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as e:
            assert e.errno == errno.ENXIO, e  # no reader: the FIFO is not open
            assert time.monotonic() < deadline, "replay neither refused nor opened the FIFO"
            worker.join(0.05)
            continue
        os.write(fd, b"\n")  # unblock the reader so that the test run can end
        os.close(fd)
        worker.join()
        pytest.fail("replay opened the FIFO")
    assert outcome[0].exit_code == 2
    assert "it is a FIFO (a named pipe)" in outcome[0].output


def test_check_record_accepts_a_whole_record(record: dict[str, Any]) -> None:
    check_record(record)
    broken = copy.deepcopy(record)
    broken["players"] = 9
    with pytest.raises(MalformedLog):
        check_record(broken)


def test_a_claim_says_every_card_it_pays() -> None:
    """R-VAR-3 substitute sets and R-VAR-10 mountain trains are named (they were left out:
    'claims Vaasa-Umeå 1 gray ferry with ' ended empty)."""
    board = ttrtool.load_map(ROOT / "tests" / "cases" / "valid" / "mountains.yaml")
    route = next(i for i, r in enumerate(board.routes) if r.mountains)
    claim = ClaimRoute(route, "red", 1, 2, (("blue", 2), ("green", 1)))
    words = paid(board, claim)
    mountains = board.routes[route].mountains
    assert words == (f"2 red + 1 locomotive(s) + substitute cards 2 blue, 1 green + "
                     f"{mountains} mountain train(s) discarded")
    plain = next(i for i, r in enumerate(board.routes) if not r.mountains)
    assert paid(board, ClaimRoute(plain, "gray", 0, 0, (("blue", 3),))) == (
        "substitute cards 3 blue")
    assert paid(board, ClaimRoute(plain, "gray", 0, 0)) == "no card"


if sys.platform == "win32":  # pragma: no cover
    pytestmark = pytest.mark.skip("POSIX paths and FIFOs")
