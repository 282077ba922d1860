"""UI tests run headless: SDL's dummy video driver, no audio, saves in a temporary folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.guide import GUIDE_FILE  # noqa: E402


@pytest.fixture(autouse=True)
def countertop_home(tmp_path, monkeypatch):
    """Every test gets its own data folder for autosaves and saves (the first-game guide already off in it), and
    a fresh pygame event queue."""
    monkeypatch.setenv("COUNTERTOP_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / GUIDE_FILE).write_text('{"off": true}', encoding="utf-8")  # tests of the guide remove it
    yield tmp_path / "home"
    if pygame.display.get_init():
        pygame.event.clear()


@pytest.fixture(autouse=True)
def crashes_fail(monkeypatch):
    """A bug in a handler or a frame fails the test: the window itself would keep the game and go on
    (`Session.keep_after_crash`), which would hide it here."""
    from game.ui.app import App

    def crash(self, err: Exception) -> None:
        raise err

    monkeypatch.setattr(App, "keep_after_crash", crash)
