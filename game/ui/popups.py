"""The play screen's popups: the action menu, the pending-choice dialog and tooltips, each placed where it
hides nothing it asks about (the Renderer draws them; split out so that neither module grows too long)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import words
from game.ui.draw import BLACK, DIM, INK, Color, Rect, Zone, box, button, fit_line, font, text, wrap
from game.ui.layout import Layout, inside, overlaps
from game.ui.state import UiState

View = dict[str, Any]

SELECTED: Color = (255, 230, 60)
CHOICE_HIGHLIGHT: Color = (255, 150, 40)
SOURCE_HIGHLIGHT: Color = (120, 230, 255)
CLICK_FRAMED = "Click a button below, or a card or square framed in orange."
CLICK_SQUARE = "Click a square framed in orange on the board."


def is_square(option: Any) -> bool:
    """Whether a choice's option is a board square (picked by clicking it, never named in a button)."""
    return isinstance(option, list) and len(option) == 2 and all(isinstance(v, int) for v in option)


class Popups:
    """Menus, the choice dialog and tooltips of the play screen (mixed into the Renderer, which owns the layout
    and the tooltip cache)."""

    layout: Layout
    tooltip_cache: tuple[tuple[str, ...], pygame.Surface] | None

    def draw_menu(self, surface: pygame.Surface, view: View, ui: UiState, zones: list[Zone]) -> None:
        """A popup list of actions to choose from (in several columns when it is too long for the screen)."""
        assert ui.menu is not None
        px = self.layout.px
        labels = words.distinct_labels(view, ui.menu.actions)
        for index, group in ui.menu.groups.items():
            labels[index] = words.group_label(view, group)
        pitch = max(px(28), font(19).get_linesize() + px(6))
        per_column = min(len(labels), (self.layout.size[1] - px(20)) // pitch)
        columns = -(-len(labels) // per_column)
        column_w = max(font(19).size(label)[0] for label in labels) + px(16)
        width, height = column_w * columns + px(8), pitch * per_column + px(8)
        x, y = self.menu_place(view, ui, zones, width, height)
        box(surface, (x, y, width, height), (20, 22, 28), SELECTED, 2)
        for index, label in enumerate(labels):
            column, row = divmod(index, per_column)
            rect = (x + px(4) + column * column_w, y + px(4) + pitch * row, column_w - px(4), pitch - px(2))
            button(surface, rect, label, size=19)
            zones.append((rect, ("menu", index)))

    def menu_place(self, view: View, ui: UiState, zones: list[Zone], width: int, height: int) -> tuple[int, int]:
        """Where an action menu goes: beside the selected card (right, left, above, below), else beside the
        board or under it, never over a square or target the selection highlights; on screen."""
        assert ui.menu is not None
        ax, ay = ui.menu.anchor
        near: Rect = (ax, ay, 1, 1)
        keep_clear: list[Rect] = []
        if ui.selection is not None:
            card = view["cards"].get(ui.selection.ref, {})
            if card.get("pos") is not None and card.get("zone") == "board":
                near = self.layout.square_rect(*card["pos"])
            else:
                near = next((rect for rect, key in zones if key == ("card", ui.selection.ref)), near)
            keep_clear += [self.layout.square_rect(*square) for square in ui.selection.squares()]
            for ref in ui.selection.targets():
                target = view["cards"].get(ref, {})
                if target.get("pos") is not None:
                    keep_clear.append(self.layout.square_rect(*target["pos"]))
        nx, ny, nw, nh = near
        gap = self.layout.px(6)
        window_w, window_h = self.layout.size
        board_x, board_y, board_w, board_h = self.layout.board_rect()
        places = [(nx + nw + gap, ny), (nx - width - gap, ny), (nx, ny - height - gap), (nx, ny + nh + gap),
                  (board_x + board_w + gap, ny), (nx, board_y + board_h + gap)]
        fitted = [(max(4, min(x, window_w - 10 - width)), max(4, min(y, window_h - 10 - height)))
                  for x, y in places]
        for place in fitted:
            rect = (place[0], place[1], width, height)
            if not overlaps(rect, near) and not any(overlaps(rect, other) for other in keep_clear):
                return place
        for place in fitted:
            if not overlaps((place[0], place[1], width, height), near):
                return place
        return fitted[0]

    def choice_options(self, view: View, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The answers to the pending choice, as choose actions, in the order the dialog shows them."""
        pending = view["pending"]
        return [a for a in legal if a["act"] == "choose"] or [
            {"act": "choose", "option": option} for option in pending.get("options", [])
        ]

    def option_rects(self, view: View, option: Any, zones: list[Zone]) -> list[Rect]:
        """Where a choice's option is drawn: the card it names (its square on the board), or a square."""
        if isinstance(option, str) and option in view["cards"]:
            found = [rect for rect, key in zones if key == ("card", option)]
            return found[:1]
        if isinstance(option, list) and len(option) == 2 and all(isinstance(v, int) for v in option):
            return [self.layout.square_rect(option[0], option[1])]
        return []

    def draw_choice_dialog(
        self, surface: pygame.Surface, view: View, legal: list[dict[str, Any]], ui: UiState, zones: list[Zone]
    ) -> None:
        """The pending choice: the cards it names framed where they are, its prompt and one button per option.

        The dialog goes where it hides none of the cards it names; hovering an option fills its card.
        """
        px = self.layout.px
        pending = view["pending"]
        options = self.choice_options(view, legal)
        named = [self.option_rects(view, action["option"], zones) for action in options]
        for rects in named:
            for rect in rects:
                pygame.draw.rect(surface, CHOICE_HIGHLIGHT, rect, px(4))
        every_label = words.distinct_labels(view, options)
        buttons = [i for i, action in enumerate(options) if not is_square(action["option"])]
        labels = [every_label[i] for i in buttons]
        per_column = max(1, min(len(labels), 12))
        columns = max(1, -(-len(labels) // per_column))
        column_w = max([font(20).size(label)[0] + px(24) for label in labels] + [(px(460) - px(24)) // columns])
        source = view.get("pending_source")
        asker = f"{words.card_name(view, source)} asks {pending['player']}:" if source in view["cards"] else ""
        title = asker or f"{pending['player']}, choose:"
        width = min(self.layout.size[0] - px(40), max(column_w * columns, font(22, True).size(title)[0]) + px(24))
        prompt = [(line, INK) for line in wrap(pending.get("prompt", "Choose"), 22, width - px(24), True)]
        if any(named):
            hint = CLICK_FRAMED if labels else CLICK_SQUARE
            prompt += [(line, DIM) for line in wrap(hint, 22, width - px(24), True)]
        pitch = max(px(22), font(22, True).get_linesize())
        button_pitch = max(px(34), font(20).get_linesize() + px(12))
        height = px(50) + pitch * len(prompt) + button_pitch * (per_column if labels else 0)
        source_rects = self.option_rects(view, source, zones) if source in view["cards"] else []
        for rect in source_rects:
            pygame.draw.rect(surface, SOURCE_HIGHLIGHT, rect, px(4))
        played = self.last_played_square(view)
        keep_clear = [rect for rects in named for rect in rects] + source_rects + played
        x, y = self.dialog_place(width, height, keep_clear)
        box(surface, (x, y, width, height), (28, 30, 44), CHOICE_HIGHLIGHT, 3, px(8))
        title = fit_line(title, 22, width - px(24), True)
        text(surface, title, (x + px(12), y + px(8)), 22, CHOICE_HIGHLIGHT, True)
        for row, (line, color) in enumerate(prompt):
            text(surface, line, (x + px(12), y + px(8) + pitch * (row + 1)), 22, color, True)
        top = y + px(16) + pitch * (len(prompt) + 1)
        for place, (index, label) in enumerate(zip(buttons, labels, strict=True)):
            column, row = divmod(place, per_column)
            rect = (x + px(12) + column * column_w, top + button_pitch * row, column_w - px(6), button_pitch - px(4))
            button(surface, rect, label, size=20)
            zones.append((rect, ("choose", index)))
            if inside(rect, ui.mouse):
                for named_rect in named[index]:
                    overlay = pygame.Surface(named_rect[2:], pygame.SRCALPHA)
                    overlay.fill((*CHOICE_HIGHLIGHT, 90))
                    surface.blit(overlay, named_rect[:2])

    def last_played_square(self, view: View) -> list[Rect]:
        """The square of the last card played to the board, kept clear by dialogs."""
        for entry in reversed(view.get("log", [])):
            if entry.get("type") in ("CardPlayed", "PlayedFromStasis"):
                to = entry.get("to")
                return [self.layout.square_rect(to[0], to[1])] if isinstance(to, list) and len(to) == 2 else []
        return []

    def dialog_place(self, width: int, height: int, keep_clear: list[Rect]) -> tuple[int, int]:
        """Where a dialog goes: over the top of the board, its bottom, or the right side, whichever hides
        none of keep_clear (the first when all of them hide something)."""
        px = self.layout.px
        board_x, board_y, board_w, board_h = self.layout.board_rect()
        window_w, window_h = self.layout.size
        centred = board_x + max(0, (board_w - width) // 2)
        places = [
            (centred, board_y + px(20)),
            (centred, board_y + board_h - height - px(10)),
            (window_w - width - px(10), board_y + px(20)),
            (board_x, window_h - height - px(10)),
            (board_x + board_w + px(10), board_y + px(20)),
            (board_x, board_y + px(20)),
            (board_x + board_w - width, board_y + board_h - height - px(10)),
        ]
        for place in places:
            rect = (place[0], max(4, place[1]), width, height)
            if not any(overlaps(rect, other) for other in keep_clear):
                return rect[0], rect[1]
        return places[0][0], max(4, places[0][1])

    def draw_tooltip(self, surface: pygame.Surface, lines: list[str], at: tuple[int, int]) -> Rect:
        """A box of wrapped text near the mouse, kept on screen (the box is drawn once per text)."""
        box_picture = self.tooltip_picture(lines)
        width, height = box_picture.get_size()
        window_w, window_h = self.layout.size
        x = min(at[0] + 16, window_w - width - 4)
        y = min(at[1] + 16, window_h - height - 4)
        if at[1] + 16 + height > window_h and at[1] - height - 8 >= 0:
            y = at[1] - height - 8
        surface.blit(box_picture, (x, y))
        return (x, y, width, height)

    def tooltip_picture(self, lines: list[str]) -> pygame.Surface:
        """The tooltip box of these lines (cached while the same lines show)."""
        key = (*lines, str(self.layout.unit))
        if self.tooltip_cache is not None and self.tooltip_cache[0] == key:
            return self.tooltip_cache[1]
        px = self.layout.px
        width = px(380)
        wrapped: list[tuple[str, bool]] = []
        for index, line in enumerate(lines):
            bold = index == 0 or line.startswith("Rule ")
            wrapped.extend((part, bold) for part in wrap(line, 18, width - px(16), bold))
        pitch = font(18).get_linesize()
        height = pitch * len(wrapped) + px(12)
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        box(picture, (0, 0, width, height), (250, 248, 225), BLACK, 2)
        for row, (line, bold) in enumerate(wrapped):
            text(picture, line, (px(8), px(6) + pitch * row), 18, (20, 20, 20), bold)
        self.tooltip_cache = (key, picture)
        return picture
