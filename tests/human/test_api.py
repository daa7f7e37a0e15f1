"""``ttrtool play``'s API, as the hidden check drives it: GET /state, POST the first legal
action until the game is over; the log replays; illegal, stale and unsigned moves are
refused and change nothing; a reload (a new server on the same log) keeps the game."""

from __future__ import annotations

import http.client
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ttrtool
from ttrtool.cli import app
from ttrtool.human.save import SaveError
from ttrtool.human.server import make_server
from ttrtool.human.session import Sitting
from ttrtool.report.live import url_of
from ttrtool.simulate.replay import ReplayError, read_log, replay

TOKEN = "test-token"
USA = ttrtool.load_map("usa")


class Client:
    def __init__(self, port: int) -> None:
        self.port = port

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            r = conn.getresponse()
            data = r.read()
        finally:
            conn.close()
        try:
            return r.status, json.loads(data)
        except ValueError:
            return r.status, data.decode("utf-8", "replace")

    def state(self) -> dict[str, Any]:
        code, state = self.request("GET", "/state")
        assert code == 200, state
        return dict(state)

    def act(self, action: str, token: str = TOKEN, **extra: Any) -> tuple[int, Any]:
        body = json.dumps({"action": action, **extra}).encode()
        return self.request("POST", "/action", body, {"X-Token": token,
                                                      "Content-Type": "application/json"})


def serve(sitting: Sitting) -> Iterator[Client]:
    server = make_server(sitting, '<meta name="token" content="test-token">', 0, TOKEN)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield Client(int(url_of(server).rsplit(":", 1)[1].strip("/")))
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def usa_game(tmp_path: Path) -> Iterator[tuple[Client, Path]]:
    log = tmp_path / "game.jsonl"
    yield from ((c, log) for c in serve(Sitting.open(USA, log, ("human", "expert"), 1)))


def play_first_legal(client: Client, limit: int = 3000) -> dict[str, Any]:
    """The hidden check's script: post the first legal action until the game is over."""
    state = client.state()
    for _ in range(limit):
        if state["over"]:
            return state
        assert state["human"] and state["legal"], state
        code, state = client.act(state["legal"][0])
        assert code == 200, state
    raise AssertionError(f"no end after {limit} moves")


def test_first_legal_actions_play_to_final_scores_and_the_log_replays(
        usa_game: tuple[Client, Path]) -> None:
    client, log = usa_game
    state = play_first_legal(client)
    final = state["final"]
    assert final["end"] in ("normal", "stalled", "turn_cap")
    assert len(final["players"]) == 2
    for p in final["players"]:
        b = p["breakdown"]
        assert p["score"] == b["routes"] + b["tickets"] + b["stations"] + b["longest"]
    assert state["legal"] == [] and state["hand"] == {} and state["tickets"] == []  # no hand
    record = read_log(log, 0)  # schema-checked
    assert record["bots"] == ["human", "expert"] and record["seed"] == 1
    steps = list(replay(USA, record))  # the expert re-chooses every one of its moves
    assert len(steps) == len(record["actions"]) == state["move"]
    assert [p["score"] for p in record["results"]] == [p["score"] for p in final["players"]]
    code, answer = client.act("draw deck")
    assert code == 409 and "over" in answer["error"]


def test_the_replay_command_accepts_the_log(usa_game: tuple[Client, Path]) -> None:
    from typer.testing import CliRunner

    from ttrtool.cli import app

    client, log = usa_game
    play_first_legal(client)
    res = CliRunner().invoke(app, ["replay", str(log)])
    assert res.exit_code == 0, res.output
    assert "seat 1 human" in res.output and "replay matches the log" in res.output


def test_a_changed_human_move_in_the_log_does_not_replay(usa_game: tuple[Client, Path]) -> None:
    client, log = usa_game
    play_first_legal(client)
    record = read_log(log, 0)
    human = next(i for i, (seat, _) in enumerate(record["actions"]) if seat == 0 and i > 0)
    record["actions"][human][1] = "claim r0 red x9 loco0"
    with pytest.raises(ReplayError, match=f"action {human}: .* is not legal"):
        list(replay(USA, record))


def test_refusals_change_nothing(usa_game: tuple[Client, Path]) -> None:
    client, log = usa_game
    before = client.state()
    saved = log.read_bytes()
    first = before["legal"][0]
    assert client.act("claim r0 red x9 loco0")[0] == 409  # read, but not legal now
    assert client.act("fly to the moon")[0] == 400
    code, answer = client.act(first, token="wrong")
    assert code == 403 and "X-Token" in answer["error"]
    code, answer = client.request("POST", "/action", json.dumps({"action": first}).encode())
    assert code == 403  # no token at all
    assert client.act(first, move=before["move"] + 5)[0] == 409  # stale
    assert client.request("POST", "/action", b"{not json", {"X-Token": TOKEN})[0] == 400
    assert client.request("POST", "/action", b'["keep"]', {"X-Token": TOKEN})[0] == 400
    assert client.request("POST", "/action", b"x" * 10000, {"X-Token": TOKEN})[0] == 413
    assert client.request("GET", "/state", headers={"Host": "evil.example:80"})[0] == 403
    assert client.request("GET", "/nothing")[0] == 404
    assert client.state() == before and log.read_bytes() == saved
    code, after = client.act(first, move=before["move"])
    assert code == 200 and after["move"] > before["move"]


def test_a_reload_keeps_the_game_and_a_new_server_resumes_it(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    for client in serve(Sitting.open(USA, log, ("human", "expert", "expert"), 7)):
        for _ in range(12):
            state = client.state()
            client.act(state["legal"][-1])  # the last legal action: the smallest keep, etc.
        mid = client.state()
        assert client.state() == mid  # a reload of the page reads the same game
    assert "end" not in json.loads(log.read_text().splitlines()[-1])  # the save of a game in play
    resumed = Sitting.open(USA, log)
    assert resumed.resumed and resumed.seats == ("human", "expert", "expert")
    for client in serve(resumed):
        assert client.state() == mid
        state = play_first_legal(client)
    record = read_log(log, 0)
    assert len(list(replay(USA, record))) == state["move"]


def test_a_log_of_another_game_is_refused_and_kept(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    sitting = Sitting.open(USA, log, ("human", "expert"), 3)
    sitting.play(sitting.legal()[0])
    saved = log.read_bytes()
    with pytest.raises(SaveError, match="unfinished game .*seats human,expert, seed 3"):
        Sitting.open(USA, log, ("human", "random"), 3)
    with pytest.raises(SaveError, match="unfinished game"):
        Sitting.open(USA, log, None, 4)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("not json\n", encoding="utf-8")
    with pytest.raises(SaveError, match="broken.jsonl:1: not a game log line"):
        Sitting.open(USA, broken)
    assert broken.read_text(encoding="utf-8") == "not json\n"
    assert log.read_bytes() == saved


@pytest.mark.parametrize(("change", "says"), [
    (lambda a: a.__setitem__(1, [1, "fly away"]), "action 1: cannot read action"),
    (lambda a: a.__setitem__(0, [0, "keep"]), "action 0: 'keep' is not legal"),
    (lambda a: a.__setitem__(1, [1, "draw deck"]), "plays differently: at action 1 expert"),
    (lambda a: a.insert(0, [1, "draw deck"]), "action 0 .* does not follow the game"),
])
def test_a_save_that_does_not_replay_is_refused_and_kept(
        tmp_path: Path, change: Any, says: str) -> None:
    log = tmp_path / "game.jsonl"
    sitting = Sitting.open(USA, log, ("human", "expert"), 3)
    sitting.play(sitting.legal()[0])
    record = sitting.record()
    assert record["actions"][1][0] == 1  # the expert's first keep
    change(record["actions"])
    text = json.dumps(record) + "\n"
    log.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=says):
        Sitting.open(USA, log)
    assert log.read_text(encoding="utf-8") == text


def test_a_log_never_chooses_the_bot_code_a_resume_runs(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    sitting = Sitting.open(USA, log, ("human", "expert"), 3)
    record = sitting.record()
    record["bots"] = ["human", "os:system"]
    log.write_text(json.dumps(record) + "\n", encoding="utf-8")
    with pytest.raises(SaveError, match="'os:system', not a registered bot.*--seats human,"):
        Sitting.open(USA, log)


def test_a_second_game_goes_after_the_first_in_the_same_log(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    for seed in (1, 2):
        sitting = Sitting.open(USA, log, ("human", "random"), seed)
        while not sitting.over:
            sitting.play(sitting.legal()[0])
    assert [read_log(log, g)["seed"] for g in (0, 1)] == [1, 2]
    assert len(list(replay(USA, read_log(log, 1)))) > 0


def test_the_state_never_shows_another_seat_s_tickets(tmp_path: Path) -> None:
    from ttrtool.human.table import table_state

    sitting = Sitting.open(USA, tmp_path / "g.jsonl", ("expert", "human"), 2)
    state = table_state(sitting)
    assert state["seat"] == 1 and state["move"] == 1  # the expert kept its tickets first
    theirs = state["recent"][0]
    assert theirs["seat"] == 0 and theirs["text"] == "keep"
    assert re.fullmatch(r"keeps \d tickets?", theirs["says"])
    kept = [USA.tickets[int(t[1:])].label() for t in sitting.moves[0].text.split()[1:]]
    shown = json.dumps(state, ensure_ascii=False)
    assert kept and not [label for label in kept if label in shown]
    mine = state["legal"][0]
    sitting.play(mine)
    state = table_state(sitting)
    assert any(m["seat"] == 1 and m["text"] == mine for m in state["recent"])


def test_hot_seat_two_humans_play_to_the_end() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "g.jsonl"
        sitting = Sitting.open(USA, log, ("human", "human"), 5)
        seats = set()
        while not sitting.over:
            seats.add(sitting.seat_to_move)
            sitting.play(sitting.legal()[0])
        assert seats == {0, 1}
        assert len(list(replay(USA, read_log(log, 0)))) == len(sitting.moves)


def test_a_client_that_stops_sending_is_dropped(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import socket
    import time

    import ttrtool.human.server as server_module

    monkeypatch.setattr(server_module, "TIMEOUT", 0.3)
    for client in serve(Sitting.open(USA, tmp_path / "g.jsonl", ("human", "expert"), 1)):
        with socket.create_connection(("127.0.0.1", client.port), timeout=10) as s:
            s.sendall(b"POST /action HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and then nothing
            start = time.monotonic()
            assert s.recv(100) == b""  # the server hung up
            assert time.monotonic() - start < 5
        assert client.state()["move"] == 0  # and still answers others


def test_replay_reads_a_game_in_play_up_to_its_last_move(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    sitting = Sitting.open(USA, log, ("human", "expert"), 3)
    for _ in range(6):
        sitting.play(sitting.legal()[-1])
    moves = len(sitting.moves)
    res = CliRunner().invoke(app, ["replay", str(log)])
    assert res.exit_code == 0, res.output
    assert f"game in play after {moves} moves" in res.output
    assert f"ttrtool play usa --log {log}" in res.output
    record = json.loads(log.read_text(encoding="utf-8"))
    expert = next(i for i, (seat, _) in enumerate(record["actions"]) if seat == 1)
    record["actions"][expert][1] = "draw deck"  # a move the expert did not choose
    log.write_text(json.dumps(record) + "\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["replay", str(log)])
    assert res.exit_code == 1 and "now chooses" in res.output


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: r.__setitem__("players", 3), "bots has 2 entries for 3 players"),
    (lambda r: r["actions"].append([2, "draw deck"]), r"actions\[\d+\] is not \[seat"),
    (lambda r: r.__setitem__("seed", "3"), "no valid 'seed'"),
    (lambda r: r.__setitem__("bots", "human"), "no valid 'bots'"),
])
def test_a_broken_game_in_play_is_a_malformed_log(
        tmp_path: Path, change: Any, says: str) -> None:
    log = tmp_path / "game.jsonl"
    sitting = Sitting.open(USA, log, ("human", "expert"), 3)
    sitting.play(sitting.legal()[0])
    record = json.loads(log.read_text(encoding="utf-8"))
    change(record)
    log.write_text(json.dumps(record) + "\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["replay", str(log)])
    assert res.exit_code == 2 and re.search(says, res.output), res.output
    with pytest.raises(SaveError, match=f"game.jsonl:1: .*{says}"):
        Sitting.open(USA, log)
