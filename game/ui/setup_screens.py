"""The screens before a game: the new-game screen, its replace-the-autosave question and its Load and Watch lists."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import screens, words
from game.ui.draw import Zone
from game.ui.game_list import GameList, draw_game_list
from game.ui.screen import Overlay, Screen
from game.ui.seats import draw_seat_chips, next_kind
from game.ui.session import autosave_path
from game.ui.tooltips import with_tooltip

if TYPE_CHECKING:
    from game.ui.app import App

SEED_DIGITS = "0123456789"


def deck_names() -> list[str]:
    """The keys of the decks in assets/decks (their file names without .toml)."""
    from assets import FOLDER

    folder = FOLDER / "decks"
    return sorted(entry.name[:-5] for entry in folder.iterdir() if entry.name.endswith(".toml"))


def deck_titles() -> dict[str, str]:
    """Each deck's key and the name players read (its `name` field)."""
    from game.io.setup import standard_decks

    return {key: deck.name for key, deck in standard_decks().items()}


def typeable(char: str, focus: str) -> bool:
    """Whether a typed character goes into a box: printable, and for the seed one of 0 to 9 (not "²", "٣" or
    "１", which str.isdigit takes and int() refuses or reads otherwise)."""
    return bool(char) and char.isprintable() and (focus != "seed" or all(c in SEED_DIGITS for c in char))


def seat_tooltip(kind: str) -> list[str]:
    """Hovering a seat chip: what the seat kind does, the bot's technical name, and how to change it."""
    base = kind.partition(":")[0]
    lines = [words.seat_label(kind), words.SEAT_WORDS.get(base, "")]
    if base != "person":
        lines.append(f"Technical name: {kind} (as in `countertop play --seats` and `countertop sim --bots`).")
    return [*lines, "Click to change: person, then bots easy, normal and hard."]


def setup_tooltip(key: tuple[Any, ...], setup: dict[str, Any]) -> list[str]:
    """Tooltip lines on the new-game screen: what a deck holds, who plays a seat."""
    if key[0] == "seat":
        return seat_tooltip(setup["seats"][key[1]])
    if key[0] != "deck":
        return []
    from game.io.setup import find_deck, standard_decks

    chosen = setup["decks"][key[1]]
    decks = standard_decks()
    deck = find_deck(chosen) if chosen else list(decks.values())[key[1] % len(decks)]
    cards = ", ".join(f"{n}× {name}" for name, n in deck.cards.items())
    standard = "" if chosen else " (this seat's standard deck)"
    return [f"{deck.name}{standard}", deck.description, f"Themes: {', '.join(deck.themes)}.", cards,
            "Click to choose another deck."]


class NewGame(Screen):
    """Players, decks, seats and seed of a new game; Start, Continue, Load and Watch."""

    name = "new_game"

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """A count, a box to type in, a deck or seat to cycle, or one of the buttons."""
        setup = app.ui.setup
        app.ui.focus = None
        if key is None:
            return
        if key[0] == "count":
            setup["count"] = key[1]
        elif key[0] == "field":
            app.ui.focus = key[1]
        elif key[0] == "deck":
            choices: list[str | None] = [None, *deck_names()]
            current = choices.index(setup["decks"][key[1]]) if setup["decks"][key[1]] in choices else 0
            setup["decks"][key[1]] = choices[(current + 1) % len(choices)]
        elif key[0] == "seat":
            setup["seats"][key[1]] = next_kind(setup["seats"][key[1]])
        elif key == ("button", "start"):
            app.new_game()
        elif key == ("button", "continue"):
            app.continue_last()
        elif key in (("button", "load"), ("button", "watch")):
            app.ui.banner = ""
            app.open_list(key[1])

    def key(self, app: App, event: pygame.event.Event) -> None:
        """Typing in the focused box (Enter starts the game, Tab leaves the box)."""
        focus, setup = app.ui.focus, app.ui.setup
        if event.key == pygame.K_RETURN:
            app.new_game()
            return
        if focus is None:
            return
        value = setup["seed"] if focus == "seed" else setup["names"][int(focus[4:])]
        app.ui.banner = ""
        if event.key == pygame.K_BACKSPACE:
            value = value[:-1]
        elif event.key == pygame.K_TAB:
            app.ui.focus = None
        elif typeable(event.unicode, focus) and len(value) < 16:
            value += event.unicode
        if focus == "seed":
            setup["seed"] = value
        else:
            setup["names"][int(focus[4:])] = value

    def backdrop(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The screen with its seat chips, without a tooltip."""
        if app.titles is None:
            app.titles = deck_titles()
        last = app.last_game()
        described = f"{last.summary()}, saved {last.date()}" if last is not None else None
        zones = screens.draw_new_game(surface, app.ui.setup, app.ui.focus, app.titles, described, app.ui.banner)
        return zones + draw_seat_chips(surface, zones, app.ui.setup["seats"][: app.ui.setup["count"]])

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The screen and the tooltip of what is under the mouse."""
        zones = self.backdrop(app, surface)
        return with_tooltip(app, surface, zones, lambda key: setup_tooltip(key, app.ui.setup))


class ConfirmReplace(Overlay):
    """Start while a game is autosaved: replace it, continue it, or keep it (Esc)."""

    name = "replace"

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """One of the three answers; a click elsewhere does nothing."""
        app.ui.focus = None
        if key == ("button", "replace"):
            app.pop()
            app.new_game(replace=True)
        elif key == ("button", "continue"):
            app.pop()
            app.load_path(autosave_path())
        elif key == ("button", "keep"):
            app.pop()

    def key(self, app: App, event: pygame.event.Event) -> None:
        """Esc keeps the autosave."""
        if event.key == pygame.K_ESCAPE:
            app.pop()

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The question over the whole new-game screen, the seat chips too."""
        zones = self.below.backdrop(app, surface) + screens.draw_confirm_replace(surface)
        return with_tooltip(app, surface, zones, lambda key: setup_tooltip(key, app.ui.setup))


class GameListScreen(Overlay):
    """The Load or Watch list over the new-game screen: a game opens it, Close (or a click outside) closes it."""

    name = "list"

    def __init__(self, below: Screen, listing: GameList) -> None:
        super().__init__(below)
        self.listing = listing

    def click(self, app: App, key: tuple[Any, ...] | None, point: tuple[int, int]) -> None:
        """A game row opens that game; Close or a click outside the list closes it."""
        if key is not None and key[0] == "game":
            app.pick(key[1])
        elif key is None or key == ("button", "close_list"):
            self.close(app)

    def key(self, app: App, event: pygame.event.Event) -> None:
        """Esc closes the list."""
        if event.key == pygame.K_ESCAPE:
            self.close(app)

    def scroll(self, app: App, amount: int) -> None:
        """The wheel scrolls the list."""
        self.listing.scroll_by(-amount)

    def close(self, app: App) -> None:
        """Back to the new-game screen, its message gone."""
        app.pop()
        app.ui.banner = ""

    def draw(self, app: App, surface: pygame.Surface) -> list[Zone]:
        """The list over the new-game screen, with a message (a game that can't be opened) along the bottom."""
        self.below.backdrop(app, surface)
        zones = draw_game_list(surface, self.listing)
        if app.ui.banner:
            screens.draw_strip(surface, app.ui.banner, app.ui.banner_is_error or app.ui.banner == app.save_failure)
        return zones
