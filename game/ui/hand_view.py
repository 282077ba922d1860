"""The hand of the player at the device: readable cards, the playable ones framed, and the hovered one shown big
and whole."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import words
from game.ui.draw import (
    BLACK,
    DIM,
    MOVE_HIGHLIGHT,
    PANEL_EDGE,
    SELECTED,
    Color,
    Rect,
    Zone,
    box,
    font,
    text,
    text_block,
    wrap,
)
from game.ui.icons import heart, sword
from game.ui.layout import Layout, inside
from game.ui.state import UiState, keep_slots

View = dict[str, Any]


class HandView:
    """Draws the hand (mixed into the Renderer, which owns the layout and the caches of card faces)."""

    layout: Layout
    hovered_hand: tuple[str, Rect] | None
    hand_faces: dict[tuple[Any, ...], pygame.Surface]
    enlarged_cache: tuple[tuple[Any, ...], pygame.Surface] | None

    def draw_hand(
        self, surface: pygame.Surface, view: View, legal: list[dict[str, Any]], ui: UiState, zones: list[Zone]
    ) -> None:
        """The hand of the player at the device, readable, playable cards framed in green (a card played leaves its
        gap while the pointer is over the hand)."""
        px = self.layout.px
        hx, hy, hw, hh = self.layout.hand
        box(surface, (hx, hy, hw, hh), (30, 33, 40))
        if ui.viewer is None:
            return
        hand = [ref for ref in view["players"][ui.viewer]["hand"] if ref in view["cards"]]
        playable = {action.get("card") for action in legal if action["act"] == "play"}
        if not hand:
            text(surface, f"{ui.viewer}'s hand is empty", (hx + px(12), hy + px(12)), 20, DIM)
        ui.hand_slots = keep_slots(ui.hand_slots, hand, inside(self.layout.hand, ui.mouse))
        hovered: tuple[str, Rect] | None = None
        for index, ref in enumerate(ui.hand_slots):
            if ref is None:
                continue
            rect = self.layout.hand_card_rect(index, len(ui.hand_slots))
            selected = ui.selection is not None and ui.selection.ref == ref
            lifted = selected or (inside(rect, ui.mouse) and ui.menu is None)
            if lifted:
                rect = (rect[0], rect[1] - px(8), rect[2], rect[3])
            edge = SELECTED if selected else (MOVE_HIGHLIGHT if ref in playable else PANEL_EDGE)
            greyed = ref not in playable and view.get("pending") is None
            surface.blit(self.hand_face(view["cards"][ref], rect[2], rect[3], edge, not greyed), rect[:2])
            zones.append((rect, ("card", ref)))
            if inside(rect, ui.mouse):
                hovered = (ref, rect)
        self.hovered_hand = hovered

    def hand_face(self, card: dict[str, Any], width: int, height: int, edge: Color, playable: bool) -> pygame.Surface:
        """A card in hand drawn once per look (name, text, stats, size, frame, greyed or not) and reused."""
        key = (card["name"], card.get("text"), card.get("kind"), card.get("atk"), card.get("max_hp"), card.get("mv"),
               width, height, edge, playable, self.layout.unit)
        face = self.hand_faces.get(key)
        if face is None:
            if len(self.hand_faces) > 200:
                self.hand_faces.clear()
            face = pygame.Surface((width, height), pygame.SRCALPHA)
            self.draw_hand_card(face, card, (0, 0, width, height), edge, playable)
            self.hand_faces[key] = face
        return face

    def draw_hand_card(
        self, surface: pygame.Surface, card: dict[str, Any], rect: Rect, edge: Color, playable: bool = True
    ) -> None:
        """A card in hand: name, kind and MV (at the right, so it shows on the narrowest card), ATK (sword) / HP
        (heart), and its text, cut with an ellipsis;
        a card that can't be played now is greyed (hovering it shows it whole and says why)."""
        px = self.layout.px
        x, y, w, h = rect
        surface.set_clip(rect)
        box(surface, rect, (236, 230, 212), edge, px(3), px(6))
        name_box = (x + px(6), y + px(5), w - px(10), 2 * font(18, True).get_linesize())
        used = text_block(surface, card["name"], name_box, 18, BLACK, True, max_lines=2)
        text(surface, card.get("kind", ""), (x + px(6), y + px(5) + used), 15, (90, 70, 50))
        pitch = font(15, True).get_linesize()
        top = y + px(5) + used + pitch
        if card.get("hp") is not None:
            mv = f"MV {card.get('mv')}"
            mv_x = x + w - px(6) - font(15, True).size(mv)[0]
            text(surface, mv, (mv_x, y + px(5) + used), 15, (40, 40, 120), True)
            sword(surface, (x + px(12), top + pitch // 2), px(12))
            used_x = text(surface, str(card["atk"]), (x + px(20), top), 15, BLACK, True)
            heart(surface, (used_x[0] + used_x[2] + px(12), top + pitch // 2 + 1), px(11))
            text(surface, str(card["max_hp"]), (used_x[0] + used_x[2] + px(20), top), 15, BLACK, True)
            top += pitch + 1
        text_block(surface, words.card_text(card), (x + px(6), top, w - px(10), y + h - top - px(4)), 15, (30, 30, 30))
        if not playable:
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((20, 20, 30, 90))
            surface.blit(shade, (x, y))
        surface.set_clip(None)

    def draw_enlarged(self, surface: pygame.Surface, card: dict[str, Any], under: Rect, why: str) -> Rect:
        """A hovered card in hand, shown big and whole above it: every line of its text, its abilities with
        their stone costs, and (for a greyed card) why it can't be played now."""
        key = (card["name"], card.get("text"), card.get("atk"), card.get("max_hp"), card.get("mv"), why,
               self.layout.unit)
        if self.enlarged_cache is None or self.enlarged_cache[0] != key:
            self.enlarged_cache = (key, self.enlarged_picture(card, why))
        picture = self.enlarged_cache[1]
        width, height = picture.get_size()
        x = max(4, min(under[0] + under[2] // 2 - width // 2, self.layout.size[0] - width - 4))
        y = max(4, under[1] - height - self.layout.px(6))
        surface.blit(picture, (x, y))
        return (x, y, width, height)

    def enlarged_picture(self, card: dict[str, Any], why: str) -> pygame.Surface:
        """The big face of a card in hand (see draw_enlarged)."""
        px = self.layout.px
        width = px(260)
        lines: list[tuple[str, int, Color, bool]] = [
            (card["name"], 24, BLACK, True),
            (card.get("kind", ""), 18, (90, 70, 50), False),
        ]
        if card.get("hp") is not None:
            lines.append((f"ATK {card['atk']}  ·  HP {card['max_hp']}  ·  MV {card.get('mv')}  ·  range "
                          f"{card.get('range', 1)} {card.get('damage_type', 'physical')}", 18, (120, 30, 30), True))
        lines.append((words.card_text(card), 19, (30, 30, 30), False))
        lines += [(words.ability_line(ability), 18, (30, 30, 90), False)
                  for ability in card.get("abilities", []) if not words.described(card, ability)]
        if why:
            lines.append((why, 18, (160, 20, 20), True))
        wrapped = [(part, size, color, bold) for line, size, color, bold in lines
                   for part in wrap(line, size, width - px(20), bold)]
        height = sum(font(size, bold).get_linesize() for _, size, _, bold in wrapped) + px(20)
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        box(picture, (0, 0, width, height), (242, 236, 218), SELECTED, 3, px(8))
        row = px(10)
        for line, size, color, bold in wrapped:
            text(picture, line, (px(10), row), size, color, bold)
            row += font(size, bold).get_linesize()
        return picture
