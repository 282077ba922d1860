"""`countertop play`: the window on a new, loaded or scenario game, or one of its screens rendered to a PNG."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pygame

from game.core.atomic import write_whole
from game.ui import saves
from game.ui.app import App
from game.ui.input import GameLike
from game.ui.layout import LOGICAL_H, LOGICAL_W
from game.ui.seats import Seats, parse_seats
from game.ui.session import DEFAULT_NAMES, random_seed
from game.ui.setup_screens import NewGame
from game.ui.table_screens import FinalBoard, GameOver, Table
from game.ui.undo import UndoHistory


def show_named(app: App, screen: str) -> None:
    """Show a screen by the name `countertop play --screen` gives it: board (the play screen of whoever must
    act), new_game, pass (as the game starts), choice, refusal, legend, rules, over or final_board."""
    if screen == "new_game" or app.game is None:
        app.show(NewGame())
    elif screen in ("over", "final_board"):
        over = GameOver()
        app.show(over)
        if screen == "final_board":
            app.push(FinalBoard(over))
    elif screen != "pass":
        table = Table()
        app.show(table)
        table.settle(app)
        if screen in ("legend", "rules"):
            table.request(app, screen)
        elif screen == "refusal":
            table.show_a_refusal(app)


def save_screen(
    game: GameLike | None, path: str, screen: str = "board", size: tuple[int, int] = (LOGICAL_W, LOGICAL_H),
    seed: int | None = None,
) -> None:
    """Render one screen of the window to a PNG of the window's size, settled, without opening a window; the
    picture is made in memory and written whole (`game.core.atomic`), so a failed write leaves no part of one.

    screen: board (the play screen of whoever must act), new_game, pass (with the last-turn summary),
    choice (the board with its pending choice), refusal (the board after a click on a card that can do
    nothing, showing the engine's reason), legend, over (game over), final_board (the final board after
    game over). `seed` fills the new-game screen's seed box (otherwise a random one).
    """
    app = App(game, size, headless=True, seed=seed)
    show_named(app, screen)
    app.draw()
    picture = io.BytesIO()
    pygame.image.save(app.window, picture, os.path.basename(path))
    write_whole(path, picture.getvalue())


def main_play(
    players: list[str] | None = None,
    decks: list[str] | None = None,
    seed: int | None = None,
    load: str | None = None,
    scenario: str | None = None,
    screenshot: str | None = None,
    screen: str = "board",
    size: tuple[int, int] = (LOGICAL_W, LOGICAL_H),
    seats: list[str] | None = None,
) -> int:
    """`countertop play`: open the window at size (or, with a screenshot path, render a PNG of that size and
    exit); returns 0."""
    from game.engine import Game

    game: GameLike | None = None
    undo: UndoHistory | None = None
    bots = None
    if scenario is not None:
        game = Game.from_scenario(scenario)
    elif load is not None:
        game = Game.load(load)
        undo = saves.undo_from(Path(load))
        bots = Seats(saves.bots_from(Path(load), list(game.view()["players_order"])), seed or 0)
    elif players:
        game = Game.new(players=players, decks=decks, seed=random_seed() if seed is None else seed)
    if screenshot is not None:
        save_screen(game, screenshot, screen, size, seed)
        return 0
    problem = display_problem()
    if problem:
        print(f"countertop: can't open a window: {problem}", file=sys.stderr)
        return 1
    if seats:
        if game is None:
            game = Game.new(players=DEFAULT_NAMES[: len(seats)], decks=decks, seed=seed or 0)
        bots = Seats(parse_seats(list(game.view()["players_order"]), seats), seed or 0)
    try:
        app = App(game, size, undo=undo, seats=bots, seed=seed, source=Path(load) if load is not None else None)
    except pygame.error as err:
        pygame.quit()
        print(f"countertop: can't open a window: {err} ({NO_WINDOW_HINT})", file=sys.stderr)
        return 1
    try:
        app.run()
    finally:
        pygame.quit()
    return 0


NO_WINDOW_HINT = "to draw a game without a display, use --scenario FILE --screenshot OUT.png"


def display_problem() -> str:
    """Why no window can be seen here, or "".

    On Linux with neither DISPLAY nor WAYLAND_DISPLAY (and no SDL_VIDEODRIVER chosen), SDL would fall
    back to its invisible "offscreen" driver and the game would run where nobody can see it.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return ""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return f"no display (DISPLAY and WAYLAND_DISPLAY are not set); {NO_WINDOW_HINT}"
    return ""
