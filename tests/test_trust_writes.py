"""Every file the program writes is written whole (issue 31: D15-D17, D20 c, d, h, i): on a full disk a write fails
naming its file and leaves the old file or none, never part of one, and no temporary file (game/core/atomic.py).

The full-disk cases mount a 64 KB tmpfs (root only; skipped, with the reason, where the machine can't mount one).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.cli import main
from game.core.atomic import write_whole, written_whole
from game.engine import Game
from game.tools.shrink import write_shrunk
from game.ui import saves

ROOT = Path(__file__).resolve().parent.parent
WAVE3 = ROOT / "tests" / "repro" / "wave3"
FINISHED = WAVE3 / "d02_finished_game_negative_vp.json"
SCENE = 'players = ["Ada", "Bo"]\n'


@contextmanager
def small_disk(folder: Path, free_kb: int = 0, size_kb: int = 64) -> Iterator[Path]:
    """A tmpfs of `size_kb` mounted at `folder`, filled until about `free_kb` are left (a file `filler`); unmounted
    afterwards. Skips the test, saying why, where the machine can't mount one."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs for a full disk needs root")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"can't mount a tmpfs here: {done.stderr.strip() or done.returncode}")
    try:
        fill(folder, free_kb)
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path, free_kb: int) -> None:
    """Write zeros to `folder/filler` until at most `free_kb` are free."""
    with open(folder / "filler", "wb") as out:
        while True:
            stats = os.statvfs(folder)
            free = stats.f_bavail * stats.f_frsize - free_kb * 1024
            if free <= 0:
                return
            try:
                out.write(b"\0" * min(free, 4096))
                out.flush()
            except OSError as err:
                assert err.errno == errno.ENOSPC
                return


def names(folder: Path) -> list[str]:
    """The entries of a folder, sorted (temporary files start with a dot)."""
    return sorted(p.name for p in folder.iterdir())


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, text=True, env=env,
                          timeout=300)


# ----- the helper ---------------------------------------------------------------------------------------------


def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), written_whole(target) as out:
        out.write("half of the new")
        raise RuntimeError("the content could not be made")
    assert names(tmp_path) == ["out.txt"] and target.read_text() == "old"
    write_whole(target, "new")
    assert names(tmp_path) == ["out.txt"] and target.read_text() == "new"


def test_devices_pipes_and_folders_are_refused_and_links_replaced_not_followed(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    for target, why in (("/dev/full", "a device or a pipe"), (tmp_path / "pipe", "a device or a pipe"),
                        (tmp_path, "is a folder")):
        with pytest.raises(OSError) as caught:
            write_whole(target, "x")
        assert caught.value.filename == os.fspath(target) and why in caught.value.strerror
    kept = tmp_path / "kept.txt"
    kept.write_text("not mine")
    (tmp_path / "link.txt").symlink_to(kept)
    write_whole(tmp_path / "link.txt", "mine")
    assert kept.read_text() == "not mine" and not (tmp_path / "link.txt").is_symlink()


def test_thousands_of_missing_folders_are_made_without_recursion(tmp_path: Path) -> None:
    """D20 d: `replay --export` to a path ~2,000 folders deep made os.makedirs end in RecursionError (1,900 here,
    to stay within the 4,096 characters a path may have)."""
    levels = 1900
    out = tmp_path / Path(*["a"] * levels) / "x.toml"
    try:
        assert main(["replay", str(FINISHED), "--at", "5", "--export", str(out)]) == 0
        assert out.read_text().startswith("description = ")
    finally:
        out.unlink(missing_ok=True)
        for depth in range(levels, 0, -1):
            folder = tmp_path / Path(*["a"] * depth)
            if folder.is_dir():
                folder.rmdir()


# ----- full disks ---------------------------------------------------------------------------------------------


def test_a_failed_export_leaves_no_partial_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """D16: `replay --export` on a full disk left 4,096 of 5,345 bytes, a scenario that loaded with 15 cards missing.
    Now: exit 2 naming the file, and no file (or the old one) afterwards."""
    with small_disk(tmp_path / "tiny", free_kb=16) as tiny:
        (tiny / "old.toml").write_text(SCENE)
        fill(tiny, 0)
        for out, left in ((tiny / "t17.toml", ["filler", "old.toml"]), (tiny / "old.toml", ["filler", "old.toml"])):
            assert main(["replay", str(FINISHED), "--at", "17", "--export", str(out)]) == 2
            assert capsys.readouterr().err == f"{out}: can't be written (No space left on device)\n"
            assert names(tiny) == left
        assert (tiny / "old.toml").read_text() == SCENE


def test_a_report_on_a_full_disk_names_its_file_and_leaves_no_half_page(tmp_path: Path) -> None:
    """D17: "countertop: output: can't be written" and a truncated report.html. Now the line names report.html, the
    summary was printed first, and no half page, no temporary file and no report.json without its page are left
    (both files or neither, issue 42 E23)."""
    with small_disk(tmp_path / "tiny", free_kb=44) as tiny:
        done = run("sim", "--games", "4", "--workers", "1", "--report", str(tiny / "rep"))
        assert done.returncode == 2
        assert done.stderr.splitlines()[-1] == (f"countertop: {tiny / 'rep' / 'report.html'}: can't be written "
                                                f"(No space left on device)")
        assert "games" in done.stdout
        assert names(tiny / "rep") == []


def test_kept_games_on_a_full_disk_name_the_game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """D17, D20 c: `sim --keep` on a full disk said "output"; now the line names the replay file."""
    with small_disk(tmp_path / "tiny") as tiny:
        assert main(["sim", "--games", "1", "--seed", "3", "--workers", "1", "--keep", str(tiny / "games")]) == 2
        line = capsys.readouterr().err.strip().splitlines()[-1]
        assert line == f"countertop: {tiny / 'games' / 'game-3.json'}: can't be written (No space left on device)"
        assert names(tiny / "games") == []


def test_saves_are_readable_by_their_owner_only_and_exports_as_open_makes_them(tmp_path: Path) -> None:
    """A save holds every hidden hand: only its owner may read it (0600, as before saves were shared with the
    other writers); any other file gets what open() would give it under the umask."""
    game = Game.new(["Ada", "Bo"], seed=4)
    game.save(str(tmp_path / "g.json"))
    saves.write_json(tmp_path / "w.json", game.to_state())
    write_whole(tmp_path / "plain.txt", "x")
    game.close()
    mask = os.umask(0)
    os.umask(mask)
    assert [(tmp_path / n).stat().st_mode & 0o777 for n in ("g.json", "w.json")] == [0o600, 0o600]
    assert (tmp_path / "plain.txt").stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_save_on_a_full_disk_keeps_the_old_save(tmp_path: Path) -> None:
    game = Game.new(["Ada", "Bo"], None, 3)
    with small_disk(tmp_path / "tiny", free_kb=16) as tiny:
        path = tiny / "game.json"
        path.write_text("old save")
        fill(tiny, 0)
        with pytest.raises(OSError) as caught:
            game.save(str(path))
        assert caught.value.filename == str(path) and caught.value.errno == errno.ENOSPC
        assert names(tiny) == ["filler", "game.json"] and path.read_text() == "old save"


def test_a_shrunk_scenario_and_remembered_names_on_a_full_disk(tmp_path: Path) -> None:
    with small_disk(tmp_path / "tiny") as tiny:
        with pytest.raises(OSError) as caught:
            write_shrunk({"players": ["Ada", "Bo"], "card": [], "do": []}, str(tiny / "shrunk.toml"))
        assert caught.value.filename == str(tiny / "shrunk.toml")
        with pytest.raises(OSError) as caught:
            saves.remember_names(tiny / "saves", ["Ada", "Bo"])
        assert caught.value.filename == str(tiny / "saves" / saves.NAMES_FILE)
        assert names(tiny) == ["filler", "saves"] and names(tiny / "saves") == []


def test_a_screenshot_on_a_full_disk_or_a_device_is_one_line_and_no_file(tmp_path: Path) -> None:
    """D20 h: to /dev/full, exit 0 and nothing written; on a full disk a libpng line, ours, and an empty PNG."""
    scene = tmp_path / "scene.toml"
    scene.write_text(SCENE)
    done = run("play", "--scenario", str(scene), "--screenshot", "/dev/full")
    assert (done.returncode, done.stderr) == (2, "countertop: /dev/full: can't be written (a device or a pipe, not "
                                                 "a regular file)\n")
    with small_disk(tmp_path / "tiny") as tiny:
        done = run("play", "--scenario", str(scene), "--screenshot", str(tiny / "shot.png"))
        assert (done.returncode, done.stderr) == (2, f"countertop: {tiny / 'shot.png'}: can't be written (No space "
                                                     f"left on device)\n")
        assert names(tiny) == ["filler"]


def test_the_cache_on_a_full_disk_leaves_no_temporary_entries(tmp_path: Path) -> None:
    """D20 i: each start on a full disk left a new empty `.cards-KEY.PID.tmp` in the cache folder."""
    scene = tmp_path / "scene.toml"
    scene.write_text(SCENE)
    with small_disk(tmp_path / "tiny") as tiny:
        (tiny / "cache").mkdir()
        env = {**os.environ, "COUNTERTOP_CACHE": str(tiny / "cache"), "PYTHONPATH": str(ROOT)}
        for _ in range(3):
            done = subprocess.run([sys.executable, "-m", "game", "scenario", str(scene)], capture_output=True,
                                  text=True, env=env, timeout=120)
            assert done.returncode == 0, done.stderr
        assert names(tiny / "cache") == []
