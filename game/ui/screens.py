"""The screens around play: new game, "pass to NAME" and game over (the legend is `legend`)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import log_words, words
from game.ui.draw import (
    BLACK,
    DIM,
    INK,
    PANEL,
    PANEL_EDGE,
    Zone,
    box,
    button,
    fit_line,
    font,
    player_color,
    px,
    text,
    wrap,
)
from game.ui.layout import LOGICAL_H, LOGICAL_W, Layout

View = dict[str, Any]
BACKDROP = (18, 20, 26)
ERROR = (170, 40, 40)
GOLD = (255, 220, 90)
FIELD = (250, 250, 240)


def origin(surface: pygame.Surface) -> tuple[int, int]:
    """The top-left of the 1280×720 design, scaled to the current unit and centred in the surface."""
    width, height = surface.get_size()
    return (max(0, (width - px(LOGICAL_W)) // 2), max(0, (height - px(LOGICAL_H)) // 2))


def shade(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole surface (under an overlay or a question)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def draw_new_game(
    surface: pygame.Surface,
    setup: dict[str, Any],
    focus: str | None,
    deck_names: dict[str, str],
    last: str | None,
    message: str = "",
) -> list[Zone]:
    """Continue the last game, load a saved one, watch one again, or set up a new one: number of players, names,
    decks (by their names), who plays each seat (`seats.draw_seat_chips`), seed (a fresh random one each time),
    Start.

    last describes the game Continue goes on with (players, VP, turn, when saved), None when there is none;
    message is why the last Start was refused (e.g. two players with one name), shown above Start; the question
    before a new game replaces the autosaved one is `draw_confirm_replace`, drawn over all of it.
    """
    surface.fill(BACKDROP)
    zones: list[Zone] = []
    ox, oy = origin(surface)
    middle = surface.get_width() // 2
    text(surface, "Countertop", (middle, oy + px(56)), 64, INK, True, True)
    text(
        surface,
        f"A hot-seat game of counters and status effects for 2 to 4 players. {words.VICTORY_VP} VP ends the round; "
        "most VP wins.",
        (middle, oy + px(100)),
        22,
        DIM,
        center=True,
    )
    left, y = ox + px(300), oy + px(130)
    if last is not None:
        rect = (left, y, px(520), px(44))
        button(surface, rect, "Continue the last game", hot=True, size=24)
        zones.append((rect, ("button", "continue")))
        text(surface, fit_line(last, 18, px(520)), (left, y + px(52)), 18, DIM)
    else:
        box(surface, (left, y, px(520), px(44)), BACKDROP, PANEL_EDGE, 1, 6)
        text(surface, "No unfinished game to continue yet.", (left + px(14), y + px(10)), 21, DIM)
        text(surface, "Closing the window during a game keeps it here.", (left, y + px(52)), 18, DIM)
    for row, (name, label) in enumerate((("load", "Load a saved game…"), ("watch", "Watch a game again…"))):
        rect = (left + px(530), y + px(row * 48), px(300), px(40))
        button(surface, rect, label, size=21)
        zones.append((rect, ("button", name)))
    text(surface, "or start a new game:", (left, y + px(80)), 20, DIM)
    y += px(110)
    text(surface, "Players", (left, y + px(8)), 26, INK, True)
    for index, count in enumerate((2, 3, 4)):
        rect = (left + px(140 + index * 70), y, px(60), px(36))
        button(surface, rect, str(count), hot=setup["count"] == count, size=26)
        zones.append((rect, ("count", count)))
    y += px(50)
    for index in range(setup["count"]):
        color = player_color(setup["names"][: setup["count"]], setup["names"][index])
        pygame.draw.rect(surface, color, (left, y, px(10), px(40)))
        field = (left + px(20), y, px(260), px(40))
        draw_field(surface, field, setup["names"][index], focus == f"name{index}")
        zones.append((field, ("field", f"name{index}")))
        rect = (left + px(296), y, px(270), px(40))
        deck = seat_deck(deck_names, setup["decks"][index], index)
        button(surface, rect, fit_line(f"Deck: {deck}", 21, rect[2] - px(8)), size=21)
        zones.append((rect, ("deck", index)))
        y += px(52)
    y += px(8)
    text(surface, "Seed", (left, y + px(10)), 26, INK, True)
    field = (left + px(80), y, px(200), px(40))
    draw_field(surface, field, setup["seed"], focus == "seed")
    zones.append((field, ("field", "seed")))
    text(surface, "a new random one for every game;", (left + px(292), y + px(2)), 17, DIM)
    text(surface, "type one to replay a deal", (left + px(292), y + px(2) + font(17).get_linesize()), 17, DIM)
    if message:
        box(surface, (left - px(6), y + px(48), px(532), px(28)), ERROR, radius=4)
        text(surface, fit_line(message, 19, px(520), True), (left, y + px(53)), 19, INK, True)
    else:
        hint = "Click a box to type in it, a deck or a seat to change it."
        text(surface, hint, (left, y + px(52)), 19, DIM)
    start = (left, y + px(84), px(520), px(52))
    button(surface, start, "Start a new game", hot=last is None, size=30)
    zones.append((start, ("button", "start")))
    if deck_names:
        decks = fit_line("Decks: " + ", ".join(deck_names.values()), 18, surface.get_width() - left - px(12))
        text(surface, decks, (left, oy + px(LOGICAL_H - 34)), 18, DIM)
    return zones


def seat_deck(deck_names: dict[str, str], key: str | None, seat: int) -> str:
    """The deck a seat's chip names: the chosen one, or the seat's standard deck by its name (seats take the
    standard decks in turn), e.g. "Backtimers & Stun (standard)"."""
    if key:
        return deck_names.get(key, key)
    standard = list(deck_names.values())
    return f"{standard[seat % len(standard)]} (standard)" if standard else "standard deck"


def draw_confirm_replace(surface: pygame.Surface) -> list[Zone]:
    """The question before a new game replaces the autosaved one."""
    shade(surface, 190)
    ox, oy = origin(surface)
    rect = (surface.get_width() // 2 - px(330), oy + px(220), px(660), px(240))
    box(surface, rect, PANEL, GOLD, 2, 8)
    text(surface, "Replace the unfinished game?", (rect[0] + px(20), rect[1] + px(16)), 30, GOLD, True)
    for row, line in enumerate((
        "A game was still open when the window closed; it is kept in the autosave.",
        "Starting a new game deletes it for good.",
    )):
        line = fit_line(line, 21, rect[2] - px(40))
        text(surface, line, (rect[0] + px(20), rect[1] + px(62) + font(21).get_linesize() * row), 21, INK)
    zones: list[Zone] = [(rect, ("dialog",))]
    labels = (("replace", "Start the new game"), ("continue", "Continue the old one"), ("keep", "Cancel"))
    for index, (name, label) in enumerate(labels):
        button_rect = (rect[0] + px(20 + index * 210), rect[1] + px(170), px(200), px(48))
        button(surface, button_rect, label, hot=name == "replace", size=21)
        zones.append((button_rect, ("button", name)))
    return zones


def draw_field(surface: pygame.Surface, rect: tuple[int, int, int, int], value: str, focused: bool) -> None:
    """A text box; the focused one shows a caret."""
    box(surface, rect, FIELD, (255, 210, 60) if focused else PANEL_EDGE, 3 if focused else 1)
    middle = rect[1] + rect[3] // 2 - font(26).get_height() // 2
    text(surface, value + ("|" if focused else ""), (rect[0] + px(10), middle), 26, BLACK)


def draw_pass(
    surface: pygame.Surface, name: str, color: tuple[int, int, int], summary: list[str] | None = None
) -> list[Zone]:
    """The privacy screen between turns: nothing secret shows until the next player clicks; below, what the
    others did since this player last had the device (public events only): each turn's headline in gold, its steps
    indented under it."""
    surface.fill(BACKDROP)
    width, height = surface.get_size()
    ox, oy = origin(surface)
    pygame.draw.rect(surface, color, (0, 0, width, px(12)))
    top = oy + px(120 if summary else 280)
    text(surface, f"Pass the device to {name}", (width // 2, top), 60, color, True, True)
    text(
        surface,
        f"{name}: click anywhere or press Space when the others can't see the screen.",
        (width // 2, top + px(64)),
        26,
        INK,
        center=True,
    )
    if summary:
        pitch = max(px(24), font(22).get_linesize())
        rows = [(part, step) for line in summary for step in [line.startswith(log_words.STEP)]
                for part in wrap(line.strip(), 22, px(800 - (56 if step else 32)), not step)]
        rows = rows[: max(1, (height - top - px(170)) // pitch)]
        rect = (ox + px(240), top + px(110), px(800), px(40) + pitch * len(rows))
        box(surface, rect, PANEL, PANEL_EDGE, 1, 8)
        text(surface, "Since your last turn", (rect[0] + px(16), rect[1] + px(10)), 24, GOLD, True)
        for row, (line, step) in enumerate(rows):
            at = (rect[0] + px(40 if step else 16), rect[1] + px(12) + pitch * (row + 1))
            text(surface, line, at, 22, INK if step else GOLD, not step)
    return [((0, 0, width, height), ("button", "reveal"))]


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
    """The winner, every player's VP by source (locations, defeats, monsters, Madness penalty; every number says
    "VP"), and buttons
    to look at the final board, watch the game again from its start, or start a new game.

    Zones: the headline, one row per player (hover explains the score) and the three buttons.
    """
    surface.fill(BACKDROP)
    zones: list[Zone] = []
    ox, oy = origin(surface)
    middle = surface.get_width() // 2
    text(surface, "Game over", (middle, oy + px(70)), 40, DIM, True, True)
    zones.append((text(surface, headline(view), (middle, oy + px(130)), 64, GOLD, True, True), ("headline",)))
    x, y = ox + px(120), oy + px(200)
    headers = ("Player", "Locations", "Defeats", "Monsters", "Other", "Madness penalty", "Final VP")
    columns = [px(dx) for dx in (0, 220, 350, 480, 610, 720, 930)]
    for header, dx in zip(headers, columns, strict=True):
        text(surface, header, (x + dx, y), 24, DIM, True)
    order = list(view.get("players_order") or view["players"])
    won = winners(view)
    for row, (name, vp, madness, penalty) in enumerate(final_scores(view)):
        parts = words.vp_breakdown(view, name)
        ry = y + px(44 + row * 48)
        rect = (x - px(10), ry - px(8), px(1060), px(42))
        box(surface, rect, PANEL, GOLD if name in won else PANEL_EDGE, 3 if name in won else 1)
        label = f"{name}  (winner)" if name in won else name
        values = (
            label, *(f"{parts[source]} VP" for source in ("locations", "defeats", "monsters")),
            f"{parts['start'] + parts['other']} VP",
            f"−{penalty} VP ({madness} Madness)" if penalty else "none", f"{vp} VP",
        )
        for value, dx in zip(values, columns, strict=True):
            text(surface, value, (x + dx, ry), 26, player_color(order, name) if dx == 0 else INK, True)
        zones.append((rect, ("score", name)))
    notes = [
        "Locations: +1 VP per location square held at the end of your turn (G-7). Defeats: +1 VP per character, "
        "monsters +2 (G-6).",
        "The Madness penalty (ST-18): −1 VP for every 2 Madness cards in hand, deck, discard and stasis.",
        "Hover a player's row for how the score was made.",
    ]
    pitch = max(px(26), font(19).get_linesize())
    for index, note in enumerate(notes):
        note = fit_line(note, 19, surface.get_width() - px(20))
        text(surface, note, (middle, y + px(70 + 48 * len(order)) + pitch * index), 19, DIM, center=True)
    labels = (("final_board", "Look at the final board"), ("watch", "Watch this game"), ("new_game", "New game"))
    for index, (name, label) in enumerate(labels):
        rect = (middle + px(-490 + index * 330), oy + px(LOGICAL_H - 130), px(320), px(56))
        button(surface, rect, label, hot=name == "new_game", size=26)
        zones.append((rect, ("button", name)))
    return zones


def draw_final_board_bar(surface: pygame.Surface, view: View) -> list[Zone]:
    """Over the final board (in the message strip and where End turn was): who won, and a button back to the
    scores."""
    layout = Layout.for_window(*surface.get_size())
    rect = layout.message_strip
    box(surface, rect, (70, 58, 20), GOLD, 1, 4)
    scores = "  ·  ".join(f"{name} {vp} VP" for name, vp, _, _ in final_scores(view))
    line = fit_line(f"Final board. {headline(view)}  {scores}", 19, rect[2] - px(16), True)
    text(surface, line, (rect[0] + px(8), rect[1] + rect[3] // 2 - font(19, True).get_height() // 2), 19, GOLD, True)
    back = layout.button_rects()["end_turn"]
    button(surface, back, "Back to the scores", hot=True, size=22)
    return [(back, ("button", "scores"))]


def draw_strip(surface: pygame.Surface, message: str, error: bool) -> None:
    """On a screen with no banner (pass, game over, the Load and Watch lists): a message, such as a save that
    failed, in a strip along the bottom (red when it is an error)."""
    width, height = surface.get_size()
    strip = (px(12), height - px(60), width - px(24), px(44))
    box(surface, strip, ERROR if error else (60, 70, 96), radius=4)
    line = fit_line(message, 19, strip[2] - px(12), True)
    text(surface, line, (strip[0] + strip[2] // 2, strip[1] + strip[3] // 2), 19, INK, True, True)
