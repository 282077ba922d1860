"""Card faces on the table, drawn once per look and cached: board tokens with every marker inside the card
(G-5 tapped cards turned sideways, SE statuses, SC stun counters, SE-12, SE-13, SE-14), and the small chips of relics
and cards in stasis (ST-9)."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.constants import STATUSES
from game.ui.draw import BLACK, Color, Rect, Scale, fit_line, font, px, rendered, text, wrap
from game.ui.icons import (
    cube_tile,
    evasion_tile,
    heart,
    negation_tile,
    status_icon,
    stun_counter_badge,
    sword,
)

Card = dict[str, Any]
Zones = list[tuple[Rect, tuple[Any, ...]]]

FACE: Color = (232, 226, 208)
TAPPED_FACE: Color = (178, 176, 168)
TAPPED_STRIP: Color = (70, 70, 80)
UPRIGHT = (90, 82)
SIDEWAYS = (92, 72)
SIDEWAYS_TWO_LINES = 80
CROWDED = 8
FEW = 2
CROWDED_UPRIGHT = (92, 94)
CROWDED_SIDEWAYS = (94, 82)
TILE_SIZES = (22, 20, 18, 16, 14, 12, 11, 10)
ATK_UP: Color = (20, 120, 40)
ATK_DOWN: Color = (170, 30, 30)

_faces: dict[tuple[Any, ...], tuple[pygame.Surface, Zones]] = {}
FACE_CACHE_SIZE = 400


def tiles(card: Card) -> list[tuple[str, Any, int]]:
    """What goes in a token's marker grid, in order: stun counters (a yellow diamond) when there are few other
    markers (so it takes no corner of the name), statuses, cubes, evasion, negation (kind, what, count)."""
    found: list[tuple[str, Any, int]] = []
    statuses = card.get("status", {})
    found += [("status", name, statuses[name]) for name in STATUSES if name in statuses]
    found += [("cubes", color, n) for color, n in card.get("cubes", {}).items() if n]
    found += [("evasion", dtype, value) for dtype, value in card.get("evasion", {}).items() if value]
    by_type: dict[str, int] = {}
    for source in card.get("negation", []):
        by_type[source["type"]] = by_type.get(source["type"], 0) + 1
    found += [("negation", dtype, n) for dtype, n in by_type.items()]
    if card.get("stun_counters") and len(found) <= FEW:
        found.insert(0, ("stun_counters", None, card["stun_counters"]))
    return found


def grid(area: Rect, count: int) -> tuple[int, list[tuple[int, int]]]:
    """The largest tile size at which count tiles fit in area, and their top-left corners, row by row."""
    x, y, w, h = area
    for design in TILE_SIZES:
        size = px(design)
        pitch = size + 1
        cols, rows = max(1, (w + 1) // pitch), max(1, (h + 1) // pitch)
        if cols * rows >= count or design == TILE_SIZES[-1]:
            return size, [(x + (i % cols) * pitch, y + (i // cols) * pitch) for i in range(count)]
    raise AssertionError("unreachable")


def face_key(card: Card, edge: Color) -> tuple[Any, ...]:
    """Everything a token's picture depends on."""
    return (
        card["name"], bool(card.get("tapped")), card.get("hp"), card.get("max_hp"), card.get("atk"),
        card.get("printed_atk"), tuple(card.get("status", {}).items()), card.get("stun_counters", 0),
        tuple(card.get("cubes", {}).items()), tuple(card.get("evasion", {}).items()),
        tuple((n["type"], n["value"]) for n in card.get("negation", [])), edge, Scale.unit,
    )


def token(card: Card, ref: str, edge: Color) -> tuple[pygame.Surface, Zones]:
    """A character's face with its markers, and the zones of its markers relative to the face (cached)."""
    key = face_key(card, edge)
    made = _faces.get(key)
    if made is None:
        if len(_faces) >= FACE_CACHE_SIZE:
            _faces.clear()
        made = _faces[key] = draw_token(card, edge)
    face, zones = made
    return face, [(rect, (kind, ref, *rest)) for rect, (kind, *rest) in zones]


def draw_token(card: Card, edge: Color) -> tuple[pygame.Surface, Zones]:
    """Draw a token: name on top, markers in a grid, ATK (sword) and HP (heart, "5/7") at the bottom.

    A token with more than CROWDED markers takes its whole square. A tapped token is wider than tall,
    greyed, with TAPPED written up its left side (G-5); stun counters are a yellow diamond, the first of the
    markers (or, among more than FEW others, in the top-right corner), apart from the round status tiles
    (SC-1, SE-10). The name gets the whole width, and two lines when it needs them and there are few markers
    (a tapped token with markers then grows a little taller).
    """
    tapped = bool(card.get("tapped"))
    marks = tiles(card)
    if len(marks) > CROWDED:
        width, height = (px(n) for n in (CROWDED_SIDEWAYS if tapped else CROWDED_UPRIGHT))
    else:
        width, height = (px(n) for n in (SIDEWAYS if tapped else UPRIGHT))
        if tapped and 0 < len(marks) <= 3 and len(wrap(card["name"], 13, width - px(26), True)) > 1:
            height = px(SIDEWAYS_TWO_LINES)
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    rounding, rim, band = px(6), px(3), px(6)
    pygame.draw.rect(face, TAPPED_FACE if tapped else FACE, (0, 0, width, height), border_radius=rounding)
    pygame.draw.rect(face, edge, (0, 0, width, height), rim, border_radius=rounding)
    pygame.draw.rect(face, edge, (0, 0, width, band), border_top_left_radius=rounding, border_top_right_radius=rounding)
    left = px(4)
    if tapped:
        strip = font(13, True).get_height()
        pygame.draw.rect(face, TAPPED_STRIP, (rim, band, strip, height - band - rim))
        label = pygame.transform.rotate(rendered("TAPPED", 13, (255, 255, 255), True), 90)
        face.blit(label, label.get_rect(center=(rim + strip // 2, band + (height - band - rim) // 2)))
        left = rim + strip + px(2)
    zones: Zones = []
    stun_corner = bool(card.get("stun_counters")) and not any(kind == "stun_counters" for kind, _, _ in marks)
    name_w = width - left - px(2) - (px(22) if stun_corner else 0)
    lines = wrap(card["name"], 13, name_w, True)
    whole_words = all(font(13, True).size(word)[0] <= name_w for word in card["name"].split())
    two_lines = len(lines) > 1 and len(marks) <= 3 and whole_words
    shown = lines[:2] if two_lines else [fit_line(card["name"], 13, name_w, True)]
    if two_lines and len(lines) > 2:
        shown[1] = fit_line(" ".join(lines[1:]), 13, name_w, True)
    pitch = font(13, True).get_linesize() - 1
    for row, line in enumerate(shown):
        text(face, line, (left, band + pitch * row), 13, BLACK, True)
    top = band + px(2) + pitch * len(shown)
    stats_h = max(px(18), font(15, True).get_height()) if card.get("hp") is not None else 0
    area = (left, top, width - left - rim, height - top - stats_h - px(4))
    size, corners = grid(area, len(marks))
    for corner, (kind, what, n) in zip(corners, marks, strict=True):
        if kind == "stun_counters":
            half = size // 2
            zones.append((stun_counter_badge(face, (corner[0] + half, corner[1] + half), n, half), (kind,)))
            continue
        if kind == "status":
            rect = status_icon(face, corner, size, what, n)
        elif kind == "cubes":
            rect = cube_tile(face, corner, size, what, n)
        elif kind == "evasion":
            rect = evasion_tile(face, corner, size, what == "spirit")
        else:
            rect = negation_tile(face, corner, size, n)
        zones.append((rect, (kind, what)))
    if stats_h:
        stat_row(face, card, (left, height - stats_h - rim, width - left - px(4), stats_h))
    if stun_corner:
        zones.append((stun_counter_badge(face, (width - px(13), px(13)), card["stun_counters"], px(11)),
                      ("stun_counters",)))
    return face, zones


def stat_row(face: pygame.Surface, card: Card, rect: Rect) -> None:
    """ATK beside a sword (green above its printed value, red below) and HP beside a heart, as "5/7"."""
    x, y, w, h = rect
    cy = y + h // 2
    sword(face, (x + px(7), cy), px(13))
    atk, printed = card["atk"], card.get("printed_atk", card["atk"])
    ink = ATK_UP if atk > printed else ATK_DOWN if atk < printed else BLACK
    atk_end = text(face, str(atk), (x + px(15), cy - font(15, True).get_height() // 2), 15, ink, True)
    blue = card.get("cubes", {}).get("blue", 0)
    hp = f"{card['hp']}/{card['max_hp']}" + (f"+{blue}" if blue else "")
    size = 15 if font(15, True).size(hp)[0] <= w - (atk_end[0] + atk_end[2] - x) - px(18) else 13
    hx = x + w - font(size, True).size(hp)[0]
    heart(face, (hx - px(7), cy + 1), px(12))
    ink = (150, 20, 30) if card["hp"] < card["max_hp"] else BLACK
    text(face, hp, (hx, cy - font(size, True).get_height() // 2), size, ink, True)


def chip(card: Card, width: int, height: int, edge: Color) -> pygame.Surface:
    """A small card (relic or card in stasis): its name on a face, sideways-grey when tapped (cached)."""
    key = ("chip", card["name"], bool(card.get("tapped")), width, height, edge, Scale.unit)
    made = _faces.get(key)
    if made is None:
        tapped = bool(card.get("tapped"))
        face = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(face, TAPPED_FACE if tapped else FACE, (0, 0, width, height), border_radius=px(5))
        pygame.draw.rect(face, edge, (0, 0, width, height), 2, border_radius=px(5))
        size, inset = 13, px(3)
        pitch = font(size, True).get_linesize() - 1
        whole = " ".join(fit_line(word, size, width - 2 * inset, True) for word in card["name"].split())
        lines = wrap(whole, size, width - 2 * inset, True)
        fits = max(1, (height - (pitch + 1 if tapped else px(4))) // pitch)
        if len(lines) > fits:
            lines = lines[: fits - 1] + [fit_line(" ".join(lines[fits - 1 :]), size, width - 2 * inset, True)]
        for row, line in enumerate(lines):
            text(face, line, (inset, inset + pitch * row), size, BLACK, True)
        if tapped:
            text(face, "TAPPED", (inset, height - pitch - 1), 13, (90, 30, 30), True)
        made = _faces[key] = (face, [])
    return made[0]
