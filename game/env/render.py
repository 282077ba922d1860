"""The environment's pictures: the window's own renderer drawing the neutral view of a game, as an RGB
array or in a window; imported only when an environment is asked to render."""

from __future__ import annotations

import numpy as np
import pygame

from game.engine import Game
from game.ui.app import init_pygame
from game.ui.layout import LOGICAL_H, LOGICAL_W, Layout
from game.ui.renderer import Renderer
from game.ui.state import UiState


class Picture:
    """Draws one game's play screen as anyone at the table sees it (every hand hidden), at the window's size."""

    def __init__(self, size: tuple[int, int] = (LOGICAL_W, LOGICAL_H)) -> None:
        init_pygame()
        self.surface = pygame.Surface(size)
        self.renderer = Renderer(Layout.for_window(*size))
        self.window: pygame.Surface | None = None

    def draw(self, game: Game) -> pygame.Surface:
        """The play screen of the game's neutral view (no hand shown, no choice dialog)."""
        ui = UiState(viewer=None)
        self.renderer.draw(self.surface, game.public_view(), [], ui)
        return self.surface

    def rgb(self, game: Game) -> np.ndarray:
        """The picture as a height × width × 3 array of bytes ("rgb_array")."""
        return np.ascontiguousarray(pygame.surfarray.array3d(self.draw(game)).swapaxes(0, 1), dtype=np.uint8)

    def show(self, game: Game) -> None:
        """The picture in a window, opened on first use ("human")."""
        if self.window is None:
            self.window = pygame.display.set_mode(self.surface.get_size())
            pygame.display.set_caption("Countertop")
        self.window.blit(self.draw(game), (0, 0))
        pygame.display.flip()
        pygame.event.pump()

    def close(self) -> None:
        """Close the window, if one was opened."""
        if self.window is not None:
            pygame.display.quit()
            self.window = None
