"""The choice dialog: a pending choice's prompt and one button per answer, placed where it hides none of the cards
it names (they are framed on the board and can be clicked too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import labels
from game.ui.draw import CHOICE_HIGHLIGHT, DIM, INK, Color, Rect, Zone, box, button, fit_line, font, text, wrap
from game.ui.layout import Layout, inside, overlaps
from game.ui.screen import OnTable

if TYPE_CHECKING:
    from game.ui.app import App

View = dict[str, Any]

SOURCE_HIGHLIGHT: Color = (120, 230, 255)
CLICK_FRAMED = "Click a button below, or a card or square framed in orange."
CLICK_SQUARE = "Click a square framed in orange on the board."


def waits_for(view: View, viewer: str | None) -> bool:
    """Whether a choice waits for the player at the device."""
    pending = view.get("pending")
    return pending is not None and pending.get("player") == viewer


class ChoiceDialog(OnTable):
    """A pending choice over the table, shown while it waits for the player at the device: a button answers it;
    other clicks go to the table (where a framed card or square answers it too)."""

    name = "choice"

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """A button answers the choice (unless a bot is acting); any other click is the table's."""
        if key is None or key[0] != "choose" or app.game is None or app.seats.to_act(app.game):
            self.below.click(app, key, point)
            return
        assert app.play is not None
        app.play.perform(choice_options(app.game.view(), app.game.legal_actions())[key[1]])
        app.after_action()

    def draw_on(self, app: App, surface: pygame.Surface, zones: list[Zone]) -> list[Zone]:
        """The dialog, with the cards it names framed."""
        view, legal = app.snapshot()
        return draw_choice_dialog(surface, app.renderer.layout, view, legal, app.ui.mouse, zones)


def is_square(option: Any) -> bool:
    """Whether a choice's option is a board square (picked by clicking it, never named in a button)."""
    return isinstance(option, list) and len(option) == 2 and all(isinstance(v, int) for v in option)


def choice_options(view: View, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The answers to the pending choice, as choose actions, in the order the dialog shows them."""
    pending = view["pending"]
    return [a for a in legal if a["act"] == "choose"] or [
        {"act": "choose", "option": option} for option in pending.get("options", [])
    ]


def option_rects(layout: Layout, view: View, option: Any, zones: list[Zone]) -> list[Rect]:
    """Where a choice's option is drawn: the card it names (its square on the board), or a square."""
    if isinstance(option, str) and option in view["cards"]:
        found = [rect for rect, key in zones if key == ("card", option)]
        return found[:1]
    if is_square(option):
        return [layout.square_rect(option[0], option[1])]
    return []


def draw_choice_dialog(
    surface: pygame.Surface, layout: Layout, view: View, legal: list[dict[str, Any]], mouse: tuple[int, int],
    zones: list[Zone],
) -> list[Zone]:
    """The pending choice: the cards it names framed where they are, its prompt and one button per option;
    returns a zone per button.

    The dialog goes where it hides none of the cards it names; hovering an option fills its card.
    """
    px = layout.px
    pending = view["pending"]
    options = choice_options(view, legal)
    named = [option_rects(layout, view, action["option"], zones) for action in options]
    for rects in named:
        for rect in rects:
            pygame.draw.rect(surface, CHOICE_HIGHLIGHT, rect, px(4))
    every_label = labels.distinct_labels(view, options)
    buttons = [i for i, action in enumerate(options) if not is_square(action["option"])]
    captions = [every_label[i] for i in buttons]
    per_column = max(1, min(len(captions), 12))
    columns = max(1, -(-len(captions) // per_column))
    column_w = max([font(20).size(caption)[0] + px(24) for caption in captions] + [(px(460) - px(24)) // columns])
    source = view.get("pending_source")
    asker = f"{labels.card_name(view, source)} asks {pending['player']}:" if source in view["cards"] else ""
    title = asker or f"{pending['player']}, choose:"
    width = min(layout.size[0] - px(40), max(column_w * columns, font(22, True).size(title)[0]) + px(24))
    prompt = [(line, INK) for line in wrap(pending.get("prompt", "Choose"), 22, width - px(24), True)]
    if any(named):
        hint = CLICK_FRAMED if captions else CLICK_SQUARE
        prompt += [(line, DIM) for line in wrap(hint, 22, width - px(24), True)]
    pitch = max(px(22), font(22, True).get_linesize())
    button_pitch = max(px(34), font(20).get_linesize() + px(12))
    height = px(50) + pitch * len(prompt) + button_pitch * (per_column if captions else 0)
    source_rects = option_rects(layout, view, source, zones) if source in view["cards"] else []
    for rect in source_rects:
        pygame.draw.rect(surface, SOURCE_HIGHLIGHT, rect, px(4))
    keep_clear = [rect for rects in named for rect in rects] + source_rects + last_played_square(layout, view)
    x, y = dialog_place(layout, width, height, keep_clear)
    box(surface, (x, y, width, height), (28, 30, 44), CHOICE_HIGHLIGHT, 3, px(8))
    title = fit_line(title, 22, width - px(24), True)
    text(surface, title, (x + px(12), y + px(8)), 22, CHOICE_HIGHLIGHT, True)
    for row, (line, color) in enumerate(prompt):
        text(surface, line, (x + px(12), y + px(8) + pitch * (row + 1)), 22, color, True)
    top = y + px(16) + pitch * (len(prompt) + 1)
    drawn: list[Zone] = []
    for place, (index, caption) in enumerate(zip(buttons, captions, strict=True)):
        column, row = divmod(place, per_column)
        rect = (x + px(12) + column * column_w, top + button_pitch * row, column_w - px(6), button_pitch - px(4))
        button(surface, rect, caption, size=20)
        drawn.append((rect, ("choose", index)))
        if inside(rect, mouse):
            for named_rect in named[index]:
                overlay = pygame.Surface(named_rect[2:], pygame.SRCALPHA)
                overlay.fill((*CHOICE_HIGHLIGHT, 90))
                surface.blit(overlay, named_rect[:2])
    return drawn


def last_played_square(layout: Layout, view: View) -> list[Rect]:
    """The square of the last card played to the board, kept clear by dialogs."""
    for entry in reversed(view.get("log", [])):
        if entry.get("type") in ("CardPlayed", "PlayedFromStasis"):
            to = entry.get("to")
            return [layout.square_rect(to[0], to[1])] if isinstance(to, list) and len(to) == 2 else []
    return []


def dialog_place(layout: Layout, width: int, height: int, keep_clear: list[Rect]) -> tuple[int, int]:
    """Where a dialog goes: over the top of the board, its bottom, or the right side, whichever hides
    none of keep_clear (the first when all of them hide something)."""
    px = layout.px
    board_x, board_y, board_w, board_h = layout.board_rect()
    window_w, window_h = layout.size
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
