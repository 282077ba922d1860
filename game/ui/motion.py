"""What just happened, shown on the table: numbers and words that float up from the cards an action changed
(damage, healing, statuses, stun and stasis counters, VP) and a fading frame around them. Motion never waits
for anything: input is handled as always, and a float simply fades out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.draw import Color, Rect, Zone, rendered
from game.ui.icons import STASIS_COUNTER, STATUS_COLORS, STUN_COUNTER

LIFE_MS = 1400
RISE = 28

DAMAGE: Color = (255, 90, 80)
HEAL: Color = (110, 235, 120)
GOLD: Color = (255, 220, 90)
GREY: Color = (200, 200, 200)


@dataclass
class Float:
    """A word floating up from a card (or a player's panel) for LIFE_MS; born None while it waits for the
    table to be shown (behind the "pass the device" screen)."""

    key: tuple[Any, ...]
    words: str
    color: Color
    born: int | None


def floats_for(entry: dict[str, Any], now: int | None) -> list[Float]:
    """The floats one log entry makes, e.g. "−3" in red over a damaged card."""
    kind, card = entry.get("type"), entry.get("card")
    target: tuple[Any, ...] = ("card", card)
    if kind == "DamageDealt":
        return [Float(target, f"−{entry.get('n', 0)}", DAMAGE, now)]
    if kind == "Healed":
        return [Float(target, f"+{entry.get('n', 0)}", HEAL, now)]
    if kind == "StatusApplied":
        status = str(entry.get("status"))
        return [Float(target, f"+{status}", STATUS_COLORS.get(status, GREY), now)]
    if kind == "StatusRemoved":
        return [Float(target, f"−{entry.get('status')}", GREY, now)]
    if kind == "StunCountersAdded":
        return [Float(target, f"+{entry.get('n', 1)} stun", STUN_COUNTER, now)]
    if kind == "UntapReplaced":
        return [Float(target, "stun −1, stays tapped", STUN_COUNTER, now)]
    if kind == "StasisCounterRemoved":
        return [Float(target, "stasis −1", STASIS_COUNTER, now)]
    if kind == "Defeated":
        return [Float(target, "defeated", DAMAGE, now)]
    if kind == "VictoryPoints" and entry.get("player"):
        change = int(entry.get("change", 0))
        return [Float(("player", entry["player"]), f"{change:+d} VP".replace("-", "−"), GOLD, now)]
    return []


GLIDE_MS = 300


@dataclass
class Glide:
    """A card flying from where it was clicked (its slot in hand, its stasis chip) to where it went."""

    name: str
    start: Rect
    end: Rect
    born: int


def glide_rect(glide: Glide, now: int) -> Rect | None:
    """Where a gliding card is drawn now (eased out), or None once it has landed."""
    age = (now - glide.born) / GLIDE_MS
    if age >= 1 or age < 0:
        return None
    eased = 1 - (1 - age) ** 3
    return tuple(round(a + (b - a) * eased) for a, b in zip(glide.start, glide.end, strict=True))  # type: ignore[return-value]


@dataclass
class Motion:
    """The floats and glides showing now."""

    floats: list[Float] = field(default_factory=list)
    glides: list[Glide] = field(default_factory=list)

    def glide(self, name: str, start: Rect, end: Rect, now: int) -> None:
        """A played card flies from start to end."""
        self.glides = [g for g in self.glides if glide_rect(g, now) is not None]
        self.glides.append(Glide(name, start, end, now))

    def note(self, entries: list[dict[str, Any]], now: int, hidden: bool = False) -> None:
        """New log entries: start their floats (several on one card are stacked, not drawn on top of each other);
        hidden: the table is behind the pass screen, so they wait for `reveal`."""
        self.expire(now)
        for entry in entries:
            self.floats.extend(floats_for(entry, None if hidden else now))

    def reveal(self, now: int) -> None:
        """The table shows again: the floats that waited start now (e.g. an untap replaced by a stun counter)."""
        for item in self.floats:
            if item.born is None:
                item.born = now

    def expire(self, now: int) -> None:
        """Forget the floats that have faded out."""
        self.floats = [f for f in self.floats if f.born is None or now - f.born < LIFE_MS]

    def active(self, now: int) -> bool:
        """Whether anything is moving now (the main loop then draws frames without waiting for events)."""
        self.expire(now)
        self.glides = [g for g in self.glides if glide_rect(g, now) is not None]
        return bool(self.glides) or any(f.born is not None for f in self.floats)

    def draw(self, surface: pygame.Surface, zones: list[Zone], now: int) -> None:
        """Gliding cards, then each float above its card, rising and fading, with a fading frame around it."""
        for glide in self.glides:
            rect = glide_rect(glide, now)
            if rect is not None:
                pygame.draw.rect(surface, (236, 230, 212), rect, border_radius=6)
                pygame.draw.rect(surface, (255, 230, 60), rect, 3, border_radius=6)
                surface.blit(rendered(glide.name, 16, (0, 0, 0), True), (rect[0] + 5, rect[1] + 5))
        rects: dict[tuple[Any, ...], Rect] = {}
        for rect, key in zones:
            if key[0] in ("card", "player"):
                rects[key] = rect
        stacked: dict[tuple[Any, ...], int] = {}
        for item in self.floats:
            if item.key not in rects or item.born is None:
                continue
            rect = rects[item.key]
            age = max(0.0, min(1.0, (now - item.born) / LIFE_MS))
            eased = 1 - (1 - age) ** 3
            alpha = 255 if age < 0.5 else int(255 * (1 - age) * 2)
            row = stacked.get(item.key, 0)
            stacked[item.key] = row + 1
            if row == 0:
                frame = pygame.Surface((rect[2], rect[3]), pygame.SRCALPHA)
                pygame.draw.rect(frame, (*item.color, alpha), (0, 0, rect[2], rect[3]), 3, border_radius=6)
                surface.blit(frame, rect[:2])
            image = rendered(item.words, 26, item.color, True).copy()
            shadow = rendered(item.words, 26, (0, 0, 0), True).copy()
            image.set_alpha(alpha)
            shadow.set_alpha(alpha)
            x = rect[0] + rect[2] // 2 - image.get_width() // 2
            y = rect[1] + rect[3] // 3 - int(RISE * eased) + 22 * row
            surface.blit(shadow, (x + 2, y + 2))
            surface.blit(image, (x, y))
