"""What the window remembers between frames: selection, menus, messages, scrolling (never game state)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from game.ui.screen import Overlay, Screen, take_out

Action = dict[str, Any]


def action_square(action: Action) -> tuple[int, int] | None:
    """The square an action goes to (its `to`, or the end of its path), if any."""
    if action.get("to") is not None:
        return (action["to"][0], action["to"][1])
    if action.get("path"):
        return (action["path"][-1][0], action["path"][-1][1])
    return None


def picked_square(action: Action, target: str | None) -> tuple[int, int] | None:
    """The square a click picks this action by: its `to`, or the end of its path when the path is the card's
    own or that of the chosen target (a shove's destination lights up only once its target is chosen)."""
    if action.get("to") is not None:
        return (action["to"][0], action["to"][1])
    if action.get("target") in (None, target):
        return action_square(action)
    return None


def via_squares(action: Action) -> list[tuple[int, int]]:
    """The squares a path passes before its end."""
    return [(square[0], square[1]) for square in (action.get("path") or [])[:-1]]


@dataclass
class Selection:
    """A card the player clicked, and the legal actions that start from it.

    A selection is narrowed as the player clicks: `target` once the card it acts on is chosen (the squares
    where that card would be pushed then light up), `end` once a square several paths reach is chosen (the
    squares the paths pass through then light up, one click picks the path).
    """

    ref: str
    actions: list[Action]
    target: str | None = None
    end: tuple[int, int] | None = None

    def squares(self) -> set[tuple[int, int]]:
        """Squares a click picks now: where the card goes (play, move), where the chosen target is pushed, or
        the via squares of the paths to `end`."""
        found: set[tuple[int, int]] = set()
        for action in self.actions:
            if self.end is not None:
                found.update(via_squares(action))
                continue
            square = picked_square(action, self.target)
            if square is not None:
                found.add(square)
        return found

    def targets(self) -> dict[str, str]:
        """Cards some action of the selection targets, with the kind of action ("attack" or "ability")."""
        found: dict[str, str] = {}
        for action in self.actions:
            target = action.get("target")
            if isinstance(target, str) and found.get(target) != "attack":
                found[target] = "attack" if action["act"] == "attack" else "ability"
        return found

    def untargeted(self) -> list[Action]:
        """Actions with no square or card to click (an action card, a Fuse, a relic ability)."""
        return [
            a for a in self.actions if a.get("to") is None and not a.get("path") and a.get("target") is None
        ]

    def paths_to(self, square: tuple[int, int]) -> list[list[tuple[int, int]]]:
        """The paths (start excluded) of the actions a click on this square would pick, to draw on hover."""
        picked = []
        for action in self.actions:
            if not action.get("path"):
                continue
            if self.end is not None:
                hit = square in via_squares(action)
            else:
                hit = picked_square(action, self.target) == square
            if hit:
                picked.append(action)
        return [[(s[0], s[1]) for s in a["path"]] for a in picked]


@dataclass
class Menu:
    """A small list of choices that are not squares, drawn near where the player clicked.

    `actions` holds one action per line; a line in `groups` stands for several actions of one kind that
    differ only in where they go (picked on the board next), or for one that still needs its square shown.
    """

    actions: list[Action]
    anchor: tuple[int, int]
    groups: dict[int, list[Action]] = field(default_factory=dict)


@runtime_checkable
class ShowsMenu(Protocol):
    """A screen that shows an action menu (`game.ui.action_menu.ActionMenu`)."""

    menu: Menu


def keep_slots(slots: list[str | None], cards: list[str], hold: bool) -> list[str | None]:
    """Slots of a row of cards (the hand, a panel's relics and stasis cards) in the order the cards came: a card
    that left leaves a gap while `hold` (the pointer is still over the row, so a quick second click lands on the
    card it aimed at), and the others close up once it is not; a new card goes at the end."""
    kept: list[str | None] = [ref if ref in cards else None for ref in slots] if hold else [
        ref for ref in slots if ref in cards]
    kept += [ref for ref in cards if ref not in kept]
    while kept and kept[-1] is None:
        kept.pop()
    return kept


@dataclass
class UiState:
    """The window's own memory; the game state lives only in the engine.

    `stack` holds the screens showing, the top one last (`game.ui.screen`); `screen`, `menu`, `rules_open`,
    `legend_open`, `final_board` and `confirm` read it, for tools and tests that ask what is showing.
    """

    stack: list[Screen] = field(default_factory=list)
    viewer: str | None = None
    selection: Selection | None = None
    banner: str = ""
    banner_is_error: bool = False
    log_scroll: int = 0
    hand_slots: list[str | None] = field(default_factory=list)
    chip_slots: dict[str, list[str | None]] = field(default_factory=dict)  # per player: relics, then stasis
    roll_history: list[tuple[str, list[dict[str, Any]]]] = field(default_factory=list)
    rules_scroll: int = 0
    mouse: tuple[int, int] = (-1, -1)
    setup: dict[str, Any] = field(default_factory=dict)
    focus: str | None = None
    inspected: str | None = None

    @property
    def screen(self) -> str:
        """The name of the top screen that is no overlay ("new_game", "pass", "play", "over"), or ""."""
        return next((screen.name for screen in reversed(self.stack) if not screen.overlay), "")

    def showing(self, name: str) -> bool:
        """Whether the screen or overlay of this name is on the stack."""
        return any(screen.name == name for screen in self.stack)

    @property
    def rules_open(self) -> bool:
        """Whether the rules show over the table."""
        return self.showing("rules")

    @property
    def legend_open(self) -> bool:
        """Whether the legend shows over the table."""
        return self.showing("legend")

    @property
    def final_board(self) -> bool:
        """Whether the final board shows after game over."""
        return self.showing("final_board")

    @property
    def confirm(self) -> str | None:
        """The question the new-game screen asks ("replace": the autosave), or None."""
        return "replace" if self.showing("replace") else None

    @property
    def menu(self) -> Menu | None:
        """The action menu open over the table, or None."""
        return next((screen.menu for screen in self.stack if isinstance(screen, ShowsMenu)), None)

    def close_menu(self) -> None:
        """Close the action menu, if one is open."""
        for screen in self.stack:
            if isinstance(screen, ShowsMenu) and isinstance(screen, Overlay):
                take_out(self.stack, screen)
                return

    def clear_selection(self) -> None:
        """Forget the selected card and close any open menu."""
        self.selection = None
        self.close_menu()
        self.inspected = None
