"""Saving on a full or read-only disk (issue 31, D15): Ctrl+S, or closing the window, used to raise out of the
window and lose the game. Now the window says the save failed, names the file and why, and the game goes on.

Real pygame events are posted (SDL's dummy driver); the data folder is a 64 KB tmpfs (root only: skipped, with
the reason, where the machine can't mount one).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pygame
import pytest

from game.engine import Game
from game.tools.replay import open_timeline
from game.ui.app import App
from game.ui.replay_app import ReplayApp
from game.ui.session import autosave_path, saves_folder
from tests.test_trust_writes import fill, names, small_disk
from tests.ui.helpers import click, open_app, press


def ctrl_s(app: App) -> None:
    press(app, pygame.K_s, pygame.KMOD_LCTRL, "\x13")


def close_window(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()


def test_ctrl_s_on_a_full_disk_says_so_and_the_game_goes_on(countertop_home: Path) -> None:
    with small_disk(countertop_home, free_kb=24):
        saves_folder().mkdir()
        app = open_app(Game.new(["Ada", "Bo"], None, 3))
        before = app.game.to_state() if app.game else None
        fill(countertop_home, 0)
        ctrl_s(app)
        assert app.running and app.ui.screen == "play" and app.ui.banner_is_error
        assert app.ui.banner.startswith(f"Can't save to {saves_folder()}/countertop-")
        assert "No space left on device. The game goes on." in app.ui.banner
        assert names(saves_folder()) == [] and app.game is not None and app.game.to_state() == before
        (countertop_home / "filler").unlink()
        ctrl_s(app)
        assert app.ui.banner.startswith("Saved to ") and not app.ui.banner_is_error
        [saved] = saves_folder().iterdir()
        assert json.loads(saved.read_text())["players_order"] == ["Ada", "Bo"]


def test_closing_on_a_full_disk_keeps_the_window_open_then_closing_again_quits(countertop_home: Path) -> None:
    with small_disk(countertop_home, free_kb=24):
        app = open_app(Game.new(["Ada", "Bo"], None, 3))
        fill(countertop_home, 0)
        close_window(app)
        assert app.running and app.ui.banner_is_error
        assert app.ui.banner == (f"Can't save to {autosave_path()}: No space left on device. The game stays open: "
                                 "close again to quit without saving it.")
        assert not autosave_path().exists() and names(countertop_home) == ["filler"]
        click(app, (5, 5))  # the window still answers
        close_window(app)
        assert not app.running


def test_closing_on_a_full_disk_after_space_was_freed_saves_and_quits(countertop_home: Path) -> None:
    with small_disk(countertop_home, free_kb=24):
        app = open_app(Game.new(["Ada", "Bo"], None, 3))
        fill(countertop_home, 0)
        close_window(app)
        assert app.running
        (countertop_home / "filler").unlink()
        close_window(app)
        assert not app.running and Game.load(str(autosave_path())).to_state() == app.game.to_state()


def test_closing_on_the_pass_screen_shows_the_failure_there(countertop_home: Path) -> None:
    """The pass screen draws no banner (it might name a hidden card): the failed save has a strip of its own."""
    with small_disk(countertop_home, free_kb=24):
        app = App(Game.new(["Ada", "Bo"], None, 3))
        app.step()
        assert app.ui.screen == "pass"
        fill(countertop_home, 0)
        close_window(app)
        assert app.running and app.ui.screen == "pass"
        assert app.save_failure.startswith(f"Can't save to {autosave_path()}: No space left on device")
        assert app.window.get_at((20, 690))[:3] == (170, 40, 40)  # the strip along the bottom


def test_ctrl_s_on_a_read_only_disk_names_the_file_and_why(countertop_home: Path) -> None:
    with small_disk(countertop_home, free_kb=24):
        saves_folder().mkdir()
        app = open_app(Game.new(["Ada", "Bo"], None, 3))
        done = subprocess.run(["mount", "-o", "remount,ro", str(countertop_home)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"can't make the tmpfs read-only: {done.stderr.strip()}")
        ctrl_s(app)
        assert app.running and app.ui.banner_is_error
        assert app.ui.banner.startswith(f"Can't save to {saves_folder()}/countertop-")
        assert "Read-only file system. The game goes on." in app.ui.banner
        close_window(app)
        assert app.running and "Read-only file system" in app.ui.banner


def test_a_new_game_starts_on_a_full_disk_without_remembering_the_names(countertop_home: Path) -> None:
    """Starting a game writes the names typed (for the next new-game screen): a full disk only skips that."""
    with small_disk(countertop_home):
        app = App()
        app.step()
        app.new_game()
        assert app.ui.screen == "pass" and app.running
        assert not saves_folder().exists() or names(saves_folder()) == []


def test_exporting_a_replay_step_on_a_full_disk_says_so_and_the_window_goes_on(countertop_home: Path) -> None:
    """The replay window's X writes the step as a scenario: on a full disk it named nothing and raised."""
    timeline = open_timeline(str(Path(__file__).resolve().parent.parent / "repro" / "wave3"
                                  / "d02_finished_game_negative_vp.json"))
    with small_disk(countertop_home):
        app = ReplayApp(timeline, 5, name="game-18.json")
        app.step()
        press(app, pygame.K_x)
        path = countertop_home / "scenarios" / "game-18-step-5.toml"
        assert app.banner == f"Can't export: {path}: No space left on device" and app.exported == []
        assert not path.exists() and app.step()
