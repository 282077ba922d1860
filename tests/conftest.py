"""Shared test helpers: build games from inline scenario TOML and read their JSON dump."""

from __future__ import annotations

import os
import tempfile
import tomllib
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("COUNTERTOP_CACHE", os.path.join(tempfile.gettempdir(), f"countertop-tests-{os.getuid()}"))

from game.engine import Game  # noqa: E402
from game.io.scenario import _Where, build, play_actions  # noqa: E402


def scenario(text: str) -> Game:
    """Set up and play an inline scenario (docs/formats.md TOML), returning the game."""
    table, actions = build(tomllib.loads(text), _Where("<inline scenario>"))
    play_actions(table, actions)
    return Game(table)


def setup(text: str) -> Game:
    """Set up an inline scenario without playing its actions."""
    table, _ = build(tomllib.loads(text), _Where("<inline scenario>"))
    return Game(table)


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    """The log entries of one event type."""
    return [e for e in game.table.log if e["type"] == kind]


def rejected_unchanged(game: Game, action: dict[str, Any], *words: str) -> str:
    """Assert an action is rejected, leaves the serialised game (state, log, dice) as it was, and names `words`."""
    before = game.to_state()
    outcome = game.act(action)
    assert not outcome.ok
    assert game.to_state() == before
    for word in words:
        assert word in outcome.reason
    return outcome.reason


@pytest.fixture
def run() -> Any:
    """The `scenario` helper as a fixture."""
    return scenario
