"""Draws the play screen from view() and the window's UiState; returns the hover and click zones it drew."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import labels, log_words, words
from game.ui.draw import (
    ABILITY_HIGHLIGHT,
    ATTACK_HIGHLIGHT,
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
    button,
    fit_line,
    font,
    player_color,
    set_unit,
    text,
    turn_order,
    wrap,
)
from game.ui.hand_view import HandView
from game.ui.icons import (
    stone,
)
from game.ui.layout import COLS, ROWS, Layout, inside
from game.ui.legend import draw_key_line
from game.ui.log_panel import LogCache, LogPanel
from game.ui.panels import GOLD_INK, LAST_TURN, Panels
from game.ui.picking import lit_targets
from game.ui.state import UiState
from game.ui.tokens import token
from game.ui.tooltips import Tooltips

View = dict[str, Any]

BACKGROUND: Color = (24, 27, 33)
SQUARE_A: Color = (52, 70, 58)
SQUARE_B: Color = (46, 62, 52)
LOCATION: Color = (120, 98, 40)
ERROR: Color = (170, 40, 40)
DICE_BOX: Color = (60, 60, 30)
DICE_EDGE: Color = (200, 190, 90)
DICE_INK: Color = (255, 240, 160)


def zone_at_point(zones: list[Zone], point: tuple[int, int]) -> tuple[Any, ...] | None:
    """The key of the topmost zone under a point."""
    for rect, key in reversed(zones):
        if inside(rect, point):
            return key
    return None


class Renderer(Panels, HandView, LogPanel, Tooltips):
    """Draws the play screen; owns no game state, only caches: the log's wrapped lines and the last frame."""

    def __init__(self, layout: Layout | None = None) -> None:
        self.layout = layout or Layout()
        self.log_cache = LogCache(0)
        self.top_zones: list[Zone] = []
        self.hovered_hand: tuple[str, Rect] | None = None
        self.frame: pygame.Surface | None = None
        self.frame_of: tuple[Any, ...] = ()
        self.frame_zones: list[Zone] = []
        self.frame_hover: tuple[str, Rect] | None = None
        self.grid: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.hand_faces: dict[tuple[Any, ...], pygame.Surface] = {}
        self.tooltip_cache: tuple[tuple[str, ...], pygame.Surface] | None = None
        self.enlarged_cache: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def frame_key(
        self, view: View, legal: list[dict[str, Any]], ui: UiState, can_undo: bool, can_redo: bool = False
    ) -> tuple[Any, ...]:
        """Everything a frame depends on. The view, the legal list, the selection and the menu are compared by
        identity: the window makes new ones whenever they change, and the key keeps them alive (the menu and the
        choice dialog are drawn over the frame, by their overlays)."""
        hovered = zone_at_point(self.frame_zones, ui.mouse)
        hand = view["players"].get(ui.viewer, {}).get("hand", []) if ui.viewer else []
        mouse_matters = hovered is not None and (
            (hovered[0] == "card" and hovered[1] in hand)
            or (ui.selection is not None and hovered[0] in ("square", "card"))
        )
        return (
            view, legal, ui.selection, ui.menu, ui.viewer, ui.banner, ui.banner_is_error, ui.log_scroll, can_undo,
            can_redo,
            tuple(ui.hand_slots), len(ui.roll_history), ui.roll_history[0][0] if ui.roll_history else None,
            hovered if mouse_matters else None, self.row_under(view, ui.mouse),
        )

    def row_under(self, view: View, point: tuple[int, int]) -> str | None:
        """The row of cards under a point whose gaps stay open (`keep_slots`): "hand", a player's panel, or None."""
        if inside(self.layout.hand, point):
            return "hand"
        order = turn_order(view)
        return next((name for index, name in enumerate(order)
                     if inside(self.layout.player_panel_rect(index, len(order)), point)), None)

    def draw(
        self, surface: pygame.Surface, view: View, legal: list[dict[str, Any]], ui: UiState, can_undo: bool = False,
        can_redo: bool = False,
    ) -> list[Zone]:
        """Draw every part of the play screen and return its zones, bottom-most first.

        can_undo and can_redo light the Undo and Redo buttons (only the window knows what can be taken back). A
        frame whose inputs have not changed is the last one blitted again (a busy board costs one blit).
        """
        set_unit(self.layout.unit)
        key = self.frame_key(view, legal, ui, can_undo, can_redo)
        if self.frame is not None and len(key) == len(self.frame_of) and all(
            a is b or (type(a) in (str, int, bool, tuple, type(None)) and a == b)
            for a, b in zip(key, self.frame_of, strict=True)
        ) and self.frame.get_size() == surface.get_size():
            surface.blit(self.frame, (0, 0))
            self.hovered_hand = self.frame_hover
            return list(self.frame_zones)
        zones = self.draw_fresh(surface, view, legal, ui, can_undo, can_redo)
        self.frame, self.frame_of, self.frame_zones = surface.copy(), key, zones
        self.frame_hover = self.hovered_hand
        return list(zones)

    def draw_fresh(
        self, surface: pygame.Surface, view: View, legal: list[dict[str, Any]], ui: UiState, can_undo: bool,
        can_redo: bool = False,
    ) -> list[Zone]:
        """Draw the whole play screen from scratch."""
        surface.fill(BACKGROUND)
        zones: list[Zone] = []
        self.draw_top_bar(surface, view, ui)
        zones.extend(self.top_zones)
        self.draw_board(surface, view, ui, zones)
        self.draw_players(surface, view, ui, zones, {a.get("card") for a in legal if a["act"] == "play_from_stasis"})
        self.draw_message_strip(surface, view, ui)
        self.draw_dice(surface, view, ui)
        self.draw_hand(surface, view, legal, ui, zones)
        self.draw_log(surface, view, ui, zones)
        if view["phase"] != "over":  # the final board is not played on
            lost = words.discarded_at_end(view, view["active"]) if ui.viewer == view["active"] else []
            self.draw_buttons(surface, zones, can_undo, can_redo, words.end_turn_warning(view, lost)[0] if lost else "")
        return zones

    def draw_top_bar(self, surface: pygame.Surface, view: View, ui: UiState) -> None:
        """Turn, active player and phase; what they may still play (G-4); the goal (G-7)."""
        px = self.layout.px
        x, y, w, h = self.layout.top_bar
        active = view["active"]
        color = player_color(turn_order(view), active)
        pygame.draw.rect(surface, color, (x, y, px(8), h))
        phase = "game over" if view["phase"] == "over" else f"{view['phase']} phase"
        status = f"Turn {view['turn']} · {active} · {phase}"
        used = text(surface, status, (x + px(14), y + h // 2 - font(24, True).get_height() // 2), 24, INK, True)
        goal = f"{words.VICTORY_VP} VP ends the round · most VP wins"
        goal_w = font(20, True).size(goal)[0]
        goal_rect = (x + w - goal_w - px(14), y + px(4), goal_w + px(10), h - px(8))
        middle = y + h // 2 - font(20, True).get_height() // 2
        box(surface, goal_rect, (70, 58, 20), GOLD_INK, 1, 4)
        text(surface, goal, (goal_rect[0] + px(5), middle), 20, GOLD_INK, True)
        self.top_zones = [(goal_rect, ("goal",))]
        if view["phase"] == "over":
            return
        left = words.plays_pill(view, active)
        plays_x = used[0] + used[2] + px(14)
        room = goal_rect[0] - plays_x - px(12)
        plays, _, stones = left.rpartition(" · ")
        icon = px(22)
        whole = font(20, True).size(f"{plays} · {stones}")[0] + icon + px(12)
        pill = (plays_x, y + px(4), min(room, whole), h - px(8))
        box(surface, pill, (40, 60, 90), (120, 160, 220), 1, 4)
        if whole <= room:
            used = text(surface, f"{plays} · ", (pill[0] + px(6), middle), 20, INK, True)
            stone(surface, (used[0] + used[2] + icon // 2 - px(2), y + h // 2), px(18))
            text(surface, stones, (used[0] + used[2] + icon, middle), 20, INK, True)
        else:
            text(surface, fit_line(left, 20, pill[2] - px(10), True), (pill[0] + px(6), middle), 20, INK, True)
        self.top_zones.append((pill, ("plays", active)))

    def hint(self, view: View, ui: UiState) -> str:
        """One line telling the player what they can do next."""
        if view.get("pending"):
            return f"{view['pending']['player']} must choose: {view['pending'].get('prompt', '')}"
        if ui.selection is not None:
            card = view["cards"][ui.selection.ref]
            left = words.character_left(card) if card["zone"] == "board" else ""
            short = words.untap_short(card, ui.selection.actions)
            doing = self.doing(view, card, ui) + (f" · {short}" if short else "")
            return f"{card['name']}{': ' + left if left else ''} · {doing}. Esc cancels."
        return ""

    @staticmethod
    def doing(view: View, card: dict[str, Any], ui: UiState) -> str:
        """What the player does next with the selection: pick a lit square (or the way to it), a target, a menu
        line, or click the card again (naming what that does, e.g. "Refresh: untap Stun Lance (Ada)"); the menu is
        named only when one is open."""
        assert ui.selection is not None
        selection = ui.selection
        menu = " or pick from the menu" if ui.menu is not None else ""
        if selection.end is not None:
            return "several ways lead there: click the square to pass through (hover shows the path)"
        if selection.target is not None and selection.squares():
            return "click a lit square to choose where it goes (hover shows the path)" + menu
        if selection.squares() or selection.targets():
            return "click a highlighted square or target" + menu
        if ui.menu is not None:
            return "pick from the menu"
        single = selection.untargeted()
        if len(single) == 1 and single[0]["act"] in ("ability", "activate"):
            return f"click {card['name']} again to use {labels.action_label(view, single[0])}"
        return f"click {card['name']} again to play it"

    def draw_board(self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone]) -> None:
        """The 7×5 grid: home rows, locations, characters and the highlights of the selection."""
        order = turn_order(view)
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
        moves = ui.selection.squares() if ui.selection else set()
        targets = lit_targets(view, ui.selection)
        surface.blit(self.grid_picture(order), self.layout.board_origin)
        for gy in range(ROWS):
            for gx in range(COLS):
                cell = self.layout.square_rect(gx, gy)
                zones.append((cell, ("square", gx, gy)))
                if (gx, gy) in locations:
                    self.draw_location(surface, view, locations[(gx, gy)], cell, zones, (gx, gy) in occupants)
                    pygame.draw.rect(surface, (30, 36, 32), cell, 1)
        for square, ref in occupants.items():
            cell = self.layout.square_rect(*square)
            face = self.draw_character(surface, view, ref, cell, zones)
            if square in locations and face[1] - cell[1] >= self.layout.px(8):  # a crowded token takes it all
                self.draw_held_label(surface, view["cards"][locations[square]], cell)
        for square in moves:
            cell = self.layout.square_rect(*square)
            overlay = pygame.Surface(cell[2:], pygame.SRCALPHA)
            overlay.fill((*MOVE_HIGHLIGHT, 60))
            surface.blit(overlay, cell[:2])
            pygame.draw.rect(surface, MOVE_HIGHLIGHT, cell, self.layout.px(3))
        for ref, kind in targets.items():
            card = view["cards"].get(ref, {})
            if card.get("pos") is not None and card["zone"] == "board":
                color = ATTACK_HIGHLIGHT if kind == "attack" else ABILITY_HIGHLIGHT
                pygame.draw.rect(surface, color, self.layout.square_rect(*card["pos"]), self.layout.px(4))
        if ui.selection is not None:
            selected = view["cards"].get(ui.selection.ref, {})
            if selected.get("pos") is not None and selected["zone"] == "board":
                pygame.draw.rect(surface, SELECTED, self.layout.square_rect(*selected["pos"]), self.layout.px(3))
            self.draw_paths(surface, view, ui)

    def square_under(self, point: tuple[int, int]) -> tuple[int, int] | None:
        """The board square under a point, if any."""
        ox, oy = self.layout.board_origin
        gx, gy = (point[0] - ox) // self.layout.cell, (point[1] - oy) // self.layout.cell
        return (gx, gy) if point[0] >= ox and point[1] >= oy and gx < COLS and gy < ROWS else None

    def draw_paths(self, surface: pygame.Surface, view: View, ui: UiState) -> None:
        """The way a push or move would go: with a path end chosen, that end framed and its paths drawn; else
        the path to the lit square under the mouse (SE-6: a shove's via squares show before the click)."""
        assert ui.selection is not None
        selection = ui.selection
        if selection.end is not None:
            pygame.draw.rect(surface, SELECTED, self.layout.square_rect(*selection.end), self.layout.px(4))
        square = self.square_under(ui.mouse)
        if square is None or square not in selection.squares():
            return
        mover = view["cards"].get(selection.target or selection.ref, {})
        start = mover.get("pos")
        for path in selection.paths_to(square):
            points = [self.square_middle(*step) for step in ([start] if start else []) + path]
            if len(points) > 1:
                pygame.draw.lines(surface, SELECTED, False, points, self.layout.px(5))
            for point in points[1:-1]:
                pygame.draw.circle(surface, SELECTED, point, self.layout.px(8))
            pygame.draw.circle(surface, SELECTED, points[-1], self.layout.px(12), self.layout.px(4))

    def square_middle(self, x: int, y: int) -> tuple[int, int]:
        """The middle of a board square, in window pixels."""
        rx, ry, w, h = self.layout.square_rect(x, y)
        return (rx + w // 2, ry + h // 2)

    def grid_picture(self, order: list[str]) -> pygame.Surface:
        """The empty 7×5 grid with every player's home squares tinted and labelled (drawn once per game)."""
        key = (*order, self.layout.cell)
        if self.grid is not None and self.grid[0] == key:
            return self.grid[1]
        _, _, width, height = self.layout.board_rect()
        picture = pygame.Surface((width, height))
        homes = self.home_squares(order)
        ox, oy = self.layout.board_origin
        for gy in range(ROWS):
            for gx in range(COLS):
                x, y, w, h = self.layout.square_rect(gx, gy)
                cell = (x - ox, y - oy, w, h)
                fill = SQUARE_A if (gx + gy) % 2 == 0 else SQUARE_B
                if (gx, gy) in homes:
                    tint = player_color(order, homes[(gx, gy)])
                    fill = tuple((f * 3 + t) // 4 for f, t in zip(fill, tint, strict=True))  # type: ignore[assignment]
                pygame.draw.rect(picture, fill, cell)
                if (gx, gy) in homes:
                    label = f"{homes[(gx, gy)]}'s home"
                    text(picture, label, (cell[0] + w // 2, cell[1] + h - self.layout.px(10)), 15, tint, center=True)
                pygame.draw.rect(picture, (30, 36, 32), cell, 1)
        self.grid = (key, picture)
        return picture

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
        self, surface: pygame.Surface, view: View, ref: str, cell: Rect, zones: list[Zone], held: bool
    ) -> None:
        """A location square (G-7): golden, its name, "+1 VP at end of your turn" and its own effect in short
        (words.location_short); hover gives the whole text and the scoring.

        With a character on it only the top strip shows: "+1 VP" and the name (draw_held_label, over the token).
        """
        px = self.layout.px
        pygame.draw.rect(surface, LOCATION, cell)
        pygame.draw.rect(surface, (230, 190, 80), cell, 2)
        card = view["cards"][ref]
        x, y, w, h = cell
        pitch = font(13, True).get_linesize()
        if not held:
            inner = w - px(6)
            score, _, effect = words.location_short(card).partition(" · ")
            said_score = wrap(score, 13, inner, True)
            if len(said_score) > 2:
                said_score = wrap(words.LOCATION_VP_SHORT, 13, inner, True)
            lines = [(line, (255, 240, 190), True) for line in wrap(card["name"], 13, inner, True)[:2]]
            lines += [(line, GOLD_INK, True) for line in said_score]
            said = wrap(effect, 13, inner) if effect else []
            pitch = max(px(13), min(pitch - px(1), (h - px(2)) // (len(lines) + len(said))))
            room = (h - px(2)) // pitch - len(lines)
            if len(said) > room > 0:
                said = said[: room - 1] + [fit_line(" ".join(said[room - 1 :]), 13, inner)]
            lines += [(line, (255, 248, 225), False) for line in said[: max(0, room)]]
            top = y + (h - pitch * len(lines)) // 2
            for row, (line, color, bold) in enumerate(lines):
                text(surface, line, (x + w // 2, top + pitch // 2 + pitch * row), 13, color, bold, True)
        zones.append((cell, ("card", ref)))

    def draw_held_label(self, surface: pygame.Surface, card: dict[str, Any], cell: Rect) -> None:
        """The top strip of a location a character stands on: "+1 VP" and its name, whole letters on the location's
        gold, drawn after the token so that its top edge never cuts them."""
        px = self.layout.px
        x, y, w, _ = cell
        strip = (x + 2, y + 2, w - 4, font(13, True).get_height())
        pygame.draw.rect(surface, LOCATION, strip)
        text(surface, fit_line(f"+1 VP · {card['name']}", 13, w - px(6), True), (x + px(3), y + 2), 13,
             (255, 240, 190), True)

    def draw_character(
        self, surface: pygame.Surface, view: View, ref: str, cell: Rect, zones: list[Zone]
    ) -> Rect:
        """A character token, every marker inside it (tokens.token), at the foot of its square (the top strip
        keeps a location's name and score in sight); returns where the token is."""
        card = view["cards"][ref]
        edge = player_color(turn_order(view), card.get("controller"))
        face, marks = token(card, ref, edge)
        rect = face.get_rect(midbottom=(cell[0] + cell[2] // 2, cell[1] + cell[3] - 1))
        surface.blit(face, rect)
        zones.append((cell, ("card", ref)))
        zones.append(((rect.x, rect.y, rect.w, rect.h), ("card", ref)))
        for (x, y, w, h), key in marks:
            zones.append(((rect.x + x, rect.y + y, w, h), key))
        return (rect.x, rect.y, rect.w, rect.h)

    def draw_message_strip(self, surface: pygame.Surface, view: View, ui: UiState) -> None:
        """The last refusal or message; else what to do with the selection; else a key to the markers."""
        px = self.layout.px
        x, y, w, h = self.layout.message_strip
        surface.set_clip(self.layout.message_strip)
        hint = self.hint(view, ui)
        middle = y + h // 2 - font(19, True).get_height() // 2
        if ui.banner:
            box(surface, self.layout.message_strip, ERROR if ui.banner_is_error else (40, 70, 110), radius=4)
            text(surface, fit_line(ui.banner, 19, w - px(12), True), (x + px(6), middle), 19, INK, True)
        elif hint:
            box(surface, self.layout.message_strip, (44, 50, 62), radius=4)
            text(surface, fit_line(hint, 19, w - px(12), True), (x + px(6), middle), 19, INK, True)
        else:
            draw_key_line(surface, (x, y + px(2)))
        surface.set_clip(None)

    def draw_dice(self, surface: pygame.Surface, view: View, ui: UiState) -> None:
        """The dice of the last few actions that rolled any (G-8), newest first, each under what rolled them."""
        rect = self.layout.dice
        history = ui.roll_history
        if not history and view.get("last_rolls"):
            history = [("Last action", list(view["last_rolls"]))]
        px = self.layout.px
        box(surface, rect, DICE_BOX if history else PANEL, DICE_EDGE if history else PANEL_EDGE)
        x, y, w, h = rect
        text(surface, "Dice rolled, newest first" if history else "No dice rolled yet", (x + px(8), y + px(5)), 17,
             DICE_INK if history else DIM, True)
        lines: list[tuple[str, bool]] = []
        for label, rolls in history:
            lines.append((fit_line(label, 16, w - px(16), True), True))
            lines += [(fit_line("  " + log_words.roll_words(roll), 16, w - px(16)), False) for roll in rolls]
        pitch = font(16).get_linesize()
        top = y + px(5) + font(17, True).get_linesize()
        fits = (y + h - px(2) - top) // pitch
        for row, (line, bold) in enumerate(lines[:fits]):
            text(surface, line, (x + px(8), top + pitch * row), 16, (255, 255, 255) if bold else DICE_INK, bold)

    def draw_buttons(
        self, surface: pygame.Surface, zones: list[Zone], can_undo: bool, can_redo: bool = False, warning: str = ""
    ) -> None:
        """End turn, save, rules, legend, undo and redo (greyed out when there is nothing to take back or do
        again, still clickable and hovered to say why) and cancel; a label too long for a small window loses its
        key ("Save" for "Save ^S"). A warning (the cards in stasis ending the turn discards, ST-14) goes under End
        turn's label."""
        captions = {
            "end_turn": "End turn (E)",
            "save": "Save ^S",
            "rules": "Rules F1",
            "legend": "Legend L",
            "undo": "Undo ^Z",
            "redo": "Redo ^Y",
            "cancel": "Cancel (Esc)",
        }
        for name, rect in self.layout.button_rects().items():
            size = 24 if name == "end_turn" else 17
            enabled = {"undo": can_undo, "redo": can_redo}.get(name, True)
            label = captions[name]
            if font(size).size(label)[0] > rect[2] - self.layout.px(4):
                label = fit_line(label.split(" ")[0], size, rect[2] - self.layout.px(4))
            if name == "end_turn" and warning:
                button(surface, rect, "", hot=True)
                middle = rect[0] + rect[2] // 2
                text(surface, label, (middle, rect[1] + rect[3] // 3), 20, INK, True, True)
                line = fit_line(warning, 16, rect[2] - self.layout.px(8), True)
                text(surface, line, (middle, rect[1] + rect[3] * 3 // 4), 16, LAST_TURN, True, True)
            else:
                button(surface, rect, label, hot=name == "end_turn", size=size, enabled=enabled)
            zones.append((rect, ("button", name)))
