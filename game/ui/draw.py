"""Small pygame drawing helpers shared by the renderer and the screens: fonts, text, boxes, badges."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from game.ui.layout import LOGICAL_W, MIN_W
from game.ui.plain import plain

Color = tuple[int, int, int]
Rect = tuple[int, int, int, int]
Zone = tuple[Rect, tuple[Any, ...]]

INK: Color = (235, 235, 225)
DIM: Color = (150, 150, 145)
BLACK: Color = (0, 0, 0)
PANEL: Color = (36, 40, 48)
PANEL_EDGE: Color = (80, 86, 98)
PLAYER_COLORS: list[Color] = [(70, 130, 230), (220, 80, 70), (60, 175, 95), (225, 165, 40)]
NEUTRAL: Color = (140, 140, 140)
BUTTON: Color = (54, 62, 76)
BUTTON_HOT: Color = (70, 90, 120)
BUTTON_OFF: Color = (40, 42, 46)
SELECTED: Color = (255, 230, 60)
MOVE_HIGHLIGHT: Color = (90, 230, 120)
ATTACK_HIGHLIGHT: Color = (255, 60, 60)
ABILITY_HIGHLIGHT: Color = (200, 110, 255)
CHOICE_HIGHLIGHT: Color = (255, 150, 40)
"""The frames drawn on the table (the legend says what each means)."""

FONT_FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
MIN_TEXT_PX = 13
SMALL_MIN_TEXT_PX = 11
TEXT_CACHE_SIZE = 4000
MAX_WRAPPED = 4000



class Font(pygame.font.Font):
    """pygame's font behind the one sanitizer (`game.ui.plain`): whatever it measures or renders is made plain
    first, so no text from a file (a surrogate, a NUL, a 30,000-character name) reaches the font as it is."""

    def size(self, words: str) -> tuple[int, int]:  # type: ignore[override]
        return super().size(plain(words))

    def render(self, words: str, antialias: bool, color: Any, background: Any = None) -> pygame.Surface:  # type: ignore[override]
        return super().render(plain(words), antialias, color, background)


_fonts: dict[tuple[int, bool], Font] = {}
_rendered: dict[tuple[str, int, Color, bool], pygame.Surface] = {}


class Scale:
    """The unit everything is drawn at now (layout.unit_for the window's size): set once per frame by
    whoever draws (set_unit), read by the text sizes and px."""

    unit: float = 1.0


def set_unit(unit: float) -> None:
    """Draw at this unit from now on (1: the 1280×720 design)."""
    Scale.unit = unit


def px(n: float) -> int:
    """A length of the 1280×720 design in pixels at the current unit."""
    return round(n * Scale.unit)


def text_px(size: int) -> int:
    """The pixel size drawn for a size given in the old default-font scale, at the current unit.

    At the design size and above no text is under MIN_TEXT_PX (and grows with the window); in the smallest
    window (MIN_W wide) none is under SMALL_MIN_TEXT_PX, with the floor in between for the sizes between.
    """
    return pixels_at(size, Scale.unit)


@lru_cache(maxsize=4096)
def pixels_at(size: int, unit: float) -> int:
    """text_px at a given unit (worked out once per size and unit: text is drawn hundreds of times a frame)."""
    smallest = MIN_W / LOGICAL_W
    share = max(0.0, min(1.0, (unit - smallest) / (1 - smallest)))
    floor = round(SMALL_MIN_TEXT_PX + (MIN_TEXT_PX - SMALL_MIN_TEXT_PX) * share)
    return max(floor, round(max(MIN_TEXT_PX, size * 0.72) * unit))


def font_path(bold: bool) -> str:
    """The shipped DejaVu Sans Condensed face (assets/fonts, licence beside it); bold is its real bold face."""
    from assets import FOLDER

    return str(FOLDER / "fonts" / FONT_FILES[bold])


def font(size: int, bold: bool = False) -> Font:
    """The shipped font at a size (cached), regular or its real bold face (no fake bold)."""
    key = (text_px(size), bold)
    if key not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts[key] = Font(font_path(bold), key[0])
    return _fonts[key]


def rendered(words: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """A line of text rendered once and reused (the cache is emptied when it grows past TEXT_CACHE_SIZE)."""
    key = (words, text_px(size), color, bold)
    image = _rendered.get(key)
    if image is None:
        if len(_rendered) >= TEXT_CACHE_SIZE:
            _rendered.clear()
        image = _rendered[key] = font(size, bold).render(words, True, color)
    return image


def text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int = 18,
    color: Color = INK,
    bold: bool = False,
    center: bool = False,
) -> Rect:
    """Draw one line of text; pos is its top-left, or its centre when center is set."""
    image = rendered(words, size, color, bold)
    rect = image.get_rect(center=pos) if center else image.get_rect(topleft=pos)
    surface.blit(image, rect)
    return (rect.x, rect.y, rect.w, rect.h)


def fit_line(words: str, size: int, width: int, bold: bool = False) -> str:
    """The line (made plain) cut to width with an ellipsis when it is too long: the longest start that fits is
    found by halving, so a long line costs a few measures, not one per character."""
    face = font(size, bold)
    words = plain(words)
    if face.size(words)[0] <= width:
        return words
    cut = longest_fit(words, lambda n: face.size(words[:n] + "…")[0] <= width)
    return words[:cut].rstrip() + "…"


def longest_fit(words: str, fits: Callable[[int], bool]) -> int:
    """The largest n from 0 to len(words) - 1 with fits(n) (0 when none does), fits being true up to some n."""
    low, high = 0, len(words) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def hyphen_cut(face: Font, word: str, width: int) -> int:
    """Where a word too long for a line is cut: the longest start (one character at least) that fits with "-"."""
    return max(1, longest_fit(word, lambda n: face.size(word[:n] + "-")[0] <= width))


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text (made plain, at most MAX_WRAPPED characters) into lines no wider than width pixels (a word longer
    than width is hyphenated)."""
    face = font(size, bold)
    lines: list[str] = []
    whole = words if len(words) <= MAX_WRAPPED else words[: MAX_WRAPPED - 1] + "…"
    for paragraph in (plain(part, MAX_WRAPPED) for part in whole.split("\n")):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if face.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while face.size(word)[0] > width and len(word) > 1:
                cut = hyphen_cut(face, word, width)
                lines.append(word[:cut] + "-")
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def text_block(
    surface: pygame.Surface,
    words: str,
    rect: Rect,
    size: int = 16,
    color: Color = INK,
    bold: bool = False,
    max_lines: int | None = None,
) -> int:
    """Draw wrapped text inside rect; a cut-off last line ends in an ellipsis; returns the height used."""
    face = font(size, bold)
    lines = wrap(words, size, rect[2], bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [fit_line(" ".join(lines[max_lines - 1 :]), size, rect[2], bold)]
    fits = max(1, (rect[3] + 2) // face.get_linesize())
    if len(lines) > fits:
        lines = lines[: fits - 1] + [fit_line(lines[fits - 1] + " " + lines[fits], size, rect[2], bold)]
    y = rect[1]
    for line in lines:
        surface.blit(rendered(line, size, color, bold), (rect[0], y))
        y += face.get_linesize()
    return y - rect[1]


def box(
    surface: pygame.Surface,
    rect: Rect,
    fill: Color,
    edge: Color | None = None,
    width: int = 1,
    radius: int = 4,
) -> None:
    """A filled rounded rectangle with an optional border."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def button(
    surface: pygame.Surface, rect: Rect, label: str, hot: bool = False, size: int = 20, enabled: bool = True
) -> None:
    """A labelled button; hot ones are drawn brighter, disabled ones greyed out."""
    if enabled:
        box(surface, rect, BUTTON_HOT if hot else BUTTON, (150, 170, 200), 1, 6)
    else:
        box(surface, rect, BUTTON_OFF, PANEL_EDGE, 1, 6)
    ink = INK if enabled else DIM
    text(surface, label, (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2), size, ink, center=True)


def turn_order(view: dict[str, Any]) -> list[str]:
    """The players in turn order (their colours follow it, `player_color`)."""
    return list(view.get("players_order") or view["players"].keys())


def player_color(order: list[str], name: str | None) -> Color:
    """The colour of a player (grey for ownerless cards)."""
    if name in order:
        return PLAYER_COLORS[order.index(name) % len(PLAYER_COLORS)]
    return NEUTRAL
