"""The `frame` benchmark of DESIGN §6: one rendered frame of a full board against a bare fill-and-blit."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.ui.input import GameLike, who_must_act
from game.ui.layout import LOGICAL_H, LOGICAL_W
from game.ui.renderer import Renderer
from game.ui.state import UiState


def frame_benchmark(game: GameLike, frames: int = 30) -> dict[str, Any]:
    """Seconds per rendered frame of the game's play screen, per bare frame, and their ratio.

    The bare frame fills the screen and blits as many small surfaces as the real frame drew zones,
    so the ratio holds on a slow or busy machine. Works with SDL_VIDEODRIVER=dummy (no window is opened).
    """
    pygame.font.init()
    surface = pygame.Surface((LOGICAL_W, LOGICAL_H))
    view, legal = game.view(), game.legal_actions()
    ui = UiState(screen="play", viewer=who_must_act(view))
    renderer = Renderer()
    zones = renderer.draw(surface, view, legal, ui)
    start = time.perf_counter()
    for _ in range(frames):
        renderer.draw(surface, view, legal, ui)
    frame = (time.perf_counter() - start) / frames
    tiles = [pygame.Surface((40, 40)) for _ in zones]
    for tile in tiles:
        tile.fill((200, 190, 170))
    start = time.perf_counter()
    for _ in range(frames):
        surface.fill((0, 0, 0))
        for index, tile in enumerate(tiles):
            surface.blit(tile, ((index * 41) % (LOGICAL_W - 40), (index * 41) // (LOGICAL_W - 40) * 41 % 680))
    bare = (time.perf_counter() - start) / frames
    return {
        "frame_s": frame,
        "bare_s": bare,
        "ratio": frame / bare if bare else float("inf"),
        "surfaces": len(zones),
        "fps_possible": 1 / frame if frame else float("inf"),
    }
