"""The players' panels: VP, stones, deck, discard and hand size, and their relics and cards in stasis as chips."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import words
from game.ui.draw import (
    ABILITY_HIGHLIGHT,
    DIM,
    INK,
    MOVE_HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    SELECTED,
    Color,
    Rect,
    Zone,
    box,
    fit_line,
    font,
    player_color,
    text,
    turn_order,
)
from game.ui.icons import STASIS_COUNTER, stasis_counter_badge, stun_counter_badge
from game.ui.layout import Layout, inside
from game.ui.picking import lit_targets
from game.ui.state import UiState, keep_slots
from game.ui.tokens import chip

View = dict[str, Any]

GOLD_INK: Color = (255, 225, 110)
LAST_TURN: Color = (255, 140, 90)


class Panels:
    """Draws the players' panels (mixed into the Renderer, which owns the layout)."""

    layout: Layout

    def draw_players(
        self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone], ready: set[Any] | None = None
    ) -> None:
        """One panel per player: VP, stones, deck, discard, hand size, relics and cards in stasis (those ready
        to play framed like a playable card in hand; a card gone leaves its gap while the pointer is on the panel)."""
        order = turn_order(view)
        for index, name in enumerate(order):
            panel = self.layout.player_panel_rect(index, len(order))
            self.draw_player_panel(surface, view, name, panel, ui, zones, ready or set())

    def draw_player_panel(
        self, surface: pygame.Surface, view: View, name: str, panel: Rect, ui: UiState, zones: list[Zone],
        ready: set[Any],
    ) -> None:
        """A player's panel (once the game is over: nobody playing, the final VP without the target)."""
        px = self.layout.px
        player = view["players"][name]
        color = player_color(turn_order(view), name)
        over = view["phase"] == "over"
        active = name == view["active"] and not over
        box(surface, panel, PANEL, color if active else PANEL_EDGE, 3 if active else 1)
        pygame.draw.rect(surface, color, (panel[0], panel[1], px(6), panel[3]))
        vp = f"VP {player['vp']}" if over else words.vp_line(player["vp"])
        vp_w = font(22, True).size(vp)[0]
        title = f"{name}" + ("  (playing)" if active else "")
        room = panel[2] - vp_w - px(32)
        text(surface, fit_line(title, 22, room, True), (panel[0] + px(12), panel[1] + px(4)), 22, color, True)
        text(surface, vp, (panel[0] + panel[2] - px(8) - vp_w, panel[1] + px(4)), 22, GOLD_INK, True)
        madness = words.madness_count(view, name)
        stats = (
            f"Stones {player['stones']}   Deck {words.deck_size(player)}   Discard {len(player['discard'])}"
            f"   Hand {words.hand_size(player)}" + (f"   Madness {madness}" if madness else "")
        )
        if font(17).size(stats)[0] > panel[2] - px(20):
            stats = stats.replace("   ", "  ")
        stats_y = panel[1] + px(4) + font(22, True).get_linesize()
        text(surface, fit_line(stats, 17, panel[2] - px(20)), (panel[0] + px(12), stats_y), 17, INK)
        zones.append(((panel[0], panel[1], panel[2], px(38)), ("player", name)))
        relics = [
            ref
            for ref, card in view["cards"].items()
            if card["zone"] == "board" and card.get("pos") is None and card.get("controller") == name
        ]
        stasis = [ref for ref in player.get("stasis", []) if ref in view["cards"]]
        slots = keep_slots(ui.chip_slots.get(name, []), relics + stasis, inside(panel, ui.mouse))
        ui.chip_slots[name] = slots
        rects, labelled = self.layout.chip_rects(panel, len(slots))
        if not slots:
            text(surface, "No relics, nothing in stasis", (panel[0] + px(12), panel[1] + px(46)), 16, DIM)
        for ref, rect in zip(slots, rects, strict=True):
            if ref is not None:
                kind = "stasis" if ref in stasis else "relic"
                self.draw_chip(surface, view, ref, kind, rect, ui, zones, labelled, ref in ready)

    def draw_chip(
        self,
        surface: pygame.Surface,
        view: View,
        ref: str,
        kind: str,
        rect: Rect,
        ui: UiState,
        zones: list[Zone],
        labelled: bool = True,
        ready: bool = False,
    ) -> None:
        """A relic or a card in stasis, small, with its counters (and "relic"/"stasis" above it when labelled,
        "last turn" for a card at 0 counters, discarded when the turn ends, ST-14); a card in stasis ready to play
        (ST-11) gets the green frame of a playable card in hand."""
        px = self.layout.px
        card = view["cards"][ref]
        edge = STASIS_COUNTER if kind == "stasis" else player_color(turn_order(view), card.get("controller"))
        selected = ui.selection is not None and ui.selection.ref == ref
        if selected:
            box(surface, rect, (90, 80, 20), SELECTED, 3)
        elif ready:
            pygame.draw.rect(surface, MOVE_HIGHLIGHT, rect, px(3), border_radius=px(6))
        face = chip(card, rect[2] - px(4), rect[3] - px(4), edge)
        body = face.get_rect(center=(rect[0] + rect[2] // 2, rect[1] + rect[3] // 2))
        surface.blit(face, body)
        zones.append(((body.x, body.y, body.w, body.h), ("card", ref)))
        if labelled:
            last = kind == "stasis" and card.get("stasis_counters", 0) == 0
            label = "last turn" if last else "stasis" if kind == "stasis" else "relic"
            label_y = rect[1] - font(15).get_height()
            color = LAST_TURN if last else STASIS_COUNTER if kind == "stasis" else DIM
            text(surface, fit_line(label, 15, rect[2] + px(4)), (rect[0] + px(2), label_y), 15, color)
        big = rect[2] >= px(40)
        if kind == "stasis":
            radius = px(12 if big else 9)
            center = (rect[0] + rect[2] - radius + 1, rect[1] + rect[3] - radius + 1)
            zones.append(
                (
                    stasis_counter_badge(surface, center, card.get("stasis_counters", 0), radius),
                    ("stasis_counters", ref),
                )
            )
        if card.get("stun_counters", 0):
            half = px(10 if big else 8)
            center = (rect[0] + rect[2] - half, rect[1] + half)
            zones.append((stun_counter_badge(surface, center, card["stun_counters"], half), ("stun_counters", ref)))
        if ref in lit_targets(view, ui.selection):
            pygame.draw.rect(surface, ABILITY_HIGHLIGHT, rect, px(3))
