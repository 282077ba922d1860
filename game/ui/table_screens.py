"""The screens of a game: the pass screen, the table with its rules and legend, game over with its final board,
and a game being watched again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import screens, words
from game.ui.draw import Zone, player_color
from game.ui.guide import draw_hint
from game.ui.recap import draw_moved, draw_recap
from game.ui.rules_overlay import WHEEL_LINES, draw_rules, scrolled
from game.ui.screen import Overlay, Screen
from game.ui.session import CRASHED
from game.ui.setup_screens import NewGame
from game.ui.state import UiState

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.replay_view import ReplayView


def scroll_log(app: App, amount: int) -> None:
    """The wheel scrolls the game's log (three lines a notch)."""
    if app.play is not None:
        app.play.scroll_log(amount * 3)


class Pass(Screen):
    """The privacy screen: whose turn it is and what happened since theirs; a click, Space or Enter shows the
    table to them."""

    name = "pass"
    holds_game = True

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """Any click shows the table."""
        app.reveal()

    def key(self, app: App, event: pygame.event.Event) -> None:
        """Space or Enter shows the table."""
        if event.key in (pygame.K_SPACE, pygame.K_RETURN):
            app.reveal()

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the (hidden) log."""
        scroll_log(app, amount)

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """Who takes the device, the summary of their last turn since, and a failed save or a crash below."""
        view, _ = app.snapshot()
        order = list(view.get("players_order") or view["players"])
        viewer = app.ui.viewer or ""
        summary = words.turn_summary(view, viewer)
        zones = screens.draw_pass(surface, viewer, player_color(order, viewer), summary)
        crashed = app.ui.banner if app.ui.banner.startswith(CRASHED) else ""
        if app.save_failure or crashed:
            app.draw_strip(surface, app.save_failure or crashed)
        return zones


class Table(Screen):
    """The play screen: the board, hands, log and buttons of the player at the device, with the recap of bot
    turns, the first-game hints, what floats and the card pinned by a click."""

    name = "play"
    holds_game = True
    acts = True

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """A hint's close box, the recap (closes it), or the table itself while no bot is acting."""
        if key is not None and key[0] == "guide":
            app.guide.close(key[1])
        elif key == ("recap",):
            app.recap = []
        elif not app.seats.to_act(app.play_game()):
            assert app.play is not None
            app.request(app.play.click(app.zones, point))
            app.after_action()

    def key(self, app: App, event: pygame.event.Event) -> None:
        """F (bot pace), L (the legend), or a key of the play input."""
        if app.bot_key(event):
            return
        if event.key == pygame.K_l:
            app.push(Legend(self))
            return
        app.play_key(event)

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the log."""
        scroll_log(app, amount)

    def update(self, app: App) -> None:
        """A bot that must act takes one action once its pause is over."""
        app.drive_bots()

    def shown(self, app: App) -> dict[str, Any]:
        """The view of the player at the device."""
        assert app.game is not None
        return app.game.view(app.ui.viewer) if app.ui.viewer is not None else app.game.public_view()

    def backdrop(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The table alone (under an overlay)."""
        assert app.play is not None
        view, legal = app.snapshot()
        undo = app.play.undo
        return app.renderer.draw(surface, view, legal, app.ui, undo.possible(), undo.to_redo() is not None)

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The table, with what lies on it (moved marks, recap, hint, motion, the pinned card) and a tooltip."""
        zones = self.backdrop(app, surface)
        view, _ = app.snapshot()
        if app.seats.moved:
            draw_moved(surface, zones, app.seats.moved)
        hint = app.guide.showing(view, app.ui.viewer, bool(app.recap))
        if app.recap:
            log, dice = app.layout.log, app.layout.dice
            bottom = dice[1] - app.layout.px(4) if hint else dice[1] + dice[3]
            zones += draw_recap(surface, (log[0], log[1], log[2], bottom - log[1]), app.recap)
        if hint is not None:
            zones += draw_hint(surface, app.layout.dice, hint)
        app.draw_motion(surface, zones)
        app.draw_inspected(surface, view, zones)
        return app.with_tooltip(surface, zones, lambda key: app.tooltip_lines(view, key), enlarge=True)


class Legend(Overlay):
    """What the marks and frames of the table mean; L, Esc or a click closes it (other keys still play)."""

    name = "legend"
    below: Table

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """Any click closes the legend."""
        app.pop()

    def key(self, app: App, event: pygame.event.Event) -> None:
        """F (bot pace), L or Esc (closes it), or a key of the play input."""
        if app.bot_key(event):
            return
        if event.key in (pygame.K_l, pygame.K_ESCAPE):
            app.pop()
            return
        app.play_key(event)

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the log beneath."""
        scroll_log(app, amount)

    def backdrop(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The table alone (the rules opened over the legend hide it)."""
        return self.below.backdrop(app, surface)

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The legend over the table."""
        return self.below.backdrop(app, surface) + screens.draw_legend(surface)


class Rules(Overlay):
    """The rules over the table, opened on the rules of what was under the pointer; its search box takes every
    letter. Bots wait while it shows."""

    name = "rules"

    def __init__(self, below: Screen) -> None:
        super().__init__(below)
        self.max_scroll = 0
        self.page = 1

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """Close (or a click outside) closes it; a section tab scrolls to that section."""
        if key is None or key == ("button", "close_rules"):
            app.pop()
        elif key[0] == "rules_section":
            app.ui.rules_scroll = min(app.rules.sections.get(key[1], 0), self.max_scroll)

    def key(self, app: App, event: pygame.event.Event) -> None:
        """Scrolling keys scroll, anything else goes to the search box (Esc closes)."""
        moved = scrolled(app.ui.rules_scroll, event.key, self.page, self.max_scroll)
        if moved is not None:
            app.ui.rules_scroll = moved
        elif app.rules.type(event):
            app.pop()
        else:
            app.ui.rules_scroll = 0

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the rules."""
        app.ui.rules_scroll = max(0, min(app.ui.rules_scroll - amount * WHEEL_LINES, self.max_scroll))

    def update(self, app: App) -> None:
        """Bots wait while the rules are read."""

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The rules over the table."""
        zones = self.below.backdrop(app, surface)
        rule_zones, self.max_scroll, self.page = draw_rules(surface, app.rules, app.ui.rules_scroll)
        return zones + rule_zones


class GameOver(Screen):
    """The scores and how they were made; New game, the final board and Watch this game."""

    name = "over"

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """New game, the final board, or watching this game again."""
        if key == ("button", "new_game"):
            app.game, app.play = None, None
            app.ui.banner, app.shelf = "", False
            app.show(NewGame())
        elif key == ("button", "final_board"):
            app.push(FinalBoard(self))
        elif key == ("button", "watch"):
            app.watch_this_game()

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the log (of the final board)."""
        scroll_log(app, amount)

    def shown(self, app: App) -> dict[str, Any]:
        """The whole state: every card shows once the game is over, and the scores count every hand and deck."""
        assert app.game is not None
        return app.game.view()

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The scores, a message along the bottom, and the tooltip of a row."""
        view, _ = app.snapshot()
        zones = screens.draw_game_over(surface, view)
        if app.ui.banner:
            app.draw_strip(surface, app.ui.banner)
        return app.with_tooltip(surface, zones, lambda key: words.score_tooltip(view, key))


class FinalBoard(Overlay):
    """The table as the game ended, every card shown, with the game-over bar (Scores goes back)."""

    name = "final_board"
    below: GameOver

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the log."""
        scroll_log(app, amount)

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """Scores goes back; the bar's other buttons are the game-over screen's."""
        if key == ("button", "scores"):
            app.pop()
        elif key != ("button", "final_board"):
            self.below.click(app, key, point)

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The board from the first seat's side, its buttons replaced by the bar, and a tooltip."""
        view, _ = app.snapshot()
        order = list(view.get("players_order") or view["players"])
        final = UiState(viewer=order[0], log_scroll=app.ui.log_scroll)
        board = app.renderer.draw(surface, view, [], final)
        app.ui.log_scroll = final.log_scroll  # kept within the log by the drawing
        board = [zone for zone in board if zone[1][0] != "button"]
        zones = board + screens.draw_final_board_bar(surface, view)
        return app.with_tooltip(surface, zones, lambda key: app.tooltip_lines(view, key))


class Watching(Overlay):
    """A game watched again (the replay view) in this window, over the screen it was opened from; it has the
    events, and Esc comes back."""

    name = "watch"

    def __init__(self, below: Screen, replay: ReplayView) -> None:
        super().__init__(below)
        self.replay = replay

    def step(self, app: App, events: list[pygame.event.Event]) -> None:
        """One frame of the game being watched; closing the window closes it all, Esc comes back."""
        replay = self.replay
        if not app.guarded(replay.step, events):
            app.pop()
            app.guarded(app.draw)
            return
        if any(event.type == pygame.QUIT for event in events):
            app.running = False
        elif app.top is self and not replay.running:  # not continued from a step: Esc came back
            size = replay.window.get_size()
            app.pop()
            if size != app.window.get_size():  # the watched game's window was resized
                app.resize(*size)
            app.draw()

    def update(self, app: App) -> None:
        """The screen beneath waits."""

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The screen beneath (the replay draws in its own window)."""
        return self.below.draw(app, surface)

