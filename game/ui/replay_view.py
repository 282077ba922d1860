"""The replay view: a kept game's timeline, stepped by keys, a slider and a play button; fork or export any step
(drawn into a window it is given: `replay_app` opens one for `countertop replay`, the play window hosts one to
watch a game again)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.engine import Game
from game.tools.replay import Timeline
from game.ui.draw import BUTTON_HOT, DIM, INK, PANEL, PANEL_EDGE, Zone, box, button, fit_line, font, set_unit, text
from game.ui.input import zone_at
from game.ui.layout import Layout, clamp_size
from game.ui.renderer import Renderer
from game.ui.state import UiState

SPEEDS = (1.0, 2.0, 4.0, 8.0, 16.0)
SECRET = ("This game is still being played: it is shown as the pass screen shows it, every hand hidden "
          "(C plays on from here; hands show once it is over)")
SECRET_EXPORT = "Can't export: this game is still being played, and a scenario would hold every hand and deck"


class ReplayRenderer(Renderer):
    """The play screen's renderer with the replay's keys as the top bar's hint."""

    def hint(self, view: dict[str, Any], ui: UiState) -> str:
        return "Replay: ← → a command, PgUp PgDn a turn, Space plays, V view, C continue, X export, Esc closes"


class Steppable(Protocol):
    """What takes over the window when play continues from a step (the hot-seat `App`)."""

    def step(self, events: list[pygame.event.Event] | None = None) -> bool: ...


class ReplayView:
    """Steps through a timeline; `step()` handles events and draws a frame, `advance_time` plays it on.

    The board, players, log (its newest line is the step's last event) and dice panel are the play
    screen's, drawn from the state at the step. "Continue from here" hands the window to `go_on` (a hot-seat
    game on a copy of that state); "export" writes the step as a scenario into `scenarios`. A save of a game still
    being played (`secret`) shows only what its pass screen would, at every step: no hand, no export.
    """

    def __init__(self, timeline: Timeline, step: int, window: pygame.Surface, name: str,
                 go_on: Callable[[Game, pygame.Surface], Steppable], scenarios: Path) -> None:
        self.window = window
        self.go_on = go_on
        self.scenarios = scenarios
        self.layout = Layout.for_window(*self.window.get_size())
        self.timeline = timeline
        self.secret = timeline.in_progress
        self.name = Path(name).stem
        self.renderer = ReplayRenderer(self.layout)
        self.ui = UiState()
        self.zones: list[Zone] = []
        self.viewer: str | None = None
        self.playing = False
        self.dragging = False
        self.speed = 0
        self.clock = 0.0
        self.running = True
        self.banner = ""
        self.app: Steppable | None = None
        self.exported: list[str] = []
        self.at = -1
        self.game: Game | None = None
        self.view: dict[str, Any] = {}
        self.go(step)

    # ----- the timeline ----------------------------------------------------------------------------------

    def go(self, step: int) -> None:
        """Show a step (clamped to the game); one step forward reuses the game, any other move rebuilds it."""
        step = max(0, min(step, self.timeline.steps))
        if step == self.at:
            return
        if self.game is not None and step == self.at + 1:
            self.game.act(self.timeline.record.history[self.at])
        else:
            if self.game is not None:
                self.game.close()
            self.game = self.timeline.game_at(step)
        self.at = step
        self.view = self.seen()
        self.ui.log_scroll = 0
        if step == self.timeline.steps:
            self.playing = False

    def seen(self) -> dict[str, Any]:
        """The view at this step: the chosen player's, or everything; only the neutral view (every hand hidden,
        as on the pass screen) when the game is still being played."""
        assert self.game is not None
        return self.game.public_view() if self.secret else self.game.view(self.viewer)

    def turn_step(self, direction: int) -> int:
        """The first step of the next (1) or this-or-previous (-1) turn."""
        starts = self.timeline.turn_starts
        if direction > 0:
            return next((s for s in starts if s > self.at), self.timeline.steps)
        earlier = [s for s in starts if s < self.at]
        return earlier[-1] if earlier else 0

    def advance_time(self, seconds: float) -> None:
        """While playing, move on SPEEDS[speed] commands a second."""
        if not self.playing or self.app is not None:
            return
        self.clock += seconds * SPEEDS[self.speed]
        whole = int(self.clock)
        self.clock -= whole
        for _ in range(whole):
            self.go(self.at + 1)

    def toggle_viewer(self) -> None:
        """Everything shown (the hand of whoever must act), then each player's view in turn: `Game.view(player)`,
        their own hand only, other hands and every deck as counts."""
        assert self.game is not None
        if self.secret:
            self.banner = SECRET
            return
        order: list[str | None] = [None, *self.view["players_order"]]
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self.view = self.seen()
        self.banner = f"{self.viewer}'s view: only their hand, other hands and the decks as counts" if self.viewer \
            else ""

    def continue_here(self) -> None:
        """Start a hot-seat game from the state at this step; the window becomes the play window."""
        assert self.game is not None
        game = Game.from_state(self.game.to_state())
        self.app = self.go_on(game, self.window)
        self.playing = False

    def export(self) -> str:
        """Write the step as a scenario under the data folder; returns its path. A file that can't be written
        (a full or read-only disk) is named on the banner, and the window goes on."""
        path = self.scenarios / f"{self.name}-step-{self.at}.toml"
        if self.secret:
            self.banner = SECRET_EXPORT
            return str(path)
        try:
            self.timeline.export(self.at, str(path))
        except OSError as err:
            self.banner = f"Can't export: {path}: {err.strerror or err}"
            return str(path)
        self.exported.append(str(path))
        self.banner = f"Exported: countertop scenario {path}"
        return str(path)

    # ----- events ----------------------------------------------------------------------------------------

    def step(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle the given (or all queued) events and draw one frame; False once the window closes."""
        if self.app is not None:
            self.running = self.app.step(events)
            return self.running
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if self.app is not None:
                return self.app.step([])
        if self.running:
            self.draw()
        return self.running

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.window = pygame.display.set_mode(clamp_size(event.w, event.h), pygame.RESIZABLE)
            self.layout = Layout.for_window(*self.window.get_size())
            self.renderer = ReplayRenderer(self.layout)
        elif event.type == pygame.MOUSEMOTION:
            self.ui.mouse = event.pos
            if self.dragging:
                self.slide_to(self.ui.mouse[0])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ui.mouse = event.pos
            self.click(self.ui.mouse)
        elif event.type == pygame.MOUSEWHEEL:
            self.ui.log_scroll = max(0, self.ui.log_scroll + event.y * 3)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def key(self, key: int) -> None:
        """The replay keys (README "Replays")."""
        moves = {pygame.K_RIGHT: self.at + 1, pygame.K_LEFT: self.at - 1, pygame.K_HOME: 0,
                 pygame.K_END: self.timeline.steps, pygame.K_PAGEDOWN: self.turn_step(1),
                 pygame.K_PAGEUP: self.turn_step(-1)}
        if key in moves:
            self.go(moves[key])
        elif key == pygame.K_SPACE:
            self.playing = not self.playing and self.at < self.timeline.steps
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed = min(self.speed + 1, len(SPEEDS) - 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.speed = max(self.speed - 1, 0)
        elif key == pygame.K_v:
            self.toggle_viewer()
        elif key == pygame.K_c:
            self.continue_here()
        elif key == pygame.K_x:
            self.export()
        elif key == pygame.K_ESCAPE:
            self.running = False

    def click(self, point: tuple[int, int]) -> None:
        """The slider jumps (and drags while the button is held); the buttons play, switch the view, continue or
        export."""
        key = zone_at(self.zones, point)
        if key == ("slider",):
            self.dragging = True
            self.slide_to(point[0])
        elif key == ("replay", "play"):
            self.key(pygame.K_SPACE)
        elif key == ("replay", "view"):
            self.toggle_viewer()
        elif key == ("replay", "continue"):
            self.continue_here()
        elif key == ("replay", "export"):
            self.export()

    def slide_to(self, x_pos: int) -> None:
        """Jump to the step under a point of the slider (clicked or dragged)."""
        x, _, w, _ = self.layout.message_strip
        self.go(round(max(0, min(x_pos - x, w - 1)) / max(w - 1, 1) * self.timeline.steps))

    # ----- drawing ---------------------------------------------------------------------------------------

    def draw(self) -> None:
        """The play screen at the step (a waiting choice in the strip, not a dialog over the board), the timeline
        strip over the message strip, the replay buttons."""
        set_unit(self.layout.unit)
        surface = self.window
        pending = self.view.get("pending")
        self.ui.viewer = None if self.secret else self.viewer or (pending["player"] if pending else self.view["active"])
        board_only = {**self.view, "pending": None}
        self.zones = self.renderer.draw(surface, board_only, [], self.ui)
        self.zones = [z for z in self.zones if z[1][0] != "button"]
        self.draw_timeline(surface)
        self.draw_buttons(surface)
        pygame.display.flip()

    def draw_timeline(self, surface: pygame.Surface) -> None:
        """The slider: turn ticks, the step marker, and where we are in words, with the keys that step (each run
        of words on the strip's own colour, so no tick crosses it, and over the marker)."""
        slider = self.layout.message_strip
        x, y, w, h = slider
        box(surface, slider, PANEL, PANEL_EDGE)
        steps = max(self.timeline.steps, 1)
        for start in self.timeline.turn_starts:
            tx = x + round(start / steps * (w - 1))
            pygame.draw.line(surface, PANEL_EDGE, (tx, y + 2), (tx, y + h - 3))
        words = (f"step {self.at}/{self.timeline.steps} (←/→ one action)  turn {self.timeline.turn_of(self.at)} "
                 f"(PgUp/PgDn)  {'playing' if self.playing else 'paused'} ×{SPEEDS[self.speed]:g}  "
                 f"view: {self.shown_as()}  · Esc closes")
        middle = y + h // 2 - font(16).get_height() // 2
        runs = [(words, x + self.layout.px(8), INK)]
        pending = self.view.get("pending")
        waiting = f"{pending['player']} must choose: {pending['prompt']}" if pending else ""
        note = self.banner or (SECRET if self.secret else waiting)
        if note:
            note_x = x + self.layout.px(24) + font(16).size(words)[0]
            runs.append((fit_line(note, 16, x + w - note_x - self.layout.px(8)), note_x, DIM))
        for line, left, _ in runs:
            pygame.draw.rect(surface, PANEL, (left - 2, y + 2, font(16).size(line)[0] + 4, h - 4))
        mx = x + round(self.at / steps * (w - 1))
        pygame.draw.rect(surface, BUTTON_HOT, (mx - 3, y + 1, 7, h - 2), border_radius=2)
        for line, left, color in runs:
            text(surface, line, (left, middle), 16, color)
        self.zones.append((slider, ("slider",)))

    def shown_as(self) -> str:
        """Whose view the board shows, in a word or two."""
        return "no hands" if self.secret else self.viewer or "all"

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """Play/pause, the view switch, continue from here, export scenario."""
        box(surface, self.layout.buttons, (0, 0, 0), None)
        x, y, w, h = self.layout.buttons
        half, row = (w - 6) // 2, (h - 6) // 2
        labels = {"play": "Pause (Space)" if self.playing else "Play (Space)",
                  "view": f"Show: {self.shown_as()} (V)", "continue": "Continue here (C)",
                  "export": "Export scenario (X)"}
        for i, (name, label) in enumerate(labels.items()):
            rect = (x + (i % 2) * (half + 6), y + (i // 2) * (row + 6), half, row)
            button(surface, rect, fit_line(label, 15, rect[2] - 4), hot=name == "continue", size=15)
            self.zones.append((rect, ("replay", name)))

    def run(self) -> None:
        """The main loop: 60 frames a second at most; playing moves on by the time that passed."""
        clock = pygame.time.Clock()
        while self.step():
            self.advance_time(clock.tick(60) / 1000)
