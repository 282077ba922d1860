"""The legend: every marker of the table with its name and what it does, in as many columns as the status table
needs, and the one-line key to the markers in the message strip."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.statuses import TABLE
from game.ui import icons
from game.ui.draw import (
    ABILITY_HIGHLIGHT,
    ATTACK_HIGHLIGHT,
    BLACK,
    CHOICE_HIGHLIGHT,
    DIM,
    INK,
    MOVE_HIGHLIGHT,
    PANEL,
    SELECTED,
    Rect,
    Zone,
    box,
    fit_line,
    font,
    px,
    text,
    wrap,
)
from game.ui.screens import origin, shade

Row = tuple[tuple[Any, ...], str, str]

TITLE = (255, 230, 140)
MARKS: list[Row] = [
    (("stun",), "Stun counters (SC-1, SC-2)", "a yellow diamond with a number: the next untap removes one instead; not "
     "the status Stun"),
    (("stasis",), "Stasis counters (ST-9)", "a cyan disc: one comes off at the start of each of your turns; at 0 "
     "play the card that turn (ST-11), or the turn's end discards it (ST-14)"),
    (("cube", "red"), "Red cubes (SE-14)", "+1 ATK each until the turn ends"),
    (("cube", "white"), "White cubes (SE-14)", "timers counted down by the abilities that use them"),
    (("cube", "blue"), "Blue cubes (SE-14)", "extra HP above max HP, shown as HP \"5/7+2\"; damage takes them first"),
    (("evasion", False), "Evasion (SE-12)", "a teal dodging arrow (a white dot: against spirit damage); one d100 "
     "against the total"),
    (("negation",), "Negation (SE-13)", "a blue shield (a number: several sources); one d100 per source"),
    (("sword",), "ATK", "attack: black as printed, green when raised, red when lowered"),
    (("heart",), "HP", "hit points left / maximum, e.g. 5/7 (red when hurt)"),
    (("tapped",), "Tapped (G-5)", "greyed, with a dark TAPPED strip up its left side: it can't move, attack or use "
     "Abilities"),
    (("location",), "Location (G-7)", "a golden square: +1 VP at the end of your turn while you stand on it"),
]
"""The rows after the statuses: every other marker of the table."""

WIDTH = 1090
"""The width the legend's columns share, in pixels of the 1280×720 design."""


def legend_rows() -> list[Row]:
    """Every row of the legend: each status of the status table, then the other markers."""
    return [(("status", status.name), f"{status.name} ({status.rule})", status.short) for status in TABLE] + MARKS


def meaning_lines(meaning: str, width: int) -> list[str]:
    """What a row means, in at most two lines of width (the second cut with an ellipsis)."""
    lines = wrap(meaning, 17, width)
    return [lines[0], fit_line(" ".join(lines[1:]), 17, width)] if len(lines) > 2 else lines


def columns_for(rows: list[Row], row_h: int, room: int) -> tuple[int, int, list[list[str]]]:
    """The fewest columns (two at least) whose rows, row_h apart, all end within room pixels of height: how many,
    how many rows a column holds, and each row's meaning in lines of the column's width."""
    pitch = font(17).get_linesize() - 1
    name_h = font(19, True).get_linesize() - 1
    for columns in range(2, len(rows) + 1):
        said = [meaning_lines(meaning, px(WIDTH // columns - 55)) for _, _, meaning in rows]
        per_column = -(-len(rows) // columns)
        lasts = [min(first + per_column, len(rows)) - 1 for first in range(0, len(rows), per_column)]
        if all((last % per_column) * row_h + name_h + pitch * len(said[last]) <= room for last in lasts):
            return columns, per_column, said
    return len(rows), 1, said


def draw_legend(surface: pygame.Surface) -> list[Zone]:
    """The legend over the table (L or the Legend button opens it); returns its zone and one per row drawn
    (("legend_row", name), around its picture and words)."""
    shade(surface, 200)
    ox, oy = origin(surface)
    rect = (ox + px(90), oy + px(24), px(1100), px(672))
    box(surface, rect, PANEL, (255, 230, 60), 2, 8)
    text(surface, "Legend: every marker on the table  (L, Esc or a click closes)",
         (rect[0] + px(16), rect[1] + px(10)), 26, INK, True)
    rows = legend_rows()
    row_h = max(px(52), font(19, True).get_linesize() + 2 * (font(17).get_linesize() - 1) + px(4))
    stone_y = rect[1] + rect[3] - px(40)
    columns, per_column, said = columns_for(rows, row_h, stone_y - rect[1] - px(52))
    drawn: list[Zone] = []
    for index, row in enumerate(rows):
        column, line = divmod(index, per_column)
        at = (rect[0] + px(20 + column * (WIDTH // columns)), rect[1] + px(52) + line * row_h)
        drawn.append((draw_row(surface, row, said[index], at), ("legend_row", row[1])))
    drawn.append((legend_stone(surface, (rect[0] + px(20), stone_y)), ("legend_row", "1 stone (costs)")))
    legend_frames(surface, (rect[0] + px(610), rect[1] + px(6)), rect[0] + rect[2] - px(10))
    return [(rect, ("legend",)), *drawn]


def draw_row(surface: pygame.Surface, row: Row, lines: list[str], at: tuple[int, int]) -> Rect:
    """One row: its picture, its name, and the lines of what it means; returns where it is."""
    icon, name, _ = row
    x, y = at
    pitch = font(17).get_linesize() - 1
    parts = [legend_icon(surface, icon, (x, y + px(2))), text(surface, name, (x + px(34), y), 19, TITLE, True)]
    for line_no, line in enumerate(lines):
        parts.append(text(surface, line, (x + px(34), y + font(19, True).get_linesize() - 1 + pitch * line_no), 17,
                          INK))
    return around(parts)


def around(rects: list[Rect]) -> Rect:
    """The smallest rectangle around these."""
    left, top = min(r[0] for r in rects), min(r[1] for r in rects)
    right, bottom = max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects)
    return (left, top, right - left, bottom - top)


def draw_key_line(surface: pygame.Surface, at: tuple[int, int]) -> None:
    """A one-line key to the markers, for the message strip; L (or the Legend button) shows every one of them."""
    x, y = at

    def after(drawn: Rect) -> int:
        return drawn[0] + drawn[2] + px(12)

    icons.stun_counter_badge(surface, (x + px(10), y + px(10)), 1, px(10))
    x = after(text(surface, "stun counters", (x + px(24), y + px(3)), 17, DIM))
    icons.status_icon(surface, (x, y + px(1)), px(18), "Stun", 1)
    x = after(text(surface, "status Stun", (x + px(22), y + px(3)), 17, DIM))
    icons.status_icon(surface, (x, y + px(1)), px(18), "Burn", 2)
    x = after(text(surface, "other statuses", (x + px(22), y + px(3)), 17, DIM))
    icons.stasis_counter_badge(surface, (x + px(10), y + px(10)), 2, px(12))
    x = after(text(surface, "stasis", (x + px(24), y + px(3)), 17, DIM))
    icons.cube_tile(surface, (x, y + px(1)), px(18), "red", 1)
    icons.evasion_tile(surface, (x + px(20), y + px(1)), px(18), False)
    icons.negation_tile(surface, (x + px(40), y + px(1)), px(18), 1)
    x = after(text(surface, "cubes, evasion, negation", (x + px(62), y + px(3)), 17, DIM))
    icons.stone(surface, (x + px(9), y + px(10)), px(18))
    text(surface, "1 stone: a cost  ·  L: legend", (x + px(22), y + px(3)), 17, DIM)


def frame_colours() -> list[tuple[tuple[int, int, int], str]]:
    """The colours of the frames drawn on the table, and what each one means."""
    return [
        (MOVE_HIGHLIGHT, "move, playable"),
        (ATTACK_HIGHLIGHT, "attack target"),
        (ABILITY_HIGHLIGHT, "ability/card target"),
        (CHOICE_HIGHLIGHT, "choice, bots' moves"),
        (SELECTED, "selected"),
    ]


def legend_frames(surface: pygame.Surface, at: tuple[int, int], right: int) -> None:
    """The legend's key to the frame colours, beside its title: a framed square of each colour and what it means,
    in two lines."""
    pitch = font(15).get_linesize()
    used = text(surface, "Frames:", (at[0], at[1] + pitch // 2), 17, TITLE, True)
    start = used[0] + used[2] + px(10)
    x, y = start, at[1]
    for color, meaning in frame_colours():
        if x + px(20) + font(15).size(meaning)[0] > right:
            x, y = start, y + pitch + px(2)
        pygame.draw.rect(surface, color, (x, y + px(2), px(14), px(14)), px(3))
        used = text(surface, meaning, (x + px(18), y), 15, INK)
        x = used[0] + used[2] + px(12)


def legend_stone(surface: pygame.Surface, at: tuple[int, int]) -> Rect:
    """The legend's last line: the speaking stone, the mark of costs ("1 stone") and of each player's stones;
    returns where it is."""
    icons.stone(surface, (at[0] + px(12), at[1] + px(12)), px(24))
    name = text(surface, "1 stone (costs)", (at[0] + px(34), at[1]), 19, TITLE, True)
    said = text(surface, "pay for Abilities; the top bar and each panel count them",
                (at[0] + px(34), at[1] + font(19, True).get_linesize() - 1), 17, INK)
    return around([(at[0], at[1], px(24), px(24)), name, said])


def legend_icon(surface: pygame.Surface, icon: tuple[Any, ...], at: tuple[int, int]) -> Rect:
    """The picture of one legend row, 24 pixels, at its top-left; returns where it is."""
    x, y = at
    kind = icon[0]
    size, half = px(24), px(12)
    if kind == "status":
        icons.status_icon(surface, (x, y), size, icon[1], 1)
    elif kind == "stun":
        icons.stun_counter_badge(surface, (x + half, y + half), 2, half)
    elif kind == "stasis":
        icons.stasis_counter_badge(surface, (x + half, y + half), 2, half)
    elif kind == "cube":
        icons.cube_tile(surface, (x, y), size, icon[1], 1)
    elif kind == "evasion":
        icons.evasion_tile(surface, (x, y), size, icon[1])
    elif kind == "negation":
        icons.negation_tile(surface, (x, y), size, 1)
    elif kind == "sword":
        box(surface, (x, y, size, size), (232, 226, 208), radius=4)
        icons.sword(surface, (x + half, y + half), px(18))
    elif kind == "heart":
        box(surface, (x, y, size, size), (232, 226, 208), radius=4)
        icons.heart(surface, (x + half, y + half), px(18))
    elif kind == "tapped":
        box(surface, (x, y, px(24), px(28)), (178, 176, 168), BLACK, 1, 3)
        pygame.draw.rect(surface, (60, 60, 70), (x + 1, y + 1, px(7), px(26)))
        return (x, y, px(24), px(28))
    elif kind == "location":
        box(surface, (x, y, size, size), (120, 98, 40), (230, 190, 80), 2, 2)
    return (x, y, size, size)
