"""Marker icons drawn with pygame primitives: the statuses of the status table, stun counters (SC-*),
stasis counters (ST-9), cubes (SE-14), evasion (SE-12), negation (SE-13), ATK, HP and speaking stones."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.statuses import BY_NAME
from game.ui.draw import BLACK, Color, Rect, px, text

STUN_COUNTER: Color = (255, 215, 0)
STASIS_COUNTER: Color = (80, 220, 235)
CUBE_COLORS: dict[str, Color] = {"red": (220, 40, 40), "white": (245, 245, 245), "blue": (50, 100, 240)}
EVASION: Color = (40, 190, 160)
NEGATION: Color = (30, 90, 170)
HEART: Color = (215, 40, 60)
SWORD: Color = (60, 60, 70)
WHITE: Color = (255, 255, 255)
STONE: Color = (150, 160, 178)


def _star(center: tuple[float, float], outer: float, inner: float, points: int) -> list[tuple[float, float]]:
    cx, cy = center
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return corners


@dataclass(frozen=True)
class Tile:
    """Where a status's picture goes: the tile's corner and centre, its unit (a sixteenth of its side) and the
    width of its lines."""

    x: float
    y: float
    cx: float
    cy: float
    u: float
    line: int

    @classmethod
    def of(cls, rect: Rect) -> Tile:
        """The tile of a square rect."""
        x, y, s, _ = rect
        return cls(x, y, x + s / 2, y + s / 2, s / 16, max(1, round(s / 10)))


def flame(surface: pygame.Surface, t: Tile) -> None:
    """Burn (SE-3): a yellow flame with a pale core."""
    y, cx, cy, u = t.y, t.cx, t.cy, t.u
    outline = [(cx, y + 2 * u), (cx + 5 * u, cy + 1 * u), (cx + 4 * u, y + 13 * u), (cx, y + 14.5 * u),
               (cx - 4 * u, y + 13 * u), (cx - 5 * u, cy + 1 * u), (cx - 2 * u, cy - 2 * u)]
    pygame.draw.polygon(surface, (255, 200, 40), outline)
    pygame.draw.polygon(surface, (255, 250, 200), [(cx, cy), (cx + 2 * u, y + 12 * u), (cx - 2 * u, y + 12 * u)])


def snowflake(surface: pygame.Surface, t: Tile) -> None:
    """Freeze (SE-5): three white strokes crossing at a dot."""
    cx, cy, u = t.cx, t.cy, t.u
    for angle in (0, 60, 120):
        dx, dy = 6 * u * math.cos(math.radians(angle)), 6 * u * math.sin(math.radians(angle))
        pygame.draw.line(surface, WHITE, (cx - dx, cy - dy), (cx + dx, cy + dy), t.line)
    pygame.draw.circle(surface, WHITE, (cx, cy), max(1, 1.5 * u))


def zzz(surface: pygame.Surface, t: Tile) -> None:
    """Sleep (SE-9): three shrinking Zs."""
    for size, (zx, zy) in ((5, (3, 3)), (4, (8, 7)), (3, (11, 11))):
        a, b = t.x + zx * t.u, t.y + zy * t.u
        pts = [(a, b), (a + size * t.u, b), (a, b + size * t.u), (a + size * t.u, b + size * t.u)]
        pygame.draw.lines(surface, WHITE, False, pts, t.line)


def crossed_eye(surface: pygame.Surface, t: Tile) -> None:
    """Blind (SE-1): an eye struck through in red."""
    x, y, cx, cy, u = t.x, t.y, t.cx, t.cy, t.u
    eye = pygame.Rect(round(x + 2 * u), round(cy - 3.5 * u), round(12 * u), round(7 * u))
    pygame.draw.ellipse(surface, WHITE, eye)
    pygame.draw.circle(surface, BLACK, (cx, cy), max(1, 2 * u))
    pygame.draw.line(surface, (240, 60, 60), (x + 2 * u, y + 13 * u), (x + 14 * u, y + 3 * u), t.line + 1)


def crack(surface: pygame.Surface, t: Tile) -> None:
    """Break (SE-2): a black crack from top to bottom."""
    y, cx, cy, u = t.y, t.cx, t.cy, t.u
    zigzag = [(cx - 1 * u, y + 2 * u), (cx + 2 * u, cy - 2 * u), (cx - 2 * u, cy + 1 * u), (cx + 1 * u, y + 14 * u)]
    pygame.draw.lines(surface, BLACK, False, zigzag, t.line + 1)


def struck_leg(surface: pygame.Surface, t: Tile) -> None:
    """Cripple (SE-4): a white leg and foot struck through in red."""
    y, cx, cy, u, line = t.y, t.cx, t.cy, t.u, t.line
    pygame.draw.line(surface, WHITE, (cx - 3 * u, y + 3 * u), (cx - 3 * u, y + 13 * u), line + 1)
    pygame.draw.line(surface, WHITE, (cx - 3 * u, y + 13 * u), (cx + 4 * u, y + 13 * u), line + 1)
    pygame.draw.line(surface, (240, 60, 60), (cx - 6 * u, cy + 1 * u), (cx + 2 * u, cy - 3 * u), line)


def drop(surface: pygame.Surface, t: Tile) -> None:
    """Poison (SE-6): a pale green drop with a dark heart."""
    y, cx, cy, u = t.y, t.cx, t.cy, t.u
    pygame.draw.circle(surface, (200, 255, 170), (cx, cy + 2 * u), 4 * u)
    pygame.draw.polygon(surface, (200, 255, 170), [(cx, y + 2 * u), (cx + 3.5 * u, cy), (cx - 3.5 * u, cy)])
    pygame.draw.circle(surface, (20, 70, 20), (cx, cy + 2 * u), max(1, 1.4 * u))


def scissors(surface: pygame.Surface, t: Tile) -> None:
    """Shear (SE-7): open white scissors."""
    y, cx, u, line = t.y, t.cx, t.u, t.line
    pygame.draw.circle(surface, WHITE, (cx - 3 * u, y + 12 * u), 2 * u, line)
    pygame.draw.circle(surface, WHITE, (cx + 3 * u, y + 12 * u), 2 * u, line)
    pygame.draw.line(surface, WHITE, (cx - 2 * u, y + 10 * u), (cx + 3 * u, y + 2 * u), line)
    pygame.draw.line(surface, WHITE, (cx + 2 * u, y + 10 * u), (cx - 3 * u, y + 2 * u), line)


def struck_bubble(surface: pygame.Surface, t: Tile) -> None:
    """Silence (SE-8): a speech bubble struck through in red."""
    x, y, cx, u, line = t.x, t.y, t.cx, t.u, t.line
    bubble = pygame.Rect(round(x + 2 * u), round(y + 3 * u), round(12 * u), round(8 * u))
    pygame.draw.ellipse(surface, (60, 60, 60), bubble, line)
    pygame.draw.polygon(surface, (60, 60, 60), [(cx - 3 * u, y + 10 * u), (cx - 4 * u, y + 14 * u),
                                                (cx, y + 10.5 * u)])
    pygame.draw.line(surface, (220, 30, 30), (x + 2 * u, y + 14 * u), (x + 14 * u, y + 2 * u), line + 1)


def star(surface: pygame.Surface, t: Tile) -> None:
    """Stun, the status (SE-10): a pale five-pointed star."""
    pygame.draw.polygon(surface, (255, 255, 200), _star((t.cx, t.cy), 6.5 * t.u, 2.6 * t.u, 5))


def coin(surface: pygame.Surface, t: Tile) -> None:
    """Upkeep (SE-11): a gold coin ring with a stroke down it."""
    cx, cy, u, line = t.cx, t.cy, t.u, t.line
    pygame.draw.circle(surface, (255, 240, 170), (cx, cy), 5 * u, line)
    pygame.draw.line(surface, (255, 240, 170), (cx, cy - 3 * u), (cx, cy + 3 * u), line)


GLYPHS: dict[str, Callable[[pygame.Surface, Tile], None]] = {
    "crossed_eye": crossed_eye, "crack": crack, "flame": flame, "struck_leg": struck_leg, "snowflake": snowflake,
    "drop": drop, "scissors": scissors, "struck_bubble": struck_bubble, "zzz": zzz, "star": star, "coin": coin,
}
"""Each picture a status's tile can show, by the glyph name of the status table (game/core/statuses.py)."""


def status_icon(surface: pygame.Surface, topleft: tuple[int, int], size: int, status: str, stacks: int) -> Rect:
    """A round status tile in its colour with its picture, and its stacks (Freeze: tokens) in a white corner
    number (from 1 for a counted status, else from 2)."""
    row = BY_NAME[status]
    x, y = topleft
    center = (x + size // 2, y + size // 2)
    pygame.draw.circle(surface, row.color, center, size // 2)
    pygame.draw.circle(surface, BLACK, center, size // 2, 1)
    GLYPHS[row.glyph](surface, Tile.of((x, y, size, size)))
    if stacks > 1 or row.counted:
        corner_number(surface, (x + size - px(3), y + size - px(3)), stacks)
    return (x, y, size, size)


def corner_number(surface: pygame.Surface, center: tuple[int, int], n: int) -> None:
    """A small white disc with a black number: how many stacks, tokens or cubes."""
    radius = px(7 if n < 10 else 8)
    pygame.draw.circle(surface, WHITE, center, radius)
    pygame.draw.circle(surface, BLACK, center, radius, 1)
    text(surface, str(n), (center[0], center[1]), 13, BLACK, True, True)


def stun_diamond(surface: pygame.Surface, center: tuple[int, int], half: int) -> Rect:
    """The yellow diamond of stun counters, without its number."""
    cx, cy = center
    points = [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)]
    pygame.draw.polygon(surface, STUN_COUNTER, points)
    pygame.draw.polygon(surface, BLACK, points, 2)
    return (cx - half, cy - half, 2 * half, 2 * half)


def stasis_disc(surface: pygame.Surface, center: tuple[int, int], radius: int) -> Rect:
    """The cyan disc of stasis counters, without its number."""
    cx, cy = center
    pygame.draw.circle(surface, STASIS_COUNTER, center, radius)
    pygame.draw.circle(surface, BLACK, center, radius, 1)
    return (cx - radius, cy - radius, 2 * radius, 2 * radius)


def stun_counter_badge(surface: pygame.Surface, center: tuple[int, int], n: int, half: int = 12) -> Rect:
    """Stun counters (SC): a yellow diamond with a black number: never round, never purple, unlike status Stun."""
    rect = stun_diamond(surface, center, half)
    text(surface, str(n), center, 17, BLACK, True, True)
    return rect


def stasis_counter_badge(surface: pygame.Surface, center: tuple[int, int], n: int, radius: int = 12) -> Rect:
    """Stasis counters (ST): a cyan disc with the number of counters."""
    rect = stasis_disc(surface, center, radius)
    text(surface, str(n), center, 17, BLACK, True, True)
    return rect


def cube_tile(surface: pygame.Surface, topleft: tuple[int, int], size: int, color: str, n: int) -> Rect:
    """Cubes (SE-14): a square of the cube's colour with a 3-D top edge and the count."""
    x, y = topleft
    fill = CUBE_COLORS[color]
    pygame.draw.rect(surface, fill, (x + 1, y + 1, size - 2, size - 2))
    pygame.draw.rect(surface, BLACK, (x + 1, y + 1, size - 2, size - 2), 1)
    pygame.draw.line(surface, WHITE if color != "white" else (180, 180, 180), (x + 3, y + 3), (x + size - 4, y + 3))
    text(surface, str(n), (x + size // 2, y + size // 2 + 1), 13, BLACK if color == "white" else WHITE, True, True)
    return (x, y, size, size)


def evasion_tile(surface: pygame.Surface, topleft: tuple[int, int], size: int, spirit: bool) -> Rect:
    """Evasion (SE-12): a teal arrow swerving aside (a dodge); a spirit one has a white dot in it."""
    x, y = topleft
    u = size / 16
    arrow = [(x + 1 * u, y + 12 * u), (x + 9 * u, y + 4 * u), (x + 7 * u, y + 2 * u), (x + 15 * u, y + 1 * u),
             (x + 14 * u, y + 9 * u), (x + 12 * u, y + 7 * u), (x + 4 * u, y + 15 * u)]
    pygame.draw.polygon(surface, EVASION, arrow)
    pygame.draw.polygon(surface, BLACK, arrow, 1)
    if spirit:
        pygame.draw.circle(surface, WHITE, (x + 11 * u, y + 5 * u), max(1.5, 1.6 * u))
    return (x, y, size, size)


def negation_tile(surface: pygame.Surface, topleft: tuple[int, int], size: int, sources: int) -> Rect:
    """Negation (SE-13): a blue shield; with several sources their number sits in its corner."""
    x, y = topleft
    u = size / 16
    shield = [(x + 2 * u, y + 2 * u), (x + 14 * u, y + 2 * u), (x + 14 * u, y + 8 * u), (x + 8 * u, y + 15 * u),
              (x + 2 * u, y + 8 * u)]
    pygame.draw.polygon(surface, NEGATION, shield)
    pygame.draw.polygon(surface, WHITE, shield, 1)
    pygame.draw.line(surface, WHITE, (x + 8 * u, y + 4 * u), (x + 8 * u, y + 12 * u), 1)
    if sources > 1:
        corner_number(surface, (x + size - px(3), y + size - px(3)), sources)
    return (x, y, size, size)


def heart(surface: pygame.Surface, center: tuple[int, int], size: int, color: Color = HEART) -> None:
    """A heart shape, the mark of HP."""
    cx, cy = center
    r = size / 4
    pygame.draw.circle(surface, color, (cx - r, cy - r / 2), r + 0.5)
    pygame.draw.circle(surface, color, (cx + r, cy - r / 2), r + 0.5)
    pygame.draw.polygon(surface, color, [(cx - 2 * r, cy - r / 3), (cx + 2 * r, cy - r / 3), (cx, cy + 1.7 * r)])


def sword(surface: pygame.Surface, center: tuple[int, int], size: int, color: Color = SWORD) -> None:
    """A small sword, the mark of ATK."""
    cx, cy = center
    h = size / 2
    pygame.draw.line(surface, color, (cx - h + 2, cy + h - 2), (cx + h - 1, cy - h + 1), 3)
    pygame.draw.line(surface, color, (cx - h + 1, cy - 1), (cx + 1, cy + h - 1), 2)



def stone(surface: pygame.Surface, center: tuple[int, int], size: int) -> Rect:
    """A speaking stone: a grey pebble with a light glint, the mark of stones and of costs ("1 stone")."""
    cx, cy = center
    rect = pygame.Rect(0, 0, size, round(size * 0.78))
    rect.center = (cx, cy)
    pygame.draw.ellipse(surface, STONE, rect)
    pygame.draw.ellipse(surface, (70, 76, 90), rect, max(1, size // 10))
    glint = pygame.Rect(0, 0, max(2, size // 3), max(2, size // 5))
    glint.center = (cx - size // 6, cy - size // 8)
    pygame.draw.ellipse(surface, (225, 230, 240), glint)
    return (rect.x, rect.y, rect.w, rect.h)
