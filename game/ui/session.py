"""The window's session flow: where games are kept, and starting, continuing, loading, saving and watching them."""

from __future__ import annotations

import os
import random
import sys
import time
import traceback
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ui import saves
from game.ui.game_list import GameList
from game.ui.input import GameLike
from game.ui.plain import file_label, plain
from game.ui.replay_view import ReplayView
from game.ui.saves import SaveInfo
from game.ui.seats import Seats
from game.ui.state import UiState
from game.ui.undo import UndoHistory

if TYPE_CHECKING:
    import pygame

    from game.engine import Game
    from game.ui.input import PlayInput
    from game.ui.screen import Screen

KEEP_FINISHED = 20
CRASHED = "Something went wrong"
DEFAULT_NAMES = ["Ada", "Bo", "Cy", "Di"]


def random_seed() -> int:
    """A fresh seed for a new game (shown on the new-game screen, in the log title and in the save)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def name_problem(names: list[str]) -> str:
    """Why these player names can't start a game (two players with one name), or ""."""
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            return f"Two players are called {name!r}: give every player a different name."
        seen[name.casefold()] = name
    return ""


def data_home() -> Path:
    """Where autosaves and saves go: $COUNTERTOP_HOME, else ~/.local/share/countertop."""
    home = os.environ.get("COUNTERTOP_HOME")
    return Path(home) if home else Path.home() / ".local" / "share" / "countertop"


def autosave_path() -> Path:
    """The file a game open when the window closes is saved to."""
    return data_home() / "autosave.json"


def saves_folder() -> Path:
    """Where Ctrl+S saves and the names typed last time go."""
    return data_home() / "saves"


def finished_folder() -> Path:
    """Where the window keeps the last KEEP_FINISHED games played to the end, for the Watch list."""
    return data_home() / "finished"


def shown_path(path: Path) -> str:
    """A path as a player reads it: the home folder as ~."""
    home = str(Path.home())
    text = str(path)
    return "~" + text[len(home) :] if home not in ("", "/") and text.startswith(home + os.sep) else text


def forget_autosave() -> None:
    """Remove the autosave of a game that ended or was replaced; one that can't be removed (a read-only disk) is
    only offered again on the new-game screen."""
    with suppress(OSError):
        autosave_path().unlink(missing_ok=True)


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file (a relative --load of the autosave is the autosave)."""
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError):
        return one == other


def stamp() -> str:
    """The time now in a file name, e.g. 20261202-104133."""
    return time.strftime("%Y%m%d-%H%M%S")


def unused(path: Path) -> Path:
    """The path, or when a file is there already (two saves in one second) the same name with -2, -3, ..."""
    found, number = path, 2
    while found.exists():
        found, number = path.with_name(f"{path.stem}-{number}{path.suffix}"), number + 1
    return found


class Session:
    """The App's flow between games (mixed into `App`): Start, Continue, Load and Watch on the new-game screen,
    Ctrl+S, the autosave when the window closes, the finished games kept for Watch."""

    ui: UiState
    game: GameLike | None
    play: PlayInput | None
    seats: Seats
    save_failure: str
    close_refused: bool
    running: bool
    shelf: SaveInfo | None | bool
    kept: Path | None
    keep_in: Path | None
    last_crash: str
    window: Any

    if TYPE_CHECKING:

        def start(self, game: GameLike, undo: UndoHistory | None = None, source: Path | None = None) -> None: ...

        def step(self, events: list[pygame.event.Event] | None = None) -> bool: ...

        @property
        def base(self) -> Screen: ...

        @property
        def listing(self) -> GameList | None: ...

        def ask_to_replace(self) -> None: ...

        def show_list(self, listing: GameList) -> None: ...

        def show_watched(self, replay: ReplayView) -> None: ...

    def new_game(self, replace: bool = False) -> None:
        """Start a game from the new-game screen's settings; with a game autosaved, first ask (unless replace)."""
        from game.engine import Game
        from game.io.setup import SetupError

        if autosave_path().exists() and not replace:
            self.ask_to_replace()
            return
        setup = self.ui.setup
        names = [name.strip() or DEFAULT_NAMES[i] for i, name in enumerate(setup["names"][: setup["count"]])]
        problem = name_problem(names)
        if problem:
            self.ui.banner, self.ui.banner_is_error = problem, True
            return
        decks = setup["decks"][: setup["count"]]
        seed = int(setup["seed"]) if setup["seed"].isascii() and setup["seed"].isdigit() else random_seed()
        try:
            game = Game.new(players=names, decks=None if not any(decks) else decks, seed=seed)
        except (SetupError, ValueError) as err:
            self.ui.banner, self.ui.banner_is_error = f"Can't start: {err}", True
            return
        self.seats = Seats(dict(zip(names, setup["seats"], strict=False)), seed)
        forget_autosave()
        with suppress(OSError):  # the names are only a convenience for the next new-game screen
            saves.remember_names(saves_folder(), names)
        setup["seed"] = str(random_seed())
        self.start(game)

    # ----- continue and load ---------------------------------------------------------------------------------

    def last_game(self) -> SaveInfo | None:
        """The game Continue goes on with: the newest unfinished readable save (the autosave or a Ctrl+S save) of
        a game that has not ended since (saves.played_to_the_end), read once per visit of the new-game screen."""
        if self.shelf is False:
            found = saves.list_saves([autosave_path(), *saves.save_files(saves_folder())])
            unfinished = (info for info in found if not info.problem and not info.winner)
            ended = [saves.game_log(path) for path in saves.save_files(finished_folder())]
            self.shelf = next((info for info in unfinished if not saves.played_to_the_end(info.path, ended)), None)
        return self.shelf if isinstance(self.shelf, SaveInfo) else None

    def continue_last(self) -> None:
        """Go on with the last game (its undo history and bot seats too)."""
        last = self.last_game()
        if last is not None:
            self.load_path(last.path)

    def open_list(self, kind: str) -> None:
        """Show the Load list (saves and the autosave) or the Watch list (those and the finished games)."""
        paths = [autosave_path(), *saves.save_files(saves_folder())]
        if kind == "watch":
            paths += saves.save_files(finished_folder())
        self.show_list(GameList(kind, saves.list_saves(paths)))

    def pick(self, index: int) -> None:
        """A row of the list was clicked: load or watch that game (one that can't be read only says why)."""
        listing = self.listing
        assert listing is not None
        info = listing.games[index]
        if info.problem:
            self.ui.banner, self.ui.banner_is_error = f"Can't open {file_label(info.path)}: {info.problem}", True
            return
        if listing.kind == "load":
            self.load_path(info.path)
        else:
            self.watch(info.path)

    def load_path(self, path: Path) -> None:
        """Go on with a saved game (an autosave of another game is kept aside at once, `place_to_keep`); a bad save
        is named on screen in one line, and nothing changes."""
        from game.engine import Game

        try:
            game = Game.load(str(path))
        except (ValueError, OSError) as err:
            self.ui.banner, self.ui.banner_is_error = f"Can't load {file_label(path)}: {one_line(err, path)}", True
            return
        players = list(game.view()["players_order"])
        self.seats = Seats(saves.bots_from(path, players), int(game.view().get("seed") or 0))
        self.ui.banner = ""
        self.start(game, saves.undo_from(path), path)
        self.place_to_keep()

    def keep_place(self, source: Path | None) -> None:
        """A game starts (read from `source`, or new): it is kept in autosave.json when that file is its own,
        else where `place_to_keep` decides, on its first save or at once when the window switched to it (Load,
        "Continue here")."""
        self.keep_in = autosave_path() if source is not None and same_file(source, autosave_path()) else None

    def place_to_keep(self) -> Path:
        """The one place that decides where the game being played is kept when the window closes or a screen
        crashes: autosave.json. An autosave of another game is moved among the saves first
        (saves/autosave-STAMP.json), so no game overwrites another's autosave (Start asks before it removes one);
        if it can't be moved, this game is kept in a save of its own instead."""
        if self.keep_in is None:
            autosave = self.keep_in = autosave_path()
            if autosave.exists():
                try:
                    saves_folder().mkdir(parents=True, exist_ok=True)
                    autosave.replace(unused(saves_folder() / f"autosave-{stamp()}.json"))
                except OSError:
                    self.keep_in = unused(saves_folder() / f"countertop-{stamp()}.json")
        return self.keep_in

    def forget_kept(self) -> None:
        """A game that ended needs no autosave: remove it, when it is this game's own (`place_to_keep`)."""
        if self.keep_in == autosave_path():
            forget_autosave()

    def keep_after_crash(self, err: Exception) -> None:
        """A screen's event handler or drawing crashed (a bug): the game being played is saved where it is kept,
        first, and one line says what happened and where the game is; the window goes on. The same crash again
        is not saved and said again."""
        first = str(err).strip().splitlines()[0] if str(err).strip() else ""
        what = plain(f"{type(err).__name__}: {first}" if first else type(err).__name__)
        if what == self.last_crash:  # the same bug again (a frame that can't be drawn): kept and said already
            return
        self.last_crash = what
        traceback.print_exception(err, file=sys.stderr)
        kept = ""
        if self.game is not None and self.base.holds_game:
            place = self.place_to_keep()
            problem = self.save_to(place)
            kept = f" {problem}." if problem else f" The game is saved in {shown_path(place)}."
        self.ui.clear_selection()
        self.ui.banner, self.ui.banner_is_error = f"{CRASHED} ({what}).{kept}", True

    # ----- watching ----------------------------------------------------------------------------------------

    def watch(self, path: Path) -> None:
        """Open a saved or finished game's timeline (the `countertop replay` window) in this window; Esc comes
        back. A game that can't be replayed is named on screen in one line."""
        from game.core.problems import FileProblems
        from game.tools.replay import open_timeline

        try:
            timeline = open_timeline(str(path))
        except FileProblems as err:
            first = err.problems[0] if err.problems else None
            where = f"{first.where}: " if first is not None and first.where else ""
            what = plain(where + (first.what if first is not None else str(err)))
            self.ui.banner, self.ui.banner_is_error = f"Can't watch {file_label(path)}: {what}", True
            return
        self.ui.banner = ""
        self.show_watched(ReplayView(timeline, 0, self.window, str(path), self.play_watched, data_home() / "scenarios"))

    def play_watched(self, game: Game, window: pygame.Surface) -> Session:
        """"Continue here" in a watched game: this window plays on from that step, a hot-seat game of people (a new
        game: the autosave of another is kept aside, `place_to_keep`)."""
        self.seats = Seats()
        self.start(game)
        self.place_to_keep()
        return self

    def watch_this_game(self) -> None:
        """"Watch this game" on the game-over screen: the game just finished, from its first step."""
        if self.kept is None:
            self.ui.banner = "This game can't be watched again: it was not kept (see the message when it ended)."
            self.ui.banner_is_error = True
            return
        self.watch(self.kept)

    def keep_finished(self) -> None:
        """Keep a game that just ended for the Watch list (the oldest beyond KEEP_FINISHED go); a disk that
        refuses only means it can't be watched again."""
        assert self.game is not None
        path = unused(finished_folder() / f"game-{stamp()}.json")
        try:
            bots = {"ui": {"bots": dict(self.seats.specs)}} if self.seats.specs else {}
            saves.write_json(path, {**self.game.to_state(), **bots})
        except OSError as err:
            self.kept = None
            self.ui.banner = f"Can't keep this game to watch again: {err.strerror or err}"
            return
        self.kept = path
        for old in sorted(saves.save_files(finished_folder()))[:-KEEP_FINISHED]:
            with suppress(OSError):
                old.unlink()

    # ----- saving ------------------------------------------------------------------------------------------

    def save_to(self, path: Path) -> str:
        """Save the game with the window's undo history and bot seats (the save's "ui" key); "" once it is
        written, else why not, naming the file (a full or read-only disk): the old file at `path` is then left
        as it was."""
        assert self.game is not None and self.play is not None
        try:
            saves.save_with_undo(self.game.to_state(), self.play.undo, path, self.seats.specs)
        except OSError as err:
            return f"Can't save to {err.filename or path}: {err.strerror or err}"
        self.save_failure, self.close_refused = "", False
        return ""

    def save_now(self) -> None:
        """Ctrl+S: save the game to a new file under the data folder and say where, and that Continue and Load on
        the new-game screen find it (or why the save failed: the game goes on either way)."""
        path = unused(saves_folder() / f"countertop-{stamp()}.json")
        problem = self.save_to(path)
        if problem:
            self.ui.banner, self.ui.banner_is_error = f"{problem}. The game goes on.", True
            return
        self.ui.banner = f"Saved to {shown_path(path)}. Continue or Load on the new-game screen finds it."
        self.ui.banner_is_error = False

    def close(self) -> None:
        """Closing the window: a game still being played is saved where it is kept (`place_to_keep`: the autosave
        file) first. If that save fails, the window stays open and says why; closing again tries once more, then
        quits without it."""
        if self.game is not None and self.base.holds_game:
            problem = self.save_to(self.place_to_keep())
            if problem and not self.close_refused:
                self.close_refused = True
                self.save_failure = f"{problem}. The game stays open: close again to quit without saving it."
                self.ui.banner, self.ui.banner_is_error = self.save_failure, True
                return
        self.running = False


def one_line(err: Exception, path: Path) -> str:
    """The first line of an error about a file, without the file's path in front (a path may hold a line break
    itself), made plain for the font."""
    message = str(err).removeprefix(f"{path}: ").removeprefix(f"{path}:")
    first = message.splitlines()[0] if message.strip() else type(err).__name__
    return plain(first)
