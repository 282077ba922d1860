"""Tooltips: a box of wrapped text near the mouse, kept on screen, for whatever is under it on any screen (the
Renderer draws the box and caches it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import words
from game.ui.draw import BLACK, Rect, Zone, box, font, text, wrap
from game.ui.input import zone_at
from game.ui.layout import Layout

if TYPE_CHECKING:
    from game.ui.app import App


class Tooltips:
    """Tooltips of the play screen (mixed into the Renderer, which owns the layout and the tooltip cache)."""

    layout: Layout
    tooltip_cache: tuple[tuple[str, ...], pygame.Surface] | None

    def draw_tooltip(self, surface: pygame.Surface, lines: list[str], at: tuple[int, int]) -> Rect:
        """A box of wrapped text near the mouse, kept on screen (the box is drawn once per text)."""
        box_picture = self.tooltip_picture(lines)
        width, height = box_picture.get_size()
        window_w, window_h = self.layout.size
        x = min(at[0] + 16, window_w - width - 4)
        y = min(at[1] + 16, window_h - height - 4)
        if at[1] + 16 + height > window_h and at[1] - height - 8 >= 0:
            y = at[1] - height - 8
        surface.blit(box_picture, (x, y))
        return (x, y, width, height)

    def tooltip_picture(self, lines: list[str]) -> pygame.Surface:
        """The tooltip box of these lines (cached while the same lines show)."""
        key = (*lines, str(self.layout.unit))
        if self.tooltip_cache is not None and self.tooltip_cache[0] == key:
            return self.tooltip_cache[1]
        px = self.layout.px
        width = px(380)
        wrapped: list[tuple[str, bool]] = []
        for index, line in enumerate(lines):
            bold = index == 0 or line.startswith("Rule ")
            wrapped.extend((part, bold) for part in wrap(line, 18, width - px(16), bold))
        pitch = font(18).get_linesize()
        height = pitch * len(wrapped) + px(12)
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        box(picture, (0, 0, width, height), (250, 248, 225), BLACK, 2)
        for row, (line, bold) in enumerate(wrapped):
            text(picture, line, (px(8), px(6) + pitch * row), 18, (20, 20, 20), bold)
        self.tooltip_cache = (key, picture)
        return picture


def with_tooltip(
    app: App,
    surface: pygame.Surface,
    zones: list[Zone],
    explain: Callable[[tuple[Any, ...]], list[str]],
    enlarge: bool = False,
) -> list[Zone]:
    """Draw the tooltip of whatever is under the mouse (explain gives its lines; enlarge: a card of the hand
    under it is drawn large instead, on the table); returns the zones."""
    key = zone_at(zones, app.ui.mouse)
    if app.ui.menu is not None and (key is None or key[0] != "menu"):
        key = None
    app.tooltip = explain(key) if key is not None else []
    hovered = app.renderer.hovered_hand if enlarge else None
    if hovered is not None and key == ("card", hovered[0]) and app.game is not None:
        view, _ = app.snapshot()
        why = next((line for line in app.tooltip if line.startswith("Can't play it now")), "")
        app.renderer.draw_enlarged(surface, view["cards"][hovered[0]], hovered[1], why)
    elif app.tooltip:
        full = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) if pygame.display.get_init() else False
        app.renderer.draw_tooltip(surface, words.short_tooltip(app.tooltip, full), app.ui.mouse)
    return zones
