"""Countertop: a headless rules engine for a game of counters and status effects.

`from game import Game` is the public entry point; it is imported on first use (PEP 562), so importing
a light module such as `game.core.components` or `game.core.problems` does not load the whole engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import Game

__all__ = ["Game"]


def __getattr__(name: str) -> Any:
    """Import `Game` lazily on first access."""
    if name == "Game":
        from game.engine import Game

        return Game
    raise AttributeError(f"module 'game' has no attribute {name!r}")
