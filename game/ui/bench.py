"""The `frame` benchmarks of docs/performance.md: a busy board's frame, cached and fully redrawn, against a bare
fill-and-blit of as many surfaces."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.ui.input import GameLike, who_must_act
from game.ui.layout import LOGICAL_H, LOGICAL_W
from game.ui.renderer import Renderer
from game.ui.state import UiState


def busy_board_path() -> str:
    """The packaged busy board (every status, both kinds of stun, cubes, relics, stasis)."""
    from assets import FOLDER

    return str(FOLDER / "scenarios" / "busy_board.toml")


def seconds_per_frame(draw: Any, frames: int) -> float:
    """The mean time of one call of draw over frames calls."""
    start = time.perf_counter()
    for _ in range(frames):
        draw()
    return (time.perf_counter() - start) / frames


def frame_benchmark(game: GameLike, frames: int = 30) -> dict[str, Any]:
    """Seconds per frame of the game's play screen at 1280×720, two ways, and per bare frame.

    cached_s: a frame whose inputs did not change (the renderer blits its last frame again, what the window
    does while nothing happens); redraw_s: the whole screen drawn from the view (what a frame costs after
    every click), with the text and card-face caches warm as they are in play. The bare frame fills the
    screen and blits as many small surfaces as the real frame drew zones, so the ratios hold on a slow or
    busy machine. Works with SDL_VIDEODRIVER=dummy (no window is opened).
    """
    pygame.font.init()
    surface = pygame.Surface((LOGICAL_W, LOGICAL_H))
    view, legal = game.view(), game.legal_actions()
    ui = UiState(viewer=who_must_act(view))
    renderer = Renderer()
    zones = renderer.draw(surface, view, legal, ui)
    cached = seconds_per_frame(lambda: renderer.draw(surface, view, legal, ui), frames)
    redraw = seconds_per_frame(lambda: renderer.draw_fresh(surface, view, legal, ui, False), frames)
    tiles = [pygame.Surface((40, 40)) for _ in zones]
    for tile in tiles:
        tile.fill((200, 190, 170))

    def bare_frame() -> None:
        surface.fill((0, 0, 0))
        for index, tile in enumerate(tiles):
            surface.blit(tile, ((index * 41) % (LOGICAL_W - 40), (index * 41) // (LOGICAL_W - 40) * 41 % 680))

    bare = seconds_per_frame(bare_frame, frames)
    return {
        "cached_s": cached,
        "redraw_s": redraw,
        "bare_s": bare,
        "cached_ratio": cached / bare if bare else float("inf"),
        "redraw_ratio": redraw / bare if bare else float("inf"),
        "surfaces": len(zones),
        "fps_possible": 1 / redraw if redraw else float("inf"),
    }
