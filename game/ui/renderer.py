"""Draws the play screen from view() and the window's UiState; returns the hover and click zones it drew."""

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
    Color,
    Rect,
    Zone,
    box,
    button,
    font,
    number_circle,
    player_color,
    text,
    text_block,
    wrap,
)
from game.ui.layout import COLS, ROWS, Layout
from game.ui.state import UiState

View = dict[str, Any]

BACKGROUND: Color = (24, 27, 33)
SQUARE_A: Color = (52, 70, 58)
SQUARE_B: Color = (46, 62, 52)
LOCATION: Color = (120, 98, 40)
MOVE_HIGHLIGHT: Color = (90, 230, 120)
ATTACK_HIGHLIGHT: Color = (255, 60, 60)
ABILITY_HIGHLIGHT: Color = (200, 110, 255)
SELECTED: Color = (255, 230, 60)
STUN_COUNTER: Color = (255, 215, 0)
STASIS_COUNTER: Color = (80, 220, 235)
ERROR: Color = (170, 40, 40)

# The eleven statuses (SE-1..SE-11): icon colour and the letters drawn in it.
STATUS_ICONS: dict[str, tuple[Color, str]] = {
    "Blind": ((90, 90, 90), "Bl"),
    "Break": ((230, 130, 40), "Bk"),
    "Burn": ((235, 70, 30), "Bu"),
    "Cripple": ((150, 100, 60), "Cr"),
    "Freeze": ((150, 210, 255), "Fr"),
    "Poison": ((80, 190, 60), "Po"),
    "Shear": ((170, 180, 195), "Sh"),
    "Silence": ((240, 240, 240), "Si"),
    "Sleep": ((70, 70, 170), "Sl"),
    "Stun": ((160, 60, 200), "St"),
    "Upkeep": ((210, 180, 60), "Up"),
}
CUBE_COLORS: dict[str, Color] = {"red": (220, 40, 40), "white": (245, 245, 245), "blue": (50, 100, 240)}
EVASION: Color = (40, 170, 150)
NEGATION: Color = (20, 100, 110)
MARKER = 13


def status_slots(cell: Rect, count: int) -> tuple[int, list[tuple[int, int]]]:
    """Icon size and top-left corners of a square's status icons: a column at the left, a row below.

    Up to eight statuses get big icons; more (all eleven can be on one character) get smaller ones.
    """
    x, y, _, _ = cell
    if count <= 8:
        size = 18
        return size, [(x + 1, y + 2 + size * i) for i in range(4)] + [
            (x + 1 + size * j, y + 77) for j in range(4)
        ]
    size = 13
    return size, [(x + 1, y + 2 + size * i) for i in range(6)] + [
        (x + 16 + size * j, y + 82) for j in range(5)
    ]


def draw_card_body(
    card: dict[str, Any], width: int, height: int, edge: Color, stats: bool = True
) -> pygame.Surface:
    """The face of a card token, upright (portrait): name, then MV, ATK and HP when stats is set."""
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    box(face, (0, 0, width, height), (232, 226, 208), edge, 3, 5)
    pygame.draw.rect(face, edge, (0, 0, width, 5), border_top_left_radius=5, border_top_right_radius=5)
    text_block(face, card["name"], (4, 6, width - 6, height - 26), 14, BLACK, max_lines=3)
    if card.get("hp") is None or not stats:
        return face
    small = 14
    text(face, f"mv{card.get('mv', 0)}", (4, height - 32), small, (40, 40, 120))
    atk_rect = (2, height - 17, width // 2 - 2, 15)
    box(face, atk_rect, (200, 60, 50), radius=3)
    text(face, str(card["atk"]), (atk_rect[0] + atk_rect[2] // 2, atk_rect[1] + 8), 16, INK, True, True)
    blue = card.get("cubes", {}).get("blue", 0)
    hp_rect = (width // 2 + 1, height - 17, width // 2 - 3, 15)
    hurt = card["hp"] < card["max_hp"]
    box(face, hp_rect, (170, 50, 50) if hurt else (50, 140, 60), (50, 100, 240) if blue else None, 2, 3)
    hp = f"{card['hp']}+{blue}" if blue else str(card["hp"])
    text(face, hp, (hp_rect[0] + hp_rect[2] // 2, hp_rect[1] + 8), 16 if not blue else 14, INK, True, True)
    return face


def blit_body(
    surface: pygame.Surface,
    card: dict[str, Any],
    area: Rect,
    edge: Color,
    size: tuple[int, int],
    stats: bool = True,
) -> Rect:
    """Draw a card body centred in area, turned sideways when the card is tapped; returns where it went."""
    face = draw_card_body(card, *size, edge, stats)
    if card.get("tapped"):
        face = pygame.transform.rotate(face, -90)
    rect = face.get_rect(center=(area[0] + area[2] // 2, area[1] + area[3] // 2))
    surface.blit(face, rect)
    return (rect.x, rect.y, rect.w, rect.h)


def stun_counter_badge(surface: pygame.Surface, center: tuple[int, int], n: int) -> Rect:
    """Stun counters (SC): a yellow diamond with a black number, unlike the round purple status Stun icon."""
    cx, cy = center
    points = [(cx, cy - 10), (cx + 10, cy), (cx, cy + 10), (cx - 10, cy)]
    pygame.draw.polygon(surface, STUN_COUNTER, points)
    pygame.draw.polygon(surface, BLACK, points, 2)
    text(surface, str(n), center, 17, BLACK, True, True)
    return (cx - 10, cy - 10, 20, 20)


def stasis_counter_badge(surface: pygame.Surface, center: tuple[int, int], n: int) -> Rect:
    """Stasis counters (ST): a cyan hourglass-like circle with the number of counters."""
    number_circle(surface, center, 11, STASIS_COUNTER, n)
    return (center[0] - 11, center[1] - 11, 22, 22)


def status_icon(
    surface: pygame.Surface, topleft: tuple[int, int], size: int, status: str, stacks: int
) -> Rect:
    """A round status icon with its letters, and its stacks (Freeze: tokens) in a small corner number."""
    fill, letters = STATUS_ICONS[status]
    center = (topleft[0] + size // 2, topleft[1] + size // 2)
    pygame.draw.circle(surface, fill, center, size // 2)
    pygame.draw.circle(surface, BLACK, center, size // 2, 1)
    ink = BLACK if sum(fill) > 400 else INK
    text(surface, letters, center, size - 1 if size > 14 else 13, ink, size > 14, True)
    if stacks > 1 or status in ("Freeze", "Shear", "Burn"):
        corner = (topleft[0] + size - 2, topleft[1] + size - 3)
        pygame.draw.circle(surface, INK, corner, 6 if size > 14 else 5)
        pygame.draw.circle(surface, BLACK, corner, 6 if size > 14 else 5, 1)
        text(surface, str(stacks), corner, 14 if size > 14 else 12, BLACK, True, True)
    return (*topleft, size, size)


def square_marker(surface: pygame.Surface, topleft: tuple[int, int], fill: Color, label: str) -> Rect:
    """A small square marker (cubes, evasion, negation) with a short label."""
    rect = (topleft[0], topleft[1], MARKER, MARKER)
    box(surface, rect, fill, BLACK, 1, 2)
    ink = BLACK if sum(fill) > 400 else INK
    text(surface, label, (rect[0] + MARKER // 2, rect[1] + MARKER // 2 + 1), 13, ink, True, True)
    return rect


class Renderer:
    """Draws the play screen; owns no game state."""

    def __init__(self, layout: Layout | None = None) -> None:
        self.layout = layout or Layout()

    def draw(
        self, surface: pygame.Surface, view: View, legal: list[dict[str, Any]], ui: UiState
    ) -> list[Zone]:
        """Draw every part of the play screen and return its zones, bottom-most first."""
        surface.fill(BACKGROUND)
        zones: list[Zone] = []
        self.draw_top_bar(surface, view, ui)
        self.draw_board(surface, view, ui, zones)
        self.draw_players(surface, view, ui, zones)
        self.draw_message_strip(surface, view, ui)
        self.draw_hand(surface, view, legal, ui, zones)
        self.draw_log(surface, view, ui, zones)
        self.draw_buttons(surface, ui, zones)
        if ui.menu is not None:
            self.draw_menu(surface, view, ui, zones)
        pending = view.get("pending")
        if pending is not None and pending.get("player") == ui.viewer:
            self.draw_choice_dialog(surface, view, legal, zones)
        return zones

    def order(self, view: View) -> list[str]:
        """Players in turn order."""
        return list(view.get("players_order") or view["players"].keys())

    def draw_top_bar(self, surface: pygame.Surface, view: View, ui: UiState) -> None:
        """Turn, active player, phase and a hint of what to do now."""
        x, y, w, h = self.layout.top_bar
        active = view["active"]
        color = player_color(self.order(view), active)
        pygame.draw.rect(surface, color, (x, y, 8, h))
        status = f"Turn {view['turn']}  ·  {active}'s turn  ·  {view['phase']} phase"
        used = text(surface, status, (x + 16, y + 9), 24, INK, True)
        hint_x = used[0] + used[2] + 24
        hint = wrap(self.hint(view, ui), 18, x + w - hint_x - 8)
        text(surface, hint[0] + ("…" if len(hint) > 1 else ""), (hint_x, y + 11), 18, DIM)

    def hint(self, view: View, ui: UiState) -> str:
        """One line telling the player what they can do next."""
        if view.get("pending"):
            return f"{view['pending']['player']} must choose: {view['pending'].get('prompt', '')}"
        if ui.selection is not None:
            name = view["cards"][ui.selection.ref]["name"]
            return f"{name} selected: click a highlighted square or target. Esc cancels."
        return (
            "Click a card in your hand, a character or a card in stasis to act. E ends the turn. F1: rules."
        )

    def draw_board(self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone]) -> None:
        """The 7×5 grid: home rows, locations, characters and the highlights of the selection."""
        order = self.order(view)
        occupants: dict[tuple[int, int], str] = {}
        locations: dict[tuple[int, int], str] = {}
        for ref, card in view["cards"].items():
            if card.get("pos") is None:
                continue
            square = (card["pos"][0], card["pos"][1])
            if card["zone"] == "location":
                locations[square] = ref
            elif card["zone"] == "board":
                occupants[square] = ref
        homes = self.home_squares(order)
        moves = ui.selection.squares() if ui.selection else set()
        targets = ui.selection.targets() if ui.selection else {}
        for gy in range(ROWS):
            for gx in range(COLS):
                cell = self.layout.square_rect(gx, gy)
                fill = SQUARE_A if (gx + gy) % 2 == 0 else SQUARE_B
                if (gx, gy) in homes:
                    tint = player_color(order, homes[(gx, gy)])
                    fill = tuple((f * 3 + t) // 4 for f, t in zip(fill, tint, strict=True))  # type: ignore[assignment]
                pygame.draw.rect(surface, fill, cell)
                zones.append((cell, ("square", gx, gy)))
                if (gx, gy) in locations:
                    self.draw_location(surface, view, locations[(gx, gy)], cell, zones)
                pygame.draw.rect(surface, (30, 36, 32), cell, 1)
        for square, ref in occupants.items():
            self.draw_character(surface, view, ref, self.layout.square_rect(*square), zones)
        for square in moves:
            cell = self.layout.square_rect(*square)
            overlay = pygame.Surface(cell[2:], pygame.SRCALPHA)
            overlay.fill((*MOVE_HIGHLIGHT, 60))
            surface.blit(overlay, cell[:2])
            pygame.draw.rect(surface, MOVE_HIGHLIGHT, cell, 3)
        for ref, kind in targets.items():
            card = view["cards"].get(ref, {})
            if card.get("pos") is not None and card["zone"] == "board":
                color = ATTACK_HIGHLIGHT if kind == "attack" else ABILITY_HIGHLIGHT
                pygame.draw.rect(surface, color, self.layout.square_rect(*card["pos"]), 4)
        if ui.selection is not None:
            selected = view["cards"].get(ui.selection.ref, {})
            if selected.get("pos") is not None and selected["zone"] == "board":
                pygame.draw.rect(surface, SELECTED, self.layout.square_rect(*selected["pos"]), 3)

    def home_squares(self, order: list[str]) -> dict[tuple[int, int], str]:
        """Each player's home squares (G-1)."""
        homes: dict[tuple[int, int], str] = {}
        rows = [
            [(x, 0) for x in range(COLS)],
            [(x, ROWS - 1) for x in range(COLS)],
            [(0, 1), (0, 2), (0, 3)],
            [(COLS - 1, 1), (COLS - 1, 2), (COLS - 1, 3)],
        ]
        for name, squares in zip(order, rows, strict=False):
            for square in squares:
                homes[square] = name
        return homes

    def draw_location(
        self, surface: pygame.Surface, view: View, ref: str, cell: Rect, zones: list[Zone]
    ) -> None:
        """A location square: golden frame and the location's name along its top."""
        pygame.draw.rect(surface, LOCATION, cell)
        pygame.draw.rect(surface, (230, 190, 80), cell, 2)
        name = view["cards"][ref]["name"]
        lines = wrap(name, 13, cell[2] - 4)
        label = lines[0] if len(lines) == 1 else lines[0] + "…"
        text(surface, label, (cell[0] + cell[2] // 2, cell[1] + 6), 13, (255, 240, 190), center=True)
        zones.append((cell, ("card", ref)))

    def draw_character(
        self, surface: pygame.Surface, view: View, ref: str, cell: Rect, zones: list[Zone]
    ) -> None:
        """A character token with every marker around it."""
        card = view["cards"][ref]
        edge = player_color(self.order(view), card.get("controller"))
        body_area = (cell[0] + 16, cell[1] + 14, 64, 66)
        body = blit_body(surface, card, body_area, edge, (52, 66))
        zones.append((cell, ("card", ref)))
        zones.append((body, ("card", ref)))
        self.draw_markers(surface, card, ref, cell, zones)

    def draw_markers(
        self, surface: pygame.Surface, card: dict[str, Any], ref: str, cell: Rect, zones: list[Zone]
    ) -> None:
        """Statuses, stun counters, cubes, evasion and negation of a character."""
        statuses = sorted(card.get("status", {}).items(), key=lambda item: list(STATUS_ICONS).index(item[0]))
        size, slots = status_slots(cell, len(statuses))
        for slot, (status, stacks) in zip(slots, statuses, strict=False):
            zones.append((status_icon(surface, slot, size, status, stacks), ("status", ref, status)))
        if card.get("stun_counters", 0):
            center = (cell[0] + cell[2] - 11, cell[1] + 11)
            zones.append((stun_counter_badge(surface, center, card["stun_counters"]), ("stun_counters", ref)))
        column = [(cell[0] + cell[2] - MARKER - 1, cell[1] + 22 + MARKER * i) for i in range(5)]
        markers: list[tuple[Color, str, tuple[Any, ...]]] = []
        for color, n in card.get("cubes", {}).items():
            if n:
                markers.append((CUBE_COLORS[color], str(n), ("cubes", ref, color)))
        for dtype, value in card.get("evasion", {}).items():
            if value:
                markers.append((EVASION, "E", ("evasion", ref, dtype)))
        for index, _source in enumerate(card.get("negation", [])):
            markers.append((NEGATION, "N", ("negation", ref, index)))
        for slot, (color, label, key) in zip(column, markers, strict=False):
            zones.append((square_marker(surface, slot, color, label), key))

    def draw_players(self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone]) -> None:
        """One panel per player: VP, stones, deck, discard, hand size, relics and cards in stasis."""
        order = self.order(view)
        for index, name in enumerate(order):
            panel = self.layout.player_panel_rect(index, len(order))
            self.draw_player_panel(surface, view, name, panel, ui, zones)

    def draw_player_panel(
        self, surface: pygame.Surface, view: View, name: str, panel: Rect, ui: UiState, zones: list[Zone]
    ) -> None:
        """A player's panel."""
        player = view["players"][name]
        color = player_color(self.order(view), name)
        active = name == view["active"]
        box(surface, panel, PANEL, color if active else PANEL_EDGE, 3 if active else 1)
        pygame.draw.rect(surface, color, (panel[0], panel[1], 6, panel[3]))
        title = f"{name}" + ("  (playing)" if active else "")
        text(surface, title, (panel[0] + 12, panel[1] + 4), 22, color, True)
        vp = f"{player['vp']} VP"
        text(surface, vp, (panel[0] + panel[2] - 8 - font(22, True).size(vp)[0], panel[1] + 4), 22, INK, True)
        madness = words.madness_count(view, name)
        stats = (
            f"Stones {player['stones']}   Deck {len(player['deck'])}   Discard {len(player['discard'])}"
            f"   Hand {len(player['hand'])}" + (f"   Madness {madness}" if madness else "")
        )
        text(surface, stats, (panel[0] + 12, panel[1] + 23), 17, INK)
        zones.append(((panel[0], panel[1], panel[2], 38), ("player", name)))
        relics = [
            ref
            for ref, card in view["cards"].items()
            if card["zone"] == "board" and card.get("pos") is None and card.get("controller") == name
        ]
        stasis = list(player.get("stasis", []))
        chips = [("relic", ref) for ref in relics] + [("stasis", ref) for ref in stasis]
        fits = self.layout.chips_per_panel(panel)
        if not chips:
            text(surface, "No relics, nothing in stasis", (panel[0] + 12, panel[1] + 44), 16, DIM)
        for index, (kind, ref) in enumerate(chips[:fits]):
            self.draw_chip(surface, view, ref, kind, self.layout.chip_rect(panel, index), ui, zones)
        if len(chips) > fits:
            text(surface, f"+{len(chips) - fits}", (panel[0] + panel[2] - 30, panel[1] + panel[3] - 20), 18)

    def draw_chip(
        self,
        surface: pygame.Surface,
        view: View,
        ref: str,
        kind: str,
        rect: Rect,
        ui: UiState,
        zones: list[Zone],
    ) -> None:
        """A relic or a card in stasis, small, with its counters."""
        card = view["cards"][ref]
        edge = STASIS_COUNTER if kind == "stasis" else player_color(self.order(view), card.get("controller"))
        selected = ui.selection is not None and ui.selection.ref == ref
        if selected:
            box(surface, rect, (90, 80, 20), SELECTED, 3)
        height = rect[3] - 4
        body = blit_body(surface, card, rect, edge, (height * 3 // 4, height), stats=False)
        zones.append((body, ("card", ref)))
        label = "stasis" if kind == "stasis" else "relic"
        text(surface, label, (rect[0] + 2, rect[1] - 13), 15, STASIS_COUNTER if kind == "stasis" else DIM)
        if kind == "stasis":
            center = (rect[0] + rect[2] - 11, rect[1] + rect[3] - 11)
            zones.append(
                (
                    stasis_counter_badge(surface, center, card.get("stasis_counters", 0)),
                    ("stasis_counters", ref),
                )
            )
        if card.get("stun_counters", 0):
            center = (rect[0] + rect[2] - 10, rect[1] + 10)
            zones.append((stun_counter_badge(surface, center, card["stun_counters"]), ("stun_counters", ref)))
        if ui.selection is not None and ref in ui.selection.targets():
            pygame.draw.rect(surface, ABILITY_HIGHLIGHT, rect, 3)

    def draw_message_strip(self, surface: pygame.Surface, view: View, ui: UiState) -> None:
        """The last rejection reason or message, and the dice rolled by the last action."""
        x, y, w, h = self.layout.message_strip
        rolls = view.get("last_rolls") or []
        roll_text = "Dice: " + "  ·  ".join(words.roll_words(roll) for roll in rolls)
        roll_width = min(font(17).size(roll_text)[0] + 16, w * 2 // 3) if rolls else 0
        left = (x, y, w - roll_width - 4, h)
        surface.set_clip(left)
        if ui.banner:
            box(surface, left, ERROR if ui.banner_is_error else (40, 70, 110), radius=4)
            text(surface, ui.banner, (x + 8, y + 5), 19, INK, True)
        else:
            self.draw_legend(surface, (x, y + 2))
        surface.set_clip(None)
        if rolls:
            rect = (x + w - roll_width, y, roll_width, h)
            box(surface, rect, (60, 60, 30), (200, 190, 90), 1)
            surface.set_clip((rect[0] + 2, rect[1], rect[2] - 4, rect[3]))
            text(surface, roll_text, (rect[0] + 8, y + 6), 17, (255, 240, 160))
            surface.set_clip(None)

    def draw_legend(self, surface: pygame.Surface, at: tuple[int, int]) -> None:
        """A one-line key to the markers, for players who have never seen the game."""
        x, y = at
        stun_counter_badge(surface, (x + 10, y + 10), 1)
        x = text(surface, "stun counters", (x + 24, y + 4), 17, DIM)[0] + 110
        status_icon(surface, (x, y + 1), 18, "Stun", 1)
        x = text(surface, "statuses (status Stun)", (x + 22, y + 4), 17, DIM)[0] + 156
        stasis_counter_badge(surface, (x + 10, y + 10), 2)
        x = text(surface, "stasis counters", (x + 24, y + 4), 17, DIM)[0] + 110
        square_marker(surface, (x, y + 3), CUBE_COLORS["red"], "1")
        x = text(surface, "cubes", (x + 18, y + 4), 17, DIM)[0] + 46
        square_marker(surface, (x, y + 3), EVASION, "E")
        square_marker(surface, (x + 15, y + 3), NEGATION, "N")
        text(surface, "evasion, negation  ·  hover anything to learn its rule", (x + 34, y + 4), 17, DIM)

    def draw_hand(
        self, surface: pygame.Surface, view: View, legal: list[dict[str, Any]], ui: UiState, zones: list[Zone]
    ) -> None:
        """The hand of the player at the device, readable, playable cards framed in green."""
        hx, hy, hw, hh = self.layout.hand
        box(surface, (hx, hy, hw, hh), (30, 33, 40))
        if ui.viewer is None:
            return
        hand = view["players"][ui.viewer]["hand"]
        playable = {action.get("card") for action in legal if action["act"] == "play"}
        if not hand:
            text(surface, f"{ui.viewer}'s hand is empty", (hx + 12, hy + 12), 20, DIM)
        for index, ref in enumerate(hand):
            rect = self.layout.hand_card_rect(index, len(hand))
            selected = ui.selection is not None and ui.selection.ref == ref
            if selected:
                rect = (rect[0], rect[1] - 8, rect[2], rect[3])
            edge = SELECTED if selected else (MOVE_HIGHLIGHT if ref in playable else PANEL_EDGE)
            self.draw_hand_card(surface, view["cards"][ref], rect, edge)
            zones.append((rect, ("card", ref)))

    def draw_hand_card(self, surface: pygame.Surface, card: dict[str, Any], rect: Rect, edge: Color) -> None:
        """A card in hand: name, kind, stats and text."""
        x, y, w, h = rect
        box(surface, rect, (236, 230, 212), edge, 3, 6)
        used = text_block(surface, card["name"], (x + 6, y + 5, w - 10, 36), 18, BLACK, True, max_lines=2)
        text(surface, card.get("kind", ""), (x + 6, y + 7 + used), 15, (90, 70, 50))
        top = y + 22 + used
        if card.get("hp") is not None:
            stats = f"ATK {card['atk']}  HP {card['max_hp']}  MV {card.get('mv')}"
            text(surface, stats, (x + 6, top), 15, (120, 30, 30), True)
            reach = f"range {card.get('range', 1)}, {card.get('damage_type', 'physical')}"
            text(surface, reach, (x + 6, top + 13), 14, (60, 60, 60))
            top += 28
        text_block(surface, card.get("text", ""), (x + 6, top, w - 10, y + h - top - 4), 15, (30, 30, 30))

    def draw_log(self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone]) -> None:
        """The game's events in words, newest at the bottom, scrolled by ui.log_scroll lines."""
        box(surface, self.layout.log, PANEL, PANEL_EDGE)
        x, y, w, _ = self.layout.log
        text(surface, "Log  (mouse wheel scrolls)", (x + 8, y + 6), 18, DIM, True)
        area = self.layout.log_lines_rect()
        lines = self.log_lines(view, area[2])
        face = font(16)
        visible = area[3] // face.get_linesize()
        ui.log_scroll = max(0, min(ui.log_scroll, len(lines) - visible))
        end = len(lines) - ui.log_scroll
        for row, (line, color) in enumerate(lines[max(0, end - visible) : end]):
            surface.blit(face.render(line, True, color), (area[0], area[1] + row * face.get_linesize()))
        zones.append((self.layout.log, ("log",)))

    def log_lines(self, view: View, width: int) -> list[tuple[str, Color]]:
        """Every log entry as wrapped lines, turn starts highlighted."""
        lines: list[tuple[str, Color]] = []
        for entry in view.get("log", []):
            color = (255, 230, 120) if entry.get("type") == "TurnStarted" else INK
            for index, line in enumerate(wrap(words.log_sentence(view, entry), 16, width - 10)):
                lines.append(((" " if index else "") + line, color))
        return lines

    def draw_buttons(self, surface: pygame.Surface, ui: UiState, zones: list[Zone]) -> None:
        """End turn, save, rules and cancel."""
        labels = {
            "end_turn": "End turn (E)",
            "save": "Save (Ctrl+S)",
            "rules": "Rules (F1)",
            "cancel": "Cancel selection (Esc)",
        }
        for name, rect in self.layout.button_rects().items():
            button(surface, rect, labels[name], hot=name == "end_turn", size=24 if name == "end_turn" else 17)
            zones.append((rect, ("button", name)))

    def draw_menu(self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone]) -> None:
        """A popup list of actions to choose from."""
        assert ui.menu is not None
        labels = [words.action_label(view, action) for action in ui.menu.actions]
        width = max(font(19).size(label)[0] for label in labels) + 24
        height = 28 * len(labels) + 8
        x = min(ui.menu.anchor[0], 1270 - width)
        y = min(ui.menu.anchor[1], 710 - height)
        box(surface, (x, y, width, height), (20, 22, 28), SELECTED, 2)
        for index, label in enumerate(labels):
            rect = (x + 4, y + 4 + 28 * index, width - 8, 26)
            button(surface, rect, label, size=19)
            zones.append((rect, ("menu", index)))

    def draw_choice_dialog(
        self, surface: pygame.Surface, view: View, legal: list[dict[str, Any]], zones: list[Zone]
    ) -> None:
        """The pending choice: its prompt and one button per option."""
        pending = view["pending"]
        options = [a for a in legal if a["act"] == "choose"] or [
            {"act": "choose", "option": option} for option in pending.get("options", [])
        ]
        labels = [words.action_label(view, action) for action in options]
        width = max([font(20).size(label)[0] + 40 for label in labels] + [460])
        prompt = wrap(pending.get("prompt", "Choose"), 22, width - 24, True)
        height = 50 + 22 * len(prompt) + 34 * len(options)
        x, y = 12 + (COLS * self.layout.cell - width) // 2, 60
        box(surface, (x, y, width, height), (28, 30, 44), SELECTED, 3, 8)
        text(surface, f"{pending['player']}, choose:", (x + 12, y + 8), 22, SELECTED, True)
        for row, line in enumerate(prompt):
            text(surface, line, (x + 12, y + 32 + 22 * row), 22, INK, True)
        top = y + 40 + 22 * len(prompt)
        for index, label in enumerate(labels):
            rect = (x + 12, top + 34 * index, width - 24, 30)
            button(surface, rect, label, size=20)
            zones.append((rect, ("choose", index)))

    def draw_tooltip(self, surface: pygame.Surface, lines: list[str], at: tuple[int, int]) -> Rect:
        """A box of wrapped text near the mouse, kept on screen."""
        width = 380
        wrapped: list[tuple[str, bool]] = []
        for index, line in enumerate(lines):
            bold = index == 0 or line.startswith("Rule ")
            wrapped.extend((part, bold) for part in wrap(line, 18, width - 16, bold))
        height = 18 * len(wrapped) + 12
        x = min(at[0] + 16, 1280 - width - 4)
        y = min(at[1] + 16, 720 - height - 4)
        if at[1] + 16 + height > 720 and at[1] - height - 8 >= 0:
            y = at[1] - height - 8
        rect = (x, y, width, height)
        box(surface, rect, (250, 248, 225), BLACK, 2)
        for row, (line, bold) in enumerate(wrapped):
            text(surface, line, (x + 8, y + 6 + 18 * row), 18, (20, 20, 20), bold)
        return rect
