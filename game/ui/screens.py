"""The screens around play: new game, "pass to NAME", game over, and the rules overlay."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import words
from game.ui.draw import (
    BLACK,
    DIM,
    INK,
    PANEL,
    PANEL_EDGE,
    Zone,
    box,
    button,
    player_color,
    text,
    wrap,
)
from game.ui.layout import LOGICAL_H, LOGICAL_W

View = dict[str, Any]
BACKDROP = (18, 20, 26)
ERROR = (170, 40, 40)
GOLD = (255, 220, 90)
FIELD = (250, 250, 240)


def draw_new_game(
    surface: pygame.Surface,
    setup: dict[str, Any],
    focus: str | None,
    deck_names: list[str],
    can_continue: bool,
    message: str = "",
) -> list[Zone]:
    """Number of players, names, decks, seed; start, or continue the autosaved game.

    message is why the last Start was refused (e.g. two players with one name), shown above Start.
    """
    surface.fill(BACKDROP)
    zones: list[Zone] = []
    text(surface, "Countertop", (LOGICAL_W // 2, 70), 64, INK, True, True)
    text(
        surface,
        "A hot-seat game of counters and status effects for 2 to 4 players on one computer",
        (LOGICAL_W // 2, 118),
        22,
        DIM,
        center=True,
    )
    left = 380
    text(surface, "Players", (left, 170), 26, INK, True)
    for index, count in enumerate((2, 3, 4)):
        rect = (left + 140 + index * 70, 162, 60, 36)
        button(surface, rect, str(count), hot=setup["count"] == count, size=26)
        zones.append((rect, ("count", count)))
    for index in range(setup["count"]):
        y = 220 + index * 52
        color = player_color(setup["names"][: setup["count"]], setup["names"][index])
        pygame.draw.rect(surface, color, (left, y, 10, 40))
        field = (left + 20, y, 260, 40)
        draw_field(surface, field, setup["names"][index], focus == f"name{index}")
        zones.append((field, ("field", f"name{index}")))
        deck = setup["decks"][index] or "standard deck"
        rect = (left + 296, y, 224, 40)
        button(surface, rect, f"Deck: {deck}", size=21)
        zones.append((rect, ("deck", index)))
    y = 220 + setup["count"] * 52 + 16
    text(surface, "Seed", (left, y + 10), 26, INK, True)
    field = (left + 80, y, 200, 40)
    draw_field(surface, field, setup["seed"], focus == "seed")
    zones.append((field, ("field", "seed")))
    if message:
        box(surface, (left - 6, y + 48, 532, 28), ERROR, radius=4)
        text(surface, message, (left, y + 54), 19, INK, True)
    else:
        text(surface, "Click a box to type in it. Click a deck to change it.", (left, y + 52), 19, DIM)
    start = (left, y + 84, 520, 52)
    button(surface, start, "Start game", hot=True, size=30)
    zones.append((start, ("button", "start")))
    if can_continue:
        rect = (left, y + 146, 520, 44)
        button(surface, rect, "Continue the game that was open when the window closed", size=21)
        zones.append((rect, ("button", "continue")))
    if deck_names:
        text(surface, "Decks: " + ", ".join(deck_names), (left, LOGICAL_H - 34), 18, DIM)
    return zones


def draw_field(surface: pygame.Surface, rect: tuple[int, int, int, int], value: str, focused: bool) -> None:
    """A text box; the focused one shows a caret."""
    box(surface, rect, FIELD, (255, 210, 60) if focused else PANEL_EDGE, 3 if focused else 1)
    text(surface, value + ("|" if focused else ""), (rect[0] + 10, rect[1] + 10), 26, BLACK)


def draw_pass(surface: pygame.Surface, name: str, color: tuple[int, int, int]) -> list[Zone]:
    """The privacy screen between turns: nothing of the game shows until the next player clicks."""
    surface.fill(BACKDROP)
    pygame.draw.rect(surface, color, (0, 0, LOGICAL_W, 12))
    text(surface, f"Pass the device to {name}", (LOGICAL_W // 2, 280), 60, color, True, True)
    text(
        surface,
        f"{name}: click anywhere or press Space when the others can't see the screen.",
        (LOGICAL_W // 2, 350),
        26,
        INK,
        center=True,
    )
    return [((0, 0, LOGICAL_W, LOGICAL_H), ("button", "reveal"))]


def final_scores(view: View) -> list[tuple[str, int, int, int]]:
    """Per player: name, final VP (the penalty already taken), Madness cards held and their penalty (ST-18)."""
    rows = []
    for name in view.get("players_order") or view["players"]:
        player = view["players"][name]
        madness = words.madness_count(view, name)
        rows.append((name, player["vp"], madness, player.get("madness_penalty", madness // 2)))
    return rows


def headline(view: View) -> str:
    """Who won, in words."""
    winner = view.get("winner")
    if isinstance(winner, list):
        return "Shared win: " + " and ".join(winner)
    return f"{winner} wins!" if winner else "Game over"


def winners(view: View) -> list[str]:
    """The names of the winners (one, several for a shared win, or none)."""
    winner = view.get("winner")
    return list(winner) if isinstance(winner, list) else [winner] if winner else []


def draw_game_over(surface: pygame.Surface, view: View) -> list[Zone]:
    """Final scores with the Madness penalty, the winner and a new-game button.

    Zones: the headline, one row per player (hover explains the score) and the new-game button.
    """
    surface.fill(BACKDROP)
    zones: list[Zone] = []
    text(surface, "Game over", (LOGICAL_W // 2, 90), 40, DIM, True, True)
    zones.append((text(surface, headline(view), (LOGICAL_W // 2, 150), 64, GOLD, True, True), ("headline",)))
    x, y = 230, 220
    headers = ("Player", "VP before penalty", "Madness cards", "Penalty", "Final VP")
    columns = (0, 200, 430, 620, 740)
    for header, dx in zip(headers, columns, strict=True):
        text(surface, header, (x + dx, y), 26, DIM, True)
    order = list(view.get("players_order") or view["players"])
    won = winners(view)
    for row, (name, vp, madness, penalty) in enumerate(final_scores(view)):
        ry = y + 44 + row * 44
        rect = (x - 10, ry - 8, 850, 40)
        box(surface, rect, PANEL, GOLD if name in won else PANEL_EDGE, 3 if name in won else 1)
        label = f"{name}  (winner)" if name in won else name
        values = (label, str(vp + penalty), str(madness), f"−{penalty} VP" if penalty else "none", str(vp))
        for value, dx in zip(values, columns, strict=True):
            text(surface, value, (x + dx, ry), 28, player_color(order, name) if dx == 0 else INK, True)
        zones.append((rect, ("score", name)))
    note = "The Madness penalty (ST-18): −1 VP for every 2 Madness cards in hand, deck, discard and stasis."
    text(surface, note, (LOGICAL_W // 2, y + 70 + 44 * len(order)), 20, DIM, center=True)
    text(surface, "Hover a player's row for how the score was made.", (LOGICAL_W // 2, y + 96 + 44 * len(order)),
         20, DIM, center=True)
    rect = (LOGICAL_W // 2 - 160, LOGICAL_H - 120, 320, 56)
    button(surface, rect, "New game", hot=True, size=32)
    zones.append((rect, ("button", "new_game")))
    return zones


def rules_lines(width: int) -> list[tuple[str, bool]]:
    """Every rule of the project as wrapped lines (bold for each rule's title line)."""
    from game.rules import load_rules

    lines: list[tuple[str, bool]] = []
    for rule in load_rules().values():
        lines.extend((line, True) for line in wrap(f"{rule.id}  {rule.title}", 20, width, True))
        lines.extend((line, False) for line in wrap(rule.text, 18, width))
        lines.append(("", False))
    return lines


def draw_rules(surface: pygame.Surface, scroll: int) -> tuple[list[Zone], int]:
    """The rules overlay (F1), scrolled by `scroll` lines; returns its zones and the largest useful scroll."""
    shade = pygame.Surface((LOGICAL_W, LOGICAL_H), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 200))
    surface.blit(shade, (0, 0))
    rect = (140, 30, 1000, 660)
    box(surface, rect, PANEL, (255, 230, 60), 2, 8)
    text(
        surface, "Rules  (mouse wheel scrolls, F1 or Esc closes)", (rect[0] + 16, rect[1] + 10), 26, INK, True
    )
    lines = rules_lines(rect[2] - 40)
    visible = (rect[3] - 60) // 19
    top = max(0, min(scroll, len(lines) - visible))
    for row, (line, bold) in enumerate(lines[top : top + visible]):
        text(
            surface,
            line,
            (rect[0] + 20, rect[1] + 48 + 19 * row),
            20 if bold else 18,
            (255, 230, 140) if bold else INK,
            bold,
        )
    close = (rect[0] + rect[2] - 110, rect[1] + 8, 96, 28)
    button(surface, close, "Close", size=20)
    return [(rect, ("rules",)), (close, ("button", "close_rules"))], max(0, len(lines) - visible)
