"""What just happened, shown on the table: numbers and words that float up from the cards an action changed
(damage, healing, statuses, stun and stasis counters, VP) with a fading frame around them, and counter badges
that pulse while their number rolls from the old count to the new one (ST-9 stasis, SC-1/SC-2 stun). Motion
never waits for anything: input is handled as always, and a float simply fades out."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.statuses import BY_NAME
from game.ui.draw import BLACK, Color, Rect, Zone, px, rendered, text
from game.ui.icons import STASIS_COUNTER, STUN_COUNTER, stasis_disc, stun_diamond

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
        row = BY_NAME.get(status)
        return [Float(target, f"+{status}", row.color if row else GREY, now)]
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


TICK_MS = 650
PULSE = 0.45


@dataclass
class Tick:
    """A counter badge changing from old to new: it swells and settles while the number rolls (born None while
    the table is hidden); where: the badge in the last frame drawn before the change (a badge whose last counter
    came off is no longer drawn, so it shrinks away there)."""

    key: tuple[str, str]
    old: int
    new: int
    born: int | None
    where: Rect | None = None


def tick_for(entry: dict[str, Any], now: int | None) -> Tick | None:
    """The badge change one log entry makes, e.g. stasis 2 -> 1 when a stasis counter comes off (ST-9)."""
    kind, card = entry.get("type"), str(entry.get("card"))
    if kind == "StasisCountersAdded":
        return Tick(("stasis_counters", card), int(entry["counters"]) - int(entry["n"]), int(entry["counters"]), now)
    if kind == "StasisCounterRemoved":
        return Tick(("stasis_counters", card), int(entry["counters_left"]) + 1, int(entry["counters_left"]), now)
    if kind == "StunCountersAdded":
        return Tick(("stun_counters", card), int(entry["counters"]) - int(entry["n"]), int(entry["counters"]), now)
    if kind == "StunCounterRemoved":
        return Tick(("stun_counters", card), int(entry["counters"]) + int(entry["n"]), int(entry["counters"]), now)
    if kind == "UntapReplaced":
        return Tick(("stun_counters", card), int(entry["counters_left"]) + 1, int(entry["counters_left"]), now)
    return None


def tick_scale(age: float, gone: bool) -> float:
    """How big a changing badge is drawn at an age from 0 to 1: it swells and settles (or, gone, swells and
    shrinks away)."""
    swell = 1 + PULSE * math.sin(math.pi * age)
    return swell * min(1.0, 2 * (1 - age)) if gone else swell


def tick_roll(age: float) -> float:
    """How far the number has rolled from the old count (0) to the new one (1) at an age from 0 to 1."""
    part = max(0.0, min(1.0, (age - 0.15) / 0.5))
    return 1 - (1 - part) ** 3


def draw_tick(surface: pygame.Surface, tick: Tick, rect: Rect, gone: bool, now: int) -> None:
    """A changing counter badge over the settled one: the badge swells, the old number rolls up and out while
    the new one rolls in from below."""
    assert tick.born is not None
    age = max(0.0, min(1.0, (now - tick.born) / TICK_MS))
    center = (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
    size = round(rect[2] / 2 * tick_scale(age, gone))
    if size < 2:
        return
    if tick.key[0] == "stasis_counters":
        bounds = pygame.Rect(stasis_disc(surface, center, size))
    else:
        bounds = pygame.Rect(stun_diamond(surface, center, size))
        bounds = bounds.inflate(-bounds.w // 4, -bounds.h // 4)
    rolled = tick_roll(age)
    rise = bounds.h
    kept = surface.get_clip()
    surface.set_clip(bounds.clip(kept))
    text(surface, str(tick.old), (center[0], center[1] - round(rise * rolled)), 17, BLACK, True, True)
    text(surface, str(tick.new), (center[0], center[1] + round(rise * (1 - rolled))), 17, BLACK, True, True)
    surface.set_clip(kept)


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
    ticks: list[Tick] = field(default_factory=list)

    def glide(self, name: str, start: Rect, end: Rect, now: int) -> None:
        """A played card flies from start to end."""
        self.glides = [g for g in self.glides if glide_rect(g, now) is not None]
        self.glides.append(Glide(name, start, end, now))

    def note(self, entries: list[dict[str, Any]], now: int, hidden: bool = False, zones: list[Zone] | None = None
             ) -> None:
        """New log entries: start their floats (several on one card are stacked, not drawn on top of each other)
        and badge ticks (several changes of one badge roll once, from the first count to the last); hidden: the
        table is behind the pass screen, so they wait for `reveal`; zones: the last frame drawn, where each
        badge was before the change."""
        self.expire(now)
        born = None if hidden else now
        before = {key: rect for rect, key in zones or [] if key[0] in ("stasis_counters", "stun_counters")}
        for entry in entries:
            self.floats.extend(floats_for(entry, born))
            tick = tick_for(entry, born)
            if tick is None:
                continue
            earlier = next((t for t in self.ticks if t.key == tick.key), None)
            if earlier is not None:
                self.ticks.remove(earlier)
                tick.old = earlier.old if earlier.born == born else earlier.new
            tick.where = before.get(tick.key)
            self.ticks.append(tick)

    def reveal(self, now: int) -> None:
        """The table shows again: the floats and ticks that waited start now (e.g. an untap replaced by a stun
        counter)."""
        for item in self.floats:
            if item.born is None:
                item.born = now
        for tick in self.ticks:
            if tick.born is None:
                tick.born = now

    def expire(self, now: int) -> None:
        """Forget the floats that have faded out and the ticks that have settled."""
        self.floats = [f for f in self.floats if f.born is None or now - f.born < LIFE_MS]
        self.ticks = [t for t in self.ticks if t.born is None or now - t.born < TICK_MS]

    def active(self, now: int) -> bool:
        """Whether anything is moving now (the main loop then draws frames without waiting for events)."""
        self.expire(now)
        self.glides = [g for g in self.glides if glide_rect(g, now) is not None]
        waiting = [f.born for f in self.floats] + [t.born for t in self.ticks]
        return bool(self.glides) or any(born is not None for born in waiting)

    def draw(self, surface: pygame.Surface, zones: list[Zone], now: int) -> None:
        """Gliding cards, then each changing counter badge (swelling, its number rolling), then each float above
        its card, rising and fading, with a fading frame around it."""
        for glide in self.glides:
            rect = glide_rect(glide, now)
            if rect is not None:
                pygame.draw.rect(surface, (236, 230, 212), rect, border_radius=6)
                pygame.draw.rect(surface, (255, 230, 60), rect, 3, border_radius=6)
                surface.blit(rendered(glide.name, 16, (0, 0, 0), True), (rect[0] + px(5), rect[1] + px(5)))
        rects: dict[tuple[Any, ...], Rect] = {}
        for rect, key in zones:
            if key[0] in ("card", "player", "stasis_counters", "stun_counters"):
                rects[key] = rect
        for tick in self.ticks:
            where = rects.get(tick.key, tick.where)
            if tick.born is not None and where is not None and now - tick.born < TICK_MS:
                draw_tick(surface, tick, where, tick.key not in rects, now)
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
            image = rendered(item.words, 22, item.color, True)
            x, y = float_place(rect, image.get_size(), item.key[0] == "player", row, eased, surface.get_size())
            backing = pygame.Surface((image.get_width() + px(10), image.get_height() + px(2)), pygame.SRCALPHA)
            pygame.draw.rect(backing, (14, 16, 22, 225), backing.get_rect(), border_radius=px(6))
            backing.blit(image, (px(5), px(1)))
            backing.set_alpha(alpha)
            surface.blit(backing, (x - px(5), y - px(1)))


def float_place(
    rect: Rect, size: tuple[int, int], panel: bool, row: int, eased: float, window: tuple[int, int]
) -> tuple[int, int]:
    """Where a float's words go, so that they hide no name: above its card, rising (a second float on one card
    above the first), or for a player's panel in the gap left of the VP score; always inside the window."""
    width, height = size
    if panel:
        x = rect[0] + rect[2] - px(130) - width
        y = rect[1] + px(4) - round(px(RISE // 2) * eased) - height * row
    else:
        x = rect[0] + rect[2] // 2 - width // 2
        y = rect[1] - height - px(2) - round(px(RISE) * eased) - (height + px(2)) * row
    return (max(px(6), min(x, window[0] - width - px(6))), max(px(2), min(y, window[1] - height - px(2))))
