"""The Load and Watch lists over the new-game screen: saved and finished games with date, players, turn and VP."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.draw import DIM, INK, PANEL, PANEL_EDGE, Zone, box, button, fit_line, font, px, text
from game.ui.plain import file_label
from game.ui.saves import SaveInfo
from game.ui.screens import ERROR, GOLD, origin, shade

ROWS = 8
AUTOSAVE = "autosave.json"
TITLES = {"load": "Load a saved game", "watch": "Watch a game again"}
HINTS = {
    "load": "Click a game to go on with it (its undo history and bot seats too). Wheel scrolls, Esc closes.",
    "watch": "Click a game to watch it from the start: step through every turn, from each player's view. "
    "Esc closes.",
}
EMPTY = {
    "load": "No saved games yet. During a game, Ctrl+S (or the Save button) saves one here.",
    "watch": "No games to watch yet: finished and saved games show up here.",
}


@dataclass
class GameList:
    """The list showing (kind: "load" or "watch"), its games newest first, and how far it is scrolled."""

    kind: str
    games: list[SaveInfo] = field(default_factory=list)
    scroll: int = 0

    def scroll_by(self, rows: int) -> None:
        """Move the list by whole rows, never past its ends."""
        self.scroll = max(0, min(self.scroll + rows, max(0, len(self.games) - ROWS)))


def draw_game_list(surface: pygame.Surface, listing: GameList) -> list[Zone]:
    """The list as a dialog: one row per game (date, players with VP, turn or winner, file name); a game that
    can't be read is listed with why, greyed. Zones: ("game", index) per row, ("button", "close_list")."""
    shade(surface, 190)
    ox, oy = origin(surface)
    rect = (ox + px(120), oy + px(50), px(1040), px(620))
    box(surface, rect, PANEL, GOLD, 2, 8)
    text(surface, TITLES[listing.kind], (rect[0] + px(20), rect[1] + px(14)), 30, GOLD, True)
    hint = fit_line(HINTS[listing.kind], 18, rect[2] - px(40))
    text(surface, hint, (rect[0] + px(20), rect[1] + px(56)), 18, DIM)
    zones: list[Zone] = [(rect, ("dialog",))]
    close = (rect[0] + rect[2] - px(130), rect[1] + px(12), px(110), px(36))
    button(surface, close, "Close", size=21)
    zones.append((close, ("button", "close_list")))
    if not listing.games:
        text(surface, EMPTY[listing.kind], (rect[0] + px(20), rect[1] + px(110)), 21, INK)
        return zones
    pitch = px(62)
    for row, info in enumerate(listing.games[listing.scroll : listing.scroll + ROWS]):
        index = listing.scroll + row
        line = (rect[0] + px(20), rect[1] + px(90) + row * pitch, rect[2] - px(40), pitch - px(8))
        box(surface, line, (44, 48, 60) if not info.problem else (40, 30, 30), ERROR if info.problem else PANEL_EDGE)
        top = line[1] + px(4)
        text(surface, info.date(), (line[0] + px(12), top), 20, INK if not info.problem else DIM, True)
        summary = fit_line(info.summary(), 20, line[2] - px(220))
        text(surface, summary, (line[0] + px(200), top), 20, INK if not info.problem else DIM)
        where = file_label(info.path) + (" (the game open when the window last closed)" if info.path.name == AUTOSAVE
                                         else "")
        name = fit_line(where, 16, line[2] - px(212))
        text(surface, name, (line[0] + px(200), top + font(20).get_linesize()), 16, DIM)
        zones.append((line, ("game", index)))
    if len(listing.games) > ROWS:
        shown = f"games {listing.scroll + 1}–{min(listing.scroll + ROWS, len(listing.games))} of {len(listing.games)}"
        text(surface, shown + " (wheel scrolls)", (rect[0] + px(20), rect[1] + rect[3] - px(30)), 17, DIM)
    return zones
