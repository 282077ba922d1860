"""The first-game guide: a few short hints, each shown once at the moment a newcomer had to guess (the first turn, the
first card in stasis at 0 counters, the first relic, the first bot turn), each closed by a click; all of them off
once a game has ended. What was seen is kept in guide.json in the data folder."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.core.atomic import write_whole
from game.core.problems import read_bounded
from game.ui.draw import DIM, INK, PANEL, Rect, Zone, box, font, px, text, wrap
from game.ui.screens import GOLD

View = dict[str, Any]
GUIDE_FILE = "guide.json"
HINTS = {
    "first_turn": "Click a card in your hand, then a lit square or target. Hover anything to have it explained; "
    "L keys every marker and frame colour, F1 lists the rules.",
    "stasis_zero": "A card of yours in stasis is at 0 counters: play it free this turn (ST-11), or the end of your "
    "turn discards it (ST-14).",
    "relic": "You have a relic: click it to use an ability (a menu when there are several). Its cost is paid by "
    "untapping tapped characters you control (SC-6).",
    "bot_turn": "A bot has played: the gold panel sums up its turn, and orange frames mark the cards it touched. "
    "F makes bots play faster.",
}


def due(view: View, viewer: str, bots_played: bool) -> list[str]:
    """The hints whose moment is now on the table of the person at the device, in the order they matter."""
    cards = view["cards"]
    mine = view["players"].get(viewer, {})
    moments = {
        "bot_turn": bots_played,
        "stasis_zero": any(cards.get(ref, {}).get("stasis_counters", 1) == 0 for ref in mine.get("stasis", [])),
        "relic": any(card["zone"] == "board" and card.get("pos") is None and card.get("controller") == viewer
                     for card in cards.values()),
        "first_turn": view.get("active") == viewer,
    }
    return [name for name, now in moments.items() if now]


@dataclass
class Guide:
    """Which hints were closed, and whether the guide is off (after a first game ended); `path` is where that
    is kept (None: nowhere, the guide stays off, as for a screenshot)."""

    path: Path | None
    seen: set[str] = field(default_factory=set)
    off: bool = False

    @classmethod
    def kept_in(cls, folder: Path) -> Guide:
        """The guide as kept in a data folder (a fresh one when its file is missing or unreadable)."""
        path = folder / GUIDE_FILE
        try:
            data = json.loads(read_bounded(str(path), "guide file"))
        except (ValueError, RecursionError):  # FileProblems too: missing, unreadable, a pipe, too big
            return cls(path)
        if not isinstance(data, dict):
            return cls(path)
        seen = data.get("seen")
        return cls(path, {s for s in seen if s in HINTS} if isinstance(seen, list) else set(), data.get("off") is True)

    def showing(self, view: View, viewer: str | None, bots_played: bool) -> str | None:
        """The hint to show now, if any."""
        if self.path is None or self.off or viewer is None:
            return None
        return next((name for name in due(view, viewer, bots_played) if name not in self.seen), None)

    def close(self, name: str) -> None:
        """The player closed a hint: it is not shown again."""
        self.seen.add(name)
        self.keep()

    def finish(self) -> None:
        """A game ended: the guide is off from now on."""
        self.off = True
        self.keep()

    def keep(self) -> None:
        """Write what was seen to the data folder (a disk that refuses only means the hints may come again)."""
        if self.path is None:
            return
        try:
            write_whole(self.path, json.dumps({"seen": sorted(self.seen), "off": self.off}))
        except OSError:
            return


def draw_hint(surface: pygame.Surface, rect: Rect, name: str) -> list[Zone]:
    """A hint in a gold-framed box over `rect` (the dice panel): a title, its words and how to close it. Its zone
    is ("guide", name)."""
    box(surface, rect, PANEL, GOLD, 2, 8)
    x, y, w, h = rect
    text(surface, "First game", (x + px(10), y + px(6)), 18, GOLD, True)
    pitch = font(16).get_linesize()
    for row, line in enumerate(wrap(HINTS[name], 16, w - px(20))[: max(0, (h - px(56)) // pitch)]):
        text(surface, line, (x + px(10), y + px(30) + row * pitch), 16, INK)
    text(surface, "Click to close this hint.", (x + px(10), y + h - px(22)), 15, DIM)
    return [(rect, ("guide", name))]
