"""``render`` as a library call: ttrtool.draw.run draws, writes and prints nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttrtool.draw import RenderRequest, RenderStopped, run


def test_a_run_writes_the_board_and_says_nothing_on_the_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.svg"
    result = run(RenderRequest("switzerland", output=out))
    assert result.written == [out] and result.code == 0
    assert out.read_bytes().startswith(b"<?xml") or b"<svg" in out.read_bytes()[:400]
    assert capsys.readouterr() == ("", "")


def test_a_bad_option_stops_with_exit_code_2_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    with pytest.raises(RenderStopped) as stopped:
        run(RenderRequest("switzerland", output=out, tiles="a5"))
    assert stopped.value.code == 2
    assert stopped.value.messages == ["error: --tiles must be one of a4, letter, a3, not 'a5'\n"]
    assert not out.exists()


def test_a_map_with_errors_stops_with_its_diagnostics(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("map: [\n", encoding="utf-8")
    with pytest.raises(RenderStopped) as stopped:
        run(RenderRequest(str(bad), output=tmp_path / "x.svg"))
    assert stopped.value.code == 1
    assert "TTR002" in "".join(stopped.value.messages)
