"""The action menu: the lines a click on the table left to choose from, drawn beside the selected card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import labels
from game.ui.draw import SELECTED, Rect, Zone, box, button, font
from game.ui.layout import Layout, overlaps
from game.ui.screen import OnTable, Screen
from game.ui.state import Menu, UiState

if TYPE_CHECKING:
    from game.ui.app import App

View = dict[str, Any]


class ActionMenu(OnTable):
    """A menu over the table: a click on a line does its action, or lights its actions up on the board to pick
    one (or opens their own menu); any other click closes it and goes to the table."""

    name = "menu"

    def __init__(self, below: Screen, menu: Menu) -> None:
        super().__init__(below)
        self.menu = menu

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """A line of the menu (unless a bot is acting), or a click for the table beneath."""
        if key is None or key[0] != "menu" or app.game is None or app.seats.to_act(app.game):
            self.below.click(app, key, point)
            return
        self.choose_line(app, key[1])
        app.after_action()

    def choose_line(self, app: App, index: int) -> None:
        """A line's action, or its actions lit up on the board to pick one (a menu of them when the board can't
        show them)."""
        play = app.play
        assert play is not None
        group = self.menu.groups.get(index)
        if group is None:
            play.perform(self.menu.actions[index])
            return
        selection = app.ui.selection
        if not play.narrow(play.seen(), selection.ref if selection else str(group[0].get("card")), group):
            self.menu = Menu(group, self.menu.anchor)

    def draw_on(self, app: App, surface: pygame.Surface, zones: list[Zone]) -> list[Zone]:
        """The menu, beside the selected card."""
        view, _ = app.snapshot()
        return draw_menu(surface, app.renderer.layout, view, app.ui, self.menu, zones)


def draw_menu(
    surface: pygame.Surface, layout: Layout, view: View, ui: UiState, menu: Menu, zones: list[Zone]
) -> list[Zone]:
    """A popup list of actions to choose from (in several columns when it is too long for the screen); returns
    a zone per line."""
    px = layout.px
    lines = labels.distinct_labels(view, menu.actions)
    for index, group in menu.groups.items():
        lines[index] = labels.group_label(view, group)
    pitch = max(px(28), font(19).get_linesize() + px(6))
    per_column = min(len(lines), (layout.size[1] - px(20)) // pitch)
    columns = -(-len(lines) // per_column)
    column_w = max(font(19).size(line)[0] for line in lines) + px(16)
    width, height = column_w * columns + px(8), pitch * per_column + px(8)
    x, y = menu_place(layout, view, ui, menu, zones, width, height)
    box(surface, (x, y, width, height), (20, 22, 28), SELECTED, 2)
    drawn: list[Zone] = []
    for index, line in enumerate(lines):
        column, row = divmod(index, per_column)
        rect = (x + px(4) + column * column_w, y + px(4) + pitch * row, column_w - px(4), pitch - px(2))
        button(surface, rect, line, size=19)
        drawn.append((rect, ("menu", index)))
    return drawn


def menu_place(
    layout: Layout, view: View, ui: UiState, menu: Menu, zones: list[Zone], width: int, height: int
) -> tuple[int, int]:
    """Where an action menu goes: beside the selected card (right, left, above, below), else beside the
    board or under it, never over a square or target the selection highlights; on screen."""
    ax, ay = menu.anchor
    near: Rect = (ax, ay, 1, 1)
    keep_clear: list[Rect] = []
    if ui.selection is not None:
        card = view["cards"].get(ui.selection.ref, {})
        if card.get("pos") is not None and card.get("zone") == "board":
            near = layout.square_rect(*card["pos"])
        else:
            near = next((rect for rect, key in zones if key == ("card", ui.selection.ref)), near)
        keep_clear += [layout.square_rect(*square) for square in ui.selection.squares()]
        for ref in ui.selection.targets():
            target = view["cards"].get(ref, {})
            if target.get("pos") is not None:
                keep_clear.append(layout.square_rect(*target["pos"]))
    nx, ny, nw, nh = near
    gap = layout.px(6)
    window_w, window_h = layout.size
    board_x, board_y, board_w, board_h = layout.board_rect()
    places = [(nx + nw + gap, ny), (nx - width - gap, ny), (nx, ny - height - gap), (nx, ny + nh + gap),
              (board_x + board_w + gap, ny), (nx, board_y + board_h + gap)]
    fitted = [(max(4, min(x, window_w - 10 - width)), max(4, min(y, window_h - 10 - height))) for x, y in places]
    for place in fitted:
        rect = (place[0], place[1], width, height)
        if not overlaps(rect, near) and not any(overlaps(rect, other) for other in keep_clear):
            return place
    for place in fitted:
        if not overlaps((place[0], place[1], width, height), near):
            return place
    return fitted[0]
