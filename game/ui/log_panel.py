"""The log panel: the game's events in words, newest at the bottom, repeats folded, scrolled by the wheel."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import log_words
from game.ui.draw import (
    DIM,
    INK,
    PANEL,
    PANEL_EDGE,
    Color,
    Zone,
    box,
    fit_line,
    font,
    rendered,
    text,
    wrap,
)
from game.ui.layout import Layout
from game.ui.state import UiState

View = dict[str, Any]


@dataclass
class LogCache:
    """The log panel's lines so far: per run of equal sentences, the sentence, its count and its lines."""

    width: int
    count: int = 0
    groups: list[tuple[str, int, list[tuple[str, Color]]]] = field(default_factory=list)


class LogPanel:
    """Draws the log panel (mixed into the Renderer, which owns the layout and the log's wrapped lines)."""

    layout: Layout
    log_cache: LogCache

    def draw_log(self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone]) -> None:
        """The game's events in words, newest at the bottom, scrolled by ui.log_scroll lines."""
        px = self.layout.px
        box(surface, self.layout.log, PANEL, PANEL_EDGE)
        x, y, w, _ = self.layout.log
        seed = f"  ·  seed {view['seed']}" if view.get("seed") is not None else ""
        text(surface, fit_line(f"Log  (wheel scrolls){seed}", 18, w - px(14), True), (x + px(8), y + px(6)), 18, DIM,
             True)
        area = self.layout.log_lines_rect()
        lines = self.log_lines(view, area[2])
        face = font(16)
        visible = area[3] // face.get_linesize()
        ui.log_scroll = max(0, min(ui.log_scroll, len(lines) - visible))
        end = len(lines) - ui.log_scroll
        for row, (line, color) in enumerate(lines[max(0, end - visible) : end]):
            surface.blit(rendered(line, 16, color), (area[0], area[1] + row * face.get_linesize()))
        if len(lines) > visible:
            track = (x + w - px(7), area[1], px(4), area[3])
            pygame.draw.rect(surface, (55, 60, 72), track, border_radius=2)
            thumb_h = max(px(16), area[3] * visible // len(lines))
            thumb_y = area[1] + (area[3] - thumb_h) * max(0, end - visible) // max(1, len(lines) - visible)
            pygame.draw.rect(surface, (150, 160, 180), (track[0], thumb_y, px(4), thumb_h), border_radius=2)
        zones.append((self.layout.log, ("log",)))

    def log_lines(self, view: View, width: int) -> list[tuple[str, Color]]:
        """Every log entry as wrapped lines, turn starts highlighted, repeats folded into one line ("×5"), entries that
        only say again what the one before said left out (log_words.repeated).

        The log only grows, so only entries new since the last frame are put into words and wrapped.
        """
        log = view.get("log", [])
        indent = self.layout.px(14)
        if self.log_cache.width != width or self.log_cache.count > len(log):
            self.log_cache = LogCache(width)
        cache = self.log_cache
        for index in range(cache.count, len(log)):
            entry = log[index]
            if log_words.repeated(log, index):
                continue
            sentence = log_words.told(view, log, index)
            color = (255, 230, 120) if entry.get("type") == "TurnStarted" else INK
            if cache.groups and cache.groups[-1][0] == sentence:
                repeats = cache.groups[-1][1] + 1
            else:
                repeats = 1
                cache.groups.append((sentence, 1, []))
            shown = sentence if repeats == 1 else f"{sentence} (×{repeats})"
            wrapped = [((" " if i else "") + line, color) for i, line in enumerate(wrap(shown, 16, width - indent))]
            cache.groups[-1] = (sentence, repeats, wrapped)
        cache.count = len(log)
        return [line for _, _, lines in cache.groups for line in lines]
