"""The window: a steppable App (events in, the top screen of its stack runs the frame), the 60 FPS main loop and
autosave (`countertop play` and its screenshots are `play_command`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import saves
from game.ui.draw import Zone, set_unit
from game.ui.game_list import GameList
from game.ui.guide import Guide
from game.ui.input import GameLike, PlayInput, who_must_act, zone_at
from game.ui.layout import LOGICAL_H, LOGICAL_W, Layout, clamp_size
from game.ui.motion import Motion
from game.ui.renderer import Renderer
from game.ui.rules_overlay import RulesOverlay
from game.ui.screen import Screen
from game.ui.seats import PERSON, Seats
from game.ui.session import DEFAULT_NAMES, Session, data_home, random_seed, saves_folder
from game.ui.setup_screens import ConfirmReplace, GameListScreen, NewGame
from game.ui.setup_screens import deck_names as deck_names  # where the tests and tools have found it
from game.ui.state import UiState
from game.ui.table_screens import GameOver, Pass, Rules, Table, Watching
from game.ui.undo import NOTHING_YET, UndoHistory

if TYPE_CHECKING:
    from game.ui.replay_view import ReplayView

FPS = 60
IDLE_WAIT_MS = 250
BOT_WAIT_MS = 20



def now_ms() -> int:
    """A clock for motion, in milliseconds (pygame's own ticks stay 0 unless all of pygame is started)."""
    return int(time.monotonic() * 1000)


def init_pygame() -> None:
    """Start only the parts of pygame the window needs (no audio)."""
    pygame.display.init()
    pygame.font.init()


class App(Session):
    """The hot-seat window. step() handles the queued events and draws one frame; run() loops it."""

    def __init__(
        self,
        game: GameLike | None = None,
        window_size: tuple[int, int] = (LOGICAL_W, LOGICAL_H),
        headless: bool = False,
        undo: UndoHistory | None = None,
        seats: Seats | None = None,
        seed: int | None = None,
        source: Path | None = None,
    ) -> None:
        self.headless = headless
        if not headless:
            init_pygame()
            pygame.display.set_caption("Countertop")
        self.window = self.open_window(*window_size)
        self.layout = Layout.for_window(*self.window.get_size())
        self.renderer = Renderer(self.layout)
        self.ui = UiState()
        names = saves.recall_names(saves_folder()) or []
        self.ui.setup = {
            "count": max(2, len(names)),
            "names": names + DEFAULT_NAMES[len(names) :],
            "decks": [None] * 4,
            "seed": str(random_seed() if seed is None else seed),
            "seats": [PERSON] * 4,
        }
        self.seats = seats or Seats()
        self.clock: Callable[[], int] = pygame.time.get_ticks
        self.zones: list[Zone] = []
        self.rules = RulesOverlay()
        self.recap: list[str] = []  # the "since your last turn" panel after bot turns (empty: not shown)
        self.running = True
        self.game: GameLike | None = None
        self.play: PlayInput | None = None
        self.tooltip: list[str] = []
        self.cached: tuple[dict[str, Any], list[dict[str, Any]]] | None = None
        self.cached_for: tuple[Screen | None, str | None] = (None, None)
        self.titles: dict[str, str] | None = None
        self.inspect_lines: list[str] = []
        self.motion = Motion()
        self.log_seen = 0
        self.save_failure = ""  # why closing could not save the game (the pass screen shows it too)
        self.close_refused = False
        self.shelf: saves.SaveInfo | None | bool = False  # the game Continue offers (False: not read yet)
        self.guide = Guide(None) if headless else Guide.kept_in(data_home())  # no hints in a screenshot
        self.kept: Path | None = None
        self.keep_in: Path | None = None  # where the game being played is kept (Session.place_to_keep)
        self.last_crash = ""  # the last bug a handler hit (Session.keep_after_crash)
        self.show(NewGame())
        if game is not None:
            self.start(game, undo, source)

    # ----- screens ---------------------------------------------------------------------------------------

    def start(self, game: GameLike, undo: UndoHistory | None = None, source: Path | None = None) -> None:
        """Begin showing a game, behind the privacy screen of whoever must act first (undo: the history kept
        in its save; source: the file it was read from, see `Session.keep_place`)."""
        self.keep_place(source)
        self.game = game
        self.renderer = Renderer(self.layout)
        self.cached = None
        self.ui = UiState(setup=self.ui.setup, stack=[NewGame()])  # until the game's first screen shows, below
        self.play = PlayInput(game, self.ui)
        if undo is not None:
            self.play.undo = undo
        self.motion = Motion()
        self.recap, self.kept, self.shelf = [], None, False
        view = game.public_view()
        self.log_seen = len(view["log"])
        if view.get("winner") is not None or view["phase"] == "over":
            self.show(GameOver())
        else:
            self.hand_over(view)

    def after_action(self, by_bot: bool = False) -> None:
        """After an action: game over (the game is kept for Watch), or the privacy screen when another player must
        take the device (what still floats from the last turn goes: it belongs to the table just hidden). A
        person's action closes the recap of the bot turns and their frames."""
        self.cached = None
        view, _ = self.snapshot()
        if view.get("winner") is not None or view["phase"] == "over":
            if not isinstance(self.base, GameOver):
                self.show(GameOver())
                self.ui.banner = ""
                self.forget_kept()
                self.keep_finished()
                self.guide.finish()
        elif who_must_act(view) != self.ui.viewer:
            assert self.play is not None
            self.play.undo.forget(NOTHING_YET)
            self.ui.clear_selection()
            self.ui.hand_slots, self.ui.chip_slots = [], {}
            self.hand_over(view)
            self.motion.floats = [item for item in self.motion.floats if item.born is None]
            self.motion.ticks, self.motion.glides = [tick for tick in self.motion.ticks if tick.born is None], []
        view, _ = self.snapshot()
        new_entries = view["log"][self.log_seen :]
        self.log_seen = len(view["log"])
        if new_entries and not by_bot:
            self.recap, self.seats.moved = [], []
        if new_entries and not self.headless:
            self.motion.note(new_entries, now_ms(), hidden=isinstance(self.base, Pass), zones=self.zones)
            if isinstance(self.base, Table):
                self.glide_played(view, new_entries)

    def glide_played(self, view: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        """A card just played flies from where it was drawn last frame to its square on the board."""
        for entry in entries:
            ref, to = entry.get("card"), entry.get("to")
            if entry.get("type") not in ("CardPlayed", "PlayedFromStasis") or not isinstance(to, list):
                continue
            start = next((rect for rect, key in reversed(self.zones) if key == ("card", ref)), None)
            if start is not None and ref in view["cards"]:
                end = self.renderer.layout.square_rect(to[0], to[1])
                self.motion.glide(view["cards"][ref]["name"], start, end, now_ms())

    def reveal(self) -> None:
        """The player at the device clicks through the pass screen: the table shows, and what changed
        while it was hidden floats up now."""
        self.show(Table())
        self.motion.reveal(now_ms())

    # ----- the stack of screens (game/ui/screen.py) ----------------------------------------------------------

    @property
    def stack(self) -> list[Screen]:
        """The screens showing, the top one last: it has the events and draws the frame."""
        return self.ui.stack

    @property
    def top(self) -> Screen:
        """The screen (or overlay) on top."""
        return self.ui.stack[-1]

    @property
    def base(self) -> Screen:
        """The top screen that is no overlay: the views, the actions listed and what closing keeps follow it."""
        return next(screen for screen in reversed(self.ui.stack) if not screen.overlay)

    def show(self, screen: Screen) -> None:
        """Show a screen in place of all the others."""
        self.ui.stack[:] = [screen]

    def push(self, overlay: Screen) -> None:
        """Show an overlay (or a watched game) over the top screen."""
        self.ui.stack.append(overlay)

    def pop(self) -> None:
        """Close the top overlay: the screen beneath shows again."""
        self.ui.stack.pop()

    def ask_to_replace(self) -> None:
        """Start while a game is autosaved: ask first."""
        self.push(ConfirmReplace(self.top))

    def show_list(self, listing: GameList) -> None:
        """The Load or Watch list over the new-game screen."""
        self.push(GameListScreen(self.top, listing))

    def show_watched(self, replay: ReplayView) -> None:
        """A game watched again over the screen it was opened from (the list it was picked in closes)."""
        if isinstance(self.top, GameListScreen):
            self.pop()
        self.push(Watching(self.top, replay))

    @property
    def rules_max_scroll(self) -> int:
        """How far the rules showing scroll (0 while none show)."""
        return next((screen.max_scroll for screen in self.stack if isinstance(screen, Rules)), 0)

    @property
    def rules_page(self) -> int:
        """How many lines of rules a page shows (1 while none show)."""
        return next((screen.page for screen in self.stack if isinstance(screen, Rules)), 1)

    @property
    def listing(self) -> GameList | None:
        """The Load or Watch list showing, if any."""
        return self.top.listing if isinstance(self.top, GameListScreen) else None

    @property
    def replay(self) -> ReplayView | None:
        """The game being watched in this window, if any."""
        return self.top.replay if isinstance(self.top, Watching) else None

    # ----- events ----------------------------------------------------------------------------------------

    def step(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle the given (or all queued) events, then draw one frame; False once the window closes. The top
        screen runs the frame (a watched game's window has its events; Esc there comes back here)."""
        events = pygame.event.get() if events is None else events
        self.top.step(self, events)
        return self.running

    def frame(self, events: list[pygame.event.Event]) -> None:
        """One frame of a screen of this window: each event, then time passing (a bot's move), then the drawing."""
        for event in events:
            self.guarded(self.handle, event)
        self.guarded(lambda: self.top.update(self))
        if self.running:
            self.guarded(self.draw)

    def guarded(self, work: Callable[..., Any], *args: Any) -> bool:
        """Run one handler (or a frame's drawing); a crash in it (a bug) keeps the game and says so in one line
        (`keep_after_crash`) instead of closing the window with the game lost. False when it crashed."""
        try:
            work(*args)
        except Exception as err:  # any bug at all: the game must be kept before anything else
            self.keep_after_crash(err)
            return False
        return True

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event (a click or a key may change the game, so the cached view is dropped); clicks, keys
        and the wheel go to the top screen."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.cached = None
        if event.type == pygame.QUIT:
            self.close()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
        elif event.type == pygame.MOUSEMOTION:
            self.ui.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ui.mouse = event.pos
            self.top.click(self, zone_at(self.zones, event.pos), event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.top.scroll(self, event.y)
        elif event.type == pygame.KEYDOWN:
            self.top.key(self, event)

    def open_window(self, width: int, height: int) -> pygame.Surface:
        """The window at this size, at least MIN_W×MIN_H (headless: a plain surface of that size)."""
        size = clamp_size(width, height)
        return pygame.Surface(size) if self.headless else pygame.display.set_mode(size, pygame.RESIZABLE)

    def resize(self, width: int, height: int) -> None:
        """The window was resized: lay everything out again for its new size (no picture is scaled)."""
        self.window = self.open_window(width, height)
        self.layout = Layout.for_window(*self.window.get_size())
        self.renderer = Renderer(self.layout)

    def hand_over(self, view: dict[str, Any]) -> None:
        """Another player must act: a person gets the pass screen; a bot seat gets none, and the table stays up
        (with what is open over it) showing only the hand of the person at the table."""
        player = who_must_act(view)
        if not self.seats.is_bot(player):
            self.ui.viewer = player
            self.show(Pass())
            return
        self.ui.viewer = self.seats.viewer_for_bots(list(view.get("players_order") or view["players"]))
        if not any(isinstance(screen, Table) for screen in self.stack):
            self.show(Table())

    # ----- drawing ---------------------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the current screen straight into the window, laid out for its size."""
        set_unit(self.layout.unit)
        self.zones = self.draw_screen(self.window)
        if not self.headless:
            pygame.display.flip()

    def draw_screen(self, surface: pygame.Surface) -> list[Zone]:
        """Draw the top screen (an overlay draws the one beneath first); returns its zones."""
        return self.top.draw(self, surface)

    def draw_motion(self, surface: pygame.Surface, zones: list[Zone]) -> None:
        """What still floats, glides or ticks on the table."""
        if self.motion.floats or self.motion.glides or self.motion.ticks:
            self.motion.draw(surface, zones, now_ms())

    def snapshot(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """What the screen may show and what the person at the device may do, read once per change (or change
        of screen or viewer) rather than once per frame.

        The view is `shown_view`'s; the legal actions are the game's while the player at the device must act
        and none otherwise (a bot seat's actions name cards of its hand).
        """
        assert self.game is not None
        key = (self.base, self.ui.viewer)
        if self.cached is None or self.cached_for != key:
            view = self.shown_view()
            mine = self.base.acts and who_must_act(view) == self.ui.viewer
            self.cached, self.cached_for = (view, self.game.legal_actions() if mine else []), key
        return self.cached

    def shown_view(self) -> dict[str, Any]:
        """The view the screen is drawn from, so that nothing hidden reaches it by mistake (issue 13): the view of
        the player at the device on the play screen, the neutral view (every hand hidden) on the pass screen and
        elsewhere, the whole state once the game is over (every card is shown then, and the scores count the
        Madness cards of every hand and deck)."""
        return self.base.shown(self)

    # ----- the loop --------------------------------------------------------------------------------------

    def run(self) -> None:
        """The main loop: at most 60 frames a second, asleep in pygame.event.wait while nothing happens or
        moves (floats keep it drawing until they fade, a watched game while it plays; events are handled in the
        same frame either way)."""
        clock = pygame.time.Clock()
        self.step()
        while self.running:
            moving = self.motion.active(now_ms()) or (self.replay is not None and self.replay.playing)
            bot_turn = self.game is not None and self.seats.to_act(self.game) is not None
            first = pygame.event.wait(1000 // FPS if moving else BOT_WAIT_MS if bot_turn else IDLE_WAIT_MS)
            events = ([] if first.type == pygame.NOEVENT else [first]) + pygame.event.get()
            if events or moving or bot_turn:
                self.step(events)
            seconds = clock.tick(FPS) / 1000
            if self.replay is not None:
                self.replay.advance_time(seconds)
