"""Every output is written whole or not at all (issue 26, item 8): ttrtool/outputs.py."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from ttrtool.outputs import OutputError, replacing, write_output

ROOT = Path(__file__).resolve().parents[1]


def test_a_write_replaces_the_file_whole_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_output(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_a_writer_that_fails_half_way_leaves_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "board.pdf"
    target.write_bytes(b"the good board")
    with pytest.raises(OutputError) as caught, replacing(target) as temp:
        temp.write_bytes(b"half a bo")
        raise OSError(28, "No space left on device")
    assert str(caught.value) == (f"cannot write {target}: the disk is full (no space left "
                                 "on device) (the previous file is kept)")
    assert target.read_bytes() == b"the good board"
    assert [p.name for p in tmp_path.iterdir()] == ["board.pdf"]


def test_an_interruption_leaves_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    target.write_bytes(b"the good board")
    with pytest.raises(KeyboardInterrupt), replacing(target) as temp:
        temp.write_bytes(b"half")
        raise KeyboardInterrupt
    assert target.read_bytes() == b"the good board"
    assert len(list(tmp_path.iterdir())) == 1


def test_a_link_is_followed_not_replaced(tmp_path: Path) -> None:
    real = tmp_path / "real.md"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    write_output(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"


def test_a_device_is_written_in_place() -> None:
    if not Path(os.devnull).exists():
        pytest.skip("no null device")
    write_output(Path(os.devnull), "nothing")  # renaming over it would replace the device
    assert Path(os.devnull).is_char_device()


def test_an_append_that_fails_is_cut_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("earlier steps\n", encoding="utf-8")
    real = os.write

    def half_then_full(fd: int, data: bytes) -> int:
        monkeypatch.setattr(os, "write", full)
        return real(fd, data[:3])

    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(OutputError, match="the disk is full"):
        write_output(summary, "this step's summary\n", append=True)
    assert summary.read_text(encoding="utf-8") == "earlier steps\n"


@contextlib.contextmanager
def _small_disk(tmp_path: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` mounted for the test: a real full disk (root on Linux only)."""
    if sys.platform != "linux" or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small file system needs root on Linux")
    where = tmp_path / f"disk-{uuid.uuid4().hex[:6]}"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                              str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.mark.parametrize("name", ["board.pdf", "board.png", "board.svg"])
def test_render_on_a_really_full_disk_keeps_the_previous_board(tmp_path: Path,
                                                               name: str) -> None:
    with _small_disk(tmp_path, "16k") as disk:
        target = disk / name
        target.write_bytes(b"the good board")
        res = subprocess.run([sys.executable, "-m", "ttrtool", "render", "usa", "-o",
                              str(target)], cwd=ROOT, capture_output=True, text=True,
                             timeout=300)
        assert res.returncode == 2, res.stderr
        assert "Traceback" not in res.stderr
        assert (f"error: cannot write {target}: the disk is full (no space left on device) "
                "(the previous file is kept)") in res.stderr
        assert target.read_bytes() == b"the good board"
        assert sorted(p.name for p in disk.iterdir()) == [name]
