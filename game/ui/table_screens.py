"""The screens of a game: the pass screen, the table with its rules and legend (its menu and choice dialog are
`action_menu` and `choice_dialog`), game over with its final board, and a game being watched again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import labels, log_words, screens, words
from game.ui.action_menu import ActionMenu
from game.ui.choice_dialog import ChoiceDialog, waits_for
from game.ui.counted import counted_lines
from game.ui.draw import Zone, player_color
from game.ui.guide import draw_hint
from game.ui.legend import draw_legend
from game.ui.reasons import why_not
from game.ui.recap import draw_moved, draw_recap
from game.ui.renderer import Renderer
from game.ui.rules_overlay import WHEEL_LINES, draw_rules, scrolled
from game.ui.screen import Overlay, Screen, put_over, take_out
from game.ui.session import CRASHED
from game.ui.setup_screens import NewGame
from game.ui.state import Menu, UiState
from game.ui.tooltips import with_tooltip
from game.ui.undo import NOTHING_TO_REDO, NOTHING_YET, button_tip

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.replay_view import ReplayView


def scroll_log(app: App, amount: int) -> None:
    """The wheel scrolls the game's log (three lines a notch)."""
    if app.play is not None:
        app.play.scroll_log(amount * 3)


def tooltip_lines(app: App, view: dict[str, Any], key: tuple[Any, ...] | None) -> list[str]:
    """What hovering the thing under the mouse explains."""
    if key is None:
        return []
    if key[0] == "card":
        lines = words.card_tooltip(view, key[1])
        after_text = 3 if view["cards"][key[1]].get("text") else 2
        lines[after_text:after_text] = counted_lines(app.game, key[1])
        hand = view["players"].get(app.ui.viewer, {}).get("hand", [])
        _, legal = app.snapshot()
        if key[1] in hand and not any(a.get("card") == key[1] for a in legal) and app.game is not None:
            lines.insert(1, "Can't play it now: " + why_not(app.game, view, key[1], app.ui.viewer or ""))
        return lines
    if key[0] == "goal":
        return words.SCORING[:]
    if key[0] == "plays":
        return words.plays_tooltip(view, key[1])
    if key[0] in ("status", "stun_counters", "stasis_counters", "cubes", "evasion", "negation"):
        return words.marker_tooltip(view, key)
    if key[0] == "player":
        return words.player_tooltip(view, key[1])
    if key == ("button", "end_turn") and view["active"] == app.ui.viewer:
        lost = words.discarded_at_end(view, view["active"])
        return words.end_turn_warning(view, lost)[1:] if lost else []
    if key[0] == "button" and app.play is not None:
        return button_tip(app.play.undo, key[1])
    return []


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
        summary = log_words.turn_summary(view, viewer)
        zones = screens.draw_pass(surface, viewer, player_color(order, viewer), summary)
        crashed = app.ui.banner if app.ui.banner.startswith(CRASHED) else ""
        if app.save_failure or crashed:
            message = app.save_failure or crashed
            screens.draw_strip(surface, message, app.ui.banner_is_error or message == app.save_failure)
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
        elif app.game is not None and not app.seats.to_act(app.game):
            assert app.play is not None
            self.request(app, app.play.click(app.zones, point))
            app.after_action()

    def key(self, app: App, event: pygame.event.Event) -> None:
        """F (bot pace), L (the legend), or a key of the play input."""
        if self.bot_key(app, event):
            return
        if event.key == pygame.K_l:
            app.push(Legend(app.top))
            return
        self.play_key(app, event)

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the log."""
        scroll_log(app, amount)

    def play_key(self, app: App, event: pygame.event.Event) -> None:
        """A key for the play input (select, end the turn, undo, open the rules...)."""
        assert app.play is not None
        self.request(app, app.play.key(event))
        app.after_action()

    def request(self, app: App, what: str | Menu | None) -> None:
        """Requests coming back from the play input: open a menu, the rules or the legend, save, undo."""
        if isinstance(what, Menu):
            app.push(ActionMenu(app.top, what))
        elif what == "rules":
            app.ui.rules_scroll = 0
            app.rules.open(app.tooltip + app.inspect_lines)
            app.push(Rules(app.top))
        elif what == "legend" and not app.ui.legend_open:
            app.push(Legend(app.top))
        elif what == "save":
            app.save_now()
        elif what == "undo":
            self.undo(app)
        elif what == "redo":
            self.redo(app)

    def undo(self, app: App) -> None:
        """Ctrl+Z or the Undo button: rebuild the game as it was before the active player's last action.

        The App and the play input then point at the rebuilt game, and the old one's world is freed.
        """
        assert app.game is not None and app.play is not None
        step = app.play.undo.take_back()
        if step is None:
            app.ui.banner, app.ui.banner_is_error = app.play.undo.refusal, True
            return
        app.ui.clear_selection()
        old = app.game
        try:
            rebuilt = type(old).from_state(step.state)
        except (ValueError, KeyError, TypeError) as err:
            app.play.undo.forget(f"Can't undo: the undo history kept in the save is damaged ({err}).")
            app.ui.banner, app.ui.banner_is_error = app.play.undo.refusal, True
            return
        app.game = app.play.game = rebuilt
        old.close()
        app.renderer, app.cached = Renderer(app.layout), None
        view, _ = app.snapshot()
        app.log_seen = len(view["log"])
        app.ui.banner, app.ui.banner_is_error = labels.undone(view, step.action), False

    def redo(self, app: App) -> None:
        """Ctrl+Y: do again the action the last undo took back (the game is exactly as it was before it)."""
        assert app.play is not None
        step = app.play.undo.to_redo()
        if step is None:
            app.ui.banner, app.ui.banner_is_error = NOTHING_TO_REDO, True
            return
        view, _ = app.snapshot()
        if app.play.perform(step.action):
            app.ui.banner, app.ui.banner_is_error = f"Redid: {labels.action_label(view, step.action)}", False

    def update(self, app: App) -> None:
        """Time passing: a bot that must act takes one action (`play_a_bot`), then the choice dialog follows the
        game (`settle`)."""
        if app.game is None:
            return
        self.play_a_bot(app)
        self.settle(app)

    def settle(self, app: App) -> None:
        """The choice dialog lies right over the table while a choice waits for the player at the device, and only
        then (whatever else is open stays over it)."""
        if self not in app.stack:
            return
        view, _ = app.snapshot()
        dialog = next((screen for screen in app.stack if isinstance(screen, ChoiceDialog)), None)
        if dialog is None and waits_for(view, app.ui.viewer):
            put_over(app.stack, self, ChoiceDialog(self))
        elif dialog is not None and not waits_for(view, app.ui.viewer):
            take_out(app.stack, dialog)

    def play_a_bot(self, app: App) -> None:
        """A bot that must act takes one action once its pause is over. When that hands the turn to the person at
        the table (no pass screen), they get the recap of the turns they watched."""
        assert app.game is not None
        seen = app.log_seen
        if app.seats.play_one(app.game, app.clock()) is not None:
            assert app.play is not None
            app.play.undo.forget(NOTHING_YET)
            app.ui.clear_selection()
            app.ui.banner, app.ui.banner_is_error = self.bot_banner(app), False
            app.after_action(by_bot=True)
            view, _ = app.snapshot()
            viewer = app.ui.viewer
            turned = any(e.get("type") == "TurnStarted" and e.get("player") == viewer for e in view["log"][seen:])
            if isinstance(app.base, Table) and viewer is not None and turned:
                app.recap = log_words.turn_summary(view, viewer)
            if app.seats.to_act(app.game) is None:  # the person's turn: the bot's last words go
                app.ui.banner = ""

    def bot_banner(self, app: App) -> str:
        """The pace bots play at (F changes it), then the bot's last action."""
        pace = "Bots fast (F: slower)" if app.seats.fast else "Bots (F: faster)"
        return f"{pace} · {app.seats.last}" if app.seats.last else pace

    def bot_key(self, app: App, event: pygame.event.Event) -> bool:
        """F speeds bots up (or back to a readable pace); while a bot acts, other keys but F1 do nothing."""
        if event.key == pygame.K_f:
            app.seats.toggle_fast(app.clock())
            app.ui.banner = self.bot_banner(app)
            app.ui.banner_is_error = False
            return True
        assert app.game is not None
        return bool(app.seats.to_act(app.game)) and event.key != pygame.K_F1

    def draw_inspected(self, app: App, surface: pygame.Surface, view: dict[str, Any], zones: list[Zone]) -> None:
        """The details of an enemy or neutral card the player clicked, framed and pinned beside it."""
        ref = app.ui.inspected
        app.inspect_lines = []
        if ref is None or ref not in view["cards"]:
            return
        rects = [rect for rect, key in zones if key == ("card", ref)]
        if not rects:
            return
        pygame.draw.rect(surface, (255, 255, 255), rects[-1], 3)
        app.inspect_lines = words.short_tooltip(words.card_tooltip(view, ref), False)
        x, y, w, h = rects[-1]
        app.renderer.draw_tooltip(surface, app.inspect_lines, (x + w - 12, y - 12))

    def show_a_refusal(self, app: App) -> None:
        """Click the first card of the player at the device that can do nothing now, as a player would, so
        that the engine's reason shows (used by `--screen refusal`)."""
        assert app.game is not None and app.play is not None
        view, legal = app.snapshot()
        viewer = app.ui.viewer or view["active"]
        busy = {a.get("card") for a in legal}
        mine = list(view["players"][viewer]["hand"]) + [
            ref for ref, card in view["cards"].items() if card.get("controller") == viewer and card["zone"] == "board"
        ]
        for ref in mine:
            if ref not in busy:
                self.request(app, app.play.select(view, ref, (0, 0)))
                return

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
        """The table, with what lies on it."""
        return self.dress(app, surface, self.backdrop(app, surface))

    def dress(self, app: App, surface: pygame.Surface, zones: list[Zone]) -> list[Zone]:
        """What lies on the table and on its menu or dialog: the marks of bots' moves, the recap, a hint, what
        floats, the pinned card, and a tooltip."""
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
        self.draw_inspected(app, surface, view, zones)
        return with_tooltip(app, surface, zones, lambda key: tooltip_lines(app, view, key), enlarge=True)


class Legend(Overlay):
    """What the marks and frames of the table mean, over the table and what is open on it; L, Esc or a click
    closes it (other keys still play)."""

    name = "legend"

    @property
    def table(self) -> Table:
        """The table beneath."""
        table = self.ground
        assert isinstance(table, Table)
        return table

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """Any click closes the legend."""
        app.pop()

    def key(self, app: App, event: pygame.event.Event) -> None:
        """F (bot pace), L or Esc (closes it), or a key of the play input."""
        if self.table.bot_key(app, event):
            return
        if event.key in (pygame.K_l, pygame.K_ESCAPE):
            app.pop()
            return
        self.table.play_key(app, event)

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the log beneath."""
        scroll_log(app, amount)

    def backdrop(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The table without the legend (the rules opened over the legend hide it)."""
        return self.below.backdrop(app, surface)

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The legend over the table."""
        return self.below.backdrop(app, surface) + draw_legend(surface)


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
            screens.draw_strip(surface, app.ui.banner, app.ui.banner_is_error or app.ui.banner == app.save_failure)
        return with_tooltip(app, surface, zones, lambda key: words.score_tooltip(view, key))


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
        return with_tooltip(app, surface, zones, lambda key: tooltip_lines(app, view, key))


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

