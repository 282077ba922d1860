"""Marker icons drawn with pygame primitives: the eleven statuses (SE-1..SE-11), stun counters (SC-*),
stasis counters (ST-9), cubes (SE-14), evasion (SE-12), negation (SE-13), ATK and HP."""

from __future__ import annotations

import math

import pygame

from game.ui.draw import BLACK, Color, Rect, text

# Each status: the colour of its round tile and a short name for the legend.
STATUS_COLORS: dict[str, Color] = {
    "Blind": (70, 70, 78),
    "Break": (214, 120, 30),
    "Burn": (200, 50, 25),
    "Cripple": (125, 85, 50),
    "Freeze": (60, 150, 230),
    "Poison": (60, 150, 50),
    "Shear": (120, 130, 150),
    "Silence": (235, 235, 235),
    "Sleep": (25, 35, 110),
    "Stun": (150, 40, 190),
    "Upkeep": (190, 160, 40),
}
STUN_COUNTER: Color = (255, 215, 0)
STASIS_COUNTER: Color = (80, 220, 235)
CUBE_COLORS: dict[str, Color] = {"red": (220, 40, 40), "white": (245, 245, 245), "blue": (50, 100, 240)}
EVASION: Color = (40, 190, 160)
NEGATION: Color = (30, 90, 170)
HEART: Color = (215, 40, 60)
SWORD: Color = (60, 60, 70)
WHITE: Color = (255, 255, 255)


def _star(center: tuple[float, float], outer: float, inner: float, points: int) -> list[tuple[float, float]]:
    cx, cy = center
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return corners


def status_glyph(surface: pygame.Surface, status: str, rect: Rect) -> None:
    """The picture of a status inside rect: flame, snowflake, Zzz, crossed eye, skull-drop, ..."""
    x, y, s, _ = rect
    cx, cy = x + s / 2, y + s / 2
    u = s / 16
    line = max(1, round(s / 10))
    if status == "Burn":
        flame = [(cx, y + 2 * u), (cx + 5 * u, cy + 1 * u), (cx + 4 * u, y + 13 * u), (cx, y + 14.5 * u),
                 (cx - 4 * u, y + 13 * u), (cx - 5 * u, cy + 1 * u), (cx - 2 * u, cy - 2 * u)]
        pygame.draw.polygon(surface, (255, 200, 40), flame)
        pygame.draw.polygon(surface, (255, 250, 200), [(cx, cy), (cx + 2 * u, y + 12 * u), (cx - 2 * u, y + 12 * u)])
    elif status == "Freeze":
        for angle in (0, 60, 120):
            dx, dy = 6 * u * math.cos(math.radians(angle)), 6 * u * math.sin(math.radians(angle))
            pygame.draw.line(surface, WHITE, (cx - dx, cy - dy), (cx + dx, cy + dy), line)
        pygame.draw.circle(surface, WHITE, (cx, cy), max(1, 1.5 * u))
    elif status == "Sleep":
        for size, (zx, zy) in ((5, (3, 3)), (4, (8, 7)), (3, (11, 11))):
            a, b = x + zx * u, y + zy * u
            pts = [(a, b), (a + size * u, b), (a, b + size * u), (a + size * u, b + size * u)]
            pygame.draw.lines(surface, WHITE, False, pts, line)
    elif status == "Blind":
        eye = pygame.Rect(round(x + 2 * u), round(cy - 3.5 * u), round(12 * u), round(7 * u))
        pygame.draw.ellipse(surface, WHITE, eye)
        pygame.draw.circle(surface, BLACK, (cx, cy), max(1, 2 * u))
        pygame.draw.line(surface, (240, 60, 60), (x + 2 * u, y + 13 * u), (x + 14 * u, y + 3 * u), line + 1)
    elif status == "Break":
        crack = [(cx - 1 * u, y + 2 * u), (cx + 2 * u, cy - 2 * u), (cx - 2 * u, cy + 1 * u),
                 (cx + 1 * u, y + 14 * u)]
        pygame.draw.lines(surface, BLACK, False, crack, line + 1)
    elif status == "Cripple":
        pygame.draw.line(surface, WHITE, (cx - 3 * u, y + 3 * u), (cx - 3 * u, y + 13 * u), line + 1)
        pygame.draw.line(surface, WHITE, (cx - 3 * u, y + 13 * u), (cx + 4 * u, y + 13 * u), line + 1)
        pygame.draw.line(surface, (240, 60, 60), (cx - 6 * u, cy + 1 * u), (cx + 2 * u, cy - 3 * u), line)
    elif status == "Poison":
        pygame.draw.circle(surface, (200, 255, 170), (cx, cy + 2 * u), 4 * u)
        pygame.draw.polygon(surface, (200, 255, 170), [(cx, y + 2 * u), (cx + 3.5 * u, cy), (cx - 3.5 * u, cy)])
        pygame.draw.circle(surface, (20, 70, 20), (cx, cy + 2 * u), max(1, 1.4 * u))
    elif status == "Shear":
        pygame.draw.circle(surface, WHITE, (cx - 3 * u, y + 12 * u), 2 * u, line)
        pygame.draw.circle(surface, WHITE, (cx + 3 * u, y + 12 * u), 2 * u, line)
        pygame.draw.line(surface, WHITE, (cx - 2 * u, y + 10 * u), (cx + 3 * u, y + 2 * u), line)
        pygame.draw.line(surface, WHITE, (cx + 2 * u, y + 10 * u), (cx - 3 * u, y + 2 * u), line)
    elif status == "Silence":
        bubble = pygame.Rect(round(x + 2 * u), round(y + 3 * u), round(12 * u), round(8 * u))
        pygame.draw.ellipse(surface, (60, 60, 60), bubble, line)
        pygame.draw.polygon(surface, (60, 60, 60), [(cx - 3 * u, y + 10 * u), (cx - 4 * u, y + 14 * u),
                                                    (cx, y + 10.5 * u)])
        pygame.draw.line(surface, (220, 30, 30), (x + 2 * u, y + 14 * u), (x + 14 * u, y + 2 * u), line + 1)
    elif status == "Stun":
        pygame.draw.polygon(surface, (255, 255, 200), _star((cx, cy), 6.5 * u, 2.6 * u, 5))
    elif status == "Upkeep":
        pygame.draw.circle(surface, (255, 240, 170), (cx, cy), 5 * u, line)
        pygame.draw.line(surface, (255, 240, 170), (cx, cy - 3 * u), (cx, cy + 3 * u), line)


def status_icon(surface: pygame.Surface, topleft: tuple[int, int], size: int, status: str, stacks: int) -> Rect:
    """A round status tile with its picture, and its stacks (Freeze: tokens) in a white corner number."""
    x, y = topleft
    center = (x + size // 2, y + size // 2)
    pygame.draw.circle(surface, STATUS_COLORS[status], center, size // 2)
    pygame.draw.circle(surface, BLACK, center, size // 2, 1)
    status_glyph(surface, status, (x, y, size, size))
    if stacks > 1 or status in ("Freeze", "Shear", "Burn"):
        corner_number(surface, (x + size - 3, y + size - 3), stacks)
    return (x, y, size, size)


def corner_number(surface: pygame.Surface, center: tuple[int, int], n: int) -> None:
    """A small white disc with a black number: how many stacks, tokens or cubes."""
    radius = 7 if n < 10 else 8
    pygame.draw.circle(surface, WHITE, center, radius)
    pygame.draw.circle(surface, BLACK, center, radius, 1)
    text(surface, str(n), (center[0], center[1]), 13, BLACK, True, True)


def stun_counter_badge(surface: pygame.Surface, center: tuple[int, int], n: int, half: int = 12) -> Rect:
    """Stun counters (SC): a yellow diamond with a black number: never round, never purple, unlike status Stun."""
    cx, cy = center
    points = [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)]
    pygame.draw.polygon(surface, STUN_COUNTER, points)
    pygame.draw.polygon(surface, BLACK, points, 2)
    text(surface, str(n), center, 17, BLACK, True, True)
    return (cx - half, cy - half, 2 * half, 2 * half)


def stasis_counter_badge(surface: pygame.Surface, center: tuple[int, int], n: int, radius: int = 12) -> Rect:
    """Stasis counters (ST): a cyan disc with the number of counters."""
    cx, cy = center
    pygame.draw.circle(surface, STASIS_COUNTER, center, radius)
    pygame.draw.circle(surface, BLACK, center, radius, 1)
    text(surface, str(n), center, 17, BLACK, True, True)
    return (cx - radius, cy - radius, 2 * radius, 2 * radius)


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
        corner_number(surface, (x + size - 3, y + size - 3), sources)
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

