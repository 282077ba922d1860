"""Following bot turns at the table: a frame on the cards the bots touched since the person last acted, and,
once the turn comes back to the person at the table, the pass screen's "since your last turn" recap as a panel
over the log and dice column (no pass screen: nothing there is hidden from them; the log holds the same events
in full). A click on the panel, or their first action, closes it."""

from __future__ import annotations

import pygame

from game.ui.draw import DIM, INK, PANEL, Rect, Zone, box, font, px, text, wrap
from game.ui.log_words import STEP
from game.ui.screens import GOLD

MOVED = (255, 160, 40)


def draw_moved(surface: pygame.Surface, zones: list[Zone], refs: list[str]) -> None:
    """An orange frame on each card the bots played, moved, used or targeted since the person last acted."""
    for rect, key in zones:
        if key[0] == "card" and key[1] in refs:
            pygame.draw.rect(surface, MOVED, pygame.Rect(rect).inflate(px(6), px(6)), px(4), border_radius=px(6))


def draw_recap(surface: pygame.Surface, rect: Rect, lines: list[str]) -> list[Zone]:
    """The recap panel over `rect`: a title, the recap's lines wrapped to its width (as many as fit; the rest is
    left to the log), each turn's headline in gold and its steps indented under it, and how to close it. Its zone
    is ("recap",)."""
    box(surface, rect, PANEL, GOLD, 2, 8)
    x, y, w, h = rect
    text(surface, "Since your last turn", (x + px(12), y + px(8)), 22, GOLD, True)
    pitch = font(17, True).get_linesize()
    top, bottom = y + px(40), y + h - px(30)
    rows = [(part, step) for line in lines for step in [line.startswith(STEP)]
            for part in wrap(line.strip(), 17, w - px(36 if step else 24), not step)]
    fits = max(0, (bottom - top) // pitch)
    if len(rows) > fits:
        rows = rows[: max(0, fits - 1)] + [("… the rest is in the log.", True)]
    for row, (line, step) in enumerate(rows):
        text(surface, line, (x + px(24 if step else 12), top + row * pitch), 17, INK if step else GOLD, not step)
    text(surface, "Click here to close (or just play on).", (x + px(12), y + h - px(24)), 16, DIM)
    return [(rect, ("recap",))]
